import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { departmentMembers, departments, profiles, subjects } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of departments (school setup): head, members and the learning areas they look after. Every
 * function runs inside the caller's school-scoped transaction (row-level security); per-school reads
 * also filter on school_id.
 */

/** The school's departments (or only `onlyId`) with their head's name, by name. */
export async function listDepartmentsWithHead(tx: Tx, schoolId: string, onlyId?: string): Promise<{ id: string; name: string; headId: string | null; headName: string | null }[]> {
  return tx
    .select({ id: departments.id, name: departments.name, headId: departments.headId, headName: profiles.name })
    .from(departments)
    .leftJoin(profiles, eq(profiles.id, departments.headId))
    .where(and(eq(departments.schoolId, schoolId), onlyId ? eq(departments.id, onlyId) : undefined))
    .orderBy(asc(departments.name));
}

/** The members of departments `ids` (department, profile id and name), by member name. */
export async function listDepartmentMembers(tx: Tx, ids: string[]): Promise<{ departmentId: string; id: string; name: string }[]> {
  return tx
    .select({ departmentId: departmentMembers.departmentId, id: profiles.id, name: profiles.name })
    .from(departmentMembers)
    .innerJoin(profiles, eq(profiles.id, departmentMembers.profileId))
    .where(inArray(departmentMembers.departmentId, ids))
    .orderBy(asc(profiles.name), asc(profiles.id), asc(departmentMembers.departmentId));
}

/** The learning areas (not retired) of departments `ids`, by band then name. */
export async function listDepartmentSubjects(tx: Tx, ids: string[]): Promise<{ departmentId: string | null; id: string; name: string; band: string }[]> {
  return tx
    .select({ departmentId: subjects.departmentId, id: subjects.id, name: subjects.name, band: subjects.band })
    .from(subjects)
    .where(and(inArray(subjects.departmentId, ids), sql`${subjects.retiredAt} is null`))
    .orderBy(asc(subjects.band), asc(subjects.name), asc(subjects.id));
}

/** Id and name of every department of the school (unordered). */
export async function listDepartmentNames(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.schoolId, schoolId));
}

/** Whether the school has department `id`. */
export async function departmentExists(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.schoolId, schoolId), eq(departments.id, id)));
  return !!row;
}

/** The school's department named `name` (case-insensitive), other than `exceptId`, or undefined. */
export async function findDepartmentByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [dup] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.schoolId, schoolId), sql`lower(${departments.name}) = lower(${name})`, exceptId ? ne(departments.id, exceptId) : undefined));
  return dup;
}

/** Inserts a department of the school; returns its id. */
export async function insertDepartment(tx: Tx, schoolId: string, name: string, headId: string | null): Promise<string> {
  const [row] = await tx.insert(departments).values({ schoolId, name, headId }).returning({ id: departments.id });
  return row!.id;
}

/** Sets the name and/or head of department `id` (and updated_at). */
export async function updateDepartmentRow(tx: Tx, id: string, set: { name?: string; headId?: string | null }): Promise<void> {
  await tx.update(departments).set({ ...set, updatedAt: new Date() }).where(eq(departments.id, id));
}

/** Deletes department `id`. */
export async function deleteDepartmentRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(departments).where(eq(departments.id, id));
}

/** Removes every member of department `departmentId`. */
export async function deleteDepartmentMembers(tx: Tx, departmentId: string): Promise<void> {
  await tx.delete(departmentMembers).where(eq(departmentMembers.departmentId, departmentId));
}

/** Adds profiles `profileIds` (non-empty) to department `departmentId` of the school. */
export async function insertDepartmentMembers(tx: Tx, schoolId: string, departmentId: string, profileIds: string[]): Promise<void> {
  await tx.insert(departmentMembers).values(profileIds.map((profileId) => ({ schoolId, departmentId, profileId })));
}
