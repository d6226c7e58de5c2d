import type { Actor } from '../../../shared/access.js';
import { admissionSequenceKey, checkAdmissionPattern, formatAdmissionNumber } from '../../../shared/admission-number.js';
import {
  TEACHER_LOAD_MAX_DEFAULT,
  canonicalCounty,
  type SchoolProfile,
  type SetupCurriculum,
  type UpdateProfileInput,
} from '../../../shared/contracts/school-setup.js';
import type { SchoolMinistryFields } from '../../../shared/contracts/kemis.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Locale } from '../../../shared/i18n/locale.js';
import { messages } from '../../../shared/messages.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { storeFile, type Upload } from '../../lib/files.js';
import { takenAdmissionNumbers } from '../learners/index.js';
import { audit, writeSchool } from './setup-context.js';
import { changes, readSchool } from '../../lib/school-context.js';
import { findAdmissionSequenceValue, findSchool, findSettingValue, updateSchoolRow, upsertTeacherLoadSetting, type SchoolRow } from './profile.repository.js';
import { listLevelCurricula } from './structure.repository.js';

const m = messages.schoolSetup;

/** Audit actions of the profile. */
export const PROFILE_AUDIT = { updated: 'SCHOOL_PROFILE_UPDATED', logo: 'SCHOOL_LOGO_UPDATED' } as const;

/**
 * The teachers' load maximum is kept per school in system_settings under this key (the schema has no
 * school column for it; see the module's README note in the report). Value: { max: number }.
 */
export function maxLoadKey(schoolId: string): string {
  return `school-setup:max-teacher-load:${schoolId}`;
}

/** The school's maximum lessons per teacher per week (default 40). */
export async function maxTeacherLoad(tx: Tx, schoolId: string): Promise<number> {
  const value = await findSettingValue(tx, maxLoadKey(schoolId));
  const max = (value as { max?: unknown } | undefined)?.max;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : TEACHER_LOAD_MAX_DEFAULT;
}

/** The admission year of an admission made today (Africa/Nairobi). */
function admissionYear(): number {
  return Number(schoolToday().slice(0, 4));
}

/**
 * The admission number the next learner admitted this year would get under `pattern`: one past the
 * admission_sequences row for the pattern's key this year (numbers already taken are skipped, as the
 * admission itself does).
 */
export async function nextAdmissionNumber(tx: Tx, schoolId: string, pattern: string, year = admissionYear()): Promise<string> {
  const key = admissionSequenceKey(pattern, year);
  let seq = ((await findAdmissionSequenceValue(tx, schoolId, key)) ?? 0) + 1;
  for (let tries = 0; tries < 5; tries++) {
    const candidates = Array.from({ length: 20 }, (_, i) => formatAdmissionNumber(pattern, year, seq + i));
    const taken = await takenAdmissionNumbers(tx, schoolId, candidates);
    const free = candidates.find((c) => !taken.has(c.toLowerCase()));
    if (free) return free;
    seq += 20;
  }
  return formatAdmissionNumber(pattern, year, seq);
}

function curriculaOf(row: SchoolRow): SetupCurriculum[] {
  const list = (row.curricula ?? []) as SetupCurriculum[];
  return list.length ? list : [row.curriculum as SetupCurriculum];
}

async function toProfile(tx: Tx, row: SchoolRow, actor: Actor): Promise<SchoolProfile> {
  const pattern = row.admissionNumberPattern;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    motto: row.motto,
    logoUrl: row.logoUrl,
    address: row.address,
    county: row.county,
    phone: row.phone,
    email: row.email,
    curriculum: row.curriculum as SetupCurriculum,
    curricula: curriculaOf(row),
    admissionNumberPattern: pattern,
    nextAdmissionNumber: checkAdmissionPattern(pattern).ok ? await nextAdmissionNumber(tx, row.id, pattern) : null,
    maxTeacherLoad: await maxTeacherLoad(tx, row.id),
    defaultLocale: row.defaultLocale as Locale,
    canEdit: actor.role === 'principal' && actor.schoolId === row.id,
    updatedAt: row.updatedAt.toISOString(),
    ...ministryFieldsOf(row),
  };
}

/** The Ministry's institution fields of the schools row (issue 35 §1). */
function ministryFieldsOf(row: SchoolRow): SchoolMinistryFields {
  return {
    knecCode: row.knecCode,
    tscCode: row.tscCode,
    registrationNumber: row.registrationNumber,
    kraPin: row.kraPin,
    countyCode: row.countyCode,
    subCounty: row.subCounty,
    subCountyCode: row.subCountyCode,
    ward: row.ward,
    zone: row.zone,
    cluster: row.cluster,
    boardingType: row.boardingType as SchoolMinistryFields['boardingType'],
    levelsOffered: (row.levelsOffered ?? []) as SchoolMinistryFields['levelsOffered'],
  };
}

const MINISTRY_KEYS = ['knecCode', 'tscCode', 'registrationNumber', 'kraPin', 'countyCode', 'subCounty', 'subCountyCode', 'ward', 'zone', 'cluster', 'boardingType'] as const;

async function schoolRow(tx: Tx, schoolId: string): Promise<SchoolRow> {
  return (await findSchool(tx, schoolId))!;
}

/** GET /api/school-setup/profile: the school's profile with the next admission number. */
export async function getProfile(database: Database, actor: Actor, schoolId?: string): Promise<SchoolProfile> {
  return readSchool(database, actor, schoolId, async (tx, id) => toProfile(tx, await schoolRow(tx, id), actor));
}

/**
 * GET /api/school-setup/admission-preview: what the next admission number would be under `pattern`
 * (the profile form's live preview). 400 naming `pattern` when the pattern is not valid.
 */
export async function previewAdmissionNumber(database: Database, actor: Actor, pattern: string, schoolId?: string) {
  const check = checkAdmissionPattern(pattern);
  if (!check.ok) throw badRequest(check.message, { pattern: check.message });
  return readSchool(database, actor, schoolId, async (tx, id) => ({ next: await nextAdmissionNumber(tx, id, pattern.trim()), year: admissionYear() }));
}

/**
 * PATCH /api/school-setup/profile (principal): name, motto, address, county (one of the 47), phone
 * (normalised to 2547XXXXXXXX; "Please enter a valid Kenyan phone number"), e-mail, curricula offered
 * and the main curriculum (among them; a curriculum the school's levels use cannot be dropped),
 * admission-number pattern, teachers' load maximum, the default language ('en' | 'sw', issue 36 §1:
 * what guardians without a language of their own receive). A value sent unchanged is accepted as stored (so a
 * landline saved before this check does not block other edits). Audited with old and new values.
 */
export async function updateProfile(database: Database, actor: Actor, body: UpdateProfileInput, ip: string): Promise<SchoolProfile> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await schoolRow(tx, w.schoolId);
    const next: Partial<SchoolRow> = {};
    if (body.name !== undefined) next.name = body.name;
    if (body.motto !== undefined) next.motto = body.motto;
    if (body.address !== undefined) next.address = body.address;
    if (body.email !== undefined) next.email = body.email;
    if (body.phone !== undefined) {
      if (body.phone === null || body.phone === row.phone) next.phone = body.phone;
      else {
        const phone = normaliseKenyanPhone(body.phone);
        if (!phone) throw badRequest(m.invalidPhone, { phone: m.invalidPhone });
        next.phone = phone;
      }
    }
    if (body.county !== undefined) {
      if (body.county === null || body.county === row.county) next.county = body.county;
      else {
        const county = canonicalCounty(body.county);
        if (!county) throw badRequest(m.invalidCounty, { county: m.invalidCounty });
        next.county = county;
      }
    }
    if (body.curricula !== undefined || body.curriculum !== undefined) {
      const curricula = body.curricula ? [...new Set(body.curricula)] : curriculaOf(row);
      const main = body.curriculum ?? row.curriculum;
      if (!curricula.includes(main as SetupCurriculum)) {
        const field = body.curriculum !== undefined ? 'curriculum' : 'curricula';
        throw badRequest(m.curriculumNotOffered, { [field]: m.curriculumNotOffered });
      }
      const used = await listLevelCurricula(tx, w.schoolId);
      const dropped = used.filter((c) => !curricula.includes(c as SetupCurriculum));
      if (dropped.length) throw badRequest(m.curriculumInUse(dropped[0]!), { curricula: m.curriculumInUse(dropped[0]!) });
      next.curricula = curricula;
      next.curriculum = main;
    }
    if (body.admissionNumberPattern !== undefined) next.admissionNumberPattern = body.admissionNumberPattern;
    if (body.defaultLocale !== undefined) next.defaultLocale = body.defaultLocale;
    // The Ministry's institution fields (issue 35 §1), validated by the contract (KRA PIN, county code …).
    for (const k of MINISTRY_KEYS) if (body[k] !== undefined) next[k] = body[k];
    if (body.levelsOffered !== undefined && JSON.stringify(body.levelsOffered) !== JSON.stringify(row.levelsOffered)) next.levelsOffered = body.levelsOffered;

    const diff = changes(row as unknown as Record<string, unknown>, next as Record<string, unknown>);
    const oldMax = await maxTeacherLoad(tx, w.schoolId);
    if (body.maxTeacherLoad !== undefined && body.maxTeacherLoad !== oldMax) {
      await upsertTeacherLoadSetting(tx, maxLoadKey(w.schoolId), body.maxTeacherLoad, actor.id);
      diff.old.maxTeacherLoad = oldMax;
      diff.new.maxTeacherLoad = body.maxTeacherLoad;
    }
    if (Object.keys(diff.new).length === 0) return toProfile(tx, row, actor);
    const saved = await updateSchoolRow(tx, w.schoolId, next);
    await audit(tx, w, PROFILE_AUDIT.updated, `school:${w.schoolId}`, diff.old, diff.new);
    return toProfile(tx, saved, actor);
  });
}

/**
 * POST /api/school-setup/profile/logo (principal, multipart `file`, read with the logo limits before
 * this runs): stores the image and points schools.logo_url at /api/files/<id>. DELETE clears it.
 * Audited with the old and new URL.
 */
export async function setLogo(database: Database, storage: FileStorage, actor: Actor, upload: Upload | null, ip: string): Promise<SchoolProfile> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await schoolRow(tx, w.schoolId);
    let logoUrl: string | null = null;
    if (upload) {
      const file = await storeFile(tx, storage, {
        schoolId: w.schoolId,
        kind: 'logo',
        buffer: upload.buffer,
        contentType: upload.contentType,
        originalName: upload.filename,
        createdBy: actor.id,
      });
      logoUrl = `/api/files/${file.id}`;
    }
    const saved = await updateSchoolRow(tx, w.schoolId, { logoUrl });
    await audit(tx, w, PROFILE_AUDIT.logo, `school:${w.schoolId}`, { logoUrl: row.logoUrl }, { logoUrl });
    return toProfile(tx, saved, actor);
  });
}
