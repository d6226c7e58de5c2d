import * as React from 'react';
import { Building2, Users } from 'lucide-react';
import type { StaffReportResponse } from '@shared/contracts/attendance';
import { formatMonth, schoolToday } from '@shared/dates';
import { staffAttendanceScreens as m } from '@shared/messages/staff-attendance-screens';
import { roleDisplayName } from '@shared/roles';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { ExportButtons } from '@/components/export-buttons';
import { NameLines } from '@/components/name-lines';
import { DataTable, parseSort, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { QueryErrorCard } from '@/components/query-error-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FilterField, formatRate } from '../principal/bits';
import { useDepartments, useReportDownload, useStaffDay, useStaffReport } from './staff-api';

type PersonRow = StaffReportResponse['items'][number];
type DepartmentRow = StaffReportResponse['departments'][number];
const r = m.report;

/** "October 2026" for 2026-10. */
export const monthName = (month: string) => formatMonth(month);

/** The months offered: the current one and the 23 before it, newest first. */
function recentMonths(today: string, count = 24): string[] {
  const [y, mo] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, mo - 1 - i, 1));
    return d.toISOString().slice(0, 7);
  });
}

const num = (n: number, muted = n === 0) => <span className={cn('tabular-nums', muted && 'text-muted-foreground')}>{n}</span>;

/** A rate in bold, amber below 90 % and red below 80 %, a dash when no day was expected. */
function Rate({ rate }: { rate: number | null }) {
  return (
    <span
      className={cn('font-semibold tabular-nums', rate === null ? 'font-normal text-muted-foreground' : rate < 80 ? 'text-red-600 dark:text-red-400' : rate < 90 ? 'text-amber-700 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-300')}
      data-testid="staff-rate"
    >
      {formatRate(rate)}
    </span>
  );
}

const PERSON_SORT: Record<string, (a: PersonRow, b: PersonRow) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  // Non-teaching staff (no department) after the departments.
  department: (a, b) => (a.department === null ? 1 : 0) - (b.department === null ? 1 : 0) || (a.department ?? '').localeCompare(b.department ?? '') || a.name.localeCompare(b.name),
  absent: (a, b) => a.absent - b.absent,
  late: (a, b) => a.late - b.late,
  rate: (a, b) => (a.rate ?? -1) - (b.rate ?? -1),
};

/**
 * The monthly staff attendance report (issue 13 §3): a month (the address's `?month=`, else the month
 * of the latest school day) and a department, a row per person (days open, present, late, absent, on
 * leave, official duty, not recorded, rate) and per department, and the same as PDF and Excel.
 */
export function StaffReportView() {
  const [params, patchParams] = usePatchedSearchParams();
  const latest = useStaffDay(null);
  const today = latest.data?.today ?? schoolToday();
  const months = React.useMemo(() => recentMonths(today), [today]);
  const requested = params.get('month');
  const month = requested && /^\d{4}-(0[1-9]|1[0-2])$/.test(requested) ? requested : (latest.data?.date.slice(0, 7) ?? null);
  const departmentId = params.get('department') || null;
  const query = useStaffReport(month, departmentId);
  const departments = useDepartments();
  const download = useReportDownload(r.downloadFailed);
  const [sort, setSort] = React.useState('department');

  const set = (key: string, value: string | null) => patchParams({ [key]: value });

  const people = React.useMemo(() => {
    const active = parseSort(sort);
    const sorter = PERSON_SORT[active?.id ?? 'department'] ?? PERSON_SORT.department!;
    return [...(query.data?.items ?? [])].sort((a, b) => (active?.desc ? -1 : 1) * sorter(a, b) || a.name.localeCompare(b.name));
  }, [query.data, sort]);

  const personColumns = React.useMemo<ColumnDef<PersonRow, unknown>[]>(
    () => [
      {
        id: 'name',
        header: r.colName,
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium" data-testid="report-name">
              {row.original.name}
            </p>
            <p className="truncate text-xs text-muted-foreground">{roleDisplayName(row.original.role)}</p>
          </div>
        ),
        meta: { sortKey: 'name', alwaysVisible: true },
      },
      { id: 'department', header: r.colDepartment, cell: ({ row }) => row.original.department ?? <span className="text-muted-foreground">{m.api.noDepartment}</span>, meta: { sortKey: 'department' } },
      { id: 'daysOpen', header: r.colDaysOpen, cell: ({ row }) => num(row.original.daysOpen, false), meta: { className: 'text-right', defaultHidden: true } },
      { id: 'present', header: r.colPresent, cell: ({ row }) => num(row.original.present), meta: { className: 'text-right' } },
      { id: 'late', header: r.colLate, cell: ({ row }) => <span className={cn('tabular-nums', row.original.late ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-muted-foreground')}>{row.original.late}</span>, meta: { sortKey: 'late', className: 'text-right' } },
      { id: 'absent', header: r.colAbsent, cell: ({ row }) => <span className={cn('tabular-nums', row.original.absent ? 'font-medium text-red-600 dark:text-red-400' : 'text-muted-foreground')}>{row.original.absent}</span>, meta: { sortKey: 'absent', className: 'text-right' } },
      { id: 'onLeave', header: r.colOnLeave, cell: ({ row }) => num(row.original.onLeave), meta: { className: 'text-right' } },
      { id: 'officialDuty', header: r.colOfficialDuty, cell: ({ row }) => num(row.original.officialDuty), meta: { className: 'text-right' } },
      { id: 'unrecorded', header: r.colUnrecorded, cell: ({ row }) => num(row.original.unrecorded), meta: { className: 'text-right' } },
      { id: 'rate', header: r.colRate, cell: ({ row }) => <Rate rate={row.original.rate} />, meta: { sortKey: 'rate', className: 'text-right', alwaysVisible: true } },
    ],
    [],
  );
  const departmentColumns = React.useMemo<ColumnDef<DepartmentRow, unknown>[]>(
    () => [
      { id: 'name', header: r.colDepartment, cell: ({ row }) => <span className="font-medium">{row.original.name}</span>, meta: { alwaysVisible: true } },
      { id: 'staff', header: r.colStaff, cell: ({ row }) => num(row.original.staff, false), meta: { className: 'text-right' } },
      { id: 'present', header: r.colPresent, cell: ({ row }) => num(row.original.present), meta: { className: 'text-right' } },
      { id: 'late', header: r.colLate, cell: ({ row }) => num(row.original.late), meta: { className: 'text-right' } },
      { id: 'absent', header: r.colAbsent, cell: ({ row }) => num(row.original.absent), meta: { className: 'text-right' } },
      { id: 'rate', header: r.colRate, cell: ({ row }) => <Rate rate={row.original.rate} />, meta: { className: 'text-right', alwaysVisible: true } },
    ],
    [],
  );

  if (latest.isError && !month) {
    return <QueryErrorCard query={latest} title={r.loadFailed} retryLabel={m.common.tryAgain} testId="staff-report-error" />;
  }

  const data = query.data;
  const downloads = month ? (
    <ExportButtons
      isBusy={download.isBusy}
      onDownload={(format) => void download.start(month, departmentId, format)}
      pdfLabel={r.downloadPdf}
      excelLabel={r.downloadExcel}
      testIds={{ pdf: 'staff-report-pdf', xlsx: 'staff-report-xlsx' }}
      className="flex-1 sm:flex-none"
    />
  ) : null;

  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-5" data-testid="staff-report" data-month={month ?? undefined}>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterField label={r.month} className="sm:w-52">
          <Select value={month ?? undefined} onValueChange={(v) => set('month', v)}>
            <SelectTrigger aria-label={r.month} data-testid="staff-report-month">
              <SelectValue placeholder={r.month} />
            </SelectTrigger>
            <SelectContent>
              {months.map((x) => (
                <SelectItem key={x} value={x} data-testid="staff-report-month-option">
                  {monthName(x)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FilterField>
        <FilterField label={r.department} className="sm:w-56">
          <FilterSelect
            value={departmentId ?? ''}
            onChange={(v) => set('department', v || null)}
            all={r.allDepartments}
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            label={r.department}
            testId="staff-report-department"
          />
        </FilterField>
        <div className="flex gap-2 sm:ml-auto">{downloads}</div>
      </div>

      {query.isError && !data ? (
        <QueryErrorCard query={query} title={r.loadFailed} retryLabel={m.common.tryAgain} testId="staff-report-error" />
      ) : (
        <>
          <DataTable
            id="staff-report-people"
            columns={personColumns}
            data={data ? people : undefined}
            getRowId={(x) => x.profileId}
            sort={sort}
            onSortChange={(s) => setSort(s || 'department')}
            fetching={query.isPlaceholderData}
            empty={{ icon: Users, title: r.empty }}
            rowTestId="staff-report-row"
            minWidth={860}
            renderCard={(x) => <PersonCard row={x} />}
            toolbar={
              <TableHeading
                title={r.perPerson}
                description={data ? `${monthName(data.month)} · ${data.daysOpen === 0 ? r.noSchoolDays : r.daysOpen(data.daysOpen)}` : undefined}
                hint={data && data.daysOpen > 0 ? r.daysOpenHint : undefined}
              />
            }
          />
          <DataTable
            id="staff-report-departments"
            columns={departmentColumns}
            data={data?.departments}
            getRowId={(x) => x.id ?? 'none'}
            fetching={query.isPlaceholderData}
            empty={{ icon: Building2, title: r.empty }}
            rowTestId="staff-report-department-row"
            minWidth={560}
            renderCard={(x) => <DepartmentCard row={x} />}
            toolbar={<TableHeading title={r.perDepartment} />}
          />
        </>
      )}
    </div>
  );
}

function TableHeading({ title, description, hint }: { title: string; description?: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <h2 className="text-base font-semibold tracking-tight">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function Figures({ items }: { items: readonly (readonly [string, React.ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-5 gap-1 rounded-md bg-muted/40 px-2 py-1.5 text-center text-xs">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="truncate text-[11px] text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A person on phones: name, role and department, their rate, then the counts. */
function PersonCard({ row }: { row: PersonRow }) {
  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex items-start justify-between gap-3">
        <NameLines name={row.name} detail={<>{roleDisplayName(row.role)} · {row.department ?? m.api.noDepartment}</>} />
        <Rate rate={row.rate} />
      </div>
      <Figures
        items={[
          [r.colPresent, row.present],
          [r.colLate, row.late],
          [r.colAbsent, row.absent],
          [m.statusShort.on_leave, row.onLeave],
          [m.statusShort.official_duty, row.officialDuty],
        ]}
      />
    </div>
  );
}

function DepartmentCard({ row }: { row: DepartmentRow }) {
  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate font-medium">{row.name}</p>
        <Rate rate={row.rate} />
      </div>
      <Figures
        items={[
          [r.colStaff, row.staff],
          [r.colPresent, row.present],
          [r.colLate, row.late],
          [r.colAbsent, row.absent],
          [r.colRate, formatRate(row.rate)],
        ]}
      />
    </div>
  );
}
