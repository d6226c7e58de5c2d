import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { approvals, payComponents, payrollLines, payrollRuns, payrollSettings, profiles, staffMembers, type PayrollRunRow, type StaffRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { PayrollRunRow as RunRow, StaffRow as StaffMemberRow } from '../../db/schema/index.js';

/**
 * The payroll tables (issue 14 §3): runs, their stored lines, pay components, the school's payroll
 * settings and the staff members a run pays. Every function runs inside the caller's school-scoped
 * transaction (row-level security); money columns are KES cents.
 */

export type PayrollSettingsRow = typeof payrollSettings.$inferSelect;
export type LineRow = typeof payrollLines.$inferSelect;
export type ComponentRow = typeof payComponents.$inferSelect;
type NewComponent = typeof payComponents.$inferInsert;
type NewLine = typeof payrollLines.$inferInsert;

// ---------------------------------------------------------------------------------------------------
// Settings

/** The school's saved payroll settings row, or undefined when it never saved any. */
export async function findPayrollSettings(tx: Tx, schoolId: string): Promise<PayrollSettingsRow | undefined> {
  const [row] = await tx.select().from(payrollSettings).where(eq(payrollSettings.schoolId, schoolId));
  return row;
}

/** Inserts or replaces the school's payroll settings (one row per school). */
export async function upsertPayrollSettings(tx: Tx, schoolId: string, values: Omit<typeof payrollSettings.$inferInsert, 'schoolId'>): Promise<void> {
  await tx
    .insert(payrollSettings)
    .values({ schoolId, ...values })
    .onConflictDoUpdate({ target: payrollSettings.schoolId, set: values });
}

// ---------------------------------------------------------------------------------------------------
// Staff members

/**
 * Board of Management staff of the school started by `monthEnd` (YYYY-MM-DD) and active, or exited on
 * or after `monthStart`; ordered by last name, first name.
 */
export async function listBomStaffInMonth(tx: Tx, schoolId: string, monthStart: string, monthEnd: string): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.schoolId, schoolId),
        eq(staffMembers.employer, 'bom'),
        sql`${staffMembers.startDate} <= ${monthEnd}`,
        sql`(${staffMembers.status} = 'active' or ${staffMembers.exitDate} >= ${monthStart})`,
      ),
    )
    .orderBy(asc(staffMembers.lastName), asc(staffMembers.firstName));
}

/** The school's active staff, ordered by last name, first name. */
export async function listActiveStaff(tx: Tx, schoolId: string): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), eq(staffMembers.status, 'active')))
    .orderBy(asc(staffMembers.lastName), asc(staffMembers.firstName));
}

/** The school's member of staff `staffId`, or undefined. */
export async function findStaffMember(tx: Tx, schoolId: string, staffId: string): Promise<StaffRow | undefined> {
  const [s] = await tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.id, staffId), eq(staffMembers.schoolId, schoolId)));
  return s;
}

/** The id of the school's member of staff `staffId`, or undefined. */
export async function findStaffId(tx: Tx, schoolId: string, staffId: string): Promise<{ id: string } | undefined> {
  const [staff] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(and(eq(staffMembers.id, staffId), eq(staffMembers.schoolId, schoolId)));
  return staff;
}

/** The school's staff record of the profile `profileId` (id and staff number), or null. */
export async function findStaffByProfile(tx: Tx, schoolId: string, profileId: string): Promise<{ id: string; staffNumber: string } | null> {
  const [row] = await tx
    .select({ id: staffMembers.id, staffNumber: staffMembers.staffNumber })
    .from(staffMembers)
    .where(and(eq(staffMembers.profileId, profileId), eq(staffMembers.schoolId, schoolId)));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Pay components

/** The components of the given staff in force in `month` (YYYY-MM), unordered. */
export async function listComponentsInForce(tx: Tx, schoolId: string, staffIds: string[], month: string): Promise<ComponentRow[]> {
  return tx
    .select()
    .from(payComponents)
    .where(and(eq(payComponents.schoolId, schoolId), inArray(payComponents.staffId, staffIds), sql`${payComponents.startMonth} <= ${month}`, sql`(${payComponents.endMonth} is null or ${payComponents.endMonth} >= ${month})`));
}

/** One member of staff's components ordered by start month, kind, name. */
export async function listStaffComponents(tx: Tx, schoolId: string, staffId: string): Promise<ComponentRow[]> {
  return tx
    .select()
    .from(payComponents)
    .where(and(eq(payComponents.schoolId, schoolId), eq(payComponents.staffId, staffId)))
    .orderBy(asc(payComponents.startMonth), asc(payComponents.kind), asc(payComponents.name));
}

/** Every component of the school (any month), unordered. */
export async function listSchoolComponents(tx: Tx, schoolId: string): Promise<ComponentRow[]> {
  return tx.select().from(payComponents).where(eq(payComponents.schoolId, schoolId));
}

/** The school's component `id` locked FOR UPDATE, or undefined. */
export async function lockComponent(tx: Tx, schoolId: string, id: string): Promise<ComponentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payComponents)
    .where(and(eq(payComponents.id, id), eq(payComponents.schoolId, schoolId)))
    .for('update');
  return row;
}

/** Inserts a component (amount in cents) and returns the stored row. */
export async function insertComponent(tx: Tx, values: NewComponent): Promise<ComponentRow> {
  const [row] = await tx.insert(payComponents).values(values).returning();
  return row!;
}

/** Writes a component's fields (amount in cents) and returns the stored row. */
export async function updateComponentRow(tx: Tx, id: string, set: Partial<NewComponent>): Promise<ComponentRow> {
  const [after] = await tx.update(payComponents).set(set).where(eq(payComponents.id, id)).returning();
  return after!;
}

/** Deletes the component `id`. */
export async function deleteComponentRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(payComponents).where(eq(payComponents.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Runs

const creator = alias(profiles, 'run_creator');
const submitter = alias(profiles, 'run_submitter');
const approver = alias(profiles, 'run_approver');

/** A run with the names of who created, submitted and approved it and the note of its rejected approval. */
export interface RunWithNames {
  run: PayrollRunRow;
  createdBy: string | null;
  submittedBy: string | null;
  approvedBy: string | null;
  rejection: string | null;
}

function runsWithNames(tx: Tx, schoolId: string, id?: string) {
  return tx
    .select({ run: payrollRuns, createdBy: creator.name, submittedBy: submitter.name, approvedBy: approver.name, rejection: approvals.note })
    .from(payrollRuns)
    .leftJoin(creator, eq(creator.id, payrollRuns.createdBy))
    .leftJoin(submitter, eq(submitter.id, payrollRuns.submittedBy))
    .leftJoin(approver, eq(approver.id, payrollRuns.approvedBy))
    .leftJoin(approvals, and(eq(approvals.kind, 'payroll_run'), eq(approvals.subjectId, payrollRuns.id), eq(approvals.status, 'rejected')))
    .where(and(eq(payrollRuns.schoolId, schoolId), id ? eq(payrollRuns.id, id) : undefined))
    .orderBy(desc(payrollRuns.month));
}

/** Every run of the school with names, newest month first (one run per month). */
export async function listRunsWithNames(tx: Tx, schoolId: string): Promise<RunWithNames[]> {
  return runsWithNames(tx, schoolId);
}

/** The school's run `id` with names, or undefined. */
export async function findRunWithNames(tx: Tx, schoolId: string, id: string): Promise<RunWithNames | undefined> {
  const [row] = await runsWithNames(tx, schoolId, id);
  return row;
}

/** The school's run `id`, or undefined. */
export async function findRun(tx: Tx, schoolId: string, id: string): Promise<PayrollRunRow | undefined> {
  const [run] = await tx.select().from(payrollRuns).where(and(eq(payrollRuns.id, id), eq(payrollRuns.schoolId, schoolId)));
  return run;
}

/** The school's run `id` (the caller has just locked it in this transaction). */
export async function getRunById(tx: Tx, schoolId: string, id: string): Promise<PayrollRunRow> {
  return (await tx.select().from(payrollRuns).where(and(eq(payrollRuns.id, id), eq(payrollRuns.schoolId, schoolId))))[0]!;
}

/** The school's run `id` locked FOR UPDATE, or undefined. */
export async function lockRun(tx: Tx, schoolId: string, id: string): Promise<PayrollRunRow | undefined> {
  const [run] = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.id, id), eq(payrollRuns.schoolId, schoolId)))
    .for('update');
  return run;
}

/** The school's run of `month` locked FOR UPDATE, or undefined. */
export async function lockRunOfMonth(tx: Tx, schoolId: string, month: string): Promise<PayrollRunRow | undefined> {
  const [existing] = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.schoolId, schoolId), eq(payrollRuns.month, month)))
    .for('update');
  return existing;
}

/** The school's latest run before `month`, or undefined. */
export async function findPreviousRun(tx: Tx, schoolId: string, month: string): Promise<PayrollRunRow | undefined> {
  const [prevRun] = await tx
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.schoolId, schoolId), lt(payrollRuns.month, month)))
    .orderBy(desc(payrollRuns.month))
    .limit(1);
  return prevRun;
}

/**
 * Inserts the school's draft run of `month` unless one exists (unique school + month; the second of two
 * concurrent inserts waits for the first). Returns the inserted id, or an empty list when it existed.
 */
export async function insertDraftRunIfAbsent(tx: Tx, values: typeof payrollRuns.$inferInsert): Promise<{ id: string }[]> {
  return tx
    .insert(payrollRuns)
    .values(values)
    .onConflictDoNothing({ target: [payrollRuns.schoolId, payrollRuns.month] })
    .returning({ id: payrollRuns.id });
}

type RunTotals = Pick<PayrollRunRow, 'staffCount' | 'grossCents' | 'netCents' | 'payeCents' | 'nssfCents' | 'shifCents' | 'ahlCents' | 'otherDeductionsCents' | 'employerCostCents'>;

/** Stores a (re)computed run's pay date, settings and totals (cents), stamped computed at `now`. */
export async function saveRunTotals(tx: Tx, id: string, v: { payDate: string; settings: PayrollRunRow['settings']; now: Date } & RunTotals): Promise<void> {
  const { now, ...rest } = v;
  await tx
    .update(payrollRuns)
    .set({ ...rest, computedAt: now, updatedAt: now })
    .where(eq(payrollRuns.id, id));
}

/** Marks the run submitted by `by` at `now`. */
export async function markRunSubmitted(tx: Tx, id: string, by: string, now: Date): Promise<void> {
  await tx.update(payrollRuns).set({ status: 'submitted', submittedBy: by, submittedAt: now, updatedAt: now }).where(eq(payrollRuns.id, id));
}

/** Marks the run approved by `by` at `now`, with who submitted it and when (kept, or the approver and now). */
export async function markRunApproved(tx: Tx, id: string, v: { approvedBy: string; submittedBy: string; submittedAt: Date; now: Date }): Promise<void> {
  await tx
    .update(payrollRuns)
    .set({ status: 'approved', approvedBy: v.approvedBy, approvedAt: v.now, submittedBy: v.submittedBy, submittedAt: v.submittedAt, updatedAt: v.now })
    .where(eq(payrollRuns.id, id));
}

/** Returns a submitted run to draft (clears who submitted it and when). */
export async function markRunReturnedToDraft(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(payrollRuns).set({ status: 'draft', submittedBy: null, submittedAt: null, updatedAt: now }).where(eq(payrollRuns.id, id));
}

/** Deletes the approvals rows of kind 'payroll_run' for run `runId`. */
export async function deleteRunApprovals(tx: Tx, runId: string): Promise<void> {
  await tx.delete(approvals).where(and(eq(approvals.kind, 'payroll_run'), eq(approvals.subjectId, runId)));
}

/** Deletes the run `id`. */
export async function deleteRunRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(payrollRuns).where(eq(payrollRuns.id, id));
}

/** Months (YYYY-MM) of the school's submitted or approved runs. */
export async function listLockedRunMonths(tx: Tx, schoolId: string): Promise<string[]> {
  const rows = await tx
    .select({ month: payrollRuns.month })
    .from(payrollRuns)
    .where(and(eq(payrollRuns.schoolId, schoolId), inArray(payrollRuns.status, ['submitted', 'approved'])));
  return rows.map((r) => r.month);
}

// ---------------------------------------------------------------------------------------------------
// Lines

/** A run's lines, optionally one member of staff's only, unordered. */
export async function listRunLines(tx: Tx, runId: string, staffId?: string): Promise<LineRow[]> {
  return tx
    .select()
    .from(payrollLines)
    .where(staffId ? and(eq(payrollLines.runId, runId), eq(payrollLines.staffId, staffId)) : eq(payrollLines.runId, runId));
}

/** A run's lines as gross and net (cents) with the snapshot's name, unordered. */
export async function listRunLineTotals(tx: Tx, runId: string): Promise<{ staffId: string; grossCents: number; netCents: number; name: string }[]> {
  return tx
    .select({ staffId: payrollLines.staffId, grossCents: payrollLines.grossCents, netCents: payrollLines.netCents, name: sql<string>`${payrollLines.staff}->>'name'` })
    .from(payrollLines)
    .where(eq(payrollLines.runId, runId));
}

/** Deletes every line of run `runId`. */
export async function deleteRunLines(tx: Tx, runId: string): Promise<void> {
  await tx.delete(payrollLines).where(eq(payrollLines.runId, runId));
}

/** Inserts a run's lines (amounts in cents). */
export async function insertRunLines(tx: Tx, lines: NewLine[]): Promise<void> {
  await tx.insert(payrollLines).values(lines);
}

/** Stamps the line `lineId` as e-mailed now. */
export async function markLineEmailed(tx: Tx, lineId: string): Promise<void> {
  await tx.update(payrollLines).set({ emailedAt: new Date() }).where(eq(payrollLines.id, lineId));
}

/**
 * Approved lines of the school in `year` with their run's month and id, oldest month first; optionally
 * only months before `beforeMonth` and only the given staff (an empty list reads nothing).
 */
export async function listApprovedLinesOfYear(tx: Tx, schoolId: string, year: number, opts: { staffIds?: string[]; beforeMonth?: string } = {}): Promise<{ line: LineRow; month: string; runId: string }[]> {
  const conds = [eq(payrollRuns.schoolId, schoolId), eq(payrollRuns.status, 'approved'), gte(payrollRuns.month, `${year}-01`), lte(payrollRuns.month, `${year}-12`)];
  if (opts.beforeMonth) conds.push(lt(payrollRuns.month, opts.beforeMonth));
  if (opts.staffIds) {
    if (opts.staffIds.length === 0) return [];
    conds.push(inArray(payrollLines.staffId, opts.staffIds));
  }
  return tx
    .select({ line: payrollLines, month: payrollRuns.month, runId: payrollRuns.id })
    .from(payrollLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
    .where(and(...conds))
    .orderBy(asc(payrollRuns.month));
}

/** A member of staff's lines of the school's approved runs with the run's id, month and pay date, unordered. */
export async function listApprovedLinesOfStaff(tx: Tx, schoolId: string, staffId: string): Promise<{ line: LineRow; run: { id: string; month: string; payDate: string } }[]> {
  return tx
    .select({ line: payrollLines, run: { id: payrollRuns.id, month: payrollRuns.month, payDate: payrollRuns.payDate } })
    .from(payrollLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
    .where(and(eq(payrollLines.staffId, staffId), eq(payrollRuns.status, 'approved'), eq(payrollRuns.schoolId, schoolId)));
}

/** The line `lineId` of member of staff `staffId` in an approved run of the school, with its run, or undefined. */
export async function findApprovedLineOfStaff(tx: Tx, schoolId: string, staffId: string, lineId: string): Promise<{ line: LineRow; run: PayrollRunRow } | undefined> {
  const [row] = await tx
    .select({ line: payrollLines, run: payrollRuns })
    .from(payrollLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
    .where(and(eq(payrollLines.id, lineId), eq(payrollLines.staffId, staffId), eq(payrollRuns.status, 'approved'), eq(payrollRuns.schoolId, schoolId)));
  return row;
}

/**
 * The saved language (profiles.locale) of each member of staff among `staffIds` who has an account,
 * keyed by staff id: what their payslip e-mail is written in (issue 36 §2). Staff without an account
 * are left out (English, or the school's default, by the caller's choice).
 */
export async function listStaffLocales(tx: Tx, staffIds: string[]): Promise<Map<string, string>> {
  if (staffIds.length === 0) return new Map();
  const rows = await tx
    .select({ staffId: staffMembers.id, locale: profiles.locale })
    .from(staffMembers)
    .innerJoin(profiles, eq(profiles.id, staffMembers.profileId))
    .where(inArray(staffMembers.id, staffIds));
  return new Map(rows.map((r) => [r.staffId, r.locale]));
}
