import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { leaveRequests, leaveTypes, payrollLines, payrollRuns, staffAttendance, staffMembers, type PayrollRunRow, type StaffRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { StaffRow } from '../../db/schema/index.js';

/**
 * Read-only queries of the HR reports and dashboard: staff, leave, payroll runs and staff attendance of
 * one school, inside the caller's school-scoped transaction (explicit school_id predicates on top of
 * row-level security). Payroll amounts are KES cents.
 */

/** Every staff member of the school (any status), by last name, then first name. */
export async function listStaff(tx: Tx, schoolId: string): Promise<StaffRow[]> {
  return tx.select().from(staffMembers).where(eq(staffMembers.schoolId, schoolId)).orderBy(asc(staffMembers.lastName), asc(staffMembers.firstName));
}

/** Approved leave requests overlapping `from`..`to` (inclusive), with their type's code, name and day unit; unordered. */
export async function listApprovedLeaveOverlapping(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ staffId: leaveRequests.staffId, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, days: leaveRequests.days, code: leaveTypes.code, name: leaveTypes.name, unit: leaveTypes.unit })
    .from(leaveRequests)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(and(eq(leaveRequests.schoolId, schoolId), eq(leaveRequests.status, 'approved'), lte(leaveRequests.startDate, to), gte(leaveRequests.endDate, from)));
}

/** Approved payroll runs of the months `firstMonth`..`lastMonth` (YYYY-MM, inclusive), oldest month first. */
export async function listApprovedRuns(tx: Tx, schoolId: string, firstMonth: string, lastMonth: string): Promise<PayrollRunRow[]> {
  return tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.schoolId, schoolId), eq(payrollRuns.status, 'approved'), gte(payrollRuns.month, firstMonth), lte(payrollRuns.month, lastMonth)))
    .orderBy(asc(payrollRuns.month));
}

/** The payslip breakdowns (earnings in KES cents) of the runs `runIds` (non-empty); unordered. */
export async function listRunBreakdowns(tx: Tx, schoolId: string, runIds: string[]) {
  return tx
    .select({ runId: payrollLines.runId, breakdown: payrollLines.breakdown })
    .from(payrollLines)
    .where(and(eq(payrollLines.schoolId, schoolId), inArray(payrollLines.runId, runIds)));
}

/** Staff attendance marks (date, status, check-in) dated `from`..`to` (inclusive); unordered. */
export async function listStaffAttendance(tx: Tx, schoolId: string, from: string, to: string) {
  return tx
    .select({ date: staffAttendance.date, status: staffAttendance.status, checkIn: staffAttendance.checkIn })
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, schoolId), gte(staffAttendance.date, from), lte(staffAttendance.date, to)));
}

/** Pending and approved leave requests of the school with their type's name; unordered. */
export async function listOpenLeave(tx: Tx, schoolId: string) {
  return tx
    .select({ staffId: leaveRequests.staffId, status: leaveRequests.status, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, type: leaveTypes.name })
    .from(leaveRequests)
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(and(eq(leaveRequests.schoolId, schoolId), inArray(leaveRequests.status, ['pending', 'approved'])));
}

/** The school's payroll run of the latest month (any status), or undefined. */
export async function findLatestRun(tx: Tx, schoolId: string): Promise<PayrollRunRow | undefined> {
  const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.schoolId, schoolId)).orderBy(desc(payrollRuns.month)).limit(1);
  return run;
}
