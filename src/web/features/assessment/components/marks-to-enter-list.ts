import type { MySheet } from '@shared/contracts/assessment';

/**
 * The teacher's mark sheets still to enter (issue 34: the dashboard's count and its list are this one
 * list, every sheet of it shown): sheets of unreleased exams whose marks-entry window is open and that
 * are draft or returned, the returned ones first (in their order), then the drafts.
 */
export function sheetsToEnter(items: readonly MySheet[]): MySheet[] {
  const todo = items.filter((s) => s.examStatus !== 'released' && s.entryState === 'open' && (s.status === 'draft' || s.status === 'returned'));
  return [...todo.filter((s) => s.status === 'returned'), ...todo.filter((s) => s.status !== 'returned')];
}
