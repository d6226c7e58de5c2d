import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createAccount, createTestApp, profileIdOf, schoolIdOf, setProfileStatus, signIn, system, type TestApp, apiCaller } from '../../../../tests/helpers.js';
import type { ErasureResponse, ListRequestsResponse, SubjectsResponse } from '../../../shared/contracts/data-protection.js';
import { dataProtectionMessages as dm, erasedLearnerLabel, erasedUserEmail, erasedUserLabel } from '../../../shared/messages/data-protection.js';
import { auditLogs, dataProtectionRequests, payments, profiles, sessions, studentGuardians, students, twoFactorCredentials, twoFactorRecoveryCodes } from '../../db/schema/index.js';
import { DATA_PROTECTION_AUDIT } from './data-protection.service.js';
import { schoolToday } from '../../../shared/dates.js';

/**
 * Data protection requests (issue 18 §2; Kenya Data Protection Act 2019): who may search, export and
 * erase (401/403/404), a learner's export holds their guardians, attendance and fees and no other
 * learner's name, erasure refuses an enrolled learner and a wrong confirmation with nothing changed,
 * and after an exit removes the learner's name everywhere while the fee payments still sum the same;
 * a user's erasure anonymises the account and ends its sessions. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let learner: { id: string; firstName: string; middleName: string | null; lastName: string; admissionNumber: string; name: string };
const STAFF_EMAIL = 'leaver.dp@greenhill.edufam.test';

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  await createAccount(t.database, { email: STAFF_EMAIL, name: 'Wekesa Leaver Otieno', role: 'teacher', schoolId: greenhill });
  for (const who of ['principal', 'director', 'teacher', 'parent', 'finance'] as const) cookie[who] = await signIn(t.app, DEMO.greenhill[who], 'school');
  cookie.rsPrincipal = await signIn(t.app, DEMO.riverside.principal, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
  cookie.leaver = await signIn(t.app, STAFF_EMAIL, 'school');
  // A demo learner with a guardian, attendance, an invoice and a payment.
  const rows = await system(t.database, (tx) =>
    tx.execute<{ id: string; first_name: string; middle_name: string | null; last_name: string; admission_number: string }>(sql`
      select s.id, s.first_name, s.middle_name, s.last_name, s.admission_number from students s
      where s.school_id = ${greenhill} and s.status = 'active'
        and exists (select 1 from student_guardians g where g.student_id = s.id)
        and exists (select 1 from attendance_entries a where a.student_id = s.id)
        and exists (select 1 from invoices i where i.student_id = s.id)
        and exists (select 1 from payments p where p.student_id = s.id)
        -- a name no other learner shares, so "the name is gone everywhere" is about this learner
        and not exists (select 1 from students o where o.id <> s.id and lower(o.first_name) = lower(s.first_name) and lower(o.last_name) = lower(s.last_name))
      order by s.admission_number limit 1`),
  );
  const r = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as { id: string; first_name: string; middle_name: string | null; last_name: string; admission_number: string };
  learner = {
    id: r.id,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    admissionNumber: r.admission_number,
    name: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
  };
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const { req, ok, fails } = apiCaller(() => t.app, cookie);
const learnerExport = (reason = 'Written request from the guardian, 3 March') => ({ subjectType: 'learner', subjectId: learner.id, reason });
const erase = (over: Record<string, unknown> = {}) => ({ subjectType: 'learner', subjectId: learner.id, reason: 'Guardian’s written erasure request', confirm: learner.name, ...over });

const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? (r as R[]) : ((r as { rows: R[] }).rows ?? []));
const studentRow = () => system(t.database, async (tx) => (await tx.select().from(students).where(eq(students.id, learner.id)))[0]!);
const paymentSum = () =>
  system(t.database, async (tx) => Number((await tx.select({ s: sql<string>`coalesce(sum(${payments.amountCents}), 0)` }).from(payments).where(eq(payments.studentId, learner.id)))[0]!.s));
const auditCount = (action: string) =>
  system(t.database, async (tx) => (await tx.select({ id: auditLogs.id }).from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.targetEntity, `student:${learner.id}`)))).length);

describe('access', () => {
  it('401 without a session; 403 for teacher, parent and finance; principal and director may not erase', async () => {
    await fails(undefined, 'GET', '/api/data-protection/subjects?q=ab', undefined, 401);
    await fails(undefined, 'POST', '/api/data-protection/exports', learnerExport(), 401);
    for (const who of ['teacher', 'parent', 'finance']) {
      await fails(who, 'GET', '/api/data-protection/subjects?q=ab', undefined, 403);
      await fails(who, 'POST', '/api/data-protection/exports', learnerExport(), 403);
      await fails(who, 'GET', '/api/data-protection/requests', undefined, 403);
      await fails(who, 'POST', '/api/data-protection/erasures', erase(), 403);
    }
    await fails('principal', 'POST', '/api/data-protection/erasures', erase(), 403);
    await fails('director', 'POST', '/api/data-protection/erasures', erase(), 403);
  });

  it('a principal finds only their school; another school’s learner and a platform user are 404', async () => {
    const found = await ok<SubjectsResponse>('principal', 'GET', `/api/data-protection/subjects?q=${encodeURIComponent(learner.lastName)}`);
    const mine = found.learners.find((l) => l.id === learner.id)!;
    expect(mine).toMatchObject({ name: learner.name, admissionNumber: learner.admissionNumber, status: 'active', erased: false, erasure: { allowed: false, reason: dm.api.learnerActive } });
    expect(found.learners.every((l) => l.schoolId === greenhill)).toBe(true);
    const rs = await ok<SubjectsResponse>('rsPrincipal', 'GET', `/api/data-protection/subjects?q=${encodeURIComponent(learner.name)}`);
    expect(rs.learners.find((l) => l.id === learner.id)).toBeUndefined();
    await fails('rsPrincipal', 'POST', '/api/data-protection/exports', learnerExport(), 404);
    const adminId = await profileIdOf(t.database, DEMO.admin);
    await fails('principal', 'POST', '/api/data-protection/exports', { subjectType: 'user', subjectId: adminId, reason: 'Asked by the person' }, 404);
    expect((await fails('principal', 'GET', '/api/data-protection/subjects?q=a', undefined, 400)).message).toContain('2 characters');
    await fails('principal', 'POST', '/api/data-protection/exports', { ...learnerExport(), reason: ' ' }, 400);
    await fails('principal', 'POST', '/api/data-protection/exports', { ...learnerExport(), subjectType: 'alien' }, 400);
  });
});

describe('export', () => {
  it('a learner’s export holds their guardians, attendance and fees, and no other learner’s name', async () => {
    const before = await auditCount(DATA_PROTECTION_AUDIT.exported);
    const res = await req('principal', 'POST', '/api/data-protection/exports', learnerExport());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="personal-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = res.json<{ subject: { name: string }; legalBasis: string; data: Record<string, unknown> & { guardians: { name: string }[]; attendance: unknown[]; fees: { invoices: unknown[]; payments: unknown[] }; profile: { admissionNumber: string } } }>();
    expect(doc.subject.name).toBe(learner.name);
    expect(doc.legalBasis).toBe(dm.legalBasis.export);
    expect(doc.data.profile.admissionNumber).toBe(learner.admissionNumber);
    expect(doc.data.guardians.length).toBeGreaterThan(0);
    expect(doc.data.attendance.length).toBeGreaterThan(0);
    expect(doc.data.fees.invoices.length).toBeGreaterThan(0);
    expect(doc.data.fees.payments.length).toBeGreaterThan(0);
    const others = await system(t.database, (tx) =>
      tx
        .select({ name: sql<string>`concat_ws(' ', ${students.firstName}, ${students.lastName})` })
        .from(students)
        .where(and(eq(students.schoolId, greenhill), sql`${students.id} <> ${learner.id}`)),
    );
    const text = res.body;
    const leaked = others.map((o) => o.name).filter((n) => n !== `${learner.firstName} ${learner.lastName}` && text.includes(n));
    expect(leaked).toEqual([]);
    expect(await auditCount(DATA_PROTECTION_AUDIT.exported)).toBe(before + 1);
    const list = await ok<ListRequestsResponse>('principal', 'GET', '/api/data-protection/requests?kind=export');
    expect(list.items[0]).toMatchObject({ subjectType: 'learner', subjectId: learner.id, subjectName: learner.name, kind: 'export', status: 'completed', schoolId: greenhill });
    expect(list.items[0]!.outcome.exported?.attendance).toBeGreaterThan(0);
  });

  it('a guardian imported as "Grandmother" is exported with that word beside the stored relationship (issue 34)', async () => {
    const [link] = await system(t.database, (tx) => tx.select({ guardianId: studentGuardians.guardianId }).from(studentGuardians).where(eq(studentGuardians.studentId, learner.id)).limit(1));
    await system(t.database, (tx) =>
      tx
        .update(studentGuardians)
        .set({ relationship: 'grandparent', relationshipLabel: 'Grandmother' })
        .where(and(eq(studentGuardians.studentId, learner.id), eq(studentGuardians.guardianId, link!.guardianId))),
    );
    type Row = { id: string; relationship: string; relationshipLabel: string | null; relationshipAsShown: string };
    const doc = await ok<{ data: { guardians: Row[] } }>('principal', 'POST', '/api/data-protection/exports', learnerExport());
    expect(doc.data.guardians.find((g) => g.id === link!.guardianId)).toMatchObject({ relationship: 'grandparent', relationshipLabel: 'Grandmother', relationshipAsShown: 'Grandmother' });
    // A link without a typed word shows the relationship's own label.
    await system(t.database, (tx) => tx.update(studentGuardians).set({ relationshipLabel: null }).where(eq(studentGuardians.studentId, learner.id)));
    const again = await ok<{ data: { guardians: Row[] } }>('principal', 'POST', '/api/data-protection/exports', learnerExport());
    expect(again.data.guardians.find((g) => g.id === link!.guardianId)).toMatchObject({ relationship: 'grandparent', relationshipLabel: null, relationshipAsShown: 'Grandparent' });
  });

  it('a user’s export holds their account, sessions and audit entries, never a password', async () => {
    const id = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const res = await req('director', 'POST', '/api/data-protection/exports', { subjectType: 'user', subjectId: id, reason: 'Subject access request' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ data: { profile: { email: string }; account: { email: string }; sessions: unknown[] } }>();
    expect(doc.data.profile.email).toBe(DEMO.greenhill.teacher);
    expect(doc.data.account.email).toBe(DEMO.greenhill.teacher);
    expect(doc.data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/"password"|"token"/);
    const riverside = await ok<ListRequestsResponse>('rsPrincipal', 'GET', '/api/data-protection/requests');
    expect(riverside.items.some((i) => i.schoolId === greenhill)).toBe(false);
  });
});

describe('erasure of a learner', () => {
  it('refuses an enrolled learner and a wrong confirmation; nothing changes', async () => {
    const before = await studentRow();
    const sum = await paymentSum();
    const active = await fails('admin', 'POST', '/api/data-protection/erasures', erase(), 400);
    expect(active.message).toBe(dm.api.learnerActive);
    const mismatch = await fails('admin', 'POST', '/api/data-protection/erasures', erase({ confirm: `${learner.name}x` }), 400);
    expect(mismatch.message).toBe(dm.api.confirmMismatch);
    await fails('admin', 'POST', '/api/data-protection/erasures', erase({ subjectId: '00000000-0000-4000-8000-000000000000' }), 404);
    expect(await studentRow()).toEqual(before);
    expect(await paymentSum()).toBe(sum);
    expect(await auditCount(DATA_PROTECTION_AUDIT.erased)).toBe(0);
  });

  it('after the learner exits: the name is gone everywhere, fees are kept, the request and audit are recorded', async () => {
    await ok('principal', 'POST', '/api/movements/exits', { studentId: learner.id, exitType: 'withdrawal', reason: 'Family relocated to Mombasa', exitDate: schoolToday() }, 201);
    const sum = await paymentSum();
    const exportsBefore = await system(t.database, (tx) => tx.select().from(dataProtectionRequests).where(eq(dataProtectionRequests.subjectId, learner.id)));
    expect(exportsBefore.length).toBeGreaterThan(0);

    await fails('admin', 'POST', '/api/data-protection/erasures', erase({ confirm: 'Someone Else' }), 400);
    const out = await ok<ErasureResponse>('admin', 'POST', '/api/data-protection/erasures', erase());
    const label = erasedLearnerLabel(learner.id);
    expect(out.message).toBe(dm.api.erased(label));
    expect(out.request).toMatchObject({ kind: 'erasure', status: 'completed', subjectName: label, schoolId: greenhill });
    expect(out.request.outcome.anonymised?.students).toBe(1);
    expect(out.request.outcome.retained?.map((r) => r.what)).toContain(dm.retained.learnerFees.what);

    const row = await studentRow();
    expect(`${row.firstName} ${row.lastName}`).toBe(label);
    expect(row).toMatchObject({ middleName: null, dateOfBirth: null, medicalNotes: null, specialNeeds: null, photoFileId: null, upi: null, admissionNumber: learner.admissionNumber });
    expect(await paymentSum()).toBe(sum);

    // The old name is nowhere in the database but the (append-only) audit log, and no part of it is
    // left on the learner's own rows (other people may share a first or last name).
    const needle = learner.name;
    const own = await system(t.database, async (tx) =>
      rowsOf<{ t: string }>(await tx.execute(sql`select s::text as t from students s where s.id = ${learner.id}`))[0]!.t.toLowerCase(),
    );
    for (const part of [learner.firstName, learner.middleName, learner.lastName].filter((x): x is string => !!x)) expect(own).not.toContain(part.toLowerCase());
    const hits = await system(t.database, async (tx) => {
      const tables = rowsOf<{ table_name: string }>(
        await tx.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('audit_logs', '__drizzle_migrations')`),
      );
      const found: string[] = [];
      for (const { table_name } of tables) {
        const [r] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from ${sql.identifier(table_name)} x where x::text ilike ${`%${needle}%`}`));
        if (Number(r?.n ?? 0) > 0) found.push(table_name);
      }
      return found;
    });
    expect(hits).toEqual([]);
    const snapshots = await system(t.database, (tx) => tx.select({ s: dataProtectionRequests.subjectNameSnapshot }).from(dataProtectionRequests).where(eq(dataProtectionRequests.subjectId, learner.id)));
    expect(new Set(snapshots.map((s) => s.s))).toEqual(new Set([label]));
    expect(await auditCount(DATA_PROTECTION_AUDIT.erased)).toBe(1);

    // Twice is 409; the search shows the erased record.
    await fails('admin', 'POST', '/api/data-protection/erasures', erase({ confirm: label }), 409);
    const found = await ok<SubjectsResponse>('admin', 'GET', `/api/data-protection/subjects?q=${encodeURIComponent(learner.admissionNumber)}&type=learner`);
    expect(found.learners.find((l) => l.id === learner.id)).toMatchObject({ name: label, erased: true, erasure: { allowed: false } });
    expect(found.users).toEqual([]);
  });
});

describe('erasure of a user', () => {
  it('refuses an active account and the caller’s own; a deactivated one is anonymised and signed out', async () => {
    const id = await profileIdOf(t.database, STAFF_EMAIL);
    const body = { subjectType: 'user', subjectId: id, reason: 'Former teacher’s request', confirm: 'Wekesa Leaver Otieno' };
    expect((await fails('admin', 'POST', '/api/data-protection/erasures', body, 400)).message).toBe(dm.api.userActive);
    const adminId = await profileIdOf(t.database, DEMO.admin);
    const adminName = (await system(t.database, (tx) => tx.select({ n: profiles.name }).from(profiles).where(eq(profiles.id, adminId))))[0]!.n;
    expect((await fails('admin', 'POST', '/api/data-protection/erasures', { ...body, subjectId: adminId, confirm: adminName }, 400)).message).toBe(dm.api.selfErasure);

    await system(t.database, async (tx) => {
      await tx.insert(twoFactorCredentials).values({ userId: id, secret: 'encrypted-secret', enabledAt: new Date() });
      await tx.insert(twoFactorRecoveryCodes).values({ userId: id, salt: 'salt', codeHash: 'hash' });
    });
    await setProfileStatus(t.database, STAFF_EMAIL, 'inactive');
    const out = await ok<ErasureResponse>('admin', 'POST', '/api/data-protection/erasures', body);
    expect(out.request).toMatchObject({ subjectType: 'user', subjectName: erasedUserLabel(id), schoolId: greenhill });
    const [p] = await system(t.database, (tx) => tx.select().from(profiles).where(eq(profiles.id, id)));
    expect(p).toMatchObject({ name: erasedUserLabel(id), email: erasedUserEmail(id), phone: null });
    expect(await system(t.database, (tx) => tx.select().from(sessions).where(inArray(sessions.userId, [id])))).toEqual([]);
    expect(await system(t.database, (tx) => tx.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, id)))).toEqual([]);
    expect(await system(t.database, (tx) => tx.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)))).toEqual([]);
    expect(out.request.outcome.deleted).toMatchObject({ twoFactorCredentials: 1, twoFactorRecoveryCodes: 1 });
    expect((await req('leaver', 'GET', '/api/data-protection/subjects?q=ab')).statusCode).toBe(401);
    const audit = await system(t.database, (tx) => tx.select().from(auditLogs).where(and(eq(auditLogs.action, DATA_PROTECTION_AUDIT.erased), eq(auditLogs.targetEntity, `user:${id}`))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('Wekesa');
    const list = await ok<ListRequestsResponse>('admin', 'GET', '/api/data-protection/requests?kind=erasure&pageSize=10');
    expect(list.items.map((i) => i.subjectId)).toContain(id);
    expect(list.items.every((i) => i.kind === 'erasure')).toBe(true);
  });
});
