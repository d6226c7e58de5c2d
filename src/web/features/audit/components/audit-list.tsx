import { ChevronRight, Globe } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import type { ColumnDef } from '@/components/data-table';
import { cn } from '@/lib/utils';
import { ActionBadge } from './action-badge';
import { actorLabel, actorRoleLabel, entityLabel, formatAuditTime } from './format';

const m = messages.audit;

function SchoolName({ entry }: { entry: AuditEntry }) {
  if (!entry.schoolId) {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <Globe className="size-3.5 shrink-0" aria-hidden />
        {m.platform}
      </span>
    );
  }
  const name = entry.schoolName ?? entry.schoolId;
  return (
    <span className="line-clamp-2 leading-snug" title={name}>
      {name}
    </span>
  );
}

function Actor({ entry }: { entry: AuditEntry }) {
  const role = actorRoleLabel(entry);
  const label = actorLabel(entry);
  const showEmail = !!entry.actorName && !!entry.actorEmail;
  return (
    <div className="min-w-0">
      <p className={cn('truncate font-medium', !entry.actorName && !entry.actorEmail && 'text-muted-foreground italic')} title={showEmail ? entry.actorEmail! : undefined}>
        {label}
      </p>
      {role && <p className="truncate text-xs text-muted-foreground">{role}</p>}
    </div>
  );
}

function Entity({ entry }: { entry: AuditEntry }) {
  const entity = entityLabel(entry);
  if (!entity) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block max-w-44 truncate font-mono text-xs text-muted-foreground" title={entity}>
      {entity}
    </span>
  );
}

/**
 * The audit table's columns (time, action, actor, school for admins, entity, IP) for the DataTable.
 * The last column is the row's "View details" button, so each entry is reachable from the keyboard;
 * a click anywhere else on the row opens it too (the DataTable's onRowClick).
 */
export function auditColumns(showSchool: boolean, onOpen: (e: AuditEntry) => void): ColumnDef<AuditEntry, unknown>[] {
  const columns: (ColumnDef<AuditEntry, unknown> | false)[] = [
    {
      id: 'time',
      header: m.time,
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatAuditTime(row.original.createdAt)}</time>,
      meta: { alwaysVisible: true, className: 'whitespace-nowrap tabular-nums text-muted-foreground' },
    },
    {
      id: 'action',
      header: m.action,
      cell: ({ row }) => <ActionBadge action={row.original.action} success={row.original.success} />,
      meta: { alwaysVisible: true },
    },
    { id: 'actor', header: m.actor, cell: ({ row }) => <Actor entry={row.original} />, meta: { className: 'max-w-56' } },
    showSchool && { id: 'school', header: m.school, cell: ({ row }) => <SchoolName entry={row.original} />, meta: { className: 'max-w-56 min-w-36' } },
    { id: 'entity', header: m.entity, cell: ({ row }) => <Entity entry={row.original} /> },
    {
      id: 'ip',
      header: m.ipAddress,
      cell: ({ row }) => row.original.ipAddress ?? '—',
      meta: { className: 'whitespace-nowrap font-mono text-xs text-muted-foreground' },
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{m.detailsTitle}</span>,
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => onOpen(row.original)}
          aria-label={m.viewDetails(row.original.action, formatAuditTime(row.original.createdAt))}
          className="-m-1 flex rounded p-1 text-muted-foreground/50 transition hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      ),
      meta: { alwaysVisible: true, label: m.detailsTitle, className: 'w-8 pr-2 text-right' },
    },
  ];
  return columns.filter((c): c is ColumnDef<AuditEntry, unknown> => !!c);
}

/** An entry as a card below 768 px: one button that opens its details. */
export function AuditCard({ entry: e, showSchool, onOpen }: { entry: AuditEntry; showSchool: boolean; onOpen: (e: AuditEntry) => void }) {
  const when = formatAuditTime(e.createdAt);
  const entity = entityLabel(e);
  const role = actorRoleLabel(e);
  return (
    <button
      type="button"
      onClick={() => onOpen(e)}
      aria-label={m.viewDetails(e.action, when)}
      className="flex w-full flex-col gap-2 rounded-sm text-left focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      data-testid="audit-card"
      data-action={e.action}
    >
      <div className="flex w-full items-start justify-between gap-2">
        <ActionBadge action={e.action} success={e.success} className="min-w-0" />
        <time dateTime={e.createdAt} className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {when}
        </time>
      </div>
      <div className="flex w-full items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{actorLabel(e)}</p>
          <p className="truncate text-xs text-muted-foreground">
            {[role, showSchool ? (e.schoolId ? (e.schoolName ?? e.schoolId) : m.platform) : null].filter(Boolean).join(' · ')}
          </p>
        </div>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground/60" aria-hidden />
      </div>
      {(entity || e.ipAddress) && (
        <div className="flex w-full items-center justify-between gap-3 border-t pt-2 font-mono text-[11px] text-muted-foreground">
          <span className="min-w-0 truncate">{entity ?? ''}</span>
          {e.ipAddress && <span className="shrink-0">{e.ipAddress}</span>}
        </div>
      )}
      {!e.success && e.errorMessage && <p className="line-clamp-2 text-xs text-destructive">{e.errorMessage}</p>}
    </button>
  );
}
