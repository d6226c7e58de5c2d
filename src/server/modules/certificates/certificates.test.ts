import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { certificates } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import { GREENHILL_SESSIONS, TEST_PUBLIC_URL, countRows, methodCaller, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { CertificateListItem, MyChildrenGrades, VerifyCertificateResponse } from '../../../shared/contracts/assessment.js';
import { inspectPdf } from '../../lib/pdf.js';
import { releaseMathsTestOf } from '../../../../tests/release-test.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Certificates (issue 12 §6): issue, list, print, revoke, and the public verification with Ed25519
 * signatures (spec §3 Certificate, §4 Certificate verify); report cards' QR records. PGlite and PostgreSQL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsPrincipal', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

const { send, json } = methodCaller(() => t.app, cookie);
async function learnersOf(className: string, who = 'principal') {
  const cls = (await json<ClassItem[]>('GET', '/api/classes', who)).find((c) => c.name === className)!;
  return (await json<{ items: { id: string; admissionNumber: string; firstName: string; lastName: string }[] }>('GET', `/api/students?classId=${cls.id}&pageSize=100`, who)).items;
}
/**
 * Released results of this year for a stream (a merit certificate averages the year's): the principal
 * sets a short Mathematics test of the stream in the latest term, marks it, approves and releases it
 * (early in Term 1 the demo has released nothing of this year yet).
 */
async function releaseATestOf(className: string) {
  const cls = (await json<ClassItem[]>('GET', '/api/classes', 'principal')).find((c) => c.name === className)!;
  await releaseMathsTestOf(json, cls, demo.openSeries);
}
function verifyPath(item: Pick<CertificateListItem, 'verifyUrl'>) {
  const u = new URL(item.verifyUrl);
  const [, , id] = u.pathname.split('/');
  return { id: id!, sig: u.searchParams.get('sig')!, api: `/api/certificates/${id}/verify?sig=${encodeURIComponent(u.searchParams.get('sig')!)}` };
}

describe('the public key (§6: published at a documented URL)', () => {
  it('is there before any certificate is issued, as raw Ed25519 and PEM, for anyone', async () => {
    const { keys } = await json<{ keys: { keyId: string; algorithm: string; publicKey: string; pem: string; retiredAt: string | null }[] }>('GET', '/api/certificates/keys', undefined);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ algorithm: 'Ed25519', retiredAt: null });
    expect(keys[0]!.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createPublicKey(keys[0]!.pem).asymmetricKeyType).toBe('ed25519');
  });
});

describe('issuing certificates (§6)', () => {
  let issued: CertificateListItem[];

  it('the principal issues merit certificates for a batch: the spec’s fields, signed, with a verification link', async () => {
    await releaseATestOf('Grade 8 West');
    const [a, b] = await learnersOf('Grade 8 West');
    const res = await json<{ items: CertificateListItem[] }>('POST', '/api/certificates', 'principal', { kind: 'merit', studentIds: [a!.id, b!.id], note: 'Best in Mathematics' }, 201);
    issued = res.items;
    expect(issued).toHaveLength(2);
    const c = issued[0]!;
    expect(c).toMatchObject({
      kind: 'merit',
      academic_year: demo.yearName,
      student: { admission_number: a!.admissionNumber },
      school: { name: 'Greenhill Academy' },
      class: { name: 'Grade 8 West', level: 'Grade 8', stream: 'West' },
      generated_by: { role: 'Principal' },
      note: 'Best in Mathematics',
      revoked_at: null,
      schoolId: greenhill,
    });
    expect(c.student.name).toContain(a!.firstName);
    // Average of the year's released results to one decimal; the grade on the learner's scale; attendance
    // from the year's registers (issue 13 §4), as GET /api/students/:id/attendance over the year gives it.
    expect(Number.isInteger(c.performance.average_score * 10)).toBe(true);
    expect(c.performance.average_score).toBeGreaterThan(0);
    expect(c.performance.grade_letter).toMatch(/^(EE|ME|AE|BE)[12]$/);
    // Grades show their descriptor (issue 12 §1): "ME1 Good".
    expect(c.performance.grade_label).toMatch(new RegExp(`^${c.performance.grade_letter} (Exceptional|Very Good|Good|Fair|Needs Improvement|Below Average|Well Below Average|Minimal)$`));
    const year = await json<{ rate: number | null }>('GET', `/api/students/${a!.id}/attendance?from=${demo.cal.terms[0]!.startsOn}&to=${demo.cal.terms[2]!.endsOn}`, 'principal');
    expect(year.rate).not.toBeNull();
    expect(c.performance.attendance_percentage).toBe(year.rate);
    expect(c.verifyUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/verify-certificate/${c.id}\\?sig=[A-Za-z0-9_-]{86}$`));
  });

  it('anyone verifies it without signing in, and can check the signature offline with the published key', async () => {
    const c = issued[0]!;
    const v = verifyPath(c);
    const res = await json<VerifyCertificateResponse>('GET', v.api, undefined);
    expect(res.status).toBe('verified');
    expect(res.certificate).toMatchObject({ id: c.id, student: c.student, performance: c.performance, class: c.class, school: c.school, generated_by: c.generated_by });
    const { keys } = await json<{ keys: { keyId: string; pem: string; publicKey: string }[] }>('GET', '/api/certificates/keys', undefined);
    const key = keys.find((k) => k.keyId === res.signed!.keyId)!;
    expect(key).toBeTruthy();
    expect(verify(null, Buffer.from(res.signed!.content), createPublicKey(key.pem), Buffer.from(v.sig, 'base64url'))).toBe(true);
    // Without the signature in the link (typed by hand) the record still verifies against its own signature.
    expect((await json<VerifyCertificateResponse>('GET', `/api/certificates/${c.id}/verify`, undefined)).status).toBe('verified');
  });

  it('a tampered link, an unknown id or altered stored content is invalid and shows nothing', async () => {
    const c = issued[1]!;
    const v = verifyPath(c);
    const flipped = (v.sig[5] === 'A' ? 'B' : 'A');
    const tampered = `${v.sig.slice(0, 5)}${flipped}${v.sig.slice(6)}`;
    expect(await json<VerifyCertificateResponse>('GET', `/api/certificates/${v.id}/verify?sig=${tampered}`, undefined)).toEqual({ status: 'invalid', certificate: null, signed: null });
    expect((await json<VerifyCertificateResponse>('GET', `/api/certificates/00000000-0000-4000-8000-000000000000/verify?sig=${v.sig}`, undefined)).status).toBe('invalid');
    expect((await json<VerifyCertificateResponse>('GET', '/api/certificates/not-a-uuid/verify', undefined)).status).toBe('invalid');
    // Someone with database access raises the average: the signature no longer matches.
    await system(t.database, (tx) => tx.execute(sql`update certificates set content = jsonb_set(content, '{performance,average_score}', '99.9') where id = ${c.id}`));
    expect((await json<VerifyCertificateResponse>('GET', v.api, undefined)).status).toBe('invalid');
  });

  it('prints as PDF with its QR code, one page each; a batch in one file', async () => {
    const one = await send('GET', `/api/certificates/${issued[0]!.id}/pdf`, 'principal');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toContain('application/pdf');
    const doc = inspectPdf(one.rawPayload);
    expect(doc.pages).toBe(1);
    expect(doc.text).toContain('Certificate of Merit');
    expect(doc.text).toContain(issued[0]!.student.name);
    expect(doc.text).toContain('Greenhill Academy');
    expect(doc.text).toContain('Scan to verify');
    expect(doc.text).toContain(issued[0]!.id);
    const batch = await send('POST', '/api/certificates/pdf', 'director', { ids: issued.map((i) => i.id) });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(inspectPdf(batch.rawPayload).pages).toBe(2);
  });

  it('revoked: verifies as revoked with the reason, never as verified; twice is 409', async () => {
    const c = issued[0]!;
    expect((await send('POST', `/api/certificates/${c.id}/revoke`, 'principal', {})).json().error.fields.reason).toBe('Give the reason for revoking the certificate.');
    expect((await send('POST', `/api/certificates/${c.id}/revoke`, 'director', { reason: 'x' })).statusCode).toBe(403);
    const r = await json<CertificateListItem>('POST', `/api/certificates/${c.id}/revoke`, 'principal', { reason: 'Issued in error' });
    expect(r.revoked_at).not.toBeNull();
    const v = await json<VerifyCertificateResponse>('GET', verifyPath(c).api, undefined);
    expect(v.status).toBe('revoked');
    expect(v.certificate).toMatchObject({ id: c.id, revoke_reason: 'Issued in error' });
    const again = await send('POST', `/api/certificates/${c.id}/revoke`, 'principal', { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This certificate has already been revoked.');
  });

  it('lists: the director their school’s, platform staff every school’s; other schools 404; teachers and parents 403', async () => {
    const mine = await json<{ items: CertificateListItem[]; total: number }>('GET', '/api/certificates?kind=merit', 'director');
    expect(mine.items.map((i) => i.id)).toEqual(expect.arrayContaining(issued.map((i) => i.id)));
    expect(mine.items.every((i) => i.schoolId === greenhill)).toBe(true);
    const revoked = await json<{ items: CertificateListItem[] }>('GET', '/api/certificates?status=revoked', 'principal');
    expect(revoked.items.map((i) => i.id)).toContain(issued[0]!.id);
    expect(revoked.items.map((i) => i.id)).not.toContain(issued[1]!.id);
    const searched = await json<{ items: CertificateListItem[] }>('GET', `/api/certificates?search=${encodeURIComponent(issued[1]!.student.admission_number)}`, 'principal');
    expect(searched.items.map((i) => i.id)).toContain(issued[1]!.id);
    const [rl] = await learnersOf((await json<ClassItem[]>('GET', '/api/classes', 'rsPrincipal'))[0]!.name, 'rsPrincipal');
    const theirs = await json<{ items: CertificateListItem[] }>('POST', '/api/certificates', 'rsPrincipal', { kind: 'completion', studentIds: [rl!.id] }, 201);
    const all = await json<{ items: CertificateListItem[] }>('GET', '/api/certificates?pageSize=200', 'admin');
    expect(new Set(all.items.map((i) => i.schoolName))).toEqual(new Set(['Greenhill Academy', 'Riverside International School']));
    expect((await json<{ items: CertificateListItem[] }>('GET', `/api/certificates?schoolId=${riverside}`, 'admin')).items.every((i) => i.schoolId === riverside)).toBe(true);
    expect((await send('GET', `/api/certificates/${theirs.items[0]!.id}`, 'principal')).statusCode).toBe(404);
    expect((await send('GET', `/api/certificates/${theirs.items[0]!.id}/pdf`, 'director')).statusCode).toBe(404);
    expect((await send('POST', `/api/certificates/${theirs.items[0]!.id}/revoke`, 'principal', { reason: 'not mine' })).statusCode).toBe(404);
    expect((await send('GET', '/api/certificates', 'teacher')).statusCode).toBe(403);
    expect((await send('GET', '/api/certificates', 'parent')).statusCode).toBe(403);
    expect((await send('POST', '/api/certificates', 'director', { kind: 'merit', studentIds: [rl!.id] })).statusCode).toBe(403);
    // Row-level security: a Greenhill scope sees no Riverside certificate even without the service's filter.
    const seen = await withScope(t.database.db, { schoolId: greenhill, userId: null, allSchools: false }, (tx) => tx.select({ schoolId: certificates.schoolId }).from(certificates));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((s) => s.schoolId))).toEqual(new Set([greenhill]));
    // Platform staff revoke any school's.
    expect((await json<CertificateListItem>('POST', `/api/certificates/${theirs.items[0]!.id}/revoke`, 'admin', { reason: 'Duplicate' })).revoke_reason).toBe('Duplicate');
  });

  it('bad input is refused with a clear message and writes nothing', async () => {
    const before = await countRows(t.database, certificates);
    const [a] = await learnersOf('Grade 8 West');
    const bad = async (payload: Record<string, unknown>, status = 400) => {
      const res = await send('POST', '/api/certificates', 'principal', payload);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().error as { message: string; fields?: Record<string, string> };
    };
    expect((await bad({ kind: 'diploma', studentIds: [a!.id] })).fields!.kind).toBe('Choose a leaving, completion or merit certificate.');
    expect((await bad({ kind: 'merit', studentIds: [] })).fields!.studentIds).toBe('Choose at least one learner.');
    expect((await bad({ kind: 'merit', studentIds: [a!.id], attendancePercentage: 120 })).fields!.attendancePercentage).toBe('Attendance must be a percentage from 0 to 100.');
    const [rl] = await learnersOf((await json<ClassItem[]>('GET', '/api/classes', 'rsPrincipal'))[0]!.name, 'rsPrincipal');
    expect((await bad({ kind: 'merit', studentIds: [a!.id, rl!.id] }, 404)).message).toBe('Learner not found');
    expect(await countRows(t.database, certificates)).toBe(before);
  });
});

describe('report cards carry a verifiable QR record (§5, §6)', () => {
  it('the card prints its document id; it verifies as a report card with the subjects; a re-download reuses it', async () => {
    const mine = await json<MyChildrenGrades>('GET', '/api/grades/my-children', 'parent');
    const child = mine.children.find((c) => c.reportTerms.length > 0)!;
    const termId = child.reportTerms[0]!.termId;
    const first = await send('GET', `/api/students/${child.studentId}/report-card?termId=${termId}`, 'parent');
    expect(first.statusCode, first.body).toBe(200);
    const id = /Document ([0-9a-f-]{36})/.exec(inspectPdf(first.rawPayload).text)?.[1];
    expect(id).toBeTruthy();
    const v = await json<VerifyCertificateResponse>('GET', `/api/certificates/${id}/verify`, undefined);
    expect(v.status).toBe('verified');
    expect(v.certificate).toMatchObject({ kind: 'report_card', student: { name: child.name } });
    expect(v.certificate!.subjects!.length).toBeGreaterThan(3);
    // The term of the card the parent downloaded, by name and year (this year's, or last year's Term 3 early in Term 1).
    expect(v.certificate!.term).toBe(child.reportTerms[0]!.name);
    expect(v.certificate!.term).toMatch(new RegExp(`^Term [123] (${demo.yearName}|${demo.lastYearName})$`));
    const again = await send('GET', `/api/students/${child.studentId}/report-card?termId=${termId}`, 'principal');
    expect(inspectPdf(again.rawPayload).text).toContain(`Document ${id}`);
    const rows = await system(t.database, (tx) => tx.select({ id: certificates.id }).from(certificates).where(and(eq(certificates.studentId, child.studentId), eq(certificates.termId, termId))).orderBy(desc(certificates.generatedAt)));
    expect(rows).toHaveLength(1);
  });
});
