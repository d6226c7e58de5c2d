import * as React from 'react';
import { LifeBuoy, MessagesSquare, Plus, SearchX } from 'lucide-react';
import { SUPPORT_STATUSES, type SupportTicketSummary } from '@shared/contracts/support';
import { SUPPORT_STATUS_LABELS } from '@shared/messages/support';
import { supportScreens as ss } from '@shared/messages/support-screens';
import type { Role } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { NewTicketSheet } from './new-ticket-sheet';
import { PriorityBadge, StatusBadge, TicketCardHeading, TicketSubjectCell, categoryLabel, formatShort, useOpenTicket } from './support-bits';
import { useTickets } from './support-api';
import { TicketSheet } from './ticket-sheet';

const PAGE_SIZE = 20;
const u = ss.school;

/**
 * A school user's "Support" (the director's "Support Tickets", issue 17 §3): "New ticket", the tickets
 * they opened (the director: every ticket of the school, with who opened it) with status badges, and
 * a ticket's thread in a sheet with replies, Close / Reopen after resolution and the satisfaction rating.
 */
export function SchoolSupport({ role, userId }: { role: Role; userId: string }) {
  const director = role === 'school_director';
  const list = useListParams({ q: '', status: '' });
  const tickets = useTickets(list.query({ page: list.page, pageSize: PAGE_SIZE }));
  const [openId, setOpenId] = useOpenTicket();
  const [creating, setCreating] = React.useState(false);

  const columns = React.useMemo<ColumnDef<SupportTicketSummary, unknown>[]>(
    () => [
      {
        id: 'ticket',
        header: ss.center.columns.ticket,
        meta: { alwaysVisible: true, className: director ? 'min-w-56' : 'w-[44%]' },
        cell: ({ row: { original: t } }) => (
          <TicketSubjectCell ticket={t}>
            {t.replies > 0 && (
              <span className="ml-2 inline-flex items-center gap-1">
                <MessagesSquare className="size-3" aria-hidden />
                {t.replies}
              </span>
            )}
          </TicketSubjectCell>
        ),
      },
      { id: 'category', header: ss.center.columns.category, cell: ({ row }) => <span className="whitespace-nowrap">{categoryLabel(row.original.category)}</span> },
      { id: 'priority', header: ss.center.columns.priority, cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
      { id: 'status', header: ss.center.columns.status, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      ...(director
        ? [
            {
              id: 'openedBy',
              header: ss.thread.openedByLabel,
              cell: ({ row }: { row: { original: SupportTicketSummary } }) => <span className="block max-w-44 truncate text-sm whitespace-nowrap" title={row.original.openedBy?.name}>{row.original.openedBy?.name ?? '—'}</span>,
            } satisfies ColumnDef<SupportTicketSummary, unknown>,
          ]
        : []),
      {
        id: 'updated',
        header: ss.center.columns.updated,
        cell: ({ row }) => <span className="text-xs whitespace-nowrap text-muted-foreground">{formatShort(row.original.updatedAt)}</span>,
      },
    ],
    [director],
  );

  const newButton = (
    <Button onClick={() => setCreating(true)} data-testid="support-new-ticket-button">
      <Plus aria-hidden />
      {u.newTicket}
    </Button>
  );

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="support-school">
      <PageHeader sectionId="support" title={sectionLabel(role, 'support')} subtitle={director ? u.directorSubtitle : u.subtitle} actions={newButton} />
      <DataTable
        id="support-tickets"
        columns={columns}
        getRowId={(t) => t.id}
        errorTitle={ss.loadFailed}
        {...pagedTableProps(list, tickets, { pageSize: PAGE_SIZE, rows: (d) => d.tickets, sortable: false })}
        onRowClick={(t) => setOpenId(t.id)}
        rowTestId="support-ticket-row"
        minWidth={640}
        empty={
          list.filtered
            ? { icon: SearchX, title: u.emptyFilteredTitle, hint: u.emptyFilteredHint }
            : { icon: LifeBuoy, title: u.emptyTitle, hint: u.emptyHint, action: newButton }
        }
        renderCard={(t) => (
          <div className="flex min-w-0 flex-col gap-2">
            <TicketCardHeading ticket={t} />
            <div className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={t.status} />
              <PriorityBadge priority={t.priority} />
              <span className="text-xs text-muted-foreground">{categoryLabel(t.category)}</span>
            </div>
            <p className="text-xs text-muted-foreground">
              {director && t.openedBy ? `${u.openedBy(t.openedBy.name)} · ` : ''}
              {u.lastUpdate(formatShort(t.updatedAt))}
            </p>
          </div>
        )}
        toolbar={
          <ListToolbar
            search={list.values.q}
            onSearch={(q) => list.set({ q })}
            searchPlaceholder={u.searchPlaceholder}
            filtered={list.filtered}
            onClear={list.reset}
            testId="support-toolbar"
            filters={
              <FilterSelect
                value={list.values.status}
                onChange={(status) => list.set({ status })}
                all={u.allStatuses}
                label={u.filterStatus}
                options={SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABELS[s] ?? s }))}
                testId="support-filter-status"
              />
            }
          />
        }
      />
      <NewTicketSheet open={creating} onOpenChange={setCreating} onCreated={setOpenId} />
      <TicketSheet ticketId={openId} onClose={() => setOpenId(null)} viewerId={userId} staff={false} />
    </section>
  );
}
