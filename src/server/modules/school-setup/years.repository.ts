import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TermInput } from '../../../shared/contracts/school-setup.js';
import { academicYears, terms } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of academic years and their terms (school setup). Every function runs inside the caller's
 * school-scoped transaction (row-level security); per-school reads also filter on school_id.
 */

/** An academic_years row. */
export type YearRow = typeof academicYears.$inferSelect;
/** A terms row. */
export type TermRow = typeof terms.$inferSelect;

/** The school's years (or only `onlyId`) with how many streams each has, newest start first. */
export async function listYearsWithStreamCounts(tx: Tx, schoolId: string, onlyId?: string): Promise<{ year: YearRow; streamCount: number }[]> {
  return tx
    .select({
      year: academicYears,
      streamCount: sql<number>`(select count(*) from classes c where c.academic_year_id = "academic_years"."id")`.mapWith(Number),
    })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), onlyId ? eq(academicYears.id, onlyId) : undefined))
    .orderBy(desc(academicYears.startsOn), asc(academicYears.id));
}

/** The school's terms (or only those of year `yearId`), by term number. */
export async function listTerms(tx: Tx, schoolId: string, yearId?: string): Promise<TermRow[]> {
  return tx
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), yearId ? eq(terms.academicYearId, yearId) : undefined))
    .orderBy(asc(terms.number), asc(terms.id));
}

/** The year `id` of the school, or undefined. */
export async function findYear(tx: Tx, schoolId: string, id: string): Promise<YearRow | undefined> {
  const [row] = await tx.select().from(academicYears).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.id, id)));
  return row;
}

/** Whether the school has a year `id`. */
export async function yearExists(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: academicYears.id }).from(academicYears).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.id, id)));
  return !!row;
}

/** Id and name of the school's years among `ids`. */
export async function listYearNames(tx: Tx, schoolId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), inArray(academicYears.id, ids)));
}

/** A year of the school named `name` (case-insensitive), other than `exceptId`, or undefined. */
export async function findYearByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), exceptId ? ne(academicYears.id, exceptId) : undefined, sql`lower(${academicYears.name}) = lower(${name})`));
  return row;
}

/** One year of the school (other than `exceptYearId`) whose dates overlap startsOn..endsOn (ISO dates), or undefined. */
export async function findOverlappingYear(tx: Tx, schoolId: string, startsOn: string, endsOn: string, exceptYearId?: string): Promise<{ name: string } | undefined> {
  const [row] = await tx
    .select({ name: academicYears.name })
    .from(academicYears)
    .where(
      and(
        eq(academicYears.schoolId, schoolId),
        exceptYearId ? ne(academicYears.id, exceptYearId) : undefined,
        sql`${academicYears.startsOn} <= ${endsOn} and ${academicYears.endsOn} >= ${startsOn}`,
      ),
    )
    .limit(1);
  return row;
}

/** Inserts an (open, not current) year; returns the row. */
export async function insertYear(tx: Tx, values: { schoolId: string; name: string; startsOn: string; endsOn: string }): Promise<YearRow> {
  const [row] = await tx.insert(academicYears).values(values).returning();
  return row!;
}

/** Inserts the terms of year `yearId`. */
export async function insertTerms(tx: Tx, schoolId: string, yearId: string, list: TermInput[]): Promise<void> {
  await tx.insert(terms).values(list.map((t) => ({ ...t, schoolId, academicYearId: yearId })));
}

/** Sets the name and dates of term number `t.number` of year `yearId`. */
export async function updateTermDates(tx: Tx, yearId: string, t: TermInput): Promise<void> {
  await tx
    .update(terms)
    .set({ name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn, halfTermEndsOn: t.halfTermEndsOn, updatedAt: new Date() })
    .where(and(eq(terms.academicYearId, yearId), eq(terms.number, t.number)));
}

/** Sets the name and/or dates of year `id` (and updated_at). */
export async function updateYearRow(tx: Tx, id: string, set: Partial<YearRow>): Promise<void> {
  await tx.update(academicYears).set({ ...set, updatedAt: new Date() }).where(eq(academicYears.id, id));
}

/** The school's term `termId` with its year, or undefined. */
export async function findTermWithYear(tx: Tx, schoolId: string, termId: string): Promise<{ term: TermRow; year: YearRow } | undefined> {
  const [row] = await tx
    .select({ term: terms, year: academicYears })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** The school's current term (id and name) and its year's name, or undefined. */
export async function findCurrentTerm(tx: Tx, schoolId: string): Promise<{ termId: string; term: string; year: string } | undefined> {
  const [row] = await tx
    .select({ termId: terms.id, term: terms.name, year: academicYears.name })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
  return row;
}

/** Unmarks the school's current term. */
export async function clearCurrentTerm(tx: Tx, schoolId: string): Promise<void> {
  await tx.update(terms).set({ isCurrent: false, updatedAt: new Date() }).where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
}

/** Unmarks the school's current year. */
export async function clearCurrentYear(tx: Tx, schoolId: string): Promise<void> {
  await tx.update(academicYears).set({ isCurrent: false, updatedAt: new Date() }).where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
}

/** Marks year `id` current. */
export async function markYearCurrent(tx: Tx, id: string): Promise<void> {
  await tx.update(academicYears).set({ isCurrent: true, updatedAt: new Date() }).where(eq(academicYears.id, id));
}

/** Marks term `id` current. */
export async function markTermCurrent(tx: Tx, id: string): Promise<void> {
  await tx.update(terms).set({ isCurrent: true, updatedAt: new Date() }).where(eq(terms.id, id));
}

/** The year and year status of the school's term `termId`, or undefined. */
export async function findTermYearStatus(tx: Tx, schoolId: string, termId: string): Promise<{ yearId: string; status: string } | undefined> {
  const [row] = await tx
    .select({ yearId: terms.academicYearId, status: academicYears.status })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
    .where(and(eq(terms.schoolId, schoolId), eq(terms.id, termId)));
  return row;
}

/** Unmarks every term of year `yearId` as current (updated_at left as it is). */
export async function clearYearTermsCurrent(tx: Tx, yearId: string): Promise<void> {
  await tx.update(terms).set({ isCurrent: false }).where(eq(terms.academicYearId, yearId));
}

/** Closes year `id` at `closedAt` (no longer current). */
export async function markYearClosed(tx: Tx, id: string, closedAt: Date): Promise<void> {
  await tx.update(academicYears).set({ status: 'closed', closedAt, isCurrent: false, updatedAt: closedAt }).where(eq(academicYears.id, id));
}

/** The school's current academic year id (is_current, else the latest started), or null. */
export async function currentYearId(tx: Tx, schoolId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.isCurrent), desc(academicYears.startsOn), desc(academicYears.id))
    .limit(1);
  return row?.id ?? null;
}
