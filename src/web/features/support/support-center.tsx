import * as React from 'react';
import { AlarmClockOff, Hourglass, Inbox, LifeBuoy, MessageSquareText, SearchX, Smile, Timer, Wrench } from 'lucide-react';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES, type SupportTicketSummary } from '@shared/contracts/support';
import { SUPPORT_CATEGORY_LABELS, SUPPORT_PRIORITY_LABELS, SUPPORT_STATUS_LABELS } from '@shared/messages/support';
import { formatDuration, supportScreens as ss } from '@shared/messages/support-screens';
import { sectionLabel } from '@shared/sections';
import { cn } from '@/lib/utils';
import { useSchoolContext } from '@/lib/school-context';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/stat-card';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { IconTabsList } from '@/components/icon-tabs';
import { CannedRepliesManager } from './canned-replies';
import { PriorityBadge, SlaIndicator, StatusBadge, TicketCardHeading, TicketSubjectCell, categoryLabel, formatShort, useNow, useOpenTicket } from './support-bits';
import { useOverdueCount, useSupportStaff, useSupportStats, useTickets } from './support-api';
import { TicketSheet } from './ticket-sheet';

const PAGE_SIZE = 25;
const u = ss.center;

/**
 * EduFam staff's "Support Center" (issue 17 §3): figures (open, in progress, waiting for school,
 * breached targets, median first response, satisfaction), the queue of every school's tickets with
 * filters in the URL (status, priority, category, school, assignee incl. "Unassigned" and "Mine",
 * search) and due-in / overdue indicators, a ticket workspace in a sheet, and the canned replies
 * manager. Live on `support.changed`, with a 30 s poll as the fallback.
 */
export function SupportCenter({ userId }: { userId: string }) {
  const [tab, setTab] = React.useState<'queue' | 'canned'>('queue');
  const list = useListParams({ q: '', status: '', priority: '', category: '', schoolId: '', assignedTo: '', overdue: '' });
  const tickets = useTickets(list.query({ page: list.page, pageSize: PAGE_SIZE }));
  const stats = useSupportStats(true);
  const overdue = useOverdueCount(true);
  const staff = useSupportStaff(true);
  const { schools } = useSchoolContext();
  const [openId, setOpenId] = useOpenTicket();
  const now = useNow();
  const s = stats.data;

  const columns = React.useMemo<ColumnDef<SupportTicketSummary, unknown>[]>(
    () => [
      {
        id: 'ticket',
        header: u.columns.ticket,
        meta: { alwaysVisible: true, className: 'min-w-56' },
        cell: ({ row: { original: t } }) => (
          <TicketSubjectCell ticket={t} className="max-w-72 xl:max-w-xs" truncate>
            {t.openedBy && ` · ${t.openedBy.name}`}
          </TicketSubjectCell>
        ),
      },
      {
        id: 'school',
        header: u.columns.school,
        meta: { className: 'min-w-36' },
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-40 text-sm" data-testid="support-row-school">
            {row.original.schoolName}
          </span>
        ),
      },
      { id: 'category', header: u.columns.category, meta: { defaultHidden: true }, cell: ({ row }) => <span className="whitespace-nowrap">{categoryLabel(row.original.category)}</span> },
      { id: 'priority', header: u.columns.priority, cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
      { id: 'status', header: u.columns.status, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      {
        id: 'assignee',
        header: u.columns.assignee,
        cell: ({ row }) =>
          row.original.assignedTo ? (
            <span className="block max-w-36 truncate text-sm" title={row.original.assignedTo.name} data-testid="support-row-assignee">
              {row.original.assignedTo.id === userId ? ss.thread.you : row.original.assignedTo.name}
            </span>
          ) : (
            <span className="text-xs text-muted-foreground italic" data-testid="support-row-assignee">
              {u.unassigned}
            </span>
          ),
      },
      { id: 'sla', header: u.columns.sla, cell: ({ row }) => <SlaIndicator ticket={row.original} now={now} /> },
      {
        id: 'updated',
        header: u.columns.updated,
        meta: { defaultHidden: true },
        cell: ({ row }) => <span className="text-xs whitespace-nowrap text-muted-foreground">{formatShort(row.original.updatedAt, now)}</span>,
      },
    ],
    [userId, now],
  );

  const v = list.values;
  const filters = (
    <>
      <FilterSelect
        value={v.status}
        onChange={(status) => list.set({ status })}
        all={u.allStatuses}
        label={u.filterStatus}
        options={[{ value: 'active', label: u.activeStatuses }, ...SUPPORT_STATUSES.map((x) => ({ value: x, label: SUPPORT_STATUS_LABELS[x] ?? x }))]}
        testId="support-filter-status"
      />
      <FilterSelect
        value={v.priority}
        onChange={(priority) => list.set({ priority })}
        all={u.allPriorities}
        label={u.filterPriority}
        options={SUPPORT_PRIORITIES.map((x) => ({ value: x, label: SUPPORT_PRIORITY_LABELS[x] ?? x }))}
        testId="support-filter-priority"
      />
      <FilterSelect
        value={v.category}
        onChange={(category) => list.set({ category })}
        all={u.allCategories}
        label={u.filterCategory}
        options={SUPPORT_CATEGORIES.map((x) => ({ value: x, label: SUPPORT_CATEGORY_LABELS[x] ?? x }))}
        testId="support-filter-category"
      />
      <FilterSelect
        value={v.schoolId}
        onChange={(schoolId) => list.set({ schoolId })}
        all={u.allSchools}
        label={u.filterSchool}
        options={schools.map((x) => ({ value: x.id, label: x.name }))}
        testId="support-filter-school"
      />
      <FilterSelect
        value={v.assignedTo}
        onChange={(assignedTo) => list.set({ assignedTo })}
        all={u.anyAssignee}
        label={u.filterAssignee}
        options={[
          { value: 'mine', label: u.mine },
          { value: 'unassigned', label: u.unassigned },
          ...(staff.data ?? []).filter((p) => p.id !== userId).map((p) => ({ value: p.id, label: p.name })),
        ]}
        testId="support-filter-assignee"
      />
    </>
  );

  const statusCount = (k: 'open' | 'in_progress' | 'waiting_for_school') => (s ? s.byStatus[k] : undefined);
  const figure = (n: number | undefined | null, fmt: (x: number) => string = (x) => x.toLocaleString('en-KE')) => (n === undefined ? '…' : n === null ? u.noValue : fmt(n));
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="support-center">
      <PageHeader sectionId="support" title={sectionLabel('edufam_admin', 'support')} subtitle={u.subtitle} />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6" data-testid="support-stats">
        <StatCard testId="support-stat-open" label={u.statOpen} value={figure(statusCount('open'))} hint={s ? u.statUnassignedHint(s.unassigned) : undefined} icon={Inbox} accent={1} />
        <StatCard testId="support-stat-in-progress" label={u.statInProgress} value={figure(statusCount('in_progress'))} icon={Wrench} accent={2} />
        <StatCard testId="support-stat-waiting" label={u.statWaiting} value={figure(statusCount('waiting_for_school'))} icon={Hourglass} accent={3} />
        <StatCard
          testId="support-stat-breached"
          label={u.statBreached}
          value={<span className={cn(overdue.data ? 'text-destructive' : undefined)}>{figure(overdue.data)}</span>}
          hint={u.statBreachedHint}
          icon={AlarmClockOff}
          accent={4}
        />
        <StatCard
          testId="support-stat-first-response"
          label={u.statFirstResponse}
          value={figure(s ? s.medianFirstResponseMinutes : undefined, formatDuration)}
          hint={u.statFirstResponseHint}
          icon={Timer}
          accent={5}
        />
        <StatCard
          testId="support-stat-satisfaction"
          label={u.statSatisfaction}
          value={figure(s ? s.satisfactionAverage : undefined, (x) => `${x.toFixed(1)} / 5`)}
          hint={s ? u.statSatisfactionHint(s.ratings) : undefined}
          icon={Smile}
          accent={2}
        />
      </div>

      <Tabs value={tab} onValueChange={(x) => setTab(x as 'queue' | 'canned')}>
        <IconTabsList
          tabs={[
            { value: 'queue', icon: LifeBuoy, label: u.tabs.queue, testId: 'support-tab-queue' },
            { value: 'canned', icon: MessageSquareText, label: u.tabs.canned, testId: 'support-tab-canned' },
          ]}
        />
        <TabsContent value="queue">
          <DataTable
            id="support-queue"
            columns={columns}
            getRowId={(t) => t.id}
            errorTitle={ss.loadFailed}
            {...pagedTableProps(list, tickets, { pageSize: PAGE_SIZE, rows: (d) => d.tickets, sortable: false })}
            onRowClick={(t) => setOpenId(t.id)}
            rowTestId="support-queue-row"
            minWidth={960}
            empty={list.filtered ? { icon: SearchX, title: u.emptyFilteredTitle, action: <Button variant="outline" size="sm" onClick={list.reset}>{u.clearFilters}</Button> } : { icon: Inbox, title: u.emptyTitle, hint: u.emptyHint }}
            renderCard={(t) => (
              <div className="flex min-w-0 flex-col gap-2">
                <TicketCardHeading ticket={t} />
                <p className="truncate text-xs text-muted-foreground">
                  {t.schoolName}
                  {t.openedBy && ` · ${t.openedBy.name}`}
                </p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <StatusBadge status={t.status} />
                  <PriorityBadge priority={t.priority} />
                  <span className="text-xs text-muted-foreground">{t.assignedTo?.name ?? u.unassigned}</span>
                </div>
                <SlaIndicator ticket={t} now={now} />
              </div>
            )}
            toolbar={
              <ListToolbar
                search={v.q}
                onSearch={(q) => list.set({ q })}
                searchPlaceholder={u.searchPlaceholder}
                filters={filters}
                filtered={list.filtered}
                onClear={list.reset}
                actions={
                  <Button
                    variant={v.overdue === 'true' ? 'secondary' : 'outline'}
                    size="sm"
                    aria-pressed={v.overdue === 'true'}
                    className={cn(v.overdue === 'true' && 'bg-destructive/10 text-destructive hover:bg-destructive/15')}
                    onClick={() => list.set({ overdue: v.overdue === 'true' ? '' : 'true' })}
                    data-testid="support-filter-overdue"
                  >
                    <AlarmClockOff aria-hidden />
                    {u.overdueOnly}
                  </Button>
                }
                testId="support-queue-toolbar"
              />
            }
          />
        </TabsContent>
        <TabsContent value="canned">
          <CannedRepliesManager />
        </TabsContent>
      </Tabs>
      <TicketSheet ticketId={openId} onClose={() => setOpenId(null)} viewerId={userId} staff />
    </section>
  );
}
