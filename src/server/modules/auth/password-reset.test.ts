import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEMO,
  TEST_PUBLIC_URL,
  createAccount,
  createTestApp,
  nextIp,
  postSignIn,
  schoolIdOf,
  setProfileStatus,
  signIn,
  system,
  type TestApp,
} from '../../../../tests/helpers.js';
import { messages } from '../../../shared/messages.js';
import { guardians, profiles, schools } from '../../db/schema/index.js';
import { withLocale } from '../../lib/request-locale.js';
import { sendAccountSetupMail } from './auth.service.js';

// Spec §5 Password reset, word for word.
const MSG = {
  emailRequired: 'Please enter your email address.',
  sent: 'Password reset email sent successfully. Please check your inbox.',
  bothRequired: 'Please enter both password fields.',
  tooShort: 'Password must be at least 8 characters long.',
  mismatch: 'Passwords do not match.',
  invalidOrExpired: 'Invalid or expired reset link. Please request a new password reset.',
  invalidLink: 'Invalid reset link. Please request a new password reset.',
  deactivated: 'Your account has been deactivated. Please contact your administrator.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function forgot(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload, remoteAddress: nextIp() });
}

function reset(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: nextIp() });
}

function validate(token?: string) {
  const qs = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return t.app.inject({ method: 'GET', url: `/api/auth/reset-password/validate${qs}` });
}

function errorMessage(res: { json(): unknown }): string {
  return (res.json() as { error: { message: string } }).error.message;
}

/** Requests a reset for `email` and returns the token from the one e-mail it sent. */
async function requestToken(email: string): Promise<string> {
  const before = t.mailbox.length;
  const res = await forgot({ email });
  expect(res.statusCode, res.body).toBe(200);
  const mails = t.mailbox.slice(before);
  expect(mails).toHaveLength(1);
  const match = /\/reset-password\?token=([^\s"&<]+)/.exec(mails[0]!.text);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe('POST /api/auth/forgot-password', () => {
  it.each([{}, { email: '' }, { email: '   ' }])('400 when the e-mail is missing (%j)', async (payload) => {
    const res = await forgot(payload);
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(MSG.emailRequired);
  });

  it('an unknown e-mail gets the same success message and no mail', async () => {
    const before = t.mailbox.length;
    const res = await forgot({ email: 'nobody@nowhere.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.sent });
    expect(t.mailbox.length).toBe(before);
  });

  it.each(['inactive', 'suspended'] as const)('a %s account gets the success message and no mail', async (status) => {
    const email = DEMO.riverside.parent;
    await setProfileStatus(t.database, email, status);
    try {
      const before = t.mailbox.length;
      const res = await forgot({ email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MSG.sent });
      expect(t.mailbox.length).toBe(before);
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
  });

  it('a role that does not match the login area gets no mail', async () => {
    const before = t.mailbox.length;
    const res = await forgot({ email: DEMO.greenhill.teacher, accessType: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.sent });
    const res2 = await forgot({ email: DEMO.admin, accessType: 'school' });
    expect(res2.statusCode).toBe(200);
    expect(t.mailbox.length).toBe(before);
  });

  it('a valid account gets exactly one mail linking to PUBLIC_URL/reset-password?token=…', async () => {
    const before = t.mailbox.length;
    const res = await forgot({ email: '  Director@Greenhill.edufam.test ', accessType: 'school' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.sent });
    const mails = t.mailbox.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(DEMO.greenhill.director);
    const link = new RegExp(`${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=[A-Za-z0-9%_-]+`);
    expect(mail.text).toMatch(link);
    expect(mail.html ?? '').toMatch(link);
  });
});

describe('e-mails in the recipient’s language (issue 36 §2)', () => {
  const setLocale = (email: string, locale: string) => system(t.database, (tx) => tx.update(profiles).set({ locale }).where(eq(profiles.email, email)));
  const sw = <T>(read: () => T): T => withLocale('sw', read);

  it('the reset e-mail is written in the account’s saved language, not the asking page’s', async () => {
    const email = DEMO.greenhill.finance;
    await setLocale(email, 'sw');
    try {
      const before = t.mailbox.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers: { 'x-edufam-locale': 'en' }, remoteAddress: nextIp() });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = t.mailbox.slice(before);
      expect(mail!.subject).toBe(sw(() => messages.passwordReset.mailSubject));
      expect(mail!.text).toContain(sw(() => messages.passwordReset.resetMail.request));
      expect(mail!.html).toContain(sw(() => messages.passwordReset.resetMail.chooseLink));
      expect(mail!.text).not.toContain(messages.passwordReset.resetMail.request);
    } finally {
      await setLocale(email, 'en');
    }
    // An English account asking from a Kiswahili page gets English.
    const before = t.mailbox.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers: { 'x-edufam-locale': 'sw' }, remoteAddress: nextIp() });
    expect(t.mailbox.slice(before)[0]!.subject).toBe('Reset your EduFam password');
  });

  it('a parent account’s set-up e-mail follows its guardian’s language, else the school’s default', async () => {
    const greenhill = await schoolIdOf(t.database, 'greenhill');
    const parent = async (email: string, phone: string, preferredLanguage: 'en' | 'sw' | null) => {
      const profileId = await createAccount(t.database, { email, name: 'Amina Wekesa', role: 'parent', schoolId: greenhill });
      await system(t.database, (tx) => tx.insert(guardians).values({ schoolId: greenhill, profileId, name: 'Amina Wekesa', phone, email, preferredLanguage }));
    };
    const setupMail = async (email: string) => {
      const before = t.mailbox.length;
      await sendAccountSetupMail(t.deps, { email, name: 'Amina Wekesa', schoolName: 'Greenhill Academy' });
      return t.mailbox.slice(before).find((m) => m.to === email)!;
    };
    await parent('amina.sw@mail.example', '254700555001', 'sw');
    const inKiswahili = await setupMail('amina.sw@mail.example');
    expect(inKiswahili.subject).toBe(sw(() => messages.passwordReset.accountSetupSubject));
    expect(inKiswahili.text).toContain(sw(() => messages.passwordReset.parentSetupIntro('Greenhill Academy')));

    await parent('amina.none@mail.example', '254700555002', null);
    expect((await setupMail('amina.none@mail.example')).subject).toBe('Your EduFam parent account');
    await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'sw' }).where(eq(schools.id, greenhill)));
    try {
      expect((await setupMail('amina.none@mail.example')).subject).toBe(sw(() => messages.passwordReset.accountSetupSubject));
    } finally {
      await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'en' }).where(eq(schools.id, greenhill)));
    }
  });
});

describe('POST /api/auth/forgot-password when mail cannot be sent', () => {
  it('answers 502 with the spec message instead of claiming success', async () => {
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP connection refused');
    };
    try {
      const res = await forgot({ email: DEMO.greenhill.teacher });
      expect(res.statusCode).toBe(502);
      expect(errorMessage(res)).toBe('Failed to send password reset email. Please try again.');
    } finally {
      t.deps.mailer.send = send;
    }
    // The next request works again and mails a fresh link.
    expect(await requestToken(DEMO.greenhill.teacher)).toMatch(/\S+/);
  });
});

describe('GET /api/auth/reset-password/validate', () => {
  it('accepts a live token', async () => {
    const token = await requestToken(DEMO.greenhill.teacher);
    const res = await validate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('refuses an unknown token and a missing one', async () => {
    const bad = await validate('not-a-real-token');
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toBe(MSG.invalidOrExpired);
    const missing = await validate();
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toBe(MSG.invalidLink);
  });
});

describe('POST /api/auth/reset-password', () => {
  it.each([
    ['both empty', { password: '', confirmPassword: '' }, MSG.bothRequired],
    ['confirmation missing', { password: 'LongEnough1!' }, MSG.bothRequired],
    ['password missing', { confirmPassword: 'LongEnough1!' }, MSG.bothRequired],
    ['too short', { password: 'Short1!', confirmPassword: 'Short1!' }, MSG.tooShort],
    ['mismatch', { password: 'LongEnough1!', confirmPassword: 'LongEnough2!' }, MSG.mismatch],
    ['unknown token', { token: 'forged-token', password: 'LongEnough1!', confirmPassword: 'LongEnough1!' }, MSG.invalidOrExpired],
  ])('400 for %s', async (_label, body, message) => {
    const res = await reset({ token: 'forged-token', ...body });
    expect(res.statusCode).toBe(400);
    expect(errorMessage(res)).toBe(message);
  });

  it('exactly 8 characters is long enough', async () => {
    const email = DEMO.riverside.teacher;
    const token = await requestToken(email);
    const res = await reset({ token, password: 'Abcdef1!', confirmPassword: 'Abcdef1!' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await postSignIn(t.app, { email, password: 'Abcdef1!' })).statusCode).toBe(200);
  });

  it('sets the new password, ends other sessions and is single-use', async () => {
    const email = DEMO.riverside.hr;
    const newPassword = 'N3w-Passw0rd-2026';
    const oldSession = await signIn(t.app, email, 'school');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: oldSession } })).statusCode).toBe(200);

    const token = await requestToken(email);
    const res = await reset({ token, password: newPassword, confirmPassword: newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // Other sessions are revoked.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: oldSession } })).statusCode).toBe(401);
    // Old password fails, new one works.
    const old = await postSignIn(t.app, { email, password: DEMO.password });
    expect(old.statusCode).toBe(401);
    expect(errorMessage(old)).toBe(MSG.invalidCredentials);
    expect((await postSignIn(t.app, { email, password: newPassword, accessType: 'school' })).statusCode).toBe(200);
    // The link works once.
    const again = await reset({ token, password: 'Another-Passw0rd', confirmPassword: 'Another-Passw0rd' });
    expect(again.statusCode).toBe(400);
    expect(errorMessage(again)).toBe(MSG.invalidOrExpired);
    expect((await validate(token)).statusCode).toBe(400);
    expect((await postSignIn(t.app, { email, password: newPassword })).statusCode).toBe(200);
  });

  it('is refused for an account deactivated after the link was sent', async () => {
    const email = DEMO.greenhill.parent;
    const token = await requestToken(email);
    await setProfileStatus(t.database, email, 'inactive');
    try {
      const res = await reset({ token, password: 'Whatever-2026', confirmPassword: 'Whatever-2026' });
      expect(res.statusCode).toBe(403);
      expect(errorMessage(res)).toBe(MSG.deactivated);
    } finally {
      await setProfileStatus(t.database, email, 'active');
    }
    // The password did not change.
    expect((await postSignIn(t.app, { email, password: DEMO.password })).statusCode).toBe(200);
  });
});
