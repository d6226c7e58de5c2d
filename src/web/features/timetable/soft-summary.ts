import type { Lesson, TimetableViolation } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { lessonsInView, type ViewKind } from './grid-model';

/** One unmet rule as the principal reads it: its sentence once, how often it is broken, and the lessons involved. */
export interface SoftItem {
  message: string;
  constraint: string;
  count: number;
  activityIds: string[];
}

/**
 * The unmet soft rules named once each (issue 34): violations with the same sentence (a subject's
 * lessons on one day reported per pair, the same gap found twice) become one item with a count, in
 * the order they were first reported.
 */
export function groupSoft(violations: readonly TimetableViolation[]): SoftItem[] {
  const byMessage = new Map<string, SoftItem>();
  for (const v of violations) {
    if (v.hard) continue;
    const item = byMessage.get(v.message);
    if (item) {
      item.count++;
      for (const id of v.activityIds) if (!item.activityIds.includes(id)) item.activityIds.push(id);
    } else {
      byMessage.set(v.message, { message: v.message, constraint: v.constraint, count: 1, activityIds: [...v.activityIds] });
    }
  }
  return [...byMessage.values()];
}

/**
 * The items that concern the stream, teacher or room on screen: those involving one of its lessons
 * (`lessons` is the arrangement shown). No entity chosen: every item.
 */
export function softInView(items: readonly SoftItem[], lessons: Lesson[], kind: ViewKind, entityId: string): SoftItem[] {
  if (!entityId) return [...items];
  const ids = new Set(lessonsInView(lessons, kind, entityId).map((l) => l.activityId));
  return items.filter((i) => i.activityIds.some((id) => ids.has(id)));
}

/** The kind of preference a constraint type is, for the summary's example. */
function kindOf(constraint: string): keyof typeof tm.picker.softKinds {
  if (constraint === 'teacherMaxGapsPerDay' || constraint === 'teacherMaxGapsPerWeek') return 'teacherGaps';
  if (constraint === 'studentsMaxGapsPerDay' || constraint === 'studentsMaxGapsPerWeek') return 'studentsGaps';
  return constraint in tm.picker.softKinds ? (constraint as keyof typeof tm.picker.softKinds) : 'other';
}

/**
 * The plain summary that replaces the soft score (issue 34): how many preferences are not met, with
 * the most frequent kind as the example ("121 preferences not met (e.g. 86 times a subject's lessons
 * fall too close together)"). Counts are of the items (each unmet rule once).
 */
export function softSummary(items: readonly SoftItem[]): string {
  if (items.length === 0) return tm.picker.softSummary(0, null);
  const perKind = new Map<keyof typeof tm.picker.softKinds, number>();
  for (const i of items) {
    const k = kindOf(i.constraint);
    perKind.set(k, (perKind.get(k) ?? 0) + 1);
  }
  let top: [keyof typeof tm.picker.softKinds, number] | null = null;
  for (const e of perKind) if (!top || e[1] > top[1]) top = e;
  return tm.picker.softSummary(items.length, top ? tm.picker.softKinds[top[0]](top[1]) : null);
}
