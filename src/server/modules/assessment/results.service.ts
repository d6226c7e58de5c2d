import type { Actor } from '../../../shared/access.js';
import type { ChildSeries, ExamAnalytics, ExamResults, MyChildrenGrades, ResultRow } from '../../../shared/contracts/assessment.js';
import { bandFor, competitionRanksBy, gradeLabel, kcseMeanGrade, roundHalfUp, type GradeBand } from '../../../shared/grading.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { audienceScope, learnerAudience } from '../learners/index.js';
import { ASSESSMENT_AUDIT, m, schoolScales, settingsOf } from './assessment-context.js';
import { examClasses, examOf, examSubjectList, sheetsOf, type ExamRow } from './exams.service.js';
import { bandsForExam, fullName, schoolGrading } from './marks.service.js';
import { withScope, withSystem } from '../../db/tenant.js';
import type { Sweep } from '../../jobs/tasks.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import * as examsRepo from './exams.repository.js';
import * as marksRepo from './marks.repository.js';
import * as reportCardsRepo from './report-cards.repository.js';
import * as resultsRepo from './results.repository.js';
import * as releasedRepo from './released-results.repository.js';
import * as scalesRepo from './scales.repository.js';

/**
 * Results (issue 12 §4): per learner every subject's mark, percentage, grade and points; total (sum of
 * the percentages sat), mean (over the subjects sat: absent, exempt and missing marks do not count, a
 * learner who joined mid-term is not given zero), mean grade, total points, position in stream and in
 * level (competition ranking: ties share, the next is skipped), deviation from the previous series.
 *
 * Mean grade: KCSE from the mean points of the best seven (shared/grading.ts kcseMeanGrade); every other
 * scale grades the mean percentage. Ranking: KCSE by total points then mean; others by mean.
 */

export interface ComputedResults {
  exam: ExamRow;
  subjects: Awaited<ReturnType<typeof examSubjectList>>;
  rows: ResultRow[];
  /** Bands of a level's own scale (mean grades), by level id. */
  levelBands: Map<string, { key: string; bands: GradeBand[] }>;
  classes: Awaited<ReturnType<typeof examClasses>>;
}

type MarkRec = { studentId: string; subjectId: string; classId: string; status: string; score: number | null; percent: number | null };

/** Learner means of a series (for deviations and "most improved"), by learner. */
async function learnerMeans(tx: Tx, examId: string): Promise<Map<string, number>> {
  const rows = await resultsRepo.learnerMeansOfExam(tx, examId);
  return new Map(rows.map((r) => [r.studentId, roundHalfUp(Number(r.mean), 2)]));
}

/** The series before this one for the same levels (by term start, then creation), or null. */
export async function previousExam(tx: Tx, schoolId: string, e: ExamRow): Promise<{ id: string; name: string } | null> {
  const row = await resultsRepo.findPreviousExam(tx, schoolId, e);
  return row ?? null;
}

/**
 * Computes the results of an exam for all its streams (positions in level need them all). Parents and
 * report cards use the same numbers.
 *
 * `onlyClassIds` (issue 19, a parent's results): compute only these streams, and only the learners with
 * marks in them. Positions in stream are the same as for the whole exam (a stream is ranked on its own
 * and learners without marks take no position); positions in level are NOT computed (null, out of 0)
 * and learners without marks have no row, so callers that show either must not pass it. At 40,000 learners this reads a few
 * streams' marks instead of a whole level's.
 */
export async function computeResults(
  tx: Tx,
  schoolId: string,
  e: ExamRow,
  opts: { withDeviation?: boolean; onlyClassIds?: string[]; school?: Awaited<ReturnType<typeof schoolGrading>> } = {},
): Promise<ComputedResults> {
  const [subs, allClasses, grading] = await Promise.all([examSubjectList(tx, [e.id]), examClasses(tx, schoolId, e), bandsForExam(tx, schoolId, e, opts.school)]);
  const only = opts.onlyClassIds;
  const cls = only ? allClasses.filter((c) => only.includes(c.id)) : allClasses;
  const marks: MarkRec[] = await resultsRepo.listResultMarks(tx, e.id, only);
  const classIds = cls.map((c) => c.id);
  const studentIds = [...new Set(marks.map((mk) => mk.studentId))];
  // A parent's view (onlyClassIds) needs the learners with marks only: learners without a mark have no
  // mean and take no position, and the stream's roll can be thousands at 40,000 learners.
  const learners = only
    ? studentIds.length
      ? await resultsRepo.listResultLearnersByIds(tx, schoolId, studentIds)
      : []
    : classIds.length
    ? await resultsRepo.listResultLearners(tx, schoolId, classIds, studentIds)
    : [];
  const classById = new Map(cls.map((c) => [c.id, c]));
  const marksByStudent = new Map<string, MarkRec[]>();
  for (const mk of marks) {
    const list = marksByStudent.get(mk.studentId) ?? [];
    list.push(mk);
    marksByStudent.set(mk.studentId, list);
  }
  const levelBands = new Map<string, { key: string; bands: GradeBand[] }>();
  for (const c of cls) {
    if (c.levelId && !levelBands.has(c.levelId)) {
      const key = grading.resolver.levelScale(c.levelId);
      levelBands.set(c.levelId, { key, bands: grading.bandsOfKey(key) });
    }
  }
  const prev = opts.withDeviation ? await previousExam(tx, schoolId, e) : null;
  const prevMeans = prev ? await learnerMeans(tx, prev.id) : new Map<string, number>();

  // Per exam, not per learner: a stream holds hundreds of learners at 40,000 (issue 19).
  const subjectsOfBand = new Map<string, typeof subs>();
  const bandSubjects = (band: string) => {
    let list = subjectsOfBand.get(band);
    if (!list) subjectsOfBand.set(band, (list = subs.filter((s) => s.band === band)));
    return list;
  };
  const scaleMemo = new Map<string, ReturnType<typeof grading.scaleFor>>();
  const scaleOf = (levelId: string | null, subjectId: string) => {
    const key = `${levelId}:${subjectId}`;
    let scale = scaleMemo.get(key);
    if (!scale) scaleMemo.set(key, (scale = grading.scaleFor(levelId, subjectId)));
    return scale;
  };

  const rows: ResultRow[] = [];
  for (const l of learners) {
    const mine = marksByStudent.get(l.id) ?? [];
    // The stream the learner sat in: where their marks are, else their current stream.
    const classId = mine[0]?.classId ?? l.classId;
    const c = classId ? classById.get(classId) : undefined;
    if (!c) continue;
    const levelId = c.levelId;
    const subjects = bandSubjects(c.band).map((s) => {
      const mk = mine.find((x) => x.subjectId === s.subjectId);
      const scale = scaleOf(levelId, s.subjectId);
      const band = mk?.status === 'present' && mk.percent !== null ? bandFor(scale.bands, Number(mk.percent)) : null;
      return {
        subjectId: s.subjectId,
        score: mk?.status === 'present' ? mk.score : null,
        percent: mk?.status === 'present' ? mk.percent : null,
        status: (mk?.status ?? null) as ResultRow['subjects'][number]['status'],
        grade: band?.code ?? null,
        gradeLabel: band ? gradeLabel(band) : null,
        points: band?.points ?? null,
        name: s.name,
      };
    });
    const sat = subjects.filter((s) => s.percent !== null);
    const total = sat.length ? roundHalfUp(sat.reduce((t, s) => t + (s.percent as number), 0), 2) : null;
    const mean = sat.length ? roundHalfUp((total as number) / sat.length, 2) : null;
    const lb = (levelId && levelBands.get(levelId)) || { key: 'cbc4', bands: grading.bandsOfKey('cbc4') };
    let meanBand: GradeBand | null = null;
    let points: number | null = null;
    if (lb.key === 'kcse') {
      const k = kcseMeanGrade(
        sat.filter((s) => s.points !== null).map((s) => ({ subjectId: s.subjectId, name: s.name, points: s.points as number })),
        lb.bands,
      );
      meanBand = k.grade;
      points = sat.length ? k.totalPoints : null;
    } else {
      meanBand = mean !== null ? bandFor(lb.bands, mean) : null;
      const withPoints = sat.filter((s) => s.points !== null);
      points = withPoints.length ? withPoints.reduce((t, s) => t + (s.points as number), 0) : null;
    }
    const prevMean = prevMeans.get(l.id);
    rows.push({
      studentId: l.id,
      admissionNumber: l.admissionNumber,
      name: fullName(l),
      gender: l.gender,
      classId: c.id,
      className: c.name,
      total,
      mean,
      meanGrade: meanBand?.code ?? null,
      meanGradeLabel: meanBand ? gradeLabel(meanBand) : null,
      points,
      subjectsSat: sat.length,
      position: null,
      positionOutOf: 0,
      levelPosition: null,
      levelPositionOutOf: 0,
      deviation: mean !== null && prevMean !== undefined ? roundHalfUp(mean - prevMean, 2) : null,
      subjects: subjects.map(({ name: _n, ...s }) => s),
    });
  }
  // Positions: in stream and in level.
  const keyOf = (r: ResultRow) => {
    if (r.mean === null) return null;
    const lvl = classById.get(r.classId)?.levelId;
    const kcse = lvl ? levelBands.get(lvl)?.key === 'kcse' : false;
    return kcse ? [r.points ?? 0, r.mean] : [r.mean];
  };
  const rankGroup = (group: ResultRow[], set: (r: ResultRow, p: number | null, n: number) => void) => {
    const ranks = competitionRanksBy(group.map(keyOf));
    const n = group.filter((r) => r.mean !== null).length;
    group.forEach((r, i) => set(r, ranks[i] ?? null, n));
  };
  const byClass = new Map<string, ResultRow[]>();
  const byLevel = new Map<string, ResultRow[]>();
  // Groups built by push: a level holds tens of thousands of rows at 40,000 learners.
  const groupPush = (map: Map<string, ResultRow[]>, key: string, r: ResultRow) => {
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  };
  for (const r of rows) {
    groupPush(byClass, r.classId, r);
    groupPush(byLevel, classById.get(r.classId)?.levelId ?? 'none', r);
  }
  for (const g of byClass.values()) rankGroup(g, (r, p, n) => ((r.position = p), (r.positionOutOf = n)));
  if (!only) for (const g of byLevel.values()) rankGroup(g, (r, p, n) => ((r.levelPosition = p), (r.levelPositionOutOf = n)));
  return { exam: e, subjects: subs, rows, levelBands, classes: cls };
}

function sortByPosition(rows: ResultRow[], level: boolean) {
  return [...rows].sort((a, b) => {
    const pa = (level ? a.levelPosition : a.position) ?? Number.MAX_SAFE_INTEGER;
    const pb = (level ? b.levelPosition : b.position) ?? Number.MAX_SAFE_INTEGER;
    return pa - pb || a.name.localeCompare(b.name);
  });
}

/** Teachers see results of streams they teach or lead; everyone else with viewAssessment sees all. */
async function assertSeesStream(tx: Tx, actor: Actor, classId: string) {
  if (actor.role !== 'teacher') return;
  const row = await resultsRepo.findTaughtClassId(tx, actor.id, classId);
  if (!row) throw forbidden(m.notYourClass);
}

/**
 * A parent's reading of a series' results (issue 12 Public API: "parents get only their own children's
 * rows of released series"): the stream must be one a child of theirs sat the series in, and the series
 * must be released to them; otherwise the series or stream reads as not found (nothing about other
 * families leaks). Returns the ids of the caller's children; 400 when no stream is named.
 */
async function parentsChildrenIn(tx: Tx, schoolId: string, actor: Actor, examId: string, classId: string | undefined): Promise<Set<string>> {
  if (!classId) throw badRequest(m.streamNotFound, { classId: m.streamNotFound });
  const kids = await resultsRepo.listVisibleLearners(tx, schoolId, learnerAudience(actor));
  const kidIds = kids.map((k) => k.id);
  const released = kidIds.length ? await resultsRepo.listReleasedExamsOf(tx, kidIds) : [];
  if (!released.some((x) => x.examId === examId)) throw notFound(m.examNotFound);
  const satIn = await resultsRepo.listStreamsSatIn(tx, kidIds, [examId]);
  if (!satIn.some((x) => x.classId === classId)) throw notFound(m.streamNotFound);
  return new Set(kidIds);
}

/**
 * GET /api/exams/:examId/results?classId= | ?levelId= → the broadsheet of a stream or a level (the
 * first level of the exam when neither is given). Rows sorted by position. A parent names a stream
 * and gets only their own children's rows (positions still among the whole stream), with subject
 * means and the summary over those rows; released series only (parentsChildrenIn).
 */
export async function examResults(database: Database, actor: Actor, examId: string, q: { classId?: string; levelId?: string; schoolId?: string }): Promise<ExamResults> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const ownChildren = actor.role === 'parent' ? await parentsChildrenIn(tx, schoolId, actor, examId, q.classId) : null;
    const e = await examOf(tx, schoolId, examId);
    const r = await computeResults(tx, schoolId, e, { withDeviation: true });
    let scope: ExamResults['scope'];
    let rows: ResultRow[];
    if (q.classId) {
      const c = r.classes.find((x) => x.id === q.classId);
      if (!c) {
        const other = await examsRepo.findClassId(tx, schoolId, q.classId);
        if (!other) throw notFound(m.streamNotFound);
        throw badRequest(m.streamNotInExam, { classId: m.streamNotInExam });
      }
      await assertSeesStream(tx, actor, c.id);
      scope = { kind: 'stream', id: c.id, name: c.name };
      rows = sortByPosition(r.rows.filter((x) => x.classId === c.id && (!ownChildren || ownChildren.has(x.studentId))), false);
    } else {
      if (actor.role === 'teacher') throw forbidden(m.notYourClass);
      const levelId = q.levelId ?? e.levelIds[0];
      if (!levelId || !e.levelIds.includes(levelId)) {
        const other = levelId ? await scalesRepo.findLevelId(tx, schoolId, levelId) : undefined;
        if (!other) throw notFound(m.levelNotFound);
        throw badRequest(m.streamNotInExam, { levelId: m.streamNotInExam });
      }
      const lv = await scalesRepo.levelNameById(tx, schoolId, levelId);
      scope = { kind: 'level', id: levelId, name: lv?.name ?? '' };
      const classIds = new Set(r.classes.filter((c) => c.levelId === levelId).map((c) => c.id));
      rows = sortByPosition(r.rows.filter((x) => classIds.has(x.classId)), true);
    }
    const scopeBand = scope.kind === 'stream' ? r.classes.find((c) => c.id === scope.id)?.band : r.classes.find((c) => c.levelId === scope.id)?.band;
    const scopeSubjects = r.subjects.filter((s) => s.band === scopeBand);
    const prev = await previousExam(tx, schoolId, e);
    const prevSubjectMeans = prev ? await subjectMeansOf(tx, prev.id, rows.map((x) => x.studentId)) : new Map<string, number>();
    const firstLevel = scope.kind === 'level' ? scope.id : r.classes.find((c) => c.id === scope.id)?.levelId ?? null;
    const grading = await bandsForExam(tx, schoolId, e);
    const lb = (firstLevel && r.levelBands.get(firstLevel)) || { key: 'cbc4', bands: grading.bandsOfKey('cbc4') };
    const teachers = scope.kind === 'stream'
      ? await marksRepo.listSubjectTeachers(tx, [scope.id])
      : [];
    const subjects = scopeSubjects.map((s) => {
      const vals = rows.map((x) => x.subjects.find((y) => y.subjectId === s.subjectId)?.percent).filter((v): v is number => v !== null && v !== undefined);
      const mean = vals.length ? roundHalfUp(vals.reduce((a, b) => a + b, 0) / vals.length, 2) : null;
      const band = mean !== null ? bandFor(grading.scaleFor(firstLevel, s.subjectId).bands, mean) : null;
      const pm = prevSubjectMeans.get(s.subjectId);
      return {
        subjectId: s.subjectId,
        name: s.name,
        code: s.code,
        maxMarks: s.maxMarks,
        entries: vals.length,
        mean,
        meanGrade: band?.code ?? null,
        meanGradeLabel: band ? gradeLabel(band) : null,
        deviation: mean !== null && pm !== undefined ? roundHalfUp(mean - pm, 2) : null,
        teacherName: teachers.find((t) => t.subjectId === s.subjectId)?.name ?? null,
      };
    });
    const means = rows.map((x) => x.mean).filter((v): v is number => v !== null);
    const mean = means.length ? roundHalfUp(means.reduce((a, b) => a + b, 0) / means.length, 2) : null;
    const meanBand = mean !== null ? bandFor(lb.bands, mean) : null;
    const devs = rows.map((x) => x.deviation).filter((v): v is number => v !== null);
    const gradeCounts = [...lb.bands]
      .sort((a, b) => b.min - a.min)
      .map((b) => ({ grade: b.code, label: gradeLabel(b), count: rows.filter((x) => x.meanGrade === b.code).length }));
    return {
      exam: { id: e.id, name: e.name, termName: e.termName, academicYear: e.academicYear, status: e.status as ExamResults['exam']['status'], previousExamName: prev?.name ?? null },
      scope,
      subjects,
      rows,
      summary: {
        learners: rows.length,
        mean,
        meanGrade: meanBand?.code ?? null,
        meanGradeLabel: meanBand ? gradeLabel(meanBand) : null,
        deviation: devs.length ? roundHalfUp(devs.reduce((a, b) => a + b, 0) / devs.length, 2) : null,
        gradeCounts,
      },
    };
  });
}

/** Mean percentage per subject in a series, over some learners. */
async function subjectMeansOf(tx: Tx, examId: string, studentIds: string[]): Promise<Map<string, number>> {
  if (studentIds.length === 0) return new Map();
  const rows = await resultsRepo.subjectMeansOfLearners(tx, examId, studentIds);
  return new Map(rows.map((r) => [r.subjectId, roundHalfUp(Number(r.mean), 2)]));
}

/**
 * GET /api/exams/:examId/analytics?classId=|levelId= → grade distribution, subject means (with the
 * previous series' and the subject teacher), gender comparison, most improved, stream means and the
 * term-over-term trend of the same levels.
 */
export async function examAnalytics(database: Database, actor: Actor, examId: string, q: { classId?: string; levelId?: string; schoolId?: string }): Promise<ExamAnalytics> {
  const results = await examResults(database, actor, examId, q);
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    const prev = await previousExam(tx, schoolId, e);
    const prevMeans = prev ? await learnerMeans(tx, prev.id) : new Map<string, number>();
    const prevSubjects = prev ? await subjectMeansOf(tx, prev.id, results.rows.map((r) => r.studentId)) : new Map<string, number>();
    const meanOf = (vals: (number | null)[]) => {
      const v = vals.filter((x): x is number => x !== null);
      return v.length ? roundHalfUp(v.reduce((a, b) => a + b, 0) / v.length, 2) : null;
    };
    const genders = ['female', 'male'].map((g) => {
      const rows = results.rows.filter((r) => r.gender === g);
      return { gender: g, learners: rows.length, mean: meanOf(rows.map((r) => r.mean)) };
    });
    const improved = results.rows
      .filter((r) => r.mean !== null && prevMeans.has(r.studentId))
      .map((r) => ({ studentId: r.studentId, name: r.name, className: r.className, mean: r.mean as number, previousMean: prevMeans.get(r.studentId)!, change: roundHalfUp((r.mean as number) - prevMeans.get(r.studentId)!, 2) }))
      .sort((a, b) => b.change - a.change)
      .slice(0, 10);
    const streamIds = [...new Set(results.rows.map((r) => r.classId))];
    const streams = streamIds.map((id) => {
      const rows = results.rows.filter((r) => r.classId === id);
      return { classId: id, name: rows[0]?.className ?? '', learners: rows.length, mean: meanOf(rows.map((r) => r.mean)) };
    });
    // Trend: the latest twelve series of the same levels, oldest first, with the mean of these
    // learners' marks in each; series none of them sat (another level's) are left out.
    const latestSeries = await resultsRepo.listLatestSeriesOfLevels(tx, schoolId, e.levelIds);
    const series = latestSeries.reverse();
    const ids = results.rows.map((r) => r.studentId);
    const trend = [];
    for (const s of series) {
      const row = ids.length ? await resultsRepo.meanOfLearners(tx, s.id, ids) : { mean: null };
      if (row?.mean === null || row?.mean === undefined) continue;
      trend.push({ examId: s.id, name: s.name, termName: `${s.termName} ${s.year}`, mean: roundHalfUp(Number(row.mean), 2) });
    }
    return {
      gradeDistribution: results.summary.gradeCounts,
      subjectMeans: results.subjects.map((s) => ({ subjectId: s.subjectId, name: s.name, mean: s.mean, previousMean: prevSubjects.get(s.subjectId) ?? null, teacherName: s.teacherName })),
      gender: genders,
      mostImproved: improved,
      streams,
      trend,
    };
  });
}

/**
 * A learner's entry of a series as their parents see it (GET /api/grades/my-children): marks, grades
 * with descriptors, mean, points and position in stream (always filled: `publishedPositions` applies
 * the school's setting when read). Subjects are the series' own that the learner's stream sat.
 */
function childSeriesOf(r: ComputedResults, row: ResultRow): ChildSeries {
  return {
    examId: r.exam.id,
    name: r.exam.name,
    kind: r.exam.kind as ChildSeries['kind'],
    termId: r.exam.termId,
    termName: r.exam.termName,
    academicYear: r.exam.academicYear,
    releasedAt: r.exam.releasedAt?.toISOString() ?? null,
    className: row.className,
    mean: row.mean,
    meanGrade: row.meanGrade,
    meanGradeLabel: row.meanGradeLabel,
    points: row.points,
    position: row.position,
    positionOutOf: row.positionOutOf,
    subjects: r.subjects.filter((s) => row.subjects.some((y) => y.subjectId === s.subjectId)).map((s) => {
      const v = row.subjects.find((y) => y.subjectId === s.subjectId)!;
      return { subjectId: s.subjectId, name: s.name, score: v.score, maxMarks: s.maxMarks, percent: v.percent, status: v.status, grade: v.grade, gradeLabel: v.gradeLabel, points: v.points };
    }),
  };
}

/** The series entry with the position shown only when the school publishes positions (assessment settings). */
function publishedPositions(series: ChildSeries, publish: boolean): ChildSeries {
  return publish ? series : { ...series, position: null, positionOutOf: null };
}

/**
 * Issue 37 §1: stores every learner's result of a released series (released_results), so parents'
 * reads on results day are row lookups instead of ranking streams. Computes the whole series (every
 * stream of its levels: positions need them) with the scales frozen at release, keeps the learners
 * with a mark row (the ones whose parents see the series) and marks the series frozen. Run in the
 * release's transaction (releaseExam below) or by the sweep for older series; a learner
 * already stored keeps their row. Returns how many learners were stored.
 */
export async function freezeReleasedResults(tx: Tx, schoolId: string, examId: string, at: Date = new Date()): Promise<number> {
  const e = await examOf(tx, schoolId, examId);
  assertReleased(e);
  const r = await computeResults(tx, schoolId, e);
  const sat = await releasedRepo.listStudentsWithMarks(tx, examId);
  const rows = r.rows.filter((row) => sat.has(row.studentId)).map((row) => ({ studentId: row.studentId, series: childSeriesOf(r, row) }));
  await releasedRepo.storeReleasedResults(tx, schoolId, examId, rows, at);
  return rows.length;
}

/**
 * POST /api/exams/:examId/release (principal) → the series, released: parents see it. 409 already
 * released; 409 when a sheet with marks is not approved, or nothing is approved. The scale versions in
 * force are frozen with it, so later edits of a scale do not regrade released results, and every
 * learner's result is stored (released_results) for parents' reads.
 */
export async function releaseExam(database: Database, actor: Actor, examId: string, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    await examsRepo.lockExam(tx, schoolId, examId);
    if (e.status === 'released') throw new AppError(409, 'ALREADY_RELEASED', m.alreadyReleased);
    const sheets = await sheetsOf(tx, schoolId, e);
    const withMarks = sheets.filter((s) => s.marked > 0);
    const notApproved = withMarks.filter((s) => s.status !== 'approved').length;
    if (notApproved > 0) throw new AppError(409, 'NOT_APPROVED', m.notApprovedYet(notApproved));
    if (withMarks.length === 0) throw new AppError(409, 'NO_APPROVED_MARKS', m.noApprovedMarks);
    const scales = await schoolScales(tx, schoolId);
    const frozen = Object.fromEntries([...scales.values()].map((s) => [s.key, s.versionId]));
    const now = new Date();
    await examsRepo.updateExam(tx, schoolId, examId, { status: 'released', releasedAt: now, releasedBy: actor.id, scaleVersions: frozen, updatedAt: now });
    // Issue 37 §1: every learner's result stored now, so results day reads rows (results.service.ts).
    await freezeReleasedResults(tx, schoolId, examId, now);
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.examReleased, `exam:${examId}`, { status: e.status }, { status: 'released', sheets: withMarks.length });
    return { id: examId, status: 'released' as const, releasedAt: now.toISOString(), sheets: withMarks.length };
  });
}

/** Stores the results of every released series of one school that has none stored yet (the demo seed). */
export async function freezeSchoolResults(tx: Tx, schoolId: string): Promise<number> {
  const pending = await releasedRepo.listUnfrozenReleased(tx, schoolId);
  for (const examId of pending) await freezeReleasedResults(tx, schoolId, examId);
  return pending.length;
}

/**
 * Issue 37 §1: stores the results of every released series that has none stored yet (series
 * released before released_results existed; a database restored from before it), one transaction per
 * series. Run by the `released-results` sweep at start and every 10 minutes (the demo seed uses
 * freezeSchoolResults inside its own transaction).
 * Returns how many series were frozen.
 */
export async function freezePendingResults(database: Database): Promise<number> {
  const pending = await withSystem(database.db, (tx) => releasedRepo.listAllUnfrozenReleased(tx));
  let frozen = 0;
  for (const p of pending) {
    const done = await withScope(database.db, { schoolId: p.schoolId, userId: null, allSchools: false }, async (tx) => {
      // Another instance's sweep may hold it: skip rather than wait, it stores the same rows.
      if (!(await releasedRepo.tryLockUnfrozenExam(tx, p.schoolId, p.examId))) return false;
      await freezeReleasedResults(tx, p.schoolId, p.examId);
      return true;
    });
    if (done) frozen++;
  }
  return frozen;
}

/** The released-results sweep (jobs/tasks.ts Sweep): freezePendingResults at start and every 10 minutes. */
export function releasedResultsSweep(database: Database): Sweep {
  return { name: 'released-results', cron: '*/10 * * * *', atStart: true, label: 'Released results sweep', run: () => freezePendingResults(database) };
}

/**
 * GET /api/grades/my-children (parent) → each child's released series (nothing unreleased), with
 * subject marks, grades with descriptors, mean, position when the school publishes it, report terms
 * and teacher comments. Issue 37 §1: series come from released_results (stored at release); a
 * released series not stored yet (the sweep has not reached it) is computed here as before, for the
 * streams the children sat in only.
 */
export async function myChildrenGrades(database: Database, actor: Actor): Promise<MyChildrenGrades> {
  if (actor.role !== 'parent') throw forbidden(m.notYourClass);
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const schoolId = audience.schoolId!;
    const kids = await resultsRepo.listVisibleLearners(tx, schoolId, audience);
    const settings = await settingsOf(tx, schoolId);
    const kidIds = kids.map((k) => k.id);
    // Series in the order parents read them: by term start, then creation (ISO dates and instants sort as text).
    const orderOf = (x: { startsOn: string; createdAt: Date; examId: string }) => `${x.startsOn}|${x.createdAt.toISOString()}|${x.examId}`;
    const unfrozen = kidIds.length ? new Set(await releasedRepo.listUnfrozenReleased(tx, schoolId)) : new Set<string>();
    // A series not marked frozen is computed below, even if some of its rows are stored.
    const entries = (await releasedRepo.listReleasedResultsOf(tx, kidIds))
      .filter((x) => !unfrozen.has(x.examId))
      .map((x) => ({ studentId: x.studentId, series: { ...x.series, examId: x.examId, termId: x.termId }, order: orderOf(x) }));
    if (unfrozen.size > 0) {
      const released = (await resultsRepo.listReleasedExamsOf(tx, kidIds)).filter((x) => unfrozen.has(x.examId));
      // Only the streams the children sat in (their positions in stream are all a parent sees).
      const satIn = released.length
        ? await resultsRepo.listStreamsSatIn(
            tx,
            kidIds,
            released.map((x) => x.examId),
          )
        : [];
      const school = released.length ? await schoolGrading(tx, schoolId) : undefined;
      for (const x of released) {
        const e = await examOf(tx, schoolId, x.examId);
        const onlyClassIds = satIn.filter((r) => r.examId === x.examId).map((r) => r.classId);
        const r = await computeResults(tx, schoolId, e, { onlyClassIds, school });
        for (const row of r.rows) entries.push({ studentId: row.studentId, series: childSeriesOf(r, row), order: orderOf(x) });
      }
      entries.sort((p, q) => (p.order < q.order ? -1 : p.order > q.order ? 1 : 0));
    }
    const comments = kidIds.length ? await reportCardsRepo.listLearnerComments(tx, kidIds) : [];
    return {
      children: kids.map((k) => {
        const series = entries.filter((en) => en.studentId === k.id).map((en) => publishedPositions(en.series, settings.publishPositions));
        const termNames = new Map(series.map((s) => [s.termId, `${s.termName} ${s.academicYear}`]));
        const reportTerms = [...termNames].map(([termId, name]) => ({ termId, name }));
        return {
          studentId: k.id,
          name: fullName(k),
          admissionNumber: k.admissionNumber,
          className: k.className,
          series,
          reportTerms,
          comments: comments.filter((c) => c.studentId === k.id).map((c) => ({ termId: c.termId, classTeacher: c.classTeacherComment, principal: c.principalComment })),
        };
      }),
    };
  });
}

/** 404 unless the exam is released: parents never see unreleased results. */
export function assertReleased(e: ExamRow) {
  if (e.status !== 'released') throw new AppError(404, 'NOT_FOUND', m.notReleased);
}
