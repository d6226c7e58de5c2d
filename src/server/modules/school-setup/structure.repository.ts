import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import { academicYears, classes, levels, studentEnrolments, students, type ClassRow, type LevelRow, type NewClass } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { classItems } from '../classes/index.js';

export type { LevelRow, ClassRow } from '../../db/schema/index.js';

/**
 * Queries of the school's structure (school setup): levels and streams (classes). Every function runs inside the caller's school-scoped transaction
 * (row-level security); per-school reads also filter on school_id.
 */

// ── Levels ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The school's levels (or only `onlyId`), lowest order first then by name, each with its number of
 * streams in year `yearId` (0 without a year) and in every year.
 */
export async function listLevelsWithStreamCounts(
  tx: Tx,
  schoolId: string,
  yearId: string | null,
  onlyId?: string,
): Promise<{ level: LevelRow; streamCount: number; streamCountAllYears: number }[]> {
  return tx
    .select({
      level: levels,
      streamCount: yearId
        ? sql<number>`(select count(*) from classes c where c.level_id = "levels"."id" and c.academic_year_id = ${yearId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
      streamCountAllYears: sql<number>`(select count(*) from classes c where c.level_id = "levels"."id")`.mapWith(Number),
    })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), onlyId ? eq(levels.id, onlyId) : undefined))
    .orderBy(asc(levels.levelOrder), asc(levels.name));
}

/** The level `id` of the school, or undefined. */
export async function findLevel(tx: Tx, schoolId: string, id: string): Promise<LevelRow | undefined> {
  const [row] = await tx.select().from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.id, id)));
  return row;
}

/** The school's level named `name` (case-insensitive), other than `exceptId`, or undefined. */
export async function findLevelByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<LevelRow | undefined> {
  const [row] = await tx
    .select()
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), sql`lower(${levels.name}) = lower(${name})`, exceptId ? ne(levels.id, exceptId) : undefined));
  return row;
}

/** The curricula the school's levels use (each once). */
export async function listLevelCurricula(tx: Tx, schoolId: string): Promise<string[]> {
  const rows = await tx.selectDistinct({ curriculum: levels.curriculum }).from(levels).where(eq(levels.schoolId, schoolId));
  return rows.map((r) => r.curriculum);
}

/** The curriculum of one of the school's levels of band `band`, or undefined when none has it. */
export async function findBandCurriculum(tx: Tx, schoolId: string, band: string): Promise<string | undefined> {
  const [row] = await tx.select({ curriculum: levels.curriculum }).from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.band, band))).limit(1);
  return row?.curriculum;
}

/** Inserts a level of the school; returns the row. */
export async function insertLevel(tx: Tx, schoolId: string, values: { name: string; levelOrder: number; band: string; curriculum: string; isFinal: boolean }): Promise<LevelRow> {
  const [row] = await tx.insert(levels).values({ schoolId, ...values }).returning();
  return row!;
}

/** Sets columns of level `id` (and updated_at). */
export async function updateLevelRow(tx: Tx, id: string, set: Partial<{ name: string; levelOrder: number; band: string; curriculum: string; isFinal: boolean }>): Promise<void> {
  await tx.update(levels).set({ ...set, updatedAt: new Date() }).where(eq(levels.id, id));
}

/**
 * Makes the streams of level `levelId` in the school's open years follow the level: grade level
 * `level.name`, order and band; a display name "<oldName> <stream>" becomes "<level.name> <stream>".
 */
export async function updateOpenYearStreamsOfLevel(
  tx: Tx,
  schoolId: string,
  levelId: string,
  oldName: string,
  level: { name: string; levelOrder: number; band: string },
): Promise<void> {
  const openYears = sql`${classes.academicYearId} in (select ${academicYears.id} from ${academicYears} where ${academicYears.schoolId} = ${schoolId} and ${academicYears.status} = 'open')`;
  await tx
    .update(classes)
    .set({
      gradeLevel: level.name,
      levelOrder: level.levelOrder,
      band: level.band,
      name: sql`case when ${classes.name} = ${oldName} || ' ' || ${classes.stream} then ${level.name} || ' ' || ${classes.stream} else ${classes.name} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(classes.levelId, levelId), openYears));
}

/** How many streams (any year) level `levelId` has. */
export async function countStreamsOfLevel(tx: Tx, levelId: string): Promise<number> {
  const [n] = await tx.select({ n: count() }).from(classes).where(eq(classes.levelId, levelId));
  return Number(n?.n ?? 0);
}

/** Deletes level `id`. */
export async function deleteLevelRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(levels).where(eq(levels.id, id));
}

// ── Streams (classes) ───────────────────────────────────────────────────────────────────────────

/** Stream `id` as GET /api/classes lists it, or undefined. */
export async function findClassItem(tx: Tx, id: string): Promise<ClassItem | undefined> {
  const [row] = await classItems(tx, eq(classes.id, id));
  return row;
}

/** The school's stream `id` with its year's name and status, or undefined. */
export async function findStreamWithYear(tx: Tx, schoolId: string, id: string): Promise<{ c: ClassRow; yearName: string; yearStatus: string } | undefined> {
  const [row] = await tx
    .select({ c: classes, yearName: academicYears.name, yearStatus: academicYears.status })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
  return row;
}

/** A stream of year `yearId` with this grade level and stream name (case-insensitive), other than `exceptId`, or undefined. */
export async function findStreamInYear(tx: Tx, yearId: string, level: string, stream: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.academicYearId, yearId),
        sql`lower(${classes.gradeLevel}) = lower(${level})`,
        sql`lower(${classes.stream}) = lower(${stream})`,
        exceptId ? ne(classes.id, exceptId) : undefined,
      ),
    );
  return row;
}

/** The school's streams of year `yearId`, by level order then stream name. */
export async function listStreamsOfYear(tx: Tx, schoolId: string, yearId: string): Promise<ClassRow[]> {
  return tx
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, yearId)))
    .orderBy(classes.levelOrder, classes.stream, classes.id);
}

/** Id, grade level and stream name of the school's streams of year `yearId` (unordered). */
export async function listStreamKeysOfYear(tx: Tx, schoolId: string, yearId: string): Promise<{ id: string; gradeLevel: string; stream: string }[]> {
  return tx
    .select({ id: classes.id, gradeLevel: classes.gradeLevel, stream: classes.stream })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, yearId)));
}

/** Inserts a stream; returns the row. */
export async function insertClass(tx: Tx, values: NewClass): Promise<ClassRow> {
  const [row] = await tx.insert(classes).values(values).returning();
  return row!;
}

/** Sets columns of stream `id` (and updated_at). */
export async function updateClassRow(tx: Tx, id: string, set: Partial<ClassRow>): Promise<void> {
  await tx.update(classes).set({ ...set, updatedAt: new Date() }).where(eq(classes.id, id));
}

/** How many learners are in stream `classId`: active ones only, or (activeOnly false) of any status. */
export async function countLearnersInClass(tx: Tx, classId: string, activeOnly: boolean): Promise<number> {
  const [n] = await tx
    .select({ n: count() })
    .from(students)
    .where(activeOnly ? and(eq(students.classId, classId), eq(students.status, 'active')) : eq(students.classId, classId));
  return Number(n?.n ?? 0);
}

/** How many class-history (enrolment) rows refer to stream `classId`. */
export async function countEnrolmentsOfClass(tx: Tx, classId: string): Promise<number> {
  const [n] = await tx.select({ n: count() }).from(studentEnrolments).where(eq(studentEnrolments.classId, classId));
  return Number(n?.n ?? 0);
}

/** Deletes stream `id`. */
export async function deleteClassRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(classes).where(eq(classes.id, id));
}
