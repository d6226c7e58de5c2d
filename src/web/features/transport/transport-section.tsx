import * as React from 'react';
import { AlertTriangle, Armchair, Bus, BusFront, FileText, Plus, Route as RouteIcon, Settings2, ShieldAlert, UserRound, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { TransportAlert, TransportChargeMode } from '@shared/contracts/transport';
import { TRANSPORT_ALERT_LABELS, transportMessages as tm } from '@shared/messages/transport';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { StatCard } from '@/components/stat-card';
import { StatGrid } from '@/components/page-layout';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { iconTabEntries } from '@/components/icon-tab-entries';
import { SkeletonStack } from '@/components/skeleton-stack';
import { DriversTab, TripsTab, VehiclesTab } from './fleet';
import { RouteFormDialog } from './route-form';
import { RouteList } from './route-list';
import { RouteSheet } from './route-sheet';
import { schoolQs, useAlerts, useRoutes, useSaveSettings, useSettings, useTransportScope, type TransportScope } from './transport-api';

const u = tm.ui;
type Tab = 'routes' | 'vehicles' | 'drivers' | 'trips' | 'settings';

/**
 * School Transport (issue 15 §4): headline figures (routes, learners on routes, seats left, alerts),
 * expiring insurance/inspection/licence alerts, and tabs for routes (a table, cards on phones; a route
 * opens a sheet with its stops, learners, "Add learner" and the manifest PDF), vehicles, drivers, trips
 * and the fee setting.
 * The finance officer manages; the principal, director and platform staff read (no write buttons).
 */
export function TransportSection() {
  const scope = useTransportScope();
  const [tab, setTab] = React.useState<Tab>('routes');
  const [openRoute, setOpenRoute] = React.useState<string | null>(null);
  const [creating, setCreating] = React.useState(false);
  const routes = useRoutes(scope);
  const alerts = useAlerts(scope);
  if (!scope.ready) return null;
  const list = routes.data?.routes ?? [];
  const active = list.filter((r) => r.active);
  const riders = active.reduce((a, r) => a + r.learnerCount, 0);
  const seats = active.reduce((a, r) => a + (r.seatsLeft ?? 0), 0);
  const alertList = alerts.data?.alerts ?? [];
  const actions = (
    <>
      <Button variant="outline" asChild>
        <a href={`/api/transport/routes.pdf${schoolQs(scope.schoolId)}`} target="_blank" rel="noreferrer" data-testid="transport-routes-pdf">
          <FileText aria-hidden />
          {u.routesPdf}
        </a>
      </Button>
      {scope.canManage && (
        <Button onClick={() => setCreating(true)} data-testid="transport-new-route">
          <Plus aria-hidden />
          {u.newRoute}
        </Button>
      )}
    </>
  );
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="transport">
      <PageHeader sectionId="transport" title={tm.title} subtitle={tm.subtitle} actions={scope.needsSchool ? undefined : actions} />
      {!scope.canManage && scope.canView && <p className="-mt-2 text-sm text-muted-foreground" data-testid="transport-read-only">{u.readOnly}</p>}
      {routes.isError && !routes.data ? (
        <QueryErrorCard query={routes} title={tm.title} retryLabel={tm.tryAgain} testId="transport-error" />
      ) : !routes.data ? (
        <SkeletonStack className="grid grid-cols-2 gap-3 xl:grid-cols-4" cells={Array<string>(4).fill('h-28 rounded-xl')} />
      ) : (
        <>
          <StatGrid>
            <StatCard testId="kpi-routes" label={u.kpiRoutes} value={active.length} hint={u.stopsCount(active.reduce((a, r) => a + r.stops.length, 0))} icon={RouteIcon} accent={1} />
            <StatCard testId="kpi-learners" label={u.kpiLearners} value={riders} icon={Users} accent={2} />
            <StatCard testId="kpi-seats" label={u.kpiSeats} value={seats} icon={Armchair} accent={3} />
            <StatCard testId="kpi-alerts" label={u.kpiAlerts} value={alertList.length} icon={ShieldAlert} accent={alertList.length ? 4 : 5} />
          </StatGrid>
          <AlertsBanner alerts={alertList} />
          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
            <IconTabsList
              tabs={iconTabEntries(u.tabs, 'transport', [['routes', RouteIcon], ['vehicles', Bus], ['drivers', UserRound], ['trips', BusFront], ['settings', Settings2]])}
            />
            <TabsContent value="routes">
              <RouteList routes={list} chargeMode={routes.data.chargeMode} onOpen={setOpenRoute} canManage={scope.canManage} onCreate={() => setCreating(true)} />
            </TabsContent>
            <TabsContent value="vehicles">
              <VehiclesTab scope={scope} />
            </TabsContent>
            <TabsContent value="drivers">
              <DriversTab scope={scope} />
            </TabsContent>
            <TabsContent value="trips">
              <TripsTab scope={scope} routes={list} />
            </TabsContent>
            <TabsContent value="settings">
              <SettingsPanel scope={scope} />
            </TabsContent>
          </Tabs>
        </>
      )}
      <RouteSheet scope={scope} routeId={openRoute} onClose={() => setOpenRoute(null)} />
      {creating && <RouteFormDialog scope={scope} route={null} onClose={() => setCreating(false)} onSaved={(id) => setOpenRoute(id)} />}
    </section>
  );
}

function AlertsBanner({ alerts }: { alerts: TransportAlert[] }) {
  if (alerts.length === 0) return null;
  const expired = alerts.some((a) => a.expired);
  return (
    <div
      className={cn('flex items-start gap-3 rounded-xl border px-4 py-3', expired ? 'border-destructive/30 bg-destructive/5' : 'border-amber-500/30 bg-amber-500/8')}
      role="status"
      data-testid="transport-alerts"
    >
      <AlertTriangle className={cn('mt-0.5 size-5 shrink-0', expired ? 'text-destructive' : 'text-amber-600')} aria-hidden />
      <div className="min-w-0">
        <p className="text-sm font-semibold">{u.alertsTitle(alerts.length)}</p>
        <ul className="mt-1 grid gap-0.5 text-sm text-muted-foreground">
          {alerts.map((a) => (
            <li key={`${a.kind}-${a.subjectId}`} data-testid="transport-alert" className={cn(a.expired && 'text-destructive')}>
              {u.alertLine(TRANSPORT_ALERT_LABELS[a.kind] ?? a.kind, a.subject, a.daysLeft)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function SettingsPanel({ scope }: { scope: TransportScope }) {
  const settings = useSettings(scope);
  const save = useSaveSettings();
  const mode = settings.data?.transportCharge;
  return (
    <div className="max-w-2xl rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="transport-settings">
      <h2 className="font-semibold">{u.settings.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{u.settings.hint}</p>
      {mode && (
        <RadioGroup
          className="mt-4 grid gap-2"
          value={mode}
          disabled={!scope.canManage || save.isPending}
          onValueChange={(v) =>
            save.mutate(v as TransportChargeMode, {
              onSuccess: () => toast.success(u.saved),
              onError: (e) => toast.error(e.message),
            })
          }
        >
          {(['next_invoice', 'current_pro_rata'] as const).map((m) => (
            <Label key={m} htmlFor={`charge-${m}`} className={cn('flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal leading-snug', mode === m && 'border-primary/50 bg-primary/5')}>
              <RadioGroupItem id={`charge-${m}`} value={m} data-testid={`transport-charge-${m}`} className="mt-0.5" />
              <span>{u.settings[m]}</span>
            </Label>
          ))}
        </RadioGroup>
      )}
    </div>
  );
}
