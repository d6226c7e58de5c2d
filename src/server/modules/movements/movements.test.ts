import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  academicYears,
  auditLogs,
  classes,
  promotionBatches,
  studentBalances,
  studentEnrolments,
  studentExits,
  students,
  teacherAssignments,
  terms,
  transferRequests,
  transfers,
} from '../../db/schema/index.js';
import { createSchool, methodCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { ministryTermTemplate } from '../../../shared/curriculum-catalogue.js';
import { demoCalendar } from '../../seed/demo-calendar.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { ListStudentsResponse, StudentDetail } from '../../../shared/contracts/learners.js';
import type {
  ApplyPromotionResponse,
  ExitResponse,
  ListExitsResponse,
  ListTransfersResponse,
  PromotionBatch,
  PromotionPlan,
  PromotionPreview,
  TransferCheck,
  TransferDecisionResponse,
  TransferInResponse,
  TransferOutResponse,
  TransferRequest,
} from '../../../shared/contracts/movements.js';
import { schoolToday, addDays } from '../../../shared/dates.js';
import { formatKes } from '../../../shared/money.js';

/**
 * Learner movements API (issue 10 §2 Promotion, Transfers, Exit): access (401/403/404/400 per route),
 * each rule, the EduFam transfer request between Greenhill and Riverside, promotion with preview, apply,
 * undo and its refusal once the new year has data. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};
const today = schoolToday();
/** The demo's years around today (the demo is built around the day it is seeded): last, this and next. */
const Y = demoCalendar(today).year;
const [LAST_YEAR, THIS_YEAR, NEXT_YEAR] = [String(Y - 1), String(Y), String(Y + 1)];
/** The day a promotion ends this year's class history (and graduates leave): the year's last day, or today while it runs. */
const THIS_YEAR_CLOSES = [ministryTermTemplate(Y)[2]!.endsOn, today].sort()[0]!;
const ZERO = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'finance', 'rsPrincipal', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH';
const { send, json } = methodCaller(() => t.app, cookie);
async function error(method: Method, url: string, who: string, payload: Json | undefined, status: number) {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

async function classesOf(who: string, yearId?: string): Promise<ClassItem[]> {
  return json<ClassItem[]>('GET', `/api/classes${yearId ? `?yearId=${yearId}` : ''}`, who);
}
async function classIdOf(who: string, name: string, yearId?: string): Promise<string> {
  const c = (await classesOf(who, yearId)).find((x) => x.name === name);
  if (!c) throw new Error(`no class ${name}`);
  return c.id;
}

/** Active learners of a class (by name, current year), ordered by name. */
async function learnersIn(schoolId: string, className: string, n = 50) {
  return system(t.database, (tx) =>
    tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, classId: students.classId, upi: students.upi, admittedOn: students.admittedOn })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
      .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), eq(classes.name, className), eq(academicYears.name, THIS_YEAR)))
      .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id))
      .limit(n),
  );
}

async function studentRow(id: string) {
  const [s] = await system(t.database, (tx) => tx.select().from(students).where(eq(students.id, id)));
  return s!;
}

async function enrolment(studentId: string, yearName: string) {
  const [row] = await system(t.database, (tx) =>
    tx
      .select({ e: studentEnrolments, className: classes.name })
      .from(studentEnrolments)
      .innerJoin(academicYears, eq(academicYears.id, studentEnrolments.academicYearId))
      .innerJoin(classes, eq(classes.id, studentEnrolments.classId))
      .where(and(eq(studentEnrolments.studentId, studentId), eq(academicYears.name, yearName))),
  );
  return row;
}

async function lastAudit(action: string, schoolId: string) {
  const [row] = await system(t.database, (tx) =>
    tx.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.schoolId, schoolId))).orderBy(sql`${auditLogs.createdAt} desc`).limit(1),
  );
  return row;
}

const admission = (over: Json = {}): Json => ({
  firstName: 'Baraka',
  lastName: 'Mwangi',
  gender: 'M',
  dateOfBirth: '2013-05-02',
  guardians: [{ name: 'Janet Mwangi', relationship: 'mother', phone: '0711 222 333' }],
  previousSchool: 'Kilimani Primary School',
  previousUpi: 'UPI-KIL-0042',
  upi: 'UPI-KIL-0042',
  transferDate: today,
  reason: 'Family moved to Nairobi',
  ...over,
});

// ---- Access ------------------------------------------------------------------------------------

describe('access: every route is principal-only (401 / 403)', () => {
  const routes: [Method, string, Json?][] = [
    ['GET', '/api/movements/promotions/plan'],
    ['POST', '/api/movements/promotions/preview', { fromYearId: ZERO, toYearName: NEXT_YEAR }],
    ['POST', '/api/movements/promotions', { fromYearId: ZERO, toYearName: NEXT_YEAR }],
    ['GET', '/api/movements/promotions'],
    ['POST', `/api/movements/promotions/${ZERO}/undo`],
    ['GET', '/api/movements/schools-directory'],
    ['GET', `/api/movements/transfers/check?studentId=${ZERO}`],
    ['GET', '/api/movements/transfers'],
    ['GET', '/api/movements/transfers/export?format=csv'],
    ['POST', '/api/movements/transfers/out', { studentId: ZERO, destinationName: 'X', reason: 'x', transferDate: today }],
    ['POST', '/api/movements/transfers/in', admission()],
    ['GET', '/api/movements/transfer-requests'],
    ['POST', `/api/movements/transfer-requests/${ZERO}/accept`, { classId: ZERO }],
    ['POST', `/api/movements/transfer-requests/${ZERO}/decline`, { note: 'x' }],
    ['GET', '/api/movements/exits'],
    ['GET', '/api/movements/exits/export?format=csv'],
    ['POST', '/api/movements/exits', { studentId: ZERO, exitType: 'withdrawal', reason: 'x', exitDate: today }],
    ['POST', `/api/movements/exits/${ZERO}/readmit`, { classId: ZERO }],
  ];

  it.each(routes)('%s %s: 401 without a session, 403 for director, teacher, finance officer and platform admin', async (method, url, payload) => {
    expect((await send(method, url, undefined, payload)).statusCode).toBe(401);
    for (const who of ['director', 'teacher', 'finance', 'admin']) {
      const res = await send(method, url, who, payload);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
  });

  it('bad ids and bodies are 400 with the field named, never 500', async () => {
    const cases: [Method, string, Json | undefined, string][] = [
      ['GET', '/api/movements/promotions/plan?fromYearId=nope', undefined, 'fromYearId'],
      ['POST', '/api/movements/promotions/preview', { fromYearId: 'nope', toYearName: NEXT_YEAR }, 'fromYearId'],
      ['POST', '/api/movements/promotions/preview', { fromYearId: ZERO }, 'toYearId'],
      ['POST', '/api/movements/promotions', { fromYearId: ZERO, toYearName: NEXT_YEAR, exceptions: [{ studentId: ZERO, action: 'fly' }] }, 'exceptions.0.action'],
      ['POST', '/api/movements/promotions/nope/undo', undefined, 'id'],
      ['GET', '/api/movements/transfers/check?studentId=nope', undefined, 'studentId'],
      ['GET', '/api/movements/transfers?direction=sideways', undefined, 'direction'],
      ['GET', '/api/movements/transfers?from=2026-02-30', undefined, 'from'],
      ['GET', '/api/movements/transfers/export?format=pdf', undefined, 'format'],
      ['POST', '/api/movements/transfers/out', { studentId: ZERO, reason: 'x', transferDate: today }, 'destinationName'],
      ['POST', '/api/movements/transfers/out', { studentId: ZERO, destinationName: 'X', reason: ' ', transferDate: today }, 'reason'],
      ['POST', '/api/movements/transfers/out', { studentId: ZERO, destinationName: 'X', reason: 'x', transferDate: '23/11/2026' }, 'transferDate'],
      ['POST', '/api/movements/transfers/in', admission({ previousSchool: '' }), 'previousSchool'],
      ['POST', '/api/movements/transfers/in', admission({ guardians: [] }), 'guardians'],
      ['GET', '/api/movements/transfer-requests?box=sideways', undefined, 'box'],
      ['POST', `/api/movements/transfer-requests/${ZERO}/accept`, {}, 'classId'],
      ['POST', `/api/movements/transfer-requests/${ZERO}/decline`, { note: '' }, 'note'],
      ['GET', '/api/movements/exits?type=vanished', undefined, 'type'],
      ['POST', '/api/movements/exits', { studentId: ZERO, exitType: 'vanished', reason: 'x', exitDate: today }, 'exitType'],
      ['POST', '/api/movements/exits', { studentId: ZERO, exitType: 'withdrawal', reason: 'x' }, 'exitDate'],
      ['POST', `/api/movements/exits/${ZERO}/readmit`, { classId: 'nope' }, 'classId'],
    ];
    for (const [method, url, payload, field] of cases) {
      const e = await error(method, url, 'principal', payload, 400);
      expect(Object.keys(e.fields ?? {}), `${method} ${url}`).toContain(field);
    }
  });
});

// ---- Transfers ---------------------------------------------------------------------------------

describe('transfers (issue 10 §2 Transfers)', () => {
  it('the directory lists other active EduFam schools: id, name and county only', async () => {
    await createSchool(t.database, { code: 'closedschool', name: 'Closed Hill School', status: 'inactive' });
    const { schools } = await json<{ schools: Json[] }>('GET', '/api/movements/schools-directory', 'principal');
    expect(schools.map((s) => s.name)).toContain('Riverside International School');
    expect(schools.map((s) => s.name)).not.toContain('Greenhill Academy');
    expect(schools.map((s) => s.name)).not.toContain('Closed Hill School');
    for (const s of schools) expect(Object.keys(s).sort()).toEqual(['county', 'id', 'name']);
    expect(schools.find((s) => s.id === riverside)!.county).toBe('Nairobi');
  });

  it('checks fees before a transfer out: the balance the fees module reports (issue 11)', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 5 East', 1);
    const check = await json<TransferCheck>('GET', `/api/movements/transfers/check?studentId=${s!.id}`, 'principal');
    expect(check.learner.id).toBe(s!.id);
    expect(check.learner.className).toBe('Grade 5 East');
    const [bal] = await system(t.database, (tx) => tx.select({ b: studentBalances.balanceCents }).from(studentBalances).where(eq(studentBalances.studentId, s!.id)));
    const owed = Math.max(Number(bal!.b), 0);
    expect(check.fees).toEqual({ tracked: true, owedCents: owed, message: owed > 0 ? `This learner owes KES ${formatKes(owed)} in fees.` : 'No fees are owed.' });
    // Another school's learner is 404.
    const [r] = await learnersIn(riverside, 'Year 8 Blue', 1);
    expect((await send('GET', `/api/movements/transfers/check?studentId=${r!.id}`, 'principal')).statusCode).toBe(404);
  });

  it('transfers a learner out to a school not on EduFam: status, leaving date, class history, audit', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 5 East', 1);
    const before = await studentRow(s!.id);
    const out = await json<TransferOutResponse>(
      'POST',
      '/api/movements/transfers/out',
      'principal',
      { studentId: s!.id, destinationName: 'Moi Avenue Primary School', reason: 'Family relocated to Mombasa', transferDate: today, leavingCertificateNumber: 'LC-2026-014' },
      201,
    );
    expect(out.requestId).toBeNull();
    expect(out.transfer).toMatchObject({ direction: 'out', otherSchoolName: 'Moi Avenue Primary School', onEduFam: false, leavingCertificateNumber: 'LC-2026-014' });
    expect(out.fees.tracked).toBe(true);
    expect(out.transfer.feesOwedCents).toBe(out.fees.owedCents);
    const after = await studentRow(s!.id);
    expect(after.status).toBe('transferred');
    expect(after.leftOn).toBe(today);
    expect(after.leavingReason).toBe('Transferred to Moi Avenue Primary School: Family relocated to Mombasa');
    expect(after.classId).toBe(before.classId);
    const e = await enrolment(s!.id, THIS_YEAR);
    expect(e!.e.outcome).toBe('transferred');
    expect(e!.e.endedOn).toBe(today);
    const audit = await lastAudit('STUDENT_TRANSFERRED_OUT', greenhill);
    expect(audit!.targetEntity).toBe(`student:${s!.id}`);
    expect(audit!.oldValue).toMatchObject({ status: 'active', leftOn: null });
    expect(audit!.newValue).toMatchObject({ status: 'transferred', destination: 'Moi Avenue Primary School', leavingCertificateNumber: 'LC-2026-014' });
    // Leaves the active register, stays readable with the status filter.
    const active = await json<ListStudentsResponse>('GET', `/api/students?classId=${before.classId}&pageSize=200`, 'principal');
    expect(active.items.map((x) => x.id)).not.toContain(s!.id);
    const gone = await json<ListStudentsResponse>('GET', '/api/students?status=transferred&pageSize=200', 'principal');
    expect(gone.items.map((x) => x.id)).toContain(s!.id);
    // A second transfer of the same learner is refused.
    const again = await error('POST', '/api/movements/transfers/out', 'principal', { studentId: s!.id, destinationName: 'X', reason: 'x', transferDate: today }, 409);
    expect(again.code).toBe('NOT_ACTIVE');
  });

  it('refuses a future date, a date before admission, its own school, an unknown school, another school’s learner', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 5 West', 1);
    const base = { studentId: s!.id, destinationName: 'X', reason: 'x', transferDate: today };
    expect((await error('POST', '/api/movements/transfers/out', 'principal', { ...base, transferDate: addDays(today, 1) }, 400)).fields).toHaveProperty('transferDate');
    expect((await error('POST', '/api/movements/transfers/out', 'principal', { ...base, transferDate: addDays(s!.admittedOn!, -1) }, 400)).fields).toHaveProperty('transferDate');
    expect((await error('POST', '/api/movements/transfers/out', 'principal', { ...base, destinationName: null, destinationSchoolId: greenhill }, 400)).fields).toHaveProperty('destinationSchoolId');
    expect((await error('POST', '/api/movements/transfers/out', 'principal', { ...base, destinationName: null, destinationSchoolId: ZERO }, 400)).fields).toHaveProperty('destinationSchoolId');
    const [r] = await learnersIn(riverside, 'Year 8 Blue', 1);
    await error('POST', '/api/movements/transfers/out', 'principal', { ...base, studentId: r!.id }, 404);
    expect((await studentRow(s!.id)).status).toBe('active');
  });

  it('transfers a learner in from another school through admission: previous school and UPI kept', async () => {
    const classId = await classIdOf('principal', 'Grade 6 West');
    const res = await json<TransferInResponse>('POST', '/api/movements/transfers/in', 'principal', admission({ classId, transferDate: addDays(today, -3) }), 201);
    expect(res.transfer).toMatchObject({ direction: 'in', otherSchoolName: 'Kilimani Primary School', previousUpi: 'UPI-KIL-0042', transferDate: addDays(today, -3) });
    // The admission number carries the year of the admission day (the transfer date).
    expect(res.message).toMatch(new RegExp(`admitted by transfer as GHA/${addDays(today, -3).slice(0, 4)}/\\d{4}`));
    const detail = await json<StudentDetail>('GET', `/api/students/${res.studentId}`, 'principal');
    expect(detail).toMatchObject({ previousSchool: 'Kilimani Primary School', previousUpi: 'UPI-KIL-0042', admittedOn: addDays(today, -3), className: 'Grade 6 West', status: 'active' });
    expect(detail.guardians.map((g) => g.phone)).toEqual(['254711222333']);
    expect((await lastAudit('STUDENT_TRANSFERRED_IN', greenhill))!.newValue).toMatchObject({ previousSchool: 'Kilimani Primary School', previousUpi: 'UPI-KIL-0042' });
    // Another school's class is refused like any admission, and nothing is written.
    const rsClass = await classIdOf('rsPrincipal', 'Year 8 Blue');
    const before = await system(t.database, (tx) => tx.select({ n: count() }).from(transfers));
    expect((await error('POST', '/api/movements/transfers/in', 'principal', admission({ classId: rsClass, firstName: 'Other' }), 400)).fields).toHaveProperty('classId');
    expect(await system(t.database, (tx) => tx.select({ n: count() }).from(transfers))).toEqual(before);
  });

  it('between EduFam schools: Greenhill files a request with only the learner’s details; Riverside accepts', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 8 West', 1);
    const full = await studentRow(s!.id);
    const out = await json<TransferOutResponse>(
      'POST',
      '/api/movements/transfers/out',
      'principal',
      { studentId: s!.id, destinationSchoolId: riverside, reason: 'Joining the IGCSE programme', transferDate: today, leavingCertificateNumber: 'LC-2026-015' },
      201,
    );
    expect(out.requestId).toBeTruthy();
    expect(out.transfer).toMatchObject({ otherSchoolName: 'Riverside International School', onEduFam: true, requestStatus: 'pending' });
    expect(out.message).toMatch(/transfer request was sent to Riverside International School/);

    // The request carries these fields and nothing else of the old school.
    const [stored] = await system(t.database, (tx) => tx.select().from(transferRequests).where(eq(transferRequests.id, out.requestId!)));
    expect(Object.keys(stored!.learner as Json).sort()).toEqual(['assessmentNumber', 'birthCertificateNumber', 'dateOfBirth', 'firstName', 'gender', 'lastName', 'middleName', 'upi']);

    // Riverside sees it in its incoming box; Greenhill in its outgoing box.
    const incoming = await json<{ items: TransferRequest[] }>('GET', '/api/movements/transfer-requests?box=incoming&status=pending', 'rsPrincipal');
    const req = incoming.items.find((x) => x.id === out.requestId)!;
    expect(req).toMatchObject({ box: 'incoming', status: 'pending', fromSchool: { id: greenhill, name: 'Greenhill Academy' }, toSchool: { id: riverside } });
    expect(req.learner).toEqual({
      firstName: full.firstName,
      middleName: full.middleName,
      lastName: full.lastName,
      gender: full.gender,
      dateOfBirth: full.dateOfBirth,
      upi: full.upi,
      assessmentNumber: full.assessmentNumber,
      birthCertificateNumber: full.birthCertificateNumber,
    });
    expect((await json<{ items: TransferRequest[] }>('GET', '/api/movements/transfer-requests?box=incoming', 'principal')).items.map((x) => x.id)).not.toContain(out.requestId);
    const outgoing = await json<{ items: TransferRequest[] }>('GET', '/api/movements/transfer-requests?box=outgoing', 'principal');
    expect(outgoing.items.find((x) => x.id === out.requestId)!.status).toBe('pending');
    // Riverside still cannot read Greenhill's record of the learner.
    expect((await send('GET', `/api/students/${s!.id}`, 'rsPrincipal')).statusCode).toBe(404);
    // Only the receiving school decides: for the sender the request is not there to accept.
    await error('POST', `/api/movements/transfer-requests/${out.requestId}/accept`, 'principal', { classId: await classIdOf('principal', 'Grade 8 West') }, 404);
    // The receiving principal places the learner in one of their own classes.
    expect((await error('POST', `/api/movements/transfer-requests/${out.requestId}/accept`, 'rsPrincipal', { classId: await classIdOf('principal', 'Grade 8 West') }, 400)).fields).toHaveProperty('classId');

    const classId = await classIdOf('rsPrincipal', 'Year 9 Green');
    const accepted = await json<TransferDecisionResponse>('POST', `/api/movements/transfer-requests/${out.requestId}/accept`, 'rsPrincipal', { classId, boarding: 'boarding' });
    expect(accepted.request.status).toBe('accepted');
    expect(accepted.message).toMatch(new RegExp(`joined the school as RIS/${schoolToday().slice(0, 4)}/\\d{4}`));
    const admitted = await json<StudentDetail>('GET', `/api/students/${accepted.studentId}`, 'rsPrincipal');
    expect(admitted).toMatchObject({
      firstName: full.firstName,
      lastName: full.lastName,
      upi: full.upi,
      previousUpi: full.upi,
      previousSchool: 'Greenhill Academy',
      className: 'Year 9 Green',
      boarding: 'boarding',
      status: 'active',
      schoolId: riverside,
    });
    expect(admitted.guardians).toEqual([]);
    expect(admitted.medicalNotes).toBeNull();
    // Riverside's history shows the transfer in; Greenhill's outgoing request shows accepted.
    const rsList = await json<ListTransfersResponse>('GET', '/api/movements/transfers?direction=in', 'rsPrincipal');
    expect(rsList.items[0]).toMatchObject({ direction: 'in', otherSchoolName: 'Greenhill Academy', onEduFam: true, requestStatus: 'accepted' });
    const ghList = await json<ListTransfersResponse>('GET', '/api/movements/transfers?direction=out', 'principal');
    expect(ghList.items.find((x) => x.requestId === out.requestId)!.requestStatus).toBe('accepted');
    expect((await json<{ items: TransferRequest[] }>('GET', '/api/movements/transfer-requests?box=outgoing', 'principal')).items.find((x) => x.id === out.requestId)!.admittedStudentId).toBeNull();
    expect((await lastAudit('TRANSFER_REQUEST_ACCEPTED', riverside))!.newValue).toMatchObject({ status: 'accepted', fromSchool: 'Greenhill Academy' });
    // Deciding twice is refused.
    expect((await error('POST', `/api/movements/transfer-requests/${out.requestId}/decline`, 'rsPrincipal', { note: 'x' }, 409)).code).toBe('REQUEST_DECIDED');
  });

  it('the receiving principal may decline with a note the sender sees', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 8 West', 1);
    const out = await json<TransferOutResponse>('POST', '/api/movements/transfers/out', 'principal', { studentId: s!.id, destinationSchoolId: riverside, reason: 'Relocation', transferDate: today }, 201);
    const declined = await json<TransferDecisionResponse>('POST', `/api/movements/transfer-requests/${out.requestId}/decline`, 'rsPrincipal', { note: 'Year 9 is full this year.' });
    expect(declined.request).toMatchObject({ status: 'declined', decisionNote: 'Year 9 is full this year.' });
    const mine = await json<{ items: TransferRequest[] }>('GET', '/api/movements/transfer-requests?box=outgoing&status=declined', 'principal');
    expect(mine.items.map((x) => [x.id, x.decisionNote])).toContainEqual([out.requestId, 'Year 9 is full this year.']);
    expect(await system(t.database, (tx) => tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, riverside), eq(students.lastName, s!.lastName), eq(students.firstName, s!.firstName))))).toEqual([{ n: 0 }]);
  });

  it('lists transfers with filters and exports them to CSV and Excel', async () => {
    const all = await json<ListTransfersResponse>('GET', '/api/movements/transfers', 'principal');
    expect(all.total).toBe(4);
    expect((await json<ListTransfersResponse>('GET', '/api/movements/transfers?direction=in', 'principal')).total).toBe(1);
    expect((await json<ListTransfersResponse>('GET', '/api/movements/transfers?search=moi%20avenue', 'principal')).total).toBe(1);
    expect((await json<ListTransfersResponse>('GET', `/api/movements/transfers?from=${addDays(today, -1)}`, 'principal')).total).toBe(3);
    expect((await json<ListTransfersResponse>('GET', `/api/movements/transfers?to=${addDays(today, -1)}`, 'principal')).total).toBe(1);
    const named = all.items.find((x) => x.direction === 'in')!;
    expect((await json<ListTransfersResponse>('GET', `/api/movements/transfers?search=${encodeURIComponent(named.learner.admissionNumber)}`, 'principal')).items.map((x) => x.id)).toEqual([named.id]);
    const csv = await send('GET', '/api/movements/transfers/export?format=csv&direction=out', 'principal');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Direction,Admission number,Learner,Class,Other school/);
    expect(lines).toHaveLength(4);
    const xlsx = await send('GET', '/api/movements/transfers/export?format=xlsx', 'principal');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/transfers\.xlsx/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

// ---- Exits -------------------------------------------------------------------------------------

describe('exits and readmission (issue 10 §2 Exit)', () => {
  let withdrawalId: string;
  let withdrawnId: string;

  it('a withdrawal: status exited, leaving date and reason, class history, audit; the record stays readable', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 3 East', 1);
    withdrawnId = s!.id;
    const res = await json<ExitResponse>('POST', '/api/movements/exits', 'principal', { studentId: s!.id, exitType: 'withdrawal', reason: 'Family moved abroad', exitDate: addDays(today, -2) }, 201);
    withdrawalId = res.exit.id;
    expect(res.exit).toMatchObject({ exitType: 'withdrawal', reason: 'Family moved abroad', exitDate: addDays(today, -2), canReadmit: true, readmittedOn: null });
    expect(res.exit.learner.status).toBe('exited');
    const row = await studentRow(s!.id);
    expect(row).toMatchObject({ status: 'exited', leftOn: addDays(today, -2), leavingReason: 'Family moved abroad' });
    expect((await enrolment(s!.id, THIS_YEAR))!.e).toMatchObject({ outcome: 'exited', endedOn: addDays(today, -2) });
    expect((await lastAudit('STUDENT_EXITED', greenhill))!).toMatchObject({ oldValue: { status: 'active', leftOn: null, leavingReason: null }, newValue: { status: 'exited', exitType: 'withdrawal' } });
    const active = await json<ListStudentsResponse>('GET', '/api/students?search=' + encodeURIComponent(`${s!.firstName} ${s!.lastName}`), 'principal');
    expect(active.items.map((x) => x.id)).not.toContain(s!.id);
    const exited = await json<ListStudentsResponse>('GET', '/api/students?status=exited', 'principal');
    expect(exited.items.map((x) => x.id)).toContain(s!.id);
    expect((await json<StudentDetail>('GET', `/api/students/${s!.id}`, 'principal')).status).toBe('exited');
    expect((await error('POST', '/api/movements/exits', 'principal', { studentId: s!.id, exitType: 'other', reason: 'x', exitDate: today }, 409)).code).toBe('NOT_ACTIVE');
  });

  it('a completion makes the learner a graduate; a death cannot be readmitted', async () => {
    const [a, b] = await learnersIn(greenhill, 'Grade 3 West', 2);
    const done = await json<ExitResponse>('POST', '/api/movements/exits', 'principal', { studentId: a!.id, exitType: 'completion', reason: 'Completed early', exitDate: today }, 201);
    expect(done.exit.learner.status).toBe('graduated');
    expect((await enrolment(a!.id, THIS_YEAR))!.e.outcome).toBe('graduated');
    const death = await json<ExitResponse>('POST', '/api/movements/exits', 'principal', { studentId: b!.id, exitType: 'death', reason: 'Passed away after an illness', exitDate: today }, 201);
    expect(death.exit.canReadmit).toBe(false);
    expect((await error('POST', `/api/movements/exits/${death.exit.id}/readmit`, 'principal', { classId: await classIdOf('principal', 'Grade 3 West') }, 409)).code).toBe('CANNOT_READMIT');
  });

  it('refuses a future date, a date before admission, an empty reason, another school’s learner', async () => {
    const [s] = await learnersIn(greenhill, 'Grade 2 East', 1);
    const base = { studentId: s!.id, exitType: 'expulsion', reason: 'Gross misconduct', exitDate: today };
    expect((await error('POST', '/api/movements/exits', 'principal', { ...base, exitDate: addDays(today, 1) }, 400)).fields).toHaveProperty('exitDate');
    expect((await error('POST', '/api/movements/exits', 'principal', { ...base, exitDate: addDays(s!.admittedOn!, -1) }, 400)).fields).toHaveProperty('exitDate');
    expect((await error('POST', '/api/movements/exits', 'principal', { ...base, reason: '   ' }, 400)).fields).toHaveProperty('reason');
    const [r] = await learnersIn(riverside, 'Year 7 Green', 1);
    await error('POST', '/api/movements/exits', 'principal', { ...base, studentId: r!.id }, 404);
    expect((await studentRow(s!.id)).status).toBe('active');
  });

  it('readmits into a class of an open year: active again, class history reopened, exit marked', async () => {
    const closedClass = await classIdOf('principal', 'Grade 3 East', (await system(t.database, (tx) => tx.select().from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.name, LAST_YEAR)))))[0]!.id);
    expect((await error('POST', `/api/movements/exits/${withdrawalId}/readmit`, 'principal', { classId: closedClass }, 400)).fields).toHaveProperty('classId');
    expect((await error('POST', `/api/movements/exits/${withdrawalId}/readmit`, 'principal', { classId: await classIdOf('principal', 'Grade 3 West'), readmittedOn: addDays(today, -3) }, 400)).fields).toHaveProperty('readmittedOn');
    // Another school's exit is 404.
    expect((await error('POST', `/api/movements/exits/${withdrawalId}/readmit`, 'rsPrincipal', { classId: await classIdOf('rsPrincipal', 'Year 7 Blue') }, 404)).code).toBe('NOT_FOUND');
    const classId = await classIdOf('principal', 'Grade 3 West');
    const res = await json<ExitResponse>('POST', `/api/movements/exits/${withdrawalId}/readmit`, 'principal', { classId });
    expect(res.exit).toMatchObject({ readmittedOn: today, readmittedClassName: 'Grade 3 West', canReadmit: false });
    expect(await studentRow(withdrawnId)).toMatchObject({ status: 'active', classId, leftOn: null, leavingReason: null });
    expect((await enrolment(withdrawnId, THIS_YEAR))!).toMatchObject({ className: 'Grade 3 West', e: { outcome: null, endedOn: null } });
    const [exitRow] = await system(t.database, (tx) => tx.select().from(studentExits).where(eq(studentExits.id, withdrawalId)));
    expect(exitRow).toMatchObject({ readmittedOn: today, readmittedClassId: classId });
    expect((await lastAudit('STUDENT_READMITTED', greenhill))!).toMatchObject({ oldValue: { status: 'exited' }, newValue: { status: 'active', className: 'Grade 3 West' } });
    expect((await error('POST', `/api/movements/exits/${withdrawalId}/readmit`, 'principal', { classId }, 409)).code).toBe('ALREADY_READMITTED');
  });

  it('lists exits with filters and exports them', async () => {
    const all = await json<ListExitsResponse>('GET', '/api/movements/exits', 'principal');
    expect(all.total).toBe(3);
    expect((await json<ListExitsResponse>('GET', '/api/movements/exits?type=death', 'principal')).total).toBe(1);
    expect((await json<ListExitsResponse>('GET', '/api/movements/exits?state=readmitted', 'principal')).items.map((x) => x.id)).toEqual([withdrawalId]);
    expect((await json<ListExitsResponse>('GET', '/api/movements/exits?state=out', 'principal')).total).toBe(2);
    expect((await json<ListExitsResponse>('GET', `/api/movements/exits?to=${addDays(today, -1)}`, 'principal')).total).toBe(1);
    expect((await json<ListExitsResponse>('GET', '/api/movements/exits', 'rsPrincipal')).total).toBe(0);
    const csv = await send('GET', '/api/movements/exits/export?format=csv&type=death', 'principal');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Exit date,Admission number,Learner,Last class,Type,Reason/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,Death,/);
  });
});

// ---- Promotion ---------------------------------------------------------------------------------

describe('promotion (issue 10 §2 Promotion)', () => {
  let plan: PromotionPlan;
  let thisYearId: string;
  const activeThisYear = async (schoolId: string) => {
    const [r] = await system(t.database, (tx) =>
      tx
        .select({ n: count() })
        .from(students)
        .innerJoin(classes, eq(classes.id, students.classId))
        .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
        .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), eq(academicYears.name, THIS_YEAR))),
    );
    return Number(r!.n);
  };

  beforeAll(async () => {
    plan = await json<PromotionPlan>('GET', '/api/movements/promotions/plan', 'principal');
    thisYearId = plan.fromYear!.id;
  });

  it('plans from the current year into a new next year: every stream one level up, Grade 9 graduates', () => {
    expect(plan.fromYear).toMatchObject({ name: THIS_YEAR, isCurrent: true });
    expect(plan.target).toMatchObject({ id: null, name: NEXT_YEAR, exists: false, startsOn: ministryTermTemplate(Number(NEXT_YEAR))[0]!.startsOn });
    expect(plan.years.map((y) => y.name)).toEqual([LAST_YEAR, THIS_YEAR]);
    expect(plan.sourceStreams).toHaveLength(22); // PP1, PP2, Grade 1 to 9: two streams each
    const byName = new Map(plan.sourceStreams.map((s) => [s.name, s]));
    const g9 = byName.get('Grade 9 East')!;
    expect(g9.isFinal).toBe(true);
    expect(plan.defaultMapping.find((x) => x.fromClassId === g9.classId)!.to).toBeNull();
    const g7 = byName.get('Grade 7 East')!;
    const to = plan.defaultMapping.find((x) => x.fromClassId === g7.classId)!.to!;
    expect(to.stream).toBe('East');
    expect(plan.targetStreams.find((s) => s.levelId === to.levelId && s.stream === 'East')!.name).toBe('Grade 8 East');
    expect(plan.appliedBatchId).toBeNull();
  });

  it('previews counts, per-stream outcomes and capacity warnings without writing anything', async () => {
    const years = await system(t.database, (tx) => tx.select({ n: count() }).from(academicYears));
    const byName = new Map(plan.sourceStreams.map((s) => [s.name, s]));
    const [repeater] = await learnersIn(greenhill, 'Grade 7 East', 1);
    const [skipper] = await learnersIn(greenhill, 'Grade 7 West', 1);
    const g8East = plan.targetStreams.find((s) => s.name === 'Grade 8 East')!;
    const preview = await json<PromotionPreview>('POST', '/api/movements/promotions/preview', 'principal', {
      fromYearId: thisYearId,
      toYearName: NEXT_YEAR,
      // Both Grade 7 streams into Grade 8 East: over its capacity.
      mapping: [{ fromClassId: byName.get('Grade 7 West')!.classId, to: { levelId: g8East.levelId, stream: 'East' } }],
      exceptions: [
        { studentId: repeater!.id, action: 'repeat' },
        { studentId: skipper!.id, action: 'skip' },
      ],
    });
    const total = await activeThisYear(greenhill);
    expect(preview.counts.total).toBe(total);
    expect(preview.counts.repeated).toBe(1);
    expect(preview.counts.skipped).toBe(1);
    const g9Learners = byName.get('Grade 9 East')!.learners + byName.get('Grade 9 West')!.learners;
    expect(preview.counts.graduated).toBe(g9Learners);
    expect(preview.counts.promoted).toBe(total - g9Learners - 2);
    const g7w = preview.streams.find((s) => s.fromName === 'Grade 7 West')!;
    expect(g7w).toMatchObject({ toName: 'Grade 8 East', skipped: 1 });
    const target = preview.targets.find((x) => x.name === 'Grade 8 East')!;
    expect(target.willBeCreated).toBe(true);
    expect(target.incoming).toBe(byName.get('Grade 7 East')!.learners - 1 + byName.get('Grade 7 West')!.learners - 1);
    expect(target.overCapacity).toBe(true);
    expect(preview.warnings.some((w) => w.startsWith('Grade 8 East would have'))).toBe(true);
    expect(preview.targets.find((x) => x.name === 'Grade 9 West')!.incoming).toBeGreaterThan(0);
    expect(preview.toYear).toMatchObject({ id: null, name: NEXT_YEAR, exists: false });
    expect(await system(t.database, (tx) => tx.select({ n: count() }).from(academicYears))).toEqual(years);
  });

  it('refuses bad plans with the field named', async () => {
    const byName = new Map(plan.sourceStreams.map((s) => [s.name, s]));
    const [g8] = await learnersIn(greenhill, 'Grade 8 East', 1);
    const [rs] = await learnersIn(riverside, 'Year 8 Blue', 1);
    const [rsYear] = await system(t.database, (tx) => tx.select().from(academicYears).where(eq(academicYears.schoolId, riverside)).limit(1));
    const lastYearId = plan.years.find((y) => y.name === LAST_YEAR)!.id;
    const cases: [Json, string][] = [
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, exceptions: [{ studentId: g8!.id, action: 'skip' }] }, 'exceptions.0.action'],
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, exceptions: [{ studentId: rs!.id, action: 'repeat' }] }, 'exceptions.0.studentId'],
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, mapping: [{ fromClassId: byName.get('Grade 5 East')!.classId, to: null }] }, 'mapping.0.to'],
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, mapping: [{ fromClassId: ZERO, to: null }] }, 'mapping.0.fromClassId'],
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, mapping: [{ fromClassId: byName.get('Grade 5 East')!.classId, to: { levelId: ZERO, stream: 'East' } }] }, 'mapping.0.to.levelId'],
      [{ fromYearId: thisYearId, toYearId: thisYearId }, 'toYearId'],
      [{ fromYearId: thisYearId, toYearId: lastYearId }, 'toYearId'],
      [{ fromYearId: thisYearId, toYearId: rsYear!.id }, 'toYearId'],
      [{ fromYearId: rsYear!.id, toYearName: NEXT_YEAR }, 'fromYearId'],
      [{ fromYearId: thisYearId, toYearName: LAST_YEAR }, 'toYearName'],
      [{ fromYearId: thisYearId, toYearName: NEXT_YEAR, toYearId: lastYearId }, 'toYearName'],
    ];
    for (const [body, field] of cases) {
      const e = await error('POST', '/api/movements/promotions/preview', 'principal', body, 400);
      expect(Object.keys(e.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  let batchId: string;
  let repeaterId: string;
  let skipperId: string;
  let graduateId: string;
  let promotedId: string;
  let activeBefore = 0;

  it('applies in one go: next year with terms and streams, class history, graduates leave as alumni, audit', async () => {
    const [repeater] = await learnersIn(greenhill, 'Grade 7 East', 1);
    const [skipper] = await learnersIn(greenhill, 'Grade 7 West', 1);
    const [graduate] = await learnersIn(greenhill, 'Grade 9 East', 1);
    const [promoted] = await learnersIn(greenhill, 'Grade 4 West', 1);
    [repeaterId, skipperId, graduateId, promotedId] = [repeater!.id, skipper!.id, graduate!.id, promoted!.id];
    const total = await activeThisYear(greenhill);
    activeBefore = total;
    const g7EastNow = (await classesOf('principal')).find((c) => c.name === 'Grade 7 East')!;
    const res = await json<ApplyPromotionResponse>(
      'POST',
      '/api/movements/promotions',
      'principal',
      { fromYearId: thisYearId, toYearName: NEXT_YEAR, exceptions: [{ studentId: repeaterId, action: 'repeat' }, { studentId: skipperId, action: 'skip' }] },
      201,
    );
    batchId = res.batch.id;
    expect(res.batch).toMatchObject({ status: 'applied', fromYear: { name: THIS_YEAR }, toYear: { name: NEXT_YEAR }, madeCurrent: false, undoBlockedReason: null });
    expect(res.batch.counts.repeated + res.batch.counts.skipped + res.batch.counts.promoted + res.batch.counts.graduated).toBe(total);
    expect(res.preview.toYear.exists).toBe(true);

    // The year, its terms (Ministry pattern, one year on) and streams.
    const [nextYearRow] = await system(t.database, (tx) => tx.select().from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.name, NEXT_YEAR))));
    expect(nextYearRow).toMatchObject({ startsOn: ministryTermTemplate(Number(NEXT_YEAR))[0]!.startsOn, endsOn: ministryTermTemplate(Number(NEXT_YEAR))[2]!.endsOn, isCurrent: false, status: 'open' });
    const termRows = await system(t.database, (tx) => tx.select().from(terms).where(eq(terms.academicYearId, nextYearRow!.id)).orderBy(asc(terms.number)));
    expect(termRows.map((x) => [x.name, x.startsOn])).toEqual(ministryTermTemplate(Number(NEXT_YEAR)).map((x) => [x.name, x.startsOn]));
    // The new year has this year's streams (School setup's copy: same level, name, capacity, home room,
    // class teacher) and their teachers' assignments.
    const nextStreams = await classesOf('principal', nextYearRow!.id);
    expect(nextStreams.map((c) => c.name)).toEqual((await classesOf('principal')).map((c) => c.name));
    expect(nextStreams.find((c) => c.name === 'Grade 7 East')).toMatchObject({ capacity: g7EastNow.capacity, homeRoom: g7EastNow.homeRoom, classTeacherId: g7EastNow.classTeacherId });
    const [assignments] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(teacherAssignments).where(inArray(teacherAssignments.classId, nextStreams.map((c) => c.id))),
    );
    expect(assignments!.n).toBeGreaterThan(100);

    // Learners and class history.
    const p = await studentRow(promotedId);
    expect(p.classId).toBe(nextStreams.find((c) => c.name === 'Grade 5 West')!.id);
    expect((await enrolment(promotedId, THIS_YEAR))!.e).toMatchObject({ outcome: 'promoted', endedOn: THIS_YEAR_CLOSES });
    expect((await enrolment(promotedId, NEXT_YEAR))!).toMatchObject({ className: 'Grade 5 West', e: { promotionBatchId: batchId, startedOn: ministryTermTemplate(Y + 1)[0]!.startsOn } });
    expect((await enrolment(promotedId, LAST_YEAR))!.e.outcome).toBe('promoted');
    expect((await studentRow(repeaterId)).classId).toBe(nextStreams.find((c) => c.name === 'Grade 7 East')!.id);
    expect((await enrolment(repeaterId, THIS_YEAR))!.e.outcome).toBe('repeated');
    expect((await studentRow(skipperId)).classId).toBe(nextStreams.find((c) => c.name === 'Grade 9 West')!.id);
    expect((await enrolment(skipperId, THIS_YEAR))!.e.outcome).toBe('skipped');
    const g = await studentRow(graduateId);
    expect(g).toMatchObject({ status: 'graduated', leftOn: THIS_YEAR_CLOSES, leavingReason: 'Completed junior school (Grade 9).' });
    expect((await enrolment(graduateId, THIS_YEAR))!.e.outcome).toBe('graduated');
    expect(await enrolment(graduateId, NEXT_YEAR)).toBeUndefined();
    const history = await json<{ items: { academicYear: string; className: string; outcome: string | null }[] }>('GET', `/api/students/${promotedId}/history`, 'principal');
    expect(history.items.map((h) => [h.academicYear, h.className, h.outcome])).toEqual([
      [NEXT_YEAR, 'Grade 5 West', null],
      [THIS_YEAR, 'Grade 4 West', 'promoted'],
      [LAST_YEAR, 'Grade 3 West', 'promoted'],
    ]);
    const audit = await lastAudit('PROMOTION_APPLIED', greenhill);
    expect(audit!.targetEntity).toBe(`promotion_batch:${batchId}`);
    expect(audit!.newValue).toMatchObject({ fromYear: THIS_YEAR, toYear: NEXT_YEAR, createdYear: true, counts: res.batch.counts });
  });

  it('refuses to apply the same years twice (409) and says so in the plan', async () => {
    const again = await error('POST', '/api/movements/promotions', 'principal', { fromYearId: thisYearId, toYearName: NEXT_YEAR }, 409);
    expect(again.code).toBe('PROMOTION_EXISTS');
    expect(again.message).toMatch(new RegExp(`already been promoted into ${NEXT_YEAR}`));
    const p = await json<PromotionPlan>('GET', '/api/movements/promotions/plan', 'principal');
    expect(p.target).toMatchObject({ name: NEXT_YEAR, exists: true });
    expect(p.appliedBatchId).toBe(batchId);
  });

  it('undoes the batch while the new year has no data: everything restored', async () => {
    const totalBefore = activeBefore;
    const list = await json<{ items: PromotionBatch[] }>('GET', '/api/movements/promotions', 'principal');
    expect(list.items[0]).toMatchObject({ id: batchId, status: 'applied', undoBlockedReason: null, createdBy: 'Joseph Otieno Odhiambo' });
    const res = await json<{ batch: PromotionBatch; message: string }>('POST', `/api/movements/promotions/${batchId}/undo`, 'principal');
    expect(res.batch).toMatchObject({ status: 'undone', undoneBy: 'Joseph Otieno Odhiambo' });
    expect(res.message).toMatch(new RegExp(`back in their ${THIS_YEAR} streams`));
    const p = await studentRow(promotedId);
    expect(p.classId).toBe(await classIdOf('principal', 'Grade 4 West'));
    expect((await enrolment(promotedId, THIS_YEAR))!.e).toMatchObject({ outcome: null, endedOn: null });
    expect(await enrolment(promotedId, NEXT_YEAR)).toBeUndefined();
    expect(await studentRow(graduateId)).toMatchObject({ status: 'active', leftOn: null, leavingReason: null, classId: await classIdOf('principal', 'Grade 9 East') });
    expect((await studentRow(repeaterId)).classId).toBe(await classIdOf('principal', 'Grade 7 East'));
    expect(await system(t.database, (tx) => tx.select({ n: count() }).from(studentEnrolments).where(eq(studentEnrolments.promotionBatchId, batchId)))).toEqual([{ n: 0 }]);
    expect(await activeThisYear(greenhill)).toBe(totalBefore);
    expect((await lastAudit('PROMOTION_UNDONE', greenhill))!).toMatchObject({ oldValue: { status: 'applied' }, newValue: { status: 'undone' } });
    expect((await error('POST', `/api/movements/promotions/${batchId}/undo`, 'principal', undefined, 409)).code).toBe('ALREADY_UNDONE');
    // Another school's batch is 404.
    expect((await send('POST', `/api/movements/promotions/${batchId}/undo`, 'rsPrincipal')).statusCode).toBe(404);
  });

  it('applies again into the existing next year, making it current; undo is refused once next year has data', async () => {
    const p = await json<PromotionPlan>('GET', '/api/movements/promotions/plan', 'principal');
    expect(p.appliedBatchId).toBeNull();
    // Grade 6 East moves to a new stream, Grade 7 North, which next year does not have yet: it is created with
    // Grade 6 East's capacity and home room (its class teacher already leads a stream of next year).
    const g6East = p.sourceStreams.find((x) => x.name === 'Grade 6 East')!;
    const g7 = p.targetStreams.find((x) => x.name === 'Grade 7 East')!;
    const g6EastNow = (await classesOf('principal')).find((c) => c.name === 'Grade 6 East')!;
    const res = await json<ApplyPromotionResponse>(
      'POST',
      '/api/movements/promotions',
      'principal',
      { fromYearId: thisYearId, toYearId: p.target!.id, makeCurrent: true, mapping: [{ fromClassId: g6East.classId, to: { levelId: g7.levelId, stream: 'North' } }] },
      201,
    );
    expect(res.batch.madeCurrent).toBe(true);
    expect(res.preview.targets.find((x) => x.name === 'Grade 7 North')).toMatchObject({ incoming: g6East.learners, existing: 0 });
    const north = (await classesOf('principal', p.target!.id!)).find((c) => c.name === 'Grade 7 North')!;
    expect(north).toMatchObject({ capacity: g6EastNow.capacity, homeRoom: g6EastNow.homeRoom, classTeacherId: null, learnerCount: g6East.learners });
    const [current] = await system(t.database, (tx) => tx.select().from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.isCurrent, true))));
    expect(current!.name).toBe(NEXT_YEAR);
    const [term] = await system(t.database, (tx) => tx.select().from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.isCurrent, true))));
    expect(term!.academicYearId).toBe(current!.id);
    // The register now shows next year's streams.
    expect((await json<StudentDetail>('GET', `/api/students/${promotedId}`, 'principal')).className).toBe('Grade 5 West');

    // New-year data: a learner of the batch moves stream in next year.
    const g5East = await classIdOf('principal', 'Grade 5 East');
    await json('PATCH', `/api/students/${promotedId}`, 'principal', { classId: g5East, overrideCapacity: true });
    const list = await json<{ items: PromotionBatch[] }>('GET', '/api/movements/promotions', 'principal');
    expect(list.items[0]!.undoBlockedReason).toMatch(new RegExp(`changed class or status in ${NEXT_YEAR}`));
    const refused = await error('POST', `/api/movements/promotions/${res.batch.id}/undo`, 'principal', undefined, 409);
    expect(refused.code).toBe('UNDO_REFUSED');
    expect(refused.message).toMatch(new RegExp(`1 learner of this promotion has changed class or status in ${NEXT_YEAR}`));
    // An exit after the batch also blocks it.
    const [someone] = await system(t.database, (tx) =>
      tx.select({ id: studentEnrolments.studentId }).from(studentEnrolments).where(and(eq(studentEnrolments.promotionBatchId, res.batch.id), sql`${studentEnrolments.studentId} <> ${promotedId}`)).limit(1),
    );
    await json('POST', '/api/movements/exits', 'principal', { studentId: someone!.id, exitType: 'withdrawal', reason: 'Moved', exitDate: today }, 201);
    expect((await error('POST', `/api/movements/promotions/${res.batch.id}/undo`, 'principal', undefined, 409)).message).toMatch(/transferred or exited since/);
    // Nothing was undone.
    expect((await studentRow(graduateId)).status).toBe('graduated');
    expect(await system(t.database, (tx) => tx.select({ s: promotionBatches.status }).from(promotionBatches).where(eq(promotionBatches.id, res.batch.id)))).toEqual([{ s: 'applied' }]);
  });

  it('a newer batch blocks undoing an older one (Riverside: this year → next year → the year after), in reverse order it works', async () => {
    const rsPlan = await json<PromotionPlan>('GET', '/api/movements/promotions/plan', 'rsPrincipal');
    expect(rsPlan.sourceStreams.find((s) => s.name === 'Year 11 Blue')!.isFinal).toBe(true);
    const first = await json<ApplyPromotionResponse>('POST', '/api/movements/promotions', 'rsPrincipal', { fromYearId: rsPlan.fromYear!.id, toYearName: NEXT_YEAR }, 201);
    const [alumnus] = await system(t.database, (tx) =>
      tx.select().from(students).where(and(eq(students.schoolId, riverside), eq(students.status, 'graduated'))).limit(1),
    );
    expect(alumnus!.leavingReason).toBe('Completed Year 11; left as alumni.');
    const second = await json<ApplyPromotionResponse>('POST', '/api/movements/promotions', 'rsPrincipal', { fromYearId: first.batch.toYear.id, toYearName: String(Y + 2) }, 201);
    expect(second.batch.counts.promoted).toBeGreaterThan(0);
    const list = await json<{ items: PromotionBatch[] }>('GET', '/api/movements/promotions', 'rsPrincipal');
    expect(list.items.map((b) => b.id)).toEqual([second.batch.id, first.batch.id]);
    expect(list.items[1]!.undoBlockedReason).toBe('A newer promotion was applied after this one. Undo that one first.');
    expect((await error('POST', `/api/movements/promotions/${first.batch.id}/undo`, 'rsPrincipal', undefined, 409)).code).toBe('UNDO_REFUSED');
    // Greenhill's batches are not Riverside's.
    expect(list.items.every((b) => b.toYear.name !== '')).toBe(true);
    await json('POST', `/api/movements/promotions/${second.batch.id}/undo`, 'rsPrincipal');
    await json('POST', `/api/movements/promotions/${first.batch.id}/undo`, 'rsPrincipal');
    const ids = (await system(t.database, (tx) => tx.select({ id: students.id }).from(students).where(and(eq(students.schoolId, riverside), eq(students.status, 'graduated'))))).map((x) => x.id);
    expect(ids).toEqual([]);
    const [back] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(studentEnrolments).where(inArray(studentEnrolments.promotionBatchId, [first.batch.id, second.batch.id])),
    );
    expect(back!.n).toBe(0);
  });
});
