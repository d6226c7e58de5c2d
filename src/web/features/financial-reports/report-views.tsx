import type * as React from 'react';
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, Banknote, CalendarClock, CircleDollarSign, Gauge, Hourglass, Landmark, PiggyBank, Receipt, Scale, Smartphone, Undo2, Users, Wallet } from 'lucide-react';
import type { LabelledAmount } from '@shared/contracts/financial-reports';
import type { ReportData } from '@shared/contracts/financial-report-data';
import { BUDGET_STATUS_LABELS, GROUP_BY_LABELS, MPESA_STATUS_LABELS, financialReportsMessages as m } from '@shared/messages/financial-reports';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { CHART, PALETTE } from '@/components/charts';
import { formatMoney, Money } from '@/components/money';
import { MoneyBars, MoneyColumns } from './report-charts';
import { moneyCell, ReportTable, type ReportColumn } from './report-table';
import { formatDay } from '@shared/dates';

/**
 * What each financial report shows on screen: headline figures (stat cards), a chart where it helps
 * (collections over time, ageing buckets, spending by category, budget use) and its tables. The PDF and
 * Excel downloads carry the same figures (server: financial-reports-export.ts).
 */

const c = m.col;
const s = m.stat;
/** A headline amount in KES (the card's label says "KES"), whole shillings without ".00". */
const money = (v: number, className?: string) => {
  const text = formatMoney(v);
  return <span className={cn('whitespace-nowrap tabular-nums', className)}>{text.endsWith('.00') ? text.slice(0, -3) : text}</span>;
};
/** "Outstanding (KES)". */
const kesLabel = (label: string) => `${label} (KES)`;
const day = (d: string | null) => (d ? formatDay(d) : m.dash);
const pct = (v: number | null) => (v === null ? m.dash : `${v.toLocaleString('en-KE', { maximumFractionDigits: 1 })}%`);
const grid2 = 'grid min-w-0 grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-2';

/** A right-aligned KES column; `strong` sets the figure in medium weight (a row's total). */
function moneyCol<R>(key: string, header: string, get: (x: R) => number, strong = false): ReportColumn<R> {
  return { key, header, cell: (x) => (strong ? <span className="font-medium">{moneyCell(get(x))}</span> : moneyCell(get(x))), align: 'right' };
}

/** The learner, admission number and stream columns that open the per-learner tables. */
function learnerCols<R extends { name: string; admissionNumber: string; stream: string | null }>(): ReportColumn<R>[] {
  return [
    { key: 'name', header: c.learner, cell: (x) => x.name, title: true },
    { key: 'adm', header: c.admission, cell: (x) => x.admissionNumber, subtitle: true },
    { key: 'stream', header: c.stream, cell: (x) => x.stream ?? m.dash, className: 'whitespace-nowrap' },
  ];
}

/** The day column that titles the per-day tables. */
function dayCol<R extends { date: string }>(): ReportColumn<R> {
  return { key: 'date', header: c.date, cell: (x) => day(x.date), title: true, className: 'whitespace-nowrap' };
}

/** A report table in its titled panel, saying "No data" when there are no rows. */
function TablePanel<T>({ title, description, ...table }: { title: string; description?: string } & Omit<React.ComponentProps<typeof ReportTable<T>>, 'empty'>) {
  return (
    <Panel title={title} description={description}>
      <ReportTable {...table} empty={m.empty} />
    </Panel>
  );
}

function Note({ children }: { children: React.ReactNode }) {
  return <p className="text-xs leading-relaxed text-muted-foreground sm:text-[13px]">{children}</p>;
}

/** Method / category / group rows with count, KES and share; total in the footer. */
function LabelledTable({ rows, first, count = c.count, testId }: { rows: LabelledAmount[]; first: string; count?: string; testId: string }) {
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const cols: ReportColumn<LabelledAmount>[] = [
    { key: 'label', header: first, cell: (r) => r.label, title: true },
    { key: 'count', header: count, cell: (r) => r.count.toLocaleString('en-KE'), align: 'right' },
    { key: 'amount', header: c.amount, cell: (r) => moneyCell(r.amount), align: 'right' },
    { key: 'share', header: c.share, cell: (r) => pct(total ? Math.round((r.amount / total) * 1000) / 10 : 0), align: 'right' },
  ];
  return (
    <ReportTable
      columns={cols}
      rows={rows}
      rowKey={(r) => r.key}
      empty={m.empty}
      testId={testId}
      total={rows.length ? { label: m.total, count: rows.reduce((x, r) => x + r.count, 0).toLocaleString('en-KE'), amount: moneyCell(total) } : undefined}
    />
  );
}

const barData = (rows: LabelledAmount[]) => rows.map((r, i) => ({ label: r.label, value: Math.round(r.amount), color: PALETTE[i % PALETTE.length] }));

export function FeeCollectionView({ r }: { r: ReportData['fee-collection'] }) {
  const g = GROUP_BY_LABELS[r.groupBy] ?? r.groupBy;
  const timeline = r.groupBy === 'day' || r.groupBy === 'month';
  const chart = timeline
    ? [...r.groups].reverse().map((x) => ({ label: x.label, short: r.groupBy === 'day' ? day(x.key).replace(/ \d{4}$/, '') : x.label.replace(/ \d{4}$/, '').slice(0, 3), value: Math.round(x.amount) }))
    : [];
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.collected)} value={money(r.totals.collected)} icon={Banknote} accent={1} testId="fr-stat-collected" />
        <StatCard label={s.receipts} value={r.totals.receipts.toLocaleString('en-KE')} icon={Receipt} accent={2} />
        <StatCard label={kesLabel(s.reversals)} value={money(r.totals.reversals)} icon={Undo2} accent={5} />
        <StatCard label={s.learnersPaying} value={r.totals.learners.toLocaleString('en-KE')} icon={Users} accent={3} />
      </StatGrid>
      <div className={grid2}>
        <Panel title={m.section.groups(g)}>
          {!r.groups.length ? (
            <EmptyNote>{m.empty}</EmptyNote>
          ) : timeline ? (
            <MoneyColumns data={chart} name={s.collected} testId="fr-chart-collection" />
          ) : (
            <MoneyBars data={barData(r.groups)} name={s.collected} yWidth={120} testId="fr-chart-collection" />
          )}
        </Panel>
        <Panel title={m.section.byMethod}>
          <LabelledTable rows={r.byMethod} first={c.method} count={c.receipts} testId="fr-methods" />
        </Panel>
      </div>
      <Panel title={m.section.groups(g)}>
        <LabelledTable rows={r.groupBy === 'day' ? r.groups.map((x) => ({ ...x, label: day(x.key) })) : r.groups} first={g} count={c.receipts} testId="fr-groups" />
      </Panel>
    </>
  );
}

const BUCKET_COLOURS = [CHART[2], CHART[4], 'color-mix(in oklab, var(--color-chart-4) 50%, var(--color-chart-5))', CHART[5]];

export function ArrearsView({ r }: { r: ReportData['arrears'] }) {
  type Row = ReportData['arrears']['rows'][number];
  const cols: ReportColumn<Row>[] = [
    ...learnerCols<Row>(),
    moneyCol('b1', '0-30', (x) => x.d0to30),
    moneyCol('b2', '31-60', (x) => x.d31to60),
    moneyCol('b3', '61-90', (x) => x.d61to90),
    moneyCol('b4', 'Over 90', (x) => x.over90),
    moneyCol('total', c.balance, (x) => x.total, true),
  ];
  const amt = (k: string) => r.buckets.find((b) => b.key === k)?.amount ?? 0;
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.outstanding)} value={money(r.totals.outstanding)} icon={Wallet} accent={5} testId="fr-stat-outstanding" />
        <StatCard label={s.learnersOwing} value={r.totals.learners.toLocaleString('en-KE')} icon={Users} accent={1} />
        <StatCard label={s.invoicesOwing} value={r.totals.invoices.toLocaleString('en-KE')} icon={Receipt} accent={2} />
        <StatCard label={kesLabel(s.over90)} value={money(amt('Over 90'))} icon={Hourglass} accent={4} />
      </StatGrid>
      <Panel title={m.section.buckets} description={m.ageingRule} testId="fr-buckets">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <MoneyBars data={r.buckets.map((b, i) => ({ label: b.key, value: Math.round(b.amount), color: BUCKET_COLOURS[i] }))} name={c.amount} yWidth={64} testId="fr-chart-ageing" />
          <ul className="grid grid-cols-2 gap-2.5 self-center">
            {r.buckets.map((b, i) => (
              <li key={b.key} className="rounded-lg border p-3" data-testid="fr-bucket">
                <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <span className="size-2.5 rounded-sm" style={{ background: BUCKET_COLOURS[i] }} />
                  <span data-testid="fr-bucket-key">{b.key}</span>
                  <span className="sr-only"> {m.bucketLabels[b.key]}</span>
                </p>
                <p className="mt-1 text-base font-semibold sm:text-lg">
                  <span className="text-xs font-medium text-muted-foreground">KES </span>
                  {money(b.amount)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {b.learners.toLocaleString('en-KE')} {c.learners.toLowerCase()} · {b.invoices.toLocaleString('en-KE')} {c.invoices.toLowerCase()}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </Panel>
      <TablePanel
        title={m.section.byLearner}
        columns={cols}
        rows={r.rows}
        rowKey={(x) => x.studentId}
        testId="fr-arrears"
        total={r.rows.length ? { name: m.total, b1: moneyCell(amt('0-30')), b2: moneyCell(amt('31-60')), b3: moneyCell(amt('61-90')), b4: moneyCell(amt('Over 90')), total: moneyCell(r.totals.outstanding) } : undefined}
      />
    </>
  );
}

export function DefaultersView({ r }: { r: ReportData['defaulters'] }) {
  type Row = ReportData['defaulters']['rows'][number];
  const cols: ReportColumn<Row>[] = [
    ...learnerCols<Row>(),
    moneyCol('balance', c.balance, (x) => x.balance, true),
    { key: 'days', header: c.daysOverdue, cell: (x) => <Badge className={cn(x.daysOverdue > 90 ? 'bg-destructive/10 text-destructive' : x.daysOverdue > 30 ? 'bg-amber-500/15 text-amber-700 dark:text-amber-400' : '')}>{x.daysOverdue}</Badge>, align: 'right' },
    { key: 'last', header: c.lastPayment, cell: (x) => (x.lastPaymentOn ? `${day(x.lastPaymentOn)}` : m.dash) },
    { key: 'guardian', header: c.guardian, cell: (x) => x.guardianName ?? m.dash },
    {
      key: 'contact',
      header: c.phone,
      cell: (x) => (
        <span className="flex flex-col">
          {x.guardianPhone ? <a className="text-primary hover:underline" href={`tel:+${x.guardianPhone}`}>{`0${x.guardianPhone.slice(3)}`}</a> : m.dash}
          {x.guardianEmail && <span className="truncate text-xs text-muted-foreground">{x.guardianEmail}</span>}
        </span>
      ),
    },
  ];
  return (
    <>
      <StatGrid className="xl:grid-cols-3">
        <StatCard label={s.defaulters} value={r.totals.learners.toLocaleString('en-KE')} icon={AlertTriangle} accent={5} testId="fr-stat-defaulters" />
        <StatCard label={kesLabel(s.overdueTotal)} value={money(r.totals.overdue)} icon={CalendarClock} accent={4} />
        <StatCard label={kesLabel(s.balanceTotal)} value={money(r.totals.balance)} icon={Wallet} accent={1} className="col-span-2 xl:col-span-1" />
      </StatGrid>
      <TablePanel title={m.reports.defaulters.title} description={m.defaulterRule} columns={cols} rows={r.rows} rowKey={(x) => x.studentId} testId="fr-defaulters" />
    </>
  );
}

export function CashBookView({ r }: { r: ReportData['cash-book'] }) {
  type D = ReportData['cash-book']['days'][number];
  type E = ReportData['cash-book']['entries'][number];
  const dayCols: ReportColumn<D>[] = [
    dayCol<D>(),
    moneyCol('in', c.moneyIn, (x) => x.moneyIn),
    moneyCol('out', c.moneyOut, (x) => x.moneyOut),
    moneyCol('net', c.net, (x) => x.net),
    moneyCol('closing', c.closing, (x) => x.closing, true),
  ];
  const entryCols: ReportColumn<E>[] = [
    { key: 'desc', header: c.description, cell: (x) => x.description, title: true },
    { key: 'date', header: c.date, cell: (x) => day(x.date), className: 'whitespace-nowrap' },
    { key: 'ref', header: c.reference, cell: (x) => x.reference ?? m.dash },
    { key: 'method', header: c.method, cell: (x) => x.method },
    {
      key: 'amount',
      header: c.amount,
      cell: (x) => (
        <span className={cn('inline-flex items-center gap-1', x.direction === 'in' ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>
          {x.direction === 'in' ? <ArrowDownLeft className="size-3.5" aria-hidden /> : <ArrowUpRight className="size-3.5" aria-hidden />}
          {moneyCell(x.amount)}
        </span>
      ),
      align: 'right',
    },
  ];
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.opening)} value={money(r.openingBalance)} icon={Landmark} accent={3} />
        <StatCard label={kesLabel(s.moneyIn)} value={money(r.totals.moneyIn)} icon={ArrowDownLeft} accent={2} testId="fr-stat-in" />
        <StatCard label={kesLabel(s.moneyOut)} value={money(r.totals.moneyOut)} icon={ArrowUpRight} accent={5} />
        <StatCard label={kesLabel(s.closing)} value={money(r.totals.closingBalance)} icon={Wallet} accent={1} />
      </StatGrid>
      <Note>{m.cashBookRule}</Note>
      <div className={grid2}>
        <Panel title={m.section.moneyInByMethod}>
          <LabelledTable rows={r.inByMethod} first={c.method} count={c.receipts} testId="fr-in-methods" />
        </Panel>
        <Panel title={m.section.moneyOutByMethod}>
          <LabelledTable rows={r.outByMethod} first={c.method} testId="fr-out-methods" />
        </Panel>
      </div>
      <TablePanel title={m.section.days} columns={dayCols} rows={r.days} rowKey={(x) => x.date} testId="fr-days" />
      <TablePanel title={m.section.entries} columns={entryCols} rows={r.entries} rowKey={(x, i) => `${x.date}-${i}`} testId="fr-entries" />
    </>
  );
}

export function IncomeExpenditureView({ r }: { r: ReportData['income-expenditure'] }) {
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.income)} value={money(r.income.collected)} icon={ArrowDownLeft} accent={2} testId="fr-stat-income" />
        <StatCard label={kesLabel(s.expenditure)} value={money(r.expenditure.total)} icon={ArrowUpRight} accent={5} />
        <StatCard label={kesLabel(r.surplus < 0 ? s.deficit : s.surplus)} value={money(r.surplus, r.surplus < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')} icon={Scale} accent={1} />
        <StatCard label={kesLabel(s.invoiced)} value={money(r.income.invoiced)} icon={Receipt} accent={3} />
      </StatGrid>
      <Note>{m.incomeRule}</Note>
      <div className={grid2}>
        <Panel title={m.section.incomeByMethod}>
          <LabelledTable rows={r.income.byMethod} first={c.method} count={c.receipts} testId="fr-income" />
        </Panel>
        <Panel title={m.section.expenditure}>
          <LabelledTable rows={r.expenditure.lines} first={c.category} testId="fr-expenditure" />
        </Panel>
      </div>
      <Panel title={m.section.invoicedByCategory}>
        <LabelledTable rows={r.income.invoicedByCategory} first={c.item} testId="fr-invoiced" />
      </Panel>
    </>
  );
}

export function MpesaView({ r }: { r: ReportData['mpesa-reconciliation'] }) {
  const t = r.totals;
  type D = ReportData['mpesa-reconciliation']['days'][number];
  type X = ReportData['mpesa-reconciliation']['exceptions'][number];
  const dayCols: ReportColumn<D>[] = [
    dayCol<D>(),
    { key: 'count', header: c.count, cell: (x) => x.count, align: 'right' },
    moneyCol('received', c.received, (x) => x.received),
    moneyCol('posted', c.posted, (x) => x.posted),
    moneyCol('unmatched', c.unmatched, (x) => x.unmatched),
    moneyCol('refunded', c.refunded, (x) => x.refunded),
  ];
  const exCols: ReportColumn<X>[] = [
    { key: 'payer', header: c.payer, cell: (x) => x.payerName ?? m.dash, title: true },
    { key: 'code', header: c.transId, cell: (x) => <span className="font-mono text-xs">{x.transId}</span>, subtitle: true },
    { key: 'date', header: c.date, cell: (x) => day(x.receivedOn), className: 'whitespace-nowrap' },
    { key: 'account', header: c.account, cell: (x) => x.billRef ?? m.dash },
    moneyCol('amount', c.amount, (x) => x.amount),
    { key: 'status', header: c.status, cell: (x) => <Badge className={x.status === 'unmatched' ? 'bg-amber-500/15 text-amber-700 dark:text-amber-400' : 'bg-muted text-muted-foreground'}>{MPESA_STATUS_LABELS[x.status] ?? x.status}</Badge> },
  ];
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.received)} value={money(t.received.amount)} hint={m.transactions(t.received.count)} icon={Smartphone} accent={2} testId="fr-stat-received" />
        <StatCard label={kesLabel(s.posted)} value={money(t.postedToLearners.amount)} hint={m.transactions(t.postedToLearners.count)} icon={CircleDollarSign} accent={1} />
        <StatCard label={kesLabel(s.unmatched)} value={money(t.unmatched.amount)} hint={m.transactions(t.unmatched.count)} icon={AlertTriangle} accent={4} />
        <StatCard label={kesLabel(s.refunded)} value={money(t.refunded.amount)} hint={m.transactions(t.refunded.count)} icon={Undo2} accent={5} />
      </StatGrid>
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <span>
          {s.manualMpesa}: <Money value={t.manualMpesa.amount} className="text-foreground" /> ({t.manualMpesa.count})
        </span>
        <span className={cn(t.difference !== 0 && 'font-medium text-destructive')}>
          {s.difference}: <Money value={t.difference} />
        </span>
      </div>
      <TablePanel title={m.section.days} description={m.mpesaRule} columns={dayCols} rows={r.days} rowKey={(x) => x.date} testId="fr-mpesa-days" />
      <TablePanel title={m.section.exceptions} columns={exCols} rows={r.exceptions} rowKey={(x) => x.transId} testId="fr-mpesa-exceptions" />
    </>
  );
}

export function ExpensesView({ r }: { r: ReportData['expenses-by-category'] }) {
  type Row = ReportData['expenses-by-category']['rows'][number];
  const cols: ReportColumn<Row>[] = [
    { key: 'name', header: c.category, cell: (x) => x.name, title: true },
    { key: 'count', header: c.count, cell: (x) => x.count, align: 'right' },
    moneyCol('paid', c.paid, (x) => x.paid),
    moneyCol('approved', c.approvedUnpaid, (x) => x.approved),
    moneyCol('amount', c.amount, (x) => x.amount, true),
    { key: 'share', header: c.share, cell: (x) => pct(x.share), align: 'right' },
  ];
  return (
    <>
      <StatGrid className="xl:grid-cols-3">
        <StatCard label={kesLabel(s.spent)} value={money(r.totals.amount)} icon={Wallet} accent={5} testId="fr-stat-spent" />
        <StatCard label={s.expenses} value={r.totals.count.toLocaleString('en-KE')} icon={Receipt} accent={2} />
        <StatCard label={s.categories} value={r.rows.length.toLocaleString('en-KE')} icon={PiggyBank} accent={3} className="col-span-2 xl:col-span-1" />
      </StatGrid>
      <div className={grid2}>
        <Panel title={m.section.byCategory} description={m.expensesRule}>
          {r.rows.length ? <MoneyBars data={r.rows.map((x, i) => ({ label: x.name, value: Math.round(x.amount), color: PALETTE[i % PALETTE.length] }))} name={c.amount} yWidth={120} testId="fr-chart-expenses" /> : <EmptyNote>{m.empty}</EmptyNote>}
        </Panel>
        <TablePanel
          title={m.section.byCategory}
          columns={cols}
          rows={r.rows}
          rowKey={(x) => x.categoryId}
          testId="fr-expenses"
          total={r.rows.length ? { name: m.total, count: r.totals.count, paid: moneyCell(r.totals.paid), approved: moneyCell(r.totals.approved), amount: moneyCell(r.totals.amount) } : undefined}
        />
      </div>
    </>
  );
}

const STATUS_TONE: Record<string, string> = {
  under: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-400',
  near: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
  over: 'bg-destructive/10 text-destructive',
  unbudgeted: 'bg-muted text-muted-foreground',
};

export function BudgetView({ r }: { r: ReportData['budget-vs-actual'] }) {
  type Row = ReportData['budget-vs-actual']['rows'][number];
  const cols: ReportColumn<Row>[] = [
    { key: 'name', header: c.category, cell: (x) => x.name, title: true },
    moneyCol('budget', c.budget, (x) => x.budget),
    moneyCol('actual', c.actual, (x) => x.actual),
    { key: 'variance', header: c.variance, cell: (x) => <span className={cn(x.variance < 0 && 'text-destructive')}>{moneyCell(x.variance)}</span>, align: 'right' },
    {
      key: 'used',
      header: c.percentUsed,
      cell: (x) => (
        <span className="flex items-center justify-end gap-2">
          <span className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:inline-block" aria-hidden>
            <span className={cn('block h-full rounded-full', x.status === 'over' ? 'bg-destructive' : x.status === 'near' ? 'bg-amber-500' : 'bg-emerald-500')} style={{ width: `${Math.min(100, x.percentUsed ?? 0)}%` }} />
          </span>
          {pct(x.percentUsed)}
        </span>
      ),
      align: 'right',
    },
    { key: 'status', header: c.status, cell: (x) => <Badge className={STATUS_TONE[x.status]}>{BUDGET_STATUS_LABELS[x.status]}</Badge> },
  ];
  return (
    <>
      <StatGrid>
        <StatCard label={kesLabel(s.budget)} value={money(r.totals.budget)} hint={r.periodLabel} icon={PiggyBank} accent={3} testId="fr-stat-budget" />
        <StatCard label={kesLabel(s.actual)} value={money(r.totals.actual)} icon={Wallet} accent={5} />
        <StatCard label={kesLabel(s.variance)} value={money(r.totals.variance, r.totals.variance < 0 ? 'text-destructive' : undefined)} icon={Scale} accent={1} />
        <StatCard label={s.used} value={pct(r.totals.percentUsed)} icon={Gauge} accent={4} />
      </StatGrid>
      <TablePanel
        title={m.section.byCategory}
        description={m.budgetRule}
        columns={cols}
        rows={r.rows}
        rowKey={(x) => x.categoryId}
        testId="fr-budget"
        total={r.rows.length ? { name: m.total, budget: moneyCell(r.totals.budget), actual: moneyCell(r.totals.actual), variance: moneyCell(r.totals.variance), used: pct(r.totals.percentUsed) } : undefined}
      />
    </>
  );
}
