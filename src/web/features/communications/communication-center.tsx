import * as React from 'react';
import { AlertDialog, DropdownMenu as DM } from 'radix-ui';
import {
  CalendarClock,
  CircleCheck,
  CircleOff,
  Loader2,
  Megaphone,
  MoreHorizontal,
  PencilLine,
  Plus,
  Power,
  PowerOff,
  RefreshCw,
  SearchX,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import {
  COMMUNICATION_PRIORITIES,
  COMMUNICATION_STATUSES,
  type Communication,
  type CommunicationStats,
  type CommunicationStatus,
} from '@shared/contracts/communications';
import { messages } from '@shared/messages';
import { ROLES, roleDisplayName } from '@shared/roles';
import { sectionLabel } from '@shared/sections';
import { DataTable, ListToolbar, pagedTableProps, useListParams, type ColumnDef } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/filter-select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import {
  EMPTY_FILTERS,
  useAdminLiveRefresh,
  useCommunicationStats,
  useCommunications,
  useDeleteCommunication,
  useSetCommunicationActive,
  type CommunicationFilters,
} from './api/communications';
import { CommunicationFormDialog } from './components/communication-form-dialog';
import { formatDate, formatDateTime } from '@/lib/message-format';
import { PRIORITY_STYLES, PriorityBadge } from './components/priority';
import { PageTitle } from '@/components/page-header';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';
import { perLocale } from '@shared/i18n/localized';

const m = messages.communications;
const PAGE_SIZE = 20;
/** The filters as URL parameters ('' is "any"). */
const URL_FILTERS: Record<keyof CommunicationFilters, string> = { ...EMPTY_FILTERS };
/** `value` when it is one of `allowed`, else '' ("any"). */
const oneOf = <T extends string>(allowed: readonly T[], value: string): T | '' => ((allowed as readonly string[]).includes(value) ? (value as T) : '');

const STATUS_TONE: Record<CommunicationStatus, { pill: string; dot: string }> = {
  active: { pill: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300', dot: 'bg-emerald-500' },
  expired: { pill: 'bg-muted text-muted-foreground ring-border', dot: 'bg-muted-foreground/60' },
  inactive: { pill: 'bg-slate-500/10 text-slate-700 ring-slate-500/20 dark:text-slate-300', dot: 'bg-slate-400' },
};

function StatusPill({ status }: { status: CommunicationStatus }) {
  const t = STATUS_TONE[status];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', t.pill)}
      data-testid="communication-status"
      data-status={status}
    >
      <span className={cn('size-1.5 rounded-full', t.dot)} aria-hidden />
      {m.statusLabels[status]}
    </span>
  );
}

function StatCard({ icon: Icon, label, value, hint, tone, testId }: { icon: LucideIcon; label: string; value: number | undefined; hint: string; tone: string; testId: string }) {
  return (
    <div className="flex items-start justify-between gap-2 rounded-xl border bg-card p-3.5 shadow-sm sm:gap-3 sm:p-4" data-testid={testId}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-2 h-7 w-12" />
        ) : (
          <p className="mt-1 text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
            {value.toLocaleString('en-KE')}
          </p>
        )}
        <p className="mt-1 hidden text-xs leading-snug text-muted-foreground sm:block">{hint}</p>
      </div>
      <IconBadge icon={Icon} className={cn('hidden size-9 rounded-lg sm:flex', tone)} iconClassName="size-4.5" />
    </div>
  );
}

function PriorityCard({ stats }: { stats: CommunicationStats | undefined }) {
  const total = stats ? Math.max(1, stats.total) : 1;
  return (
    <div className="col-span-3 rounded-xl border bg-card p-3.5 shadow-sm sm:p-4 lg:col-span-1" data-testid="stat-priority">
      <p className="text-sm font-medium text-muted-foreground">{m.statByPriority}</p>
      <div className="mt-3 flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        {stats &&
          COMMUNICATION_PRIORITIES.map((p) => (
            <span key={p} className={cn('h-full', PRIORITY_STYLES[p].dot)} style={{ width: `${(stats.byPriority[p] / total) * 100}%` }} />
          ))}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:grid-cols-4 sm:gap-x-4 lg:grid-cols-2 lg:gap-x-3">
        {COMMUNICATION_PRIORITIES.map((p) => (
          <div key={p} className="flex items-center justify-between gap-2">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <span className={cn('size-2 rounded-full', PRIORITY_STYLES[p].dot)} aria-hidden />
              {m.priorityLabels[p]}
            </dt>
            <dd className="font-semibold tabular-nums" data-testid={`stat-priority-${p}`}>
              {stats ? stats.byPriority[p] : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Audience({ c }: { c: Communication }) {
  const everyone = c.targetRoles.length === ROLES.length;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap gap-1">
        {everyone ? (
          <span className="rounded-md bg-secondary px-1.5 py-0.5 text-xs font-medium text-secondary-foreground">{m.allUsers}</span>
        ) : (
          c.targetRoles.map((r) => (
            <span key={r} className="rounded-md bg-secondary px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-secondary-foreground">
              {roleDisplayName(r)}
            </span>
          ))
        )}
      </div>
      <span className="truncate text-xs text-muted-foreground">{c.schoolName ?? m.platformWide}</span>
    </div>
  );
}

function RowActions({ c, onEdit, onToggle, onDelete, busy }: { c: Communication; onEdit: () => void; onToggle: () => void; onDelete: () => void; busy: boolean }) {
  const item =
    'flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent [&_svg]:size-4 [&_svg]:text-muted-foreground';
  return (
    <DM.Root modal={false}>
      <DM.Trigger asChild>
        <PendingButton variant="ghost" size="icon" className="size-8" aria-label={m.moreActions(c.title)} pending={busy} icon={MoreHorizontal} data-testid="communication-actions">
        </PendingButton>
      </DM.Trigger>
      <DM.Portal>
        <DM.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg">
          <DM.Item className={item} onSelect={onEdit}>
            <PencilLine aria-hidden /> {m.edit}
          </DM.Item>
          <DM.Item className={item} onSelect={onToggle} disabled={c.status === 'expired' && !c.isActive}>
            {c.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />} {c.isActive ? m.deactivate : m.activate}
          </DM.Item>
          <DM.Separator className="-mx-1 my-1 h-px bg-border" />
          <DM.Item className={cn(item, 'text-destructive data-[highlighted]:bg-destructive/10 [&_svg]:text-destructive')} onSelect={onDelete}>
            <Trash2 aria-hidden /> {m.delete}
          </DM.Item>
        </DM.Content>
      </DM.Portal>
    </DM.Root>
  );
}

interface RowHandlers {
  onEdit: (c: Communication) => void;
  onToggle: (c: Communication) => void;
  onDelete: (c: Communication) => void;
  busyId: string | null;
}

/** The row handlers, for the table's cells (the columns stay the same from render to render). */
const RowHandlersContext = React.createContext<RowHandlers | null>(null);

function RowActionsFor({ c }: { c: Communication }) {
  const h = React.use(RowHandlersContext)!;
  return <RowActions c={c} busy={h.busyId === c.id} onEdit={() => h.onEdit(c)} onToggle={() => h.onToggle(c)} onDelete={() => h.onDelete(c)} />;
}

function TitleCell({ c }: { c: Communication }) {
  const h = React.use(RowHandlersContext)!;
  return (
    <button type="button" className="block max-w-md cursor-pointer text-left" onClick={() => h.onEdit(c)}>
      <span className="block truncate font-medium hover:underline">{c.title}</span>
      <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-muted-foreground">{c.message}</span>
    </button>
  );
}

/** The table's columns (from 768 px): title and message, priority, audience, status, expiry, created, actions. */
const COLUMNS = perLocale((): ColumnDef<Communication, unknown>[] => ([
  { id: 'title', header: m.columns.title, cell: ({ row }) => <TitleCell c={row.original} />, meta: { alwaysVisible: true, className: 'w-[34%] align-top' } },
  { id: 'priority', header: m.columns.priority, cell: ({ row }) => <PriorityBadge priority={row.original.priority} />, meta: { className: 'align-top' } },
  { id: 'audience', header: m.columns.audience, cell: ({ row }) => <Audience c={row.original} />, meta: { className: 'max-w-56 align-top' } },
  { id: 'status', header: m.columns.status, cell: ({ row }) => <StatusPill status={row.original.status} />, meta: { className: 'align-top' } },
  {
    id: 'expires',
    header: m.columns.expires,
    cell: ({ row }) => (row.original.expiresAt ? formatDateTime(row.original.expiresAt) : m.never),
    meta: { className: 'align-top text-xs whitespace-nowrap text-muted-foreground' },
  },
  {
    id: 'created',
    header: m.columns.created,
    cell: ({ row: { original: c } }) => (
      <>
        <span className="block">{formatDate(c.createdAt)}</span>
        {c.createdByName && <span className="block truncate">{c.createdByName}</span>}
      </>
    ),
    meta: { className: 'align-top text-xs whitespace-nowrap text-muted-foreground' },
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">{m.columns.actions}</span>,
    cell: ({ row }) => <RowActionsFor c={row.original} />,
    meta: { alwaysVisible: true, label: m.columns.actions, className: 'w-12 py-1.5 text-right align-top' },
  },
]));

/** A communication as a card below 768 px. */
function CommunicationCard({ c }: { c: Communication }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="leading-snug font-medium">{c.title}</p>
          <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{c.message}</p>
        </div>
        <RowActionsFor c={c} />
      </div>
      <div className="mt-2.5 flex flex-wrap items-center gap-1.5">
        <PriorityBadge priority={c.priority} />
        <StatusPill status={c.status} />
        {(c.targetRoles.length === ROLES.length ? [m.allUsers] : c.targetRoles.map(roleDisplayName)).map((label) => (
          <span key={label} className="rounded-md bg-secondary px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-secondary-foreground">
            {label}
          </span>
        ))}
      </div>
      <p className="mt-2 flex items-start gap-1.5 text-xs text-muted-foreground">
        <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden />
        <span>
          {c.schoolName ?? m.platformWide} · {c.expiresAt ? m.expires(formatDateTime(c.expiresAt)) : m.never} · {formatDate(c.createdAt)}
        </span>
      </p>
    </>
  );
}

function DeleteDialog({ target, onCancel, onConfirm, pending }: { target: Communication | null; onCancel: () => void; onConfirm: () => void; pending: boolean }) {
  return (
    <AlertDialog.Root open={!!target} onOpenChange={(open) => !open && !pending && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-popover p-6 text-popover-foreground shadow-xl"
          data-testid="communication-delete-dialog"
        >
          <div className="flex items-start gap-3">
            <IconBadge icon={Trash2} className="size-10 rounded-full bg-destructive/10 text-destructive" iconClassName="size-5" />
            <div className="grid gap-1.5">
              <AlertDialog.Title className="text-lg font-semibold">{m.confirmDeleteTitle}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-muted-foreground">{target ? m.confirmDeleteText(target.title) : ''}</AlertDialog.Description>
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {m.cancel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
              disabled={pending}
              data-testid="communication-delete-confirm"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {pending ? m.deleting : m.delete}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The Communication Center (edufam_admin's announcements section; spec §2, §6 "see all communications
 * and stats", §7 item 7, §8, §9): stats cards (total, active, expired, by priority), every
 * communication with its status (active, expired, inactive) filtered and paged on the server, a
 * create/edit dialog, activate/deactivate and delete with confirmation. Toasts use the spec's texts.
 * Refreshes on the live event communications.changed.
 */
export function CommunicationCenter() {
  useAdminLiveRefresh();
  const params = useListParams(URL_FILTERS);
  // Only values the API accepts: anything else in the address is "any".
  const filters: CommunicationFilters = {
    search: params.values.search,
    priority: oneOf(COMMUNICATION_PRIORITIES, params.values.priority),
    status: oneOf(COMMUNICATION_STATUSES, params.values.status),
    role: oneOf(ROLES, params.values.role),
  };

  const list = useCommunications(filters, params.page, PAGE_SIZE);
  const stats = useCommunicationStats();
  const setActive = useSetCommunicationActive();
  const remove = useDeleteCommunication();

  const [dialog, setDialog] = React.useState<{ open: boolean; editing: Communication | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = React.useState<Communication | null>(null);

  const filtered = params.filtered;

  const toggle = (c: Communication) =>
    setActive.mutate(
      { id: c.id, isActive: !c.isActive },
      {
        onSuccess: (saved) => toast.success(m.updated, { description: saved.isActive ? m.activated : m.deactivated }),
        onError: (err) => toast.error(m.updateFailed, { description: err.message && err.message !== m.updateFailed ? err.message : undefined }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(m.deleted);
        setDeleting(null);
      },
      onError: (err) => {
        toast.error(m.deleteFailed, { description: err.message && err.message !== m.deleteFailed ? err.message : undefined });
        setDeleting(null);
      },
    });
  };

  const handlers: RowHandlers = {
    onEdit: (c) => setDialog({ open: true, editing: c }),
    onToggle: toggle,
    onDelete: setDeleting,
    busyId: setActive.isPending ? (setActive.variables?.id ?? null) : null,
  };

  const s = stats.data;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="communication-center">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <PageTitle icon={<Megaphone className="size-5" aria-hidden />} title={sectionLabel('edufam_admin', 'announcements')} subtitle={m.centerSubtitle} />
        <div className="flex w-full shrink-0 items-center gap-2 sm:w-auto">
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => {
              void list.refetch();
              void stats.refetch();
            }}
            disabled={list.isFetching}
          >
            <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} aria-hidden />
            {m.refresh}
          </Button>
          <Button className="flex-1 sm:flex-none" onClick={() => setDialog({ open: true, editing: null })} data-testid="new-communication">
            <Plus aria-hidden />
            {m.newCommunication}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-3 gap-2.5 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={Megaphone} label={m.statTotal} value={s?.total} hint={m.statTotalHint} tone="bg-primary/10 text-primary" testId="stat-total" />
        <StatCard icon={CircleCheck} label={m.statActive} value={s?.active} hint={m.statActiveHint} tone="bg-emerald-500/10 text-emerald-600 dark:text-emerald-400" testId="stat-active" />
        <StatCard icon={CircleOff} label={m.statExpired} value={s?.expired} hint={m.statExpiredHint} tone="bg-muted text-muted-foreground" testId="stat-expired" />
        <PriorityCard stats={s} />
      </div>

      <RowHandlersContext value={handlers}>
        <DataTable
          id="communications"
          columns={COLUMNS}
          getRowId={(c) => c.id}
          {...pagedTableProps(params, list, { pageSize: PAGE_SIZE, rows: (d) => d.communications, sortable: false })}
          errorTitle={m.errorLoadingTitle}
          minWidth={832}
          rowTestId="communication-row"
          empty={{
            icon: filtered ? SearchX : Megaphone,
            title: filtered ? m.emptyFilteredTitle : m.emptyTitle,
            hint: filtered ? m.emptyFilteredText : m.emptyText,
            action: filtered ? (
              <Button variant="outline" size="sm" onClick={params.reset}>
                {m.clearFilters}
              </Button>
            ) : (
              <Button size="sm" onClick={() => setDialog({ open: true, editing: null })}>
                <Plus aria-hidden /> {m.newCommunication}
              </Button>
            ),
          }}
          toolbar={
            <ListToolbar
              testId="communications"
              search={params.values.search}
              onSearch={(search) => params.set({ search })}
              searchPlaceholder={m.searchPlaceholder}
              filtered={filtered}
              onClear={params.reset}
              filters={
                <>
                  <FilterSelect
                    value={filters.priority}
                    onChange={(priority) => params.set({ priority })}
                    label={m.filterPriority}
                    all={m.allPriorities}
                    options={COMMUNICATION_PRIORITIES.map((p) => ({ value: p, label: m.priorityLabels[p] }))}
                    testId="communications-filter-priority"
                  />
                  <FilterSelect
                    value={filters.status}
                    onChange={(status) => params.set({ status })}
                    label={m.filterStatus}
                    all={m.allStatuses}
                    options={COMMUNICATION_STATUSES.map((x) => ({ value: x, label: m.statusLabels[x] }))}
                    testId="communications-filter-status"
                  />
                  <FilterSelect
                    value={filters.role}
                    onChange={(role) => params.set({ role })}
                    label={m.filterRole}
                    all={m.allRoles}
                    options={ROLES.map((r) => ({ value: r, label: roleDisplayName(r) }))}
                    testId="communications-filter-role"
                  />
                </>
              }
            />
          }
          renderCard={(c) => <CommunicationCard c={c} />}
        />
      </RowHandlersContext>

      <CommunicationFormDialog open={dialog.open} editing={dialog.editing} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
      <DeleteDialog target={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} pending={remove.isPending} />
    </section>
  );
}
