import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, countRows, createSchool, createTestApp, schoolIdOf, signIn, system, type TestApp, apiCaller } from '../../../../tests/helpers.js';
import {
  BUILT_IN_SCHOOL_DEFAULTS,
  FEATURE_KEYS,
  type EmailSettings,
  type FeatureFlagsMatrix,
  type NewSchoolDefaults,
  type NewSchoolDefaultsResponse,
  type SchoolFeatureFlags,
  type SmsSettings,
} from '../../../shared/contracts/system-settings.js';
import { systemSettingsMessages as sm } from '../../../shared/messages/system-settings.js';
import { academicYears, auditLogs, gradingScales, schoolFeatureFlags, schools, systemSettings, terms } from '../../db/schema/index.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { createFeatureFlagGate, featureOfPath } from './feature-flag-gate.js';
import { applyNewSchoolDefaults, schoolSmsSenderId } from './new-school-defaults.js';
import { createSettingsMailer } from './providers.js';
import { type SessionUser } from '../../../shared/contracts/session.js';

/**
 * System Settings (issue 18 §4): defaults for new schools (and applying them to a new school), feature
 * flags per school (matrix, save, the caller's own flags, the access-gate guard refusing a turned-off
 * feature), e-mail and SMS provider settings (secrets encrypted and never returned, kept when omitted,
 * test sends through a local SMTP server and the SMS simulator). edufam_admin only. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let riverside: string;
const cookie: Record<string, string> = {};

interface Received {
  to: string[];
  raw: string;
}
let smtp: SMTPServer;
let smtpPort = 0;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
  riverside = await schoolIdOf(t.database, 'riverside');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
  cookie.elimisha = await signIn(t.app, DEMO.elimisha, 'admin');
  cookie.director = await signIn(t.app, DEMO.greenhill.director, 'school');
  cookie.rsFinance = await signIn(t.app, DEMO.riverside.finance, 'school');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'Sup3r-Secret-Pass') callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
}, 600_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const { req, ok, fails } = apiCaller(() => t.app, cookie);
const lastAudit = async (action: string) => {
  const [row] = await system(t.database, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.createdAt)).limit(1));
  return row;
};

describe('access', () => {
  it.each([
    ['GET', '/api/system-settings/new-school-defaults'],
    ['PUT', '/api/system-settings/new-school-defaults'],
    ['GET', '/api/system-settings/feature-flags'],
    ['PUT', '/api/system-settings/feature-flags/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/system-settings/email'],
    ['PUT', '/api/system-settings/email'],
    ['POST', '/api/system-settings/email/test'],
    ['GET', '/api/system-settings/sms'],
    ['PUT', '/api/system-settings/sms'],
    ['POST', '/api/system-settings/sms/test'],
  ] as const)('%s %s: 401 signed out, 403 for a school director; elimisha_admin passes like edufam_admin (spec §1)', async (method, url) => {
    await fails(undefined, method, url, method === 'GET' ? undefined : {}, 401);
    await fails('director', method, url, method === 'GET' ? undefined : {}, 403);
    const alias = await req('elimisha', method, url, method === 'GET' ? undefined : {});
    if (method === 'GET') expect(alias.statusCode, alias.body).toBe(200);
    else expect([401, 403], alias.body).not.toContain(alias.statusCode);
  });

  it('GET /api/feature-flags/mine: 401 signed out; any signed-in user', async () => {
    await fails(undefined, 'GET', '/api/feature-flags/mine', undefined, 401);
    const mine = await ok<SchoolFeatureFlags>('director', 'GET', '/api/feature-flags/mine');
    expect(Object.keys(mine.flags).sort()).toEqual([...FEATURE_KEYS].sort());
    const admin = await ok<SchoolFeatureFlags>('admin', 'GET', '/api/feature-flags/mine');
    expect(admin.schoolId).toBeNull();
  });
});

describe('defaults for new schools', () => {
  it('answers the seeded defaults', async () => {
    const res = await ok<NewSchoolDefaultsResponse>('admin', 'GET', '/api/system-settings/new-school-defaults');
    expect(res.defaults.terms).toHaveLength(3);
    expect(res.defaults.gradingScales.map((s) => s.key)).toContain('cbc4');
    expect(res.defaults.admissionNumberPattern).toBe('{YYYY}/{SEQ:4}');
  });

  const custom = (): NewSchoolDefaults => ({
    ...structuredClone(BUILT_IN_SCHOOL_DEFAULTS),
    curricula: ['CBC', 'IGCSE'],
    smsSenderId: 'EDUFAMSCH',
    admissionNumberPattern: 'ADM/{YY}/{SEQ:3}',
    gradingScales: BUILT_IN_SCHOOL_DEFAULTS.gradingScales.map((s) =>
      s.key === 'cbc4' ? { ...s, bands: s.bands.map((b) => ({ ...b, min: ({ EE: 75, ME: 50, AE: 25, BE: 0 } as Record<string, number>)[b.code] ?? b.min })) } : s,
    ),
  });

  it('saves them, audited with old and new values', async () => {
    const res = await ok<NewSchoolDefaultsResponse>('admin', 'PUT', '/api/system-settings/new-school-defaults', custom());
    expect(res.message).toBe(sm.api.defaultsSaved);
    expect(res.defaults.smsSenderId).toBe('EDUFAMSCH');
    const audit = await lastAudit('NEW_SCHOOL_DEFAULTS_UPDATED');
    expect((audit!.oldValue as NewSchoolDefaults).smsSenderId).toBe('EDUFAM');
    expect((audit!.newValue as NewSchoolDefaults).smsSenderId).toBe('EDUFAMSCH');
  });

  it.each([
    [{ curricula: [] }, 'curricula'],
    [{ terms: BUILT_IN_SCHOOL_DEFAULTS.terms.slice(0, 2) }, 'terms'],
    [{ terms: BUILT_IN_SCHOOL_DEFAULTS.terms.map((x, i) => (i === 1 ? { ...x, startsOn: '02-30' } : x)) }, 'terms.1.startsOn'],
    [{ terms: BUILT_IN_SCHOOL_DEFAULTS.terms.map((x, i) => (i === 1 ? { ...x, startsOn: '03-01' } : x)) }, 'terms.1.endsOn'],
    [{ smsSenderId: 'THIS-IS-TOO-LONG' }, 'smsSenderId'],
    [{ admissionNumberPattern: 'NO-SEQ' }, 'admissionNumberPattern'],
    [{ gradingScales: [{ key: 'cbc4', name: 'x', bands: [{ code: 'EE', descriptor: '', min: 80, points: 4 }, { code: 'ME', descriptor: '', min: 50, points: 3 }] }] }, 'gradingScales.cbc4'],
  ])('400 for %o naming the field; nothing written', async (over, field) => {
    const audits = await countRows(t.database, auditLogs);
    const [before] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'new_school_defaults')));
    const err = await fails('admin', 'PUT', '/api/system-settings/new-school-defaults', { ...custom(), ...over }, 400);
    expect(err.fields).toHaveProperty([field]);
    expect(await countRows(t.database, auditLogs)).toBe(audits);
    const [after] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'new_school_defaults')));
    expect(after).toEqual(before);
  });

  it('applyNewSchoolDefaults gives a new school the curricula, pattern, scales, this year with three terms and its sender ID; twice is the same', async () => {
    const id = await createSchool(t.database, { code: 'defaults-test', name: 'Defaults Test Academy' });
    const first = await system(t.database, (tx) => applyNewSchoolDefaults(tx, id));
    expect(first.applied).toEqual(expect.arrayContaining(['curricula', 'admissionNumberPattern', 'gradingScales', 'terms', 'smsSenderId']));
    const [school] = await system(t.database, (tx) => tx.select().from(schools).where(eq(schools.id, id)));
    expect(school!.curricula).toEqual(['CBC', 'IGCSE']);
    expect(school!.admissionNumberPattern).toBe('ADM/{YY}/{SEQ:3}');
    const scales = await system(t.database, (tx) => tx.select().from(gradingScales).where(eq(gradingScales.schoolId, id)));
    expect(scales.find((s) => s.key === 'cbc4')!.bands.map((b) => b.min)).toEqual([75, 50, 25, 0]);
    const years = await system(t.database, (tx) => tx.select().from(academicYears).where(eq(academicYears.schoolId, id)));
    expect(years).toHaveLength(1);
    expect(years[0]!.isCurrent).toBe(true);
    const termRows = await system(t.database, (tx) => tx.select().from(terms).where(eq(terms.schoolId, id)));
    expect(termRows.map((x) => x.startsOn.slice(5)).sort()).toEqual(['01-05', '04-27', '08-24']);
    expect(await system(t.database, (tx) => schoolSmsSenderId(tx, id))).toBe('EDUFAMSCH');
    const again = await system(t.database, (tx) => applyNewSchoolDefaults(tx, id));
    expect(again.applied).toEqual(['smsSenderId']);
    expect(await system(t.database, (tx) => tx.select().from(academicYears).where(eq(academicYears.schoolId, id)))).toHaveLength(1);
  });
});

describe('feature flags', () => {
  it('the matrix lists every school with every feature on by default', async () => {
    const m = await ok<FeatureFlagsMatrix>('admin', 'GET', '/api/system-settings/feature-flags');
    expect(m.features.map((f) => f.key)).toEqual([...FEATURE_KEYS]);
    const rs = m.schools.find((s) => s.schoolId === riverside)!;
    expect(rs.name).toMatch(/Riverside/);
    expect(Object.values(rs.flags).every(Boolean)).toBe(true);
  });

  it('turns transport off for Riverside: audited, in the matrix and in the school’s own flags', async () => {
    const res = await ok<SchoolFeatureFlags>('admin', 'PUT', `/api/system-settings/feature-flags/${riverside}`, { flags: { transport: false, mpesa: true } });
    expect(res.flags.transport).toBe(false);
    expect(res.flags.mpesa).toBe(true);
    const audit = await lastAudit('FEATURE_FLAGS_UPDATED');
    expect(audit).toMatchObject({ schoolId: riverside, oldValue: { transport: true }, newValue: { transport: false } });
    const mine = await ok<SchoolFeatureFlags>('rsFinance', 'GET', '/api/feature-flags/mine');
    expect(mine).toMatchObject({ schoolId: riverside, flags: { transport: false } });
    const greenhill = await ok<SchoolFeatureFlags>('director', 'GET', '/api/feature-flags/mine');
    expect(greenhill.flags.transport).toBe(true);
  });

  it('the gate refuses a school user’s request to a turned-off feature with 403 FEATURE_DISABLED; others pass', async () => {
    const gate = createFeatureFlagGate(t.database);
    const user = (role: string, schoolId: string | null) => ({ id: 'x', role, schoolId }) as unknown as SessionUser;
    const request = (url: string) => ({ url }) as FastifyRequest;
    await expect(gate(request('/api/transport/routes?page=1'), user('finance_officer', riverside))).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_DISABLED',
      message: sm.featureDisabled(sm.features.transport.label),
    });
    await expect(gate(request('/api/transport'), user('principal', riverside))).rejects.toMatchObject({ code: 'FEATURE_DISABLED' });
    await expect(gate(request('/api/transporters'), user('finance_officer', riverside))).resolves.toBeUndefined();
    await expect(gate(request('/api/fees/overview'), user('finance_officer', riverside))).resolves.toBeUndefined();
    await expect(gate(request('/api/transport/routes'), user('finance_officer', await schoolIdOf(t.database, 'greenhill')))).resolves.toBeUndefined();
    await expect(gate(request('/api/transport/routes'), user('edufam_admin', null))).resolves.toBeUndefined();
    // Turned back on: the same process's gate follows at once.
    await ok('admin', 'PUT', `/api/system-settings/feature-flags/${riverside}`, { flags: { transport: true } });
    await expect(gate(request('/api/transport/routes'), user('finance_officer', riverside))).resolves.toBeUndefined();
  });

  it('maps features to their API prefixes', () => {
    expect(featureOfPath('/api/timetables/my')).toBe('timetable');
    expect(featureOfPath('/api/me/payslips')).toBe('payroll');
    expect(featureOfPath('/api/suppliers/1')).toBe('inventory');
    expect(featureOfPath('/api/learners')).toBeNull();
  });

  it('404 unknown school, 400 unknown feature or a non-boolean; nothing written', async () => {
    const rows = await countRows(t.database, schoolFeatureFlags);
    await fails('admin', 'PUT', '/api/system-settings/feature-flags/00000000-0000-4000-8000-000000000000', { flags: { transport: false } }, 404);
    await fails('admin', 'PUT', `/api/system-settings/feature-flags/${riverside}`, { flags: { teleport: false } }, 400);
    await fails('admin', 'PUT', `/api/system-settings/feature-flags/${riverside}`, { flags: { transport: 'no' } }, 400);
    expect(await countRows(t.database, schoolFeatureFlags)).toBe(rows);
  });
});

describe('e-mail provider', () => {
  const PASSWORD = 'Sup3r-Secret-Pass';

  it('starts in default mode with no password', async () => {
    const s = await ok<EmailSettings>('admin', 'GET', '/api/system-settings/email');
    expect(s.mode).toBe('default');
    expect(s.password).toEqual({ set: false, hint: null });
  });

  it('400 for SMTP without a host, a bad port or sender, or a user without a password; nothing written', async () => {
    const audits = await countRows(t.database, auditLogs);
    const err = await fails('admin', 'PUT', '/api/system-settings/email', { mode: 'smtp', host: '', port: 70000, from: 'nobody', user: 'mailer' }, 400);
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['from', 'host', 'password', 'port']);
    expect(await countRows(t.database, auditLogs)).toBe(audits);
  });

  it('stores the password encrypted, never returns it, keeps it when omitted', async () => {
    const body = { mode: 'smtp', host: '127.0.0.1', port: smtpPort, secure: false, user: 'mailer', from: 'EduFam <no-reply@edufam.test>', password: PASSWORD };
    const res = await req('admin', 'PUT', '/api/system-settings/email', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.json<{ settings: EmailSettings }>().settings.password).toEqual({ set: true, hint: '••••••••Pass' });
    const [row] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'email_provider')));
    expect(JSON.stringify(row!.settingValue)).not.toContain(PASSWORD);
    const audit = await lastAudit('EMAIL_SETTINGS_UPDATED');
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(audit!.newValue).toMatchObject({ password: 'set', host: '127.0.0.1' });
    // Omitted and empty keep it.
    await ok('admin', 'PUT', '/api/system-settings/email', { ...body, password: undefined });
    const kept = await ok<{ settings: EmailSettings }>('admin', 'PUT', '/api/system-settings/email', { ...body, password: '' });
    expect(kept.settings.password.set).toBe(true);
    const get = await req('admin', 'GET', '/api/system-settings/email');
    expect(get.body).not.toContain(PASSWORD);
  });

  it('sends a test e-mail through the saved SMTP settings (authenticated)', async () => {
    const before = received.length;
    const res = await ok<{ message: string }>('admin', 'POST', '/api/system-settings/email/test', { to: 'Ops@EduFam.test' });
    expect(res.message).toBe(sm.api.mailTestSent('ops@edufam.test'));
    expect(received.slice(before).some((m) => m.to.includes('ops@edufam.test') && m.raw.includes(sm.api.mailTestSubject))).toBe(true);
  });

  it('the settings mailer uses the saved SMTP settings, and the base mailer in default mode', async () => {
    const base: MailMessage[] = [];
    const mailer = createSettingsMailer({ send: async (m) => void base.push(m), close: () => undefined }, t.database, t.deps.mpesa.secretsKey);
    const before = received.length;
    await mailer.send({ to: 'a@edufam.test', subject: 'Via settings', text: 'x' });
    expect(received.length).toBe(before + 1);
    expect(base).toHaveLength(0);
    await ok('admin', 'PUT', '/api/system-settings/email', { mode: 'default' });
    await mailer.send({ to: 'b@edufam.test', subject: 'Via base', text: 'y' });
    expect(base.map((m) => m.to)).toEqual(['b@edufam.test']);
    mailer.close();
  });

  it('400 for a bad test address; 502 when the SMTP server refuses (wrong password)', async () => {
    await fails('admin', 'POST', '/api/system-settings/email/test', { to: 'not-an-address' }, 400);
    await ok('admin', 'PUT', '/api/system-settings/email', { mode: 'smtp', host: '127.0.0.1', port: smtpPort, user: 'mailer', from: 'no-reply@edufam.test', password: 'wrong-password' });
    const err = await fails('admin', 'POST', '/api/system-settings/email/test', { to: 'ops@edufam.test' }, 502);
    expect(err.code).toBe('MAIL_TEST_FAILED');
    expect(err.message).not.toContain('wrong-password');
    await ok('admin', 'PUT', '/api/system-settings/email', { mode: 'default', clearPassword: true });
    expect((await ok<EmailSettings>('admin', 'GET', '/api/system-settings/email')).password.set).toBe(false);
  });
});

describe('SMS provider', () => {
  const KEY = 'atsk_0123456789abcdef0123456789abcdef';

  it('starts on the simulator and sends a test SMS through it', async () => {
    const s = await ok<SmsSettings>('admin', 'GET', '/api/system-settings/sms');
    expect(s.provider).toBe('simulator');
    const res = await ok<{ message: string }>('admin', 'POST', '/api/system-settings/sms/test', { phone: '0712 345 678' });
    expect(res.message).toBe(sm.api.smsTestSent('+254712345678'));
  });

  it('400 for a phone that is not a Kenyan mobile', async () => {
    const err = await fails('admin', 'POST', '/api/system-settings/sms/test', { phone: '12345' }, 400);
    expect(err.fields?.phone).toBe(sm.fields.testPhone);
  });

  it('Africa’s Talking needs a username and an API key; the key is stored encrypted and never returned', async () => {
    const err = await fails('admin', 'PUT', '/api/system-settings/sms', { provider: 'africastalking', username: '', senderId: 'X' }, 400);
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['apiKey', 'senderId', 'username']);
    const res = await req('admin', 'PUT', '/api/system-settings/sms', { provider: 'africastalking', username: 'edufam', senderId: 'EDUFAM', sandbox: true, apiKey: KEY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    expect(res.json<{ settings: SmsSettings }>().settings.apiKey).toEqual({ set: true, hint: '••••••••cdef' });
    const [row] = await system(t.database, (tx) => tx.select().from(systemSettings).where(eq(systemSettings.settingKey, 'sms_provider')));
    expect(JSON.stringify(row!.settingValue)).not.toContain(KEY);
    expect(JSON.stringify(await lastAudit('SMS_SETTINGS_UPDATED'))).not.toContain(KEY);
    // The key is kept when omitted.
    const kept = await ok<{ settings: SmsSettings }>('admin', 'PUT', '/api/system-settings/sms', { provider: 'africastalking', username: 'edufam', senderId: 'EDUFAM', sandbox: true });
    expect(kept.settings.apiKey.set).toBe(true);
    expect((await req('admin', 'GET', '/api/system-settings/sms')).body).not.toContain(KEY);
    await ok('admin', 'PUT', '/api/system-settings/sms', { provider: 'simulator', senderId: 'EDUFAM' });
  });
});
