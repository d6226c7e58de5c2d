import * as React from 'react';
import { CheckCircle2, ScrollText, SearchX, XCircle } from 'lucide-react';
import { messages } from '@shared/messages';
import { SECURITY_DEFAULT_PAGE_SIZE, SECURITY_LOG_TYPES, type SecurityLogEntry } from '@shared/contracts/security';
import { SECURITY_LOG_TYPE_LABELS, formatDateTime, securityActionLabel, securityScreens as ss } from '@shared/messages/security-screens';
import { roleDisplayName } from '@shared/roles';
import { useSchoolContext } from '@/lib/school-context';
import { cn } from '@/lib/utils';
import { DataTable, pagedTableProps, ExportMenu, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/date-range';
import { useSecurityLog } from './security-api';

const l = ss.admin.log;
const PAGE_SIZE = SECURITY_DEFAULT_PAGE_SIZE;

/** The event with a tick or a cross (success or failure). */
function EventCell({ entry }: { entry: SecurityLogEntry }) {
  const Icon = entry.success ? CheckCircle2 : XCircle;
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap', !entry.success && 'text-destructive')} data-testid="security-log-event">
      <Icon className={cn('size-4 shrink-0', entry.success ? 'text-emerald-600 dark:text-emerald-400' : 'text-destructive')} aria-hidden />
      {securityActionLabel(entry.action)}
    </span>
  );
}

function UserCell({ entry }: { entry: SecurityLogEntry }) {
  return (
    <div className="min-w-0 max-w-64">
      <p className="truncate text-sm font-medium" title={entry.userName ?? undefined}>
        {entry.userName ?? entry.userEmail ?? l.unknownUser}
      </p>
      {entry.userName && entry.userEmail && (
        <p className="truncate text-xs text-muted-foreground" title={entry.userEmail} data-testid="security-log-email">
          {entry.userEmail}
        </p>
      )}
      {!entry.userName && entry.userEmail && <span className="sr-only" data-testid="security-log-email">{entry.userEmail}</span>}
    </div>
  );
}

/**
 * The security log (issue 18 §2): sign-ins, failed attempts, two-factor changes, role changes, password
 * events and personal-data exports across EduFam, newest first, from GET /api/security/log with the
 * event type, dates (Africa/Nairobi), school and search in the URL, and CSV/Excel export of what matches.
 */
export function SecurityLogTab() {
  const list = useListParams({ q: '', type: '', schoolId: '', from: '', to: '' }, { pageKey: 'logPage' });
  const log = useSecurityLog(list.query({ page: list.page, pageSize: PAGE_SIZE }));
  const { schools } = useSchoolContext();
  const v = list.values;

  const columns = React.useMemo<ColumnDef<SecurityLogEntry, unknown>[]>(
    () => [
      {
        id: 'when',
        header: l.columns.when,
        meta: { alwaysVisible: true, className: 'w-44' },
        cell: ({ row }) => <span className="text-sm whitespace-nowrap tabular-nums">{formatDateTime(row.original.createdAt)}</span>,
      },
      { id: 'event', header: l.columns.event, meta: { alwaysVisible: true }, cell: ({ row }) => <EventCell entry={row.original} /> },
      { id: 'user', header: l.columns.user, cell: ({ row }) => <UserCell entry={row.original} /> },
      {
        id: 'school',
        header: l.columns.school,
        cell: ({ row }) => <span className="line-clamp-2 max-w-44 text-sm">{row.original.schoolName ?? <span className="text-muted-foreground">{l.platform}</span>}</span>,
      },
      { id: 'ip', header: l.columns.ip, cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap text-muted-foreground">{row.original.ipAddress ?? '—'}</span> },
      {
        id: 'detail',
        header: l.columns.detail,
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-72 text-sm text-muted-foreground" title={row.original.detail ?? undefined}>
            {row.original.detail ?? (row.original.role ? roleDisplayName(row.original.role) : '—')}
          </span>
        ),
      },
    ],
    [],
  );

  const filters = (
    <>
      <FilterSelect
        value={v.type}
        onChange={(type) => list.set({ type })}
        all={l.allTypes}
        label={l.type}
        options={SECURITY_LOG_TYPES.map((t) => ({ value: t, label: SECURITY_LOG_TYPE_LABELS[t] ?? t }))}
        testId="security-log-type"
      />
      <FilterSelect
        value={v.schoolId}
        onChange={(schoolId) => list.set({ schoolId })}
        all={l.allSchools}
        label={l.school}
        options={[{ value: 'platform', label: l.platform }, ...schools.map((s) => ({ value: s.id, label: s.name }))]}
        testId="security-log-school"
      />
      <DateRange from={v.from} to={v.to} onChange={(r) => list.set(r)} idPrefix="security-log" />
    </>
  );

  return (
    <DataTable
      id="security-log"
      columns={columns}
      getRowId={(r) => r.id}
      errorTitle={l.loadFailed}
      {...pagedTableProps(list, log, { pageSize: PAGE_SIZE, rows: (d) => d.rows, sortable: false })}
      rowTestId="security-log-row"
      minWidth={980}
      empty={
        list.filtered
          ? {
              icon: SearchX,
              title: l.emptyTitle,
              hint: l.emptyHint,
              action: (
                <Button variant="outline" size="sm" onClick={list.reset}>
                  {messages.dataTable.clearFilters}
                </Button>
              ),
            }
          : { icon: ScrollText, title: l.emptyTitle }
      }
      renderCard={(r) => (
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
            <EventCell entry={r} />
            <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(r.createdAt)}</span>
          </div>
          <UserCell entry={r} />
          <p className="truncate text-xs text-muted-foreground">
            {r.schoolName ?? l.platform}
            {r.ipAddress && <span className="font-mono"> · {r.ipAddress}</span>}
          </p>
          {r.detail && <p className="text-xs text-muted-foreground">{r.detail}</p>}
        </div>
      )}
      toolbar={
        <ListToolbar
          search={v.q}
          onSearch={(q) => list.set({ q })}
          searchPlaceholder={l.search}
          filters={filters}
          filtered={list.filtered}
          onClear={list.reset}
          actions={<ExportMenu href={(format) => `/api/security/log?${list.query({ format }).toString()}`} testId="security-log-export" />}
          testId="security-log-toolbar"
        />
      }
    />
  );
}
