import type { Tx } from '../db/tenant.js';
import { examMarks, examSeries, examSubjects, gradingScales, gradingScaleVersions, markSheets, approvals } from '../db/schema/index.js';
import { DEFAULT_SCALES, SCALE_KEYS, percentOf } from '../../shared/grading.js';
import { addDays, schoolToday } from '../../shared/dates.js';
import { createRandom } from './names.js';

/**
 * Demo assessment (issue 12 "Demo data"): each school's grading scales (the defaults, version 1); a
 * released End of Term 1 2026 series for every level that sits exams (not pre-primary), with marks for
 * every learner, approved and released; and an open Mid-Term 2 2026 series for the upper levels whose
 * marks-entry window is open today, with some sheets approved, some submitted (the principal's queue),
 * some half entered and the demo teacher's Mathematics sheet empty. Written in bulk.
 */

export interface AssessmentSeedPlan {
  schoolId: string;
  principalId: string;
  demoTeacherId: string;
  terms: { id: string; number: number; startsOn: string; endsOn: string }[];
  levels: { id: string; name: string; band: string }[];
  classes: { id: string; levelId: string; band: string; name: string }[];
  subjectsByBand: Map<string, { id: string; name: string }[]>;
  learners: { id: string; classId: string }[];
  assignments: { classId: string; subjectId: string; teacherId: string }[];
  /** Levels that sit the open Term 2 series. */
  term2Levels: string[];
}

export async function seedAssessment(tx: Tx, plan: AssessmentSeedPlan, seed: number) {
  const rnd = createRandom(seed);
  const { schoolId } = plan;
  const scales = await tx
    .insert(gradingScales)
    .values(SCALE_KEYS.map((k) => ({ schoolId, key: k, name: DEFAULT_SCALES[k].name, bands: DEFAULT_SCALES[k].bands })))
    .returning({ id: gradingScales.id, key: gradingScales.key, bands: gradingScales.bands });
  const versions = await tx
    .insert(gradingScaleVersions)
    .values(scales.map((s) => ({ schoolId, scaleId: s.id, version: 1, bands: s.bands })))
    .returning({ id: gradingScaleVersions.id, scaleId: gradingScaleVersions.scaleId });
  const frozen = Object.fromEntries(scales.map((s) => [s.key, versions.find((v) => v.scaleId === s.id)!.id]));

  const examLevels = plan.levels.filter((l) => l.band !== 'Pre-Primary');
  const term1 = plan.terms.find((t) => t.number === 1)!;
  const term2 = plan.terms.find((t) => t.number === 2)!;
  // Each learner has an ability; a subject mark is ability plus subject difficulty plus noise.
  const ability = new Map(plan.learners.map((l) => [l.id, 35 + rnd.next() * 50]));
  const difficulty = new Map<string, number>();
  for (const list of plan.subjectsByBand.values()) for (const s of list) difficulty.set(s.id, (rnd.next() - 0.5) * 16);
  const markOf = (studentId: string, subjectId: string, drift: number) =>
    Math.max(0, Math.min(100, Math.round(ability.get(studentId)! + difficulty.get(subjectId)! + drift + (rnd.next() - 0.5) * 24)));

  /**
   * Creates an exam series of the principal's for `levels` (levelIds from them) with a 100-mark paper in
   * every subject of their bands; returns its id.
   */
  async function series(levels: typeof examLevels, values: Omit<typeof examSeries.$inferInsert, 'schoolId' | 'levelIds' | 'createdBy'>) {
    const [row] = await tx
      .insert(examSeries)
      .values({ schoolId, ...values, levelIds: levels.map((l) => l.id), createdBy: plan.principalId })
      .returning({ id: examSeries.id });
    const bands = new Set(levels.map((l) => l.band));
    const subs = [...bands].flatMap((b) => plan.subjectsByBand.get(b) ?? []);
    await tx.insert(examSubjects).values(subs.map((s) => ({ schoolId, examId: row!.id, subjectId: s.id, papers: [{ name: 'Paper 1', maxMarks: 100 }], maxMarks: 100 })));
    return row!.id;
  }

  const now = new Date();
  // Term 1: released.
  const t1 = await series(examLevels, {
    termId: term1.id,
    name: 'End of Term 1 2026',
    kind: 'end_term',
    startsOn: '2026-03-23',
    endsOn: '2026-03-27',
    entryOpensOn: '2026-03-23',
    entryClosesOn: '2026-04-01',
    weight: 100,
    status: 'released',
    scaleVersions: frozen,
    releasedAt: new Date('2026-04-02T09:00:00Z'),
    releasedBy: plan.principalId,
    createdAt: new Date('2026-03-01T07:00:00Z'),
  });
  const marks: (typeof examMarks.$inferInsert)[] = [];
  const sheets: (typeof markSheets.$inferInsert)[] = [];
  const examClasses = plan.classes.filter((c) => examLevels.some((l) => l.id === c.levelId));
  for (const c of examClasses) {
    const subs = plan.subjectsByBand.get(c.band) ?? [];
    const inClass = plan.learners.filter((l) => l.classId === c.id);
    for (const s of subs) {
      const teacherId = plan.assignments.find((a) => a.classId === c.id && a.subjectId === s.id)?.teacherId ?? plan.principalId;
      for (const l of inClass) {
        const absent = rnd.next() < 0.02;
        const score = absent ? null : markOf(l.id, s.id, 0);
        marks.push({ schoolId, examId: t1, subjectId: s.id, studentId: l.id, classId: c.id, status: absent ? 'absent' : 'present', score, percent: score === null ? null : percentOf(score, 100), updatedBy: teacherId });
      }
      sheets.push({ schoolId, examId: t1, classId: c.id, subjectId: s.id, status: 'approved', submittedBy: teacherId, submittedAt: new Date('2026-03-31T12:00:00Z'), decidedBy: plan.principalId, decidedAt: new Date('2026-04-01T10:00:00Z') });
    }
  }

  // Term 2: open, window open today.
  const t2Levels = examLevels.filter((l) => plan.term2Levels.includes(l.name));
  const t2 = await series(t2Levels, {
    termId: term2.id,
    name: 'Mid-Term 2 2026',
    kind: 'mid_term',
    startsOn: '2026-06-15',
    endsOn: '2026-06-19',
    entryOpensOn: '2026-06-15',
    entryClosesOn: addDays(schoolToday(), 60),
    weight: 30,
    status: 'open',
    createdAt: new Date('2026-06-01T07:00:00Z'),
  });
  const pending: (typeof approvals.$inferInsert)[] = [];
  let n = 0;
  for (const c of plan.classes.filter((x) => t2Levels.some((l) => l.id === x.levelId))) {
    const subs = plan.subjectsByBand.get(c.band) ?? [];
    const inClass = plan.learners.filter((l) => l.classId === c.id);
    for (const s of subs) {
      const teacherId = plan.assignments.find((a) => a.classId === c.id && a.subjectId === s.id)?.teacherId ?? plan.principalId;
      if (teacherId === plan.demoTeacherId) continue; // the demo teacher's sheets wait for them
      n++;
      // Every third sheet approved, every fifth submitted, some half entered, the rest not started.
      const state = n % 3 === 0 ? 'approved' : n % 5 === 0 ? 'submitted' : n % 2 === 0 ? 'draft' : 'none';
      if (state === 'none') continue;
      const entered = state === 'draft' ? inClass.slice(0, Math.ceil(inClass.length / 2)) : inClass;
      for (const l of entered) {
        const score = markOf(l.id, s.id, 3);
        marks.push({ schoolId, examId: t2, subjectId: s.id, studentId: l.id, classId: c.id, status: 'present', score, percent: percentOf(score, 100), updatedBy: teacherId });
      }
      const submittedAt = new Date(now.getTime() - (n % 7) * 3_600_000);
      sheets.push({
        schoolId,
        examId: t2,
        classId: c.id,
        subjectId: s.id,
        status: state,
        submittedBy: state === 'draft' ? null : teacherId,
        submittedAt: state === 'draft' ? null : submittedAt,
        decidedBy: state === 'approved' ? plan.principalId : null,
        decidedAt: state === 'approved' ? now : null,
      });
    }
  }
  for (let i = 0; i < marks.length; i += 1000) await tx.insert(examMarks).values(marks.slice(i, i + 1000));
  const sheetRows = await tx.insert(markSheets).values(sheets).returning({ id: markSheets.id, examId: markSheets.examId, classId: markSheets.classId, subjectId: markSheets.subjectId, status: markSheets.status, submittedBy: markSheets.submittedBy, submittedAt: markSheets.submittedAt });
  for (const sh of sheetRows.filter((x) => x.examId === t2 && x.status === 'submitted')) {
    const c = plan.classes.find((x) => x.id === sh.classId)!;
    const s = [...plan.subjectsByBand.values()].flat().find((x) => x.id === sh.subjectId)!;
    const count = plan.learners.filter((l) => l.classId === c.id).length;
    pending.push({ schoolId, kind: 'marks', subjectId: sh.id, title: `Marks: ${s.name}, ${c.name}`, summary: `Mid-Term 2 2026: ${count} learner(s)`, status: 'pending', requestedBy: sh.submittedBy, requestedAt: sh.submittedAt ?? now });
  }
  if (pending.length) await tx.insert(approvals).values(pending);
  return { marks: marks.length, sheets: sheets.length };
}
