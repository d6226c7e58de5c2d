import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { academicYears, admissionSequences, auditLogs, classes, departments, subjects, teacherAssignments, terms } from '../../db/schema/index.js';
import { withScope } from '../../db/tenant.js';
import { errorBody, DEMO, methodCaller, multipartFile, openDemoApp, profileIdOf, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type {
  AcademicYear,
  Department,
  Level,
  ListAssignmentsResponse,
  SchoolProfile,
  Subject,
  TeacherOption,
} from '../../../shared/contracts/school-setup.js';
import { demoCalendar } from '../../seed/demo-calendar.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { ministryTermTemplate } from '../../../shared/curriculum-catalogue.js';
import { messages } from '../../../shared/messages.js';
import { copyStreamsToYear } from './school-setup.service.js';

/** The demo's years around today (it is built around the day it is seeded); admission numbers carry the calendar year. */
const cal = demoCalendar(schoolToday());
const Y = cal.year;
const [LAST_YEAR, THIS_YEAR, NEXT_YEAR] = [String(Y - 1), String(Y), String(Y + 1)];
const CALENDAR_YEAR = schoolToday().slice(0, 4);
/** A year the school closes in a test (the year after next), and one it never has (for bad terms). */
const [LATER_YEAR, UNUSED_YEAR] = [String(Y + 2), String(Y + 3)];

/**
 * School setup API (issue 10 §1): every route's 401/403/404/400 and the rules of profile, years and
 * terms, levels and streams, learning areas, teachers' assignments and departments, each write audited
 * with old and new values. Runs on PGlite and on PostgreSQL.
 */

const m = messages.schoolSetup;
let t: TestApp;
let greenhill: string;
let riverside: string;
let teacherId: string;
let parentId: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, ['principal', 'director', 'teacher', 'parent', 'hr', 'rsPrincipal', 'admin']));
  teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
  parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const { send, json } = methodCaller(() => t.app, cookie);
async function fails(method: Method, url: string, who: string, payload: Json | undefined, status: number, field?: string) {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  const body = errorBody(res) as { error: { code: string; message: string; fields?: Record<string, string> } };
  if (field) expect(Object.keys(body.error.fields ?? {}), res.body).toContain(field);
  return body.error;
}

async function classByName(name: string, yearId?: string): Promise<ClassItem> {
  const list = await json<ClassItem[]>('GET', `/api/classes${yearId ? `?yearId=${yearId}` : ''}`, 'principal');
  const c = list.find((x) => x.name === name);
  if (!c) throw new Error(`no class ${name}`);
  return c;
}
async function years(): Promise<AcademicYear[]> {
  return (await json<{ items: AcademicYear[] }>('GET', '/api/school-setup/years', 'principal')).items;
}
async function yearByName(name: string): Promise<AcademicYear> {
  const y = (await years()).find((x) => x.name === name);
  if (!y) throw new Error(`no year ${name}`);
  return y;
}
async function levelByName(name: string, who = 'principal'): Promise<Level> {
  const l = (await json<{ items: Level[] }>('GET', '/api/school-setup/levels', who)).items.find((x) => x.name === name);
  if (!l) throw new Error(`no level ${name}`);
  return l;
}
async function subjectByCode(band: string, code: string): Promise<Subject> {
  const s = (await json<{ items: Subject[] }>('GET', `/api/school-setup/subjects?band=${encodeURIComponent(band)}&includeRetired=true`, 'principal')).items.find((x) => x.code === code);
  if (!s) throw new Error(`no subject ${band} ${code}`);
  return s;
}
async function lastAudit(action: string) {
  const [row] = await system(t.database, (tx) =>
    tx.select().from(auditLogs).where(and(eq(auditLogs.schoolId, greenhill), eq(auditLogs.action, action))).orderBy(desc(auditLogs.createdAt)).limit(1),
  );
  return row;
}
async function loadOf(id: string): Promise<number> {
  const list = await json<ListAssignmentsResponse>('GET', '/api/school-setup/assignments', 'principal');
  return list.loads.find((l) => l.teacherId === id)?.lessons ?? 0;
}

const ZERO = '00000000-0000-4000-8000-000000000000';

describe('access: 401 without a session, 403 for the wrong role, platform staff name the school', () => {
  const reads = ['/api/school-setup/profile', '/api/school-setup/years', '/api/school-setup/levels', '/api/school-setup/subjects', '/api/school-setup/assignments', '/api/school-setup/departments', '/api/school-setup/teachers', '/api/school-setup/admission-preview?pattern=X%2F%7BSEQ%3A3%7D'];
  const writes: [Method, string][] = [
    ['PATCH', '/api/school-setup/profile'],
    ['POST', '/api/school-setup/profile/logo'],
    ['DELETE', '/api/school-setup/profile/logo'],
    ['POST', '/api/school-setup/years'],
    ['PATCH', `/api/school-setup/years/${ZERO}`],
    ['POST', `/api/school-setup/years/${ZERO}/close`],
    ['POST', `/api/school-setup/terms/${ZERO}/current`],
    ['POST', '/api/school-setup/levels'],
    ['PATCH', `/api/school-setup/levels/${ZERO}`],
    ['DELETE', `/api/school-setup/levels/${ZERO}`],
    ['POST', '/api/classes'],
    ['PATCH', `/api/classes/${ZERO}`],
    ['DELETE', `/api/classes/${ZERO}`],
    ['POST', '/api/school-setup/subjects'],
    ['POST', '/api/school-setup/subjects/catalogue'],
    ['PATCH', `/api/school-setup/subjects/${ZERO}`],
    ['POST', `/api/school-setup/subjects/${ZERO}/retire`],
    ['POST', `/api/school-setup/subjects/${ZERO}/restore`],
    ['POST', '/api/school-setup/assignments'],
    ['POST', '/api/school-setup/assignments/copy'],
    ['PATCH', `/api/school-setup/assignments/${ZERO}`],
    ['DELETE', `/api/school-setup/assignments/${ZERO}`],
    ['POST', '/api/school-setup/departments'],
    ['PATCH', `/api/school-setup/departments/${ZERO}`],
    ['DELETE', `/api/school-setup/departments/${ZERO}`],
  ];

  it.each(reads)('GET %s: 401 without a session, 403 for a parent, 200 for school staff', async (url) => {
    expect((await send('GET', url)).statusCode).toBe(401);
    expect((await send('GET', url, 'parent')).statusCode).toBe(403);
    for (const who of ['principal', 'director', 'teacher', 'hr']) expect((await send('GET', url, who)).statusCode, `${who} ${url}`).toBe(200);
  });

  it.each(writes)('%s %s: 401 without a session, 403 for the director, a teacher and platform staff', async (method, url) => {
    expect((await send(method, url, undefined, {})).statusCode).toBe(401);
    for (const who of ['director', 'teacher', 'parent', 'admin']) {
      const res = await send(method, url, who, {});
      expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
    }
  });

  it('platform staff read any school with ?schoolId=, need one (400) and get 404 for an unknown school', async () => {
    await fails('GET', '/api/school-setup/profile', 'admin', undefined, 400, 'schoolId');
    const rs = await json<SchoolProfile>('GET', `/api/school-setup/profile?schoolId=${riverside}`, 'admin');
    expect(rs).toMatchObject({ name: 'Riverside International School', curriculum: 'IGCSE', canEdit: false });
    expect((await send('GET', `/api/school-setup/levels?schoolId=${ZERO}`, 'admin')).statusCode).toBe(404);
    const levels = await json<{ items: Level[] }>('GET', `/api/school-setup/levels?schoolId=${riverside}`, 'admin');
    expect(levels.items.map((l) => l.name)).toEqual(['Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11']);
    await fails('GET', '/api/school-setup/years?schoolId=not-a-uuid', 'admin', undefined, 400, 'schoolId');
  });

  it('a school role always reads its own school, whatever schoolId says', async () => {
    const p = await json<SchoolProfile>('GET', `/api/school-setup/profile?schoolId=${riverside}`, 'director');
    expect(p.id).toBe(greenhill);
    expect(p.canEdit).toBe(false);
    expect((await json<SchoolProfile>('GET', '/api/school-setup/profile', 'principal')).canEdit).toBe(true);
  });
});

describe('school profile', () => {
  it('shows the profile with the next admission number from this year’s sequence', async () => {
    const p = await json<SchoolProfile>('GET', '/api/school-setup/profile', 'principal');
    expect(p).toMatchObject({ name: 'Greenhill Academy', county: 'Nairobi', curriculum: 'CBC', curricula: ['CBC'], admissionNumberPattern: 'GHA/{YYYY}/{SEQ:4}', maxTeacherLoad: 40 });
    const [seq] = await system(t.database, (tx) =>
      tx.select().from(admissionSequences).where(and(eq(admissionSequences.schoolId, greenhill), eq(admissionSequences.prefix, `GHA/${CALENDAR_YEAR}/{SEQ:4}`))),
    );
    // No sequence yet when nobody has been admitted this calendar year (early January): it starts at 1.
    expect(p.nextAdmissionNumber).toBe(`GHA/${CALENDAR_YEAR}/${String((seq?.lastValue ?? 0) + 1).padStart(4, '0')}`);
  });

  it('previews a pattern being typed, and names the pattern when it is not valid', async () => {
    const r = await json<{ next: string }>('GET', `/api/school-setup/admission-preview?pattern=${encodeURIComponent('GH/{YY}/{SEQ:3}')}`, 'principal');
    expect(r.next).toBe(`GH/${CALENDAR_YEAR.slice(2)}/001`);
    const e = await fails('GET', `/api/school-setup/admission-preview?pattern=${encodeURIComponent('GH/{YYYY}')}`, 'principal', undefined, 400, 'pattern');
    expect(e.message).toBe('The pattern needs exactly one {SEQ:n} token, e.g. {SEQ:4}.');
  });

  it('saves name, motto, phone (normalised), county, e-mail and curricula, audited with old and new values', async () => {
    const p = await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'principal', {
      motto: 'Nurturing Every Learner, Every Day',
      phone: '0722 410 331',
      county: 'kiambu',
      email: 'Office@Greenhill.edufam.test',
      curricula: ['CBC', 'IGCSE'],
    });
    expect(p).toMatchObject({ motto: 'Nurturing Every Learner, Every Day', phone: '254722410331', county: 'Kiambu', email: 'office@greenhill.edufam.test', curricula: ['CBC', 'IGCSE'], curriculum: 'CBC' });
    const a = await lastAudit('SCHOOL_PROFILE_UPDATED');
    expect(a!.oldValue).toMatchObject({ phone: '254722410330', county: 'Nairobi', curricula: ['CBC'] });
    expect(a!.newValue).toMatchObject({ phone: '254722410331', county: 'Kiambu', curricula: ['CBC', 'IGCSE'] });
    expect(a!.oldValue).not.toHaveProperty('name');
  });

  it('refuses bad input with the field named (400)', async () => {
    const phone = await fails('PATCH', '/api/school-setup/profile', 'principal', { phone: '0722 41' }, 400, 'phone');
    expect(phone.message).toBe('Please enter a valid Kenyan phone number');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { county: 'Atlantis' }, 400, 'county');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { email: 'not-an-email' }, 400, 'email');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { name: '  ' }, 400, 'name');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { curricula: [] }, 400, 'curricula');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { curricula: ['CBC', 'Montessori'] }, 400, 'curricula.1');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { admissionNumberPattern: 'GHA/{YYYY}/{SEQ:12}' }, 400, 'admissionNumberPattern');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { maxTeacherLoad: 0 }, 400, 'maxTeacherLoad');
    await fails('PATCH', '/api/school-setup/profile', 'principal', { status: 'inactive' }, 400);
    // The main curriculum is among those offered; a curriculum the levels follow cannot be dropped.
    await fails('PATCH', '/api/school-setup/profile', 'principal', { curriculum: '8-4-4' }, 400, 'curriculum');
    const e = await fails('PATCH', '/api/school-setup/profile', 'principal', { curricula: ['IGCSE'], curriculum: 'IGCSE' }, 400, 'curricula');
    expect(e.message).toBe(m.curriculumInUse('CBC'));
  });

  it('a stored phone sent back unchanged is accepted (a landline saved before the check)', async () => {
    const rs = await json<SchoolProfile>('GET', '/api/school-setup/profile', 'rsPrincipal');
    expect(rs.phone).toBe('254202715500');
    const saved = await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'rsPrincipal', { phone: rs.phone, motto: 'Excellence with Integrity.' });
    expect(saved.motto).toBe('Excellence with Integrity.');
  });

  it('changes the admission-number pattern, and the preview follows', async () => {
    const p = await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'principal', { admissionNumberPattern: 'GH/{YY}/{SEQ:3}' });
    expect(p.nextAdmissionNumber).toBe(`GH/${CALENDAR_YEAR.slice(2)}/001`);
    const back = await json<SchoolProfile>('PATCH', '/api/school-setup/profile', 'principal', { admissionNumberPattern: 'GHA/{YYYY}/{SEQ:4}' });
    expect(back.nextAdmissionNumber).toMatch(new RegExp(`^GHA/${CALENDAR_YEAR}/\\d{4}$`));
  });

  it('uploads a logo (stored as a file the school can read) and removes it', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----edufam-logo';
    const multipart = (name: string, type: string, data: Buffer) => multipartFile(boundary, name, type, data);
    const upload = (who: string, body: Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/school-setup/profile/logo', headers: { cookie: cookie[who]!, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    const bad = await upload('principal', multipart('logo.png', 'image/png', Buffer.from('this is not an image')));
    expect(bad.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/school-setup/profile/logo', headers: { cookie: cookie.principal! }, payload: {} })).statusCode).toBe(400);
    const res = await upload('principal', multipart('crest.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as SchoolProfile;
    expect(p.logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const file = await send('GET', p.logoUrl!, 'teacher');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await lastAudit('SCHOOL_LOGO_UPDATED'))!.newValue).toEqual({ logoUrl: p.logoUrl });
    const cleared = await json<SchoolProfile>('DELETE', '/api/school-setup/profile/logo', 'principal');
    expect(cleared.logoUrl).toBeNull();
  });
});

describe('academic years and terms', () => {
  it('lists years newest first with their terms; this year is current in its latest term, last year is closed', async () => {
    const list = await years();
    expect(list.map((y) => [y.name, y.status, y.isCurrent])).toEqual([
      [THIS_YEAR, 'open', true],
      [LAST_YEAR, 'closed', false],
    ]);
    expect(list[0]!.terms.map((x) => [x.number, x.startsOn, x.endsOn, x.isCurrent])).toEqual(
      ministryTermTemplate(Y).map((x) => [x.number, x.startsOn, x.endsOn, x.number === cal.latestTerm.number]),
    );
    expect(list[0]!.streamCount).toBeGreaterThan(0);
  });

  it('creates next year from the Ministry template, copying this year’s streams and assignments; the new year is not current', async () => {
    const thisYear = await yearByName(THIS_YEAR);
    const [before] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(teacherAssignments).innerJoin(classes, eq(classes.id, teacherAssignments.classId)).where(eq(classes.academicYearId, thisYear.id)),
    );
    const y = await json<AcademicYear>('POST', '/api/school-setup/years', 'principal', { name: NEXT_YEAR, terms: ministryTermTemplate(Y + 1), copyStreamsFromYearId: thisYear.id, copyAssignments: true }, 201);
    expect(y).toMatchObject({ name: NEXT_YEAR, startsOn: ministryTermTemplate(Y + 1)[0]!.startsOn, endsOn: ministryTermTemplate(Y + 1)[2]!.endsOn, status: 'open', isCurrent: false, streamCount: thisYear.streamCount });
    expect(y.terms[0]).toMatchObject({ halfTermStartsOn: ministryTermTemplate(Y + 1)[0]!.halfTermStartsOn, halfTermEndsOn: ministryTermTemplate(Y + 1)[0]!.halfTermEndsOn, isCurrent: false });
    const next = await classByName('Grade 7 East', y.id);
    const now = await classByName('Grade 7 East');
    expect(next.id).not.toBe(now.id);
    expect(next).toMatchObject({ capacity: now.capacity, classTeacherId: now.classTeacherId, homeRoom: now.homeRoom, learnerCount: 0, academicYear: NEXT_YEAR });
    const [after] = await system(t.database, (tx) =>
      tx.select({ n: count() }).from(teacherAssignments).innerJoin(classes, eq(classes.id, teacherAssignments.classId)).where(eq(classes.academicYearId, y.id)),
    );
    expect(Number(after!.n)).toBe(Number(before!.n));
    expect((await yearByName(THIS_YEAR)).isCurrent).toBe(true);
    expect((await lastAudit('ACADEMIC_YEAR_CREATED'))!.newValue).toMatchObject({ name: NEXT_YEAR });
    expect((await lastAudit('STREAMS_COPIED'))!.newValue).toMatchObject({ fromYear: THIS_YEAR, toYear: NEXT_YEAR });
  });

  it('copyStreamsToYear is idempotent and maps every stream to next year’s', async () => {
    const thisYear = await yearByName(THIS_YEAR);
    const nextYear = await yearByName(NEXT_YEAR);
    const again = await withScope(t.database.db, { schoolId: greenhill, userId: null, allSchools: false }, (tx) =>
      copyStreamsToYear(tx, greenhill, thisYear.id, nextYear.id, { withAssignments: true }),
    );
    expect(again.created).toBe(0);
    expect(again.assignments).toBe(0);
    expect(again.existing).toBe(thisYear.streamCount);
    const east = again.mapping.find((x) => x.name === 'Grade 7 East')!;
    expect(east.toClassId).toBe((await classByName('Grade 7 East', nextYear.id)).id);
    await expect(
      withScope(t.database.db, { schoolId: greenhill, userId: null, allSchools: false }, (tx) => copyStreamsToYear(tx, greenhill, thisYear.id, ZERO, { withAssignments: false })),
    ).rejects.toThrow();
  });

  it('refuses a duplicate year (409) and bad terms with the field named (400)', async () => {
    await fails('POST', '/api/school-setup/years', 'principal', { name: NEXT_YEAR, terms: ministryTermTemplate(Y + 1) }, 409, 'name');
    const U = UNUSED_YEAR;
    const tpl = ministryTermTemplate(Y + 3);
    // Term 2 starting on 1 March (inside Term 1), a half-term ending on 1 May (after Term 1), Term 1 ending the December before.
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [tpl[0], { ...tpl[1], startsOn: `${U}-03-01` }, tpl[2]] }, 400, 'terms.1.startsOn');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [{ ...tpl[0], halfTermEndsOn: `${U}-05-01` }, tpl[1], tpl[2]] }, 400, 'terms.0.halfTermEndsOn');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [{ ...tpl[0], halfTermEndsOn: null }, tpl[1], tpl[2]] }, 400, 'terms.0.halfTermEndsOn');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [{ ...tpl[0], endsOn: `${Y + 2}-12-01` }, tpl[1], tpl[2]] }, 400, 'terms.0.endsOn');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [tpl[1], tpl[0], tpl[2]] }, 400, 'terms.0.number');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [{ ...tpl[0], startsOn: `${U}-02-30` }] }, 400, 'terms.0.startsOn');
    await fails('POST', '/api/school-setup/years', 'principal', { name: 'next year', terms: tpl }, 400, 'name');
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: [] }, 400, 'terms');
    // Dates inside another year of the school.
    const e = await fails('POST', '/api/school-setup/years', 'principal', { name: `${THIS_YEAR}-${NEXT_YEAR.slice(2)}`, terms: ministryTermTemplate(Y) }, 400, 'terms.0.startsOn');
    expect(e.message).toBe(m.yearsOverlap(THIS_YEAR));
    await fails('POST', '/api/school-setup/years', 'principal', { name: U, terms: tpl, copyStreamsFromYearId: ZERO }, 400, 'copyStreamsFromYearId');
  });

  it('edits term dates of an open year; a closed year is read-only (409); another school’s year is 404', async () => {
    const y = await yearByName(NEXT_YEAR);
    const tpl = ministryTermTemplate(Y + 1);
    // Term 1 opens two days later (a Wednesday); Term 2 cannot end on 1 April, before it starts.
    const later = addDays(tpl[0]!.startsOn, 2);
    const edited = await json<AcademicYear>('PATCH', `/api/school-setup/years/${y.id}`, 'principal', { terms: [{ ...tpl[0], startsOn: later }, tpl[1], tpl[2]] });
    expect(edited.startsOn).toBe(later);
    expect(edited.terms[0]!.startsOn).toBe(later);
    const a = await lastAudit('ACADEMIC_YEAR_UPDATED');
    expect((a!.oldValue as { terms: { startsOn: string }[] }).terms[0]!.startsOn).toBe(tpl[0]!.startsOn);
    expect((a!.newValue as { terms: { startsOn: string }[] }).terms[0]!.startsOn).toBe(later);
    await fails('PATCH', `/api/school-setup/years/${y.id}`, 'principal', { terms: tpl.slice(0, 2) }, 400, 'terms');
    await fails('PATCH', `/api/school-setup/years/${y.id}`, 'principal', { terms: [tpl[0], { ...tpl[1], endsOn: `${NEXT_YEAR}-04-01` }, tpl[2]] }, 400, 'terms.1.endsOn');
    const closed = await yearByName(LAST_YEAR);
    expect((await fails('PATCH', `/api/school-setup/years/${closed.id}`, 'principal', { name: LAST_YEAR }, 409)).code).toBe('YEAR_CLOSED');
    expect((await send('PATCH', `/api/school-setup/years/${y.id}`, 'rsPrincipal', { name: NEXT_YEAR })).statusCode).toBe(404);
    expect((await send('POST', `/api/school-setup/years/${y.id}/close`, 'rsPrincipal', {})).statusCode).toBe(404);
    await fails('PATCH', '/api/school-setup/years/not-a-uuid', 'principal', { name: NEXT_YEAR }, 400, 'id');
  });

  it('marks a term current: its year becomes current, and there is only ever one of each', async () => {
    const nextYear = await yearByName(NEXT_YEAR);
    const list = await json<{ items: AcademicYear[] }>('POST', `/api/school-setup/terms/${nextYear.terms[0]!.id}/current`, 'principal');
    const cur = list.items.filter((y) => y.isCurrent);
    expect(cur.map((y) => y.name)).toEqual([NEXT_YEAR]);
    expect(list.items.flatMap((y) => y.terms).filter((x) => x.isCurrent).map((x) => x.id)).toEqual([nextYear.terms[0]!.id]);
    expect((await lastAudit('CURRENT_TERM_CHANGED'))!.oldValue).toEqual({ term: cal.latestTerm.name, year: THIS_YEAR });
    // Back to this year's latest term.
    const thisYear = await yearByName(THIS_YEAR);
    await json('POST', `/api/school-setup/terms/${thisYear.terms[cal.latestTerm.number - 1]!.id}/current`, 'principal');
    const [n] = await system(t.database, (tx) => tx.select({ n: count() }).from(terms).where(and(eq(terms.schoolId, greenhill), eq(terms.isCurrent, true))));
    expect(Number(n!.n)).toBe(1);
    expect((await yearByName(THIS_YEAR)).terms[cal.latestTerm.number - 1]!.isCurrent).toBe(true);
    const closed = await yearByName(LAST_YEAR);
    expect((await fails('POST', `/api/school-setup/terms/${closed.terms[0]!.id}/current`, 'principal', undefined, 409)).code).toBe('YEAR_CLOSED');
    expect((await send('POST', `/api/school-setup/terms/${thisYear.terms[0]!.id}/current`, 'rsPrincipal')).statusCode).toBe(404);
    expect((await send('POST', `/api/school-setup/terms/${ZERO}/current`, 'principal')).statusCode).toBe(404);
  });

  it('closes a year that is not current; the current year closes only when another year’s term becomes current', async () => {
    const laterYear = await json<AcademicYear>('POST', '/api/school-setup/years', 'principal', { name: LATER_YEAR, terms: ministryTermTemplate(Y + 2) }, 201);
    const after = await json<{ items: AcademicYear[] }>('POST', `/api/school-setup/years/${laterYear.id}/close`, 'principal', {});
    const closed = after.items.find((y) => y.id === laterYear.id)!;
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect((await lastAudit('ACADEMIC_YEAR_CLOSED'))!.newValue).toMatchObject({ status: 'closed' });
    expect((await fails('POST', `/api/school-setup/years/${laterYear.id}/close`, 'principal', {}, 409)).code).toBe('ALREADY_CLOSED');
    expect((await fails('PATCH', `/api/school-setup/years/${laterYear.id}`, 'principal', { name: LATER_YEAR }, 409)).code).toBe('YEAR_CLOSED');
    const thisYear = await yearByName(THIS_YEAR);
    expect((await fails('POST', `/api/school-setup/years/${thisYear.id}/close`, 'principal', {}, 409, 'nextCurrentTermId')).code).toBe('CLOSE_CURRENT_YEAR');
    await fails('POST', `/api/school-setup/years/${thisYear.id}/close`, 'principal', { nextCurrentTermId: laterYear.terms[0]!.id }, 400, 'nextCurrentTermId');
    await fails('POST', `/api/school-setup/years/${thisYear.id}/close`, 'principal', { nextCurrentTermId: thisYear.terms[0]!.id }, 400, 'nextCurrentTermId');
    await fails('POST', `/api/school-setup/years/${thisYear.id}/close`, 'principal', { nextCurrentTermId: 'x' }, 400, 'nextCurrentTermId');
    expect((await yearByName(THIS_YEAR)).status).toBe('open');
  });
});

describe('levels and streams', () => {
  it('lists levels lowest first with band, curriculum, final flag and stream counts', async () => {
    const list = (await json<{ items: Level[] }>('GET', '/api/school-setup/levels', 'teacher')).items;
    expect(list[0]).toMatchObject({ name: 'PP1', levelOrder: -1, band: 'Pre-Primary', curriculum: 'CBC', isFinal: false, streamCount: 2 });
    expect(list.at(-1)).toMatchObject({ name: 'Grade 9', band: 'Junior School', isFinal: true });
  });

  it('adds, renames and deletes a level; streams of open years follow a rename', async () => {
    const level = await json<Level>('POST', '/api/school-setup/levels', 'principal', { name: 'Grade 10', levelOrder: 10, band: 'Senior School', curriculum: 'CBC', isFinal: false }, 201);
    expect(level).toMatchObject({ name: 'Grade 10', streamCount: 0 });
    await fails('POST', '/api/school-setup/levels', 'principal', { name: 'grade 10', levelOrder: 10, band: 'Senior School', curriculum: 'CBC' }, 409, 'name');
    await fails('POST', '/api/school-setup/levels', 'principal', { name: 'Form 1', levelOrder: 21, band: 'Secondary', curriculum: '8-4-4' }, 400, 'curriculum');
    await fails('POST', '/api/school-setup/levels', 'principal', { name: 'Grade 13', levelOrder: 99, band: 'Senior School', curriculum: 'CBC' }, 400, 'levelOrder');
    await fails('POST', '/api/school-setup/levels', 'principal', { name: '', levelOrder: 13, band: 'Senior School', curriculum: 'CBC' }, 400, 'name');
    const stream = await json<ClassItem>('POST', '/api/classes', 'principal', { levelId: level.id, stream: 'Acacia', capacity: 40 }, 201);
    expect(stream.name).toBe('Grade 10 Acacia');
    const renamed = await json<Level>('PATCH', `/api/school-setup/levels/${level.id}`, 'principal', { name: 'Grade 10 (Senior)', isFinal: true });
    expect(renamed).toMatchObject({ name: 'Grade 10 (Senior)', isFinal: true, streamCount: 1 });
    expect((await classByName('Grade 10 (Senior) Acacia')).level).toBe('Grade 10 (Senior)');
    expect((await lastAudit('LEVEL_UPDATED'))!.oldValue).toEqual({ name: 'Grade 10', isFinal: false });
    const e = await fails('DELETE', `/api/school-setup/levels/${level.id}`, 'principal', undefined, 409);
    expect(e.code).toBe('LEVEL_IN_USE');
    expect((await send('DELETE', `/api/classes/${stream.id}`, 'principal')).statusCode).toBe(204);
    expect((await send('DELETE', `/api/school-setup/levels/${level.id}`, 'principal')).statusCode).toBe(204);
    expect((await lastAudit('LEVEL_DELETED'))!.oldValue).toMatchObject({ name: 'Grade 10 (Senior)' });
    const rsLevel = (await json<{ items: Level[] }>('GET', '/api/school-setup/levels', 'rsPrincipal')).items[0]!;
    expect((await send('PATCH', `/api/school-setup/levels/${rsLevel.id}`, 'principal', { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/school-setup/levels/${rsLevel.id}`, 'principal')).statusCode).toBe(404);
  });

  it('adds a stream (POST /api/classes) with class teacher and home room, listed by GET /api/classes', async () => {
    const g7 = await levelByName('Grade 7');
    const c = await json<ClassItem>('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'North', capacity: 40, classTeacherId: teacherId, homeRoom: 'Block B, Room 20' }, 201);
    expect(c).toMatchObject({ name: 'Grade 7 North', level: 'Grade 7', stream: 'North', capacity: 40, classTeacherId: teacherId, learnerCount: 0, homeRoom: 'Block B, Room 20', academicYear: THIS_YEAR });
    expect((await json<ClassItem[]>('GET', '/api/classes', 'teacher')).some((x) => x.id === c.id)).toBe(true);
    expect((await lastAudit('STREAM_CREATED'))!.newValue).toMatchObject({ name: 'Grade 7 North', capacity: 40, level: 'Grade 7', academicYear: THIS_YEAR });
    // By level name, into next year.
    const nextYear = await yearByName(NEXT_YEAR);
    const next = await json<ClassItem>('POST', '/api/classes', 'principal', { level: 'grade 7', stream: 'North', academicYearId: nextYear.id }, 201);
    expect(next).toMatchObject({ name: 'Grade 7 North', academicYear: NEXT_YEAR, capacity: 45 });
  });

  it('refuses bad streams: duplicate (409), unknown level, non-teacher class teacher, bad capacity, closed year', async () => {
    const g7 = await levelByName('Grade 7');
    expect((await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'north' }, 409, 'stream')).code).toBe('STREAM_EXISTS');
    await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'South', classTeacherId: parentId }, 400, 'classTeacherId');
    await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'South', capacity: 0 }, 400, 'capacity');
    await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: '' }, 400, 'stream');
    await fails('POST', '/api/classes', 'principal', { stream: 'South' }, 400, 'levelId');
    const rsLevel = (await json<{ items: Level[] }>('GET', '/api/school-setup/levels', 'rsPrincipal')).items[0]!;
    await fails('POST', '/api/classes', 'principal', { levelId: rsLevel.id, stream: 'South' }, 400, 'levelId');
    await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'South', academicYearId: ZERO }, 400, 'academicYearId');
    const laterYear = await yearByName(LATER_YEAR);
    expect((await fails('POST', '/api/classes', 'principal', { levelId: g7.id, stream: 'South', academicYearId: laterYear.id }, 409)).code).toBe('YEAR_CLOSED');
    const old = await classByName('Grade 7 East', (await yearByName(LAST_YEAR)).id);
    expect((await fails('PATCH', `/api/classes/${old.id}`, 'principal', { capacity: 50 }, 409)).code).toBe('YEAR_CLOSED');
  });

  it('edits a stream: rename (display name follows), capacity not below its learners, class teacher, home room', async () => {
    const north = await classByName('Grade 7 North');
    const c = await json<ClassItem>('PATCH', `/api/classes/${north.id}`, 'principal', { stream: 'Kilimanjaro', capacity: 35, homeRoom: null, classTeacherId: null });
    expect(c).toMatchObject({ name: 'Grade 7 Kilimanjaro', stream: 'Kilimanjaro', capacity: 35, homeRoom: null, classTeacherId: null });
    const a = await lastAudit('STREAM_UPDATED');
    expect(a!.oldValue).toMatchObject({ stream: 'North', capacity: 40, homeRoom: 'Block B, Room 20', classTeacherId: teacherId });
    expect(a!.newValue).toMatchObject({ stream: 'Kilimanjaro', capacity: 35, homeRoom: null, classTeacherId: null });
    await json('PATCH', `/api/classes/${north.id}`, 'principal', { stream: 'North', classTeacherId: teacherId });
    const east = await classByName('Grade 7 East');
    const e = await fails('PATCH', `/api/classes/${east.id}`, 'principal', { capacity: 5 }, 400, 'capacity');
    expect(e.message).toBe(m.capacityBelowLearners(east.learnerCount));
    await fails('PATCH', `/api/classes/${east.id}`, 'principal', { classTeacherId: parentId }, 400, 'classTeacherId');
    await fails('PATCH', `/api/classes/${east.id}`, 'principal', { stream: 'West' }, 409, 'stream');
    await fails('PATCH', `/api/classes/${east.id}`, 'principal', { capacity: 'many' }, 400, 'capacity');
    const rsClass = (await json<ClassItem[]>('GET', '/api/classes', 'rsPrincipal'))[0]!;
    expect((await send('PATCH', `/api/classes/${rsClass.id}`, 'principal', { capacity: 30 })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/classes/${rsClass.id}`, 'principal')).statusCode).toBe(404);
    expect((await send('PATCH', `/api/classes/${ZERO}`, 'principal', { capacity: 30 })).statusCode).toBe(404);
  });

  it('deletes a stream only when it has no learners or history (409 with the counts)', async () => {
    const east = await classByName('Grade 7 East');
    const e = await fails('DELETE', `/api/classes/${east.id}`, 'principal', undefined, 409);
    expect(e.code).toBe('STREAM_IN_USE');
    expect(e.message).toMatch(/^Grade 7 East cannot be deleted: it has \d+ learners and \d+ class-history records\./);
  });
});

describe('learning areas', () => {
  it('lists a band’s learning areas with department and assignment counts', async () => {
    const list = (await json<{ items: Subject[] }>('GET', '/api/school-setup/subjects?band=Junior%20School', 'director')).items;
    expect(list.map((s) => s.code).sort()).toEqual(['901', '902', '903', '905', '906', '907', '908', '910', '911', 'PPI']);
    expect(list.find((s) => s.code === '903')).toMatchObject({ name: 'Mathematics', lessonsPerWeek: 5, isCore: true, departmentName: 'Mathematics' });
    expect(list.find((s) => s.code === '903')!.assignmentCount).toBeGreaterThan(0);
  });

  it('adds from the catalogue (known codes skipped, departments matched by name), refusing unknown codes and bands', async () => {
    const r = await json<{ created: Subject[]; skipped: string[] }>('POST', '/api/school-setup/subjects/catalogue', 'principal', { band: 'Junior School', codes: ['909', '904', '901'] }, 201);
    expect(r.created.map((s) => [s.code, s.name, s.lessonsPerWeek, s.departmentName]).sort()).toEqual([
      ['904', 'Kenyan Sign Language', 4, 'Languages'],
      ['909', 'Islamic Religious Education', 4, 'Humanities'],
    ]);
    expect(r.skipped).toEqual(['901']);
    const again = await json<{ created: Subject[]; skipped: string[] }>('POST', '/api/school-setup/subjects/catalogue', 'principal', { band: 'Junior School', codes: ['909'] }, 201);
    expect(again).toEqual({ created: [], skipped: ['909'] });
    await fails('POST', '/api/school-setup/subjects/catalogue', 'principal', { band: 'Junior School', codes: ['0580'] }, 400, 'codes');
    await fails('POST', '/api/school-setup/subjects/catalogue', 'principal', { band: 'IGCSE', codes: ['0580'] }, 400, 'band');
    await fails('POST', '/api/school-setup/subjects/catalogue', 'principal', { band: 'Junior School', codes: [] }, 400, 'codes');
  });

  it('adds a custom learning area (code unique in its band), edits it, retires and restores it', async () => {
    const dept = (await json<{ items: Department[] }>('GET', '/api/school-setup/departments', 'principal')).items.find((d) => d.name === 'Languages')!;
    const s = await json<Subject>('POST', '/api/school-setup/subjects', 'principal', { band: 'Junior School', name: 'French', code: 'fre', lessonsPerWeek: 2, isCore: false, departmentId: dept.id }, 201);
    expect(s).toMatchObject({ code: 'FRE', curriculum: 'CBC', departmentName: 'Languages', isCore: false, retiredAt: null });
    expect((await fails('POST', '/api/school-setup/subjects', 'principal', { band: 'Junior School', name: 'French again', code: 'FRE', lessonsPerWeek: 2 }, 409, 'code')).code).toBe('SUBJECT_CODE_TAKEN');
    await fails('POST', '/api/school-setup/subjects', 'principal', { band: 'Junior School', name: 'Latin', code: 'LAT', lessonsPerWeek: 16 }, 400, 'lessonsPerWeek');
    await fails('POST', '/api/school-setup/subjects', 'principal', { band: 'Junior School', name: 'Latin', code: 'L A T', lessonsPerWeek: 2 }, 400, 'code');
    await fails('POST', '/api/school-setup/subjects', 'principal', { band: 'Sixth Form', name: 'Latin', code: 'LAT', lessonsPerWeek: 2 }, 400, 'band');
    await fails('POST', '/api/school-setup/subjects', 'principal', { band: 'Junior School', name: 'Latin', code: 'LAT', lessonsPerWeek: 2, departmentId: ZERO }, 400, 'departmentId');
    // The same code in another band is fine.
    await json('POST', '/api/school-setup/subjects', 'principal', { band: 'Upper Primary', name: 'French', code: 'FRE', lessonsPerWeek: 2, isCore: false }, 201);

    const edited = await json<Subject>('PATCH', `/api/school-setup/subjects/${s.id}`, 'principal', { lessonsPerWeek: 3, departmentId: null });
    expect(edited).toMatchObject({ lessonsPerWeek: 3, departmentId: null });
    expect((await lastAudit('SUBJECT_UPDATED'))!.oldValue).toEqual({ lessonsPerWeek: 2, departmentId: dept.id });
    await fails('PATCH', `/api/school-setup/subjects/${s.id}`, 'principal', { code: '901' }, 409, 'code');

    const retired = await json<Subject>('POST', `/api/school-setup/subjects/${s.id}/retire`, 'principal');
    expect(retired.retiredAt).not.toBeNull();
    const active = (await json<{ items: Subject[] }>('GET', '/api/school-setup/subjects?band=Junior%20School', 'principal')).items;
    expect(active.some((x) => x.id === s.id)).toBe(false);
    expect((await subjectByCode('Junior School', 'FRE')).retiredAt).not.toBeNull();
    expect((await fails('POST', `/api/school-setup/subjects/${s.id}/retire`, 'principal', undefined, 409)).code).toBe('ALREADY_RETIRED');
    const north = await classByName('Grade 7 North');
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: north.id, subjectId: s.id }, 400, 'subjectId');
    const restored = await json<Subject>('POST', `/api/school-setup/subjects/${s.id}/restore`, 'principal');
    expect(restored.retiredAt).toBeNull();
    expect((await lastAudit('SUBJECT_RESTORED'))!.newValue).toEqual({ retiredAt: null });
    expect((await fails('POST', `/api/school-setup/subjects/${s.id}/restore`, 'principal', undefined, 409)).code).toBe('NOT_RETIRED');

    const rsSubject = (await json<{ items: Subject[] }>('GET', '/api/school-setup/subjects', 'rsPrincipal')).items[0]!;
    expect((await send('PATCH', `/api/school-setup/subjects/${rsSubject.id}`, 'principal', { lessonsPerWeek: 3 })).statusCode).toBe(404);
    expect((await send('POST', `/api/school-setup/subjects/${rsSubject.id}/retire`, 'principal')).statusCode).toBe(404);
    expect((await send('POST', `/api/school-setup/subjects/${rsSubject.id}/restore`, 'principal')).statusCode).toBe(404);
  });
});

describe('teachers’ assignments', () => {
  it('lists the year’s assignments and every teacher’s load; filters by stream and by teacher', async () => {
    const all = await json<ListAssignmentsResponse>('GET', '/api/school-setup/assignments', 'teacher');
    expect(all.maxLoad).toBe(40);
    const [dbTotal] = await system(t.database, (tx) =>
      tx
        .select({ n: sql<number>`coalesce(sum(${teacherAssignments.lessonsPerWeek}), 0)`.mapWith(Number) })
        .from(teacherAssignments)
        .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
        .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
        .where(and(eq(teacherAssignments.teacherId, teacherId), eq(academicYears.name, THIS_YEAR))),
    );
    expect(all.loads.find((l) => l.teacherId === teacherId)!.lessons).toBe(dbTotal!.n);
    const east = await classByName('Grade 7 East');
    const byStream = await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${east.id}`, 'principal');
    expect(byStream.items.length).toBeGreaterThan(5);
    expect(byStream.items.every((a) => a.classId === east.id && a.className === 'Grade 7 East')).toBe(true);
    const mine = await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?teacherId=${teacherId}`, 'principal');
    expect(mine.items.every((a) => a.teacherId === teacherId)).toBe(true);
    expect(mine.items.reduce((n, a) => n + a.lessonsPerWeek, 0)).toBe(dbTotal!.n);
    const nextYear = await yearByName(NEXT_YEAR);
    const next = await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?yearId=${nextYear.id}`, 'principal');
    expect(next.academicYearId).toBe(nextYear.id);
    expect(next.items.length).toBeGreaterThan(0);
    expect((await send('GET', `/api/school-setup/assignments?yearId=${ZERO}`, 'principal')).statusCode).toBe(404);
    await fails('GET', '/api/school-setup/assignments?classId=nope', 'principal', undefined, 400, 'classId');
    const teachers = (await json<{ items: TeacherOption[] }>('GET', '/api/school-setup/teachers', 'principal')).items;
    expect(teachers.find((x) => x.id === teacherId)!.lessons).toBe(dbTotal!.n);
  });

  it('assigns a teacher (lessons default from the learning area) and the load goes up; one teacher per stream and learning area', async () => {
    const before = await loadOf(teacherId);
    const north = await classByName('Grade 7 North');
    const maths = await subjectByCode('Junior School', '903');
    const r = await json<{ assignment: { id: string; lessonsPerWeek: number; subjectName: string }; load: { lessons: number }; warning: string | null }>(
      'POST',
      '/api/school-setup/assignments',
      'principal',
      { teacherId, classId: north.id, subjectId: maths.id },
      201,
    );
    expect(r.assignment).toMatchObject({ lessonsPerWeek: 5, subjectName: 'Mathematics' });
    expect(r.load.lessons).toBe(before + 5);
    expect(await loadOf(teacherId)).toBe(before + 5);
    expect((await lastAudit('TEACHER_ASSIGNED'))!.newValue).toMatchObject({ stream: 'Grade 7 North', subject: 'Mathematics', lessonsPerWeek: 5 });
    const e = await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: north.id, subjectId: maths.id }, 409, 'subjectId');
    expect(e.code).toBe('ASSIGNMENT_TAKEN');
    const upper = await subjectByCode('Upper Primary', 'MAT');
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: north.id, subjectId: upper.id }, 400, 'subjectId');
    const english = await subjectByCode('Junior School', '901');
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId: parentId, classId: north.id, subjectId: english.id }, 400, 'teacherId');
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: ZERO, subjectId: english.id }, 400, 'classId');
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: north.id, subjectId: english.id, lessonsPerWeek: 0 }, 400, 'lessonsPerWeek');
    await fails('POST', '/api/school-setup/assignments', 'principal', { classId: north.id, subjectId: english.id }, 400, 'teacherId');
    const rsClass = (await json<ClassItem[]>('GET', '/api/classes', 'rsPrincipal'))[0]!;
    await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: rsClass.id, subjectId: english.id }, 400, 'classId');
  });

  it('warns when a teacher goes over the school’s maximum load', async () => {
    await json('PATCH', '/api/school-setup/profile', 'principal', { maxTeacherLoad: 10 });
    expect((await lastAudit('SCHOOL_PROFILE_UPDATED'))!.newValue).toEqual({ maxTeacherLoad: 10 });
    const north = await classByName('Grade 7 North');
    const english = await subjectByCode('Junior School', '901');
    const r = await json<{ load: { lessons: number; overMax: boolean }; warning: string | null }>('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: north.id, subjectId: english.id, lessonsPerWeek: 6 }, 201);
    expect(r.load.overMax).toBe(true);
    expect(r.warning).toMatch(/^Grace Achieng Owino now teaches \d+ lessons a week, above the maximum of 10\.$/);
    const list = await json<ListAssignmentsResponse>('GET', '/api/school-setup/assignments', 'principal');
    expect(list.maxLoad).toBe(10);
    expect(list.loads.find((l) => l.teacherId === teacherId)!.overMax).toBe(true);
    await json('PATCH', '/api/school-setup/profile', 'principal', { maxTeacherLoad: 40 });
  });

  it('edits and removes an assignment; another school’s assignment is 404', async () => {
    const north = await classByName('Grade 7 North');
    const list = await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${north.id}`, 'principal');
    const english = list.items.find((a) => a.subjectCode === '901')!;
    const other = (await json<{ items: TeacherOption[] }>('GET', '/api/school-setup/teachers', 'principal')).items.find((x) => x.id !== teacherId)!;
    const r = await json<{ assignment: { teacherId: string; lessonsPerWeek: number } }>('PATCH', `/api/school-setup/assignments/${english.id}`, 'principal', { teacherId: other.id, lessonsPerWeek: 5 });
    expect(r.assignment).toMatchObject({ teacherId: other.id, lessonsPerWeek: 5 });
    expect((await lastAudit('ASSIGNMENT_UPDATED'))!.oldValue).toEqual({ teacherId, lessonsPerWeek: 6 });
    await fails('PATCH', `/api/school-setup/assignments/${english.id}`, 'principal', { teacherId: parentId }, 400, 'teacherId');
    await fails('PATCH', `/api/school-setup/assignments/${english.id}`, 'principal', { lessonsPerWeek: 20 }, 400, 'lessonsPerWeek');
    expect((await send('DELETE', `/api/school-setup/assignments/${english.id}`, 'principal')).statusCode).toBe(204);
    expect((await lastAudit('ASSIGNMENT_REMOVED'))!.oldValue).toMatchObject({ stream: 'Grade 7 North', subject: 'English' });
    const rs = (await json<ListAssignmentsResponse>('GET', '/api/school-setup/assignments', 'rsPrincipal')).items[0]!;
    expect((await send('PATCH', `/api/school-setup/assignments/${rs.id}`, 'principal', { lessonsPerWeek: 2 })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/school-setup/assignments/${rs.id}`, 'principal')).statusCode).toBe(404);
  });

  it('copies a stream’s assignments onto another stream of the band (kept unless replace)', async () => {
    const east = await classByName('Grade 7 East');
    const north = await classByName('Grade 7 North');
    const eastCount = (await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${east.id}`, 'principal')).items.length;
    const r = await json<{ created: number; replaced: number; skipped: number }>('POST', '/api/school-setup/assignments/copy', 'principal', { fromClassId: east.id, toClassId: north.id });
    expect(r.created + r.skipped).toBe(eastCount);
    expect(r.skipped).toBe(1); // Mathematics was already assigned in North.
    const northList = (await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${north.id}`, 'principal')).items;
    expect(northList).toHaveLength(eastCount);
    const eastMaths = (await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${east.id}`, 'principal')).items.find((a) => a.subjectCode === '903')!;
    const replaced = await json<{ created: number; replaced: number }>('POST', '/api/school-setup/assignments/copy', 'principal', { fromClassId: east.id, toClassId: north.id, replace: true });
    expect(replaced.created).toBe(0);
    const northMaths = (await json<ListAssignmentsResponse>('GET', `/api/school-setup/assignments?classId=${north.id}`, 'principal')).items.find((a) => a.subjectCode === '903')!;
    expect(northMaths.teacherId).toBe(eastMaths.teacherId);
    expect(replaced.replaced).toBe(eastMaths.teacherId === teacherId ? 0 : 1);
    const g4 = await classByName('Grade 4 East');
    await fails('POST', '/api/school-setup/assignments/copy', 'principal', { fromClassId: east.id, toClassId: g4.id }, 400, 'toClassId');
    await fails('POST', '/api/school-setup/assignments/copy', 'principal', { fromClassId: east.id, toClassId: east.id }, 400, 'toClassId');
    await fails('POST', '/api/school-setup/assignments/copy', 'principal', { fromClassId: ZERO, toClassId: north.id }, 400, 'fromClassId');
    expect((await lastAudit('ASSIGNMENTS_COPIED'))!.newValue).toMatchObject({ from: 'Grade 7 East', to: 'Grade 7 North' });
  });

  it('deleting a stream with assignments but no learners removes them with it', async () => {
    const north = await classByName('Grade 7 North');
    expect((await send('DELETE', `/api/classes/${north.id}`, 'principal')).statusCode).toBe(204);
    const [n] = await system(t.database, (tx) => tx.select({ n: count() }).from(teacherAssignments).where(eq(teacherAssignments.classId, north.id)));
    expect(Number(n!.n)).toBe(0);
    const a = await lastAudit('STREAM_DELETED');
    expect(a!.oldValue).toMatchObject({ name: 'Grade 7 North' });
    expect((a!.oldValue as { assignments: unknown[] }).assignments.length).toBeGreaterThan(5);
  });
});

describe('departments', () => {
  it('lists departments with head, members and learning areas', async () => {
    const list = (await json<{ items: Department[] }>('GET', '/api/school-setup/departments', 'hr')).items;
    expect(list.map((d) => d.name)).toEqual(['Creative Arts & Technical', 'Humanities', 'Languages', 'Mathematics', 'Sciences']);
    const maths = list.find((d) => d.name === 'Mathematics')!;
    expect(maths.headName).not.toBeNull();
    expect(maths.members.some((x) => x.id === maths.headId)).toBe(true);
    expect(maths.subjects.map((s) => s.name)).toContain('Mathematics');
  });

  it('creates, edits and deletes a department; the head is always a member; learning areas stay', async () => {
    const teachers = (await json<{ items: TeacherOption[] }>('GET', '/api/school-setup/teachers', 'principal')).items;
    const [a, b] = teachers.filter((x) => x.id !== teacherId);
    const d = await json<Department>('POST', '/api/school-setup/departments', 'principal', { name: 'ICT', headId: teacherId, memberIds: [a!.id] }, 201);
    expect(d.headName).toBe('Grace Achieng Owino');
    expect(d.members.map((x) => x.id).sort()).toEqual([teacherId, a!.id].sort());
    expect((await fails('POST', '/api/school-setup/departments', 'principal', { name: 'ict' }, 409, 'name')).code).toBe('DEPARTMENT_EXISTS');
    await fails('POST', '/api/school-setup/departments', 'principal', { name: 'Games', headId: parentId }, 400, 'headId');
    await fails('POST', '/api/school-setup/departments', 'principal', { name: 'Games', memberIds: [parentId] }, 400, 'memberIds.0');
    await fails('POST', '/api/school-setup/departments', 'principal', { name: '' }, 400, 'name');

    const edited = await json<Department>('PATCH', `/api/school-setup/departments/${d.id}`, 'principal', { name: 'ICT & Computing', headId: b!.id, memberIds: [] });
    expect(edited).toMatchObject({ name: 'ICT & Computing', headId: b!.id });
    expect(edited.members.map((x) => x.id)).toEqual([b!.id]);
    const audit = await lastAudit('DEPARTMENT_UPDATED');
    expect(audit!.oldValue).toMatchObject({ name: 'ICT', headName: 'Grace Achieng Owino' });

    const subject = await subjectByCode('Junior School', 'FRE');
    await json('PATCH', `/api/school-setup/subjects/${subject.id}`, 'principal', { departmentId: d.id });
    expect((await json<{ items: Department[] }>('GET', '/api/school-setup/departments', 'principal')).items.find((x) => x.id === d.id)!.subjects.map((s) => s.name)).toEqual(['French']);
    expect((await send('DELETE', `/api/school-setup/departments/${d.id}`, 'principal')).statusCode).toBe(204);
    expect((await subjectByCode('Junior School', 'FRE')).departmentId).toBeNull();
    const [gone] = await system(t.database, (tx) => tx.select({ n: count() }).from(departments).where(eq(departments.id, d.id)));
    expect(Number(gone!.n)).toBe(0);

    const rs = (await json<{ items: Department[] }>('GET', '/api/school-setup/departments', 'rsPrincipal')).items[0]!;
    expect((await send('PATCH', `/api/school-setup/departments/${rs.id}`, 'principal', { name: 'Mine' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/school-setup/departments/${rs.id}`, 'principal')).statusCode).toBe(404);
  });
});

describe('closing the current year', () => {
  it('closes this year by making a term of next year current; this year becomes read-only', async () => {
    const thisYear = await yearByName(THIS_YEAR);
    const nextYear = await yearByName(NEXT_YEAR);
    const list = await json<{ items: AcademicYear[] }>('POST', `/api/school-setup/years/${thisYear.id}/close`, 'principal', { nextCurrentTermId: nextYear.terms[0]!.id });
    const by = new Map(list.items.map((y) => [y.name, y]));
    expect(by.get(THIS_YEAR)).toMatchObject({ status: 'closed', isCurrent: false });
    expect(by.get(NEXT_YEAR)).toMatchObject({ status: 'open', isCurrent: true });
    expect(by.get(NEXT_YEAR)!.terms[0]!.isCurrent).toBe(true);
    const [n] = await system(t.database, (tx) => tx.select({ n: count() }).from(academicYears).where(and(eq(academicYears.schoolId, greenhill), eq(academicYears.isCurrent, true))));
    expect(Number(n!.n)).toBe(1);
    const eastThisYear = await classByName('Grade 7 East', thisYear.id);
    expect((await fails('PATCH', `/api/classes/${eastThisYear.id}`, 'principal', { homeRoom: 'Hall' }, 409)).code).toBe('YEAR_CLOSED');
    const english = await subjectByCode('Junior School', '901');
    expect((await fails('POST', '/api/school-setup/assignments', 'principal', { teacherId, classId: eastThisYear.id, subjectId: english.id }, 409)).code).toBe('YEAR_CLOSED');
    // GET /api/classes now lists next year's streams by default.
    expect((await json<ClassItem[]>('GET', '/api/classes', 'principal'))[0]!.academicYear).toBe(NEXT_YEAR);
    // The subjects table is untouched by closing.
    const [s] = await system(t.database, (tx) => tx.select({ n: count() }).from(subjects).where(eq(subjects.schoolId, greenhill)));
    expect(Number(s!.n)).toBeGreaterThan(30);
  });
});
