import {
  BUILT_IN_SCHOOL_DEFAULTS,
  newSchoolDefaultsSchema,
  type NewSchoolDefaults,
} from '../../../shared/contracts/system-settings.js';
import { DEFAULT_ADMISSION_PATTERN } from '../../../shared/admission-number.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Tx } from '../../db/tenant.js';
import { schoolSenderKey, SETTING_KEYS } from './settings-store.js';
import * as repo from './system-settings.repository.js';

/**
 * The defaults for new schools (issue 18 §4 System Settings "defaults for new schools"): the saved
 * ones (system_settings 'new_school_defaults'), or the built-in ones (BUILT_IN_SCHOOL_DEFAULTS: CBC,
 * the 2026 Ministry calendar's three terms, curriculum.md's default scales, sender "EDUFAM",
 * "{YYYY}/{SEQ:4}") when none are saved or the saved value no longer parses.
 */
export async function newSchoolDefaults(tx: Tx): Promise<{ defaults: NewSchoolDefaults; updatedAt: Date | null }> {
  const row = await repo.readSetting<unknown>(tx, SETTING_KEYS.newSchoolDefaults);
  const parsed = row ? newSchoolDefaultsSchema.safeParse(row.value) : null;
  if (!parsed?.success) return { defaults: BUILT_IN_SCHOOL_DEFAULTS, updatedAt: null };
  return { defaults: parsed.data, updatedAt: row!.updatedAt };
}

/** The school's SMS sender ID set from the defaults when it was created, or null (the account default). */
export async function schoolSmsSenderId(tx: Tx, schoolId: string): Promise<string | null> {
  const row = await repo.readSetting<{ senderId?: unknown }>(tx, schoolSenderKey(schoolId));
  const v = row?.value?.senderId;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/**
 * Gives a just-created school the defaults, in the caller's transaction (call it right after the
 * school row is inserted; the transaction must see the school: platform scope or the school's own):
 * - curricula offered: its main curriculum first, then the defaults' (only while the list is empty);
 * - admission number pattern (only while the school still has the column's default);
 * - its own copies of the grading scales (version 1 each; existing keys are left alone);
 * - the current school year (Africa/Nairobi) with the three terms of the template, the term that
 *   contains today marked current (only when the school has no year yet);
 * - its SMS sender ID (system_settings 'school:sms-sender-id:<id>'), read by schoolSmsSenderId.
 * Idempotent: a second call changes nothing. Returns what it applied.
 */
export async function applyNewSchoolDefaults(tx: Tx, schoolId: string): Promise<{ applied: string[] }> {
  const { defaults } = await newSchoolDefaults(tx);
  const applied: string[] = [];
  const school = await repo.findSchoolSetupColumns(tx, schoolId);
  if (!school) throw new Error(`applyNewSchoolDefaults: school ${schoolId} not visible`);

  const set: repo.SchoolDefaultsUpdate = {};
  if ((school.curricula ?? []).length === 0) {
    set.curricula = [...new Set([school.curriculum, ...defaults.curricula])];
    applied.push('curricula');
  }
  if (school.pattern === DEFAULT_ADMISSION_PATTERN && defaults.admissionNumberPattern.trim() !== DEFAULT_ADMISSION_PATTERN) {
    set.admissionNumberPattern = defaults.admissionNumberPattern.trim();
    applied.push('admissionNumberPattern');
  }
  if (Object.keys(set).length) await repo.updateSchoolDefaults(tx, schoolId, set);

  if (defaults.gradingScales.length) {
    const created = await repo.insertMissingGradingScales(tx, schoolId, defaults.gradingScales);
    if (created.length) {
      await repo.insertFirstScaleVersions(tx, schoolId, created);
      applied.push('gradingScales');
    }
  }

  const hasYear = await repo.schoolHasYear(tx, schoolId);
  if (!hasYear && defaults.terms.length > 0) {
    const today = schoolToday();
    const year = today.slice(0, 4);
    const dated = defaults.terms.map((t, i) => ({
      name: t.name,
      number: i + 1,
      startsOn: `${year}-${t.startsOn}`,
      endsOn: `${year}-${t.endsOn}`,
      halfTermStartsOn: t.halfTermStartsOn ? `${year}-${t.halfTermStartsOn}` : null,
      halfTermEndsOn: t.halfTermEndsOn ? `${year}-${t.halfTermEndsOn}` : null,
    }));
    const yearId = await repo.insertCurrentYear(tx, schoolId, { name: year, startsOn: dated[0]!.startsOn, endsOn: dated[dated.length - 1]!.endsOn });
    // The term that contains today, else the next one to start, is the current term.
    const current = dated.find((t) => t.startsOn <= today && today <= t.endsOn) ?? dated.find((t) => t.startsOn > today);
    await repo.insertTerms(tx, schoolId, yearId, dated.map((t) => ({ ...t, isCurrent: t === current })));
    applied.push('terms');
  }

  if (defaults.smsSenderId.trim()) {
    await repo.writeSetting(tx, schoolSenderKey(schoolId), { senderId: defaults.smsSenderId.trim() }, null, 'SMS sender ID of the school (new-school defaults)');
    applied.push('smsSenderId');
  }
  return { applied };
}
