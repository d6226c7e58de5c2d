import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLogs, classes, guardians, studentEnrolments, students } from '../../db/schema/index.js';
import { DEMO, methodCaller, openDemoApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { ListStudentsResponse, StudentDetail } from '../../../shared/contracts/learners.js';
import { schoolToday } from '../../../shared/dates.js';
import { demo } from '../../../../tests/demo.js';

/**
 * The learner register API (issue 10 §2, §4): who sees what, admission with guardians and admission
 * numbers, edits with audit, and the bad input of the issue. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'parent', 'finance', 'hr', 'rsPrincipal', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
const { send, json } = methodCaller(() => t.app, cookie);
/** Admission numbers carry the calendar year of the admission (today). */
const CALENDAR_YEAR = schoolToday().slice(0, 4);

async function classId(name: string): Promise<string> {
  const list = await json<ClassItem[]>('GET', '/api/classes', 'principal');
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`no class ${name}`);
  return c.id;
}

async function activeCount(schoolId: string): Promise<number> {
  const [r] = await system(t.database, (tx) =>
    tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'))),
  );
  return Number(r!.n);
}

const admission = (over: Json = {}): Json => ({
  firstName: 'Wanjiru',
  middleName: 'Njeri',
  lastName: 'Kamau',
  gender: 'F',
  dateOfBirth: '2014-03-12',
  boarding: 'day',
  guardians: [{ name: 'Mary Wanjiku Kamau', relationship: 'mother', phone: '0712 345 678', email: 'mary.kamau@mail.example' }],
  ...over,
});

describe('GET /api/students: who sees what (issue 10 §4)', () => {
  it('refuses without a session (401) and HR (403)', async () => {
    expect((await send('GET', '/api/students')).statusCode).toBe(401);
    expect((await send('GET', '/api/students', 'hr')).statusCode).toBe(403);
  });

  it('the principal lists the active learners of the school with the contract fields', async () => {
    const page = await json<ListStudentsResponse>('GET', '/api/students?pageSize=10', 'principal');
    expect(page.total).toBe(await activeCount(greenhill));
    expect(page.items).toHaveLength(10);
    const first = page.items[0]!;
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['id', 'admissionNumber', 'firstName', 'middleName', 'lastName', 'gender', 'dateOfBirth', 'classId', 'className', 'status']),
    );
    expect(first.admissionNumber).toMatch(/^GHA\/20\d\d\/\d{4}$/);
    expect(first.status).toBe('active');
    // Sorted by last name, then first name.
    const names = page.items.map((s) => `${s.lastName} ${s.firstName}`);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))[0]!.split(' ')[0]).toBe(names[0]!.split(' ')[0]);
  });

  it('filters by class and pages through every learner exactly once', async () => {
    const id = await classId('Grade 7 East');
    const all = await json<ListStudentsResponse>('GET', `/api/students?classId=${id}&pageSize=200`, 'principal');
    expect(all.total).toBeGreaterThan(15);
    expect(all.items.every((s) => s.classId === id && s.className === 'Grade 7 East')).toBe(true);
    const a = await json<ListStudentsResponse>('GET', `/api/students?classId=${id}&pageSize=10&page=1`, 'principal');
    const b = await json<ListStudentsResponse>('GET', `/api/students?classId=${id}&pageSize=10&page=2`, 'principal');
    const c = await json<ListStudentsResponse>('GET', `/api/students?classId=${id}&pageSize=10&page=3`, 'principal');
    const ids = [...a.items, ...b.items, ...c.items].map((s) => s.id);
    expect(new Set(ids).size).toBe(all.total);
  });

  it('searches by name, admission number, UPI and guardian phone in any Kenyan form', async () => {
    const [s] = await system(t.database, (tx) =>
      tx.select().from(students).where(and(eq(students.schoolId, greenhill), sql`${students.upi} is not null`)).limit(1),
    );
    const byNumber = await json<ListStudentsResponse>('GET', `/api/students?search=${encodeURIComponent(s!.admissionNumber.toLowerCase())}`, 'principal');
    expect(byNumber.items.map((x) => x.id)).toEqual([s!.id]);
    const byUpi = await json<ListStudentsResponse>('GET', `/api/students?search=${s!.upi}`, 'principal');
    expect(byUpi.items.map((x) => x.id)).toContain(s!.id);
    const byName = await json<ListStudentsResponse>('GET', `/api/students?search=${encodeURIComponent(`${s!.lastName} ${s!.firstName}`)}&pageSize=200`, 'principal');
    expect(byName.items.map((x) => x.id)).toContain(s!.id);
    expect(byName.items.every((x) => x.lastName === s!.lastName || x.middleName === s!.lastName || x.firstName === s!.lastName)).toBe(true);
    // The demo parent's phone 254720430533 typed as 0720 430 533.
    const byPhone = await json<ListStudentsResponse>('GET', `/api/students?search=${encodeURIComponent('0720 430 533')}`, 'principal');
    expect(byPhone.items.map((x) => x.className).sort()).toEqual(['Grade 4 West', 'Grade 7 West']);
  });

  it('a teacher lists only learners of the streams they lead or teach; any other id is 404', async () => {
    const mine = await json<ListStudentsResponse>('GET', '/api/students?pageSize=200', 'teacher');
    const classNames = new Set(mine.items.map((s) => s.className));
    // Class teacher of Grade 7 East; Mathematics in Grades 7 and 8; whatever else the seed assigned.
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const taught = await system(t.database, (tx) =>
      tx.execute(sql`select distinct c.name from classes c join academic_years y on y.id = c.academic_year_id
        left join teacher_assignments ta on ta.class_id = c.id
        where y.name = ${demo.yearName} and (c.class_teacher_id = ${teacherId} or ta.teacher_id = ${teacherId})`),
    );
    const expected = (taught as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    expect([...classNames].sort()).toEqual(expected.sort());
    for (const n of ['Grade 7 East', 'Grade 7 West', 'Grade 8 East', 'Grade 8 West']) expect(classNames.has(n)).toBe(true);
    expect(mine.total).toBe(mine.items.length);
    const [other] = await system(t.database, (tx) =>
      tx
        .select({ id: students.id })
        .from(students)
        .innerJoin(classes, eq(classes.id, students.classId))
        .where(and(eq(students.schoolId, greenhill), eq(classes.name, 'Grade 3 East')))
        .limit(1),
    );
    expect((await send('GET', `/api/students/${other!.id}`, 'teacher')).statusCode).toBe(404);
  });

  it('the class teacher sees guardian contacts; a subject teacher does not', async () => {
    const mine = await json<ListStudentsResponse>('GET', '/api/students?pageSize=200', 'teacher');
    const own = mine.items.find((s) => s.className === 'Grade 7 East')!;
    const taught = mine.items.find((s) => s.className === 'Grade 8 West')!;
    const a = await json<StudentDetail>('GET', `/api/students/${own.id}`, 'teacher');
    expect(a.guardians.length).toBeGreaterThan(0);
    expect(a.guardians[0]!.phone).toMatch(/^254[17]\d{8}$/);
    const b = await json<StudentDetail>('GET', `/api/students/${taught.id}`, 'teacher');
    expect(b.guardians).toEqual([]);
    expect(b.canEdit).toBe(false);
  });

  it('a parent sees only their own children', async () => {
    const mine = await json<ListStudentsResponse>('GET', '/api/students', 'parent');
    expect(mine.total).toBe(2);
    expect(mine.items.every((s) => s.lastName === 'Kamau')).toBe(true);
    const child = await json<StudentDetail>('GET', `/api/students/${mine.items[0]!.id}`, 'parent');
    expect(child.guardians.map((g) => g.name)).toContain('Peter Mwangi Kamau');
    const all = await json<ListStudentsResponse>('GET', '/api/students?pageSize=5', 'principal');
    const stranger = all.items.find((s) => !mine.items.some((c) => c.id === s.id))!;
    expect((await send('GET', `/api/students/${stranger.id}`, 'parent')).statusCode).toBe(404);
  });

  it("another school's learner is 404, and their list never shows it", async () => {
    const gh = await json<ListStudentsResponse>('GET', '/api/students?pageSize=1', 'principal');
    expect((await send('GET', `/api/students/${gh.items[0]!.id}`, 'rsPrincipal')).statusCode).toBe(404);
    expect((await send('PATCH', `/api/students/${gh.items[0]!.id}`, 'rsPrincipal', { firstName: 'X' })).statusCode).toBe(404);
    const rs = await json<ListStudentsResponse>('GET', '/api/students?pageSize=200', 'rsPrincipal');
    expect(rs.items.every((s) => s.admissionNumber.startsWith('RIS/'))).toBe(true);
  });

  it('the finance officer reads the register but not medical notes; writes are 403', async () => {
    const [withNotes] = await system(t.database, (tx) =>
      tx.select({ id: students.id }).from(students).where(and(eq(students.schoolId, greenhill), sql`${students.medicalNotes} is not null`)).limit(1),
    );
    const asPrincipal = await json<StudentDetail>('GET', `/api/students/${withNotes!.id}`, 'principal');
    expect(asPrincipal.medicalNotes).toBeTruthy();
    const asFinance = await json<StudentDetail>('GET', `/api/students/${withNotes!.id}`, 'finance');
    expect(asFinance.medicalNotes).toBeNull();
    expect(asFinance.guardians.length).toBeGreaterThan(0);
    expect((await send('PATCH', `/api/students/${withNotes!.id}`, 'finance', { firstName: 'X' })).statusCode).toBe(403);
    expect((await send('POST', '/api/students', 'director', admission())).statusCode).toBe(403);
  });

  it('class history shows last year and this year for a learner who was here last year', async () => {
    const [row] = await system(t.database, (tx) =>
      tx
        .select({ id: studentEnrolments.studentId })
        .from(studentEnrolments)
        .where(and(eq(studentEnrolments.schoolId, greenhill), eq(studentEnrolments.outcome, 'promoted')))
        .limit(1),
    );
    const h = await json<{ items: { academicYear: string; outcome: string | null }[] }>('GET', `/api/students/${row!.id}/history`, 'principal');
    expect(h.items.map((x) => x.academicYear)).toEqual([demo.yearName, demo.lastYearName]);
    expect(h.items[1]!.outcome).toBe('promoted');
  });
});

describe('POST /api/students: admission (issue 10 §2)', () => {
  it('admits with the next admission number of the pattern and the guardian normalised', async () => {
    const cls = await classId('Grade 5 East');
    const before = await activeCount(greenhill);
    const s = await json<StudentDetail & { notices: string[] }>('POST', '/api/students', 'principal', admission({ classId: cls }), 201);
    expect(s.admissionNumber).toMatch(new RegExp(`^GHA/${CALENDAR_YEAR}/\\d{4}$`));
    expect(s.gender).toBe('female');
    expect(s.className).toBe('Grade 5 East');
    expect(s.guardians).toEqual([expect.objectContaining({ name: 'Mary Wanjiku Kamau', relationship: 'mother', phone: '254712345678', email: 'mary.kamau@mail.example', isPrimary: true })]);
    expect(await activeCount(greenhill)).toBe(before + 1);
    const again = await json<StudentDetail>('GET', `/api/students/${s.id}`, 'principal');
    expect(again.admissionNumber).toBe(s.admissionNumber);
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'STUDENT_ADMITTED'), eq(auditLogs.targetEntity, `student:${s.id}`))),
    );
    expect(audit).toBeTruthy();
    // The next admission gets the next number.
    const s2 = await json<StudentDetail>('POST', '/api/students', 'principal', admission({ classId: cls, firstName: 'Baraka', gender: 'M', guardians: [{ name: 'Tom Otieno', relationship: 'father', phone: '+254 733 000 111' }] }), 201);
    const n1 = Number(s.admissionNumber.split('/')[2]);
    expect(Number(s2.admissionNumber.split('/')[2])).toBe(n1 + 1);
  });

  it('a sibling shares the guardian known by phone instead of duplicating them', async () => {
    const cls = await classId('Grade 2 West');
    const [g] = await system(t.database, (tx) => tx.select({ n: count() }).from(guardians).where(eq(guardians.schoolId, greenhill)));
    const s = await json<StudentDetail & { notices: string[] }>(
      'POST',
      '/api/students',
      'principal',
      admission({ classId: cls, firstName: 'Amani', lastName: 'Kamau', guardians: [{ name: 'Peter Kamau', relationship: 'father', phone: '0720430533' }] }), 201);
    const [g2] = await system(t.database, (tx) => tx.select({ n: count() }).from(guardians).where(eq(guardians.schoolId, greenhill)));
    expect(Number(g2!.n)).toBe(Number(g!.n));
    expect(s.guardians[0]!.name).toBe('Peter Mwangi Kamau');
    expect(s.guardians[0]!.otherChildren.length).toBe(2);
    expect(s.notices.join(' ')).toContain('already known to the school');
    // The parent now sees three children.
    const mine = await json<ListStudentsResponse>('GET', '/api/students', 'parent');
    expect(mine.total).toBe(3);
  });

  it('keeps names with apostrophes, hyphens and accents exactly', async () => {
    const cls = await classId('Grade 6 East');
    const s = await json<StudentDetail>(
      'POST',
      '/api/students',
      'principal',
      admission({ classId: cls, firstName: 'Zoë', middleName: "Ng'ang'a", lastName: 'Chelangat-Kiprono', guardians: [{ name: "Ruth Ng'ang'a", relationship: 'mother', phone: '0799111222' }] }), 201);
    expect([s.firstName, s.middleName, s.lastName]).toEqual(['Zoë', "Ng'ang'a", 'Chelangat-Kiprono']);
    const found = await json<ListStudentsResponse>('GET', `/api/students?search=${encodeURIComponent("ng'ang'a")}`, 'principal');
    expect(found.items.map((x) => x.id)).toContain(s.id);
  });

  it('a typed admission number is checked: a duplicate is 409 and nothing is written', async () => {
    const cls = await classId('Grade 5 West');
    const [taken] = await system(t.database, (tx) => tx.select({ n: students.admissionNumber }).from(students).where(eq(students.schoolId, greenhill)).limit(1));
    const before = await activeCount(greenhill);
    const res = await send('POST', '/api/students', 'principal', admission({ classId: cls, admissionNumber: taken!.n.toLowerCase(), guardians: [{ name: 'A B', relationship: 'mother', phone: '0700123001' }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('DUPLICATE_ADMISSION_NUMBER');
    expect(res.json().error.fields.admissionNumber).toContain('already used');
    expect(await activeCount(greenhill)).toBe(before);
    const [g] = await system(t.database, (tx) => tx.select({ n: count() }).from(guardians).where(eq(guardians.phone, '254700123001')));
    expect(Number(g!.n)).toBe(0);
    const ok = await json<StudentDetail>('POST', '/api/students', 'principal', admission({ classId: cls, admissionNumber: ` GHA/${CALENDAR_YEAR}/9001 `, guardians: [{ name: 'A B', relationship: 'mother', phone: '0700123001' }] }), 201);
    expect(ok.admissionNumber).toBe(`GHA/${CALENDAR_YEAR}/9001`);
  });

  it.each([
    ['an invalid phone', { guardians: [{ name: 'X Y', relationship: 'mother', phone: '0812' }] }, 'guardians.0.phone', 'Please enter a valid Kenyan phone number'],
    ['a future date of birth', { dateOfBirth: '2099-01-01' }, 'dateOfBirth', 'The date of birth cannot be in the future.'],
    ['an impossible date', { dateOfBirth: '2015-02-30' }, 'dateOfBirth', 'Enter the date of birth as dd/mm/yyyy.'],
    ['an unknown class', { classId: '00000000-0000-4000-8000-000000000000' }, 'classId', 'That class does not exist in this school.'],
    ['no guardian', { guardians: [] }, 'guardians', 'Add at least one parent or guardian.'],
    ['a bad gender', { gender: 'X' }, 'gender', 'Choose the learner’s gender.'],
  ])('%s is 400 with the field named, and nothing is written', async (_label, over, field, message) => {
    const cls = await classId('Grade 1 East');
    const before = await activeCount(greenhill);
    const res = await send('POST', '/api/students', 'principal', admission({ classId: cls, ...over }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await activeCount(greenhill)).toBe(before);
  });

  it('another school’s class is 400 unknown class', async () => {
    const rs = await json<ClassItem[]>('GET', '/api/classes', 'rsPrincipal');
    const res = await send('POST', '/api/students', 'principal', admission({ classId: rs[0]!.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.classId).toBe('That class does not exist in this school.');
  });

  it('a full stream warns (409 OVER_CAPACITY) and the principal may override', async () => {
    const cls = await classId('Grade 3 West');
    const list = await json<ClassItem[]>('GET', '/api/classes', 'principal');
    const c = list.find((x) => x.id === cls)!;
    await system(t.database, (tx) => tx.update(classes).set({ capacity: c.learnerCount }).where(eq(classes.id, cls)));
    const res = await send('POST', '/api/students', 'principal', admission({ classId: cls, guardians: [{ name: 'C D', relationship: 'father', phone: '0700123002' }] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('OVER_CAPACITY');
    expect(res.json().error.message).toBe(`Grade 3 West already has ${c.learnerCount} of ${c.learnerCount} learners. Admit anyway to go over capacity.`);
    await json('POST', '/api/students', 'principal', admission({ classId: cls, overrideCapacity: true, guardians: [{ name: 'C D', relationship: 'father', phone: '0700123002' }] }), 201);
  });

  it('creates a parent account for the guardian and e-mails a link to set a password', async () => {
    const cls = await classId('Grade 4 East');
    const mails = t.mailbox.length;
    const s = await json<StudentDetail & { notices: string[] }>(
      'POST',
      '/api/students',
      'principal',
      admission({ classId: cls, guardians: [{ name: 'Janet Akinyi', relationship: 'mother', phone: '0711000999', email: 'janet.akinyi@mail.example', createAccount: true }] }), 201);
    expect(s.guardians[0]!.hasAccount).toBe(true);
    expect(s.notices.join(' ')).toContain('janet.akinyi@mail.example');
    const mail = t.mailbox.slice(mails).find((x) => x.to === 'janet.akinyi@mail.example');
    expect(mail?.subject).toBe('Your EduFam parent account');
    expect(mail?.text).toMatch(/\/reset-password\?token=/);
    const token = /token=([^\s&]+)/.exec(mail!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: decodeURIComponent(token), password: 'Parent#2026', confirmPassword: 'Parent#2026' } });
    expect(reset.statusCode, reset.body).toBe(200);
    cookie.newParent = await signIn(t.app, 'janet.akinyi@mail.example', 'school', 'Parent#2026');
    const mine = await json<ListStudentsResponse>('GET', '/api/students', 'newParent');
    expect(mine.items.map((x) => x.id)).toEqual([s.id]);
  });

  it("a staff member's e-mail cannot become a parent account", async () => {
    const cls = await classId('Grade 4 East');
    const res = await send('POST', '/api/students', 'principal', admission({ classId: cls, guardians: [{ name: 'X Y', relationship: 'mother', phone: '0711000998', email: DEMO.greenhill.hr, createAccount: true }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['guardians.0.email']).toContain('staff account');
  });
});

describe('PATCH /api/students/:id and guardians', () => {
  it('changes fields, moves class with class history, and audits old and new values', async () => {
    const page = await json<ListStudentsResponse>('GET', `/api/students?classId=${await classId('Grade 6 West')}&pageSize=1`, 'principal');
    const s = page.items[0]!;
    const target = await classId('Grade 6 East');
    const updated = await json<StudentDetail>('PATCH', `/api/students/${s.id}`, 'principal', { firstName: 'Neema', boarding: 'boarding', classId: target, overrideCapacity: true });
    expect(updated.firstName).toBe('Neema');
    expect(updated.boarding).toBe('boarding');
    expect(updated.className).toBe('Grade 6 East');
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'STUDENT_UPDATED'), eq(auditLogs.targetEntity, `student:${s.id}`))),
    );
    expect(audit!.oldValue).toMatchObject({ firstName: s.firstName, boarding: s.boarding, classId: s.classId });
    expect(audit!.newValue).toMatchObject({ firstName: 'Neema', boarding: 'boarding', classId: target });
    const h = await json<{ items: { academicYear: string; className: string }[] }>('GET', `/api/students/${s.id}/history`, 'principal');
    expect(h.items[0]).toMatchObject({ academicYear: demo.yearName, className: 'Grade 6 East' });
    // The same values again: no new audit entry.
    await json('PATCH', `/api/students/${s.id}`, 'principal', { firstName: 'Neema' });
    const [n] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(auditLogs).where(and(eq(auditLogs.action, 'STUDENT_UPDATED'), eq(auditLogs.targetEntity, `student:${s.id}`))),
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('adds, edits and removes guardians; the last one stays', async () => {
    const page = await json<ListStudentsResponse>('GET', '/api/students?search=Zoë', 'principal');
    const id = page.items[0]!.id;
    const added = await json<StudentDetail>('POST', `/api/students/${id}/guardians`, 'principal', { name: 'Kiprono Chelangat', relationship: 'father', phone: '0722555666' }, 201);
    expect(added.guardians).toHaveLength(2);
    const father = added.guardians.find((g) => g.name === 'Kiprono Chelangat')!;
    const edited = await json<StudentDetail>('PATCH', `/api/students/${id}/guardians/${father.id}`, 'principal', { isPrimary: true, email: 'kiprono@mail.example' });
    expect(edited.guardians[0]).toMatchObject({ name: 'Kiprono Chelangat', isPrimary: true, email: 'kiprono@mail.example' });
    const removed = await json<StudentDetail>('DELETE', `/api/students/${id}/guardians/${father.id}`, 'principal');
    expect(removed.guardians).toHaveLength(1);
    expect(removed.guardians[0]!.isPrimary).toBe(true);
    const last = await send('DELETE', `/api/students/${id}/guardians/${removed.guardians[0]!.id}`, 'principal');
    expect(last.statusCode).toBe(400);
  });

  it('looks up a guardian by phone for the admission form', async () => {
    const r = await json<{ guardian: { name: string; children: unknown[] } | null }>('GET', '/api/guardians/lookup?phone=0720430533', 'principal');
    expect(r.guardian?.name).toBe('Peter Mwangi Kamau');
    expect(r.guardian!.children.length).toBeGreaterThanOrEqual(2);
    const none = await json<{ guardian: null }>('GET', '/api/guardians/lookup?phone=0700999888', 'principal');
    expect(none.guardian).toBeNull();
    expect((await send('GET', '/api/guardians/lookup?phone=0720430533', 'teacher')).statusCode).toBe(403);
  });
});

describe('GET /api/classes (issue 10 §4)', () => {
  it('lists the current year’s streams with the contract fields', async () => {
    const list = await json<ClassItem[]>('GET', '/api/classes', 'teacher');
    expect(list).toHaveLength(22);
    const c = list.find((x) => x.name === 'Grade 7 East')!;
    expect(c).toMatchObject({ level: 'Grade 7', stream: 'East', classTeacherId: await profileIdOf(t.database, DEMO.greenhill.teacher), academicYear: demo.yearName });
    expect(c.learnerCount).toBeGreaterThan(0);
    expect(c.capacity).toBe(45);
  });

  it("a parent gets only their children's classes; every year with yearId=all", async () => {
    const list = await json<ClassItem[]>('GET', '/api/classes', 'parent');
    expect(list.map((c) => c.name).sort()).toContain('Grade 7 West');
    expect(list.every((c) => ['Grade 7 West', 'Grade 4 West', 'Grade 2 West'].includes(c.name))).toBe(true);
    const all = await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal');
    expect(new Set(all.map((c) => c.academicYear))).toEqual(new Set([demo.lastYearName, demo.yearName]));
    expect((await send('GET', '/api/classes')).statusCode).toBe(401);
  });
});
