import * as React from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CheckCircle2, FlaskConical, Loader2, Radio, RefreshCw, ShieldAlert, Trash2, XCircle } from 'lucide-react';
import { homePathFor } from '@shared/access';
import { MAINTENANCE_POLL_MS } from '@shared/constants';
import { canBypassMaintenance } from '@shared/contracts/maintenance';
import type { MaintenanceChangedData } from '@shared/contracts/events';
import { messages } from '@shared/messages';
import { ROLES, isAdminRole, roleDisplayName } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { useLiveEvent } from '@/lib/live-events';
import { cn } from '@/lib/utils';
import { StatusCard } from '@/components/status-screen';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMaintenanceSetting, useMaintenanceStatus } from './api/maintenance';
import { formatClock, formatDateTime } from './components/format';
import { PageTitle } from '@/components/page-header';
import { PendingButton } from '@/components/pending-button';
import { perLocale } from '@shared/i18n/localized';

const m = messages.maintenance;
const LOG_LIMIT = 50;

type LogSource = 'live' | 'poll' | 'manual';
interface LogEntry {
  id: number;
  at: number;
  source: LogSource;
  enabled: boolean | null;
  text: string;
}

const sourceLabel = perLocale((): Record<LogSource, string> => ({ live: m.testLive, poll: m.testPoll, manual: m.testManual }));
const sourceTone: Record<LogSource, string> = {
  live: 'bg-primary/10 text-primary ring-primary/20',
  poll: 'bg-muted text-muted-foreground ring-border',
  manual: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300',
};

function AccessChip({ allowed }: { allowed: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        allowed ? 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300' : 'bg-destructive/10 text-destructive ring-destructive/20',
      )}
    >
      {allowed ? <CheckCircle2 className="size-3.5" aria-hidden /> : <XCircle className="size-3.5" aria-hidden />}
      {allowed ? m.testAllowed : m.testBlocked}
    </span>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-36 shrink-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The maintenance test panel (spec §2 /debug/maintenance-test, §6: restricted to edufam_admin and, per
 * spec §1, its alias elimisha_admin; every other role reads "This test is only available to EduFam
 * Administrators."): the live status (polled every 10 s like the app
 * gate), the access check for every role against the setting's allowed_roles, and a log of live
 * `maintenance.changed` events, status changes seen by polling and manual checks.
 */
export function MaintenanceTestPanel() {
  const { state } = useAuth();
  const user = state.user;
  const allowed = isAdminRole(user?.role);
  const status = useMaintenanceStatus(user?.id ?? null, { pollMs: MAINTENANCE_POLL_MS, enabled: allowed });
  const setting = useMaintenanceSetting(allowed);
  const refetchSetting = setting.refetch;
  const [log, setLog] = React.useState<LogEntry[]>([]);
  const nextId = React.useRef(0);
  const manual = React.useRef(false);
  const lastSeen = React.useRef<string | null>(null);

  const add = React.useCallback((entry: Omit<LogEntry, 'id' | 'at'>) => {
    nextId.current += 1;
    const e = { ...entry, id: nextId.current, at: Date.now() };
    setLog((list) => [e, ...list].slice(0, LOG_LIMIT));
  }, []);

  useLiveEvent('maintenance.changed', (raw) => {
    const d = (raw ?? {}) as Partial<MaintenanceChangedData>;
    add({ source: 'live', enabled: typeof d.enabled === 'boolean' ? d.enabled : null, text: d.message ?? '' });
  });

  // A status check is logged when it was asked for, or when its answer changed.
  const data = status.data;
  React.useEffect(() => {
    if (!data) return;
    const key = `${data.enabled}|${data.message}|${data.estimatedDuration}`;
    const wasManual = manual.current;
    manual.current = false;
    if (!wasManual && key === lastSeen.current) return;
    // A change the poll noticed before any live event (the stream may not be connected yet): the role
    // checks below read the setting's allowed roles, which must follow.
    if (lastSeen.current !== null && key !== lastSeen.current) void refetchSetting();
    lastSeen.current = key;
    add({ source: wasManual ? 'manual' : 'poll', enabled: data.enabled, text: data.message });
  }, [data, status.dataUpdatedAt, add, refetchSetting]);

  if (!allowed) {
    return (
      <div className="flex justify-center py-6 sm:py-10">
        <StatusCard icon={ShieldAlert} title={messages.unauthorized.title} text={messages.unauthorized.maintenanceTestOnly} className="shadow-none" />
      </div>
    );
  }

  const runCheck = () => {
    manual.current = true;
    void status.refetch();
    void setting.refetch();
  };

  const allowedRoles = setting.data?.allowedRoles;
  const checkFailed = status.isError;

  return (
    <section className="flex min-w-0 flex-col gap-5 sm:gap-6" data-testid="maintenance-test-panel">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <PageTitle icon={<FlaskConical className="size-5" aria-hidden />} title={m.testTitle} subtitle={m.testSubtitle} className="flex min-w-0 flex-1 items-center gap-3" />
        <PendingButton onClick={runCheck} pending={status.isFetching} icon={RefreshCw} className="w-full shrink-0 md:w-auto" data-testid="maintenance-test-run">
          {m.testRunCheck}
        </PendingButton>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{m.testStatus}</CardTitle>
            {data && <CardDescription className="tabular-nums">{m.lastChecked(formatClock(status.dataUpdatedAt))}</CardDescription>}
          </CardHeader>
          <CardContent>
            {checkFailed && !data ? (
              <p className="text-sm text-destructive" role="alert">
                {m.accessCheckFailed}
              </p>
            ) : !data ? (
              <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label={m.checking} />
            ) : (
              <dl className="divide-y">
                <Row label={m.testStatus} testId="maintenance-test-status">
                  <span
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                      data.enabled ? 'bg-amber-500/15 text-amber-800 ring-amber-600/25 dark:text-amber-200' : 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300',
                    )}
                  >
                    <span className={cn('size-1.5 rounded-full', data.enabled ? 'bg-amber-500' : 'bg-emerald-500')} aria-hidden />
                    {data.enabled ? m.testEnabled : m.testDisabled}
                  </span>
                </Row>
                <Row label={m.message}>{data.message}</Row>
                <Row label={m.estimatedDuration}>{data.estimatedDuration}</Row>
                <Row label={m.lastChanged}>
                  <span className="tabular-nums">{formatDateTime(data.updatedAt) ?? m.never}</span>
                </Row>
                <Row label={m.testYourAccess}>
                  <AccessChip allowed={data.canAccess !== false} />
                </Row>
              </dl>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{m.testRoleChecks}</CardTitle>
            <CardDescription>{data?.enabled ? m.accessBlocked : m.statusOffHint}</CardDescription>
          </CardHeader>
          <CardContent>
            {checkFailed ? (
              <p className="text-sm text-destructive" role="alert">
                {m.accessCheckFailed}
              </p>
            ) : (
              <ul className="divide-y" data-testid="maintenance-test-roles">
                {ROLES.map((role) => {
                  const ok = !data?.enabled || canBypassMaintenance(role, allowedRoles);
                  return (
                    <li key={role} className="flex items-center justify-between gap-3 py-2.5" data-testid="maintenance-test-role" data-role={role} data-allowed={ok}>
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium">{roleDisplayName(role)}</p>
                        <p className="truncate font-mono text-xs text-muted-foreground">{role}</p>
                      </div>
                      <AccessChip allowed={ok} />
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
          <div className="min-w-0">
            <CardTitle className="flex items-center gap-2">
              <Radio className="size-4 text-primary" aria-hidden />
              {m.testEventLog}
            </CardTitle>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setLog([])} disabled={log.length === 0}>
            <Trash2 aria-hidden />
            {m.testClearLog}
          </Button>
        </CardHeader>
        <CardContent>
          {log.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{m.testNoEvents}</p>
          ) : (
            <ol className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-lg border" data-testid="maintenance-test-log" aria-live="polite">
              {log.map((e) => (
                <li key={e.id} className="flex flex-col gap-1.5 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:gap-3" data-testid="maintenance-test-log-entry" data-source={e.source}>
                  <span className="flex items-center gap-2">
                    <span className="font-mono text-xs text-muted-foreground tabular-nums">{formatClock(e.at)}</span>
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', sourceTone[e.source])}>{sourceLabel[e.source]}</span>
                    {e.enabled !== null && (
                      <span className={cn('text-xs font-medium', e.enabled ? 'text-amber-700 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-300')}>
                        {e.enabled ? m.testEnabled : m.testDisabled}
                      </span>
                    )}
                  </span>
                  <span className="min-w-0 break-words text-muted-foreground sm:truncate">{e.text}</span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** The debug section of the shell (/debug; spec §6 debug: edufam_admin or elimisha_admin): the test panel. */
export function DebugSection() {
  return <MaintenanceTestPanel />;
}

/** /debug/maintenance-test: the test panel on its own page, outside the shell. */
export function MaintenanceTestPage() {
  const { state } = useAuth();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card/60 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <span className="flex items-center gap-2.5 text-sm font-semibold tracking-tight">
            <BrandMark className="size-7" />
            {messages.product.title}
          </span>
          <Button asChild variant="ghost" size="sm">
            <Link to={homePathFor(state.user?.role)}>
              <ArrowLeft aria-hidden />
              {m.backToDashboard}
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        <MaintenanceTestPanel />
      </main>
    </div>
  );
}
