import * as React from 'react';
import { Banknote, CalendarClock, FileSpreadsheet, FileText, Loader2, LockKeyhole, UserCheck, UserMinus, UserPlus, Users } from 'lucide-react';
import type { HrCountRow, HrSummaryResponse } from '@shared/contracts/hr-reports';
import { EMPLOYER_LABELS, EMPLOYMENT_TYPE_LABELS, EXIT_TYPE_LABELS, hrReportsMessages as m } from '@shared/messages/hr-reports';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { LoadErrorCard } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { formatDay, kes, kesCompact, PeriodFilter, rate, shortMonth, useCanViewHrReports, usePeriod } from './hr-bits';
import { useHrExport, useHrSummary } from './hr-reports-api';

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
    <>
      <Button variant="outline" onClick={() => void download.start(period.period, 'pdf')} disabled={!!download.busy} data-testid="hr-export-pdf">
        {download.busy === 'pdf' ? <Loader2 className="animate-spin" aria-hidden /> : <FileText aria-hidden />}
        {r.downloadPdf}
      </Button>
      <Button variant="outline" onClick={() => void download.start(period.period, 'xlsx')} disabled={!!download.busy} data-testid="hr-export-xlsx">
        {download.busy === 'xlsx' ? <Loader2 className="animate-spin" aria-hidden /> : <FileSpreadsheet aria-hidden />}
        {r.downloadExcel}
      </Button>
    </>
  );
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="hr-reports" aria-busy={query.isFetching || undefined}>
      <PageHeader sectionId="hr-reports" title={r.title} subtitle={data ? r.periodLine(formatDay(data.from), formatDay(data.to)) : r.subtitle} actions={actions} />
      <PeriodFilter {...period} />
      {query.isError && !data ? (
        <LoadErrorCard title={r.loadFailed} detail={query.error.message} retryLabel={m.tryAgain} onRetry={() => void query.refetch()} testId="hr-reports-error" />
      ) : !data ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-72 rounded-xl" />
        </div>
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

/** A headcount group as rows with a share bar. */
function CountTable({ title, column, rows, total, testId }: { title: string; column: string; rows: HrCountRow[]; total: number; testId: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <PlainTable minWidth={0}>
        <thead>
          <tr>
            <Th>{column}</Th>
            <Th className="text-right">{r.colStaff}</Th>
            <Th className="w-[38%]">{r.colShare}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((x) => {
            const share = total ? (x.count / total) * 100 : 0;
            return (
              <tr key={x.key} data-testid={`${testId}-row`}>
                <Td className="font-medium">{x.label}</Td>
                <Td className="text-right">{num(x.count)}</Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <div className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
                      <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                    </div>
                    <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">{Math.round(share)}%</span>
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </PlainTable>
    </div>
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

type PersonRow = Summary['joiners']['items'][number];

function PeopleTable<T extends PersonRow | Summary['leavers']['items'][number] | Summary['contractsEnding']['items'][number]>({
  rows,
  extra,
  testId,
}: {
  rows: readonly T[];
  extra: { header: string; cell: (x: T) => React.ReactNode; className?: string }[];
  testId: string;
}) {
  return (
    <PlainTable minWidth={560} testId={testId}>
      <thead>
        <tr>
          <Th>{r.colName}</Th>
          <Th>{r.colDepartment}</Th>
          <Th>{r.colEmploymentType}</Th>
          {extra.map((e) => (
            <Th key={e.header} className={e.className}>
              {e.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((x) => (
          <tr key={x.staffId} data-testid={`${testId}-row`}>
            <Td>
              <p className="font-medium">{x.name}</p>
              <p className="text-xs text-muted-foreground">
                {x.staffNumber} · {x.jobTitle}
              </p>
            </Td>
            <Td>{x.department ?? <span className="text-muted-foreground">{m.noDepartment}</span>}</Td>
            <Td>
              {EMPLOYMENT_TYPE_LABELS[x.employmentType] ?? x.employmentType}
              <span className="block text-xs text-muted-foreground">{EMPLOYER_LABELS[x.employer] ?? x.employer}</span>
            </Td>
            {extra.map((e) => (
              <Td key={e.header} className={e.className}>
                {e.cell(x)}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

function Joiners({ data }: { data: Summary }) {
  return (
    <Panel title={`${r.joinersTitle} · ${data.joiners.count}`} testId="hr-joiners" action={<UserPlus className="size-4 text-muted-foreground" aria-hidden />}>
      {data.joiners.items.length === 0 ? (
        <EmptyNote>{r.joinersEmpty}</EmptyNote>
      ) : (
        <PeopleTable rows={data.joiners.items} testId="hr-joiners-table" extra={[{ header: r.colStartDate, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.startDate)}</span> }]} />
      )}
    </Panel>
  );
}

function Leavers({ data }: { data: Summary }) {
  return (
    <Panel title={`${r.leaversTitle} · ${data.leavers.count}`} testId="hr-leavers" action={<UserMinus className="size-4 text-muted-foreground" aria-hidden />}>
      {data.leavers.items.length === 0 ? (
        <EmptyNote>{r.leaversEmpty}</EmptyNote>
      ) : (
        <PeopleTable
          rows={data.leavers.items}
          testId="hr-leavers-table"
          extra={[
            { header: r.colExitDate, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.exitDate)}</span> },
            { header: r.colExitType, cell: (x) => (x.exitType ? (EXIT_TYPE_LABELS[x.exitType] ?? x.exitType) : m.dash) },
          ]}
        />
      )}
    </Panel>
  );
}

const MONEY_COLUMNS = [
  ['gross', r.colGross],
  ['paye', r.colPaye],
  ['nssf', r.colNssf],
  ['shif', r.colShif],
  ['ahl', r.colAhl],
  ['net', r.colNet],
  ['employerCost', r.colEmployerCost],
] as const;

function PayrollCost({ data }: { data: Summary }) {
  const p = data.payroll;
  return (
    <Panel title={r.payrollTitle} description={r.payrollHint} testId="hr-payroll">
      {p.months.length === 0 ? (
        <EmptyNote>{r.payrollEmpty}</EmptyNote>
      ) : (
        <PlainTable minWidth={820} testId="hr-payroll-table" className="[&_td]:px-2 [&_td]:text-[13px] [&_th]:px-2 sm:[&_td]:px-2.5 sm:[&_th]:px-2.5">
          <thead>
            <tr>
              <Th>{r.colMonth}</Th>
              {MONEY_COLUMNS.map(([k, label]) => (
                <Th key={k} className="text-right">
                  {label}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.months.map((row) => (
              <tr key={row.month} data-testid="hr-payroll-row" data-month={row.month}>
                <Td className="whitespace-nowrap">
                  <p className="font-medium">{shortMonth(row.month)}</p>
                  <p className="text-xs text-muted-foreground">{r.staffCount(row.staffCount)}</p>
                </Td>
                {MONEY_COLUMNS.map(([k]) => (
                  <Td key={k} className={cn('text-right tabular-nums whitespace-nowrap', (k === 'net' || k === 'employerCost') && 'font-medium')}>
                    {kes(row[k])}
                  </Td>
                ))}
              </tr>
            ))}
            <tr className="bg-muted/30 font-semibold">
              <Td>{r.total}</Td>
              {MONEY_COLUMNS.map(([k]) => (
                <Td key={k} className="text-right tabular-nums whitespace-nowrap">
                  {kes(p.totals[k])}
                </Td>
              ))}
            </tr>
          </tbody>
        </PlainTable>
      )}
    </Panel>
  );
}

function Components({ data }: { data: Summary }) {
  const p = data.payroll;
  if (p.months.length === 0) return null;
  return (
    <Panel title={r.componentsTitle} description={r.componentsHint} testId="hr-components">
      <PlainTable minWidth={Math.max(520, 200 + p.byComponent.length * 140)} testId="hr-components-table">
        <thead>
          <tr>
            <Th>{r.colComponent}</Th>
            {p.byComponent.map((mo) => (
              <Th key={mo.month} className="text-right">
                {shortMonth(mo.month)}
              </Th>
            ))}
            <Th className="text-right">{r.total}</Th>
          </tr>
        </thead>
        <tbody>
          {p.components.map((c) => (
            <tr key={c.code}>
              <Td className="font-medium">{c.name}</Td>
              {p.byComponent.map((mo) => (
                <Td key={mo.month} className="text-right tabular-nums whitespace-nowrap">
                  {kes(mo.amounts[c.code] ?? 0)}
                </Td>
              ))}
              <Td className="text-right font-medium tabular-nums whitespace-nowrap">{kes(c.total)}</Td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </Panel>
  );
}

function LeaveTaken({ data }: { data: Summary }) {
  const l = data.leave;
  return (
    <Panel title={`${r.leaveTitle} · ${r.days(l.days)}`} description={r.leaveHint} testId="hr-leave">
      {l.byType.length === 0 ? (
        <EmptyNote>{r.leaveEmpty}</EmptyNote>
      ) : (
        <PlainTable minWidth={0}>
          <thead>
            <tr>
              <Th>{r.colLeaveType}</Th>
              <Th className="text-right">{r.colDays}</Th>
              <Th className="text-right">{r.colRequests}</Th>
              <Th className="text-right">{r.colPeople}</Th>
            </tr>
          </thead>
          <tbody>
            {l.byType.map((x) => (
              <tr key={x.code} data-testid="hr-leave-row">
                <Td className="font-medium">{x.name}</Td>
                <Td className="text-right tabular-nums">{x.days}</Td>
                <Td className="text-right">{num(x.requests)}</Td>
                <Td className="text-right">{num(x.staff)}</Td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
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

function Attendance({ data }: { data: Summary }) {
  const a = data.attendance;
  return (
    <Panel title={`${r.attendanceTitle} · ${rate(a.rate)}`} description={r.attendanceHint} testId="hr-attendance">
      {a.byMonth.length === 0 ? (
        <EmptyNote>{r.attendanceEmpty}</EmptyNote>
      ) : (
        <PlainTable minWidth={560}>
          <thead>
            <tr>
              <Th>{r.colMonth}</Th>
              <Th className="text-right">{r.colMarked}</Th>
              <Th className="text-right">{r.colPresent}</Th>
              <Th className="text-right">{r.colLate}</Th>
              <Th className="text-right">{r.colAbsent}</Th>
              <Th className="text-right">{r.colOnLeave}</Th>
              <Th className="text-right">{r.colOfficialDuty}</Th>
              <Th className="text-right">{r.colRate}</Th>
            </tr>
          </thead>
          <tbody>
            {a.byMonth.map((x) => (
              <tr key={x.month}>
                <Td className="whitespace-nowrap font-medium">{shortMonth(x.month)}</Td>
                <Td className="text-right">{num(x.marked)}</Td>
                <Td className="text-right">{num(x.present)}</Td>
                <Td className="text-right">{num(x.late)}</Td>
                <Td className="text-right">{num(x.absent)}</Td>
                <Td className="text-right">{num(x.onLeave)}</Td>
                <Td className="text-right">{num(x.officialDuty)}</Td>
                <Td className="text-right">
                  <RateText value={x.rate} />
                </Td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
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
        <PeopleTable
          rows={c.items}
          testId="hr-contracts-table"
          extra={[
            { header: r.colContractEnd, cell: (x) => <span className="whitespace-nowrap">{formatDay(x.contractEnd)}</span> },
            {
              header: r.colDaysLeft,
              className: 'text-right',
              cell: (x) => (
                <span className={cn('inline-flex items-center gap-1 tabular-nums font-medium', x.daysLeft <= 30 ? 'text-red-600 dark:text-red-400' : x.daysLeft <= 60 ? 'text-amber-700 dark:text-amber-300' : '')}>
                  <CalendarClock className="size-3.5" aria-hidden />
                  {x.daysLeft}
                </span>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}
