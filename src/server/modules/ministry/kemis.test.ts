import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, multipartFile, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { KemisLearnersResponse, KemisUpiImportResult } from '../../../shared/contracts/kemis.js';
import type { StudentDetail } from '../../../shared/contracts/learners.js';
import type { SchoolProfile } from '../../../shared/contracts/school-setup.js';
import { kemisMessages } from '../../../shared/messages/kemis.js';
import { demoAidMessages } from '../../../shared/messages/demo-aids.js';
import { auditLogs, classes, mpesaConfigs, students } from '../../db/schema/index.js';

/**
 * KEMIS learner data (issue 35 §1, §6, Bad input): the export's columns in the Ministry's order (xlsx and
 * csv), its filters (stream, level, school), the missing-fields report and the awaiting-UPI list; who may
 * export (principal, director; teacher and parent 403; another school's stream 404); the UPI import (dry
 * run writes nothing, commit in one transaction with one audit row, conflicts never overwritten,
 * unmatched rows, unknown columns 400, a second import updates nothing); the school's Ministry fields and
 * the learner's KEMIS fields validated. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { req, ok, fails } = apiCaller(() => t.app, cookie);
const URL = '/api/ministry/kemis/learners';
const col = kemisMessages.columns;

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'parent', 'finance', 'rsPrincipal']));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

function upload(query: string, who: string | undefined, name: string, content: string, type = 'text/csv') {
  const boundary = '----edufam-kemis-test';
  return t.app.inject({
    method: 'POST',
    url: `/api/ministry/kemis/upis${query}`,
    headers: { ...(who ? { cookie: cookie[who]! } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartFile(boundary, name, type, content),
  });
}
async function importUpis(commit: boolean, content: string, status = 200) {
  const res = await upload(`?commit=${commit}`, 'principal', 'upis.csv', content);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as KemisUpiImportResult;
}
const csv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n');
async function classIdOf(name: string) {
  const [row] = await system(t.database, (tx) => tx.select({ id: classes.id, levelId: classes.levelId }).from(classes).where(and(eq(classes.schoolId, greenhill), eq(classes.name, name))).orderBy(sql`${classes.createdAt} desc`).limit(1));
  return row!;
}

describe('KEMIS export', () => {
  it('xlsx in the Ministry column order, dates dd/mm/yyyy, guardians with ID numbers and phones', async () => {
    const cls = await classIdOf('Grade 7 East');
    const res = await req('principal', 'GET', `${URL}?classId=${cls.id}&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/kemis-learners-grade-7-east-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      col.upi, col.admissionNumber, col.firstName, col.middleName, col.lastName, col.gender, col.dateOfBirth, col.birthCertificateNumber, col.assessmentNumber,
      col.nationality, col.residenceCountyCode, col.residenceCounty, col.residenceSubCounty, col.specialNeeds, col.medicalCondition, col.shaNumber,
      col.kcpeIndexNumber, col.kpseaIndexNumber, col.level, col.stream, col.boarding, col.admittedOn, col.fatherName, col.fatherIdNumber, col.fatherPhone,
      col.motherName, col.motherIdNumber, col.motherPhone, col.guardianName, col.guardianIdNumber, col.guardianPhone, col.guardianRelationship,
    ]);
    const json = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?classId=${cls.id}&format=json`);
    expect(ws.rowCount - 1).toBe(json.rows.length);
    expect(json.rows.length).toBeGreaterThan(10);
    const first = json.rows[0]!;
    expect(ws.getRow(2).getCell(2).value).toBe(first.admissionNumber);
    expect(ws.getRow(2).getCell(7).numFmt).toBe('dd/mm/yyyy');
    expect(first.level).toBe('Grade 7');
    expect(first.stream).toBe('East');
    // Phones as the Ministry's forms take them; an ID number for most guardians.
    const phones = json.rows.flatMap((r) => [r.fatherPhone, r.motherPhone, r.guardianPhone]).filter(Boolean);
    expect(phones.every((p) => /^0[17]\d{8}$/.test(p!))).toBe(true);
    const withId = json.rows.filter((r) => r.fatherIdNumber || r.motherIdNumber || r.guardianIdNumber).length;
    expect(withId / json.rows.length).toBeGreaterThan(0.8);
  });

  it('csv with the same header, dd/mm/yyyy dates, M/F; filters by level and school', async () => {
    const cls = await classIdOf('Grade 7 East');
    const res = await req('director', 'GET', `${URL}?levelId=${cls.levelId}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body.replace(/^\ufeff/, '')) as string[][];
    expect(rows[0]!.slice(0, 8)).toEqual([col.upi, col.admissionNumber, col.firstName, col.middleName, col.lastName, col.gender, col.dateOfBirth, col.birthCertificateNumber]);
    expect(rows.slice(1).every((r) => r[5] === 'M' || r[5] === 'F')).toBe(true);
    expect(rows.slice(1).every((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(r[6]!))).toBe(true);
    const level = await ok<KemisLearnersResponse>('director', 'GET', `${URL}?levelId=${cls.levelId}&format=json`);
    const stream = await ok<KemisLearnersResponse>('director', 'GET', `${URL}?classId=${cls.id}&format=json`);
    const school = await ok<KemisLearnersResponse>('director', 'GET', `${URL}?format=json`);
    expect(rows.length - 1).toBe(level.rows.length);
    expect(new Set(level.rows.map((r) => r.stream))).toEqual(new Set(['East', 'West']));
    expect(level.rows.length).toBeGreaterThan(stream.rows.length);
    expect(school.rows.length).toBeGreaterThan(level.rows.length);
    const [active] = await system(t.database, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(students).where(and(eq(students.schoolId, greenhill), eq(students.status, 'active'))));
    expect(school.rows.length).toBe(active!.n);
  });

  it('the missing-fields report names the fields; learners without a UPI are listed apart', async () => {
    const school = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`);
    expect(school.missing.length).toBeGreaterThan(0);
    expect(school.missing.length / school.rows.length).toBeLessThan(0.25);
    expect(school.awaitingUpi.length).toBeGreaterThan(0);
    for (const x of school.missing) {
      const row = school.rows.find((r) => r.studentId === x.studentId)!;
      if (x.fields.includes('nationality')) expect(row.nationality).toBeNull();
      if (x.fields.includes('residenceCountyCode')) expect(row.residenceCountyCode).toBeNull();
      expect(x.fields).not.toContain('upi' as never);
    }
    for (const x of school.awaitingUpi) expect(school.rows.find((r) => r.studentId === x.studentId)!.upi).toBeNull();
    // Fixing the field takes the learner off the report.
    const target = school.missing.find((x) => x.fields.length === 1 && x.fields[0] === 'nationality') ?? school.missing.find((x) => x.fields.includes('nationality'))!;
    await ok('principal', 'PATCH', `/api/students/${target.studentId}`, { nationality: 'ke', residenceCountyCode: '047' });
    const after = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`);
    const still = after.missing.find((x) => x.studentId === target.studentId);
    expect(still?.fields ?? []).not.toContain('nationality');
    expect(after.rows.find((r) => r.studentId === target.studentId)).toMatchObject({ nationality: 'KE', residenceCountyCode: '047', residenceCounty: 'Nairobi' });
  });

  it('access: principal and director only; teacher, parent, finance 403; another school\'s stream or level 404', async () => {
    for (const who of ['teacher', 'parent', 'finance']) await fails(who, 'GET', `${URL}?format=json`, undefined, 403);
    await fails(undefined, 'GET', `${URL}?format=json`, undefined, 401);
    const cls = await classIdOf('Grade 7 East');
    await fails('rsPrincipal', 'GET', `${URL}?classId=${cls.id}&format=json`, undefined, 404);
    await fails('rsPrincipal', 'GET', `${URL}?levelId=${cls.levelId}&format=xlsx`, undefined, 404);
    await fails('principal', 'GET', `${URL}?classId=not-a-uuid`, undefined, 400);
    await fails('director', 'POST', '/api/ministry/kemis/upis', undefined, 403);
  });
});

describe('UPI import', () => {
  let sheet: KemisLearnersResponse;
  let fileRows: string[][];
  beforeAll(async () => {
    sheet = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`);
    const waiting = sheet.awaitingUpi.map((a) => sheet.rows.find((r) => r.studentId === a.studentId)!);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const [a, b] = waiting;
    const holder = sheet.rows.find((r) => r.upi)!;
    const other = sheet.rows.find((r) => r.upi && r.studentId !== holder.studentId && r.birthCertificateNumber)!;
    fileRows = [
      ['UPI', 'Birth Certificate No', 'Admission No', 'Name'],
      ['KEM-NEW-0001', a!.birthCertificateNumber ?? '', a!.admissionNumber, `${a!.firstName} ${a!.lastName}`], // 2: new, by birth certificate
      ['KEM-NEW-0002', '', b!.admissionNumber, `${b!.firstName} ${b!.lastName}`], // 3: new, by admission number
      [holder.upi!, other.birthCertificateNumber!, '', 'Conflict one'], // 4: UPI held by another learner
      ['KEM-OTHER-9', holder.birthCertificateNumber ?? '', holder.admissionNumber, 'Conflict two'], // 5: the learner holds another UPI
      ['KEM-NEW-0003', '999999999999', 'NO/SUCH/1', 'Nobody'], // 6: unmatched
      [other.upi!, other.birthCertificateNumber!, '', 'Same'], // 7: already held: matched, not updated
    ];
  });
  const upiOf = async (id: string) => (await system(t.database, (tx) => tx.select({ upi: students.upi }).from(students).where(eq(students.id, id))))[0]!.upi;
  const audits = () => system(t.database, async (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, kemisMessages.audit.upisImported)));

  it('dry run: matched, conflicts and unmatched listed, nothing written', async () => {
    const r = await importUpis(false, csv(fileRows));
    expect(r).toMatchObject({ committed: false, rows: 6, matched: 3, updated: 2 });
    expect(r.conflicts.map((c) => c.row)).toEqual([4, 5]);
    expect(r.conflicts[0]!.reason).toMatch(/already held by/);
    expect(r.conflicts[1]!.reason).toMatch(/different UPI/);
    expect(r.unmatched).toEqual([{ row: 6, reason: kemisMessages.import.noLearner, upi: 'KEM-NEW-0003', name: 'Nobody' }]);
    expect(r.matches.map((x) => [x.row, x.change])).toEqual([[2, 'new'], [3, 'new'], [7, 'same']]);
    expect(await upiOf(sheet.awaitingUpi[0]!.studentId)).toBeNull();
    expect(await audits()).toHaveLength(0);
  });

  it('commit: sets the new UPIs, never overwrites, one audit row; importing again updates 0', async () => {
    const r = await importUpis(true, csv(fileRows));
    expect(r).toMatchObject({ committed: true, matched: 3, updated: 2 });
    expect(await upiOf(r.matches[0]!.studentId)).toBe('KEM-NEW-0001');
    expect(await upiOf(r.matches[1]!.studentId)).toBe('KEM-NEW-0002');
    const holder = sheet.rows.find((x) => x.upi)!;
    expect(await upiOf(holder.studentId)).toBe(holder.upi);
    const logged = await audits();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.metadata).toMatchObject({ rows: 6, matched: 3, updated: 2, conflicts: 2, unmatched: 1 });
    const again = await importUpis(true, csv(fileRows));
    expect(again).toMatchObject({ matched: 3, updated: 0 });
    expect(again.conflicts).toHaveLength(2);
    expect(await audits()).toHaveLength(2);
  });

  it('400 naming unknown or missing columns; 403 for the director and teacher; xlsx accepted', async () => {
    const bad = await upload('', 'principal', 'u.csv', csv([['UPI', 'Shoe Size', 'Admission No'], ['X1', '42', 'A']]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Shoe Size');
    const missing = await upload('', 'principal', 'u.csv', csv([['Name', 'Admission No'], ['A', 'B']]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Missing column: UPI');
    const noKey = await upload('', 'principal', 'u.csv', csv([['UPI', 'Name'], ['A', 'B']]));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toContain('Birth Certificate No / Admission No');
    for (const who of ['director', 'teacher', 'parent']) expect((await upload('', who, 'u.csv', csv(fileRows))).statusCode).toBe(403);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('UPIs');
    for (const r of fileRows) ws.addRow(r);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----kemis-xlsx';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ministry/kemis/upis',
      headers: { cookie: cookie.principal!, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartFile(boundary, 'u.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ committed: false, matched: 3, updated: 0 });
  });
});

describe('the sample UPI file (a demo aid)', () => {
  it('made-up UPIs for the learners awaiting one, a conflict and an unmatched row; importing it twice updates nothing', async () => {
    const before = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`);
    const res = await req('principal', 'GET', '/api/ministry/kemis/upis/sample');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('kemis-upis-sample.csv');
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([col.upi, col.birthCertificateNumber, col.admissionNumber, kemisMessages.import.sampleName]);
    const n = Math.min(40, before.awaitingUpi.length);
    expect(n).toBeGreaterThan(0);
    expect(rows).toHaveLength(1 + n + 2);
    const dry = await importUpis(false, res.body);
    expect(dry).toMatchObject({ committed: false, matched: n, updated: n });
    expect(dry.conflicts).toHaveLength(1);
    expect(dry.conflicts[0]!.reason).toMatch(/already held by/);
    expect(dry.unmatched).toEqual([expect.objectContaining({ reason: kemisMessages.import.noLearner, name: kemisMessages.import.sampleNobody })]);
    expect((await importUpis(true, res.body)).updated).toBe(n);
    expect((await importUpis(true, res.body)).updated).toBe(0);
    expect((await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`)).awaitingUpi).toHaveLength(before.awaitingUpi.length - n);
    for (const who of ['director', 'teacher', 'parent']) await fails(who, 'GET', '/api/ministry/kemis/upis/sample', undefined, 403);
  });

  it('refused (409) for a school that takes real M-Pesa payments', async () => {
    const setEnv = (environment: string) => system(t.database, (tx) => tx.update(mpesaConfigs).set({ environment }).where(eq(mpesaConfigs.schoolId, greenhill)));
    await setEnv('production');
    try {
      expect((await fails('principal', 'GET', '/api/ministry/kemis/upis/sample', undefined, 409)).message).toBe(demoAidMessages.liveSchool);
    } finally {
      await setEnv('simulator');
    }
  });
});

describe('Ministry fields validation', () => {
  it('the school profile keeps the Ministry fields; KRA PIN and county code are checked', async () => {
    const p = await ok<SchoolProfile>('principal', 'GET', '/api/school-setup/profile');
    expect(p).toMatchObject({ knecCode: expect.any(String), kraPin: expect.stringMatching(/^[AP]\d{9}[A-Z]$/), countyCode: '047' });
    const saved = await ok<SchoolProfile>('principal', 'PATCH', '/api/school-setup/profile', { kraPin: 'p-051 234 567 y', countyCode: '022', subCounty: 'Kikuyu', boardingType: 'day', levelsOffered: ['primary', 'junior', 'primary'] });
    expect(saved).toMatchObject({ kraPin: 'P051234567Y', countyCode: '022', subCounty: 'Kikuyu', boardingType: 'day', levelsOffered: ['primary', 'junior'] });
    const e1 = await fails('principal', 'PATCH', '/api/school-setup/profile', { kraPin: 'X12345' }, 400);
    expect(e1.fields?.kraPin ?? e1.message).toContain(kemisMessages.api.kraPinInvalid);
    const e2 = await fails('principal', 'PATCH', '/api/school-setup/profile', { countyCode: '048' }, 400);
    expect(e2.fields?.countyCode ?? e2.message).toContain(kemisMessages.api.countyCodeInvalid);
    await fails('principal', 'PATCH', '/api/school-setup/profile', { boardingType: 'weekly' }, 400);
    await fails('principal', 'PATCH', '/api/school-setup/profile', { levelsOffered: ['college'] }, 400);
    await fails('director', 'PATCH', '/api/school-setup/profile', { kraPin: 'P051234567X' }, 403);
    expect(await ok<SchoolProfile>('principal', 'GET', '/api/school-setup/profile')).toMatchObject({ kraPin: 'P051234567Y', countyCode: '022' });
    const cleared = await ok<SchoolProfile>('principal', 'PATCH', '/api/school-setup/profile', { kraPin: '', subCounty: null });
    expect(cleared).toMatchObject({ kraPin: null, subCounty: null, countyCode: '022' });
  });

  it('the learner\'s KEMIS fields are optional and validated', async () => {
    const sheet = await ok<KemisLearnersResponse>('principal', 'GET', `${URL}?format=json`);
    const id = sheet.rows[3]!.studentId;
    const saved = await ok<StudentDetail>('principal', 'PATCH', `/api/students/${id}`, {
      nationality: 'ug',
      residenceCountyCode: '034',
      residenceSubCounty: 'Kajiado North',
      specialNeedsCodes: ['hearing', 'visual', 'hearing'],
      medicalCondition: 'Asthma',
      shaNumber: 'SHA12345678',
      kpseaIndexNumber: '20400012001',
    });
    expect(saved).toMatchObject({ nationality: 'UG', residenceCountyCode: '034', specialNeedsCodes: ['hearing', 'visual'], medicalCondition: 'Asthma', shaNumber: 'SHA12345678', kpseaIndexNumber: '20400012001' });
    for (const [body, message] of [
      [{ nationality: 'Kenya' }, kemisMessages.api.nationalityInvalid],
      [{ nationality: 'XX' }, kemisMessages.api.nationalityInvalid],
      [{ residenceCountyCode: '000' }, kemisMessages.api.countyCodeInvalid],
      [{ specialNeedsCodes: ['blind'] }, kemisMessages.api.specialNeedsInvalid],
    ] as const) {
      const e = await fails('principal', 'PATCH', `/api/students/${id}`, body, 400);
      expect(JSON.stringify(e)).toContain(message);
    }
    const cleared = await ok<StudentDetail>('principal', 'PATCH', `/api/students/${id}`, { nationality: null, specialNeedsCodes: [], shaNumber: '' });
    expect(cleared).toMatchObject({ nationality: null, specialNeedsCodes: [], shaNumber: null, residenceCountyCode: '034' });
    // The finance officer does not see medical details.
    const f = await ok<StudentDetail>('finance', 'GET', `/api/students/${id}`);
    expect(f).toMatchObject({ medicalCondition: null, specialNeedsCodes: [] });
    // Unchanged arrays add no audit entry.
    const count = async () => (await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.targetEntity, `student:${id}`)))).length;
    const before = await count();
    await ok('principal', 'PATCH', `/api/students/${id}`, { specialNeedsCodes: [] });
    expect(await count()).toBe(before);
  });
});
