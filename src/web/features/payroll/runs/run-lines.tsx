import * as React from 'react';
import { ChevronDown, PencilLine, Search } from 'lucide-react';
import type { PayrollRunDetail, PayrollRunLine } from '@shared/contracts/payroll';
import { payrollScreens as m } from '@shared/messages/payroll-screens';
import { nextMonth } from '@shared/payroll/run';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/components/money';
import { cn } from '@/lib/utils';
import { AddComponentDialog } from '../components-view/pay-components-view';
import { PayslipButton } from '../documents/payslip-button';
import { monthName } from './run-status';

const r = m.run;
const cols = r.columns;
type Totals = PayrollRunDetail['totals'];

/** A money column of the lines table: the line's amount, and the run's total in the footer. */
function moneyColumn(id: string, header: string, amount: (l: PayrollRunLine) => number, total: keyof Totals, totals: Totals): ColumnDef<PayrollRunLine, unknown> {
  return {
    id,
    header,
    cell: ({ row }) => formatMoney(amount(row.original)),
    footer: () => formatMoney(totals[total]),
    meta: { label: header, className: 'px-1.5 text-right tabular-nums' },
  };
}

/**
 * The run's lines (issue 14 §3), one per staff member, on the DataTable kit: gross, statutory
 * deductions (NSSF, SHIF, housing levy, PAYE), other deductions and net pay with its change against
 * last month (KES, two decimals); a row opens in place to its earnings, benefits and deductions and,
 * on an approved run, "Correct" (a correction lands in next month's run). Searching by name, staff
 * number, job title or department filters in the browser (every line is already loaded); the totals
 * row shows for the unfiltered run only. Below 768 px each line is a card that opens the same way.
 * With `payslips` (HR's run page) every line has "Download payslip": that member of staff's one-page
 * PDF (a draft run's watermarked DRAFT); the principal's review dialog leaves it out.
 */
export function Lines({ run, payslips = false }: { run: PayrollRunDetail; payslips?: boolean }) {
  const [q, setQ] = React.useState('');
  const [open, setOpen] = React.useState<string | null>(null);
  const needle = q.trim().toLowerCase();
  const lines = needle ? run.lines.filter((l) => `${l.name} ${l.staffNumber} ${l.jobTitle} ${l.department ?? ''}`.toLowerCase().includes(needle)) : run.lines;
  const toggle = (id: string) => setOpen((o) => (o === id ? null : id));
  const correctIn = run.status === 'approved' ? nextMonth(run.month) : null;

  const columns: ColumnDef<PayrollRunLine, unknown>[] = [
      {
        id: 'name',
        header: cols.name,
        cell: ({ row }) => (
          <div className="flex min-w-0 items-center justify-between gap-1">
            <LineToggle line={row.original} open={open === row.original.id} onToggle={() => toggle(row.original.id)} />
            {payslips && <PayslipButton run={run} line={row.original} compact />}
          </div>
        ),
        footer: () => r.total,
        meta: { alwaysVisible: true },
      },
      moneyColumn('gross', cols.gross, (l) => l.grossPay, 'grossPay', run.totals),
      moneyColumn('nssf', cols.nssf, (l) => l.nssf.total, 'nssf', run.totals),
      moneyColumn('shif', cols.shif, (l) => l.shif, 'shif', run.totals),
      moneyColumn('ahl', cols.ahl, (l) => l.ahl, 'ahl', run.totals),
      moneyColumn('paye', cols.paye, (l) => l.paye, 'paye', run.totals),
      moneyColumn('other', cols.other, (l) => l.otherDeductions, 'otherDeductions', run.totals),
      {
        id: 'net',
        header: cols.net,
        cell: ({ row }) => <NetPay line={row.original} />,
        footer: () => <span data-testid="run-lines-net-total">{formatMoney(run.totals.netPay)}</span>,
        meta: { alwaysVisible: true, className: 'text-right tabular-nums' },
      },
  ];

  return (
    <DataTable
      id="run-lines"
      columns={columns}
      data={lines}
      getRowId={(l) => l.id}
      rowTestId="run-line"
      rowAttributes={(l) => ({ 'data-staff': l.name })}
      expanded={{ rowId: open, render: (l) => <LineDetail line={l} correctIn={correctIn} payslip={payslips ? <PayslipButton run={run} line={l} /> : null} /> }}
      showFooter={!needle}
      empty={{ icon: Search, title: r.noLines }}
      minWidth={720}
      toolbar={
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">
            {r.linesTitle} <span className="font-normal text-muted-foreground">({run.lines.length})</span>
          </h3>
          <SearchField value={q} onChange={setQ} placeholder={r.search} testId="run-lines-search" className="w-full sm:w-64" />
        </div>
      }
      renderCard={(l) => (
        <>
          <button type="button" onClick={() => toggle(l.id)} aria-expanded={open === l.id} className="flex w-full min-w-0 items-center justify-between gap-3 text-left">
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium">{l.name}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {l.jobTitle} · {m.runs.columns.gross} {formatMoney(l.grossPay)}
              </span>
            </span>
            <span className="shrink-0 text-right text-sm font-semibold tabular-nums">{formatMoney(l.netPay)}</span>
          </button>
          {open === l.id && (
            <div className="mt-2 grid gap-3 rounded-lg bg-muted/30 p-3 text-sm">
              <Items title={r.earnings} items={l.earnings} />
              {l.benefits.length > 0 && <Items title={r.benefits} items={l.benefits} />}
              <Items
                title={m.breakdown.deductionsTitle}
                items={[
                  { name: 'NSSF', amount: l.nssf.total },
                  { name: m.breakdown.shif, amount: l.shif },
                  { name: m.breakdown.housingLevy, amount: l.ahl },
                  { name: m.breakdown.paye, amount: l.paye },
                  ...l.deductions,
                ]}
              />
              {payslips && (
                <div>
                  <PayslipButton run={run} line={l} />
                </div>
              )}
            </div>
          )}
        </>
      )}
    />
  );
}

/** The name cell: opens and closes the line's breakdown. */
function LineToggle({ line: l, open, onToggle }: { line: PayrollRunLine; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" onClick={onToggle} aria-expanded={open} className="flex min-w-0 items-center gap-2 text-left font-medium hover:text-primary" data-testid="run-line-toggle">
      <ChevronDown className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
      <span className="min-w-0">
        <span className="block max-w-[14rem] truncate">{l.name}</span>
        <span className="block truncate text-xs font-normal text-muted-foreground">
          {l.staffNumber} · {l.jobTitle}
        </span>
      </span>
    </button>
  );
}

/** Net pay and its change against last month's line (new: no line last month). */
function NetPay({ line: l }: { line: PayrollRunLine }) {
  const change = l.variance?.netPay ?? null;
  return (
    <>
      <span className="block font-semibold" data-testid="run-line-net">
        {formatMoney(l.netPay)}
      </span>
      <span className="block text-[11px]" title={cols.change}>
        {change === null ? (
          <span className="rounded bg-sky-500/10 px-1 font-medium text-sky-700 dark:text-sky-300">{r.newLine}</span>
        ) : change === 0 ? (
          <span className="text-muted-foreground">±0.00</span>
        ) : (
          <span className={cn('font-medium', change > 0 ? 'text-amber-700 dark:text-amber-300' : 'text-sky-700 dark:text-sky-300')}>
            {change > 0 ? '+' : '−'}
            {formatMoney(Math.abs(change))}
          </span>
        )}
      </span>
    </>
  );
}

/** An opened line: earnings, benefits, deductions, the PAYE working, its payslip (HR) and, on an approved run, Correct. */
function LineDetail({ line: l, correctIn, payslip }: { line: PayrollRunLine; correctIn: string | null; payslip: React.ReactNode }) {
  const [correcting, setCorrecting] = React.useState(false);
  return (
    <>
      <div className="grid gap-4 text-sm sm:grid-cols-3">
        <Items title={r.earnings} items={l.earnings.map((e) => ({ name: e.taxable === false ? `${e.name} (${m.components.notTaxable})` : e.name, amount: e.amount }))} />
        <Items title={r.benefits} items={l.benefits} />
        <Items title={r.deductions} items={l.deductions} />
      </div>
      <p className="mt-3 text-xs text-muted-foreground">
        {m.breakdown.taxablePay} {formatMoney(l.taxablePay)} · {m.breakdown.taxBeforeRelief} {formatMoney(l.taxBeforeRelief)} · {m.breakdown.personalRelief} {formatMoney(l.personalRelief)} · NSSF {l.nssf.phase} ·{' '}
        {m.breakdown.totalCost} {formatMoney(l.employer.totalCost)}
      </p>
      {(payslip || correctIn) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {payslip}
          {correctIn && (
            <Button variant="outline" size="sm" onClick={() => setCorrecting(true)} data-testid="run-line-correct">
              <PencilLine aria-hidden />
              {m.components.correct}
            </Button>
          )}
        </div>
      )}
      {correcting && correctIn && <AddComponentDialog staffId={l.staffId} month={correctIn} correction title={m.components.correctTitle(l.name, monthName(correctIn))} onClose={() => setCorrecting(false)} />}
    </>
  );
}

/** A titled list of named amounts (KES); a dash when there are none. */
function Items({ title, items }: { title: string; items: { name: string; amount: number }[] }) {
  return (
    <div className="min-w-0">
      <p className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{title}</p>
      {items.length === 0 ? (
        <p className="mt-1 text-muted-foreground">—</p>
      ) : (
        <dl className="mt-1">
          {items.map((i, n) => (
            <div key={n} className="flex justify-between gap-3 py-0.5">
              <dt className="min-w-0 truncate">{i.name}</dt>
              <dd className="tabular-nums">{formatMoney(i.amount)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
