import { and, asc, count, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/tenant.js';
import { profiles, schools, sessions, students } from '../../db/schema/index.js';
import type { Curriculum, SchoolStatus } from '../../../shared/contracts/schools.js';
import { containsAny, escapeLike } from '../../lib/like.js';

const owners = alias(profiles, 'owner_profile');
const principals = alias(profiles, 'principal_profile');

const rowColumns = {
  id: schools.id,
  name: schools.name,
  code: schools.code,
  curriculum: schools.curriculum,
  address: schools.address,
  county: schools.county,
  phone: schools.phone,
  email: schools.email,
  logoUrl: schools.logoUrl,
  motto: schools.motto,
  ownerId: schools.ownerId,
  ownerName: owners.name,
  principalId: schools.principalId,
  principalName: principals.name,
  status: schools.status,
  createdAt: schools.createdAt,
  updatedAt: schools.updatedAt,
};

/** A school row with its owner's and principal's names (before the counts are added). */
export interface SchoolRow {
  id: string;
  name: string;
  code: string;
  curriculum: string;
  address: string | null;
  county: string | null;
  phone: string | null;
  email: string | null;
  logoUrl: string | null;
  motto: string | null;
  ownerId: string | null;
  ownerName: string | null;
  principalId: string | null;
  principalName: string | null;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface SchoolFilters {
  search?: string;
  status?: SchoolStatus;
  curriculum?: Curriculum;
}


function filterConditions(f: SchoolFilters): SQL | undefined {
  const search = f.search?.trim();
  return and(
    search ? containsAny(search, [schools.name, schools.code, schools.county, schools.email]) : undefined,
    f.status ? eq(schools.status, f.status) : undefined,
    f.curriculum ? eq(schools.curriculum, f.curriculum) : undefined,
  );
}

/**
 * Schools the transaction's scope can see (row-level security bounds it), filtered, by name then id,
 * with the owner's and principal's names. `page` absent: every matching school.
 */
export async function listSchoolRows(tx: Tx, filters: SchoolFilters, page?: { limit: number; offset: number }): Promise<SchoolRow[]> {
  const q = tx
    .select(rowColumns)
    .from(schools)
    .leftJoin(owners, eq(owners.id, schools.ownerId))
    .leftJoin(principals, eq(principals.id, schools.principalId))
    .where(filterConditions(filters))
    .orderBy(asc(schools.name), asc(schools.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

/**
 * Accounts and active students per school, for the given schools only (two grouped index scans:
 * profiles_school_role_idx and students_school_admission_uq). Schools without any are absent.
 */
export async function countPeople(tx: Tx, schoolIds: string[]): Promise<Map<string, { users: number; students: number }>> {
  const out = new Map<string, { users: number; students: number }>();
  if (schoolIds.length === 0) return out;
  const userRows = await tx
    .select({ schoolId: profiles.schoolId, n: count() })
    .from(profiles)
    .where(inArray(profiles.schoolId, schoolIds))
    .groupBy(profiles.schoolId);
  const studentRows = await tx
    .select({ schoolId: students.schoolId, n: count() })
    .from(students)
    .where(and(inArray(students.schoolId, schoolIds), eq(students.status, 'active')))
    .groupBy(students.schoolId);
  for (const id of schoolIds) out.set(id, { users: 0, students: 0 });
  for (const r of userRows) if (r.schoolId) out.get(r.schoolId)!.users = Number(r.n);
  for (const r of studentRows) out.get(r.schoolId)!.students = Number(r.n);
  return out;
}

/**
 * Summary over the scope (total, active, inactive) and, when `filters` narrow the list, how many
 * schools match them, in one scan of schools.
 */
export async function summariseSchools(tx: Tx, filters: SchoolFilters) {
  const match = filterConditions(filters);
  const [row] = await tx
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${schools.status} = 'active')`,
      inactive: sql<number>`count(*) filter (where ${schools.status} = 'inactive')`,
      matching: match ? sql<number>`count(*) filter (where ${match})` : sql<number>`count(*)`,
    })
    .from(schools);
  return {
    summary: { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0), inactive: Number(row?.inactive ?? 0) },
    matching: Number(row?.matching ?? 0),
  };
}

/** One school by id with its leaders' names, or null when it does not exist or is outside the scope. */
export async function findSchoolRow(tx: Tx, schoolId: string): Promise<SchoolRow | null> {
  const rows = await tx
    .select(rowColumns)
    .from(schools)
    .leftJoin(owners, eq(owners.id, schools.ownerId))
    .leftJoin(principals, eq(principals.id, schools.principalId))
    .where(eq(schools.id, schoolId))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks a school row for a change (SELECT … FOR UPDATE), so concurrent edits serialise. */
export async function lockSchool(tx: Tx, schoolId: string) {
  const rows = await tx.select().from(schools).where(eq(schools.id, schoolId)).for('update').limit(1);
  return rows[0] ?? null;
}

/** Codes already taken among `base` and `base-N` (for deriving a free code from a name). */
export async function codesLike(tx: Tx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ code: schools.code })
    .from(schools)
    .where(or(eq(schools.code, base), like(schools.code, `${escapeLike(base)}-%`)));
  return new Set(rows.map((r) => r.code));
}

/** Is this code used by a school other than `exceptId`? (Unique index schools_code_unique.) */
export async function codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: schools.id }).from(schools).where(eq(schools.code, code)).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export type SchoolValues = typeof schools.$inferInsert;

export async function insertSchool(tx: Tx, values: SchoolValues): Promise<string> {
  const [row] = await tx.insert(schools).values(values).returning({ id: schools.id });
  return row!.id;
}

export async function updateSchoolRow(tx: Tx, schoolId: string, values: Partial<SchoolValues>): Promise<void> {
  await tx
    .update(schools)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schools.id, schoolId));
}

/** The school's school directors and principals (candidates for owner and principal), by name. */
export async function listLeaders(tx: Tx, schoolId: string) {
  return tx
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, role: profiles.role, status: profiles.status })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), inArray(profiles.role, ['school_director', 'principal'])))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/** A profile's role when it belongs to `schoolId`, or null. */
export async function memberRole(tx: Tx, schoolId: string, profileId: string): Promise<string | null> {
  const rows = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.schoolId, schoolId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

/**
 * Deletes every session of the school's accounts, so they are signed out at once. Returns how many
 * sessions ended.
 */
export async function deleteSchoolSessions(tx: Tx, schoolId: string): Promise<number> {
  const members = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.schoolId, schoolId));
  const deleted = await tx.delete(sessions).where(inArray(sessions.userId, members)).returning({ id: sessions.id });
  return deleted.length;
}
