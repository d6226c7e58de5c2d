import * as React from 'react';
import { AlertTriangle, KeyRound, UserCheck, UserMinus, Users } from 'lucide-react';
import { EMPLOYERS, EMPLOYMENT_TYPES, type Employer, type EmploymentType, type ListStaffResponse, type StaffListItem } from '@shared/contracts/staff';
import { staffLabels, staffScreens } from '@shared/messages/staff';
import { cn } from '@/lib/utils';
import { NameLines } from '@/components/name-lines';
import { DataTable, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { IconBadge } from '@/components/icon-badge';
import { useContractAlerts, useStaffList } from './staff-api';
import { AccountBadge, EmploymentTypeBadge, StaffAvatar, StaffNameCell, StaffStatusBadge, TwoLineCell, formatDate, formatPhone } from './staff-common';

const l = staffScreens.list;
const PAGE_SIZE = 25;
const FILTERS = { search: '', status: 'active', department: '', employer: '', employmentType: '' };

const STATUS_OPTIONS = (['exited', 'all'] as const).map((s) => ({ value: s, label: l.statusOptions[s] }));
const EMPLOYER_OPTIONS = EMPLOYERS.map((e) => ({ value: e, label: staffLabels.employer[e] }));
const TYPE_OPTIONS = EMPLOYMENT_TYPES.map((e) => ({ value: e, label: staffLabels.employmentType[e] }));

/** The four figures above the list (whole school, not the filters). */
function SummaryCards({ summary }: { summary: ListStaffResponse['summary'] | undefined }) {
  const cards = [
    { key: 'active', label: l.summary.active, value: summary?.active, icon: Users, tone: 'text-primary bg-primary/10' },
    { key: 'withAccount', label: l.summary.withAccount, value: summary?.withAccount, icon: KeyRound, tone: 'text-sky-600 bg-sky-500/10 dark:text-sky-300' },
    { key: 'contractsEnding', label: l.summary.contractsEnding, value: summary?.contractsEnding, icon: AlertTriangle, tone: 'text-amber-600 bg-amber-500/12 dark:text-amber-300' },
    { key: 'exited', label: l.summary.exited, value: summary?.exited, icon: UserMinus, tone: 'text-muted-foreground bg-muted' },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="staff-summary">
      {cards.map((c) => (
        <div key={c.key} className="flex min-w-0 items-center gap-3 rounded-xl border bg-card px-3.5 py-3 shadow-sm sm:px-4">
          <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', c.tone)}>
            <c.icon className="size-4" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xl leading-tight font-semibold tabular-nums">{c.value ?? '–'}</p>
            <p className="text-xs leading-tight text-muted-foreground">{c.label}</p>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The contract-ending banner (issue 14 §1 "alerts 30 days before"): ended first, then soonest. */
export function ContractAlertBanner({ onOpen }: { onOpen: (id: string) => void }) {
  const alerts = useContractAlerts();
  const items = alerts.data?.items ?? [];
  if (!items.length) return null;
  const shown = items.slice(0, 3);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-amber-500/30 bg-amber-500/8 px-4 py-3" role="status" data-testid="contract-alerts">
      <IconBadge icon={AlertTriangle} className="size-8 rounded-full bg-amber-500/15 text-amber-700 dark:text-amber-300" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">{staffScreens.alerts.title(items.length)}</p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {shown.map((a) => (
            <li key={a.id} className="text-sm text-amber-900/90 dark:text-amber-100/90">
              <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => onOpen(a.id)} data-testid="contract-alert">
                {a.ended ? staffScreens.alerts.ended(a.name, formatDate(a.contractEnd)) : staffScreens.alerts.ending(a.name, a.daysLeft, formatDate(a.contractEnd))}
              </button>
            </li>
          ))}
          {items.length > shown.length && <li className="text-xs text-amber-900/70 dark:text-amber-100/70">{staffScreens.alerts.more(items.length - shown.length)}</li>}
        </ul>
      </div>
    </div>
  );
}

/**
 * The staff list (issue 14 §1): summary figures, search and filters in the URL (status, department,
 * employer, employment type), a table on wide screens and cards on phones. A row opens the record.
 */
export function StaffList({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useListParams(FILTERS);
  const query = useStaffList(list.query({ page: list.page, pageSize: PAGE_SIZE }).toString());
  const data = query.data;
  const deptOptions = React.useMemo(() => (data?.departments ?? []).map((d) => ({ value: d, label: d })), [data?.departments]);

  const columns = React.useMemo<ColumnDef<StaffListItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: l.columns.name,
        cell: ({ row }) => <StaffNameCell name={row.original.name} sub={row.original.staffNumber} mono />,
        meta: { alwaysVisible: true, className: 'min-w-56' },
      },
      {
        id: 'job',
        header: l.columns.job,
        cell: ({ row }) => <TwoLineCell main={row.original.jobTitle} sub={row.original.department ?? '—'} />,
        meta: { className: 'max-w-56' },
      },
      {
        id: 'type',
        header: l.columns.type,
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <EmploymentTypeBadge type={row.original.employmentType} />
            <span className="text-xs whitespace-nowrap text-muted-foreground">{staffLabels.employer[row.original.employer]}</span>
          </div>
        ),
      },
      {
        id: 'contractEnd',
        header: l.columns.contractEnd,
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.contractEnd)}</span>,
      },
      { id: 'phone', header: l.columns.phone, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPhone(row.original.phone)}</span>, meta: { defaultHidden: true } },
      { id: 'account', header: l.columns.account, cell: ({ row }) => <AccountBadge role={row.original.role} status={row.original.accountStatus} /> },
      { id: 'status', header: l.columns.status, cell: ({ row }) => <StaffStatusBadge status={row.original.status} />, meta: { defaultHidden: true } },
    ],
    [],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <SummaryCards summary={data?.summary} />
      <ContractAlertBanner onOpen={onOpen} />
      <DataTable
        id="staff-list"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(r) => r.id}
        errorTitle={l.loadFailed}
        minWidth={720}
        rowTestId="staff-list-row"
        onRowClick={(r) => onOpen(r.id)}
        empty={{ icon: UserCheck, title: l.emptyTitle, hint: list.filtered ? l.emptyFiltered : l.emptyHint }}
        toolbar={
          <ListToolbar
            testId="staff-toolbar"
            {...listSearchProps(list, l.search)}
            filters={
              <>
                <FilterSelect value={list.values.status === 'active' ? '' : (list.values.status as 'exited' | 'all')} onChange={(status) => list.set({ status: status || 'active' })} all={l.statusOptions.active} options={STATUS_OPTIONS} label={l.statusLabel} testId="staff-filter-status" />
                <FilterSelect value={list.values.department} onChange={(department) => list.set({ department })} all={l.allDepartments} options={deptOptions} label={l.departmentLabel} testId="staff-filter-department" />
                <FilterSelect value={list.values.employer as Employer | ''} onChange={(employer) => list.set({ employer })} all={l.allEmployers} options={EMPLOYER_OPTIONS} label={l.employerLabel} testId="staff-filter-employer" />
                <FilterSelect value={list.values.employmentType as EmploymentType | ''} onChange={(employmentType) => list.set({ employmentType })} all={l.allTypes} options={TYPE_OPTIONS} label={l.typeLabel} testId="staff-filter-type" />
              </>
            }
          />
        }
        renderCard={(r) => (
          <div className="flex min-w-0 items-start gap-3">
            <StaffAvatar name={r.name} />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <NameLines name={r.name} detail={<>{r.jobTitle}{r.department && ` · ${r.department}`}</>} />
                <span className="shrink-0 font-mono text-xs text-muted-foreground">{r.staffNumber}</span>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                {r.status !== 'active' && <StaffStatusBadge status={r.status} />}
                <EmploymentTypeBadge type={r.employmentType} />
                <AccountBadge role={r.role} status={r.accountStatus} />
                {r.contractEnd && <span className="text-xs text-muted-foreground">→ {formatDate(r.contractEnd)}</span>}
              </div>
            </div>
          </div>
        )}
      />
    </div>
  );
}
