import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditLogs, classes, guardians, studentGuardians, students, teacherAssignments } from '../../db/schema/index.js';
import { inspectPdf, qrCodePng } from '../../lib/pdf.js';
import { errorBody, DEMO, TEST_PUBLIC_URL, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { ClassDetails, ListTeachersResponse, TeacherDetail } from '../../../shared/contracts/people.js';
import { learnerRecordUrl } from '../../../shared/contracts/people.js';
import type { Task } from '../../../shared/contracts/tasks.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Teachers and classes (issue 10 §3): the staff list and its export, stream details, class lists as
 * PDF and spreadsheets with the teacher's limits, learner ID cards (one now, a class as a background
 * task) and learner photos. PDFs are checked with `inspectPdf` (page objects and the text of the
 * content streams), which needs no external tool. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
let demoTeacherId: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  riverside = await schoolIdOf(t.database, 'riverside');
  demoTeacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
  for (const [who, email] of Object.entries({ ...DEMO.greenhill })) if (who !== 'password') cookie[who] = await signIn(t.app, email, 'school');
  cookie.rsPrincipal = await signIn(t.app, DEMO.riverside.principal, 'school');
  cookie.rsTeacher = await signIn(t.app, DEMO.riverside.teacher, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function send(method: Method, url: string, who?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: cookie[who]! } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}
async function json<T>(method: Method, url: string, who: string, payload?: unknown, status = 200): Promise<T> {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
async function errorOf(method: Method, url: string, who: string | undefined, status: number, payload?: unknown) {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, `${method} ${url} as ${who}: ${res.body}`).toBe(status);
  return (errorBody(res) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

async function classOf(name: string, who = 'principal'): Promise<ClassItem> {
  const list = await json<ClassItem[]>('GET', '/api/classes', who);
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`no class ${name}`);
  return c;
}

/** A current Greenhill stream the demo teacher neither leads nor teaches. */
async function untaughtClassId(): Promise<string> {
  const [row] = await system(t.database, (tx) =>
    tx
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          eq(classes.schoolId, greenhill),
          sql`${classes.academicYearId} = (select id from academic_years where school_id = ${greenhill} and is_current)`,
          sql`${classes.classTeacherId} <> ${demoTeacherId}`,
          sql`not exists (select 1 from ${teacherAssignments} where ${teacherAssignments.classId} = ${classes.id} and ${teacherAssignments.teacherId} = ${demoTeacherId})`,
        ),
      )
      .limit(1),
  );
  return row!.id;
}

/** A current Greenhill stream the demo teacher teaches but does not lead. */
async function taughtNotLedClassId(): Promise<string> {
  const [row] = await system(t.database, (tx) =>
    tx
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(teacherAssignments, eq(teacherAssignments.classId, classes.id))
      .where(
        and(
          eq(teacherAssignments.teacherId, demoTeacherId),
          sql`${classes.classTeacherId} <> ${demoTeacherId}`,
          sql`${classes.academicYearId} = (select id from academic_years where school_id = ${greenhill} and is_current)`,
        ),
      )
      .limit(1),
  );
  return row!.id;
}

async function learnersOf(classId: string) {
  return system(t.database, (tx) =>
    tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName, admissionNumber: students.admissionNumber })
      .from(students)
      .where(and(eq(students.classId, classId), eq(students.status, 'active'))),
  );
}

async function lastAudit(action: string) {
  const [row] = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.createdAt)).limit(1));
  return row;
}

async function waitForTask(id: string, who: string, timeoutMs = 30_000): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await json<Task>('GET', `/api/tasks/${id}`, who);
    if (task.status === 'succeeded' || task.status === 'failed') return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00])]);
const BOUNDARY = '----edufam-photo';
function multipart(name: string, type: string, data: Buffer, field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
function uploadPhoto(who: string | undefined, studentId: string, body: Buffer) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/students/${studentId}/photo`,
    headers: { ...(who ? { cookie: cookie[who]! } : {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
}

describe('GET /api/teachers (issue 10 §3 "/teachers")', () => {
  it('refuses without a session (401) and parents (403); 400 names a bad filter', async () => {
    expect((await send('GET', '/api/teachers')).statusCode).toBe(401);
    expect((await send('GET', '/api/teachers', 'parent')).statusCode).toBe(403);
    const e = await errorOf('GET', '/api/teachers?departmentId=nope', 'principal', 400);
    expect(JSON.stringify(e)).toContain('departmentId');
  });

  it('lists the teaching staff with streams, subjects, departments, contacts and load (lessons per week)', async () => {
    const list = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200', 'director');
    expect(list.academicYear).toBe(demo.yearName);
    const grace = list.items.find((x) => x.id === demoTeacherId)!;
    expect(grace).toBeTruthy();
    expect(grace.name).toBe('Grace Achieng Owino');
    expect(grace.email).toBe(DEMO.greenhill.teacher);
    expect(grace.phone).toBe('254711320422');
    expect(grace.classTeacherOf.map((c) => c.name)).toEqual(['Grade 7 East']);
    expect(grace.subjects.some((s) => s.name.includes('Mathematics'))).toBe(true);
    expect(grace.departments.length).toBeGreaterThan(0);
    const [sum] = await system(t.database, (tx) =>
      tx
        .select({ n: sql<number>`coalesce(sum(${teacherAssignments.lessonsPerWeek}), 0)`.mapWith(Number) })
        .from(teacherAssignments)
        .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
        .where(and(eq(teacherAssignments.teacherId, demoTeacherId), sql`${classes.academicYearId} = (select id from academic_years where school_id = ${greenhill} and is_current)`)),
    );
    expect(grace.lessonsPerWeek).toBe(sum!.n);
    expect(grace.lessonsPerWeek).toBeGreaterThan(0);
    expect(list.maxLoad).toBeGreaterThanOrEqual(grace.lessonsPerWeek);
    // Only teaching staff of this school: no director, finance officer, or Riverside teacher.
    const emails = list.items.map((x) => x.email);
    expect(emails).not.toContain(DEMO.greenhill.director);
    expect(emails).not.toContain(DEMO.greenhill.finance);
    expect(emails).not.toContain(DEMO.riverside.teacher);
    expect(list.items.every((x) => x.schoolId === greenhill)).toBe(true);
    expect(list.total).toBe(list.items.length);
  });

  it('searches, filters by department and subject, sorts by load and pages', async () => {
    const found = await json<ListTeachersResponse>('GET', '/api/teachers?search=grace%20owino', 'principal');
    expect(found.items.map((x) => x.id)).toEqual([demoTeacherId]);
    const byPhone = await json<ListTeachersResponse>('GET', '/api/teachers?search=0711320422', 'principal');
    expect(byPhone.items.map((x) => x.id)).toEqual([demoTeacherId]);
    expect((await json<ListTeachersResponse>('GET', '/api/teachers?search=zzzz', 'principal')).total).toBe(0);

    const all = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200', 'principal');
    const dept = all.departments[0]!;
    const inDept = await json<ListTeachersResponse>('GET', `/api/teachers?pageSize=200&departmentId=${dept.id}`, 'principal');
    expect(inDept.total).toBeGreaterThan(0);
    expect(inDept.total).toBeLessThan(all.total);
    expect(inDept.items.every((x) => x.departments.some((d) => d.id === dept.id))).toBe(true);
    const grace = all.items.find((x) => x.id === demoTeacherId)!;
    const maths = grace.subjects.find((s) => s.name.includes('Mathematics'))!;
    const mathsTeachers = await json<ListTeachersResponse>('GET', `/api/teachers?pageSize=200&subjectId=${maths.id}`, 'principal');
    expect(mathsTeachers.items.map((x) => x.id)).toContain(demoTeacherId);
    expect(mathsTeachers.items.every((x) => x.subjects.some((s) => s.name === maths.name))).toBe(true);
    // One entry per learning-area name (the same area in two bands is one subject to people).
    expect(new Set(all.subjects.map((s) => s.name)).size).toBe(all.subjects.length);
    expect(all.items.every((x) => new Set(x.subjects.map((s) => s.name)).size === x.subjects.length)).toBe(true);

    const byLoad = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200&sort=-load', 'principal');
    const loads = byLoad.items.map((x) => x.lessonsPerWeek);
    expect(loads).toEqual([...loads].sort((a, b) => b - a));
    const page2 = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=5&page=2', 'principal');
    expect(page2.items.map((x) => x.id)).toEqual(all.items.slice(5, 10).map((x) => x.id));
    expect(page2.total).toBe(all.total);
  });

  it('teachers and HR may read it (school structure); each school sees its own; platform staff name a school', async () => {
    expect((await json<ListTeachersResponse>('GET', '/api/teachers', 'teacher')).total).toBeGreaterThan(0);
    expect((await json<ListTeachersResponse>('GET', '/api/teachers', 'hr')).total).toBeGreaterThan(0);
    const rs = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200', 'rsPrincipal');
    expect(rs.items.every((x) => x.schoolId === riverside)).toBe(true);
    expect(rs.items.map((x) => x.id)).not.toContain(demoTeacherId);
    const admin = await json<ListTeachersResponse>('GET', `/api/teachers?pageSize=200&schoolId=${greenhill}`, 'admin');
    expect(admin.items.map((x) => x.id)).toContain(demoTeacherId);
    expect(admin.items.every((x) => x.schoolId === greenhill)).toBe(true);
  });

  it('counts a principal who teaches as teaching staff', async () => {
    const principalId = await profileIdOf(t.database, DEMO.greenhill.principal);
    const before = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200', 'director');
    expect(before.items.map((x) => x.id)).not.toContain(principalId);
    const [slot] = await system(t.database, (tx) =>
      tx.select({ id: teacherAssignments.id, teacherId: teacherAssignments.teacherId }).from(teacherAssignments).where(eq(teacherAssignments.schoolId, greenhill)).limit(1),
    );
    await system(t.database, (tx) => tx.update(teacherAssignments).set({ teacherId: principalId }).where(eq(teacherAssignments.id, slot!.id)));
    try {
      const after = await json<ListTeachersResponse>('GET', '/api/teachers?pageSize=200', 'director');
      const p = after.items.find((x) => x.id === principalId)!;
      expect(p.role).toBe('principal');
      expect(p.assignmentCount).toBe(1);
    } finally {
      await system(t.database, (tx) => tx.update(teacherAssignments).set({ teacherId: slot!.teacherId }).where(eq(teacherAssignments.id, slot!.id)));
    }
  });
});

describe('GET /api/teachers/:id and /api/teachers/export', () => {
  it('gives a teacher with the timetable-ready assignment list; 404 for non-teaching staff or another school', async () => {
    const d = await json<TeacherDetail>('GET', `/api/teachers/${demoTeacherId}`, 'principal');
    expect(d.academicYear).toBe(demo.yearName);
    expect(d.assignments.length).toBe(d.assignmentCount);
    expect(d.assignments.reduce((s, a) => s + a.lessonsPerWeek, 0)).toBe(d.lessonsPerWeek);
    const own = d.assignments.filter((a) => a.isClassTeacher);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((a) => a.className === 'Grade 7 East')).toBe(true);
    const orders = d.assignments.map((a) => a.levelOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(Object.keys(d.assignments[0]!)).toEqual(expect.arrayContaining(['classId', 'subjectId', 'lessonsPerWeek', 'stream', 'subjectCode']));

    expect((await send('GET', `/api/teachers/${demoTeacherId}`)).statusCode).toBe(401);
    expect((await send('GET', `/api/teachers/${demoTeacherId}`, 'parent')).statusCode).toBe(403);
    await errorOf('GET', `/api/teachers/${demoTeacherId}`, 'rsPrincipal', 404);
    await errorOf('GET', `/api/teachers/${await profileIdOf(t.database, DEMO.greenhill.finance)}`, 'principal', 404);
    const bad = await errorOf('GET', '/api/teachers/not-a-uuid', 'principal', 400);
    expect(JSON.stringify(bad)).toContain('id');
  });

  it('exports the filtered list as CSV and Excel (formulas escaped); parents 403; bad format 400', async () => {
    const csv = await send('GET', '/api/teachers/export?format=csv&search=grace', 'director');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Teaching staff.csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Role,Status,Departments,Class teacher of,Streams,Subjects,Lessons per week');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Grace Achieng Owino');
    expect(lines[1]).toContain('Grade 7 East');

    const xlsx = await send('GET', '/api/teachers/export?format=xlsx', 'principal');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Name');
    const total = (await json<ListTeachersResponse>('GET', '/api/teachers', 'principal')).total;
    expect(ws.rowCount).toBe(total + 1);

    expect((await send('GET', '/api/teachers/export?format=csv', 'parent')).statusCode).toBe(403);
    expect((await send('GET', '/api/teachers/export?format=csv')).statusCode).toBe(401);
    expect(JSON.stringify(await errorOf('GET', '/api/teachers/export?format=pdf', 'principal', 400))).toContain('format');
  });
});

describe('GET /api/classes/:id/details (issue 10 §3 "/classes")', () => {
  it('gives the stream with class teacher, subject teachers, counts against capacity and splits', async () => {
    const g7 = await classOf('Grade 7 East');
    const d = await json<ClassDetails>('GET', `/api/classes/${g7.id}/details`, 'director');
    expect(d.name).toBe('Grade 7 East');
    expect(d.academicYear).toBe(demo.yearName);
    expect(d.classTeacher?.id).toBe(demoTeacherId);
    expect(d.classTeacher?.name).toBe('Grace Achieng Owino');
    expect(d.learnerCount).toBe(g7.learnerCount);
    expect(d.capacity).toBe(g7.capacity);
    expect(d.gender.female + d.gender.male).toBe(d.learnerCount);
    expect(d.boarding.day + d.boarding.boarding).toBe(d.learnerCount);
    expect(d.subjects.length).toBeGreaterThan(3);
    expect(d.subjects.some((s) => s.teacherId === demoTeacherId && s.name.includes('Mathematics'))).toBe(true);
    expect(d.totalLessonsPerWeek).toBe(d.subjects.reduce((s, x) => s + x.lessonsPerWeek, 0));
    expect(d.can).toEqual({ classList: true, guardianContacts: true, idCards: false });
    expect((await json<ClassDetails>('GET', `/api/classes/${g7.id}/details`, 'principal')).can.idCards).toBe(true);
  });

  it('a teacher sees every stream, but may list only the streams they lead or teach', async () => {
    const other = await untaughtClassId();
    const d = await json<ClassDetails>('GET', `/api/classes/${other}/details`, 'teacher');
    expect(d.can).toEqual({ classList: false, guardianContacts: false, idCards: false });
    const taught = await json<ClassDetails>('GET', `/api/classes/${await taughtNotLedClassId()}/details`, 'teacher');
    expect(taught.can).toEqual({ classList: true, guardianContacts: false, idCards: false });
  });

  it('401, 403 for parents, 404 for another school, 400 for a bad id', async () => {
    const g7 = await classOf('Grade 7 East');
    expect((await send('GET', `/api/classes/${g7.id}/details`)).statusCode).toBe(401);
    expect((await send('GET', `/api/classes/${g7.id}/details`, 'parent')).statusCode).toBe(403);
    await errorOf('GET', `/api/classes/${g7.id}/details`, 'rsPrincipal', 404);
    await errorOf('GET', `/api/classes/${g7.id}/details`, 'rsTeacher', 404);
    await errorOf('GET', '/api/classes/xyz/details', 'principal', 400);
    expect((await json<ClassDetails>('GET', `/api/classes/${g7.id}/details`, 'admin')).name).toBe('Grade 7 East');
  });
});

describe('class lists (PDF, CSV, Excel)', () => {
  it('the principal prints a class list: letterhead, class, year, class teacher, learners, guardian phones, page numbers', async () => {
    const g7 = await classOf('Grade 7 East');
    const res = await send('GET', `/api/classes/${g7.id}/class-list.pdf`, 'principal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Class list Grade 7 East ${demo.yearName}.pdf`);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    for (const s of ['Greenhill Academy', 'Nurturing Every Learner', 'Class List: Grade 7 East', 'Class teacher: Grace Achieng Owino', `Academic year ${demo.yearName}`, 'Admission No.', 'Guardian phone', 'UPI', `Page 1 of ${pdf.pages}`, 'Generated ']) {
      expect(pdf.text).toContain(s);
    }
    const members = await learnersOf(g7.id);
    expect(members.length).toBe(g7.learnerCount);
    for (const l of members) {
      expect(pdf.text).toContain(l.admissionNumber);
      expect(pdf.text).toContain(l.lastName);
    }
    // A guardian's phone in the local form.
    const [g] = await system(t.database, (tx) =>
      tx.select({ phone: guardians.phone }).from(studentGuardians).innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId)).where(eq(studentGuardians.studentId, members[0]!.id)),
    );
    expect(pdf.text).toContain(`0${g!.phone.slice(3, 6)} ${g!.phone.slice(6, 9)} ${g!.phone.slice(9)}`);
  });

  it('a long class list repeats its header on each page', async () => {
    const g7 = await classOf('Grade 7 West');
    // Move 40 learners of other streams into Grade 7 West for this check, then back.
    const moved = await system(t.database, (tx) =>
      tx
        .select({ id: students.id, classId: students.classId })
        .from(students)
        .where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'), sql`${students.classId} <> ${g7.id}`))
        .limit(40),
    );
    await system(t.database, (tx) => tx.update(students).set({ classId: g7.id }).where(sql`${students.id} in ${moved.map((m) => m.id)}`));
    try {
      const res = await send('GET', `/api/classes/${g7.id}/class-list.pdf`, 'director');
      expect(res.statusCode).toBe(200);
      const pdf = inspectPdf(res.rawPayload);
      expect(pdf.pages).toBeGreaterThanOrEqual(2);
      expect(pdf.text.split('\n').filter((l) => l === 'Admission No.')).toHaveLength(pdf.pages);
      expect(pdf.text).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
    } finally {
      for (const m of moved) await system(t.database, (tx) => tx.update(students).set({ classId: m.classId }).where(eq(students.id, m.id)));
    }
  });

  it('a teacher prints the streams they lead (with guardian phones) or teach (without), and gets 404 for others', async () => {
    const g7 = await classOf('Grade 7 East');
    const led = inspectPdf((await send('GET', `/api/classes/${g7.id}/class-list.pdf`, 'teacher')).rawPayload);
    expect(led.text).toContain('Guardian phone');
    const taughtRes = await send('GET', `/api/classes/${await taughtNotLedClassId()}/class-list.pdf`, 'teacher');
    expect(taughtRes.statusCode).toBe(200);
    const taught = inspectPdf(taughtRes.rawPayload);
    expect(taught.text).toContain('Admission No.');
    expect(taught.text).not.toContain('Guardian phone');
    const other = await untaughtClassId();
    await errorOf('GET', `/api/classes/${other}/class-list.pdf`, 'teacher', 404);
    await errorOf('GET', `/api/classes/${other}/class-list?format=csv`, 'teacher', 404);
  });

  it('401, 403 for parents and HR, 404 for another school, 400 for a bad id or format', async () => {
    const g7 = await classOf('Grade 7 East');
    for (const url of [`/api/classes/${g7.id}/class-list.pdf`, `/api/classes/${g7.id}/class-list?format=csv`]) {
      expect((await send('GET', url)).statusCode).toBe(401);
      expect((await send('GET', url, 'parent')).statusCode).toBe(403);
      expect((await send('GET', url, 'hr')).statusCode).toBe(403);
      await errorOf('GET', url, 'rsPrincipal', 404);
    }
    await errorOf('GET', '/api/classes/nope/class-list.pdf', 'principal', 400);
    expect(JSON.stringify(await errorOf('GET', `/api/classes/${g7.id}/class-list?format=doc`, 'principal', 400))).toContain('format');
  });

  it('exports the class list as CSV and Excel; the finance officer gets no guardian phones', async () => {
    const g7 = await classOf('Grade 7 East');
    const csv = await send('GET', `/api/classes/${g7.id}/class-list?format=csv`, 'principal');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('#,Admission No.,Name,Gender,Date of birth,UPI,Boarding,Guardian phone');
    expect(lines).toHaveLength(g7.learnerCount + 1);
    expect(lines[1]).toMatch(/^1,/);
    const fin = await send('GET', `/api/classes/${g7.id}/class-list?format=csv`, 'finance');
    expect(fin.statusCode).toBe(200);
    expect(fin.body).not.toContain('Guardian phone');
    const xlsx = await send('GET', `/api/classes/${g7.id}/class-list?format=xlsx`, 'director');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.name).toBe('Grade 7 East');
    expect(wb.worksheets[0]!.rowCount).toBe(g7.learnerCount + 1);
  });
});

describe('learner photos', () => {
  let learnerId: string;
  let childId: string;
  beforeAll(async () => {
    learnerId = (await learnersOf((await classOf('Grade 7 East')).id))[0]!.id;
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const [child] = await system(t.database, (tx) =>
      tx
        .select({ id: studentGuardians.studentId })
        .from(studentGuardians)
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(eq(guardians.profileId, parentId))
        .limit(1),
    );
    childId = child!.id;
  });

  it('refuses without a session (401), other roles (403), another school (404)', async () => {
    const body = multipart('me.png', 'image/png', PNG_1x1);
    expect((await uploadPhoto(undefined, learnerId, body)).statusCode).toBe(401);
    for (const who of ['teacher', 'director', 'parent', 'finance']) expect((await uploadPhoto(who, learnerId, body)).statusCode, who).toBe(403);
    expect((await uploadPhoto('rsPrincipal', learnerId, body)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/students/${learnerId}/photo`)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/students/${learnerId}/photo`, 'teacher')).statusCode).toBe(403);
    await errorOf('DELETE', `/api/students/${learnerId}/photo`, 'rsPrincipal', 404);
    expect((await send('GET', `/api/students/${learnerId}/photo`)).statusCode).toBe(401);
    expect((await send('GET', `/api/students/${learnerId}/photo`, 'hr')).statusCode).toBe(403);
  });

  it('refuses a missing file (400), a non-image (415), a file over 2 MB (413)', async () => {
    expect((await errorOf('PUT', `/api/students/${learnerId}/photo`, 'principal', 400, {})).code).toBe('NO_FILE');
    const wrong = await uploadPhoto('principal', learnerId, multipart('me.png', 'image/png', Buffer.from('GIF89a this is not allowed')));
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error.message).toBe('This type of file is not accepted here. Upload a JPEG, PNG or WebP image.');
    const pdf = await uploadPhoto('principal', learnerId, multipart('me.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n')));
    expect(pdf.statusCode).toBe(415);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadPhoto('principal', learnerId, multipart('big.png', 'image/png', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('The file is larger than 2 MB. Choose a smaller file.');
    await errorOf('GET', `/api/students/${learnerId}/photo`, 'principal', 404);
  });

  it('the principal uploads a photo (audited); whoever may see the learner gets it, others 404; removal is audited', async () => {
    const res = await uploadPhoto('principal', learnerId, multipart('wanjiru.png', 'image/png', PNG_1x1));
    expect(res.statusCode, res.body).toBe(200);
    const { photoUrl } = res.json() as { photoUrl: string };
    expect(photoUrl).toMatch(new RegExp(`^/api/students/${learnerId}/photo\\?v=[0-9a-f]{8}$`));
    const [row] = await system(t.database, (tx) => tx.select({ photoFileId: students.photoFileId }).from(students).where(eq(students.id, learnerId)));
    expect(row!.photoFileId).toBeTruthy();
    const audit = await lastAudit('STUDENT_PHOTO_CHANGED');
    expect(audit!.targetEntity).toBe(`student:${learnerId}`);
    expect(audit!.oldValue).toEqual({ photoFileId: null });
    expect((audit!.newValue as { photoFileId: string }).photoFileId).toBe(row!.photoFileId);

    for (const who of ['principal', 'director', 'teacher', 'finance', 'admin']) {
      const img = await send('GET', photoUrl, who);
      expect(img.statusCode, who).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(String(img.headers['cache-control'])).toContain('private');
      expect(img.rawPayload.equals(PNG_1x1)).toBe(true);
    }
    await errorOf('GET', photoUrl, 'rsPrincipal', 404);
    // The learner detail points at the photo.
    expect((await json<{ photoUrl: string | null }>('GET', `/api/students/${learnerId}`, 'principal')).photoUrl).toBe(photoUrl);

    // A teacher who does not teach the learner, and a parent who is not theirs: 404.
    const other = (await learnersOf(await untaughtClassId()))[0]!.id;
    expect((await uploadPhoto('principal', other, multipart('x.png', 'image/png', PNG_1x1))).statusCode).toBe(200);
    await errorOf('GET', `/api/students/${other}/photo`, 'teacher', 404);
    if (other !== childId) await errorOf('GET', `/api/students/${other}/photo`, 'parent', 404);
    expect((await uploadPhoto('principal', childId, multipart('child.png', 'image/png', PNG_1x1))).statusCode).toBe(200);
    expect((await send('GET', `/api/students/${childId}/photo`, 'parent')).statusCode).toBe(200);

    expect((await send('DELETE', `/api/students/${learnerId}/photo`, 'principal')).statusCode).toBe(204);
    await errorOf('GET', `/api/students/${learnerId}/photo`, 'principal', 404);
    const removed = await lastAudit('STUDENT_PHOTO_REMOVED');
    expect(removed!.oldValue).toEqual({ photoFileId: row!.photoFileId });
    // Removing again is harmless.
    expect((await send('DELETE', `/api/students/${learnerId}/photo`, 'principal')).statusCode).toBe(204);
  });

  it('accepts WebP (the ID card then shows initials, as pdfkit cannot draw WebP)', async () => {
    const res = await uploadPhoto('principal', learnerId, multipart('me.webp', 'image/webp', WEBP));
    expect(res.statusCode, res.body).toBe(200);
    const img = await send('GET', (res.json() as { photoUrl: string }).photoUrl, 'principal');
    expect(img.headers['content-type']).toBe('image/webp');
    const card = await send('GET', `/api/students/${learnerId}/id-card.pdf`, 'principal');
    expect(card.statusCode, card.body).toBe(200);
    expect(inspectPdf(card.rawPayload).isPdf).toBe(true);
    expect((await send('DELETE', `/api/students/${learnerId}/photo`, 'principal')).statusCode).toBe(204);
  });
});

describe('learner ID cards', () => {
  it('one learner: a card with school, photo, name, admission number, class, year and a QR to the staff record', async () => {
    const g7 = await classOf('Grade 7 East');
    const learner = (await learnersOf(g7.id))[1]!;
    expect((await uploadPhoto('principal', learner.id, multipart('p.png', 'image/png', await qrCodePng('a face', 120)))).statusCode).toBe(200);
    const res = await send('GET', `/api/students/${learner.id}/id-card.pdf`, 'principal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    for (const s of ['Greenhill Academy', 'LEARNER IDENTITY CARD', learner.firstName, learner.lastName, learner.admissionNumber, 'Grade 7 East', '0722 410 330']) {
      expect(pdf.text).toContain(s);
    }
    expect(pdf.text).toMatch(new RegExp(`Valid for\\s+${demo.yearName}`));
    // The photo is drawn: the card has more images than one without a photo (the QR code only).
    const images = (b: Buffer) => (b.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
    const other = (await learnersOf(g7.id))[2]!;
    const plain = await send('GET', `/api/students/${other.id}/id-card.pdf`, 'principal');
    expect(images(res.rawPayload)).toBeGreaterThan(images(plain.rawPayload));
    expect(inspectPdf(plain.rawPayload).text).toContain(`${other.firstName[0]}${other.lastName[0]}`.toUpperCase());
    expect(learnerRecordUrl(TEST_PUBLIC_URL, learner.id)).toBe(`${TEST_PUBLIC_URL}/dashboard/students?student=${learner.id}`);
  });

  it('is the principal’s: 401, 403 for other roles, 404 for another school’s learner', async () => {
    const learner = (await learnersOf((await classOf('Grade 7 East')).id))[0]!;
    const url = `/api/students/${learner.id}/id-card.pdf`;
    expect((await send('GET', url)).statusCode).toBe(401);
    for (const who of ['director', 'teacher', 'parent', 'finance', 'hr']) expect((await send('GET', url, who)).statusCode, who).toBe(403);
    await errorOf('GET', url, 'rsPrincipal', 404);
    await errorOf('GET', '/api/students/nope/id-card.pdf', 'principal', 400);
  });

  it('POST /api/id-cards refuses bad requests: 401, 403, 400, 404', async () => {
    const g7 = await classOf('Grade 7 East');
    expect((await send('POST', '/api/id-cards', undefined, { classId: g7.id })).statusCode).toBe(401);
    for (const who of ['director', 'teacher', 'parent']) expect((await send('POST', '/api/id-cards', who, { classId: g7.id })).statusCode, who).toBe(403);
    expect((await errorOf('POST', '/api/id-cards', 'principal', 400, {})).message).toBeTruthy();
    await errorOf('POST', '/api/id-cards', 'principal', 400, { classId: g7.id, studentIds: [g7.id] });
    expect(JSON.stringify(await errorOf('POST', '/api/id-cards', 'principal', 400, { classId: 'x' }))).toContain('classId');
    await errorOf('POST', '/api/id-cards', 'rsPrincipal', 404, { classId: g7.id });
    const learner = (await learnersOf(g7.id))[0]!;
    await errorOf('POST', '/api/id-cards', 'rsPrincipal', 404, { studentIds: [learner.id] });
    // A stream with no learners.
    const [empty] = await system(t.database, (tx) =>
      tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, greenhill), sql`${classes.academicYearId} = (select id from academic_years where school_id = ${greenhill} and name = ${demo.lastYearName})`)).limit(1),
    );
    const e = await errorOf('POST', '/api/id-cards', 'principal', 400, { classId: empty!.id });
    expect(e.fields?.classId).toBe('This class has no learners yet.');
  });

  it('a whole class runs as a background task with progress per card; the PDF downloads for its creator only', async () => {
    const g7 = await classOf('Grade 7 East');
    const members = await learnersOf(g7.id);
    const started = await json<{ taskId: string; total: number }>('POST', '/api/id-cards', 'principal', { classId: g7.id }, 202);
    expect(started.total).toBe(members.length);
    const task = await waitForTask(started.taskId, 'principal');
    expect(task.status, task.error ?? '').toBe('succeeded');
    expect(task.kind).toBe('id-cards');
    expect(task.progress).toBe(members.length);
    expect(task.total).toBe(members.length);
    expect(task.result).toMatchObject({ cards: members.length, pages: Math.ceil(members.length / 8), label: `Grade 7 East ${demo.yearName}` });
    expect(task.resultFileUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?download=1$/);
    const file = await send('GET', task.resultFileUrl!, 'principal');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`ID cards Grade 7 East ${demo.yearName}.pdf`);
    const pdf = inspectPdf(file.rawPayload);
    expect(pdf.pages).toBe(Math.ceil(members.length / 8));
    for (const l of members) expect(pdf.text).toContain(l.admissionNumber);
    expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);
    expect((await send('GET', task.resultFileUrl!, 'director')).statusCode).toBe(404);
    expect((await send('GET', `/api/tasks/${started.taskId}`, 'director')).statusCode).toBe(404);
    expect((await lastAudit('ID_CARDS_REQUESTED'))!.targetEntity).toBe(`task:${started.taskId}`);
  });

  it('a selection of learners makes one card each', async () => {
    const ids = (await learnersOf((await classOf('Grade 4 West')).id)).slice(0, 3).map((l) => l.id);
    const started = await json<{ taskId: string; total: number }>('POST', '/api/id-cards', 'principal', { studentIds: [...ids, ids[0]] }, 202);
    expect(started.total).toBe(3);
    const task = await waitForTask(started.taskId, 'principal');
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ cards: 3, pages: 1, label: '3 learners' });
  });
});
