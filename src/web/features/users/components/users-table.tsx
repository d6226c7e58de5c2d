import { Building2, CalendarDays } from 'lucide-react';
import type { AdminUser } from '@shared/contracts/users';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, initialsOf } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { Td, Th } from '@/components/plain-table';
import { formatCreated } from './format';
import { StatusAction, StatusBadge } from './user-status';

const m = messages.users;
const c = m.columns;

interface RowProps {
  users: AdminUser[];
  /** Platform staff see admin rows (long role names, the System Admin label): wider columns for them. */
  platform: boolean;
  selfId: string | null;
  busyId: string | null;
  onToggle: (user: AdminUser) => void;
  onEdit: (user: AdminUser) => void;
}

function RoleLabel({ user }: { user: AdminUser }) {
  const label = roleDisplayName(user.role);
  return (
    <span className="inline-block max-w-full truncate rounded-md border bg-muted/40 px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap" title={label}>
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
          <span className="truncate" title={user.name}>
            {user.name}
          </span>
          {isSelf && <span className="shrink-0 rounded bg-primary/10 px-1 text-[10px] font-semibold tracking-wide text-primary uppercase">{m.ownAccount}</span>}
        </p>
      </div>
    </div>
  );
}

/**
 * The users table (wide screens): the columns of spec §2 in order. Fixed layout: the short columns get
 * their width, Name, Email and School share the rest and truncate (full text on hover). Below its
 * minimum width it scrolls inside the card, never the page.
 */
function Table({ users, platform, selfId, busyId, onToggle, onEdit }: RowProps) {
  return (
    <div className="-mx-1 hidden overflow-x-auto px-1 xl:block" data-testid="users-table">
      <table className="w-full table-fixed border-separate border-spacing-0 text-sm" style={{ minWidth: 900 }}>
        <thead>
          <tr>
            <Th>{c.name}</Th>
            <Th>{c.email}</Th>
            <Th className={platform ? 'w-36' : 'w-32'}>{c.role}</Th>
            <Th>{c.school}</Th>
            <Th className="w-28">{c.status}</Th>
            <Th className={platform ? 'w-32' : 'w-28'}>{c.actions}</Th>
            <Th className="w-28">{c.created}</Th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="transition-colors hover:bg-muted/40" data-testid="user-row" data-email={u.email}>
              <Td>
                <NameCell user={u} isSelf={u.id === selfId} />
              </Td>
              <Td>
                <span className="block truncate text-muted-foreground" title={u.email}>
                  {u.email}
                </span>
              </Td>
              <Td>
                <RoleLabel user={u} />
              </Td>
              <Td>
                <span className={cn('block truncate', !u.schoolName && 'text-muted-foreground')} title={u.schoolName ?? undefined}>
                  {u.schoolName ?? '—'}
                </span>
              </Td>
              <Td>
                <StatusBadge status={u.status} />
              </Td>
              <Td>
                <StatusAction user={u} isSelf={u.id === selfId} busy={busyId === u.id} onToggle={onToggle} onEdit={onEdit} />
              </Td>
              <Td className="whitespace-nowrap text-muted-foreground tabular-nums">{formatCreated(u.createdAt)}</Td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and tablets: one card per user with the same fields (two columns from md). */
function Cards({ users, selfId, busyId, onToggle, onEdit }: RowProps) {
  return (
    <ul className="grid gap-2.5 md:grid-cols-2 md:gap-3 xl:hidden" data-testid="users-cards">
      {users.map((u) => (
        <li key={u.id} className="min-w-0 rounded-lg border bg-background/60 p-3.5" data-testid="user-card" data-email={u.email}>
          <NameCell user={u} isSelf={u.id === selfId} />
          <p className="mt-0.5 truncate pl-11 text-xs text-muted-foreground">{u.email}</p>
          <dl className="mt-2.5 grid gap-1 pl-11 text-xs text-muted-foreground">
            <div className="flex min-w-0 items-center gap-1.5">
              <dt className="sr-only">{c.school}</dt>
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              <dd className="truncate">{u.schoolName ?? '—'}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{c.created}</dt>
              <CalendarDays className="size-3.5 shrink-0" aria-hidden />
              <dd className="tabular-nums">{formatCreated(u.createdAt)}</dd>
            </div>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-2 border-t pt-3">
            <div className="flex min-w-0 flex-wrap items-center gap-1.5">
              <RoleLabel user={u} />
              <StatusBadge status={u.status} />
            </div>
            <div className="shrink-0">
              <StatusAction user={u} isSelf={u.id === selfId} busy={busyId === u.id} onToggle={onToggle} onEdit={onEdit} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UsersList(props: RowProps) {
  return (
    <>
      <Table {...props} />
      <Cards {...props} />
    </>
  );
}

/** Placeholder rows while the first page loads. */
export function UsersListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <Skeleton className="h-9 w-full" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 py-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="hidden h-4 w-56 md:block" />
          <Skeleton className="ml-auto h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}
