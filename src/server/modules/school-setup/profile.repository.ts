import { and, eq } from 'drizzle-orm';
import { admissionSequences, schools, systemSettings } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of the school profile (school setup): the schools row, the per-school settings kept in
 * system_settings and the admission-number sequences. Every function runs inside the caller's
 * school-scoped transaction (row-level security).
 */

/** A schools row. */
export type SchoolRow = typeof schools.$inferSelect;

/** The schools row `schoolId` (undefined when the scope cannot see it). */
export async function findSchool(tx: Tx, schoolId: string): Promise<SchoolRow | undefined> {
  const [row] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  return row;
}

/** Sets columns of school `schoolId` (and updated_at); returns the saved row. */
export async function updateSchoolRow(tx: Tx, schoolId: string, set: Partial<SchoolRow>): Promise<SchoolRow> {
  const [saved] = await tx
    .update(schools)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(schools.id, schoolId))
    .returning();
  return saved!;
}

/** The JSON value of system setting `key`, or undefined when there is none. */
export async function findSettingValue(tx: Tx, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: systemSettings.settingValue }).from(systemSettings).where(eq(systemSettings.settingKey, key));
  return row?.value;
}

/** Stores { max } (lessons per week) under setting `key`, inserting or updating it, by `updatedBy`. */
export async function upsertTeacherLoadSetting(tx: Tx, key: string, max: number, updatedBy: string): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ settingKey: key, settingValue: { max }, description: 'Teachers’ load maximum (lessons per week) of one school', updatedBy })
    .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: { max }, updatedAt: new Date(), updatedBy } });
}

/** The last value handed out by the school's admission sequence `key`, or undefined when it has none. */
export async function findAdmissionSequenceValue(tx: Tx, schoolId: string, key: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ last: admissionSequences.lastValue })
    .from(admissionSequences)
    .where(and(eq(admissionSequences.schoolId, schoolId), eq(admissionSequences.prefix, key)));
  return row?.last;
}
