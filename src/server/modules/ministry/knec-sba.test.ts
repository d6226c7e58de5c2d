import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createTestApp, schoolIdOf, signInSessions, system, type TestApp } from '../../../../tests/helpers.js';
import type { SbaOptions, SbaResponse } from '../../../shared/contracts/knec.js';
import { knecMessages } from '../../../shared/messages/knec.js';
import { classes, examMarks, examSeries, examSubjects, levels, students, subjects, terms } from '../../db/schema/index.js';

/**
 * KNEC school-based assessment export (issue 35 §2, §6): per learner of a CBC junior level and KNEC
 * learning area, the weighted mean of their percentages in the picked released series (equal weights
 * by default; a missing mark drops out; whole numbers, half up); the upload layout (xlsx, csv); learners
 * without an assessment number listed, not exported; unreleased series, non-CBC and non-junior levels,
 * bad weights refused (400); other roles 403; another school's level or series 404. Two series made
 * here (released, Grade 8) with marks for three learners make the numbers exact whatever the demo day.
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
const cookie: Record<string, string> = {};
const { req, ok, fails } = apiCaller(() => t.app, cookie);
const a = knecMessages.api;

let greenhill: string;
let grade8: string;
let grade4: string;
let form4: string; // an 8-4-4 level added to Greenhill
let s1: string; // released, weight tests
let s2: string; // released
let open: string; // not released
let primaryOnly: string; // released, Grade 4 only
let rsSeries: string; // Riverside's
let rsLevel: string;
let learnerA: { id: string; number: string; name: string };
let learnerB: { id: string; number: string };
let learnerC: string; // no assessment number

const sba = (q: string) => `/api/ministry/knec/sba?${q}`;
const json = (levelId: string, ids: string[], extra = '') => sba(`levelId=${levelId}&examIds=${ids.join(',')}&format=json${extra}`);

beforeAll(async () => {
  t = await createTestApp();
  await signInSessions(t.app, cookie, ['principal', 'teacher', 'director', 'parent', 'finance', 'rsPrincipal']);
  greenhill = await schoolIdOf(t.database, 'greenhill');
  const riverside = await schoolIdOf(t.database, 'riverside');
  await system(t.database, async (tx) => {
    const lv = await tx.select().from(levels).where(eq(levels.schoolId, greenhill));
    grade8 = lv.find((l) => l.name === 'Grade 8')!.id;
    grade4 = lv.find((l) => l.name === 'Grade 4')!.id;
    const [f4] = await tx.insert(levels).values({ schoolId: greenhill, name: 'Form 4 (KNEC test)', levelOrder: 40, band: 'Secondary', curriculum: '8-4-4' }).returning();
    form4 = f4!.id;
    rsLevel = (await tx.select().from(levels).where(eq(levels.schoolId, riverside)))[0]!.id;
    const [term] = await tx.select().from(terms).where(eq(terms.schoolId, greenhill)).orderBy(asc(terms.startsOn)).limit(1);
    const [rsTerm] = await tx.select().from(terms).where(eq(terms.schoolId, riverside)).limit(1);
    const series = async (schoolId: string, termId: string, name: string, levelIds: string[], status: 'released' | 'open') => {
      const [row] = await tx
        .insert(examSeries)
        .values({ schoolId, termId, name, kind: 'cat', levelIds, entryOpensOn: '2026-01-10', entryClosesOn: '2026-01-20', status, ...(status === 'released' ? { releasedAt: new Date('2026-01-21T06:00:00Z') } : {}) })
        .returning({ id: examSeries.id });
      return row!.id;
    };
    s1 = await series(greenhill, term!.id, 'KNEC test CAT 1', [grade8], 'released');
    s2 = await series(greenhill, term!.id, 'KNEC test CAT 2', [grade8], 'released');
    open = await series(greenhill, term!.id, 'KNEC test CAT 3', [grade8], 'open');
    primaryOnly = await series(greenhill, term!.id, 'KNEC test Grade 4 CAT', [grade4], 'released');
    rsSeries = await series(riverside, rsTerm!.id, 'Riverside CAT', [rsLevel], 'released');

    const junior = await tx.select().from(subjects).where(and(eq(subjects.schoolId, greenhill), eq(subjects.band, 'Junior School')));
    const eng = junior.find((s) => s.code === '901')!;
    const kis = junior.find((s) => s.code === '902')!;
    const ppi = junior.find((s) => s.code === 'PPI')!;
    for (const e of [s1, s2, open]) {
      await tx.insert(examSubjects).values([eng, kis, ppi].map((s) => ({ schoolId: greenhill, examId: e, subjectId: s.id, papers: [{ name: 'Paper 1', maxMarks: 100 }], maxMarks: 100 })));
    }
    const roll = await tx
      .select({ id: students.id, classId: students.classId, number: students.assessmentNumber, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'), eq(classes.levelId, grade8)))
      .orderBy(asc(students.admissionNumber));
    const withNumber = roll.filter((r) => r.number);
    const [la, lb, lc] = withNumber;
    learnerA = { id: la!.id, number: la!.number!, name: [la!.firstName, la!.middleName, la!.lastName].filter(Boolean).join(' ') };
    learnerB = { id: lb!.id, number: lb!.number! };
    learnerC = lc!.id;
    await tx.update(students).set({ assessmentNumber: null }).where(eq(students.id, learnerC));
    const mark = (examId: string, subjectId: string, l: { id: string; classId: string | null }, percent: number | null) => ({
      schoolId: greenhill,
      examId,
      subjectId,
      studentId: l.id,
      classId: l.classId!,
      status: percent === null ? 'absent' : 'present',
      score: percent,
      percent,
    });
    await tx.insert(examMarks).values([
      // A: English 60 and 81 (equal: 70.5 → 71; 3:1 → 65.25 → 65); Kiswahili 50, absent in S2 (→ 50); PPI is not a KNEC area.
      mark(s1, eng.id, la!, 60),
      mark(s2, eng.id, la!, 81),
      mark(s1, kis.id, la!, 50),
      mark(s2, kis.id, la!, null),
      mark(s1, ppi.id, la!, 70),
      mark(s2, ppi.id, la!, 70),
      // B: English in S2 only (40); no Kiswahili mark anywhere.
      mark(s2, eng.id, lb!, 40),
      // C (no assessment number): marks, but not exported.
      mark(s1, eng.id, lc!, 90),
      // A mark in the open series never counts.
      mark(open, eng.id, la!, 10),
    ]);
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('who exports', () => {
  it('401 signed out; 403 teacher, director, parent, finance officer; 404 another school’s level or series; the principal 200', async () => {
    await fails(undefined, 'GET', json(grade8, [s1]), undefined, 401);
    for (const who of ['teacher', 'director', 'parent', 'finance']) {
      await fails(who, 'GET', json(grade8, [s1]), undefined, 403);
      await fails(who, 'GET', '/api/ministry/knec/sba/options', undefined, 403);
    }
    expect((await fails('rsPrincipal', 'GET', json(grade8, [rsSeries]), undefined, 404)).message).toBe(a.levelNotFound);
    expect((await fails('principal', 'GET', json(rsLevel, [s1]), undefined, 404)).message).toBe(a.levelNotFound);
    expect((await fails('principal', 'GET', json(grade8, [s1, rsSeries]), undefined, 404)).message).toBe(a.examNotFound);
    await ok('principal', 'GET', json(grade8, [s1]));
  });

  it('options: the CBC junior levels with their roll and the released junior series (not open ones, not Grade 4 only)', async () => {
    const o = await ok<SbaOptions>('principal', 'GET', '/api/ministry/knec/sba/options');
    expect(o.levels.map((l) => l.name)).toEqual(['Grade 7', 'Grade 8', 'Grade 9']);
    expect(o.levels.every((l) => l.learners > 0)).toBe(true);
    const ids = o.series.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([s1, s2]));
    expect(ids).not.toContain(open);
    expect(ids).not.toContain(primaryOnly);
    expect(ids).not.toContain(rsSeries);
    expect(o.series.find((s) => s.id === s1)!.levels).toEqual(['Grade 8']);
  });
});

describe('scores', () => {
  it('equal weights by default: the mean of the series with a mark, rounded half up; PPI left out', async () => {
    const r = await ok<SbaResponse>('principal', 'GET', json(grade8, [s1, s2]));
    expect(r.weights).toEqual([1, 1]);
    expect(r.series.map((s) => s.name)).toEqual(['KNEC test CAT 1', 'KNEC test CAT 2']);
    expect(r.level.name).toBe('Grade 8');
    expect(r.rows).toEqual([
      ...[
        { studentId: learnerA.id, assessmentNumber: learnerA.number, name: learnerA.name, learningAreaCode: '901', learningArea: 'English', score: 71 },
        { studentId: learnerA.id, assessmentNumber: learnerA.number, name: learnerA.name, learningAreaCode: '902', learningArea: 'Kiswahili', score: 50 },
        { studentId: learnerB.id, assessmentNumber: learnerB.number, name: expect.any(String), learningAreaCode: '901', learningArea: 'English', score: 40 },
      ].sort((x, y) => x.assessmentNumber.localeCompare(y.assessmentNumber)),
    ]);
    // B has no Kiswahili mark in either series; the rest of the roll none at all.
    expect(r.noMarks.find((n) => n.studentId === learnerB.id)!.learningAreas).toEqual(['Kiswahili']);
    expect(r.noMarks.filter((n) => n.learningAreas.length === 2).length).toBe(r.learners - r.missingAssessmentNumber.length - 2);
  });

  it('weights 3,1 weigh the first series three times: English (3·60 + 81) / 4 = 65.25 → 65; a single series gives its own percentage', async () => {
    const r = await ok<SbaResponse>('principal', 'GET', json(grade8, [s1, s2], '&weights=3,1'));
    expect(r.weights).toEqual([3, 1]);
    const eng = r.rows.find((x) => x.studentId === learnerA.id && x.learningAreaCode === '901')!;
    expect(eng.score).toBe(65);
    const only2 = await ok<SbaResponse>('principal', 'GET', json(grade8, [s2]));
    expect(only2.rows.find((x) => x.studentId === learnerA.id && x.learningAreaCode === '901')!.score).toBe(81);
    // Kiswahili: absent in S2, no mark there, so A has no Kiswahili row from S2 alone.
    expect(only2.rows.some((x) => x.studentId === learnerA.id && x.learningAreaCode === '902')).toBe(false);
    expect(only2.noMarks.find((n) => n.studentId === learnerA.id)!.learningAreas).toEqual(['Kiswahili']);
  });

  it('learners without an assessment number are listed with admission number and stream, not exported', async () => {
    const r = await ok<SbaResponse>('principal', 'GET', json(grade8, [s1, s2]));
    const c = r.missingAssessmentNumber.find((x) => x.studentId === learnerC)!;
    expect(c.admissionNumber).toBeTruthy();
    expect(c.stream).toMatch(/^Grade 8 /);
    expect(r.rows.some((x) => x.studentId === learnerC)).toBe(false);
    expect(r.noMarks.some((x) => x.studentId === learnerC)).toBe(false);
  });
});

describe('the upload file', () => {
  it('xlsx (the default): one sheet, the KNEC columns, one row per learner and learning area, scores as numbers', async () => {
    const res = await req('principal', 'GET', sba(`levelId=${grade8}&examIds=${s1},${s2}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/filename="knec-sba-grade-8-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.length).toBe(1);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['ASSESSMENT NUMBER', 'LEARNER NAME', 'LEARNING AREA CODE', 'LEARNING AREA', 'SCORE']);
    expect(ws.rowCount).toBe(4);
    const lines = [2, 3, 4].map((i) => (ws.getRow(i).values as unknown[]).slice(1));
    expect(lines).toContainEqual([learnerA.number, learnerA.name, '901', 'English', 71]);
    expect(lines).toContainEqual([learnerA.number, learnerA.name, '902', 'Kiswahili', 50]);
  });

  it('csv: a byte-order mark, the same header and rows, CRLF', async () => {
    const res = await req('principal', 'GET', sba(`levelId=${grade8}&examIds=${s1},${s2}&weights=3,1&format=csv`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ASSESSMENT NUMBER,LEARNER NAME,LEARNING AREA CODE,LEARNING AREA,SCORE');
    expect(lines).toContain(`${learnerA.number},${learnerA.name},901,English,65`);
    expect(lines.length).toBe(4);
  });
});

describe('bad input', () => {
  it('an unreleased series, a series no junior level sat: 400 naming it', async () => {
    const e = await fails('principal', 'GET', json(grade8, [s1, open]), undefined, 400);
    expect(e.message).toBe(a.examNotReleased('KNEC test CAT 3'));
    expect(e.fields?.examIds).toBe(e.message);
    expect((await fails('principal', 'GET', json(grade8, [primaryOnly]), undefined, 400)).message).toBe(a.examNotJunior('KNEC test Grade 4 CAT'));
  });

  it('a level not CBC, a CBC level not junior school: 400', async () => {
    expect((await fails('principal', 'GET', json(form4, [s1]), undefined, 400)).message).toBe(a.levelNotCbc);
    expect((await fails('principal', 'GET', json(grade4, [s1]), undefined, 400)).message).toBe(a.levelNotJunior);
  });

  it('weights: not one per series, zero, negative, not numbers, over 100 → 400; series: none, twice, not ids, more than 6 → 400', async () => {
    const w = async (weights: string, message: string) => {
      const e = await fails('principal', 'GET', json(grade8, [s1, s2], `&weights=${encodeURIComponent(weights)}`), undefined, 400);
      expect(e.message, weights).toBe(message);
      expect(e.fields?.weights).toBe(message);
    };
    await w('1', a.weightsCount);
    await w('1,2,3', a.weightsCount);
    await w('0,1', a.weightsInvalid);
    await w('-1,2', a.weightsInvalid);
    await w('a,b', a.weightsInvalid);
    await w('101,1', a.weightsInvalid);
    expect((await fails('principal', 'GET', json(grade8, []), undefined, 400)).message).toBe(a.examsRequired);
    expect((await fails('principal', 'GET', json(grade8, [s1, s1]), undefined, 400)).message).toBe(a.examsDuplicate);
    expect((await fails('principal', 'GET', json(grade8, ['nope']), undefined, 400)).message).toBe(a.examInvalid);
    expect((await fails('principal', 'GET', json(grade8, Array.from({ length: 7 }, () => s1)), undefined, 400)).message).toBe(a.examsTooMany);
    expect((await fails('principal', 'GET', sba(`levelId=${grade8}&examIds=${s1}&format=pdf`), undefined, 400)).message).toContain(a.formatInvalid);
    await fails('principal', 'GET', sba(`levelId=nope&examIds=${s1}`), undefined, 400);
  });

  it('decimal weights are accepted (2.5,1)', async () => {
    const r = await ok<SbaResponse>('principal', 'GET', json(grade8, [s1, s2], '&weights=2.5,1'));
    // (2.5·60 + 81) / 3.5 = 66
    expect(r.rows.find((x) => x.studentId === learnerA.id && x.learningAreaCode === '901')!.score).toBe(66);
  });
});
