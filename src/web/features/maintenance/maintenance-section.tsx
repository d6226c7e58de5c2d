import * as React from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CheckCircle2, Clock, FlaskConical, Info, Power, PowerOff, RefreshCw, Save, ShieldCheck, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import { DEFAULT_ESTIMATED_DURATION, DEFAULT_MAINTENANCE_ALLOWED_ROLES, canBypassMaintenance, type MaintenanceSetting } from '@shared/contracts/maintenance';
import { messages } from '@shared/messages';
import { ROLES, roleDisplayName, type Role } from '@shared/roles';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IconBadge } from '@/components/icon-badge';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisableMaintenance, useEnableMaintenance, useMaintenanceSetting, useUpdateMaintenanceMessage } from './api/maintenance';
import { formatDateTime } from './components/format';
import { MaintenanceForm, type MaintenanceFormOutput } from './components/maintenance-form';
import { PageTitle } from '@/components/page-header';
import { SkeletonStack } from '@/components/skeleton-stack';
import { perLocale } from '@shared/i18n/localized';

const m = messages.maintenance;

function Detail({ icon: Icon, label, children, testId }: { icon: typeof Clock; label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
        <dd className="mt-1 text-sm break-words" data-testid={testId}>
          {children}
        </dd>
      </div>
    </div>
  );
}

/** The Current Status card: on/off, message, estimated duration, last change and who may keep working. */
function StatusOverview({ setting }: { setting: MaintenanceSetting }) {
  const on = setting.enabled;
  return (
    <Card className="overflow-hidden" data-testid="maintenance-status-card" data-enabled={on}>
      <div
        className={cn(
          'flex items-start gap-4 border-b p-5',
          on ? 'bg-amber-50 dark:bg-amber-500/10' : 'bg-emerald-50/70 dark:bg-emerald-500/10',
        )}
      >
        <IconBadge
          icon={on ? Wrench : CheckCircle2}
          className={cn('size-11 rounded-full ring-1 ring-inset', on ? 'bg-amber-500/15 text-amber-700 ring-amber-500/25 dark:text-amber-300' : 'bg-emerald-500/15 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300')}
          iconClassName="size-5"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{m.statusTitle}</p>
            <span
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                on ? 'bg-amber-500/15 text-amber-800 ring-amber-600/25 dark:text-amber-200' : 'bg-emerald-500/15 text-emerald-800 ring-emerald-600/20 dark:text-emerald-200',
              )}
              data-testid="maintenance-badge"
            >
              <span className={cn('size-1.5 rounded-full', on ? 'animate-pulse bg-amber-500' : 'bg-emerald-500')} aria-hidden />
              {on ? m.badgeOn : m.badgeOff}
            </span>
          </div>
          <p className="mt-1 text-lg font-semibold tracking-tight" data-testid="maintenance-status-title">
            {on ? m.statusOn : m.statusOff}
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">{on ? m.statusOnHint : m.statusOffHint}</p>
        </div>
      </div>
      <CardContent className="pt-5">
        <dl className="divide-y">
          <Detail icon={Info} label={m.message} testId="maintenance-current-message">
            {setting.message}
          </Detail>
          <Detail icon={Clock} label={m.estimatedDuration} testId="maintenance-current-duration">
            {setting.estimatedDuration}
          </Detail>
          <Detail icon={ShieldCheck} label={m.bypass}>
            <span className="flex flex-wrap gap-1.5">
              {/* Every role let through: the stored allowed_roles plus the admin roles, which always are (spec §1). */}
              {ROLES.filter((r) => canBypassMaintenance(r, setting.allowedRoles)).map((r) => (
                <span key={r} className="rounded-md bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                  {roleDisplayName(r)}
                </span>
              ))}
            </span>
          </Detail>
          <Detail icon={UserRound} label={m.lastChanged}>
            {setting.exists ? (
              <>
                <span className="tabular-nums">{formatDateTime(setting.updatedAt)}</span>
                {setting.updatedBy && (
                  <span className="text-muted-foreground">
                    {' · '}
                    {setting.updatedBy.name ?? m.unknownUser}
                  </span>
                )}
              </>
            ) : (
              <span className="text-muted-foreground" data-testid="maintenance-never-changed">
                {m.never}
              </span>
            )}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/** A card of the section's right column: an icon and title, a description, then its form. */
function FormCard({
  icon: Icon,
  iconClassName,
  title,
  description,
  testId,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  description: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className={cn('size-4', iconClassName)} aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** What the confirm dialog says before enabling or disabling maintenance. */
const CONFIRM = perLocale(() => ({
  enable: { tone: 'warning', icon: Power, title: m.confirmEnableTitle, text: m.confirmEnableText, confirmLabel: m.confirmEnable },
  disable: { tone: 'success', icon: PowerOff, title: m.confirmDisableTitle, text: m.confirmDisableText, confirmLabel: m.confirmDisable },
} as const));

function SectionSkeleton() {
  return (
    <SkeletonStack className="grid gap-6 lg:grid-cols-5" cells={['h-80 lg:col-span-2', 'h-80 lg:col-span-3']} />
  );
}

type Pending = { kind: 'enable'; values: MaintenanceFormOutput & { allowedRoles: Role[] } } | { kind: 'disable' } | null;

/**
 * The Maintenance section (/maintenance, edufam_admin only; spec §4 Maintenance, §6, §8): the current
 * status, the Enable form (message and estimated duration, default "2-4 hours") while off, and while
 * on the Update Message form and Disable. Enabling and disabling go through a confirm dialog; every
 * outcome shows the spec's toast. The setting refetches every 60 s and on maintenance.changed events.
 */
export function MaintenanceSection() {
  const query = useMaintenanceSetting();
  const enableMutation = useEnableMaintenance();
  const updateMutation = useUpdateMaintenanceMessage();
  const disableMutation = useDisableMaintenance();
  const [pending, setPending] = React.useState<Pending>(null);
  const [formKey, setFormKey] = React.useState(0);
  // The confirm dialog keeps the wording of the last request while it closes.
  const [confirmKind, setConfirmKind] = React.useState<'enable' | 'disable'>('enable');
  if (pending && pending.kind !== confirmKind) setConfirmKind(pending.kind);

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'enable') {
      enableMutation.mutate(pending.values, {
        onSuccess: () => {
          toast.success(m.enabledTitle, { description: m.enabledText });
          setPending(null);
        },
        onError: (err) => {
          toast.error(m.enableFailed, { description: err.message });
          setPending(null);
        },
      });
    } else {
      disableMutation.mutate(undefined, {
        onSuccess: () => {
          toast.success(m.disabledTitle, { description: m.disabledText });
          setPending(null);
          setFormKey((k) => k + 1);
        },
        onError: (err) => {
          toast.error(m.disableFailed, { description: err.message });
          setPending(null);
        },
      });
    }
  };

  const saveMessage = (values: MaintenanceFormOutput) => {
    updateMutation.mutate(values, {
      onSuccess: () => toast.success(m.messageUpdated),
      onError: (err) => toast.error(m.updateFailed, { description: err.message }),
    });
  };

  const setting = query.data;
  let body: React.ReactNode;
  if (query.isError && !setting) {
    body = <QueryErrorCard query={query} title={m.loadErrorTitle} text={m.noSettings} retryLabel={m.tryAgain} />;
  } else if (!setting) {
    body = <SectionSkeleton />;
  } else {
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <StatusOverview setting={setting} />
        </div>
        <div className="flex flex-col gap-6 lg:col-span-3">
          {!setting.enabled ? (
            <FormCard icon={Power} iconClassName="text-amber-600 dark:text-amber-400" title={m.enableTitle} description={m.enableDescription} testId="maintenance-enable-card">
              <MaintenanceForm
                key={`enable-${formKey}`}
                idPrefix="maintenance-enable"
                defaults={{ message: '', estimatedDuration: DEFAULT_ESTIMATED_DURATION }}
                submitLabel={m.enableButton}
                submitIcon={Power}
                pending={enableMutation.isPending}
                // Spec §3 system_settings.allowed_roles, §9: edufam_admin only (its alias elimisha_admin always bypasses too).
                onSubmit={(values) => setPending({ kind: 'enable', values: { ...values, allowedRoles: [...DEFAULT_MAINTENANCE_ALLOWED_ROLES] } })}
                testId="maintenance-enable-form"
              />
            </FormCard>
          ) : (
            <>
              <FormCard icon={Save} iconClassName="text-primary" title={m.updateTitle} description={m.updateDescription} testId="maintenance-update-card">
                <MaintenanceForm
                  idPrefix="maintenance-update"
                  defaults={{ message: setting.message, estimatedDuration: setting.estimatedDuration }}
                  submitLabel={m.updateButton}
                  submitIcon={Save}
                  pending={updateMutation.isPending}
                  onSubmit={saveMessage}
                  testId="maintenance-update-form"
                />
              </FormCard>
              <Card className="border-emerald-600/20" data-testid="maintenance-disable-card">
                <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-semibold">
                      <PowerOff className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
                      {m.disableTitle}
                    </p>
                    <p className="mt-1 text-sm text-muted-foreground">{m.disableDescription}</p>
                  </div>
                  <Button
                    className="w-full bg-emerald-600 text-white hover:bg-emerald-600/90 sm:w-auto"
                    onClick={() => setPending({ kind: 'disable' })}
                    disabled={disableMutation.isPending}
                    data-testid="maintenance-disable"
                  >
                    <PowerOff aria-hidden />
                    {m.disableButton}
                  </Button>
                </CardContent>
              </Card>
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-5 sm:gap-6" data-testid="maintenance-section">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <PageTitle icon={<Wrench className="size-5" aria-hidden />} title={m.title} subtitle={m.subtitle} className="flex min-w-0 flex-1 items-center gap-3" />
        <div className="flex w-full shrink-0 gap-2 md:w-auto">
          <Button asChild variant="outline" className="flex-1 md:flex-none">
            <Link to="/debug/maintenance-test">
              <FlaskConical aria-hidden />
              {m.testTitle}
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label={m.refresh}>
            <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
            <span className="hidden md:inline">{m.refresh}</span>
          </Button>
        </div>
      </div>

      {body}

      <ConfirmDialog
        {...CONFIRM[confirmKind]}
        open={pending !== null}
        cancelLabel={m.cancel}
        pending={confirmKind === 'enable' ? enableMutation.isPending : disableMutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        testId="maintenance-confirm-dialog"
        confirmTestId="maintenance-confirm"
      />
    </section>
  );
}
