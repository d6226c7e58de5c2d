import * as React from 'react';
import { ChevronRight, Globe } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { Skeleton } from '@/components/ui/skeleton';
import { PlainTable, Td, Th } from '@/components/plain-table';
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

/** Opens the entry on Enter or Space, like a button. */
function onActivate(open: () => void) {
  return (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
}

/**
 * The audit entries: a table from 768 px (time, action, actor, school for admins, entity, IP) and a
 * stack of cards below it. Each row or card opens the entry's details.
 */
export function AuditList({ entries, showSchool, onOpen }: { entries: AuditEntry[]; showSchool: boolean; onOpen: (e: AuditEntry) => void }) {
  return (
    <>
      <div className="hidden md:block">
        <PlainTable minWidth={showSchool ? 860 : 720} testId="audit-table">
          <thead>
            <tr>
              <Th>{m.time}</Th>
              <Th>{m.action}</Th>
              <Th>{m.actor}</Th>
              {showSchool && <Th>{m.school}</Th>}
              <Th>{m.entity}</Th>
              <Th>{m.ipAddress}</Th>
              <Th className="w-8">
                <span className="sr-only">{m.detailsTitle}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const when = formatAuditTime(e.createdAt);
              return (
                <tr
                  key={e.id}
                  tabIndex={0}
                  aria-label={m.viewDetails(e.action, when)}
                  onClick={() => onOpen(e)}
                  onKeyDown={onActivate(() => onOpen(e))}
                  className={cn(
                    'group cursor-pointer outline-none transition-colors hover:bg-muted/50 focus-visible:bg-accent/60',
                    !e.success && 'bg-destructive/[0.03]',
                  )}
                  data-testid="audit-row"
                  data-action={e.action}
                >
                  <Td className="whitespace-nowrap tabular-nums text-muted-foreground">
                    <time dateTime={e.createdAt}>{when}</time>
                  </Td>
                  <Td>
                    <ActionBadge action={e.action} success={e.success} />
                  </Td>
                  <Td className="max-w-56">
                    <Actor entry={e} />
                  </Td>
                  {showSchool && (
                    <Td className="max-w-56 min-w-36">
                      <SchoolName entry={e} />
                    </Td>
                  )}
                  <Td>
                    <Entity entry={e} />
                  </Td>
                  <Td className="whitespace-nowrap font-mono text-xs text-muted-foreground">{e.ipAddress ?? '—'}</Td>
                  <Td className="w-8 pr-2 text-right">
                    <ChevronRight className="size-4 text-muted-foreground/50 transition group-hover:translate-x-0.5 group-hover:text-foreground" aria-hidden />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      </div>

      <ul className="flex flex-col gap-2.5 md:hidden" data-testid="audit-cards">
        {entries.map((e) => {
          const when = formatAuditTime(e.createdAt);
          const entity = entityLabel(e);
          const role = actorRoleLabel(e);
          return (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => onOpen(e)}
                aria-label={m.viewDetails(e.action, when)}
                className={cn(
                  'flex w-full flex-col gap-2 rounded-lg border bg-card p-3.5 text-left shadow-xs transition-colors hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring',
                  !e.success && 'border-destructive/30',
                )}
                data-testid="audit-card"
                data-action={e.action}
              >
                <div className="flex w-full items-start justify-between gap-2">
                  <ActionBadge action={e.action} success={e.success} className="min-w-0" />
                  <time dateTime={e.createdAt} className="shrink-0 text-xs tabular-nums text-muted-foreground">
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
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Placeholder rows while the first page loads. */
export function AuditListSkeleton() {
  return (
    <div className="flex flex-col gap-2.5" aria-busy="true" data-testid="audit-loading">
      <Skeleton className="hidden h-9 md:block" />
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-lg border p-3 md:rounded-none md:border-0 md:border-b md:p-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-5 w-32" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="hidden h-4 w-28 md:block" />
          <Skeleton className="hidden h-4 w-20 md:block" />
        </div>
      ))}
    </div>
  );
}
