import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, examMarks, examSeries, gradeAudit, releasedResults, teacherAssignments, terms } from '../../db/schema/index.js';
import { DEMO, GREENHILL_SESSIONS, admitTodayBody, methodCaller, openDemoApp, profileIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { Exam, ExamAnalytics, ExamResults, GradingScalesResponse, MarksGrid, MyChildrenGrades, MySheet } from '../../../shared/contracts/assessment.js';
import type { Approval } from '../../../shared/contracts/fees.js';
import { addDays, formatDay, schoolToday } from '../../../shared/dates.js';
import { demoCalendar, demoSeriesNames } from '../../seed/demo-calendar.js';

/** The demo's series for today (built around the day it is seeded): one released End of Term, the open one. */
const cal = demoCalendar(schoolToday());
const { releasedEndOfTerm: RELEASED, open: OPEN } = demoSeriesNames(cal);

/**
 * The assessment API (issue 12 §1-§4, §7): scales, exam series, marks entry with its window, approval,
 * the grade audit log, release, results with positions, analytics and the parent's view. Runs on PGlite
 * and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsPrincipal', 'rsTeacher', 'rsParent', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

const { send, json } = methodCaller(() => t.app, cookie);

async function classNamed(name: string) {
  const classes = await json<ClassItem[]>('GET', '/api/classes', 'principal');
  return classes.find((c) => c.name === name)!;
}
/**
 * The stream `name` of the year a series was sat in: this year's, or last year's for last year's End of
 * Term 3 (the released series early in Term 1).
 */
async function streamOf(exam: Exam, name: string) {
  const classes = await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal');
  return classes.find((c) => c.name === name && c.academicYear === exam.academicYear)!;
}
async function examNamed(name: string, who = 'principal') {
  const { items } = await json<{ items: Exam[] }>('GET', '/api/exams', who);
  return items.find((e) => e.name === name)!;
}
async function termId(number: number) {
  const [row] = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.number, number))).orderBy(desc(terms.startsOn)));
  return row!.id;
}
function subjectId(e: Exam, name: string) {
  return e.subjects.find((s) => s.name === name)!.subjectId;
}

describe('who may do what (§7 Access)', () => {
  it('401 without a session, 403 for the wrong role, 404 for another school', async () => {
    expect((await send('GET', '/api/grading/scales')).statusCode).toBe(401);
    expect((await send('GET', '/api/exams', 'parent')).statusCode).toBe(403);
    expect((await send('GET', '/api/grading/scales', 'parent')).statusCode).toBe(403);
    expect((await send('POST', '/api/exams', 'teacher', {})).statusCode).toBe(403);
    expect((await send('GET', '/api/grades/my-children', 'teacher')).statusCode).toBe(403);
    const exam = await examNamed(RELEASED);
    expect((await send('GET', `/api/exams/${exam.id}`, 'rsPrincipal')).statusCode).toBe(404);
    expect((await send('GET', `/api/exams/${exam.id}/results`, 'rsTeacher')).statusCode).toBe(404);
    expect((await send('POST', `/api/exams/${exam.id}/release`, 'rsPrincipal')).statusCode).toBe(404);
    expect((await send('GET', `/api/exams/${exam.id}`, 'admin')).statusCode).toBe(400);
    expect((await send('GET', `/api/exams/${exam.id}?schoolId=${greenhill}`, 'admin')).statusCode).toBe(200);
  });

  it("the finance officer and HR read the exam series and grading scales (their grades section, spec §6 'others'), never marks", async () => {
    const exam = await examNamed(RELEASED);
    for (const who of ['finance', 'hr']) {
      const exams = await json<{ items: { id: string; name: string }[] }>('GET', '/api/exams', who);
      expect(exams.items.map((e) => e.name), who).toContain(RELEASED);
      const scales = await json<{ scales: { key: string }[]; levels: unknown[] }>('GET', '/api/grading/scales', who);
      expect(scales.scales.length, who).toBeGreaterThan(0);
      expect(scales.levels.length, who).toBeGreaterThan(0);
      expect((await send('GET', `/api/exams/${exam.id}/results?levelId=${exam.levelIds[0]}`, who)).statusCode, who).toBe(403);
      expect((await send('GET', `/api/exams/${exam.id}/sheets`, who)).statusCode, who).toBe(403);
      expect((await send('GET', `/api/exams/${exam.id}/analytics?levelId=${exam.levelIds[0]}`, who)).statusCode, who).toBe(403);
    }
    const forAdmin = await json<{ items: { name: string }[] }>('GET', `/api/exams?schoolId=${greenhill}`, 'admin');
    expect(forAdmin.items.map((e) => e.name)).toContain(RELEASED);
  });
});

describe('grading scales (§1)', () => {
  it('lists the five default scales with descriptors and each level’s scale', async () => {
    const res = await json<GradingScalesResponse>('GET', '/api/grading/scales', 'teacher');
    expect(res.scales.map((s) => s.key)).toEqual(['cbc4', 'knec8', 'kcse', 'igcse', 'igcse91']);
    const knec = res.scales.find((s) => s.key === 'knec8')!;
    expect(knec.bands[2]).toMatchObject({ code: 'ME1', descriptor: 'Good', min: 58, max: 74, points: 6, label: 'ME1 Good' });
    expect(res.levels.find((l) => l.levelName === 'Grade 7')!.scaleKey).toBe('knec8');
    expect(res.levels.find((l) => l.levelName === 'Grade 4')!.scaleKey).toBe('cbc4');
  });

  it('refuses bands that do not make a scale and changes nothing', async () => {
    const res = await send('PUT', '/api/grading/scales/cbc4', 'principal', { bands: [{ code: 'EE', descriptor: 'x', min: 80, points: 4 }, { code: 'ee', descriptor: 'y', min: 10, points: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('The code ee is used twice.');
    const after = await json<GradingScalesResponse>('GET', '/api/grading/scales', 'principal');
    expect(after.scales.find((s) => s.key === 'cbc4')!.version).toBe(1);
    expect((await send('PUT', '/api/grading/scales/cbc4', 'teacher', { bands: [] })).statusCode).toBe(403);
    expect((await send('PUT', '/api/grading/scales/nope', 'principal', { bands: [{ code: 'A', descriptor: '', min: 50, points: 1 }, { code: 'B', descriptor: '', min: 0, points: 0 }] })).statusCode).toBe(404);
  });
});

describe('exam series (§2)', () => {
  it('creates a series with papers that combine; an exam with no subjects or a bad window is refused', async () => {
    const t3 = await termId(3);
    const levels = (await json<GradingScalesResponse>('GET', '/api/grading/scales', 'principal')).levels;
    const g8 = levels.find((l) => l.levelName === 'Grade 8')!.levelId;
    const t1 = await examNamed(RELEASED);
    const maths = subjectId(t1, 'Mathematics');
    const noSubjects = await send('POST', '/api/exams', 'principal', { termId: t3, name: 'CAT 1', kind: 'cat', levelIds: [g8], entryOpensOn: schoolToday(), entryClosesOn: schoolToday(), subjects: [] });
    expect(noSubjects.statusCode).toBe(400);
    expect(noSubjects.json().error.fields.subjects).toBe('Add at least one subject to the exam.');
    const badWindow = await send('POST', '/api/exams', 'principal', { termId: t3, name: 'CAT 1', kind: 'cat', levelIds: [g8], entryOpensOn: schoolToday(), entryClosesOn: addDays(schoolToday(), -1), subjects: [{ subjectId: maths }] });
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json().error.fields.entryClosesOn).toBe('The marks-entry window must close on or after the day it opens.');
    const before = await system(t.database, (tx) => tx.select({ id: examSeries.id }).from(examSeries).where(eq(examSeries.schoolId, greenhill)));
    const created = await json<Exam>('POST', '/api/exams', 'principal', {
      termId: t3,
      name: 'CAT 1 Term 3',
      kind: 'cat',
      levelIds: [g8],
      entryOpensOn: schoolToday(),
      entryClosesOn: addDays(schoolToday(), 7),
      weight: 30,
      subjects: [{ subjectId: maths, papers: [{ name: 'Paper 1', maxMarks: 80 }, { name: 'Paper 2', maxMarks: 100 }] }],
    }, 201);
    expect(created).toMatchObject({ status: 'open', entryState: 'open', weight: 30, levels: [{ name: 'Grade 8' }] });
    expect(created.subjects[0]).toMatchObject({ name: 'Mathematics', maxMarks: 180 });
    expect(created.sheets.total).toBe(2);
    const after = await system(t.database, (tx) => tx.select({ id: examSeries.id }).from(examSeries).where(eq(examSeries.schoolId, greenhill)));
    expect(after.length).toBe(before.length + 1);

    // Paper marks combine into a percentage: 60/80 + 70/100 = 130/180 = 72.22 % (ME1 on KNEC).
    const stream = await classNamed('Grade 8 East');
    const grid = await json<MarksGrid>('GET', `/api/exams/${created.id}/marks?classId=${stream.id}&subjectId=${maths}`, 'principal');
    const first = grid.rows[0]!;
    await json('PUT', `/api/exams/${created.id}/marks`, 'principal', { classId: stream.id, subjectId: maths, marks: [{ studentId: first.studentId, paperScores: [60, 70] }] });
    const again = await json<MarksGrid>('GET', `/api/exams/${created.id}/marks?classId=${stream.id}&subjectId=${maths}`, 'principal');
    expect(again.rows.find((r) => r.studentId === first.studentId)).toMatchObject({ score: 130, percent: 72.22, grade: 'ME1', gradeLabel: 'ME1 Good', paperScores: [60, 70] });
    const tooMuch = await send('PUT', `/api/exams/${created.id}/marks`, 'principal', { classId: stream.id, subjectId: maths, marks: [{ studentId: first.studentId, paperScores: [81, 70] }] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('The mark cannot be more than the maximum of 80.');
    // An exam with marks cannot be deleted.
    expect((await send('DELETE', `/api/exams/${created.id}`, 'principal')).statusCode).toBe(409);
  });
});

describe('marks entry, approval and the audit log (§3)', () => {
  let exam: Exam;
  let classId: string;
  let maths: string;
  beforeAll(async () => {
    exam = await examNamed(OPEN);
    classId = (await classNamed('Grade 7 East')).id;
    maths = subjectId(exam, 'Mathematics');
  });

  it('the teacher sees their own sheets; another stream x subject is 403', async () => {
    const mine = await json<{ items: MySheet[] }>('GET', '/api/grades/my-sheets', 'teacher');
    expect(mine.items.some((s) => s.examId === exam.id && s.classId === classId && s.subjectId === maths && s.status === 'draft')).toBe(true);
    const other = await classNamed('Grade 9 West');
    const english = subjectId(exam, 'English');
    expect((await send('GET', `/api/exams/${exam.id}/marks?classId=${other.id}&subjectId=${english}`, 'teacher')).statusCode).toBe(403);
    expect((await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId: other.id, subjectId: english, marks: [{ studentId: crypto.randomUUID(), score: 50 }] })).statusCode).toBe(403);
  });

  it('bad marks are refused all together and nothing is saved; a retried save changes nothing', async () => {
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${maths}`, 'teacher');
    expect(grid.canEdit).toBe(true);
    expect(grid.rows.length).toBeGreaterThan(10);
    expect(grid.rows.every((r) => r.status === null)).toBe(true);
    const [a, b, c] = grid.rows;
    for (const [bad, message] of [
      [{ studentId: b!.studentId, score: 101 }, 'The mark cannot be more than the maximum of 100.'],
      [{ studentId: b!.studentId, score: -1 }, 'Marks cannot be negative.'],
      [{ studentId: b!.studentId, score: 'seventy' }, 'Marks must be numbers.'],
      [{ studentId: b!.studentId, status: 'present' }, 'Enter a mark, or mark the learner absent or exempt.'],
    ] as const) {
      const res = await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: a!.studentId, score: 50 }, bad] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const stranger = (await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${(await classNamed('Grade 7 West')).id}&subjectId=${maths}`, 'teacher')).rows[0]!;
    const notMine = await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: stranger.studentId, score: 50 }] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.message).toBe(`${stranger.name} is not in this stream.`);
    const saved = await system(t.database, (tx) => tx.select().from(examMarks).where(and(eq(examMarks.examId, exam.id), eq(examMarks.classId, classId), eq(examMarks.subjectId, maths))));
    expect(saved).toEqual([]);

    const body = { classId, subjectId: maths, marks: [{ studentId: a!.studentId, score: 74.5, status: 'present' }, { studentId: b!.studentId, score: null, status: 'absent' }, { studentId: c!.studentId, status: 'exempt' }] };
    expect(await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', body)).toMatchObject({ saved: 3, unchanged: 0 });
    expect(await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', body)).toMatchObject({ saved: 0, unchanged: 3 });
    const after = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${maths}`, 'teacher');
    expect(after.rows.find((r) => r.studentId === a!.studentId)).toMatchObject({ score: 74.5, percent: 74.5, grade: 'EE2', gradeLabel: 'EE2 Very Good', points: 7 });
    expect(after.rows.find((r) => r.studentId === b!.studentId)).toMatchObject({ status: 'absent', score: null, grade: null });

    // A blanked cell removes the mark (no mark, not zero); clearing again changes nothing.
    expect(await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: c!.studentId, clear: true }] })).toMatchObject({ saved: 1, unchanged: 0 });
    expect(await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: c!.studentId, clear: true }] })).toMatchObject({ saved: 0, unchanged: 1 });
    const cleared = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${maths}`, 'teacher');
    expect(cleared.rows.find((r) => r.studentId === c!.studentId)).toMatchObject({ status: null, score: null, grade: null });
    expect(cleared.sheet.marked).toBe(2);
  });

  it('a save retried with the same Idempotency-Key answers the first result and counts once; another body with it is 422', async () => {
    const url = `/api/exams/${exam.id}/marks`;
    const grid = await json<MarksGrid>('GET', `${url}?classId=${classId}&subjectId=${maths}`, 'teacher');
    const d = grid.rows.find((r) => r.status === null)!;
    const key = crypto.randomUUID();
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: { cookie: cookie.teacher!, 'idempotency-key': key }, payload });
    const body = { classId, subjectId: maths, marks: [{ studentId: d.studentId, score: 61 }] };
    const first = await put(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ saved: 1, unchanged: 0 });
    // The answer was lost and the outbox sends again: the first answer comes back, nothing runs twice.
    const replay = await put(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await put({ ...body, marks: [{ studentId: d.studentId, score: 62 }] })).statusCode).toBe(422);
    const after = await json<MarksGrid>('GET', `${url}?classId=${classId}&subjectId=${maths}`, 'teacher');
    expect(after.rows.find((r) => r.studentId === d.studentId)).toMatchObject({ status: 'present', score: 61 });
    expect(after.sheet.marked).toBe(grid.sheet.marked + 1);
    // Back as it was for the tests below.
    await json('PUT', url, 'teacher', { classId, subjectId: maths, marks: [{ studentId: d.studentId, clear: true }] });
  });

  it('submitting needs every learner marked; then the principal approves; twice is refused; the sheet locks', async () => {
    const early = await send('POST', `/api/exams/${exam.id}/submit`, 'teacher', { classId, subjectId: maths });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toMatch(/^(1 learner still has|\d+ learners still have) no mark/);
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${maths}`, 'teacher');
    const rest = grid.rows.filter((r) => r.status === null).map((r, i) => ({ studentId: r.studentId, score: 40 + ((i * 7) % 55) }));
    await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: rest });
    const sheet = await json<{ status: string }>('POST', `/api/exams/${exam.id}/submit`, 'teacher', { classId, subjectId: maths });
    expect(sheet.status).toBe('submitted');
    expect((await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: rest[0]!.studentId, score: 1 }] })).statusCode).toBe(409);
    const queue = await json<{ items: MySheet[] }>('GET', '/api/grades/queue', 'principal');
    expect(queue.items.some((s) => s.classId === classId && s.subjectId === maths)).toBe(true);
    const card = await json<{ items: Approval[] }>('GET', '/api/approvals', 'principal');
    expect(card.items.some((a) => a.kind === 'marks' && a.title === 'Marks: Mathematics, Grade 7 East')).toBe(true);

    expect((await json<{ status: string }>('POST', `/api/exams/${exam.id}/approve`, 'principal', { classId, subjectId: maths })).status).toBe('approved');
    const twice = await send('POST', `/api/exams/${exam.id}/approve`, 'principal', { classId, subjectId: maths });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('These marks have already been approved.');
    expect((await send('POST', `/api/exams/${exam.id}/approve`, 'teacher', { classId, subjectId: maths })).statusCode).toBe(403);
    const locked = await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: maths, marks: [{ studentId: rest[0]!.studentId, score: 1 }] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe('These marks have been approved and are locked. Ask the principal to change a mark.');
    const after = (await json<{ items: Approval[] }>('GET', '/api/approvals?status=all', 'principal')).items.find((a) => a.kind === 'marks' && a.title === 'Marks: Mathematics, Grade 7 East');
    expect(after?.status).toBe('approved');
  });

  it('a change after approval needs the principal and a reason, and is kept in the grade audit log', async () => {
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${maths}`, 'principal');
    expect(grid).toMatchObject({ canEdit: true, needsReason: true });
    const row = grid.rows.find((r) => r.status === 'present')!;
    const noReason = await send('PUT', `/api/exams/${exam.id}/marks`, 'principal', { classId, subjectId: maths, marks: [{ studentId: row.studentId, score: 88 }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Give a reason for changing an approved mark.');
    const noClear = await send('PUT', `/api/exams/${exam.id}/marks`, 'principal', { classId, subjectId: maths, marks: [{ studentId: row.studentId, clear: true }], reason: 'Wrong learner' });
    expect(noClear.statusCode).toBe(400);
    expect(noClear.json().error.message).toBe('Approved marks cannot be removed: enter the corrected mark, or mark the learner absent or exempt.');
    await json('PUT', `/api/exams/${exam.id}/marks`, 'principal', { classId, subjectId: maths, marks: [{ studentId: row.studentId, score: 88 }], reason: 'Paper 2 was marked twice' });
    const log = await json<{ items: { oldScore: number; newScore: number; reason: string; changedBy: string }[] }>('GET', `/api/exams/${exam.id}/audit`, 'principal');
    expect(log.items[0]).toMatchObject({ oldScore: row.score, newScore: 88, reason: 'Paper 2 was marked twice', changedBy: 'Joseph Otieno Odhiambo' });
    const rows = await system(t.database, (tx) => tx.select().from(gradeAudit).where(eq(gradeAudit.examId, exam.id)));
    expect(rows).toHaveLength(1);
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, 'MARK_CHANGED_AFTER_APPROVAL')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('release waits for every sheet with marks to be approved', async () => {
    // The teacher's Grade 7 West sheet, entered and submitted: waiting for the principal (the demo's own
    // submitted sheets exist only once the open series has been sat).
    const west = (await classNamed('Grade 7 West')).id;
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${west}&subjectId=${maths}`, 'teacher');
    await json('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId: west, subjectId: maths, marks: grid.rows.map((r, i) => ({ studentId: r.studentId, score: 35 + ((i * 11) % 60) })) });
    expect((await json<{ status: string }>('POST', `/api/exams/${exam.id}/submit`, 'teacher', { classId: west, subjectId: maths })).status).toBe('submitted');
    const res = await send('POST', `/api/exams/${exam.id}/release`, 'principal');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^(1 mark sheet is|\d+ mark sheets are) not approved yet/);
  });

  it('returning from the Approvals card sends the sheet back with the note', async () => {
    const card = await json<{ items: Approval[] }>('GET', '/api/approvals', 'principal');
    const pending = card.items.find((a) => a.kind === 'marks' && a.status === 'pending')!;
    await json('POST', `/api/approvals/${pending.id}/reject`, 'principal', { note: 'Check the Grade 8 scripts again' });
    const sheets = await json<{ items: { id: string; status: string; comment: string | null }[] }>('GET', `/api/exams/${exam.id}/sheets`, 'principal');
    expect(sheets.items.find((s) => s.id === pending.subjectId)).toMatchObject({ status: 'returned', comment: 'Check the Grade 8 scripts again' });
  });
});

describe('the marks-entry window', () => {
  it('refuses marks after the window closes, with the date', async () => {
    const t1 = await examNamed(RELEASED);
    const levels = (await json<GradingScalesResponse>('GET', '/api/grading/scales', 'principal')).levels;
    // A window that closed yesterday.
    const closedOn = addDays(schoolToday(), -1);
    const exam = await json<Exam>('POST', '/api/exams', 'principal', {
      termId: await termId(cal.latestTerm.number),
      name: 'Opener resit',
      kind: 'opener',
      levelIds: [levels.find((l) => l.levelName === 'Grade 7')!.levelId],
      entryOpensOn: addDays(closedOn, -10),
      entryClosesOn: closedOn,
      subjects: [{ subjectId: subjectId(t1, 'Mathematics') }],
    }, 201);
    expect(exam.entryState).toBe('closed');
    const classId = (await classNamed('Grade 7 East')).id;
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${subjectId(t1, 'Mathematics')}`, 'teacher');
    expect(grid.canEdit).toBe(false);
    const res = await send('PUT', `/api/exams/${exam.id}/marks`, 'teacher', { classId, subjectId: subjectId(t1, 'Mathematics'), marks: [{ studentId: grid.rows[0]!.studentId, score: 50 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Marks entry for this exam closed on ${formatDay(closedOn)}.`);
  });
});

describe('results and positions (§4)', () => {
  it('a stream broadsheet: means over the subjects sat, competition positions, grades with descriptors', async () => {
    const exam = await examNamed(RELEASED);
    const stream = await streamOf(exam, 'Grade 7 East');
    const r = await json<ExamResults>('GET', `/api/exams/${exam.id}/results?classId=${stream.id}`, 'principal');
    expect(r.scope).toMatchObject({ kind: 'stream', name: 'Grade 7 East' });
    expect(r.rows.length).toBeGreaterThan(10);
    expect(r.subjects.map((s) => s.name)).toContain('Integrated Science');
    for (const row of r.rows) {
      const sat = row.subjects.filter((s) => s.percent !== null);
      const mean = Math.round((sat.reduce((t, s) => t + s.percent!, 0) / sat.length) * 100) / 100;
      expect(row.mean).toBeCloseTo(mean, 2);
      expect(row.subjectsSat).toBe(sat.length);
      expect(row.points).toBe(sat.reduce((t, s) => t + s.points!, 0));
    }
    // Positions: sorted, ties share, the next is skipped.
    const positions = r.rows.map((x) => x.position);
    expect(positions[0]).toBe(1);
    for (let i = 1; i < r.rows.length; i++) {
      const [prev, cur] = [r.rows[i - 1]!, r.rows[i]!];
      if (cur.mean === prev.mean) expect(cur.position).toBe(prev.position);
      else expect(cur.position).toBe(i + 1);
    }
    expect(r.rows[0]!.meanGradeLabel).toMatch(/^(EE1 Exceptional|EE2 Very Good|ME1 Good|ME2 Fair|AE1 Needs Improvement)$/);
    expect(r.summary.gradeCounts.reduce((t, g) => t + g.count, 0)).toBe(r.rows.filter((x) => x.meanGrade).length);
    // Level positions rank both streams together.
    const level = await json<ExamResults>('GET', `/api/exams/${exam.id}/results?levelId=${exam.levels.find((l) => l.name === 'Grade 7')!.id}`, 'principal');
    expect(level.rows.length).toBeGreaterThan(r.rows.length);
    expect(level.rows[0]!.levelPosition).toBe(1);
  });

  it('broadsheet as PDF and Excel; analytics; teachers only for their streams', async () => {
    const exam = await examNamed(RELEASED);
    const stream = await streamOf(exam, 'Grade 7 East');
    const pdf = await send('GET', `/api/exams/${exam.id}/results?classId=${stream.id}&format=pdf`, 'principal');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const xlsx = await send('GET', `/api/exams/${exam.id}/results?classId=${stream.id}&format=xlsx`, 'director');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const a = await json<ExamAnalytics>('GET', `/api/exams/${exam.id}/analytics?classId=${stream.id}`, 'teacher');
    expect(a.gender.map((g) => g.gender)).toEqual(['female', 'male']);
    expect(a.subjectMeans.length).toBeGreaterThan(5);
    expect(a.trend.map((x) => x.name)).toContain(RELEASED);
    // A stream that sat the series which the teacher neither leads nor teaches.
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const taught = await system(t.database, (tx) => tx.select({ classId: teacherAssignments.classId }).from(teacherAssignments).where(eq(teacherAssignments.teacherId, teacherId)));
    const notMine = (await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal')).find((c) => c.academicYear === exam.academicYear && exam.levelIds.includes(c.levelId!) && c.classTeacherId !== teacherId && !taught.some((x) => x.classId === c.id))!;
    expect((await send('GET', `/api/exams/${exam.id}/results?classId=${notMine.id}`, 'teacher')).statusCode).toBe(403);
  });

  it('a released series keeps the scale it was graded with after the scale changes', async () => {
    const exam = await examNamed(RELEASED);
    const stream = await streamOf(exam, 'Grade 7 East');
    const before = await json<ExamResults>('GET', `/api/exams/${exam.id}/results?classId=${stream.id}`, 'principal');
    const scales = await json<GradingScalesResponse>('GET', '/api/grading/scales', 'principal');
    const knec = scales.scales.find((s) => s.key === 'knec8')!;
    const raised = knec.bands.map(({ max: _m, label: _l, ...b }) => ({ ...b, min: b.min === 0 ? 0 : Math.min(100, b.min + 5) }));
    const updated = await json<{ version: number }>('PUT', '/api/grading/scales/knec8', 'principal', { bands: raised });
    expect(updated.version).toBe(2);
    const after = await json<ExamResults>('GET', `/api/exams/${exam.id}/results?classId=${stream.id}`, 'principal');
    expect(after.rows.map((r) => r.meanGrade)).toEqual(before.rows.map((r) => r.meanGrade));
    await json('PUT', '/api/grading/scales/knec8', 'principal', { bands: knec.bands.map(({ max: _m, label: _l, ...b }) => b) });
  });
});

describe('IGCSE results (Riverside)', () => {
  it('grades A*..U with no points, ranks by mean', async () => {
    const { items } = await json<{ items: Exam[] }>('GET', '/api/exams', 'rsPrincipal');
    const exam = items.find((e) => e.name === RELEASED)!;
    const level = exam.levels.find((l) => l.name === 'Year 10')!;
    const r = await json<ExamResults>('GET', `/api/exams/${exam.id}/results?levelId=${level.id}`, 'rsPrincipal');
    expect(r.rows.length).toBeGreaterThan(20);
    for (const row of r.rows) {
      expect(row.points).toBeNull();
      if (row.meanGrade) expect(['A*', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'U']).toContain(row.meanGrade);
    }
    const means = r.rows.map((x) => x.mean ?? -1);
    expect([...means].sort((a, b) => b - a)).toEqual(means);
  });
});

describe('release and the parent (§3 Release, §4 Child Grades)', () => {
  it("GET /api/exams/:examId/results?classId= gives a parent their own children's rows of a released series, and nothing else", async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const child = mine.children.find((c) => c.className === 'Grade 7 East') ?? mine.children[0]!;
    const series = child.series.find((s) => s.name === RELEASED)!;
    // The stream the child sat it in (last year's for last year's series).
    const streams = await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal');
    const classId = streams.find((c) => c.name === series.className && c.academicYear === series.academicYear)!.id;
    const r = await json<ExamResults>('GET', `/api/exams/${series.examId}/results?classId=${classId}`, 'parent');
    expect(r.scope).toMatchObject({ kind: 'stream', id: classId });
    expect(r.rows.map((x) => x.studentId)).toEqual([child.studentId]);
    // The position is still among the whole stream, as the principal's broadsheet gives it.
    const full = await json<ExamResults>('GET', `/api/exams/${series.examId}/results?classId=${classId}`, 'principal');
    expect(full.rows.length).toBeGreaterThan(1);
    expect(r.rows[0]!.position).toBe(full.rows.find((x) => x.studentId === child.studentId)!.position);
    expect(r.summary.learners).toBe(1);

    // Another stream of the school, a series not released, and another school's parent read as not found.
    const otherStream = streams.find((c) => c.academicYear === series.academicYear && !mine.children.some((k) => k.series.some((s) => s.examId === series.examId && s.className === c.name)))!;
    expect((await send('GET', `/api/exams/${series.examId}/results?classId=${otherStream.id}`, 'parent')).statusCode).toBe(404);
    const unreleased = await examNamed(OPEN);
    expect((await send('GET', `/api/exams/${unreleased.id}/results?classId=${classId}`, 'parent')).statusCode).toBe(404);
    expect((await send('GET', `/api/exams/${series.examId}/results?classId=${classId}`, 'rsParent')).statusCode).toBe(404);
    // Staff reading is unchanged; roles outside assessment still get 403.
    expect((await send('GET', `/api/exams/${series.examId}/results?classId=${classId}`, 'finance')).statusCode).toBe(403);
  });

  it('parents see released series of their own children only; release makes a new one visible', async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    expect(mine.children).toHaveLength(2);
    const names = mine.children.flatMap((c) => c.series.map((s) => s.name));
    expect(names).toContain(RELEASED);
    expect(names).not.toContain(OPEN);
    const child = mine.children.find((c) => c.className === 'Grade 7 East') ?? mine.children[0]!;
    const series = child.series[0]!;
    expect(series.subjects[0]!.gradeLabel).toMatch(/^(EE|ME|AE|BE)\d? /);
    expect(series.position).not.toBeNull();
    // The broadsheet path answers a parent only for a stream their child sat in (next test).
    expect((await send('GET', `/api/exams/${series.examId}/results`, 'parent')).statusCode).toBe(400);

    // A new series, marked, approved and released, appears; before release it does not.
    const t1 = await examNamed(RELEASED);
    const classId = (await classNamed(child.className!)).id;
    const levelId = t1.levels.find((l) => child.className!.startsWith(l.name))!.id;
    const english = subjectId(t1, 'English');
    const exam = await json<Exam>('POST', '/api/exams', 'principal', { termId: await termId(3), name: 'Quick Quiz', kind: 'cat', levelIds: [levelId], entryOpensOn: schoolToday(), entryClosesOn: schoolToday(), subjects: [{ subjectId: english }] }, 201);
    const grid = await json<MarksGrid>('GET', `/api/exams/${exam.id}/marks?classId=${classId}&subjectId=${english}`, 'principal');
    await json('PUT', `/api/exams/${exam.id}/marks`, 'principal', { classId, subjectId: english, marks: grid.rows.map((r, i) => ({ studentId: r.studentId, score: 30 + i })) });
    await json('POST', `/api/exams/${exam.id}/submit`, 'principal', { classId, subjectId: english });
    const notYet = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    expect(notYet.children.flatMap((c) => c.series.map((s) => s.name))).not.toContain('Quick Quiz');
    expect((await send('POST', `/api/exams/${exam.id}/release`, 'principal')).statusCode).toBe(409);
    await json('POST', `/api/exams/${exam.id}/approve`, 'principal', { classId, subjectId: english });
    // The other stream of the level has no marks: it does not hold the release back.
    expect((await json<{ status: string }>('POST', `/api/exams/${exam.id}/release`, 'principal')).status).toBe('released');
    // Issue 37 §1: released with every learner's result stored in the same transaction.
    const stored = await system(t.database, (tx) => tx.select({ studentId: releasedResults.studentId }).from(releasedResults).where(eq(releasedResults.examId, exam.id)));
    expect(stored.map((r) => r.studentId).sort()).toEqual(grid.rows.map((r) => r.studentId).sort());
    expect((await send('POST', `/api/exams/${exam.id}/release`, 'principal')).statusCode).toBe(409);
    const now = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const quiz = now.children.find((c) => c.studentId === child.studentId)!.series.find((s) => s.name === 'Quick Quiz')!;
    expect(quiz.subjects).toHaveLength(1);
    // Riverside's parent sees none of Greenhill's.
    const rs = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'rsParent');
    expect(rs.children.flatMap((c) => c.series.map((s) => s.name))).not.toContain('Quick Quiz');
  });
});

describe("a series' mark sheets list the learners admitted by its end (issue 34)", () => {
  it('a learner admitted today is not on a past series\' sheet, nor in its count, and marks for them are refused', async () => {
    const today = schoolToday();
    const east = await classNamed('Grade 7 East');
    const admitted = await json<{ id: string; admittedOn: string | null }>('POST', '/api/students', 'principal', admitTodayBody(east.id, '0722 340 982'), 201);
    expect(admitted.admittedOn).toBe(today);
    // A series of this year's streams sat in the latest term up to the last day before today (early in
    // Term 1 the demo has none yet), marked, approved and released.
    const maths = subjectId(await examNamed(OPEN), 'Mathematics');
    const endsOn = [addDays(today, -1), cal.latestTerm.endsOn].sort()[0]!;
    const startsOn = [addDays(endsOn, -4), cal.latestTerm.startsOn].sort().at(-1)!;
    const created = await json<Exam>('POST', '/api/exams', 'principal', { termId: await termId(cal.latestTerm.number), name: 'Mathematics CAT', kind: 'cat', levelIds: [east.levelId!], startsOn, endsOn, entryOpensOn: startsOn, entryClosesOn: today, subjects: [{ subjectId: maths }] }, 201);
    const sheet = await json<MarksGrid>('GET', `/api/exams/${created.id}/marks?classId=${east.id}&subjectId=${maths}`, 'principal');
    await json('PUT', `/api/exams/${created.id}/marks`, 'principal', { classId: east.id, subjectId: maths, marks: sheet.rows.map((r, i) => ({ studentId: r.studentId, score: 40 + ((i * 13) % 57) })) });
    await json('POST', `/api/exams/${created.id}/submit`, 'principal', { classId: east.id, subjectId: maths });
    await json('POST', `/api/exams/${created.id}/approve`, 'principal', { classId: east.id, subjectId: maths });
    expect((await json<{ status: string }>('POST', `/api/exams/${created.id}/release`, 'principal')).status).toBe('released');
    const past = await examNamed('Mathematics CAT');
    expect(past).toMatchObject({ status: 'released', endsOn });
    expect(past.endsOn! < today).toBe(true);
    const grid = await json<MarksGrid>('GET', `/api/exams/${past.id}/marks?classId=${east.id}&subjectId=${maths}`, 'principal');
    expect(grid.rows.length).toBeGreaterThan(10);
    expect(grid.rows.map((r) => r.studentId)).not.toContain(admitted.id);
    expect(grid.sheet.learners).toBe(grid.rows.length);
    // Its sheet is approved, so the principal may still change marks with a reason, but not hers.
    expect(grid.sheet.status).toBe('approved');
    const refused = await send('PUT', `/api/exams/${past.id}/marks`, 'principal', { classId: east.id, subjectId: maths, marks: [{ studentId: admitted.id, score: 50 }], reason: 'Late entry' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe('Wanjiru Mutua is not in this stream.');
    const saved = await system(t.database, (tx) => tx.select().from(examMarks).where(eq(examMarks.studentId, admitted.id)));
    expect(saved).toHaveLength(0);
  });
});
