import { and, asc, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListStaffQuery } from '../../../shared/contracts/staff.js';
import { files, profiles, schools, staffDocuments, staffMembers, type NewStaff, type StaffRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import { containsPattern } from '../../lib/like.js';

export type { ExitClearance, NewStaff, StaffRow } from '../../db/schema/index.js';

/**
 * Queries of staff records (issue 14 §1): staff_members, their documents, and the linked sign-in
 * profile. Every function runs inside the caller's school-scoped transaction (row-level security);
 * per-school reads also filter on school_id.
 */

/** A staff_documents row. */
export type StaffDocumentRow = typeof staffDocuments.$inferSelect;

/** The staff record `id` of the school (locked FOR UPDATE with `lock`), or undefined. */
export async function findStaff(tx: Tx, schoolId: string, id: string, lock = false): Promise<StaffRow | undefined> {
  const q = tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), eq(staffMembers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The sign-in profile `profileId` as a staff record shows it (id, e-mail, role, status, last login, school), or undefined. */
export async function findAccount(tx: Tx, profileId: string) {
  const [p] = await tx
    .select({ id: profiles.id, email: profiles.email, role: profiles.role, status: profiles.status, lastLoginAt: profiles.lastLoginAt, schoolId: profiles.schoolId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return p;
}

/** Id, status and e-mail of profile `profileId`, locked FOR UPDATE, or undefined. */
export async function lockProfileStatus(tx: Tx, profileId: string): Promise<{ id: string; status: string; email: string } | undefined> {
  const [p] = await tx.select({ id: profiles.id, status: profiles.status, email: profiles.email }).from(profiles).where(eq(profiles.id, profileId)).for('update');
  return p;
}

/** The documents of staff record `staffId` of the school with their file's name, type, size and uploader's name, newest first. */
export async function listStaffDocuments(tx: Tx, schoolId: string, staffId: string) {
  return tx
    .select({
      id: staffDocuments.id,
      kind: staffDocuments.kind,
      title: staffDocuments.title,
      fileName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      uploadedBy: profiles.name,
      createdAt: staffDocuments.createdAt,
    })
    .from(staffDocuments)
    .innerJoin(files, eq(files.id, staffDocuments.fileId))
    .leftJoin(profiles, eq(profiles.id, staffDocuments.uploadedBy))
    .where(and(eq(staffDocuments.schoolId, schoolId), eq(staffDocuments.staffId, staffId)))
    .orderBy(desc(staffDocuments.createdAt));
}

/** The filters of the staff list (GET /api/staff). */
export type StaffFilters = Pick<ListStaffQuery, 'status' | 'department' | 'employer' | 'employmentType' | 'account' | 'search'>;

/**
 * The staff list's condition: the school, status (unless all), department, employer, employment type,
 * with/without account, and the search (staff number, job title, national ID, e-mail, phone, or every
 * word of it in the full name).
 */
function staffWhere(schoolId: string, f: StaffFilters): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(staffMembers.schoolId, schoolId)];
  if (f.status !== 'all') conds.push(eq(staffMembers.status, f.status));
  if (f.department) conds.push(eq(staffMembers.department, f.department));
  if (f.employer) conds.push(eq(staffMembers.employer, f.employer));
  if (f.employmentType) conds.push(eq(staffMembers.employmentType, f.employmentType));
  if (f.account === 'with') conds.push(isNotNull(staffMembers.profileId));
  if (f.account === 'without') conds.push(sql`${staffMembers.profileId} is null`);
  const search = f.search?.trim();
  if (search) {
    const p = containsPattern(search);
    const words = search.split(/\s+/).filter(Boolean);
    conds.push(
      or(
        ilike(staffMembers.staffNumber, p),
        ilike(staffMembers.jobTitle, p),
        ilike(staffMembers.nationalId, p),
        ilike(staffMembers.email, p),
        ilike(staffMembers.phone, p),
        and(...words.map((w) => ilike(sql`${staffMembers.firstName} || ' ' || coalesce(${staffMembers.otherNames}, '') || ' ' || ${staffMembers.lastName}`, containsPattern(w)))),
      ),
    );
  }
  return and(...conds);
}

/** One page of the school's staff matching `f`, with the linked account's role and status; by last name, first name, staff number, id. */
export async function listStaffPage(tx: Tx, schoolId: string, f: StaffFilters, w: PageWindow): Promise<{ s: StaffRow; role: string | null; accountStatus: string | null }[]> {
  return tx
    .select({ s: staffMembers, role: profiles.role, accountStatus: profiles.status })
    .from(staffMembers)
    .leftJoin(profiles, eq(profiles.id, staffMembers.profileId))
    .where(staffWhere(schoolId, f))
    .orderBy(asc(staffMembers.lastName), asc(staffMembers.firstName), asc(staffMembers.staffNumber), asc(staffMembers.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's staff match `f`. */
export async function countStaff(tx: Tx, schoolId: string, f: StaffFilters): Promise<number> {
  const [{ total }] = (await tx.select({ total: count() }).from(staffMembers).where(staffWhere(schoolId, f))) as [{ total: number }];
  return Number(total);
}

/**
 * The school's staff counts: active, exited, active with an account, and active whose contract ends on
 * or before `contractsEndingBy` (ISO date). Counts come back as PostgreSQL bigint (strings on some drivers).
 */
export async function staffSummary(tx: Tx, schoolId: string, contractsEndingBy: string) {
  const [summary] = await tx
    .select({
      active: sql<number>`count(*) filter (where ${staffMembers.status} = 'active')`,
      exited: sql<number>`count(*) filter (where ${staffMembers.status} = 'exited')`,
      withAccount: sql<number>`count(*) filter (where ${staffMembers.status} = 'active' and ${staffMembers.profileId} is not null)`,
      contractsEnding: sql<number>`count(*) filter (where ${staffMembers.status} = 'active' and ${staffMembers.contractEnd} <= ${contractsEndingBy})`,
    })
    .from(staffMembers)
    .where(eq(staffMembers.schoolId, schoolId));
  return summary;
}

/** The departments the school's staff records name (each once, none null), alphabetically. */
export async function listStaffDepartments(tx: Tx, schoolId: string): Promise<string[]> {
  const deps = await tx
    .selectDistinct({ d: staffMembers.department })
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), isNotNull(staffMembers.department)))
    .orderBy(asc(staffMembers.department));
  return deps.map((d) => d.d!).filter(Boolean);
}

/** The school's active staff whose contract ends on or before `until` (ISO date), soonest first, then by last name. */
export async function listContractsEndingBy(tx: Tx, schoolId: string, until: string): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), eq(staffMembers.status, 'active'), lte(staffMembers.contractEnd, until)))
    .orderBy(asc(staffMembers.contractEnd), asc(staffMembers.lastName));
}

/** Takes the transaction-level advisory lock that serialises staff numbering in the school. */
export async function lockStaffNumbering(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-number:${schoolId}`}))`);
}

/** Every staff number of the school (unordered). */
export async function listStaffNumbers(tx: Tx, schoolId: string): Promise<string[]> {
  const rows = await tx.select({ n: staffMembers.staffNumber }).from(staffMembers).where(eq(staffMembers.schoolId, schoolId));
  return rows.map((r) => r.n);
}

/** The school's code, or undefined when the scope cannot see the school. */
export async function findSchoolCode(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [school] = await tx.select({ code: schools.code }).from(schools).where(eq(schools.id, schoolId));
  return school?.code;
}

/** The id of the school's staff record with number `staffNumber`, or undefined. */
export async function findStaffIdByNumber(tx: Tx, schoolId: string, staffNumber: string): Promise<string | undefined> {
  const [taken] = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.schoolId, schoolId), eq(staffMembers.staffNumber, staffNumber)));
  return taken?.id;
}

/** Inserts a staff record; returns the row. */
export async function insertStaff(tx: Tx, values: NewStaff): Promise<StaffRow> {
  const [row] = await tx.insert(staffMembers).values(values).returning();
  return row!;
}

/** Sets columns of staff record `id` (and updated_at); returns the saved row. */
export async function updateStaffRow(tx: Tx, id: string, set: Partial<StaffRow>): Promise<StaffRow> {
  const [updated] = await tx
    .update(staffMembers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(staffMembers.id, id))
    .returning();
  return updated!;
}

/** Inserts a document of a staff record; returns the row. */
export async function insertStaffDocument(tx: Tx, values: typeof staffDocuments.$inferInsert): Promise<StaffDocumentRow> {
  const [doc] = await tx.insert(staffDocuments).values(values).returning();
  return doc!;
}

/** Document `documentId` of the school's staff record `staffId`, or undefined. */
export async function findStaffDocument(tx: Tx, schoolId: string, staffId: string, documentId: string): Promise<StaffDocumentRow | undefined> {
  const [doc] = await tx
    .select()
    .from(staffDocuments)
    .where(and(eq(staffDocuments.schoolId, schoolId), eq(staffDocuments.staffId, staffId), eq(staffDocuments.id, documentId)));
  return doc;
}

/** Deletes staff document `id` (the file row stays). */
export async function deleteStaffDocument(tx: Tx, id: string): Promise<void> {
  await tx.delete(staffDocuments).where(eq(staffDocuments.id, id));
}
