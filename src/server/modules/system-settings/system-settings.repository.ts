import { and, asc, eq, inArray } from 'drizzle-orm';
import { academicYears, gradingScales, gradingScaleVersions, schoolFeatureFlags, schools, systemSettings, terms, type GradingScaleRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * Queries of System Settings: platform settings (system_settings: key → JSON value), per-school
 * feature flags, and what a new school gets from the defaults (its row, grading scales, first year
 * and terms). Every function runs inside the caller's transaction (platform or the school's scope).
 */

// ── Settings ────────────────────────────────────────────────────────────────────────────────────

export interface StoredSetting<T> {
  value: T;
  updatedAt: Date;
  updatedBy: string | null;
}

/** One setting's value, or null when the key has no row. */
export async function readSetting<T>(tx: Tx, key: string): Promise<StoredSetting<T> | null> {
  const [row] = await tx
    .select({ value: systemSettings.settingValue, updatedAt: systemSettings.updatedAt, updatedBy: systemSettings.updatedBy })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, key));
  return row ? { value: row.value as T, updatedAt: row.updatedAt, updatedBy: row.updatedBy } : null;
}

/** Writes (inserts or replaces) one setting in the caller's transaction; returns the time written. */
export async function writeSetting(tx: Tx, key: string, value: unknown, by: string | null, description?: string): Promise<Date> {
  const now = new Date();
  await tx
    .insert(systemSettings)
    .values({ settingKey: key, settingValue: value, description: description ?? null, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: value, updatedAt: now, updatedBy: by } });
  return now;
}

// ── Feature flags ───────────────────────────────────────────────────────────────────────────────

/** Every school the scope sees (id, name, code, status), by name then id. */
export async function listSchoolsByName(tx: Tx): Promise<{ id: string; name: string; code: string; status: string }[]> {
  return tx.select({ id: schools.id, name: schools.name, code: schools.code, status: schools.status }).from(schools).orderBy(asc(schools.name), asc(schools.id));
}

/** Every stored feature flag the scope sees (school, feature key, on/off; unordered). */
export async function listAllFeatureFlags(tx: Tx): Promise<{ schoolId: string; key: string; enabled: boolean }[]> {
  return tx.select({ schoolId: schoolFeatureFlags.schoolId, key: schoolFeatureFlags.featureKey, enabled: schoolFeatureFlags.enabled }).from(schoolFeatureFlags);
}

/** The school's stored flags among feature keys `keys` (unordered). */
export async function listSchoolFeatureFlags(tx: Tx, schoolId: string, keys: string[]): Promise<{ key: string; enabled: boolean }[]> {
  return tx
    .select({ key: schoolFeatureFlags.featureKey, enabled: schoolFeatureFlags.enabled })
    .from(schoolFeatureFlags)
    .where(and(eq(schoolFeatureFlags.schoolId, schoolId), inArray(schoolFeatureFlags.featureKey, keys)));
}

/** Sets (inserts or updates) one feature flag of the school, by `updatedBy` at `at`. */
export async function upsertFeatureFlag(tx: Tx, schoolId: string, key: string, enabled: boolean, updatedBy: string, at: Date): Promise<void> {
  await tx
    .insert(schoolFeatureFlags)
    .values({ schoolId, featureKey: key, enabled, updatedBy, updatedAt: at })
    .onConflictDoUpdate({ target: [schoolFeatureFlags.schoolId, schoolFeatureFlags.featureKey], set: { enabled, updatedBy, updatedAt: at } });
}

// ── New-school defaults ─────────────────────────────────────────────────────────────────────────

/** Columns of a schools row the defaults may set. */
export type SchoolDefaultsUpdate = Pick<Partial<typeof schools.$inferInsert>, 'curricula' | 'admissionNumberPattern'>;

/** School `schoolId`'s main curriculum, curricula offered and admission-number pattern, or undefined. */
export async function findSchoolSetupColumns(tx: Tx, schoolId: string): Promise<{ curriculum: string; curricula: string[]; pattern: string } | undefined> {
  const [school] = await tx
    .select({ curriculum: schools.curriculum, curricula: schools.curricula, pattern: schools.admissionNumberPattern })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return school;
}

/** Sets columns of school `schoolId` (and updated_at). */
export async function updateSchoolDefaults(tx: Tx, schoolId: string, set: SchoolDefaultsUpdate): Promise<void> {
  await tx.update(schools).set({ ...set, updatedAt: new Date() }).where(eq(schools.id, schoolId));
}

/** Inserts the school's grading scales, skipping keys it already has; returns the rows created. */
export async function insertMissingGradingScales(tx: Tx, schoolId: string, scales: { key: string; name: string; bands: GradingScaleRow['bands'] }[]): Promise<GradingScaleRow[]> {
  return tx
    .insert(gradingScales)
    .values(scales.map((s) => ({ schoolId, key: s.key, name: s.name, bands: s.bands })))
    .onConflictDoNothing()
    .returning();
}

/** Inserts version 1 (their current bands) of the school's scales `created`, skipping versions that exist. */
export async function insertFirstScaleVersions(tx: Tx, schoolId: string, created: GradingScaleRow[]): Promise<void> {
  await tx
    .insert(gradingScaleVersions)
    .values(created.map((s) => ({ schoolId, scaleId: s.id, version: 1, bands: s.bands })))
    .onConflictDoNothing();
}

/** Whether the school has any academic year. */
export async function schoolHasYear(tx: Tx, schoolId: string): Promise<boolean> {
  const [anyYear] = await tx.select({ id: academicYears.id }).from(academicYears).where(eq(academicYears.schoolId, schoolId)).limit(1);
  return !!anyYear;
}

/** Inserts the school's academic year `name` (startsOn..endsOn, ISO dates) marked current; returns its id. */
export async function insertCurrentYear(tx: Tx, schoolId: string, year: { name: string; startsOn: string; endsOn: string }): Promise<string> {
  const [row] = await tx
    .insert(academicYears)
    .values({ schoolId, name: year.name, startsOn: year.startsOn, endsOn: year.endsOn, isCurrent: true })
    .returning({ id: academicYears.id });
  return row!.id;
}

/** A term of a new year: number, name, ISO dates and whether it is the current term. */
export interface NewTerm {
  name: string;
  number: number;
  startsOn: string;
  endsOn: string;
  halfTermStartsOn: string | null;
  halfTermEndsOn: string | null;
  isCurrent: boolean;
}

/** Inserts the terms of the school's year `yearId`. */
export async function insertTerms(tx: Tx, schoolId: string, yearId: string, list: NewTerm[]): Promise<void> {
  await tx.insert(terms).values(list.map((t) => ({ ...t, schoolId, academicYearId: yearId })));
}
