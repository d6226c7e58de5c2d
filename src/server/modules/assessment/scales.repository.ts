import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GradeBand, ScaleKey } from '../../../shared/grading.js';
import { assessmentSettings, gradingScales, gradingScaleVersions, levelScales, levels, subjects, type GradingScaleRow, type LevelRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of the school's grading set-up (issue 12 §1): grading scales and their versions, which scale
 * grades a level or a subject of it, the assessment settings, and the levels and subjects they name.
 * Every function runs inside the caller's school-scoped transaction (row-level security).
 */

/** A level_scales row (subjectId null: the level's own scale; else a subject's override). */
export type LevelScaleRow = typeof levelScales.$inferSelect;
/** An assessment_settings row. */
export type AssessmentSettingsRow = typeof assessmentSettings.$inferSelect;

/** Every grading scale of the school (unordered). */
export async function listSchoolScales(tx: Tx, schoolId: string): Promise<GradingScaleRow[]> {
  return tx.select().from(gradingScales).where(eq(gradingScales.schoolId, schoolId));
}

/** Inserts scales, skipping any that already exist (concurrent first reads); the rows actually inserted. */
export async function insertScalesIfMissing(tx: Tx, rows: { schoolId: string; key: string; name: string; bands: GradeBand[] }[]): Promise<GradingScaleRow[]> {
  return tx.insert(gradingScales).values(rows).onConflictDoNothing().returning();
}

/** Inserts scale versions, skipping any that already exist. */
export async function insertScaleVersionsIfMissing(tx: Tx, rows: { schoolId: string; scaleId: string; version: number; bands: GradeBand[] }[]): Promise<void> {
  await tx.insert(gradingScaleVersions).values(rows).onConflictDoNothing();
}

/** id, scale and version number of every version of the given scales. */
export async function listScaleVersionNumbers(tx: Tx, scaleIds: string[]): Promise<{ id: string; scaleId: string; version: number }[]> {
  return tx
    .select({ id: gradingScaleVersions.id, scaleId: gradingScaleVersions.scaleId, version: gradingScaleVersions.version })
    .from(gradingScaleVersions)
    .where(inArray(gradingScaleVersions.scaleId, scaleIds));
}

/** The bands of the given scale versions (by grading_scale_versions.id). */
export async function listScaleVersionBands(tx: Tx, versionIds: string[]): Promise<{ id: string; bands: GradeBand[] }[]> {
  return tx.select({ id: gradingScaleVersions.id, bands: gradingScaleVersions.bands }).from(gradingScaleVersions).where(inArray(gradingScaleVersions.id, versionIds));
}

/** Writes a scale's new bands, name and version number; the updated row. */
export async function updateScaleBands(tx: Tx, scaleId: string, set: { bands: GradeBand[]; name: string; version: number; updatedBy: string }): Promise<GradingScaleRow | undefined> {
  const [row] = await tx
    .update(gradingScales)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(gradingScales.id, scaleId))
    .returning();
  return row;
}

/** Records a version of a scale; its id. */
export async function insertScaleVersion(tx: Tx, row: { schoolId: string; scaleId: string; version: number; bands: GradeBand[]; createdBy: string }): Promise<{ id: string } | undefined> {
  const [v] = await tx.insert(gradingScaleVersions).values(row).returning({ id: gradingScaleVersions.id });
  return v;
}

/** Number of versions of the school's scale `key`. */
export async function scaleVersionCount(tx: Tx, schoolId: string, key: ScaleKey): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(gradingScaleVersions)
    .innerJoin(gradingScales, eq(gradingScales.id, gradingScaleVersions.scaleId))
    .where(and(eq(gradingScales.schoolId, schoolId), eq(gradingScales.key, key)));
  return r?.n ?? 0;
}

/** id, curriculum and band of every level of the school. */
export async function listLevelCurricula(tx: Tx, schoolId: string): Promise<{ id: string; curriculum: string; band: string }[]> {
  return tx.select({ id: levels.id, curriculum: levels.curriculum, band: levels.band }).from(levels).where(eq(levels.schoolId, schoolId));
}

/** Every level_scales row of the school (levels' scales and subject overrides). */
export async function listLevelScales(tx: Tx, schoolId: string): Promise<LevelScaleRow[]> {
  return tx.select().from(levelScales).where(eq(levelScales.schoolId, schoolId));
}

/** The level_scales row of a level (subjectId null) or of one subject of it. */
export async function findLevelScale(tx: Tx, levelId: string, subjectId: string | null): Promise<LevelScaleRow | undefined> {
  const [row] = await tx
    .select()
    .from(levelScales)
    .where(and(eq(levelScales.levelId, levelId), subjectId ? eq(levelScales.subjectId, subjectId) : isNull(levelScales.subjectId)));
  return row;
}

/** Sets the scale of a level_scales row. */
export async function updateLevelScaleKey(tx: Tx, id: string, scaleKey: string): Promise<void> {
  await tx.update(levelScales).set({ scaleKey }).where(eq(levelScales.id, id));
}

/** Adds a level's scale (subjectId null) or a subject's override. */
export async function insertLevelScale(tx: Tx, row: { schoolId: string; levelId: string; subjectId: string | null; scaleKey: string }): Promise<void> {
  await tx.insert(levelScales).values(row);
}

/** The school's assessment_settings row, if it has one. */
export async function findAssessmentSettings(tx: Tx, schoolId: string): Promise<AssessmentSettingsRow | undefined> {
  const [row] = await tx.select().from(assessmentSettings).where(eq(assessmentSettings.schoolId, schoolId));
  return row;
}

/** Creates or replaces the school's assessment settings ('yes'/'no' flags as stored). */
export async function upsertAssessmentSettings(tx: Tx, schoolId: string, row: { rollupMethod: string; publishPositions: string; showFeeBalance: string; updatedAt: Date }): Promise<void> {
  await tx
    .insert(assessmentSettings)
    .values({ schoolId, ...row })
    .onConflictDoUpdate({ target: assessmentSettings.schoolId, set: row });
}

/** The level `levelId` of the school, if any. */
export async function findLevel(tx: Tx, schoolId: string, levelId: string): Promise<LevelRow | undefined> {
  const [row] = await tx.select().from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.id, levelId)));
  return row;
}

/** Every level of the school in level order. */
export async function listLevels(tx: Tx, schoolId: string): Promise<LevelRow[]> {
  return tx.select().from(levels).where(eq(levels.schoolId, schoolId)).orderBy(asc(levels.levelOrder), asc(levels.id));
}

/** id, name and level order of every level of the school (unordered). */
export async function listLevelNames(tx: Tx, schoolId: string): Promise<{ id: string; name: string; order: number }[]> {
  return tx.select({ id: levels.id, name: levels.name, order: levels.levelOrder }).from(levels).where(eq(levels.schoolId, schoolId));
}

/** Which of `levelIds` are levels of the school. */
export async function levelIdsOf(tx: Tx, schoolId: string, levelIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: levels.id }).from(levels).where(and(eq(levels.schoolId, schoolId), inArray(levels.id, levelIds)));
}

/** The id of level `levelId` when it is the school's. */
export async function findLevelId(tx: Tx, schoolId: string, levelId: string): Promise<{ id: string } | undefined> {
  const [row] = await tx.select({ id: levels.id }).from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.id, levelId)));
  return row;
}

/** The name of level `levelId` when it is the school's. */
export async function findLevelName(tx: Tx, schoolId: string, levelId: string): Promise<{ name: string } | undefined> {
  const [row] = await tx.select({ name: levels.name }).from(levels).where(and(eq(levels.schoolId, schoolId), eq(levels.id, levelId)));
  return row;
}

/** The name of the school's level `levelId`, or undefined. */
export async function levelNameById(tx: Tx, schoolId: string, levelId: string): Promise<{ name: string } | undefined> {
  const [row] = await tx.select({ name: levels.name }).from(levels).where(and(eq(levels.id, levelId), eq(levels.schoolId, schoolId)));
  return row;
}

/** id and name of every subject of the school (unordered). */
export async function listSubjectNames(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.schoolId, schoolId));
}

/** The id of subject `subjectId` when it is the school's. */
export async function findSubjectId(tx: Tx, schoolId: string, subjectId: string): Promise<{ id: string } | undefined> {
  const [s] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, subjectId)));
  return s;
}

/** Which of `subjectIds` are subjects of the school. */
export async function subjectIdsOf(tx: Tx, schoolId: string, subjectIds: string[]): Promise<{ id: string }[]> {
  return tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, subjectIds)));
}
