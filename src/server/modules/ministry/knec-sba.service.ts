import { knecLearningArea, parseSbaSelection, type SbaLearner, type SbaOptions, type SbaQuery, type SbaResponse, type SbaRow, type SbaSeries } from '../../../shared/contracts/knec.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { roundHalfUp } from '../../../shared/grading.js';
import { knecMessages } from '../../../shared/messages/knec.js';
import { messages } from '../../../shared/messages.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { RequestCaller } from '../../lib/school-context.js';
import * as repo from './knec-sba.repository.js';

/**
 * KNEC school-based assessment (SBA) export (issue 35 §2; docs/decisions/0027-knec-sba.md).
 *
 * For a CBC junior-school level (Grades 7-9) and 1-6 released series of the school, each learner on
 * the roll of the level now gets, per learning area KNEC assesses (KJSEA papers 901-911), the weighted
 * mean of their percentage in each picked series: Σ wᵢ·pᵢ / Σ wᵢ over the series in which they have a
 * mark (status present). A series without a mark for them (absent, exempt, not yet in the school, or
 * the series had no such paper) drops out and the others carry the whole weight; an area with no mark
 * in any picked series is left out of the file and listed in `noMarks`. Scores are rounded half up to
 * whole numbers. Learners without an assessment number are listed (`missingAssessmentNumber`), not
 * exported. The series may be of earlier years (a Grade 9 learner's Grade 7 and 8 series): marks are
 * read by learner, not by the stream they sat in.
 *
 * Access: the principal (route permission exportKnecSba); another school's level or series is 404.
 */

const m = knecMessages.api;

/** The junior-school band of the CBC curriculum (shared/curriculum-catalogue.ts). */
export const JUNIOR_BAND = 'Junior School';

type LevelRow = NonNullable<Awaited<ReturnType<typeof repo.findLevel>>>;

/** A CBC junior-school level: curriculum CBC and the Junior School band (or Grades 7-9 by order). */
function isJunior(l: Pick<LevelRow, 'curriculum' | 'band' | 'levelOrder'>): boolean {
  return l.curriculum === 'CBC' && (l.band === JUNIOR_BAND || (l.levelOrder >= 7 && l.levelOrder <= 9));
}

function schoolOf(c: RequestCaller): string {
  if (!c.actor.schoolId) throw forbidden(messages.friendly.permission);
  return c.actor.schoolId;
}

function seriesOut(s: Awaited<ReturnType<typeof repo.listSeriesByIds>>[number], levelName: Map<string, string>): SbaSeries {
  return {
    id: s.id,
    name: s.name,
    term: s.term,
    year: s.year,
    levels: s.levelIds.flatMap((id) => levelName.get(id) ?? []),
    releasedAt: s.releasedAt ? s.releasedAt.toISOString() : null,
  };
}

/**
 * GET /api/ministry/knec/sba/options → { levels: [{ id, name, learners }], series: [{ id, name, term,
 * year, levels, levelIds, releasedAt }] }: the school's CBC junior-school levels with learners on the
 * roll, and the released series any of them sat (newest first, at most 60).
 */
export async function sbaOptions(tx: Tx, c: RequestCaller): Promise<SbaOptions> {
  const schoolId = schoolOf(c);
  const all = await repo.listLevels(tx, schoolId);
  const levelName = new Map(all.map((l) => [l.id, l.name]));
  const junior = all.filter(isJunior);
  const ids = junior.map((l) => l.id);
  const [counts, series] = await Promise.all([repo.countLearnersByLevel(tx, schoolId, ids), repo.listReleasedSeriesOfLevels(tx, schoolId, ids)]);
  const n = new Map(counts.map((x) => [x.levelId, x.n]));
  return {
    levels: junior.map((l) => ({ id: l.id, name: l.name, learners: n.get(l.id) ?? 0 })),
    series: series.map((s) => ({ ...seriesOut(s, levelName), levelIds: s.levelIds })),
  };
}

/**
 * GET /api/ministry/knec/sba → SbaResponse (see the module comment for the rule). Errors, in this
 * order: 400 bad `examIds` / `weights` (count, not positive, duplicates, more than 6); 404 a level or
 * series not of the school; 400 a level that is not CBC, or not junior school; 400 a series not
 * released, or sat by no junior-school level.
 */
export async function sbaExport(tx: Tx, c: RequestCaller, q: Pick<SbaQuery, 'levelId' | 'examIds' | 'weights'>): Promise<SbaResponse> {
  const schoolId = schoolOf(c);
  const sel = parseSbaSelection(q.examIds, q.weights);
  if (!sel.ok) throw badRequest(sel.message, { [sel.field]: sel.message });

  const level = await repo.findLevel(tx, schoolId, q.levelId);
  if (!level) throw notFound(m.levelNotFound);
  if (level.curriculum !== 'CBC') throw badRequest(m.levelNotCbc, { levelId: m.levelNotCbc });
  if (!isJunior(level)) throw badRequest(m.levelNotJunior, { levelId: m.levelNotJunior });

  const found = await repo.listSeriesByIds(tx, schoolId, sel.examIds);
  if (found.length !== sel.examIds.length) throw notFound(m.examNotFound);
  const all = await repo.listLevels(tx, schoolId);
  const levelName = new Map(all.map((l) => [l.id, l.name]));
  const juniorIds = new Set(all.filter(isJunior).map((l) => l.id));
  const series = sel.examIds.map((id) => found.find((s) => s.id === id)!);
  for (const s of series) {
    if (s.status !== 'released') throw badRequest(m.examNotReleased(s.name), { examIds: m.examNotReleased(s.name) });
    if (!s.levelIds.some((id) => juniorIds.has(id))) throw badRequest(m.examNotJunior(s.name), { examIds: m.examNotJunior(s.name) });
  }

  // Learning areas: the level band's subjects of the picked series that KNEC assesses, one per KNEC code.
  const subjects = await repo.listSeriesSubjects(tx, schoolId, sel.examIds);
  const areaOfSubject = new Map<string, string>();
  const areas = new Map<string, string>();
  for (const s of subjects) {
    if (s.band !== level.band) continue;
    const a = knecLearningArea(s);
    if (!a) continue;
    areaOfSubject.set(s.id, a.code);
    areas.set(a.code, a.name);
  }
  const areaList = [...areas.entries()].sort(([a], [b]) => a.localeCompare(b));

  const [learners, marks] = await Promise.all([repo.listLevelLearners(tx, schoolId, level.id), repo.listLevelMarks(tx, schoolId, level.id, sel.examIds)]);
  const weightOf = new Map(sel.examIds.map((id, i) => [id, sel.weights[i]!]));
  // learner → area → series → percentage (first mark found when two subjects map to one area).
  const byLearner = new Map<string, Map<string, Map<string, number>>>();
  for (const mk of marks) {
    const area = areaOfSubject.get(mk.subjectId);
    if (!area) continue;
    let perArea = byLearner.get(mk.studentId);
    if (!perArea) byLearner.set(mk.studentId, (perArea = new Map()));
    let perSeries = perArea.get(area);
    if (!perSeries) perArea.set(area, (perSeries = new Map()));
    if (!perSeries.has(mk.examId)) perSeries.set(mk.examId, mk.percent);
  }

  const person = (l: (typeof learners)[number]): SbaLearner => ({ studentId: l.id, name: learnerName(l), admissionNumber: l.admissionNumber, stream: l.stream });
  const missingAssessmentNumber: SbaLearner[] = [];
  const noMarks: SbaResponse['noMarks'] = [];
  const withNumber: { l: (typeof learners)[number]; number: string }[] = [];
  for (const l of learners) {
    const number = l.assessmentNumber?.trim();
    if (number) withNumber.push({ l, number });
    else missingAssessmentNumber.push(person(l));
  }
  withNumber.sort((a, b) => a.number.localeCompare(b.number) || a.l.id.localeCompare(b.l.id));

  const rows: SbaRow[] = [];
  for (const { l, number } of withNumber) {
    const perArea = byLearner.get(l.id);
    const without: string[] = [];
    for (const [code, name] of areaList) {
      const perSeries = perArea?.get(code);
      let num = 0;
      let den = 0;
      for (const [examId, percent] of perSeries ?? []) {
        const w = weightOf.get(examId)!;
        num += w * percent;
        den += w;
      }
      if (den === 0) {
        without.push(name);
        continue;
      }
      const score = Math.min(100, Math.max(0, roundHalfUp(num / den, 0)));
      rows.push({ studentId: l.id, assessmentNumber: number, name: learnerName(l), learningAreaCode: code, learningArea: name, score });
    }
    if (without.length) noMarks.push({ ...person(l), learningAreas: without });
  }

  return {
    level: { id: level.id, name: level.name },
    series: series.map((s) => seriesOut(s, levelName)),
    weights: sel.weights,
    learners: learners.length,
    rows,
    missingAssessmentNumber,
    noMarks,
  };
}
