import * as React from 'react';
import { toast } from 'sonner';
import { CalendarCheck2, CalendarDays, Send, type LucideIcon } from 'lucide-react';
import { dayLabel } from '@shared/attendance-calendar';
import type { LeaveBalance, LeaveRequest, LeaveStatus, LeaveType } from '@shared/contracts/leave';
import { leaveDays } from '@shared/hr/leave-days';
import { leaveMessages as m } from '@shared/messages/leave';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { DataTable, type ColumnDef, useTableLayoutWide } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';
import { DateField } from '@/components/date-field';

/**
 * Pieces shared by My Leave and HR's Leave tab (issue 14 §2): the status badge, the balance cards, the
 * request form (days counted live in the type's unit, as the server counts them) and a date range label.
 */

const STATUS_TONE: Record<LeaveStatus, string> = {
  pending: 'bg-amber-500/12 text-amber-800 ring-amber-500/25 dark:text-amber-300',
  approved: 'bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-300',
  rejected: 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300',
  cancelled: 'bg-muted text-muted-foreground ring-border',
};

/** "Pending", "Approved"… as a coloured chip. */
export function LeaveStatusBadge({ status }: { status: LeaveStatus }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', STATUS_TONE[status])} data-testid="leave-status" data-status={status}>
      {m.status[status]}
    </span>
  );
}

/** "Mon 8 Mar 2027" or "Mon 8 Mar – Wed 10 Mar 2027". */
export function rangeLabel(from: string, to: string): string {
  if (from === to) return dayLabel(from);
  const a = dayLabel(from);
  const b = dayLabel(to);
  return from.slice(0, 4) === to.slice(0, 4) ? `${a.slice(0, -5)} – ${b}` : `${a} – ${b}`;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** One card per leave type: days available large, entitled / carried / taken / pending below. */
export function BalanceCards({ balances, loading }: { balances: LeaveBalance[] | undefined; loading?: boolean }) {
  if (loading && !balances) {
    return (
      <div className="grid grid-cols-[repeat(auto-fit,minmax(160px,1fr))] gap-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-[116px] animate-pulse rounded-xl border bg-muted/40" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[repeat(auto-fit,minmax(160px,1fr))] gap-3" data-testid="leave-balances">
      {(balances ?? []).map((b) => {
        const total = b.entitled + b.carried;
        const used = Math.min(100, total > 0 ? ((b.taken + b.pending) / total) * 100 : 0);
        return (
          <div key={b.leaveTypeId} className="flex min-w-0 flex-col rounded-xl border bg-card p-3.5 shadow-sm sm:p-4" data-testid="leave-balance" data-code={b.code}>
            <p className="truncate text-xs font-medium text-muted-foreground">{b.name}</p>
            <p className="mt-1.5 flex items-baseline gap-1.5">
              <span className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="leave-balance-available">
                {fmt(b.available)}
              </span>
              <span className="text-xs text-muted-foreground">{m.available}</span>
            </p>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary/70" style={{ width: `${used}%` }} />
            </div>
            <p className="mt-2 text-[11px] leading-4 text-muted-foreground tabular-nums">
              {fmt(b.entitled)} {m.entitled.toLowerCase()}
              {b.carried > 0 && ` + ${fmt(b.carried)} ${m.carried.toLowerCase()}`} · {fmt(b.taken)} {m.taken.toLowerCase()}
              {b.pending > 0 && ` · ${fmt(b.pending)} ${m.pendingDays.toLowerCase()}`}
            </p>
          </div>
        );
      })}
    </div>
  );
}

export interface RequestFormValue {
  leaveTypeId: string;
  startDate: string;
  endDate: string;
  reason: string;
}

/**
 * The leave request form: type, start and end dates, reason, and the days the request counts (working
 * days skip weekends and Kenya's public holidays) with what stays available of the type. `before` goes
 * above the fields (HR's staff picker). The server's 400 message shows above the button.
 */
export function LeaveRequestForm({
  types,
  balances,
  pending,
  onSubmit,
  before,
  disabled,
  testId,
  year,
}: {
  types: LeaveType[];
  balances: LeaveBalance[] | undefined;
  /** The year of `balances`: the hint shows them only for a request starting that year. */
  year: number | undefined;
  pending: boolean;
  onSubmit: (v: RequestFormValue) => Promise<unknown>;
  before?: React.ReactNode;
  disabled?: boolean;
  testId: string;
}) {
  const [form, setForm] = React.useState<RequestFormValue>({ leaveTypeId: '', startDate: '', endDate: '', reason: '' });
  const [error, setError] = React.useState<string | null>(null);
  const type = types.find((t) => t.id === form.leaveTypeId);
  const days = type && form.startDate && form.endDate && form.endDate >= form.startDate ? leaveDays(form.startDate, form.endDate, type.unit) : null;
  const balance = year && form.startDate.startsWith(String(year)) ? balances?.find((b) => b.leaveTypeId === form.leaveTypeId) : undefined;
  const set = (k: keyof RequestFormValue) => (v: string) => setForm((f) => ({ ...f, [k]: v, ...(k === 'startDate' && (!f.endDate || f.endDate < v) ? { endDate: v } : {}) }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await onSubmit(form);
      setForm({ leaveTypeId: form.leaveTypeId, startDate: '', endDate: '', reason: '' });
      toast.success(m.submitted);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  const over = days !== null && balance ? days > balance.available : false;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid={testId} noValidate>
      {before}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${testId}-type`}>{m.leaveType}</Label>
        <Select value={form.leaveTypeId} onValueChange={set('leaveTypeId')} disabled={disabled}>
          <SelectTrigger id={`${testId}-type`} className="w-full" data-testid="leave-form-type">
            <SelectValue placeholder={m.leaveType} />
          </SelectTrigger>
          <SelectContent>
            {types
              .filter((t) => t.active)
              .map((t) => (
                <SelectItem key={t.id} value={t.id} data-testid={`leave-type-option-${t.code}`}>
                  {t.name}
                </SelectItem>
              ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${testId}-start`}>{m.startDate}</Label>
          <DateField id={`${testId}-start`} value={form.startDate} onValueChange={(value) => set('startDate')(value)} disabled={disabled} data-testid="leave-form-start" />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${testId}-end`}>{m.endDate}</Label>
          <DateField id={`${testId}-end`} value={form.endDate} min={form.startDate || undefined} onValueChange={(value) => set('endDate')(value)} disabled={disabled} data-testid="leave-form-end" />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${testId}-reason`}>{m.reason}</Label>
        <textarea
          id={`${testId}-reason`}
          rows={3}
          maxLength={500}
          value={form.reason}
          onChange={(e) => set('reason')(e.target.value)}
          placeholder={m.reasonPlaceholder}
          disabled={disabled}
          className="w-full resize-none rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="leave-form-reason"
        />
      </div>
      <div className={cn('flex items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm', over ? 'border-destructive/40 bg-destructive/5' : 'bg-muted/40')} data-testid="leave-form-days" aria-live="polite">
        <CalendarDays className={cn('size-4 shrink-0', over ? 'text-destructive' : 'text-primary')} aria-hidden />
        {days === null || !type ? (
          <span className="text-muted-foreground">{m.daysCounted(0, type?.unit ?? 'working_days')}</span>
        ) : (
          <span>
            <span className="font-semibold tabular-nums">{m.daysCounted(days, type.unit)}</span>
            {balance && (
              <span className="text-muted-foreground">
                {' '}
                · {fmt(balance.available)} {m.available}
              </span>
            )}
          </span>
        )}
      </div>
      {error && <FormErrorAlert title={error} testId="leave-form-error" />}
      <PendingButton pending={pending} icon={Send} type="submit" disabled={pending || disabled || !form.leaveTypeId || !form.startDate || !form.endDate} data-testid="leave-form-submit">
        {pending ? m.submitting : m.submit}
      </PendingButton>
    </form>
  );
}

/** The reason and the decision note ("“note” — who") of a request, or nothing. */
function RequestNotes({ r }: { r: LeaveRequest }) {
  if (!r.reason && !r.decisionNote) return null;
  return (
    <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">
      {r.reason}
      {r.reason && r.decisionNote && ' · '}
      {r.decisionNote && (
        <span className="italic">
          “{r.decisionNote}”{r.decidedBy ? ` — ${r.decidedBy}` : ''}
        </span>
      )}
    </p>
  );
}

/**
 * The element that carries a request's test id, id and status (`leave-request`, `data-request-id`,
 * `data-status`). The DataTable renders both the table and the phone cards; only the one on screen
 * carries the marker, so a request is found once (the kit's rows take no extra attributes).
 */
function RequestMarker({ r, on, className, children }: { r: LeaveRequest; on: boolean; className?: string; children: React.ReactNode }) {
  return on ? (
    <div className={className} data-testid="leave-request" data-request-id={r.id} data-status={r.status}>
      {children}
    </div>
  ) : (
    <div className={className}>{children}</div>
  );
}

/**
 * Leave requests on the DataTable kit (issue 33): type (and member of staff), status, reason and note;
 * dates; days; `actions` at the end. Cards below 768 px. The list is short and unpaged (the API
 * returns every matching request), so the table shows it whole.
 */
export function LeaveRequestsTable({
  id,
  items,
  showStaff,
  actions,
  empty,
  toolbar,
  fetching,
  error,
  onRetry,
  className,
}: {
  id: string;
  items: LeaveRequest[] | undefined;
  showStaff?: boolean;
  actions?: (r: LeaveRequest) => React.ReactNode;
  empty: { icon: LucideIcon; title: string };
  toolbar?: React.ReactNode;
  fetching?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  className?: string;
}) {
  const wide = useTableLayoutWide();
  const columns = React.useMemo<ColumnDef<LeaveRequest, unknown>[]>(() => {
    const cols: ColumnDef<LeaveRequest, unknown>[] = [
      {
        id: 'request',
        header: showStaff ? m.staff : m.leaveType,
        cell: ({ row: { original: r } }) => (
          <RequestMarker r={r} on={wide} className="flex min-w-0 items-start gap-3">
            <IconBadge icon={CalendarCheck2} className="size-8 rounded-lg bg-primary/10 text-primary" />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-medium">{showStaff ? `${r.staffName} · ${r.leaveType}` : r.leaveType}</p>
                <LeaveStatusBadge status={r.status} />
              </div>
              <RequestNotes r={r} />
            </div>
          </RequestMarker>
        ),
        meta: { alwaysVisible: true, className: 'min-w-64' },
      },
      { id: 'dates', header: m.dates, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{rangeLabel(row.original.startDate, row.original.endDate)}</span> },
      { id: 'days', header: m.days, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{m.daysCounted(row.original.days, row.original.unit)}</span> },
    ];
    if (actions) {
      cols.push({ id: 'actions', header: '', cell: ({ row }) => <div className="flex justify-end gap-2">{actions(row.original)}</div>, meta: { alwaysVisible: true, className: 'text-right' } });
    }
    return cols;
  }, [showStaff, actions, wide]);

  return (
    <DataTable
      id={id}
      columns={columns}
      data={items}
      getRowId={(r) => r.id}
      fetching={fetching}
      error={error}
      errorTitle={m.loadError}
      onRetry={onRetry}
      empty={empty}
      toolbar={toolbar}
      minWidth={640}
      className={className}
      renderCard={(r) => (
        <RequestMarker r={r} on={!wide} className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 text-sm font-medium">{showStaff ? `${r.staffName} · ${r.leaveType}` : r.leaveType}</p>
            <LeaveStatusBadge status={r.status} />
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">
            {rangeLabel(r.startDate, r.endDate)} · {m.daysCounted(r.days, r.unit)}
          </p>
          <RequestNotes r={r} />
          {actions && <ActionsIfAny>{actions(r)}</ActionsIfAny>}
        </RequestMarker>
      )}
    />
  );
}

/** The card's action buttons, full width on a phone; nothing when a request has none. */
function ActionsIfAny({ children }: { children: React.ReactNode }) {
  if (!children) return null;
  return <div className="flex gap-2 pt-1 [&_button]:flex-1">{children}</div>;
}
