import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { AssessmentSettings, GradingScale, GradingScalesResponse, setLevelScaleBody, updateAssessmentSettingsBody, updateScaleBody } from '../../../shared/contracts/assessment.js';
import { SCALE_KEYS, bandMax, bandProblems, gradeLabel, type ScaleKey } from '../../../shared/grading.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { ASSESSMENT_AUDIT, levelOf, m, scaleResolver, schoolScales, settingsOf, type SchoolScale } from './assessment-context.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import * as scalesRepo from './scales.repository.js';

export { scaleVersionCount } from './scales.repository.js';

/**
 * Grading scales (issue 12 §1): the school's copies of the default scales, edited as data (each edit a
 * new version, audited; released exams keep the version they were released with), and which scale
 * grades each level or subject.
 */

function toScale(s: SchoolScale): GradingScale {
  const bands = [...s.bands].sort((a, b) => b.min - a.min);
  return {
    id: s.id,
    key: s.key,
    name: s.name,
    version: s.version,
    bands: bands.map((b) => ({ ...b, max: bandMax(bands, b), label: gradeLabel(b) })),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** GET /api/grading/scales → { scales, levels }: every scale with its bands, and each level's scale. */
export async function listScales(database: Database, actor: Actor, schoolId?: string): Promise<GradingScalesResponse> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const scales = await schoolScales(tx, sid);
    const resolver = await scaleResolver(tx, sid);
    const lv = await scalesRepo.listLevels(tx, sid);
    const subjectNames = new Map((await scalesRepo.listSubjectNames(tx, sid)).map((s) => [s.id, s.name]));
    return {
      scales: SCALE_KEYS.map((k) => toScale(scales.get(k)!)),
      levels: lv.map((l) => ({
        levelId: l.id,
        levelName: l.name,
        curriculum: l.curriculum,
        scaleKey: resolver.levelScale(l.id),
        overrides: resolver.overrides
          .filter((o) => o.levelId === l.id)
          .map((o) => ({ subjectId: o.subjectId!, subjectName: subjectNames.get(o.subjectId!) ?? '', scaleKey: o.scaleKey as ScaleKey })),
      })),
    };
  });
}

/**
 * PUT /api/grading/scales/:key (principal) → the scale's new version. 400 with the problems when the
 * bands do not make a scale (shared/grading.ts bandProblems); audited with the old and new bands.
 */
export async function updateScale(database: Database, actor: Actor, key: string, body: z.output<typeof updateScaleBody>, ip: string): Promise<GradingScale> {
  if (!(SCALE_KEYS as readonly string[]).includes(key)) throw notFound(m.scaleNotFound);
  const problems = bandProblems(body.bands);
  if (problems.length) throw badRequest(problems.join(' '), { bands: problems.join(' ') });
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const scales = await schoolScales(tx, schoolId);
    const current = scales.get(key as ScaleKey)!;
    const bands = [...body.bands].map((b) => ({ code: b.code.trim(), descriptor: b.descriptor.trim(), min: b.min, points: b.points })).sort((a, b) => b.min - a.min);
    const version = current.version + 1;
    const row = await scalesRepo.updateScaleBands(tx, current.id, { bands, name: body.name ?? current.name, version, updatedBy: actor.id });
    const v = await scalesRepo.insertScaleVersion(tx, { schoolId, scaleId: current.id, version, bands, createdBy: actor.id });
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.scaleUpdated, `grading_scale:${key}`, { version: current.version, bands: current.bands }, { version, bands });
    return toScale({ id: row!.id, key: key as ScaleKey, name: row!.name, version, bands, versionId: v!.id, updatedAt: row!.updatedAt });
  });
}

/** PUT /api/grading/levels/:levelId (principal) → the level's scale (or one subject's override). */
export async function setLevelScale(database: Database, actor: Actor, levelId: string, body: z.output<typeof setLevelScaleBody>, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    await levelOf(tx, schoolId, levelId);
    const subjectId = body.subjectId ?? null;
    if (subjectId) {
      const s = await scalesRepo.findSubjectId(tx, schoolId, subjectId);
      if (!s) throw notFound(m.subjectNotFound);
    }
    const old = await scalesRepo.findLevelScale(tx, levelId, subjectId);
    if (old) await scalesRepo.updateLevelScaleKey(tx, old.id, body.scaleKey);
    else await scalesRepo.insertLevelScale(tx, { schoolId, levelId, subjectId, scaleKey: body.scaleKey });
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.levelScaleSet, `level:${levelId}`, old ? { scaleKey: old.scaleKey, subjectId } : null, { scaleKey: body.scaleKey, subjectId });
    return { levelId, subjectId, scaleKey: body.scaleKey };
  });
}

/** GET /api/assessment/settings → roll-up method, positions published, fee balance on report cards. */
export async function getSettings(database: Database, actor: Actor, schoolId?: string): Promise<AssessmentSettings> {
  return inSchool(database, actor, schoolId, (tx, sid) => settingsOf(tx, sid));
}

/** PUT /api/assessment/settings (principal) → the saved settings; audited. */
export async function updateSettings(database: Database, actor: Actor, body: z.output<typeof updateAssessmentSettingsBody>, ip: string): Promise<AssessmentSettings> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const old = await settingsOf(tx, schoolId);
    const next = { ...old, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as AssessmentSettings;
    const row = { rollupMethod: next.rollupMethod, publishPositions: next.publishPositions ? 'yes' : 'no', showFeeBalance: next.showFeeBalance ? 'yes' : 'no', updatedAt: new Date() };
    await scalesRepo.upsertAssessmentSettings(tx, schoolId, row);
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.settingsUpdated, 'assessment_settings', old, next);
    return next;
  });
}
