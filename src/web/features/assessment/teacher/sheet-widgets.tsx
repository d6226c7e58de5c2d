/**
 * Mark-sheet badges and hooks shared by the teacher's and the principal's lists: the status pill, the
 * entry window badge, the marked-of-learners bar, and the open sheet kept in the address.
 */
import * as React from 'react';
import type { MarkSheet } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { Pill, type Tone } from '@/components/status-pill';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { type SheetRef } from '../api/grades';

const g = messages.gradesScreens;

// ---------------------------------------------------------------------------------------------
// Statuses shared by the lists (teacher and principal).

/** Not started / In progress n/N / Submitted / Returned / Approved, with its colour. */
function sheetStatusOf(s: Pick<MarkSheet, 'status' | 'marked' | 'learners'>): { label: string; tone: Tone } {
  if (s.status === 'submitted') return { label: g.sheetStatus.submitted, tone: 'violet' };
  if (s.status === 'returned') return { label: g.sheetStatus.returned, tone: 'red' };
  if (s.status === 'approved') return { label: g.sheetStatus.approved, tone: 'green' };
  if (s.marked === 0) return { label: g.sheetStatus.notStarted, tone: 'grey' };
  return { label: g.sheetStatus.inProgress(s.marked, s.learners), tone: 'sky' };
}

export function SheetStatusPill({ sheet, className }: { sheet: Pick<MarkSheet, 'status' | 'marked' | 'learners'>; className?: string }) {
  const { label, tone } = sheetStatusOf(sheet);
  return (
    <span data-testid="sheet-status" data-status={sheet.status} className="inline-flex">
      <Pill tone={tone} className={className}>
        {label}
      </Pill>
    </span>
  );
}

/** "Entry open until 23 Jan 2027" / "Closed" / "Opens 15 Jun 2026" / "Released". */
export function WindowBadge({
  state,
  opensOn,
  closesOn,
  released,
}: {
  state: 'not_yet' | 'open' | 'closed';
  opensOn?: string | null;
  closesOn?: string | null;
  released?: boolean;
}) {
  if (released) return <Pill tone="indigo" testId="window-badge">{g.windowState.released}</Pill>;
  if (state === 'open') return <Pill tone="green" testId="window-badge">{closesOn ? g.windowState.open(formatDate(closesOn)) : g.windowState.openNoDate}</Pill>;
  if (state === 'not_yet') return <Pill tone="sky" testId="window-badge">{opensOn ? g.windowState.notYet(formatDate(opensOn)) : g.windowState.notYetNoDate}</Pill>;
  return <Pill tone="grey" testId="window-badge">{g.windowState.closed}</Pill>;
}

/** A thin progress bar of marks entered. */
export function MarkedBar({ marked, learners, className }: { marked: number; learners: number; className?: string }) {
  const share = learners > 0 ? Math.min(1, marked / learners) : 0;
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <div className="h-1.5 min-w-12 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className={cn('h-full rounded-full', share >= 1 ? 'bg-emerald-500' : 'bg-primary/70')} style={{ width: `${share * 100}%` }} />
      </div>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {marked}/{learners}
      </span>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The grid.

/** `?sheet=<examId>~<classId>~<subjectId>`: the open mark sheet, kept in the address (reload, back). */
export function useOpenSheet(): [SheetRef | null, (s: SheetRef | null) => void] {
  const [params, patchParams] = usePatchedSearchParams();
  const raw = params.get('sheet');
  const sheet = React.useMemo(() => {
    const parts = raw?.split('~') ?? [];
    return parts.length === 3 && parts.every(Boolean) ? { examId: parts[0]!, classId: parts[1]!, subjectId: parts[2]! } : null;
  }, [raw]);
  const open = React.useCallback((s: SheetRef | null) => patchParams({ sheet: s && `${s.examId}~${s.classId}~${s.subjectId}` }), [patchParams]);
  return [sheet, open];
}
