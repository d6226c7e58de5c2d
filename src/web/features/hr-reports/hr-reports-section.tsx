import * as React from 'react';
import { Banknote, CalendarClock, LockKeyhole, UserCheck, UserMinus, UserPlus, Users } from 'lucide-react';
import type { AttendanceMonthRow, HrCountRow, HrSummaryResponse } from '@shared/contracts/hr-reports';
import { EMPLOYER_LABELS, EMPLOYMENT_TYPE_LABELS, EXIT_TYPE_LABELS, hrReportsMessages as m } from '@shared/messages/hr-reports';
import { cn } from '@/lib/utils';
import { ExportButtons } from '@/components/export-buttons';
import { PageHeader } from '@/components/page-header';
import { QueryErrorCard } from '@/components/query-error-card';
import { DataTable, type ColumnDef, type DataTableProps, useTableLayoutWide } from '@/components/data-table';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDay, kes, kesCompact, longMonth, PeriodFilter, rate, useCanViewHrReports, usePeriod } from './hr-bits';
import { useHrExport, useHrSummary } from './hr-reports-api';
import { perLocale } from '@shared/i18n/localized';

const r = m.reports;
type Summary = HrSummaryResponse;

/**
 * HR Reports (issue 14 §4): a period (this year to date by default; kept in the address), headline
 * figures, then a table per report (headcount by department, employment type, gender and employer;
 * joiners and leavers; leave taken; payroll cost by month and by component; staff attendance; contracts
 * ending) and the whole as PDF or Excel. HR, the principal and the director; others see a short notice.
 */
export function HrReportsSection() {
  const access = useCanViewHrReports();
  if (!access.ready) return null;
  if (!access.allowed) return <NoAccess sectionId="hr-reports" title={r.title} />;
  return <HrReportsPage />;
}

/** The notice for roles without viewHrReports (no request is made, so no 403). */
export function NoAccess({ sectionId, title }: { sectionId: string; title: string }) {
  return (
    <section className="flex flex-col gap-6" data-testid="hr-no-access">
      <PageHeader sectionId={sectionId} title={title} />
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card/50 px-6 py-14 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LockKeyhole className="size-5" aria-hidden />
        </span>
        <p className="mt-4 max-w-md text-sm leading-relaxed text-muted-foreground">{m.dashboard.limitedText}</p>
      </div>
    </section>
  );
}

function HrReportsPage() {
  const period = usePeriod();
  const query = useHrSummary(period.period);
  const download = useHrExport(r.downloadFailed);
  const data = query.data;
  const actions = (
    <ExportButtons
      isBusy={download.isBusy}
      onDownload={(format) => void download.start(period.period, format)}
      pdfLabel={r.downloadPdf}
      excelLabel={r.downloadExcel}
      testIds={{ pdf: 'hr-export-pdf', xlsx: 'hr-export-xlsx' }}
    />
  );
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-reports" aria-busy={query.isFetching || undefined}>
      <PageHeader sectionId="hr-reports" title={r.title} subtitle={data ? r.periodLine(formatDay(data.from), formatDay(data.to)) : r.subtitle} actions={actions} />
      <PeriodFilter {...period} />
      {query.isError && !data ? (
        <QueryErrorCard query={query} title={r.loadFailed} retryLabel={m.tryAgain} testId="hr-reports-error" />
      ) : !data ? (
        <SkeletonStack cells={[{ grid: 'grid grid-cols-2 gap-3 xl:grid-cols-4', cells: Array<string>(4).fill('h-28 rounded-xl') }, 'h-72 rounded-xl']} />
      ) : (
        <div className={cn('flex min-w-0 flex-col gap-4 sm:gap-6 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <Headline data={data} />
          <Headcount data={data} />
          <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-2">
            <Joiners data={data} />
            <Leavers data={data} />
          </div>
          <PayrollCost data={data} />
          <Components data={data} />
          <Attendance data={data} />
          <div className="grid min-w-0 grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-3">
            <LeaveTaken data={data} />
            <Contracts data={data} className="xl:col-span-2" />
          </div>
        </div>
      )}
    </section>
  );
}

function Headline({ data }: { data: Summary }) {
  return (
    <StatGrid>
      <StatCard label={r.headcountTitle} value={data.headcount.total.toLocaleString('en-KE')} hint={data.headcount.byEmployer.map((e) => `${e.count} ${e.key === 'bom' ? 'BOM' : e.label}`).join(' · ')} icon={Users} accent={1} testId="hr-kpi-headcount" />
      <StatCard label={`${r.joinersTitle} / ${r.leaversTitle}`} value={`${data.joiners.count} / ${data.leavers.count}`} hint={`${formatDay(data.from)} – ${formatDay(data.to)}`} icon={UserPlus} accent={2} testId="hr-kpi-movement" />
      <StatCard label={`${r.colEmployerCost} (KES)`} value={kesCompact(data.payroll.totals.employerCost)} hint={`KES ${kes(data.payroll.totals.employerCost)}`} icon={Banknote} accent={3} testId="hr-kpi-cost" />
      <StatCard label={r.attendanceTitle} value={rate(data.attendance.rate)} hint={`${r.colMarked}: ${data.attendance.marked.toLocaleString('en-KE')}`} icon={UserCheck} accent={5} testId="hr-kpi-attendance" />
    </StatGrid>
  );
}

const num = (n: number) => <span className={cn('tabular-nums', n === 0 && 'text-muted-foreground')}>{n.toLocaleString('en-KE')}</span>;

/** A report's column: every column always shows (a report is read whole, so no Columns menu). */
function col<T>(id: string, header: string, cell: (x: T) => React.ReactNode, className?: string): ColumnDef<T, unknown> {
  return { id, header, cell: ({ row }) => cell(row.original), meta: { alwaysVisible: true, className } };
}

/**
 * A report table on the DataTable kit (issue 33), inside its panel: no card of its own. The reports are
 * short and unpaged (the summary answers with every row), so the table shows them whole.
 */
function ReportTable<T>(props: Omit<DataTableProps<T>, 'empty'> & { empty?: DataTableProps<T>['empty'] }) {
  return <DataTable empty={{ icon: Users, title: m.dash }} {...props} className={cn('gap-3 rounded-none border-0 bg-transparent p-0 shadow-none sm:p-0', props.className)} />;
}

/** A card's "label  value" line. */
function CardLine({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3 text-sm', strong && 'font-semibold')}>
      <span className="min-w-0 truncate text-muted-foreground">{label}</span>
      <span className="shrink-0 text-right tabular-nums">{children}</span>
    </div>
  );
}

/** A headcount group as rows with a share bar (narrow enough for a phone as a table). */
function CountTable({ title, column, rows, total, testId }: { title: string; column: string; rows: HrCountRow[]; total: number; testId: string }) {
  const columns = React.useMemo(
    () => [
      col<HrCountRow>('label', column, (x) => <span className="font-medium">{x.label}</span>),
      col<HrCountRow>('count', r.colStaff, (x) => num(x.count), 'text-right'),
      col<HrCountRow>(
        'share',
        r.colShare,
        (x) => {
          const share = total ? (x.count / total) * 100 : 0;
          return (
            <div className="flex items-center gap-2">
              <div className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
                <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
              </div>
              <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{Math.round(share)}%</span>
            </div>
          );
        },
        'w-[38%]',
      ),
    ],
    [column, total],
  );
  return (
    <ReportTable
      id={testId}
      columns={columns}
      data={rows as HrCountRow[]}
      getRowId={(x) => x.key}
      rowTestId={`${testId}-row`}
      minWidth={0}
      toolbar={<h3 className="text-sm font-medium">{title}</h3>}
    />
  );
}

function Headcount({ data }: { data: Summary }) {
  const h = data.headcount;
  return (
    <Panel title={`${r.headcountTitle} · ${r.staffCount(h.total)}`} description={r.headcountHint} testId="hr-headcount">
      <div className="grid min-w-0 grid-cols-1 gap-x-8 gap-y-6 lg:grid-cols-2">
        <CountTable title={r.byDepartment} column={r.colDepartment} rows={h.byDepartment} total={h.total} testId="hr-headcount-department" />
        <div className="flex min-w-0 flex-col gap-6">
          <CountTable title={r.byEmploymentType} column={r.colEmploymentType} rows={h.byEmploymentType} total={h.total} testId="hr-headcount-type" />
          <CountTable title={r.byGender} column={r.colGender} rows={h.byGender} total={h.total} testId="hr-headcount-gender" />
          <CountTable title={r.byEmployer} column={r.colEmployer} rows={h.byEmployer} total={h.total} testId="hr-headcount-employer" />
        </div>
      </div>
    </Panel>
  );
}

type PersonRow = Summary['joiners']['items'][number] | Summary['leavers']['items'][number] | Summary['contractsEnding']['items'][number];
type Extra<T> = { id: string; header: string; cell: (x: T) => React.ReactNode; className?: string };

function PeopleTable<T extends PersonRow>({ rows, extra, testId }: { rows: readonly T[]; extra: Extra<T>[]; testId: string }) {
  const columns = React.useMemo(
    () => [
      col<T>('name', r.colName, (x) => (
        <>
          <p className="font-medium">{x.name}</p>
          <p className="text-xs text-muted-foreground">
            {x.staffNumber} · {x.jobTitle}
          </p>
        </>
      )),
      col<T>('department', r.colDepartment, (x) => x.department ?? <span className="text-muted-foreground">{m.noDepartment}</span>),
      col<T>('type', r.colEmploymentType, (x) => (
        <>
          {EMPLOYMENT_TYPE_LABELS[x.employmentType] ?? x.employmentType}
          <span className="block text-xs text-muted-foreground">{EMPLOYER_LABELS[x.employer] ?? x.employer}</span>
        </>
      )),
      ...extra.map((e) => col<T>(e.id, e.header, e.cell, e.className)),
    ],
    [extra],
  );
  return (
    <ReportTable
      id={testId}
      columns={columns}
      data={rows as T[]}
      getRowId={(x) => x.staffId}
      rowTestId={`${testId}-row`}
      minWidth={560}
      renderCard={(x) => (
        <div className="flex flex-col gap-1">
          <p className="font-medium">{x.name}</p>
          <p className="text-xs text-muted-foreground">
            {x.staffNumber} · {x.jobTitle} · {x.department ?? m.noDepartment}
          </p>
          <p className="text-xs text-muted-foreground">
            {EMPLOYMENT_TYPE_LABELS[x.employmentType] ?? x.employmentType} · {EMPLOYER_LABELS[x.employer] ?? x.employer}
          </p>
          {extra.map((e) => (
            <CardLine key={e.id} label={e.header}>
              {e.cell(x)}
            </CardLine>
          ))}
        </div>
      )}
    />
  );
}

type Joiner = Summary['joiners']['items'][number];
type Leaver = Summary['leavers']['items'][number];
type Ending = Summary['contractsEnding']['items'][number];
const JOINER_EXTRA = perLocale((): Extra<Joiner>[] => ([{ id: 'startDate', header: r.colStartDate, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.startDate)}</span> }]));
const LEAVER_EXTRA = perLocale((): Extra<Leaver>[] => ([
  { id: 'exitDate', header: r.colExitDate, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.exitDate)}</span> },
  { id: 'exitType', header: r.colExitType, cell: (x) => (x.exitType ? (EXIT_TYPE_LABELS[x.exitType] ?? x.exitType) : m.dash) },
]));

function Joiners({ data }: { data: Summary }) {
  return (
    <Panel title={`${r.joinersTitle} · ${data.joiners.count}`} testId="hr-joiners" action={<UserPlus className="size-4 text-muted-foreground" aria-hidden />}>
      {data.joiners.items.length === 0 ? <EmptyNote>{r.joinersEmpty}</EmptyNote> : <PeopleTable rows={data.joiners.items} testId="hr-joiners-table" extra={JOINER_EXTRA} />}
    </Panel>
  );
}

function Leavers({ data }: { data: Summary }) {
  return (
    <Panel title={`${r.leaversTitle} · ${data.leavers.count}`} testId="hr-leavers" action={<UserMinus className="size-4 text-muted-foreground" aria-hidden />}>
      {data.leavers.items.length === 0 ? <EmptyNote>{r.leaversEmpty}</EmptyNote> : <PeopleTable rows={data.leavers.items} testId="hr-leavers-table" extra={LEAVER_EXTRA} />}
    </Panel>
  );
}

const MONEY_COLUMNS = perLocale(() => ([
  ['gross', r.colGross],
  ['paye', r.colPaye],
  ['nssf', r.colNssf],
  ['shif', r.colShif],
  ['ahl', r.colAhl],
  ['net', r.colNet],
  ['employerCost', r.colEmployerCost],
] as const));

/** A month of the payroll cost table, or the totals row at its foot (`month` null: the kit has no footer). */
type CostRow = { month: string | null; staffCount: number } & Record<(typeof MONEY_COLUMNS)[number][0], number>;

/**
 * The element that carries a month's test id and month (`hr-payroll-row`, `data-month`). The DataTable
 * renders both the table and the phone cards; only the one on screen carries it, so a month is found once.
 */
function MonthMarker({ month, on, className, children }: { month: string | null; on: boolean; className?: string; children: React.ReactNode }) {
  return on && month ? (
    <div className={className} data-testid="hr-payroll-row" data-month={month}>
      {children}
    </div>
  ) : (
    <div className={className}>{children}</div>
  );
}

function PayrollCost({ data }: { data: Summary }) {
  const p = data.payroll;
  const wide = useTableLayoutWide();
  const rows = React.useMemo<CostRow[]>(() => [...p.months, { ...p.totals, month: null, staffCount: 0 }], [p]);
  const columns = React.useMemo(
    () => [
      col<CostRow>('month', r.colMonth, (row) => (
        <MonthMarker month={row.month} on={wide} className="whitespace-nowrap">
          {row.month ? (
            <>
              <p className="font-medium">{longMonth(row.month)}</p>
              <p className="text-xs text-muted-foreground">{r.staffCount(row.staffCount)}</p>
            </>
          ) : (
            <p className="font-semibold">{r.total}</p>
          )}
        </MonthMarker>
      )),
      ...MONEY_COLUMNS.map(([k, label]) =>
        col<CostRow>(k, label, (row) => <span className={cn('tabular-nums whitespace-nowrap', (k === 'net' || k === 'employerCost' || !row.month) && 'font-medium', !row.month && 'font-semibold')}>{kes(row[k])}</span>, 'text-right'),
      ),
    ],
    [wide],
  );
  return (
    <Panel title={r.payrollTitle} description={r.payrollHint} testId="hr-payroll">
      {p.months.length === 0 ? (
        <EmptyNote>{r.payrollEmpty}</EmptyNote>
      ) : (
        <ReportTable
          id="hr-payroll-table"
          columns={columns}
          data={rows}
          getRowId={(row) => row.month ?? 'total'}
          minWidth={820}
          className="[&_td]:px-2 [&_td]:text-[13px] [&_th]:px-2 sm:[&_td]:px-2.5 sm:[&_th]:px-2.5"
          renderCard={(row) => (
            <MonthMarker month={row.month} on={!wide} className="flex flex-col gap-1">
              <p className="font-medium">
                {row.month ? longMonth(row.month) : r.total}
                {row.month && <span className="font-normal text-muted-foreground"> · {r.staffCount(row.staffCount)}</span>}
              </p>
              {MONEY_COLUMNS.map(([k, label]) => (
                <CardLine key={k} label={label} strong={k === 'net' || k === 'employerCost'}>
                  {kes(row[k])}
                </CardLine>
              ))}
            </MonthMarker>
          )}
        />
      )}
    </Panel>
  );
}

type ComponentRow = Summary['payroll']['components'][number];

function Components({ data }: { data: Summary }) {
  const p = data.payroll;
  const columns = React.useMemo(
    () => [
      col<ComponentRow>('name', r.colComponent, (x) => <span className="font-medium">{x.name}</span>),
      ...p.byComponent.map((mo) => col<ComponentRow>(mo.month, longMonth(mo.month), (x) => <span className="tabular-nums whitespace-nowrap">{kes(mo.amounts[x.code] ?? 0)}</span>, 'text-right')),
      col<ComponentRow>('total', r.total, (x) => <span className="font-medium tabular-nums whitespace-nowrap">{kes(x.total)}</span>, 'text-right'),
    ],
    [p.byComponent],
  );
  if (p.months.length === 0) return null;
  return (
    <Panel title={r.componentsTitle} description={r.componentsHint} testId="hr-components">
      <ReportTable
        id="hr-components-table"
        columns={columns}
        data={p.components}
        getRowId={(x) => x.code}
        minWidth={Math.max(520, 200 + p.byComponent.length * 140)}
        renderCard={(x) => (
          <div className="flex flex-col gap-1">
            <p className="font-medium">{x.name}</p>
            {p.byComponent.map((mo) => (
              <CardLine key={mo.month} label={longMonth(mo.month)}>
                {kes(mo.amounts[x.code] ?? 0)}
              </CardLine>
            ))}
            <CardLine label={r.total} strong>
              {kes(x.total)}
            </CardLine>
          </div>
        )}
      />
    </Panel>
  );
}

type LeaveRow = Summary['leave']['byType'][number];

const LEAVE_COLUMNS = perLocale(() => ([
  col<LeaveRow>('name', r.colLeaveType, (x) => <span className="font-medium">{x.name}</span>),
  col<LeaveRow>('days', r.colDays, (x) => <span className="tabular-nums">{x.days}</span>, 'text-right'),
  col<LeaveRow>('requests', r.colRequests, (x) => num(x.requests), 'text-right'),
  col<LeaveRow>('staff', r.colPeople, (x) => num(x.staff), 'text-right'),
]));

function LeaveTaken({ data }: { data: Summary }) {
  const l = data.leave;
  return (
    <Panel title={`${r.leaveTitle} · ${r.days(l.days)}`} description={r.leaveHint} testId="hr-leave">
      {l.byType.length === 0 ? (
        <EmptyNote>{r.leaveEmpty}</EmptyNote>
      ) : (
        <ReportTable id="hr-leave-table" columns={LEAVE_COLUMNS} data={l.byType} getRowId={(x) => x.code} rowTestId="hr-leave-row" minWidth={0} />
      )}
    </Panel>
  );
}

function RateText({ value }: { value: number | null }) {
  return (
    <span className={cn('font-semibold tabular-nums', value === null ? 'font-normal text-muted-foreground' : value < 80 ? 'text-red-600 dark:text-red-400' : value < 90 ? 'text-amber-700 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-300')}>
      {rate(value)}
    </span>
  );
}

const ATTENDANCE_FIGURES = perLocale(() => ([
  ['marked', r.colMarked],
  ['present', r.colPresent],
  ['late', r.colLate],
  ['absent', r.colAbsent],
  ['onLeave', r.colOnLeave],
  ['officialDuty', r.colOfficialDuty],
] as const));

const ATTENDANCE_COLUMNS = perLocale(() => ([
  col<AttendanceMonthRow>('month', r.colMonth, (x) => <span className="whitespace-nowrap font-medium">{longMonth(x.month)}</span>),
  ...ATTENDANCE_FIGURES.map(([k, label]) => col<AttendanceMonthRow>(k, label, (x) => num(x[k]), 'text-right')),
  col<AttendanceMonthRow>('rate', r.colRate, (x) => <RateText value={x.rate} />, 'text-right'),
]));

function Attendance({ data }: { data: Summary }) {
  const a = data.attendance;
  return (
    <Panel title={`${r.attendanceTitle} · ${rate(a.rate)}`} description={r.attendanceHint} testId="hr-attendance">
      {a.byMonth.length === 0 ? (
        <EmptyNote>{r.attendanceEmpty}</EmptyNote>
      ) : (
        <ReportTable
          id="hr-attendance-table"
          columns={ATTENDANCE_COLUMNS}
          data={a.byMonth}
          getRowId={(x) => x.month}
          minWidth={560}
          renderCard={(x) => (
            <div className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-medium">{longMonth(x.month)}</p>
                <RateText value={x.rate} />
              </div>
              {ATTENDANCE_FIGURES.map(([k, label]) => (
                <CardLine key={k} label={label}>
                  {num(x[k])}
                </CardLine>
              ))}
            </div>
          )}
        />
      )}
    </Panel>
  );
}

function Contracts({ data, className }: { data: Summary; className?: string }) {
  const c = data.contractsEnding;
  const chip = (days: number, n: number, tone: string) => (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset', tone)} key={days}>
      {r.within(days)} <span className="tabular-nums font-semibold">{n}</span>
    </span>
  );
  return (
    <Panel
      title={r.contractsTitle}
      description={r.contractsHint}
      testId="hr-contracts"
      className={className}
      action={
        <div className="flex flex-wrap gap-1.5">
          {chip(30, c.within30, 'bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-300')}
          {chip(60, c.within60, 'bg-amber-500/10 text-amber-800 ring-amber-500/20 dark:text-amber-300')}
          {chip(90, c.within90, 'bg-muted text-muted-foreground ring-border')}
        </div>
      }
    >
      {c.items.length === 0 ? (
        <EmptyNote>{r.contractsEmpty}</EmptyNote>
      ) : (
        <PeopleTable rows={c.items} testId="hr-contracts-table" extra={CONTRACT_EXTRA} />
      )}
    </Panel>
  );
}

const CONTRACT_EXTRA = perLocale((): Extra<Ending>[] => ([
  { id: 'contractEnd', header: r.colContractEnd, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.contractEnd)}</span> },
  {
    id: 'daysLeft',
    header: r.colDaysLeft,
    className: 'text-right',
    cell: (x) => (
      <span className={cn('inline-flex items-center gap-1 tabular-nums font-medium', x.daysLeft <= 30 ? 'text-red-600 dark:text-red-400' : x.daysLeft <= 60 ? 'text-amber-700 dark:text-amber-300' : '')}>
        <CalendarClock className="size-3.5" aria-hidden />
        {x.daysLeft}
      </span>
    ),
  },
]));
