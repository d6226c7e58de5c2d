import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { auditLogs, classes, guardians, studentEnrolments, studentGuardians, students } from '../../db/schema/index.js';
import { multipartFile, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { guessMapping, IMPORT_COLUMNS, type ImportMapping, type ImportResult } from '../../../shared/contracts/learner-files.js';
import type { ParentDashboard } from '../../../shared/contracts/dashboard.js';
import type { ListStudentsResponse, StudentDetail } from '../../../shared/contracts/learners.js';
import type { Task } from '../../../shared/contracts/tasks.js';
import { addDays, schoolToday } from '../../../shared/dates.js';

/**
 * Learner import and export (issue 10 §2 Import and Export, §4 Public API, "Bad input"): dry run and
 * commit, re-import updates, every bad row with row/column/reason, whole-file refusals, CSV as Excel
 * saves it, .xlsx with numbers and real dates, size limits, the background task, and exports with the
 * register's filters and visibility, with formula escaping. Runs on PGlite and on PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const HEADER = IMPORT_COLUMNS.join(',');

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'parent', 'finance', 'hr', 'rsPrincipal', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

const CSV = 'text/csv';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST a file as multipart field `file`. */
function upload(url: string, who: string | undefined, name: string, content: string | Buffer, type = CSV) {
  const boundary = '----edufam-import-test';
  const payload = multipartFile(boundary, name, type, content);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? { cookie: cookie[who]! } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function importFile(query: string, name: string, content: string | Buffer, type = CSV, status = 200): Promise<ImportResult> {
  const res = await upload(`/api/students/import${query}`, 'principal', name, content, type);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as ImportResult;
}

function get(url: string, who?: string) {
  return t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who]! } : {} });
}

/** GET `url` as `who`, which must answer 200 with an Excel file; the answer and the workbook read from it. */
async function getWorkbook(url: string, who: string) {
  const res = await get(url, who);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, wb };
}

/** A CSV line: fields with , " or line breaks quoted. */
function line(fields: string[], delimiter = ','): string {
  return fields.map((f) => (/[",;\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(delimiter);
}

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;
const learner = (over: Row = {}): Row => ({
  first_name: 'Achieng',
  last_name: 'Odhiambo',
  gender: 'F',
  date_of_birth: '2013-05-14',
  class: 'Grade 7 East',
  boarding: 'day',
  guardian_name: 'Rose Odhiambo',
  guardian_relationship: 'mother',
  guardian_phone: '0711000001',
  ...over,
});
function csvOf(rows: Row[], opts: { delimiter?: string; bom?: boolean; eol?: string } = {}): string {
  const d = opts.delimiter ?? ',';
  const eol = opts.eol ?? '\n';
  const text = [IMPORT_COLUMNS.join(d), ...rows.map((r) => line(IMPORT_COLUMNS.map((c) => r[c] ?? ''), d))].join(eol) + eol;
  return (opts.bom ? '\ufeff' : '') + text;
}

async function counts() {
  return system(t.database, async (tx) => {
    const n = async (table: typeof students | typeof guardians | typeof studentEnrolments | typeof studentGuardians) =>
      Number((await tx.select({ n: count() }).from(table).where(eq(table.schoolId, greenhill)))[0]!.n);
    const [audit] = await tx.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'STUDENTS_IMPORTED'));
    return { students: await n(students), guardians: await n(guardians), enrolments: await n(studentEnrolments), links: await n(studentGuardians), audits: Number(audit!.n) };
  });
}

/** Learners of Greenhill with this first name (and last name, where the demo seed has the first name too). */
async function learnersNamed(firstName: string, lastName?: string) {
  return system(t.database, (tx) =>
    tx
      .select({ id: students.id, admissionNumber: students.admissionNumber, firstName: students.firstName, lastName: students.lastName, middleName: students.middleName, className: classes.name, dateOfBirth: students.dateOfBirth, boarding: students.boarding, admittedOn: students.admittedOn, upi: students.upi })
      .from(students)
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, greenhill), eq(students.firstName, firstName), lastName ? eq(students.lastName, lastName) : undefined)),
  );
}

async function guardiansOf(studentId: string) {
  return system(t.database, (tx) =>
    tx
      .select({ id: guardians.id, name: guardians.name, phone: guardians.phone, relationship: studentGuardians.relationship, isPrimary: studentGuardians.isPrimary })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(studentGuardians.studentId, studentId)),
  );
}

describe('access (401, 403, 404, 400)', () => {
  it('refuses without a session', async () => {
    expect((await upload('/api/students/import', undefined, 'a.csv', csvOf([learner()]))).statusCode).toBe(401);
    expect((await get('/api/students/export')).statusCode).toBe(401);
    expect((await get('/api/students/import/template')).statusCode).toBe(401);
  });

  it('imports and templates are the principal’s; exports are for staff who read the register', async () => {
    for (const who of ['director', 'teacher', 'finance', 'parent', 'hr', 'admin']) {
      expect((await upload('/api/students/import', who, 'a.csv', csvOf([learner()]))).statusCode, who).toBe(403);
      expect((await get('/api/students/import/template', who)).statusCode, who).toBe(403);
    }
    // HR does not read the register; a parent reads their children but does not export lists.
    expect((await get('/api/students/export', 'hr')).statusCode).toBe(403);
    const parent = await get('/api/students/export', 'parent');
    expect(parent.statusCode).toBe(403);
    expect(parent.json().error.message).toBe('Only school staff can export the register.');
  });

  it('400 names the bad query field; 400 without a file', async () => {
    const res = await get('/api/students/export?format=pdf', 'principal');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('format');
    expect((await get('/api/students/import/template?format=doc', 'principal')).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/students/import', headers: { cookie: cookie.principal! } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Choose a file to upload.');
  });

  it("another school's import task is 404", async () => {
    const res = await upload('/api/students/import?commit=true&async=true', 'principal', 'one.csv', csvOf([learner({ first_name: 'Taskia', guardian_phone: '0711000900' })]));
    expect(res.statusCode, res.body).toBe(202);
    const { taskId } = res.json() as { taskId: string };
    expect((await get(`/api/tasks/${taskId}`, 'rsPrincipal')).statusCode).toBe(404);
    expect((await get(`/api/tasks/${taskId}`, 'director')).statusCode).toBe(404);
    await waitForTask(taskId);
  });
});

async function waitForTask(id: string, timeoutMs = 30_000): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get(`/api/tasks/${id}`, 'principal');
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json() as Task;
    if (task.status === 'succeeded' || task.status === 'failed') return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('GET /api/students/import/template', () => {
  it('CSV: exactly the template columns and two example rows in the school’s own classes', async () => {
    const res = await get('/api/students/import/template?format=csv', 'principal');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('learners-import-template.csv');
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...IMPORT_COLUMNS]);
    expect(rows).toHaveLength(3);
    const classNames = await system(t.database, (tx) => tx.select({ name: classes.name }).from(classes).where(eq(classes.schoolId, greenhill)));
    for (const r of rows.slice(1)) {
      expect(classNames.map((c) => c.name)).toContain(r[IMPORT_COLUMNS.indexOf('class')]);
      expect(['M', 'F']).toContain(r[IMPORT_COLUMNS.indexOf('gender')]);
      expect(r[IMPORT_COLUMNS.indexOf('date_of_birth')]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    // The template itself passes a dry run.
    const check = await importFile('', 'template.csv', res.rawPayload);
    expect(check).toMatchObject({ created: 2, updated: 0, errors: [], committed: false });
  });

  it('Excel: the same columns, an Instructions sheet and text-formatted phone numbers', async () => {
    const { res, wb } = await getWorkbook('/api/students/import/template?format=xlsx', 'principal');
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Learners', 'Instructions']);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(IMPORT_COLUMNS.indexOf('guardian_phone') + 1).value).toBe('0712345678');
    const info = wb.getWorksheet('Instructions')!;
    const texts: string[] = [];
    info.eachRow((r) => texts.push(String(r.getCell(1).value ?? '')));
    expect(texts).toEqual(expect.arrayContaining(['guardian_phone', 'Grade 7 East']));
    const check = await importFile('', 'template.xlsx', res.rawPayload, XLSX);
    expect(check).toMatchObject({ created: 2, errors: [] });
  });
});

describe('POST /api/students/import: dry run, commit, re-import', () => {
  const names: Row[] = [
    learner({ first_name: 'Wambui', middle_name: "Ng'ang'a", last_name: 'Chelangat-Kiprono', guardian_name: "Joseph Ng'ang'a", guardian_phone: '0711000002', guardian_email: 'joseph@example.com' }),
    learner({ first_name: 'Zoë', last_name: 'Mwende', gender: 'female', class: 'grade 8 west', boarding: 'Boarding', guardian_phone: '+254 711 000 003', guardian_relationship: 'Father' }),
    learner({ first_name: '  Kiprotich ', last_name: 'Kiptoo', gender: 'm', date_of_birth: '', guardian_phone: '254711000004', guardian_relationship: '' }),
  ];

  it('a dry run reports what would be written and changes nothing', async () => {
    const before = await counts();
    const result = await importFile('', 'names.csv', csvOf(names));
    expect(result).toEqual({
      created: 3,
      updated: 0,
      errors: [],
      unchanged: 0,
      warnings: [],
      rows: 3,
      badRows: 0,
      goodRows: 3,
      committed: false,
      fileName: 'names.csv',
    });
    expect(await counts()).toEqual(before);
  });

  it('commit writes every good row with class history and guardians, names kept exactly, one audit entry', async () => {
    const before = await counts();
    const result = await importFile('?commit=true', 'names.csv', csvOf(names));
    expect(result).toMatchObject({ created: 3, updated: 0, errors: [], committed: true });
    const after = await counts();
    expect(after).toMatchObject({ students: before.students + 3, guardians: before.guardians + 3, enrolments: before.enrolments + 3, links: before.links + 3, audits: before.audits + 1 });

    const [w] = await learnersNamed('Wambui', 'Chelangat-Kiprono');
    expect(w).toMatchObject({ middleName: "Ng'ang'a", lastName: 'Chelangat-Kiprono', className: 'Grade 7 East', dateOfBirth: '2013-05-14', admittedOn: schoolToday() });
    // Admission numbers carry the calendar year of the admission.
    expect(w!.admissionNumber).toMatch(new RegExp(`^GHA/${schoolToday().slice(0, 4)}/\\d{4}$`));
    expect(await guardiansOf(w!.id)).toEqual([expect.objectContaining({ name: "Joseph Ng'ang'a", phone: '254711000002', relationship: 'mother', isPrimary: true })]);
    const [z] = await learnersNamed('Zoë');
    expect(z).toMatchObject({ className: 'Grade 8 West', boarding: 'boarding' });
    expect((await guardiansOf(z!.id))[0]).toMatchObject({ phone: '254711000003', relationship: 'father' });
    const [k] = await learnersNamed('Kiprotich');
    expect(k).toMatchObject({ lastName: 'Kiptoo', dateOfBirth: null });
    expect((await guardiansOf(k!.id))[0]).toMatchObject({ relationship: 'guardian' });

    const history = await system(t.database, (tx) => tx.select().from(studentEnrolments).where(eq(studentEnrolments.studentId, w!.id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ startedOn: schoolToday(), endedOn: null });

    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.action, 'STUDENTS_IMPORTED')).orderBy(sql`${auditLogs.createdAt} desc`).limit(1),
    );
    expect(audit).toMatchObject({ schoolId: greenhill, performedByRole: 'principal', success: true });
    expect(audit!.newValue).toMatchObject({ fileName: 'names.csv', created: 3, updated: 0, rows: 3, badRows: 0 });
    // Learners appear in the register.
    const list = await get(`/api/students?search=${encodeURIComponent('Chelangat-Kiprono')}`, 'principal');
    expect((list.json() as ListStudentsResponse).items.map((s) => s.firstName)).toEqual(['Wambui']);
  });

  it('re-importing the same file (no admission numbers) updates, never duplicates', async () => {
    const before = await counts();
    const again = await importFile('?commit=true', 'names.csv', csvOf(names));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: [] });
    expect(await counts()).toEqual({ ...before, audits: before.audits + 1 });
  });

  it('re-importing with admission numbers updates fields, class (class history) and links a new guardian by phone', async () => {
    const [w] = await learnersNamed('Wambui', 'Chelangat-Kiprono');
    const [z] = await learnersNamed('Zoë');
    // The demo parent's phone (two children already): the guardian is linked, not duplicated.
    const changed = [
      learner({ ...names[0], admission_number: w!.admissionNumber.toLowerCase(), class: 'Grade 7 West', upi: 'UPI-77', guardian_phone: '0720 430 533', guardian_name: 'Someone Else', guardian_relationship: 'father' }),
      learner({ ...names[1], admission_number: z!.admissionNumber }),
    ];
    const before = await counts();
    const dry = await importFile('', 'changes.csv', csvOf(changed));
    expect(dry).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });
    const result = await importFile('?commit=true', 'changes.csv', csvOf(changed));
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });
    const after = await counts();
    expect(after).toMatchObject({ students: before.students, guardians: before.guardians, enrolments: before.enrolments, links: before.links + 1 });
    const [w2] = await learnersNamed('Wambui', 'Chelangat-Kiprono');
    expect(w2).toMatchObject({ id: w!.id, admissionNumber: w!.admissionNumber, className: 'Grade 7 West', upi: 'UPI-77', dateOfBirth: '2013-05-14' });
    const links = await guardiansOf(w!.id);
    expect(links).toHaveLength(2);
    // The known guardian keeps their name; the learner's first guardian stays primary.
    expect(links.find((g) => g.phone === '254720430533')).toMatchObject({ relationship: 'father', isPrimary: false });
    expect(links.find((g) => g.phone === '254720430533')!.name).not.toBe('Someone Else');
    const history = await system(t.database, (tx) =>
      tx.select({ className: classes.name }).from(studentEnrolments).innerJoin(classes, eq(classes.id, studentEnrolments.classId)).where(eq(studentEnrolments.studentId, w!.id)),
    );
    expect(history).toEqual([{ className: 'Grade 7 West' }]);
  });
});

describe('bad rows and bad files', () => {
  it('lists every bad row with its row, column and reason, and imports the good ones only', async () => {
    const rows: Row[] = [
      learner({ first_name: 'Goodone', guardian_phone: '0711000101' }), // row 2: good
      learner({ first_name: '', gender: 'X', guardian_phone: '0711000102' }), // row 3
      learner({ first_name: 'Future', date_of_birth: addDays(schoolToday(), 30), guardian_phone: '0711000103' }), // row 4
      learner({ first_name: 'Notadate', date_of_birth: '2014-02-30', guardian_phone: '0711000104' }), // row 5
      learner({ first_name: 'Lost', class: 'Grade 12 North', guardian_phone: '0711000105' }), // row 6
      learner({ first_name: 'Weekly', boarding: 'weekly', guardian_phone: '12345' }), // row 7
      learner({ first_name: 'Mailer', guardian_email: 'not-an-email', guardian_phone: '0711000107' }), // row 8
      learner({ first_name: 'Dup1', admission_number: 'IMP/001', guardian_phone: '0711000108' }), // row 9
      learner({ first_name: 'Dup2', admission_number: 'imp/001', guardian_phone: '0711000109' }), // row 10
      learner({ first_name: 'Noguardian', guardian_name: '', guardian_phone: '' }), // row 11
      learner({ first_name: 'Goodtwo', guardian_phone: '0711000111', class: 'PP1 East' }), // row 12: good
    ];
    const text = csvOf(rows).replace('\n', '\n\n'); // a blank line after the header: row numbers still match the sheet
    const before = await counts();
    const dry = await importFile('', 'bad.csv', text);
    const at = (row: number) => dry.errors.filter((e) => e.row === row).map((e) => [e.column, e.message]);
    expect(at(4)).toEqual([
      ['first_name', 'first_name is required.'],
      ['gender', 'Gender must be M or F (or male / female).'],
    ]);
    expect(at(5)).toEqual([['date_of_birth', 'The date of birth cannot be in the future.']]);
    expect(at(6)).toEqual([['date_of_birth', 'Enter the date of birth as dd/mm/yyyy, e.g. 12/03/2014 (YYYY-MM-DD also works).']]);
    expect(at(7)).toEqual([['class', 'Unknown class "Grade 12 North": use a class of the current academic year, e.g. as in the template.']]);
    expect(at(8)).toEqual([
      ['boarding', 'Boarding must be day or boarding (blank means day).'],
      ['guardian_phone', 'Please enter a valid Kenyan phone number'],
    ]);
    expect(at(9)).toEqual([['guardian_email', 'Enter a valid e-mail address.']]);
    expect(at(10)).toEqual([]);
    expect(at(11)).toEqual([['admission_number', 'Admission number imp/001 is also on row 10.']]);
    expect(at(12)).toEqual([
      ['guardian_name', 'guardian_name is required.'],
      ['guardian_phone', 'guardian_phone is required.'],
    ]);
    expect(dry).toMatchObject({ created: 3, updated: 0, rows: 11, badRows: 8, goodRows: 3 });
    expect(await counts()).toEqual(before);

    const result = await importFile('?commit=true', 'bad.csv', text);
    expect(result.errors).toEqual(dry.errors);
    expect(result).toMatchObject({ created: 3, committed: true });
    expect((await counts()).students).toBe(before.students + 3);
    expect((await learnersNamed('Dup1'))[0]).toMatchObject({ admissionNumber: 'IMP/001' });
    expect(await learnersNamed('Dup2')).toEqual([]);
    expect(await learnersNamed('Future')).toEqual([]);
  });

  it('accepts the relationship words schools write (issue 34), stored as the nearest vocabulary value; a nonsense word is refused', async () => {
    const rows: Row[] = [
      learner({ first_name: 'Kinwordone', guardian_relationship: 'Grandmother', guardian_phone: '0711000301' }), // row 2
      learner({ first_name: 'Kinwordtwo', guardian_relationship: 'AUNT', guardian_phone: '0711000302' }), // row 3
      learner({ first_name: 'Kinwordthree', guardian_relationship: 'step-father', guardian_phone: '0711000303' }), // row 4
      learner({ first_name: 'Kinwordfour', guardian_relationship: 'Neighbourly', guardian_phone: '0711000304' }), // row 5
    ];
    const result = await importFile('?commit=true', 'kin.csv', csvOf(rows));
    expect(result.errors).toEqual([
      {
        row: 5,
        column: 'guardian_relationship',
        message: 'Relationship must be one of: mother, father, guardian, grandparent, sibling, relative, sponsor, other, grandmother, grandfather, aunt, uncle, brother, sister, step-mother, step-father.',
      },
    ]);
    expect(result).toMatchObject({ created: 3, committed: true });
    for (const [name, relationship] of [['Kinwordone', 'grandparent'], ['Kinwordtwo', 'relative'], ['Kinwordthree', 'relative']] as const) {
      const [s] = await learnersNamed(name);
      expect((await guardiansOf(s!.id)).map((g) => g.relationship), name).toEqual([relationship]);
    }
    expect(await learnersNamed('Kinwordfour')).toEqual([]);
  });

  it('refuses a file with missing or misspelt columns as a whole, naming them', async () => {
    const before = await counts();
    const header = IMPORT_COLUMNS.map((c) => (c === 'guardian_phone' ? 'guardian_phon' : c)).join(',');
    const res = await upload('/api/students/import?commit=true', 'principal', 'typo.csv', `${header}\nA,B,,C,F,,Grade 7 East,,,day,G,mother,0711000201,\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Missing columns: guardian_phone. Unknown columns: guardian_phon. Download the template for the exact column names.');
    const fewer = await upload('/api/students/import', 'principal', 'fewer.csv', 'first_name,last_name\nA,B\n');
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().error.message).toMatch(/^Missing columns: admission_number, middle_name, gender, date_of_birth, class,/);
    // Header names are trimmed and case-insensitive.
    const loose = ` ${IMPORT_COLUMNS.map((c) => c.toUpperCase()).join(' , ')} \nA,B,,C,F,,Grade 7 East,,,day,G,mother,0711000201,\n`;
    expect((await importFile('', 'loose.csv', loose)).errors).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('reads a CSV as Excel saves it: byte-order mark, semicolons, CRLF, day-first dates, phones without the 0', async () => {
    const rows: Row[] = [
      learner({ first_name: 'Semi', last_name: 'Colon; Jr', date_of_birth: '14/05/2013', guardian_phone: '711000301' }),
      learner({ first_name: 'Crlf', date_of_birth: '2013-05-14', guardian_phone: '0711 000 302' }),
    ];
    const text = csvOf(rows, { delimiter: ';', bom: true, eol: '\r\n' });
    const result = await importFile('?commit=true', 'excel.csv', Buffer.from(text, 'utf8'));
    expect(result).toMatchObject({ created: 2, errors: [] });
    const [s] = await learnersNamed('Semi');
    expect(s).toMatchObject({ lastName: 'Colon; Jr', dateOfBirth: '2013-05-14' });
    expect((await guardiansOf(s!.id))[0]!.phone).toBe('254711000301');
  });

  it('reads .xlsx with numeric phone numbers and real Excel dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Register');
    ws.addRow([...IMPORT_COLUMNS]);
    const row = (v: Record<string, unknown>) => ws.addRow(IMPORT_COLUMNS.map((c) => v[c] ?? null));
    row({ first_name: 'Excelia', last_name: 'Njoroge', gender: 'F', date_of_birth: new Date(Date.UTC(2012, 0, 31)), class: 'Grade 9 East', guardian_name: 'Ann Njoroge', guardian_phone: 712345601 });
    row({ first_name: 'Serialo', last_name: 'Mutua', gender: 'M', date_of_birth: 41500, class: 'Grade 9 West', guardian_name: 'Paul Mutua', guardian_phone: 254712345602, admission_number: 990123 });
    row({ first_name: { richText: [{ text: 'Rich' }, { text: 'ard' }] }, last_name: 'Kamau', gender: 'M', class: 'Grade 9 West', guardian_name: 'Jane Kamau', guardian_phone: '0712345603', guardian_email: { text: 'jane@example.com', hyperlink: 'mailto:jane@example.com' } });
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const result = await importFile('?commit=true', 'register.xlsx', buf, XLSX);
    expect(result).toMatchObject({ created: 3, errors: [] });
    const [e] = await learnersNamed('Excelia');
    expect(e).toMatchObject({ dateOfBirth: '2012-01-31', className: 'Grade 9 East' });
    expect((await guardiansOf(e!.id))[0]!.phone).toBe('254712345601');
    const [s] = await learnersNamed('Serialo');
    expect(s).toMatchObject({ dateOfBirth: '2013-08-14', admissionNumber: '990123' });
    expect(await learnersNamed('Richard')).toHaveLength(1);
  });

  it('never a 500: empty file, junk renamed .csv, an .xlsx with no rows, a broken workbook, a 20 MB file', async () => {
    const empty = await upload('/api/students/import', 'principal', 'empty.csv', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The file is empty.');

    const binary = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37) % 256));
    const junk = await upload('/api/students/import', 'principal', 'photo.csv', binary);
    expect(junk.statusCode).toBe(415);
    expect(junk.json().error.message).toBe('This type of file is not accepted here. Upload a CSV file or an Excel workbook (.xlsx).');

    const text = await upload('/api/students/import', 'principal', 'notes.csv', 'Dear parents,\nthe school opens on Monday.\n');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('COLUMNS');

    const headerOnly = new ExcelJS.Workbook();
    headerOnly.addWorksheet('Sheet1').addRow([...IMPORT_COLUMNS]);
    const noRows = await upload('/api/students/import', 'principal', 'none.xlsx', Buffer.from(await headerOnly.xlsx.writeBuffer()), XLSX);
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().error.message).toBe('The file has a header row but no learners.');

    const blankBook = new ExcelJS.Workbook();
    blankBook.addWorksheet('Sheet1');
    const blank = await upload('/api/students/import', 'principal', 'blank.xlsx', Buffer.from(await blankBook.xlsx.writeBuffer()), XLSX);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('The file has no header row. Download the template and keep its first row.');

    // A zip that is not a workbook.
    const good = Buffer.from(await headerOnly.xlsx.writeBuffer());
    const broken = Buffer.concat([good.subarray(0, 400), Buffer.alloc(400, 7)]);
    const res = await upload('/api/students/import', 'principal', 'broken.xlsx', broken, XLSX);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The file could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.');

    const unclosed = await upload('/api/students/import', 'principal', 'quote.csv', `${HEADER}\n"unterminated,B\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error.message).toBe('The file could not be read as CSV (near line 2). Save it again as "CSV UTF-8" or as an Excel workbook.');

    const big = Buffer.alloc(20 * 1024 * 1024, 'a');
    const tooBig = await upload('/api/students/import', 'principal', 'big.csv', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('The file is larger than 10 MB. Choose a smaller file.');
  });

  it('a learner who has left cannot be updated by an import; a full stream is a warning, not an error', async () => {
    const [left] = await system(t.database, async (tx) => {
      const [s] = await tx.select().from(students).where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'))).limit(1);
      await tx.update(students).set({ status: 'transferred' }).where(eq(students.id, s!.id));
      return [s!];
    });
    const [pp2] = await system(t.database, (tx) =>
      tx
        .select({ id: classes.id, n: sql<number>`(select count(*) from ${students} where ${students.classId} = ${classes.id} and ${students.status} = 'active')`.mapWith(Number) })
        .from(classes)
        .where(and(eq(classes.schoolId, greenhill), eq(classes.name, 'PP2 West'), sql`${classes.academicYearId} in (select id from academic_years where is_current)`)),
    );
    // Room for 2 more in PP2 West; the file brings 3.
    await system(t.database, (tx) => tx.update(classes).set({ capacity: pp2!.n + 2 }).where(eq(classes.id, pp2!.id)));
    const rows: Row[] = [
      learner({ admission_number: left.admissionNumber, first_name: left.firstName, last_name: left.lastName }),
      ...[1, 2, 3].map((i) => learner({ first_name: `Tiny${i}`, class: 'PP2 West', date_of_birth: '2021-02-02', guardian_phone: `07110004${i}0` })),
    ];
    const result = await importFile('?commit=true', 'full.csv', csvOf(rows));
    expect(result.errors).toEqual([
      { row: 2, column: 'admission_number', message: `Admission number ${left.admissionNumber} belongs to a learner who is no longer active (transferred). Readmit them before importing changes.` },
    ]);
    expect(result.warnings).toEqual([
      { row: 5, column: 'class', message: `PP2 West will have ${pp2!.n + 3} learners, over its capacity of ${pp2!.n + 2}. The rows are imported anyway.` },
    ]);
    expect(result.created).toBe(3);
  });
});

/** POST a file with a `mapping` field (sent before the file, as the web sends it). */
function uploadMapped(url: string, name: string, content: string, mapping: ImportMapping | string) {
  const boundary = '----edufam-import-test';
  const field = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${typeof mapping === 'string' ? mapping : JSON.stringify(mapping)}\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookie.principal!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([field, multipartFile(boundary, name, CSV, content)]),
  });
}

describe('relationship words kept as typed, column mapping (issue 34)', () => {
  it('a Grandmother row keeps "Grandmother" beside grandparent: on the learner’s record, the parent’s dashboard and the export; the form’s relationship replaces it', async () => {
    const [parent] = await system(t.database, (tx) =>
      tx
        .select({ phone: guardians.phone })
        .from(guardians)
        .where(and(eq(guardians.schoolId, greenhill), sql`${guardians.profileId} = (select id from profiles where email = 'parent@greenhill.edufam.test')`)),
    );
    const local = `0${parent!.phone.slice(3)}`;
    const rows: Row[] = [
      learner({ first_name: 'Nyokabi', last_name: 'Labelled', guardian_name: 'Parent Demo', guardian_relationship: 'Grandmother', guardian_phone: local }),
      learner({ first_name: 'Mumbua', last_name: 'Labelled', guardian_relationship: ' Mother ', guardian_phone: '0711000801' }),
    ];
    expect(await importFile('?commit=true', 'kin-words.csv', csvOf(rows))).toMatchObject({ created: 2, errors: [] });
    const [g] = await learnersNamed('Nyokabi', 'Labelled');
    const [m2] = await learnersNamed('Mumbua', 'Labelled');
    const links = await system(t.database, (tx) =>
      tx.select({ studentId: studentGuardians.studentId, relationship: studentGuardians.relationship, label: studentGuardians.relationshipLabel }).from(studentGuardians).where(inArray(studentGuardians.studentId, [g!.id, m2!.id])),
    );
    expect(links.find((l) => l.studentId === g!.id)).toMatchObject({ relationship: 'grandparent', label: 'Grandmother' });
    // The vocabulary word itself needs no label: its own ("Mother") shows.
    expect(links.find((l) => l.studentId === m2!.id)).toMatchObject({ relationship: 'mother', label: null });

    const detail = (await get(`/api/students/${g!.id}`, 'principal')).json() as StudentDetail;
    expect(detail.guardians[0]).toMatchObject({ relationship: 'grandparent', relationshipLabel: 'Grandmother' });
    const home = (await get('/api/dashboard', 'parent')).json() as ParentDashboard;
    expect(home.children.find((c) => c.studentId === g!.id)).toMatchObject({ relationship: 'grandparent', relationshipLabel: 'Grandmother' });
    const own = (await get(`/api/students/${g!.id}`, 'parent')).json() as StudentDetail;
    expect(own.guardians.find((x) => x.relationship === 'grandparent')).toMatchObject({ relationshipLabel: 'Grandmother' });

    const exp = await get('/api/students/export?search=Labelled', 'principal');
    const [header, ...out] = parse(exp.rawPayload, { bom: true }) as string[][];
    const col = header!.indexOf('guardian_relationship');
    expect(Object.fromEntries(out.map((r) => [r[1], r[col]]))).toEqual({ Nyokabi: 'Grandmother', Mumbua: 'mother' });
    // The export imports back unchanged: the typed word maps to the same link.
    expect(await importFile('', 'export.csv', exp.rawPayload)).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: [] });

    // Choosing a relationship in the form replaces the typed word.
    const guardianId = detail.guardians[0]!.id;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/students/${g!.id}/guardians/${guardianId}`, headers: { cookie: cookie.principal! }, payload: { relationship: 'other' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as StudentDetail).guardians[0]).toMatchObject({ relationship: 'other', relationshipLabel: null });
  });

  const THEIR_HEADERS = ['Adm No', 'Full Name', 'Sex', 'DOB', 'Stream', 'Parent Name', 'Relationship', 'Parent Phone', 'Notes'];
  const theirCsv = [
    THEIR_HEADERS.join(','),
    'MAP/001,Wanjiku Njeri Mapped,F,12/03/2014,Grade 7 East,Grace Mapped,Grandmother,0711000901,first term',
    'MAP/002,Otieno Mapped,M,2013-08-30,Grade 8 West,Tom Mapped,father,0711000902,',
  ].join('\n');

  it('a file with other headers is refused with its headers, then imports with a mapping', async () => {
    const before = await counts();
    const plain = await upload('/api/students/import', 'principal', 'theirs.csv', theirCsv);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toMatchObject({ code: 'COLUMNS', details: { headers: THEIR_HEADERS } });

    const mapping = guessMapping(THEIR_HEADERS);
    expect(mapping).toEqual({
      admission_number: 'Adm No',
      full_name: 'Full Name',
      gender: 'Sex',
      date_of_birth: 'DOB',
      class: 'Stream',
      guardian_name: 'Parent Name',
      guardian_relationship: 'Relationship',
      guardian_phone: 'Parent Phone',
    });
    const dry = await uploadMapped('/api/students/import', 'theirs.csv', theirCsv, mapping);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ created: 2, updated: 0, rows: 2, errors: [], committed: false });
    expect(await counts()).toEqual(before);

    const done = await uploadMapped('/api/students/import?commit=true', 'theirs.csv', theirCsv, mapping);
    expect(done.json()).toMatchObject({ created: 2, errors: [], committed: true });
    const [w] = await learnersNamed('Wanjiku', 'Mapped');
    expect(w).toMatchObject({ admissionNumber: 'MAP/001', middleName: 'Njeri', className: 'Grade 7 East', dateOfBirth: '2014-03-12' });
    expect((await guardiansOf(w!.id))[0]).toMatchObject({ name: 'Grace Mapped', phone: '254711000901', relationship: 'grandparent' });
    expect(await learnersNamed('Otieno', 'Mapped')).toEqual([expect.objectContaining({ admissionNumber: 'MAP/002', middleName: null })]);

    // The background import reads the stored file with the same mapping.
    const again = await uploadMapped('/api/students/import?commit=true&async=true', 'theirs.csv', theirCsv, mapping);
    expect(again.statusCode, again.body).toBe(202);
    const task = await waitForTask((again.json() as { taskId: string }).taskId);
    expect(task).toMatchObject({ status: 'succeeded' });
    expect(task.result).toMatchObject({ created: 0, unchanged: 2, errors: [] });
  });

  it('a bad mapping is 400 MAPPING, naming the problem, and nothing is written', async () => {
    const before = await counts();
    const good = guessMapping(THEIR_HEADERS);
    const cases: [ImportMapping | string, string][] = [
      [{ ...good, favourite_colour: 'Notes' } as ImportMapping, 'The mapping names columns the import does not have: favourite_colour.'],
      [{ ...good, upi: 'UPI Number' }, 'The mapping names columns that are not in the file: UPI Number.'],
      [{ ...good, guardian_phone: null }, "Choose the file's column for: guardian_phone."],
      [{ ...good, upi: 'Parent Phone' }, 'Each column of the file can hold only one of ours; used more than once: Parent Phone.'],
      [{ ...good, first_name: 'Notes' }, 'Choose either a full-name column or first and last name columns, not both.'],
      ['{not json', 'The column mapping could not be read: send it as a JSON object of our column → your column.'],
      ['["Adm No"]', 'The column mapping could not be read: send it as a JSON object of our column → your column.'],
    ];
    for (const [mapping, message] of cases) {
      const res = await uploadMapped('/api/students/import?commit=true', 'theirs.csv', theirCsv, mapping);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MAPPING', message });
    }
    const async = await uploadMapped('/api/students/import?commit=true&async=true', 'theirs.csv', theirCsv, { favourite_colour: 'Notes' } as ImportMapping);
    expect(async.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('background import (async)', () => {
  it('stores the upload, answers 202 with a task, and the task finishes with the same result and its progress in rows', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => learner({ first_name: `Async${i}`, guardian_phone: `07115${String(i).padStart(5, '0')}` }));
    rows.push(learner({ first_name: 'Asyncbad', gender: '?' }));
    const res = await upload('/api/students/import?commit=true&async=true', 'principal', 'async.csv', csvOf(rows));
    expect(res.statusCode, res.body).toBe(202);
    const { taskId } = res.json() as { taskId: string };
    const task = await waitForTask(taskId);
    expect(task).toMatchObject({ kind: 'student-import', status: 'succeeded', progress: 31, total: 31 });
    expect(task.result).toMatchObject({ created: 30, updated: 0, committed: true, fileName: 'async.csv', errors: [{ row: 32, column: 'gender', message: 'Gender must be M or F (or male / female).' }] });
    const made = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(students).where(and(eq(students.schoolId, greenhill), sql`${students.firstName} like 'Async%'`)),
    );
    expect(Number(made[0]!.n)).toBe(30);
    const [audit] = await system(t.database, (tx) =>
      tx.select().from(auditLogs).where(and(eq(auditLogs.action, 'STUDENTS_IMPORTED'), sql`${auditLogs.metadata}->>'taskId' = ${taskId}`)),
    );
    expect(audit!.newValue).toMatchObject({ created: 30, fileName: 'async.csv' });

    // A retry of a task that already committed writes nothing twice.
    const before = await counts();
    await system(t.database, (tx) => tx.execute(sql`update background_tasks set status = 'failed' where id = ${taskId}`));
    const retry = await t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/retry`, headers: { cookie: cookie.principal! } });
    expect(retry.statusCode, retry.body).toBe(202);
    const again = await waitForTask(taskId);
    expect(again).toMatchObject({ status: 'succeeded' });
    expect(again.result).toMatchObject({ created: 30, committed: true });
    expect((await counts()).students).toBe(before.students);
  });

  it('a file with wrong columns is refused at once, not as a task', async () => {
    const res = await upload('/api/students/import?commit=true&async=true', 'principal', 'typo.csv', 'first_nam,last_name\nA,B\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('COLUMNS');
  });
});

describe('GET /api/students/export', () => {
  async function exported(url: string, who = 'principal') {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    return { res, header: rows[0]!, rows: rows.slice(1) };
  }

  it('CSV with the template columns plus status and admission date, the register’s filters, formulas escaped', async () => {
    await importFile(
      '?commit=true',
      'formula.csv',
      csvOf([learner({ first_name: '=HYPERLINK("http://x","y")', last_name: '+Plus', middle_name: '@Mid', class: 'Grade 6 West', guardian_name: '-Minus', guardian_phone: '0711000601' })]),
    );
    const classId = (await system(t.database, (tx) => tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, greenhill), eq(classes.name, 'Grade 6 West'), sql`${classes.academicYearId} in (select id from academic_years where is_current)`))))[0]!.id;
    const { res, header, rows } = await exported(`/api/students/export?format=csv&classId=${classId}&sort=admissionNumber`);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="learners-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(header).toEqual([...IMPORT_COLUMNS, 'status', 'admission_date']);
    const list = (await get(`/api/students?classId=${classId}&pageSize=200`, 'principal')).json() as ListStudentsResponse;
    expect(rows).toHaveLength(list.total);
    expect(rows.every((r) => r[6] === 'Grade 6 West' && r[14] === 'active')).toBe(true);
    const sorted = rows.map((r) => r[0]!);
    expect(sorted).toEqual([...sorted].sort());
    const f = rows.find((r) => r[3] === "'+Plus")!;
    expect(f).toBeDefined();
    expect(f[1]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(f[2]).toBe("'@Mid");
    expect(f[10]).toBe("'-Minus");
    expect(f[12]).toBe('0711000601');
    expect(f[4]).toBe('F');
    // Gender and search filters.
    const boys = await exported(`/api/students/export?classId=${classId}&gender=male`);
    expect(boys.rows.length).toBeGreaterThan(0);
    expect(boys.rows.every((r) => r[4] === 'M')).toBe(true);
    const one = await exported(`/api/students/export?search=Chelangat-Kiprono`);
    expect(one.rows.map((r) => r[1])).toEqual(['Wambui']);
  });

  it('Excel with the same columns', async () => {
    const { wb } = await getWorkbook('/api/students/export?format=xlsx&search=Chelangat-Kiprono', 'director');
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS, 'status', 'admission_date']);
    expect(ws.getRow(2).getCell(2).value).toBe('Wambui');
    expect(ws.getRow(2).getCell(3).value).toBe("Ng'ang'a");
  });

  it('an export imports back unchanged', async () => {
    const { res } = await exported('/api/students/export?search=Chelangat-Kiprono');
    expect(await importFile('', 'export.csv', res.rawPayload)).toMatchObject({ created: 0, updated: 0, unchanged: 1, errors: [] });
  });

  it('a teacher exports only the learners they teach, with guardian contacts only for the stream they lead', async () => {
    const { rows } = await exported('/api/students/export?pageSize=5', 'teacher');
    const mine: string[] = [];
    for (let page = 1; ; page++) {
      const p = (await get(`/api/students?pageSize=200&page=${page}`, 'teacher')).json() as ListStudentsResponse;
      mine.push(...p.items.map((s) => s.admissionNumber));
      if (mine.length >= p.total) break;
    }
    expect(rows).toHaveLength(mine.length);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(mine));
    const withContacts = new Set(rows.filter((r) => r[12]).map((r) => r[6]));
    expect([...withContacts]).toEqual(['Grade 7 East']);
    expect(rows.some((r) => r[6] !== 'Grade 7 East' && !r[12])).toBe(true);
  });

  it('another school’s learners never appear; the finance officer exports the whole school', async () => {
    const { rows } = await exported('/api/students/export?status=all', 'rsPrincipal');
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.every((r) => r[0]!.startsWith('RIS/'))).toBe(true);
    expect(rows.some((r) => r[3] === 'Chelangat-Kiprono')).toBe(false);
    const fin = await exported('/api/students/export', 'finance');
    const total = ((await get('/api/students?pageSize=1', 'principal')).json() as ListStudentsResponse).total;
    expect(fin.rows).toHaveLength(total);
    const ids = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(auditLogs).where(inArray(auditLogs.action, ['STUDENTS_EXPORTED'])),
    );
    expect(Number(ids[0]!.n)).toBeGreaterThan(3);
  });
});
