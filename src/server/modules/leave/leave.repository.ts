import { and, asc, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { approvals, leaveAllocations, leaveRequests, leaveTypes, profiles, staffMembers, type StaffRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { StaffRow } from '../../db/schema/index.js';

/**
 * Leave rows (issue 14 §2): leave types, allocations per member of staff, type and year, requests and
 * their approvals rows, and the staff members they belong to. Every function runs inside the caller's
 * school-scoped transaction (row-level security). Days are numbers (halves allowed).
 */

export type LeaveTypeRow = typeof leaveTypes.$inferSelect;
export type LeaveAllocationRow = typeof leaveAllocations.$inferSelect;
export type LeaveRequestRow = typeof leaveRequests.$inferSelect;

// ------------------------------------------------------------------------------------------ types

/** The school's leave types, oldest first (then by name). */
export async function listLeaveTypes(tx: Tx, schoolId: string): Promise<LeaveTypeRow[]> {
  return tx.select().from(leaveTypes).where(eq(leaveTypes.schoolId, schoolId)).orderBy(asc(leaveTypes.createdAt), asc(leaveTypes.name));
}

/** The id of the school's leave type with code `code`, or undefined. */
export async function findLeaveTypeIdByCode(tx: Tx, schoolId: string, code: string): Promise<string | undefined> {
  const [clash] = await tx.select({ id: leaveTypes.id }).from(leaveTypes).where(and(eq(leaveTypes.schoolId, schoolId), eq(leaveTypes.code, code)));
  return clash?.id;
}

/** Inserts a leave type and returns it. */
export async function insertLeaveType(tx: Tx, values: typeof leaveTypes.$inferInsert): Promise<LeaveTypeRow> {
  const [row] = await tx.insert(leaveTypes).values(values).returning();
  return row!;
}

/** The school's leave type `id`, or undefined. */
export async function findLeaveType(tx: Tx, schoolId: string, id: string): Promise<LeaveTypeRow | undefined> {
  const [t] = await tx.select().from(leaveTypes).where(and(eq(leaveTypes.id, id), eq(leaveTypes.schoolId, schoolId)));
  return t;
}

/** The school's leave type `id` locked FOR UPDATE, or undefined. */
export async function lockLeaveType(tx: Tx, schoolId: string, id: string): Promise<LeaveTypeRow | undefined> {
  const [before] = await tx.select().from(leaveTypes).where(and(eq(leaveTypes.id, id), eq(leaveTypes.schoolId, schoolId))).for('update');
  return before;
}

/** Writes a leave type's given fields (stamping updated_at) and returns it. */
export async function updateLeaveTypeRow(tx: Tx, id: string, set: Partial<typeof leaveTypes.$inferInsert>): Promise<LeaveTypeRow> {
  const [row] = await tx
    .update(leaveTypes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(leaveTypes.id, id))
    .returning();
  return row!;
}

// ------------------------------------------------------------------------------------------ staff

/** The school's member of staff `staffId`, or undefined. */
export async function findStaffMember(tx: Tx, schoolId: string, staffId: string): Promise<StaffRow | undefined> {
  const [s] = await tx.select().from(staffMembers).where(and(eq(staffMembers.id, staffId), eq(staffMembers.schoolId, schoolId)));
  return s;
}

/** The school's staff record of profile `profileId`, or undefined. */
export async function findStaffByProfile(tx: Tx, schoolId: string, profileId: string): Promise<StaffRow | undefined> {
  const [s] = await tx.select().from(staffMembers).where(and(eq(staffMembers.profileId, profileId), eq(staffMembers.schoolId, schoolId)));
  return s;
}

/** The profile (sign-in account) of member of staff `staffId`: `{ profileId }` (null without one), or undefined. */
export async function findStaffProfileId(tx: Tx, staffId: string): Promise<{ profileId: string | null } | undefined> {
  const [owner] = await tx.select({ profileId: staffMembers.profileId }).from(staffMembers).where(eq(staffMembers.id, staffId));
  return owner;
}

/** Locks the staff row `staffId` FOR UPDATE (serialises one member of staff's leave requests). */
export async function lockStaffRow(tx: Tx, staffId: string): Promise<void> {
  await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.id, staffId)).for('update');
}

/** The school's active staff by first name, last name. */
export async function listActiveStaff(tx: Tx, schoolId: string): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), eq(staffMembers.status, 'active')))
    .orderBy(asc(staffMembers.firstName), asc(staffMembers.lastName));
}

// ------------------------------------------------------------------------------------------ allocations

/** The member of staff's allocations of `year` (one per leave type), unordered. */
export async function listAllocations(tx: Tx, staffId: string, year: number): Promise<LeaveAllocationRow[]> {
  return tx.select().from(leaveAllocations).where(and(eq(leaveAllocations.staffId, staffId), eq(leaveAllocations.year, year)));
}

/** Inserts allocations, skipping any (staff, type, year) that exists already. */
export async function insertAllocationsIfAbsent(tx: Tx, values: (typeof leaveAllocations.$inferInsert)[]): Promise<void> {
  await tx.insert(leaveAllocations).values(values).onConflictDoNothing();
}

// ------------------------------------------------------------------------------------------ requests

/** Type, status and days of the member of staff's approved and pending requests starting in `year`. */
export async function listOpenRequestDaysOfYear(tx: Tx, staffId: string, year: number): Promise<{ typeId: string; status: string; days: number }[]> {
  return tx
    .select({ typeId: leaveRequests.leaveTypeId, status: leaveRequests.status, days: leaveRequests.days })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.staffId, staffId), inArray(leaveRequests.status, ['approved', 'pending']), gte(leaveRequests.startDate, `${year}-01-01`), lte(leaveRequests.startDate, `${year}-12-31`)));
}

/** Filters of the request list (all optional); from..to keeps requests overlapping those dates. */
export interface RequestFilters {
  id?: string;
  status?: string;
  statuses?: string[];
  staffId?: string;
  from?: string;
  to?: string;
}

/** A request with its member of staff, leave type and the names of who asked and decided. */
export interface RequestWithNames {
  r: LeaveRequestRow;
  s: StaffRow;
  t: LeaveTypeRow;
  requestedBy: string | null;
  decidedBy: string | null;
}

const requesterP = alias(profiles, 'leave_requester');
const deciderP = alias(profiles, 'leave_decider');

/** The school's requests matching `f` with names, newest start first (then newest created). */
export async function listRequestsWithNames(tx: Tx, schoolId: string, f: RequestFilters): Promise<RequestWithNames[]> {
  return tx
    .select({ r: leaveRequests, s: staffMembers, t: leaveTypes, requestedBy: requesterP.name, decidedBy: deciderP.name })
    .from(leaveRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, leaveRequests.staffId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .leftJoin(requesterP, eq(requesterP.id, leaveRequests.requestedBy))
    .leftJoin(deciderP, eq(deciderP.id, leaveRequests.decidedBy))
    .where(
      and(
        eq(leaveRequests.schoolId, schoolId),
        f.id ? eq(leaveRequests.id, f.id) : undefined,
        f.status ? eq(leaveRequests.status, f.status) : undefined,
        f.statuses ? inArray(leaveRequests.status, f.statuses) : undefined,
        f.staffId ? eq(leaveRequests.staffId, f.staffId) : undefined,
        f.from ? gte(leaveRequests.endDate, f.from) : undefined,
        f.to ? lte(leaveRequests.startDate, f.to) : undefined,
      ),
    )
    .orderBy(desc(leaveRequests.startDate), desc(leaveRequests.createdAt));
}

/** The id of one of the member of staff's pending or approved requests overlapping from..to, or undefined. */
export async function findOverlappingRequestId(tx: Tx, staffId: string, from: string, to: string): Promise<string | undefined> {
  const [clash] = await tx
    .select({ id: leaveRequests.id })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.staffId, staffId), inArray(leaveRequests.status, ['pending', 'approved']), lte(leaveRequests.startDate, to), gte(leaveRequests.endDate, from)))
    .limit(1);
  return clash?.id;
}

/** Inserts a request and returns it. */
export async function insertLeaveRequest(tx: Tx, values: typeof leaveRequests.$inferInsert): Promise<LeaveRequestRow> {
  const [row] = await tx.insert(leaveRequests).values(values).returning();
  return row!;
}

/** The school's request `id` locked FOR UPDATE, or undefined. */
export async function lockLeaveRequest(tx: Tx, schoolId: string, id: string): Promise<LeaveRequestRow | undefined> {
  const [r] = await tx.select().from(leaveRequests).where(and(eq(leaveRequests.id, id), eq(leaveRequests.schoolId, schoolId))).for('update');
  return r;
}

/** Records the decision on a request (approved or rejected by `decidedBy` at `now`, with the note). */
export async function markRequestDecided(tx: Tx, id: string, v: { status: 'approved' | 'rejected'; decidedBy: string; note: string | null; now: Date }): Promise<void> {
  await tx.update(leaveRequests).set({ status: v.status, decidedBy: v.decidedBy, decidedAt: v.now, decisionNote: v.note, updatedAt: v.now }).where(eq(leaveRequests.id, id));
}

/** Marks a request cancelled at `now`. */
export async function markRequestCancelled(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(leaveRequests).set({ status: 'cancelled', updatedAt: now }).where(eq(leaveRequests.id, id));
}

/** Decides the pending approvals row (kind 'leave') of request `requestId`, if there is one. */
export async function closePendingLeaveApproval(tx: Tx, requestId: string, v: { status: 'approved' | 'rejected'; decidedBy: string; decidedAt: Date; note: string | null }): Promise<void> {
  await tx
    .update(approvals)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: v.decidedAt, note: v.note })
    .where(and(eq(approvals.kind, 'leave'), eq(approvals.subjectId, requestId), eq(approvals.status, 'pending')));
}

/** The school's approved leave overlapping from..to of staff with a sign-in account: profile, dates and type name. */
export async function listApprovedLeaveOfProfiles(tx: Tx, schoolId: string, from: string, to: string): Promise<{ profileId: string | null; startDate: string; endDate: string; type: string }[]> {
  return tx
    .select({ profileId: staffMembers.profileId, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, type: leaveTypes.name })
    .from(leaveRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, leaveRequests.staffId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(and(eq(leaveRequests.schoolId, schoolId), eq(leaveRequests.status, 'approved'), lte(leaveRequests.startDate, to), gte(leaveRequests.endDate, from), isNotNull(staffMembers.profileId)));
}
