import { attendanceRate } from '../../../shared/attendance-calendar.js';
import type { AttendanceCounts } from '../../../shared/contracts/attendance.js';
import type { Tx } from '../../db/tenant.js';
import { countedUntil } from './attendance-context.js';
import { countLearnerDays } from './attendance.repository.js';

/**
 * Per-learner attendance counts (issue 13 §4 "used by report cards and certificates"), small enough for
 * other modules to import: daily sessions only; a day's status is its most serious session.
 */

/** Counts per learner over a date range (daily sessions; a day's status is its most serious session). */
export async function learnerCounts(tx: Tx, studentIds: string[], from: string, to: string): Promise<Map<string, AttendanceCounts>> {
  const out = new Map<string, AttendanceCounts>();
  if (studentIds.length === 0) return out;
  const rows = await countLearnerDays(tx, studentIds, from, to);
  for (const id of studentIds) out.set(id, { daysOpen: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null });
  for (const r of rows) {
    const daysOpen = r.present + r.absent + r.late + r.excused;
    out.set(r.studentId, { daysOpen, present: r.present, absent: r.absent, late: r.late, excused: r.excused, rate: attendanceRate({ daysOpen, present: r.present, late: r.late }) });
  }
  return out;
}

/**
 * Attendance of learners over a term, for report cards and certificates (issue 13 §4): counts per learner
 * from the term's first day to its last (or today while it runs). Runs in the caller's transaction.
 */
export async function termAttendance(tx: Tx, studentIds: string[], term: { startsOn: string; endsOn: string }): Promise<Map<string, AttendanceCounts>> {
  return learnerCounts(tx, studentIds, term.startsOn, countedUntil(term));
}

