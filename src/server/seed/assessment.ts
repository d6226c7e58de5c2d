import type { Tx } from '../db/tenant.js';
import { examMarks, examSeries, examSubjects, gradingScales, gradingScaleVersions, markSheets, approvals } from '../db/schema/index.js';
import { DEFAULT_SCALES, SCALE_KEYS, percentOf } from '../../shared/grading.js';
import { addDays } from '../../shared/dates.js';
import { weekday } from '../../shared/kenya-holidays.js';
import { plural } from '../../shared/plural.js';
import { createRandom } from './names.js';
import { atNairobi, demoExamPlan, type DemoCalendar, type DemoTerm, type Sitting } from './demo-calendar.js';

/**
 * Demo assessment (issue 12 "Demo data", issue 34 "live on any day"): each school's grading scales (the
 * defaults, version 1); for every term of this year already over, its End of Term series released
 * (every level that sits exams, not pre-primary; marks for every learner, approved); in the latest
 * term, every sitting whose marks entry has opened by today (termSittings): released once entry closed,
 * else open, and once sat some sheets approved, some submitted (the principal's queue), some half
 * entered and the demo teacher's sheets empty. Early in Term 1, when nothing of this year is released
 * yet, last year's End of Term 3 is (on last year's streams). Written in bulk.
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
  /** Levels that sit the opener and mid-term series (every level but pre-primary sits end of term). */
  midTermLevels: string[];
  /** The demo calendar: which series have been sat, released or are open by today. */
  cal: DemoCalendar;
  /** Last year's streams and learners, for last year's End of Term 3 (shown early in Term 1). */
  history?: { term3Id: string; classes: { id: string; levelId: string; band: string; name: string }[]; learners: { id: string; classId: string }[] };
}

/** The exam_series values of a sitting: released ones carry the day after entry closed as release. */
function seriesValues(sitting: Sitting, termId: string, status: 'open' | 'released') {
  return {
    termId,
    name: sitting.name,
    kind: sitting.kind,
    startsOn: sitting.startsOn,
    endsOn: sitting.endsOn,
    entryOpensOn: sitting.entryOpensOn,
    entryClosesOn: sitting.entryClosesOn,
    weight: sitting.weight,
    status,
    createdAt: atNairobi(addDays(sitting.entryOpensOn, -7), '10:00'),
    ...(status === 'released' ? { releasedAt: atNairobi(addDays(sitting.entryClosesOn, 1), '09:00') } : {}),
  } as const;
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
      .values({ schoolId, ...values, ...(values.status === 'released' ? { scaleVersions: frozen, releasedBy: plan.principalId } : {}), levelIds: levels.map((l) => l.id), createdBy: plan.principalId })
      .returning({ id: examSeries.id });
    const bands = new Set(levels.map((l) => l.band));
    const subs = [...bands].flatMap((b) => plan.subjectsByBand.get(b) ?? []);
    await tx.insert(examSubjects).values(subs.map((s) => ({ schoolId, examId: row!.id, subjectId: s.id, papers: [{ name: 'Paper 1', maxMarks: 100 }], maxMarks: 100 })));
    return row!.id;
  }

  const { cal } = plan;
  // Times of things done "a few hours ago" never run past the demo's day.
  const now = new Date(Math.min(Date.now(), atNairobi(cal.today, '23:59').getTime()));
  const marks: (typeof examMarks.$inferInsert)[] = [];
  const sheets: (typeof markSheets.$inferInsert)[] = [];
  const pending: (typeof approvals.$inferInsert)[] = [];
  const examClasses = plan.classes.filter((c) => examLevels.some((l) => l.id === c.levelId));
  const midLevels = examLevels.filter((l) => plan.midTermLevels.includes(l.name));

  /** Every learner's mark in every subject of the series' levels, approved: a released series. */
  function markAll(examId: string, sitting: Sitting, classes: AssessmentSeedPlan['classes'], learners: AssessmentSeedPlan['learners'], drift: number) {
    for (const c of classes) {
      const subs = plan.subjectsByBand.get(c.band) ?? [];
      const inClass = learners.filter((l) => l.classId === c.id);
      for (const s of subs) {
        const teacherId = plan.assignments.find((a) => a.classId === c.id && a.subjectId === s.id)?.teacherId ?? plan.principalId;
        for (const l of inClass) {
          const absent = rnd.next() < 0.02;
          const score = absent ? null : markOf(l.id, s.id, drift);
          marks.push({ schoolId, examId, subjectId: s.id, studentId: l.id, classId: c.id, status: absent ? 'absent' : 'present', score, percent: score === null ? null : percentOf(score, 100), updatedBy: teacherId });
        }
        sheets.push({ schoolId, examId, classId: c.id, subjectId: s.id, status: 'approved', submittedBy: teacherId, submittedAt: atNairobi(addDays(sitting.entryClosesOn, -1), '12:00'), decidedBy: plan.principalId, decidedAt: atNairobi(sitting.entryClosesOn, '10:00') });
      }
    }
  }

  /**
   * The open series: once it has been sat, every third sheet approved, every fifth submitted (the
   * principal's queue), some half entered, the rest not started, and the demo teacher's sheets empty.
   */
  function markOpen(examId: string, sitting: Sitting, levels: typeof examLevels) {
    if (sitting.endsOn >= cal.today) return; // not sat yet: nothing to enter
    // Sheets came in over the working days since the sitting ended, in the afternoons (not at the
    // moment the demo was made); the principal approved the next morning.
    const workDays: string[] = [];
    for (let d = addDays(sitting.endsOn, 1); d <= cal.today && d <= sitting.entryClosesOn; d = addDays(d, 1)) if (![0, 6].includes(weekday(d))) workDays.push(d);
    const handedIn = (k: number) => {
      const at = workDays.length ? atNairobi(workDays[k % workDays.length]!, `${14 + (k % 4)}:${String((k * 7) % 60).padStart(2, '0')}`) : now;
      return new Date(Math.min(at.getTime(), now.getTime() - 3_600_000));
    };
    let n = 0;
    for (const c of plan.classes.filter((x) => levels.some((l) => l.id === x.levelId))) {
      const subs = plan.subjectsByBand.get(c.band) ?? [];
      const inClass = plan.learners.filter((l) => l.classId === c.id);
      for (const s of subs) {
        const teacherId = plan.assignments.find((a) => a.classId === c.id && a.subjectId === s.id)?.teacherId ?? plan.principalId;
        if (teacherId === plan.demoTeacherId) continue; // the demo teacher's sheets wait for them
        n++;
        const state = n % 3 === 0 ? 'approved' : n % 5 === 0 ? 'submitted' : n % 2 === 0 ? 'draft' : 'none';
        if (state === 'none') continue;
        const entered = state === 'draft' ? inClass.slice(0, Math.ceil(inClass.length / 2)) : inClass;
        for (const l of entered) {
          const score = markOf(l.id, s.id, 3);
          marks.push({ schoolId, examId, subjectId: s.id, studentId: l.id, classId: c.id, status: 'present', score, percent: percentOf(score, 100), updatedBy: teacherId });
        }
        const submittedAt = handedIn(n);
        sheets.push({
          schoolId,
          examId,
          classId: c.id,
          subjectId: s.id,
          status: state,
          submittedBy: state === 'draft' ? null : teacherId,
          submittedAt: state === 'draft' ? null : submittedAt,
          decidedBy: state === 'approved' ? plan.principalId : null,
          decidedAt: state === 'approved' ? new Date(Math.min(submittedAt.getTime() + 18 * 3_600_000, now.getTime())) : null,
        });
      }
    }
  }

  const termId = (t: DemoTerm) => plan.terms.find((x) => x.number === t.number)!.id;
  let openSeries: { id: string; name: string } | null = null;
  for (const planned of demoExamPlan(cal)) {
    const { sitting, status } = planned;
    const levels = sitting.kind === 'end_term' ? examLevels : midLevels;
    if (planned.lastYear) {
      if (!plan.history) continue;
      const id = await series(examLevels, seriesValues(sitting, plan.history.term3Id, 'released'));
      markAll(id, sitting, plan.history.classes, plan.history.learners, -2);
      continue;
    }
    const id = await series(levels, seriesValues(sitting, termId(planned.term), status));
    if (status === 'released') {
      markAll(id, sitting, examClasses.filter((c) => levels.some((l) => l.id === c.levelId)), plan.learners, sitting.kind === 'end_term' ? 0 : 3);
    } else {
      markOpen(id, sitting, levels);
      openSeries = { id, name: sitting.name };
    }
  }

  for (let i = 0; i < marks.length; i += 1000) await tx.insert(examMarks).values(marks.slice(i, i + 1000));
  const sheetRows = await tx.insert(markSheets).values(sheets).returning({ id: markSheets.id, examId: markSheets.examId, classId: markSheets.classId, subjectId: markSheets.subjectId, status: markSheets.status, submittedBy: markSheets.submittedBy, submittedAt: markSheets.submittedAt });
  for (const sh of sheetRows.filter((x) => x.examId === openSeries?.id && x.status === 'submitted')) {
    const c = plan.classes.find((x) => x.id === sh.classId)!;
    const s = [...plan.subjectsByBand.values()].flat().find((x) => x.id === sh.subjectId)!;
    const count = plan.learners.filter((l) => l.classId === c.id).length;
    pending.push({ schoolId, kind: 'marks', subjectId: sh.id, title: `Marks: ${s.name}, ${c.name}`, summary: `${openSeries!.name}: ${plural(count, 'learner')}`, status: 'pending', requestedBy: sh.submittedBy, requestedAt: sh.submittedAt ?? now });
  }
  if (pending.length) await tx.insert(approvals).values(pending);
  return { marks: marks.length, sheets: sheets.length };
}
