import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { departmentMembers, departments, profiles, staffAttendance } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of staff attendance (issue 13 §3): the school's staff and their departments, and the staff
 * register (staff_attendance: one row per person and date). Every function runs in the caller's
 * school-scoped transaction (row-level security).
 */

export type StaffAttendanceRow = typeof staffAttendance.$inferSelect;

/** The values of a person's day: status, check-in/out (HH:MM) and note. */
export interface StaffDayValues {
  status: string;
  checkIn: string | null;
  checkOut: string | null;
  note: string | null;
}

/** Active profiles of the school with a role in `roles`, by name. */
export async function listActiveStaffProfiles(tx: Tx, schoolId: string, roles: readonly string[]): Promise<{ id: string; name: string; role: string | null }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.status, 'active'), inArray(profiles.role, [...roles])))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/** True when profile `profileId` belongs to the school with a role in `roles`. */
export async function isStaffOfSchool(tx: Tx, schoolId: string, profileId: string, roles: readonly string[]): Promise<boolean> {
  const [me] = await tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.schoolId, schoolId), inArray(profiles.role, [...roles])));
  return !!me;
}

/** Id and name of profiles `ids`. */
export async function listProfileNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, ids));
}

/** Every department membership of the school: member, department id, name and head; by department name. */
export async function listDepartmentMemberships(tx: Tx, schoolId: string): Promise<{ profileId: string; departmentId: string; name: string; headId: string | null }[]> {
  return tx
    .select({ profileId: departmentMembers.profileId, departmentId: departments.id, name: departments.name, headId: departments.headId })
    .from(departmentMembers)
    .innerJoin(departments, eq(departments.id, departmentMembers.departmentId))
    .where(eq(departmentMembers.schoolId, schoolId))
    .orderBy(asc(departments.name), asc(departmentMembers.profileId));
}

/** Department `id` of the school. */
export async function findDepartment(tx: Tx, schoolId: string, id: string): Promise<{ id: string; name: string } | undefined> {
  const [d] = await tx.select({ id: departments.id, name: departments.name }).from(departments).where(and(eq(departments.id, id), eq(departments.schoolId, schoolId)));
  return d;
}

/** The school's staff register rows of day `date` (only those of `profileIds` when given). */
export async function listStaffDayRows(tx: Tx, schoolId: string, date: string, profileIds?: string[]): Promise<StaffAttendanceRow[]> {
  return tx
    .select()
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, schoolId), eq(staffAttendance.date, date), profileIds ? inArray(staffAttendance.profileId, profileIds) : undefined));
}

/** A person's row of day `date` in the school. */
export async function findStaffDayRow(tx: Tx, schoolId: string, profileId: string, date: string): Promise<StaffAttendanceRow | undefined> {
  const [row] = await tx
    .select()
    .from(staffAttendance)
    .where(and(eq(staffAttendance.profileId, profileId), eq(staffAttendance.date, date), eq(staffAttendance.schoolId, schoolId)));
  return row;
}

/** The school's rows from `from` to `to` (inclusive): person, date, status and check-in. Unordered. */
export async function listStaffRowsBetween(tx: Tx, schoolId: string, from: string, to: string): Promise<{ profileId: string; date: string; status: string; checkIn: string | null }[]> {
  return tx
    .select({ profileId: staffAttendance.profileId, date: staffAttendance.date, status: staffAttendance.status, checkIn: staffAttendance.checkIn })
    .from(staffAttendance)
    .where(and(eq(staffAttendance.schoolId, schoolId), gte(staffAttendance.date, from), lte(staffAttendance.date, to)));
}

/** Replaces the values of row `id`, stamped with who recorded it (and whether themself) and when. */
export async function updateStaffDayRow(tx: Tx, id: string, values: StaffDayValues, recordedBy: string, selfRecorded: boolean, at: Date): Promise<void> {
  await tx.update(staffAttendance).set({ ...values, recordedBy, selfRecorded, updatedAt: at }).where(eq(staffAttendance.id, id));
}

/** Inserts a person's day recorded by HR, or (a concurrent save of the same person and day) replaces its values. */
export async function upsertStaffDayRow(tx: Tx, schoolId: string, profileId: string, date: string, values: StaffDayValues, recordedBy: string, at: Date): Promise<void> {
  await tx
    .insert(staffAttendance)
    .values({ schoolId, profileId, date, ...values, recordedBy, selfRecorded: false })
    .onConflictDoUpdate({ target: [staffAttendance.profileId, staffAttendance.date], set: { ...values, recordedBy, selfRecorded: false, updatedAt: at } });
}

/** Inserts a person's day recorded by themself (check-in from the app). */
export async function insertSelfRecordedDay(tx: Tx, schoolId: string, profileId: string, date: string, values: StaffDayValues): Promise<void> {
  await tx.insert(staffAttendance).values({ schoolId, profileId, date, ...values, recordedBy: profileId, selfRecorded: true });
}
