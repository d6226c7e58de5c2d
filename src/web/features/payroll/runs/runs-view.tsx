import * as React from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ChevronRight, Loader2, Play, Wallet } from 'lucide-react';
import type { PayrollRunSummary } from '@shared/contracts/payroll';
import { formatDay, schoolMonth } from '@shared/dates';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { nextMonth } from '@shared/payroll/run';
import { LabelledField } from '@/components/field';
import { DataTable, type ColumnDef, useTableLayoutWide } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/components/money';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { createRun, usePayrollMutation, usePayrollRuns } from '../api/payroll';
import { RunDetail } from './run-detail';
import { RunStatusBadge, monthName } from './run-status';
import { ViewHeading } from '../components/view-heading';

/** The month after the newest run (or this month in Nairobi when there is none), 'YYYY-MM'. */
function suggestedMonth(runs: PayrollRunSummary[]): string {
  const now = schoolMonth();
  const latest = runs[0]?.month;
  if (!latest) return now;
  const next = nextMonth(latest);
  return next > now ? latest : next;
}

/**
 * HR's payroll runs (issue 14 §3): the month to compute and the list of runs; a run opens in place
 * (`?run=<id>`, so the address can be shared and Back returns to the list).
 */
export function RunsView() {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('run', id);
    else next.delete('run');
    setParams(next);
  };
  if (runId) return <RunDetail id={runId} onBack={() => open(null)} />;
  return <RunsList onOpen={open} />;
}

function RunsList({ onOpen }: { onOpen: (id: string) => void }) {
  const runs = usePayrollRuns();
  const [month, setMonth] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const create = usePayrollMutation(createRun);
  const items = runs.data?.items ?? [];
  const value = month ?? suggestedMonth(items);
  const wide = useTableLayoutWide();
  const columns = React.useMemo<ColumnDef<PayrollRunSummary, unknown>[]>(
    () => [
      {
        id: 'month',
        header: m.runs.columns.month,
        cell: ({ row: { original: r } }) => (
          <RunOpener run={r} on={wide} onOpen={onOpen} className="flex min-w-0 flex-wrap items-center gap-2 text-left">
            <span className="font-semibold">{monthName(r.month)}</span>
            <RunStatusBadge status={r.status} />
          </RunOpener>
        ),
        meta: { alwaysVisible: true, className: 'min-w-52' },
      },
      { id: 'staff', header: m.runs.columns.staff, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{m.run.staffCount(row.original.staffCount)}</span> },
      { id: 'payDate', header: m.runs.columns.payDate, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDay(row.original.payDate)}</span> },
      { id: 'gross', header: m.runs.columns.gross, cell: ({ row }) => <Money value={row.original.totals.grossPay} />, meta: { className: 'text-right' } },
      { id: 'net', header: m.runs.columns.net, cell: ({ row }) => <Money value={row.original.totals.netPay} strong />, meta: { className: 'text-right' } },
      { id: 'cost', header: m.runs.columns.cost, cell: ({ row }) => <Money value={row.original.totals.employerCost} />, meta: { className: 'text-right' } },
      { id: 'open', header: '', cell: () => <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden />, meta: { alwaysVisible: true, className: 'w-8' } },
    ],
    [wide, onOpen],
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(value, {
      onSuccess: (run) => {
        toast.success(m.runs.computed(monthName(run.month)));
        onOpen(run.id);
      },
      onError: (err) => setError(err instanceof ApiError ? (err.fields?.month ?? err.message) : m.runs.failed),
    });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="payroll-runs">
      <form onSubmit={submit} className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-row sm:items-end sm:justify-between sm:p-5" noValidate>
        <ViewHeading title={m.runs.title} description={m.runs.description} spaced />
        <div className="flex flex-wrap items-end gap-2">
          <LabelledField id="run-month" label={m.runs.runMonth} className="flex flex-col gap-1.5">
            <Input id="run-month" type="month" className="w-44" value={value} onChange={(e) => setMonth(e.target.value)} data-testid="run-month" aria-invalid={!!error || undefined} aria-describedby={error ? 'run-month-error' : undefined} />
          </LabelledField>
          <Button type="submit" disabled={create.isPending || !value} data-testid="run-payroll">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            {create.isPending ? m.runs.running : m.runs.runButton}
          </Button>
        </div>
      </form>
      {error && (
        <p id="run-month-error" role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="run-error">
          {error}
        </p>
      )}

      <DataTable
        id="runs-list"
        columns={columns}
        data={runs.data?.items}
        getRowId={(r) => r.id}
        error={runs.error}
        errorTitle={m.runs.loadFailed}
        onRetry={() => void runs.refetch()}
        empty={{ icon: Wallet, title: m.runs.emptyTitle, hint: m.runs.emptyHint }}
        onRowClick={(r) => onOpen(r.id)}
        minWidth={680}
        renderCard={(r) => (
          <RunOpener run={r} on={!wide} onOpen={onOpen} className="grid w-full min-w-0 grid-cols-2 items-center gap-x-4 gap-y-2 text-left">
            <span className="col-span-2 flex min-w-0 flex-wrap items-center gap-2">
              <span className="font-semibold">{monthName(r.month)}</span>
              <RunStatusBadge status={r.status} />
              <span className="w-full text-xs text-muted-foreground">
                {m.run.payDate(formatDay(r.payDate))} · {m.run.staffCount(r.staffCount)}
              </span>
            </span>
            <Figure label={m.runs.columns.gross} value={r.totals.grossPay} />
            <Figure label={m.runs.columns.net} value={r.totals.netPay} strong />
          </RunOpener>
        )}
      />
    </div>
  );
}

/**
 * The button that opens a run, with the run's test id (`run-YYYY-MM`). The DataTable renders both the
 * table and the phone cards; only the one on screen carries the test id, so a run is found once.
 */
function RunOpener({ run, on, onOpen, className, children }: { run: PayrollRunSummary; on: boolean; onOpen: (id: string) => void; className?: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(run.id)}
      className={cn('rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
      data-testid={on ? `run-${run.month}` : undefined}
    >
      {children}
    </button>
  );
}

function Money({ value, strong }: { value: number; strong?: boolean }) {
  return <span className={cn('whitespace-nowrap tabular-nums', strong && 'font-semibold')}>KES {formatMoney(value)}</span>;
}

function Figure({ label, value, strong, className }: { label: string; value: number; strong?: boolean; className?: string }) {
  return (
    <span className={`flex min-w-0 flex-col ${className ?? ''}`}>
      <span className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      <span className={`break-words tabular-nums ${strong ? 'font-semibold' : ''}`}>KES {formatMoney(value)}</span>
    </span>
  );
}
