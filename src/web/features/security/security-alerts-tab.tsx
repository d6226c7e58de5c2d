import type * as React from 'react';
import { Check, Globe2, ShieldAlert, ShieldCheck, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { SECURITY_DEFAULT_PAGE_SIZE, type SecurityAlert, type SecurityAlertStatus } from '@shared/contracts/security';
import { SECURITY_ALERT_KIND_LABELS, formatDateTime, formatRelative, securityScreens as ss } from '@shared/messages/security-screens';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { DataTable, pagedTableProps, useListParams, type ColumnDef } from '@/components/data-table';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';
import { ChoiceButtons } from '@/components/choice-buttons';
import { useAcknowledgeAlert, useSecurityAlerts } from './security-api';
import { perLocale } from '@shared/i18n/localized';

const t = ss.admin.alerts;
const PAGE_SIZE = SECURITY_DEFAULT_PAGE_SIZE;
const KIND_ICONS: Record<string, typeof ShieldAlert> = { failed_sign_ins_account: UserX, failed_sign_ins_ip: ShieldAlert, new_network: Globe2 };
const FILTERS = perLocale((): { value: SecurityAlertStatus | 'all'; label: string }[] => ([
  { value: 'open', label: t.open },
  { value: 'acknowledged', label: t.acknowledged },
  { value: 'all', label: t.all },
]));

/** What a row's cells need besides the alert: the time "Latest 5 min ago" counts from, and the Acknowledge button. */
interface AlertRowContext {
  now: number;
  acknowledgeButton: (a: SecurityAlert) => React.ReactNode;
}

/**
 * Security alerts (issue 18 §2 "alerts for suspicious patterns"): many failed sign-ins for an account or
 * from an IP address, a sign-in from a network the user never used. Open first by default; the
 * EduFam admin staff acknowledge one (manageSecurity); without it the list only reads. The status filter and
 * the page are in the URL; a table from 768 px, a card per alert below.
 */
export function SecurityAlertsTab({ canManage }: { canManage: boolean }) {
  const list = useListParams({ alerts: 'open' }, { pageKey: 'alertsPage' });
  const status = list.values.alerts as SecurityAlertStatus | 'all';
  const alerts = useSecurityAlerts(list.query({ page: list.page, pageSize: PAGE_SIZE, alerts: undefined, ...(status === 'all' ? {} : { status }) }));
  const acknowledge = useAcknowledgeAlert();

  const ctx: AlertRowContext = {
    now: alerts.dataUpdatedAt,
    acknowledgeButton: (a) =>
      a.status === 'open' &&
      canManage && (
        <PendingButton
          variant="outline"
          size="sm"
          className="shrink-0"
          onClick={() => acknowledge.mutate(a.id, { onSuccess: () => toast.success(t.acknowledgedToast), onError: (err) => toast.error(err.message) })}
          pending={acknowledge.isPending && acknowledge.variables === a.id}
          icon={Check}
          data-testid="security-alert-acknowledge"
        >
          {t.acknowledge}
        </PendingButton>
      ),
  };
  const columns: ColumnDef<SecurityAlert, unknown>[] = [
    { id: 'alert', header: t.columns.alert, meta: { alwaysVisible: true }, cell: ({ row }) => <AlertSummary alert={row.original} /> },
    { id: 'subject', header: t.columns.subject, meta: { className: 'w-52' }, cell: ({ row }) => <AlertSubject alert={row.original} /> },
    { id: 'seen', header: t.columns.seen, meta: { className: 'w-48' }, cell: ({ row }) => <AlertSeen alert={row.original} now={ctx.now} /> },
    { id: 'status', header: t.columns.status, meta: { className: 'w-56' }, cell: ({ row }) => <AlertStatus alert={row.original} /> },
    { id: 'actions', header: '', meta: { alwaysVisible: true, className: 'w-px text-right' }, cell: ({ row }) => ctx.acknowledgeButton(row.original) },
  ];

  return (
    <DataTable
      id="security-alerts"
      columns={columns}
      getRowId={(a) => a.id}
      errorTitle={t.loadFailed}
      {...pagedTableProps(list, alerts, { pageSize: PAGE_SIZE, rows: (d) => d.alerts, sortable: false })}
      rowTestId="security-alert"
      rowAttributes={(a) => ({ 'data-status': a.status })}
      minWidth={900}
      empty={{ icon: ShieldCheck, title: status === 'open' ? t.emptyOpen : t.empty, hint: status === 'open' ? t.emptyOpenHint : undefined }}
      renderCard={(a) => <AlertCard alert={a} ctx={ctx} />}
      toolbar={
        <ChoiceButtons
          options={FILTERS}
          value={status}
          onChange={(alerts) => list.set({ alerts })}
          label={t.filterLabel}
          className="inline-flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-auto"
          buttonClassName={(_, on) => cn('flex-1 cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground sm:flex-none', on && 'bg-card text-foreground shadow-sm')}
          buttonTestId={(f) => `security-alerts-filter-${f.value}`}
        >
          {(f) => f.label}
        </ChoiceButtons>
      }
    />
  );
}

/** The kind's icon (amber while open), its name, how many times, and the alert's sentence. */
function AlertSummary({ alert: a }: { alert: SecurityAlert }) {
  const Icon = KIND_ICONS[a.kind] ?? ShieldAlert;
  const open = a.status === 'open';
  return (
    <div className="flex min-w-0 items-start gap-3">
      <IconBadge icon={Icon} className={cn('size-9 rounded-lg', open ? 'bg-amber-500/12 text-amber-600 dark:text-amber-400' : 'bg-muted text-muted-foreground')} iconClassName="size-4.5" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {SECURITY_ALERT_KIND_LABELS[a.kind] ?? a.kind}
          {a.count > 1 && <Badge variant="secondary">{t.count(a.count)}</Badge>}
        </p>
        <p className="mt-0.5 text-sm leading-relaxed text-muted-foreground">{a.message}</p>
      </div>
    </div>
  );
}

/** The e-mail or IP address the alert is about, its school, and the IP address when it is not the subject. */
function AlertSubject({ alert: a }: { alert: SecurityAlert }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-xs text-muted-foreground">
      <span className="truncate font-mono text-foreground/80" title={a.subject}>
        {a.subject}
      </span>
      {a.schoolName && <span>{a.schoolName}</span>}
      {a.ipAddress && a.ipAddress !== a.subject && <span className="font-mono">{a.ipAddress}</span>}
    </div>
  );
}

/** "Latest 5 min ago" (the full time on hover) and, when it differs, when it was first seen. */
function AlertSeen({ alert: a, now }: { alert: SecurityAlert; now: number }) {
  return (
    <div className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      <span title={formatDateTime(a.lastSeenAt)}>{t.lastSeen(formatRelative(a.lastSeenAt, now))}</span>
      {a.firstSeenAt !== a.lastSeenAt && <span>{t.firstSeen(formatDateTime(a.firstSeenAt))}</span>}
    </div>
  );
}

/** Open or Acknowledged, with who acknowledged it and when. */
function AlertStatus({ alert: a }: { alert: SecurityAlert }) {
  if (a.status === 'open') return <Badge className="bg-amber-500/12 text-amber-700 dark:text-amber-300">{t.open}</Badge>;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge className="bg-emerald-500/12 text-emerald-700 dark:text-emerald-300">{t.acknowledged}</Badge>
      <AcknowledgedBy alert={a} />
    </div>
  );
}

function AcknowledgedBy({ alert: a }: { alert: SecurityAlert }) {
  return a.acknowledgedAt ? <p className="text-xs text-muted-foreground">{t.acknowledgedBy(a.acknowledgedByName ?? '—', formatDateTime(a.acknowledgedAt))}</p> : null;
}

/** The phone card: the summary, who/where and when, then the status and the Acknowledge button. */
function AlertCard({ alert: a, ctx }: { alert: SecurityAlert; ctx: AlertRowContext }) {
  return (
    <div className="flex min-w-0 flex-col gap-2.5">
      <AlertSummary alert={a} />
      <div className="flex flex-wrap gap-x-4 gap-y-1.5 pl-12">
        <AlertSubject alert={a} />
        <AlertSeen alert={a} now={ctx.now} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 pl-12">
        <AlertStatus alert={a} />
        {ctx.acknowledgeButton(a)}
      </div>
    </div>
  );
}
