import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { reportComments, studentEnrolments, students, terms } from '../../db/schema/index.js';
import { GREENHILL_SESSIONS, methodCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { releaseMathsTestOf } from '../../../../tests/release-test.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { Exam, GradingScalesResponse, MyChildrenGrades } from '../../../shared/contracts/assessment.js';
import type { Task } from '../../../shared/contracts/tasks.js';
import { inspectPdf } from '../../lib/pdf.js';
import { timetableClash } from './timetable.service.js';
import { demoCalendar, demoExamPlan, demoSeriesNames } from '../../seed/demo-calendar.js';
import { formatDay, schoolToday } from '../../../shared/dates.js';

/** The demo built around today: its year's terms, and the series open for marks entry (every level with exams sits it). */
const cal = demoCalendar(schoolToday());
const { open: OPEN, releasedEndOfTerm } = demoSeriesNames(cal);
/**
 * The term whose report cards have results: that of the newest released End of Term series (early in
 * Term 1, last year's Term 3, sat by last year's streams), and the term that opens after it.
 */
const REPORT_TERM = demoExamPlan(cal).find((x) => x.sitting.name === releasedEndOfTerm)!.term;
const NEXT_TERM = [...cal.historyTerms, ...cal.terms, ...cal.nextTerms].find((x) => x.startsOn > REPORT_TERM.endsOn)!;

/**
 * Report cards (issue 12 §5), comments, bulk cards in the background, the exam timetable (§2) and CBC
 * formative assessment (§2). Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsParent', 'rsPrincipal']));
});
afterAll(async () => {
  await t?.close();
});

const { send, json } = methodCaller(() => t.app, cookie);
async function term(number: number) {
  const [row] = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.number, number))).orderBy(desc(terms.startsOn)));
  return row!.id;
}
async function classNamed(name: string) {
  return (await json<ClassItem[]>('GET', '/api/classes', 'principal')).find((c) => c.name === name)!;
}
/** Released results of `stream` in the latest term (tests/release-test.ts); the term's id. */
const releaseATestOf = (stream: ClassItem) => releaseMathsTestOf(json, stream, OPEN);
/** The report term's id at Greenhill. */
async function reportTerm() {
  const [row] = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.startsOn, REPORT_TERM.startsOn))));
  return row!.id;
}
/** The stream `name` of the report term's year (last year's streams for last year's Term 3). */
async function reportStream(name: string) {
  return (await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal')).find((c) => c.name === name && c.academicYear === String(REPORT_TERM.year))!;
}

describe('a learner’s report card (§5)', () => {
  it('the parent downloads their child’s card: letterhead, learning areas with levels and descriptors, comments, dates', async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const child = mine.children.find((c) => c.className?.startsWith('Grade 7'))!;
    const t1 = await reportTerm();
    expect(child.reportTerms.map((x) => x.termId)).toContain(t1);
    const res = await send('GET', `/api/students/${child.studentId}/report-card?termId=${t1}`, 'parent');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const doc = inspectPdf(res.rawPayload);
    expect(doc.pages).toBe(1);
    expect(doc.text).toContain('Greenhill Academy');
    expect(doc.text).toContain('Learner Report Card');
    expect(doc.text).toContain(child.name);
    expect(doc.text).toContain('Learning area');
    // Levels with descriptors on the scale of the level the child sat the term's End of Term in (last
    // year's level early in Term 1).
    const sat = child.series.find((s) => s.name === releasedEndOfTerm)!;
    const scales = await json<GradingScalesResponse>('GET', '/api/grading/scales', 'principal');
    const scaleKey = scales.levels.find((l) => sat.className === `${l.levelName} ${sat.className.split(' ').at(-1)}`)!.scaleKey;
    const labels = scales.scales.find((x) => x.key === scaleKey)!.bands.map((b) => b.label);
    expect(labels.every((l) => / [A-Z][a-z]/.test(l))).toBe(true);
    expect(labels.filter((l) => doc.text.includes(l)).length).toBeGreaterThan(0);
    expect(doc.text).toContain("Class teacher's comment");
    // The card's term closes on its last day, and the next term opens after it.
    expect(doc.text).toContain(`Closing date: ${formatDay(REPORT_TERM.endsOn)}`);
    expect(doc.text).toMatch(new RegExp(`Next term opens: ${formatDay(NEXT_TERM.startsOn)}`));
  });

  it('downloaded with x-edufam-locale: sw, the card is in Kiswahili (issue 36 §1)', async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const child = mine.children.find((c) => c.className?.startsWith('Grade 7'))!;
    const t1 = await reportTerm();
    const res = await t.app.inject({ method: 'GET', url: `/api/students/${child.studentId}/report-card?termId=${t1}`, headers: { cookie: cookie.parent!, 'x-edufam-locale': 'sw' } });
    expect(res.statusCode, res.body).toBe(200);
    const text = inspectPdf(res.rawPayload).text;
    expect(text).toContain('Ripoti ya Maendeleo ya Mwanafunzi');
    expect(text).toContain('Maoni ya mwalimu wa darasa');
    expect(text).toContain(`Tarehe ya kufunga: ${formatDay(REPORT_TERM.endsOn)}`);
    expect(text).toMatch(/Ukurasa 1 kati ya 1/);
    expect(text).not.toContain('Learner Report Card');
  });

  it('another parent’s child, another school, or a term without results is 404', async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const child = mine.children[0]!;
    const t1 = await term(1);
    expect((await send('GET', `/api/students/${child.studentId}/report-card?termId=${t1}`, 'rsParent')).statusCode).toBe(404);
    expect((await send('GET', `/api/students/${child.studentId}/report-card?termId=${t1}`, 'rsPrincipal')).statusCode).toBe(404);
    const stranger = (await json<{ items: { id: string }[] }>('GET', `/api/students?classId=${(await classNamed('Grade 5 West')).id}`, 'principal')).items[0]!;
    expect((await send('GET', `/api/students/${stranger.id}/report-card?termId=${t1}`, 'parent')).statusCode).toBe(404);
    // Last year's Term 1: the demo has no results there (the year is built around today).
    const [lastYearTerm1] = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(eq(terms.schoolId, greenhill)).orderBy(asc(terms.startsOn)).limit(1));
    const none = await send('GET', `/api/students/${child.studentId}/report-card?termId=${lastYearTerm1!.id}`, 'parent');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This learner has no released results for the term.');
    expect((await send('GET', `/api/students/${child.studentId}/report-card?termId=${t1}`)).statusCode).toBe(401);
    expect((await send('GET', `/api/students/${child.studentId}/report-card?termId=${t1}`, 'finance')).statusCode).toBe(403);
  });
});

describe('comments (§5: suggested from the performance band, editable per learner)', () => {
  it('the class teacher writes their stream’s comments; they print on the card; other streams are 403', async () => {
    // The teacher's stream with released results in the latest term.
    const stream = await classNamed('Grade 7 East');
    const t1 = await releaseATestOf(stream);
    const list = await json<{ items: { studentId: string; mean: number | null; suggested: string; classTeacherComment: string | null }[] }>('GET', `/api/report-cards/comments?termId=${t1}&classId=${stream.id}`, 'teacher');
    expect(list.items.length).toBeGreaterThan(10);
    const withMean = list.items.find((i) => i.mean !== null)!;
    expect(withMean.suggested.length).toBeGreaterThan(10);
    await json('PUT', '/api/report-cards/comments', 'teacher', { termId: t1, comments: [{ studentId: withMean.studentId, classTeacherComment: 'A diligent learner who helps others.' }] });
    const card = await send('GET', `/api/students/${withMean.studentId}/report-card?termId=${t1}`, 'principal');
    expect(inspectPdf(card.rawPayload).text).toContain('A diligent learner who helps others.');
    expect((await send('PUT', '/api/report-cards/comments', 'teacher', { termId: t1, comments: [{ studentId: withMean.studentId, principalComment: 'x' }] })).statusCode).toBe(403);
    const other = await classNamed('Grade 4 West');
    expect((await send('GET', `/api/report-cards/comments?termId=${t1}&classId=${other.id}`, 'teacher')).statusCode).toBe(403);
  });
});

describe('last year’s comments (issue 34: written in January)', () => {
  it('last year’s class teacher saves Term 3 comments for learners who have moved up; another school is 404', async () => {
    // Last year's Grade 7 East (the demo teacher led it) and its Term 3; its learners are in Grade 8 now.
    const lastYear = (await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal')).find((c) => c.name === 'Grade 7 East' && c.academicYear === String(cal.year - 1))!;
    expect(lastYear).toBeTruthy();
    const [t3] = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.academicYearId, lastYear.academicYearId), eq(terms.number, 3))));
    const [moved] = await system(t.database, (tx) =>
      tx
        .select({ id: students.id })
        .from(studentEnrolments)
        .innerJoin(students, eq(students.id, studentEnrolments.studentId))
        .where(and(eq(studentEnrolments.classId, lastYear.id), ne(students.classId, lastYear.id)))
        .limit(1),
    );
    expect(moved).toBeTruthy();
    // The stream's comment list still holds the learners who sat in it that year.
    const list = await json<{ items: { studentId: string }[] }>('GET', `/api/report-cards/comments?termId=${t3!.id}&classId=${lastYear.id}`, 'teacher');
    expect(list.items.map((i) => i.studentId)).toContain(moved!.id);
    const comment = { termId: t3!.id, comments: [{ studentId: moved!.id, classTeacherComment: 'Ready for Grade 8: keep up the reading.' }] };
    expect((await send('PUT', '/api/report-cards/comments', 'rsPrincipal', comment)).statusCode).toBe(404);
    await json('PUT', '/api/report-cards/comments', 'teacher', comment);
    const [saved] = await system(t.database, (tx) =>
      tx.select({ text: reportComments.classTeacherComment }).from(reportComments).where(and(eq(reportComments.studentId, moved!.id), eq(reportComments.termId, t3!.id))),
    );
    expect(saved?.text).toBe('Ready for Grade 8: keep up the reading.');
  });
});

describe('a card prints only the comments someone saved (issue 34)', () => {
  it('no saved comment: blank ruled lines, never the suggestion; a saved one prints once and the suggestion still does not', async () => {
    const stream = await reportStream('Grade 7 East');
    type Row = { studentId: string; mean: number | null; suggested: string; classTeacherComment: string | null; principalComment: string | null };
    // A term of the stream with released results and a learner nobody has commented on yet.
    let t1 = '';
    let bare: Row | undefined;
    const termIds = await system(t.database, (tx) => tx.select({ id: terms.id }).from(terms).where(eq(terms.schoolId, greenhill)).orderBy(desc(terms.startsOn)));
    for (const { id } of termIds) {
      const list = await json<{ items: Row[] }>('GET', `/api/report-cards/comments?termId=${id}&classId=${stream.id}`, 'principal');
      bare = list.items.find((i) => i.mean !== null && !i.classTeacherComment && !i.principalComment && i.suggested.length > 10);
      if (bare) {
        t1 = id;
        break;
      }
    }
    if (!bare) throw new Error('No term of Grade 7 East has released results');
    const before = inspectPdf((await send('GET', `/api/students/${bare.studentId}/report-card?termId=${t1}`, 'principal')).rawPayload).text;
    expect(before).toContain("Class teacher's comment");
    expect(before).toContain("Principal's comment");
    expect(before).not.toContain(bare.suggested.slice(0, 25));
    await json('PUT', '/api/report-cards/comments', 'principal', { termId: t1, comments: [{ studentId: bare.studentId, principalComment: 'Keep reading every evening.' }] });
    const after = inspectPdf((await send('GET', `/api/students/${bare.studentId}/report-card?termId=${t1}`, 'principal')).rawPayload).text;
    expect(after.split('Keep reading every evening.')).toHaveLength(2);
    expect(after).not.toContain(bare.suggested.slice(0, 25));
  });
});

describe('bulk report cards in the background (§5)', () => {
  it('a stream as one PDF with progress, one page per learner', async () => {
    const t1 = await reportTerm();
    const stream = await reportStream('Grade 8 West');
    const started = await json<{ taskId: string; total: number }>('POST', '/api/report-cards/bulk', 'principal', { termId: t1, classId: stream.id }, 202);
    expect(started.total).toBeGreaterThan(10);
    let task: Task | null = null;
    for (let i = 0; i < 120; i++) {
      task = await json<Task>('GET', `/api/tasks/${started.taskId}`, 'principal');
      if (task.status === 'succeeded' || task.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(task?.status, JSON.stringify(task)).toBe('succeeded');
    expect(task!.progress).toBe(started.total);
    const file = await send('GET', task!.resultFileUrl!, 'principal');
    expect(file.statusCode).toBe(200);
    expect(inspectPdf(file.rawPayload).pages).toBe(started.total);
    expect((await send('POST', '/api/report-cards/bulk', 'parent', { termId: t1, classId: stream.id })).statusCode).toBe(403);
  });
});

describe('exam timetable (§2)', () => {
  it('saves papers, refuses clashes, prints a PDF', async () => {
    const { items } = await json<{ items: Exam[] }>('GET', '/api/exams', 'principal');
    const exam = items.find((e) => e.name === OPEN)!;
    const [a, b] = exam.subjects;
    // Both papers on the series' first day.
    const sitsOn = exam.startsOn!;
    const entries = [
      { subjectId: a!.subjectId, paper: `${a!.name} Paper 1`, sitsOn, startsAt: '08:00', endsAt: '10:00', room: 'Hall' },
      { subjectId: b!.subjectId, paper: `${b!.name} Paper 1`, sitsOn, startsAt: '09:30', endsAt: '11:00', room: 'hall' },
    ];
    const clash = await send('PUT', `/api/exams/${exam.id}/timetable`, 'principal', { entries });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.message).toBe(`${a!.name} Paper 1 and ${b!.name} Paper 1 are in Hall at the same time.`);
    entries[1]!.room = 'Lab 1';
    const saved = await json<{ items: unknown[] }>('PUT', `/api/exams/${exam.id}/timetable`, 'principal', { entries });
    expect(saved.items).toHaveLength(2);
    expect((await send('PUT', `/api/exams/${exam.id}/timetable`, 'teacher', { entries })).statusCode).toBe(403);
    const pdf = await send('GET', `/api/exams/${exam.id}/timetable.pdf`, 'teacher');
    expect(pdf.statusCode).toBe(200);
    expect(inspectPdf(pdf.rawPayload).text).toContain('Lab 1');
    expect(inspectPdf(pdf.rawPayload).text).toContain(a!.name);
  });
  it('clash rules', () => {
    const p = (paper: string, startsAt: string, endsAt: string, extra: Record<string, string> = {}) => ({ paper, sitsOn: '2026-06-15', startsAt, endsAt, ...extra });
    expect(timetableClash([p('A', '08:00', '10:00', { invigilatorId: 'x' }), p('B', '10:00', '11:00', { invigilatorId: 'x' })])).toBeNull();
    expect(timetableClash([p('A', '08:00', '10:00', { invigilatorId: 'x' }), p('B', '09:59', '11:00', { invigilatorId: 'x' })])).toBe('A and B have the same invigilator at the same time.');
    expect(timetableClash([p('A', '10:00', '09:00')])).toBe('A: the paper must end after it starts.');
  });
});

describe('CBC formative assessment (§2)', () => {
  it('strand levels roll up to the term level by the school’s method', async () => {
    const stream = await classNamed('Grade 7 East');
    const { items } = await json<{ items: Exam[] }>('GET', '/api/exams', 'principal');
    const maths = items.find((e) => e.name === OPEN)!.subjects.find((s) => s.name === 'Mathematics')!.subjectId;
    const t2 = await term(2);
    const before = await json<{ learners: { studentId: string }[] }>('GET', `/api/formative?termId=${t2}&classId=${stream.id}&subjectId=${maths}`, 'teacher');
    const who = before.learners[0]!.studentId;
    // Three days of the demo year's Term 2 (weeks 2, 6 and 10), in order.
    for (const [on, level] of [[cal.ref('2026-05-04'), 'AE'], [cal.ref('2026-06-01'), 'EE'], [cal.ref('2026-07-01'), 'ME']] as const) {
      await json('POST', '/api/formative', 'teacher', { termId: t2, classId: stream.id, subjectId: maths, strand: 'Numbers', subStrand: 'Fractions', assessedOn: on, entries: [{ studentId: who, level, comment: 'ok' }] }, 201);
    }
    const after = await json<{ method: string; learners: { studentId: string; termLevel: string | null; termLevelLabel: string | null; entries: unknown[] }[] }>('GET', `/api/formative?termId=${t2}&classId=${stream.id}&subjectId=${maths}`, 'teacher');
    const row = after.learners.find((l) => l.studentId === who)!;
    expect(after.method).toBe('mean');
    expect(row.entries).toHaveLength(3);
    // (2 + 4 + 3) / 3 = 3 → ME.
    expect(row).toMatchObject({ termLevel: 'ME', termLevelLabel: 'ME Meeting Expectations' });
    await json('PUT', '/api/assessment/settings', 'principal', { rollupMethod: 'latest' });
    const latest = await json<{ learners: { studentId: string; termLevel: string | null }[] }>('GET', `/api/formative?termId=${t2}&classId=${stream.id}&subjectId=${maths}`, 'teacher');
    expect(latest.learners.find((l) => l.studentId === who)!.termLevel).toBe('ME');
    const bad = await send('POST', '/api/formative', 'teacher', { termId: t2, classId: stream.id, subjectId: maths, strand: 'Numbers', assessedOn: cal.ref('2026-07-01'), entries: [{ studentId: who, level: 'XX' }] });
    expect(bad.statusCode).toBe(400);
    const english = items.find((e) => e.name === OPEN)!.subjects.find((s) => s.name === 'Social Studies')!.subjectId;
    expect((await send('GET', `/api/formative?termId=${t2}&classId=${(await classNamed('Grade 9 West')).id}&subjectId=${english}`, 'teacher')).statusCode).toBe(403);
  });
});
