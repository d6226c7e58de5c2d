import * as React from 'react';
import { Building2, CalendarDays, UserRoundX } from 'lucide-react';
import type { AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { DataTable, type ColumnDef, type DataTableProps, type PagedTableProps } from '@/components/data-table';
import { formatCreated } from './format';
import { StatusAction, StatusBadge } from './user-status';
import { IconDetail } from '@/components/icon-detail';
import { EmailText } from '@/components/email-text';

const m = messages.users;
const c = m.columns;
/** A short column (role, status, actions, created) as narrow as its content, leaving the rest to the long ones. */
const FIT = 'w-px whitespace-nowrap';

export interface UsersTableProps {
  /** Rows, paging, dimming and error of the users query (pagedTableProps). */
  table: PagedTableProps<AdminUser>;
  /** The error's text under "Error Loading Users" (spec §8 Users, fetch). */
  errorDetail: (err: Error) => string;
  toolbar: React.ReactNode;
  /** The empty state's hint and Clear filters button when the list is filtered. */
  emptyHint?: string;
  emptyAction?: React.ReactNode;
  selfId: string | null;
  busyId: string | null;
  onToggle: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
}

function RoleLabel({ user }: { user: AdminUser }) {
  const label = roleDisplayName(user.role);
  return (
    <span className="inline-block max-w-full rounded-md border bg-muted/40 px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap" title={label}>
      {label}
    </span>
  );
}

function NameCell({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="size-8">
        <AvatarFallback className="text-[11px]">{initialsOf(user.name || user.email)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 font-medium">
          <span className="min-w-0 break-words" data-testid="user-name">
            {user.name}
          </span>
          {isSelf && <span className="shrink-0 rounded bg-primary/10 px-1 text-[10px] font-semibold tracking-wide text-primary uppercase">{m.ownAccount}</span>}
        </p>
      </div>
    </div>
  );
}

/** Below 768 px: one card per user with the same fields. */
function UserCard({ user: u, isSelf, busy, onToggle, onEdit }: { user: AdminUser; isSelf: boolean; busy: boolean; onToggle: (user: AdminUser) => void; onEdit: (user: AdminUser) => void }) {
  return (
    <div className="min-w-0" data-testid="user-card" data-email={u.email}>
      <NameCell user={u} isSelf={isSelf} />
      <p className="mt-0.5 pl-11 text-xs break-words text-muted-foreground">
        <EmailText email={u.email} />
      </p>
      <dl className="mt-2.5 grid gap-1 pl-11 text-xs text-muted-foreground">
        <IconDetail icon={Building2} label={c.school}>{u.schoolName ?? '—'}</IconDetail>
        <IconDetail icon={CalendarDays} label={c.created} kind="figure">{formatCreated(u.createdAt)}</IconDetail>
      </dl>
      <div className="mt-3 flex items-center justify-between gap-2 border-t pt-3">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <RoleLabel user={u} />
          <StatusBadge status={u.status} />
        </div>
        <div className="shrink-0">
          <StatusAction user={u} isSelf={isSelf} busy={busy} onToggle={onToggle} onEdit={onEdit} />
        </div>
      </div>
    </div>
  );
}

/**
 * The users list on the DataTable kit: the columns of spec §2 in order (Name, Email, Role, School,
 * Status, Actions, Created), server paging, cards on phones, and the kit's loading, empty and error
 * states. Name, Email and School wrap (an e-mail before its "@") rather than being cut, so a laptop
 * screen shows them whole (issue 34); below its minimum width the table scrolls inside the card, never
 * the page.
 */
export function UsersTable({ table, errorDetail, toolbar, emptyHint, emptyAction, selfId, busyId, onToggle, onEdit }: UsersTableProps) {
  const columns = React.useMemo<ColumnDef<AdminUser, unknown>[]>(
    () => [
      {
        id: 'name',
        header: c.name,
        cell: ({ row }) => <NameCell user={row.original} isSelf={row.original.id === selfId} />,
        meta: { alwaysVisible: true },
      },
      {
        id: 'email',
        header: c.email,
        cell: ({ row }) => (
          <span className="block break-words text-muted-foreground" data-testid="user-email">
            <EmailText email={row.original.email} />
          </span>
        ),
      },
      { id: 'role', header: c.role, cell: ({ row }) => <RoleLabel user={row.original} />, meta: { className: FIT } },
      {
        id: 'school',
        header: c.school,
        cell: ({ row }) => (
          <span className={cn('block break-words', !row.original.schoolName && 'text-muted-foreground')} data-testid="user-school">
            {row.original.schoolName ?? '—'}
          </span>
        ),
      },
      { id: 'status', header: c.status, cell: ({ row }) => <StatusBadge status={row.original.status} />, meta: { className: FIT } },
      {
        id: 'actions',
        header: c.actions,
        cell: ({ row }) => <StatusAction user={row.original} isSelf={row.original.id === selfId} busy={busyId === row.original.id} onToggle={onToggle} onEdit={onEdit} />,
        meta: { alwaysVisible: true, className: FIT },
      },
      {
        id: 'created',
        header: c.created,
        cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground tabular-nums">{formatCreated(row.original.createdAt)}</span>,
        meta: { className: FIT },
      },
    ],
    [selfId, busyId, onToggle, onEdit],
  );

  // Error Loading Users shows the screen's own wording of the failure, not the bare server message.
  const { error } = table;
  const shownError = React.useMemo(() => (error ? new Error(errorDetail(error)) : error), [error, errorDetail]);
  const empty: DataTableProps<AdminUser>['empty'] = { icon: UserRoundX, title: m.empty, hint: emptyHint, action: emptyAction };

  return (
    <DataTable
      id="users"
      columns={columns}
      getRowId={(u) => u.id}
      rowTestId="user-row"
      rowAttributes={(u) => ({ 'data-email': u.email })}
      minWidth={900}
      // Automatic layout: the short columns keep their widths, Name, Email and School share the rest by
      // their length and wrap where they must, so the seven columns fit a laptop screen uncut.
      {...table}
      error={shownError}
      errorTitle={m.errorTitle}
      empty={empty}
      toolbar={toolbar}
      renderCard={(u) => <UserCard user={u} isSelf={u.id === selfId} busy={busyId === u.id} onToggle={onToggle} onEdit={onEdit} />}
    />
  );
}
