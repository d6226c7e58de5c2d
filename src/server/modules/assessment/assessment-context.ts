import { DEFAULT_SCALES, SCALE_KEYS, defaultScaleFor, type GradeBand, type ScaleKey } from '../../../shared/grading.js';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import * as scalesRepo from './scales.repository.js';

/**
 * What every part of the assessment module (issue 12) shares: the school of a call (school roles pinned
 * to theirs, platform staff name one), audit entries, the school's grading scales (created from the
 * defaults on first use) and which scale grades a level or a subject of it.
 */

/** Audit actions of the assessment module (the Audit Trail lists them). */
export const ASSESSMENT_AUDIT = {
  scaleUpdated: 'GRADING_SCALE_UPDATED',
  levelScaleSet: 'LEVEL_SCALE_SET',
  settingsUpdated: 'ASSESSMENT_SETTINGS_UPDATED',
  examCreated: 'EXAM_CREATED',
  examUpdated: 'EXAM_UPDATED',
  examDeleted: 'EXAM_DELETED',
  marksSubmitted: 'MARKS_SUBMITTED',
  marksApproved: 'MARKS_APPROVED',
  marksReturned: 'MARKS_RETURNED',
  markChangedAfterApproval: 'MARK_CHANGED_AFTER_APPROVAL',
  examReleased: 'EXAM_RELEASED',
  certificateIssued: 'CERTIFICATE_ISSUED',
  certificateRevoked: 'CERTIFICATE_REVOKED',
} as const;

export interface SchoolScale {
  id: string;
  key: ScaleKey;
  name: string;
  version: number;
  bands: GradeBand[];
  /** grading_scale_versions.id of the current version. */
  versionId: string;
  updatedAt: Date;
}

/**
 * The school's scales, one per key, created from the defaults the first time they are read (each with
 * its version 1 row). Concurrent first reads are safe: inserts do nothing on conflict.
 */
export async function schoolScales(tx: Tx, schoolId: string): Promise<Map<ScaleKey, SchoolScale>> {
  let rows = await scalesRepo.listSchoolScales(tx, schoolId);
  if (rows.length < SCALE_KEYS.length) {
    const missing = SCALE_KEYS.filter((k) => !rows.some((r) => r.key === k));
    const created = await scalesRepo.insertScalesIfMissing(
      tx,
      missing.map((k) => ({ schoolId, key: k, name: DEFAULT_SCALES[k].name, bands: DEFAULT_SCALES[k].bands })),
    );
    if (created.length) {
      await scalesRepo.insertScaleVersionsIfMissing(
        tx,
        created.map((s) => ({ schoolId, scaleId: s.id, version: 1, bands: s.bands })),
      );
    }
    rows = await scalesRepo.listSchoolScales(tx, schoolId);
  }
  const versions = await scalesRepo.listScaleVersionNumbers(
    tx,
    rows.map((r) => r.id),
  );
  const out = new Map<ScaleKey, SchoolScale>();
  for (const r of rows) {
    const v = versions.find((x) => x.scaleId === r.id && x.version === r.version);
    out.set(r.key as ScaleKey, { id: r.id, key: r.key as ScaleKey, name: r.name, version: r.version, bands: r.bands, versionId: v?.id ?? '', updatedAt: r.updatedAt });
  }
  return out;
}

/** Bands of given scale versions (released exams grade with the versions frozen at release). */
export async function scaleVersionBands(tx: Tx, versionIds: string[]): Promise<Map<string, GradeBand[]>> {
  if (versionIds.length === 0) return new Map();
  const rows = await scalesRepo.listScaleVersionBands(tx, versionIds);
  return new Map(rows.map((r) => [r.id, r.bands]));
}

/**
 * Which scale grades each (level, subject) of the school: a subject override, else the level's scale,
 * else the curriculum default (shared/grading.ts defaultScaleFor). `scaleOf(levelId, subjectId)`.
 */
export async function scaleResolver(tx: Tx, schoolId: string) {
  const [lv, rows] = await Promise.all([scalesRepo.listLevelCurricula(tx, schoolId), scalesRepo.listLevelScales(tx, schoolId)]);
  const levelDefault = new Map(lv.map((l) => [l.id, defaultScaleFor(l.curriculum, l.band)]));
  const byLevel = new Map<string, ScaleKey>();
  const bySubject = new Map<string, ScaleKey>();
  for (const r of rows) {
    if (r.subjectId) bySubject.set(`${r.levelId}:${r.subjectId}`, r.scaleKey as ScaleKey);
    else byLevel.set(r.levelId, r.scaleKey as ScaleKey);
  }
  return {
    /** The scale key of a level (its own setting or its curriculum's default). */
    levelScale(levelId: string | null): ScaleKey {
      if (!levelId) return 'cbc4';
      return byLevel.get(levelId) ?? levelDefault.get(levelId) ?? 'cbc4';
    },
    scaleOf(levelId: string | null, subjectId: string): ScaleKey {
      if (levelId) {
        const s = bySubject.get(`${levelId}:${subjectId}`);
        if (s) return s;
      }
      return this.levelScale(levelId);
    },
    overrides: rows.filter((r) => r.subjectId),
    levels: rows.filter((r) => !r.subjectId),
  };
}

export interface SettingsRow {
  rollupMethod: 'latest' | 'mean' | 'mode';
  publishPositions: boolean;
  showFeeBalance: boolean;
}

/** The school's assessment settings (defaults when it has none). */
export async function settingsOf(tx: Tx, schoolId: string): Promise<SettingsRow> {
  const row = await scalesRepo.findAssessmentSettings(tx, schoolId);
  return {
    rollupMethod: (row?.rollupMethod ?? 'mean') as SettingsRow['rollupMethod'],
    publishPositions: (row?.publishPositions ?? 'yes') === 'yes',
    showFeeBalance: (row?.showFeeBalance ?? 'no') === 'yes',
  };
}

export const m = messages.assessment;

/** A level of the school, or 404. */
export async function levelOf(tx: Tx, schoolId: string, levelId: string) {
  const row = await scalesRepo.findLevel(tx, schoolId, levelId);
  if (!row) throw notFound(m.levelNotFound);
  return row;
}
