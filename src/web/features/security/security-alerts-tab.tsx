import { Check, Globe2, ShieldAlert, ShieldCheck, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { SECURITY_DEFAULT_PAGE_SIZE, type SecurityAlert, type SecurityAlertStatus } from '@shared/contracts/security';
import { SECURITY_ALERT_KIND_LABELS, formatDateTime, formatRelative, securityScreens as ss } from '@shared/messages/security-screens';
import { cn } from '@/lib/utils';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useListParams } from '@/components/data-table';
import { useAcknowledgeAlert, useSecurityAlerts } from './security-api';
import { PendingButton } from '@/components/pending-button';

const t = ss.admin.alerts;
const PAGE_SIZE = SECURITY_DEFAULT_PAGE_SIZE;
const KIND_ICONS: Record<string, typeof ShieldAlert> = { failed_sign_ins_account: UserX, failed_sign_ins_ip: ShieldAlert, new_network: Globe2 };
const FILTERS: { value: SecurityAlertStatus | 'all'; label: string }[] = [
  { value: 'open', label: t.open },
  { value: 'acknowledged', label: t.acknowledged },
  { value: 'all', label: t.all },
];

/**
 * Security alerts (issue 18 §2 "alerts for suspicious patterns"): many failed sign-ins for an account or
 * from an IP address, a sign-in from a network the user never used. Open first by default; the
 * edufam_admin acknowledges one (manageSecurity), the elimisha_admin only reads.
 */
export function SecurityAlertsTab({ canManage }: { canManage: boolean }) {
  const list = useListParams({ alerts: 'open' }, { pageKey: 'alertsPage' });
  const status = list.values.alerts as SecurityAlertStatus | 'all';
  const alerts = useSecurityAlerts(list.query({ page: list.page, pageSize: PAGE_SIZE, alerts: undefined, ...(status === 'all' ? {} : { status }) }));
  const acknowledge = useAcknowledgeAlert();
  const rows = alerts.data?.alerts;

  return (
    <div className="grid gap-4" data-testid="security-alerts">
      <div role="radiogroup" aria-label={t.filterLabel} className="inline-flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-auto sm:justify-self-start">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="radio"
            aria-checked={status === f.value}
            onClick={() => list.set({ alerts: f.value })}
            className={cn(
              'flex-1 cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground sm:flex-none',
              status === f.value && 'bg-card text-foreground shadow-sm',
            )}
            data-testid={`security-alerts-filter-${f.value}`}
          >
            {f.label}
          </button>
        ))}
      </div>

      {alerts.isPending ? (
        <div className="grid gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : alerts.isError ? (
        <LoadErrorCard title={t.loadFailed} detail={alerts.error.message} retryLabel={ss.tryAgain} onRetry={() => void alerts.refetch()} />
      ) : !rows?.length ? (
        <EmptyListState icon={ShieldCheck} title={status === 'open' ? t.emptyOpen : t.empty} hint={status === 'open' ? t.emptyOpenHint : undefined} testId="security-alerts-empty" />
      ) : (
        <ul className={cn('grid gap-3 transition-opacity', alerts.isPlaceholderData && 'opacity-60')}>
          {rows.map((a) => (
            <AlertRow
              key={a.id}
              alert={a}
              canManage={canManage}
              now={alerts.dataUpdatedAt}
              pending={acknowledge.isPending && acknowledge.variables === a.id}
              onAcknowledge={() => acknowledge.mutate(a.id, { onSuccess: () => toast.success(t.acknowledgedToast), onError: (err) => toast.error(err.message) })}
            />
          ))}
        </ul>
      )}
      {!!alerts.data && alerts.data.total > PAGE_SIZE && (
        <Pagination page={list.page} pageSize={PAGE_SIZE} total={alerts.data.total} shown={rows?.length ?? 0} busy={alerts.isPlaceholderData} onPage={list.setPage} testId="security-alerts" />
      )}
    </div>
  );
}

function AlertRow({ alert: a, canManage, now, pending, onAcknowledge }: { alert: SecurityAlert; canManage: boolean; now: number; pending: boolean; onAcknowledge: () => void }) {
  const Icon = KIND_ICONS[a.kind] ?? ShieldAlert;
  const open = a.status === 'open';
  return (
    <li className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-row sm:items-start sm:gap-4 sm:p-5', open && 'border-l-4 border-l-amber-500')} data-testid="security-alert">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', open ? 'bg-amber-500/12 text-amber-600 dark:text-amber-400' : 'bg-muted text-muted-foreground')}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{SECURITY_ALERT_KIND_LABELS[a.kind] ?? a.kind}</p>
          {a.count > 1 && <Badge variant="secondary">{t.count(a.count)}</Badge>}
          {!open && <Badge className="bg-emerald-500/12 text-emerald-700 dark:text-emerald-300">{t.acknowledged}</Badge>}
        </div>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{a.message}</p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="font-mono text-foreground/80">{a.subject}</span>
          {a.schoolName && <span>{a.schoolName}</span>}
          {a.ipAddress && a.ipAddress !== a.subject && <span className="font-mono">{a.ipAddress}</span>}
          <span title={formatDateTime(a.lastSeenAt)}>{t.lastSeen(formatRelative(a.lastSeenAt, now))}</span>
          {a.firstSeenAt !== a.lastSeenAt && <span>{t.firstSeen(formatDateTime(a.firstSeenAt))}</span>}
        </p>
        {!open && a.acknowledgedAt && <p className="mt-1.5 text-xs text-muted-foreground">{t.acknowledgedBy(a.acknowledgedByName ?? '—', formatDateTime(a.acknowledgedAt))}</p>}
      </div>
      {open && canManage && (
        <PendingButton variant="outline" size="sm" className="shrink-0" onClick={onAcknowledge} pending={pending} icon={Check} data-testid="security-alert-acknowledge">
          {t.acknowledge}
        </PendingButton>
      )}
    </li>
  );
}
