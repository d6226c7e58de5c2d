import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { attendanceEntries, attendanceRegisters, guardians, mpesaStkRequests, payments, schools, smsMessages, studentBalances, studentGuardians, students, ussdGuardianPins } from '../src/server/db/schema/index.js';
import { DEMO_USSD_TOKEN, loadConfig } from '../src/server/config.js';
import { USSD_SCREEN_MAX } from '../src/shared/contracts/ussd.js';
import type { MyChildrenFees } from '../src/shared/contracts/fees.js';
import { formatKesLabel, kesToCents } from '../src/shared/money.js';
import { formatWeekday, schoolToday } from '../src/shared/dates.js';
import { withLocale } from '../src/server/lib/request-locale.js';
import { payConfirmText } from '../src/server/modules/ussd/ussd.service.js';
import { openDemoApp, methodCaller, profileIdOf, system, until, DEMO, type TestApp } from './helpers.js';

/** Issue 36 §3: USSD for basic phones on Africa's Talking's protocol (POST /api/ussd/callbacks/:token). */

let t: TestApp;
const cookie: Record<string, string> = {};
const { json } = methodCaller(() => t.app, cookie);
let parentPhone = '';

beforeAll(async () => {
  ({ t } = await openDemoApp(cookie, ['parent'], { env: { MPESA_SIMULATOR_DELAY_MS: '60000' } }));
  const profileId = await profileIdOf(t.database, DEMO.greenhill.parent);
  const [g] = await system(t.database, (tx) => tx.select({ phone: guardians.phone }).from(guardians).where(eq(guardians.profileId, profileId)));
  parentPhone = g!.phone;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

let sessionCounter = 0;

/** A dial: posts each step as Africa's Talking does (text = every answer so far joined by *). */
function dial(phone: string, token = DEMO_USSD_TOKEN) {
  const sessionId = `ATUid_test_${++sessionCounter}`;
  const answers: string[] = [];
  const post = async (text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ussd/callbacks/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sessionId, serviceCode: '*384*3326#', phoneNumber: `+${phone}`, text }).toString(),
    });
    return res;
  };
  return {
    /** The first request (''). */
    start: async () => (await post('')).body,
    /** Types `input` and answers the screen. */
    send: async (input: string) => {
      answers.push(input);
      const res = await post(answers.join('*'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      return res.body;
    },
    /** Repeats the last request exactly (a gateway retry). */
    repeat: async () => (await post(answers.join('*'))).body,
  };
}

/** The latest one-time code the SMS simulator carried to `phone`. */
async function lastCode(phone: string): Promise<string> {
  const [row] = await system(t.database, (tx) => tx.select({ body: smsMessages.body }).from(smsMessages).where(eq(smsMessages.toPhone, phone)).orderBy(desc(smsMessages.createdAt)).limit(1));
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  expect(code, row?.body).toBeTruthy();
  return code!;
}

/** Dials in with the PIN (setting it first when the guardian has none) up to the first child's menu. */
async function signedIn(phone: string, pin = '2468') {
  const d = dial(phone);
  let s = await d.start();
  if (/6-digit code/.test(s)) {
    s = await d.send(await lastCode(phone));
    expect(s).toMatch(/^CON Choose a 4-digit PIN/);
    expect(await d.send(pin)).toMatch(/^CON Type the PIN again/);
    s = await d.send(pin);
  } else {
    expect(s).toMatch(/Enter your PIN/);
    s = await d.send(pin);
  }
  if (/Choose a child/.test(s)) s = await d.send('1');
  expect(s).toMatch(/1 Fee balance/);
  return { d, menu: s };
}

describe('USSD (issue 36 §3)', () => {
  it('answers 404 for a wrong token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ussd/callbacks/not-the-token-at-all', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'sessionId=x&phoneNumber=%2B254700000000&text=' });
    expect(res.statusCode).toBe(404);
  });

  it('ends politely for an unknown number, revealing nothing', async () => {
    const s = await dial('254799000111').start();
    expect(s).toMatch(/^END Sorry, this phone number is not registered/);
  });

  it('first use: a code by SMS, a PIN typed twice, then the balance equals the fee account', async () => {
    const { d, menu } = await signedIn(parentPhone);
    expect(menu.startsWith('CON ')).toBe(true);
    const pins = await system(t.database, (tx) => tx.select().from(ussdGuardianPins).where(isNotNull(ussdGuardianPins.pinHash)));
    expect(pins.length).toBe(1);
    // Stored hashed (scrypt$salt$hash), never as typed; the hex itself may contain any four digits.
    expect(pins[0]!.pinHash).toMatch(/^scrypt\$[0-9a-f]+\$[0-9a-f]+$/);
    expect((pins[0]!.pinHash ?? '').split('$')).not.toContain('2468');
    const mine = await json<MyChildrenFees>('GET', '/api/fees/my-children', 'parent');
    const name = menu.split('\n')[0]!.slice(4);
    const child = mine.children.find((c) => c.name.startsWith(name.split(' ')[0]!)) ?? mine.children[0]!;
    const balance = await d.send('1');
    expect(balance).toContain(formatKesLabel(Math.abs(kesToCents(child.balance)!)));
    expect(balance).toMatch(/0 Back$/);
    expect(await d.repeat()).toBe(balance);
  });

  it('results and attendance screens stay within 182 characters, paged with 98 More', async () => {
    const { d } = await signedIn(parentPhone);
    let s = await d.send('3');
    expect(s).toMatch(/^CON /);
    const pages = [s];
    while (/98 More/.test(s)) pages.push((s = await d.send('98')));
    for (const p of pages) expect(p.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(pages.join('\n')).toMatch(/Mean grade|No results/);
    expect(await d.send('0')).toMatch(/1 Fee balance/);
    s = await d.send('4');
    expect(s.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(s).toMatch(/attendance this week|No attendance/);
    expect(await d.send('0')).toMatch(/1 Fee balance/);
    expect((await d.send('5')).length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });

  it("this week's attendance names each marked day and counts the days present", async () => {
    const { d, menu } = await signedIn(parentPhone);
    const firstName = menu.slice(4).split(' ')[0]!;
    const today = schoolToday();
    await system(t.database, async (tx) => {
      const [child] = await tx.select({ id: students.id, schoolId: students.schoolId, classId: students.classId }).from(students).innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id)).innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId)).where(and(eq(guardians.phone, parentPhone), eq(students.firstName, firstName)));
      await tx.delete(attendanceEntries).where(and(eq(attendanceEntries.studentId, child!.id), eq(attendanceEntries.date, today)));
      const [reg] = await tx.insert(attendanceRegisters).values({ schoolId: child!.schoolId, classId: child!.classId!, date: today, session: 'day' }).onConflictDoNothing().returning({ id: attendanceRegisters.id });
      const registerId = reg?.id ?? (await tx.select({ id: attendanceRegisters.id }).from(attendanceRegisters).where(and(eq(attendanceRegisters.classId, child!.classId!), eq(attendanceRegisters.date, today))))[0]!.id;
      await tx.insert(attendanceEntries).values({ schoolId: child!.schoolId, registerId, studentId: child!.id, date: today, session: 'day', status: 'absent' });
    });
    const s = await d.send('4');
    expect(s).toContain(`${formatWeekday(today)}: Absent`);
    expect(s).toMatch(/Present \d+ of \d+ days?/);
    expect(s.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });

  it('pays by M-Pesa: one STK Push to the same phone for the amount, never twice for a repeated request', async () => {
    const { d } = await signedIn(parentPhone);
    expect(await d.send('2')).toMatch(/Enter the amount to pay/);
    expect(await d.send('750')).toMatch(/Pay KES 750\.00 school fees for .+\n1 Confirm/);
    const before = await system(t.database, (tx) => tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.phone, parentPhone)));
    const done = await d.send('1');
    expect(done).toMatch(/^END Check your phone/);
    expect(await d.repeat()).toBe(done);
    const after = await system(t.database, (tx) => tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.phone, parentPhone)));
    expect(after.length).toBe(before.length + 1);
    const pushed = after.find((r) => !before.some((b) => b.id === r.id))!;
    expect(pushed).toMatchObject({ phone: parentPhone, amountCents: 75_000 });
    expect(t.deps.darajaSimulator!.requests().stkPushes.filter((p) => p.phone === parentPhone && p.amount === 750)).toHaveLength(1);
  });

  it('three wrong PINs lock USSD for the rest of the day, and say so', async () => {
    const d = dial(parentPhone);
    expect(await d.start()).toMatch(/Enter your PIN/);
    expect(await d.send('1111')).toMatch(/^CON Wrong PIN\. 2 tries left/);
    expect(await d.send('2222')).toMatch(/^CON Wrong PIN\. 1 try left/);
    expect(await d.send('3333')).toMatch(/^END Too many wrong PINs/);
    // Even the right PIN is refused today.
    expect(await dial(parentPhone).start()).toMatch(/^END Too many wrong PINs/);
  });

  it('speaks Kiswahili to a guardian whose preferred language is sw', async () => {
    const [g] = await system(t.database, (tx) =>
      tx
        .select({ id: guardians.id, phone: guardians.phone })
        .from(guardians)
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .innerJoin(students, and(eq(students.id, studentGuardians.studentId), eq(students.status, 'active')))
        .innerJoin(schools, eq(schools.id, guardians.schoolId))
        .where(and(eq(schools.code, 'greenhill'), isNotNull(guardians.phone)))
        .limit(5),
    ).then((rows) => rows.filter((r) => r.phone !== parentPhone));
    await system(t.database, (tx) => tx.update(guardians).set({ preferredLanguage: 'sw' }).where(eq(guardians.id, g!.id)));
    const d = dial(g!.phone);
    const first = await d.start();
    expect(first).toMatch(/^CON Tumetuma nambari ya siri/);
    expect(await d.send('000000')).toMatch(/^CON Nambari si sahihi/);
  });

  it('a guardian of two schools chooses the school first, then that school\'s PIN applies', async () => {
    const [learner] = await system(t.database, (tx) =>
      tx.select({ id: students.id, schoolId: students.schoolId }).from(students).innerJoin(schools, eq(schools.id, students.schoolId)).where(and(eq(schools.code, 'riverside'), eq(students.status, 'active'))).limit(1),
    );
    await system(t.database, async (tx) => {
      const [g] = await tx.insert(guardians).values({ schoolId: learner!.schoolId, name: 'Peter Mwangi Kamau', phone: parentPhone }).onConflictDoNothing().returning({ id: guardians.id });
      const id = g?.id ?? (await tx.select({ id: guardians.id }).from(guardians).where(and(eq(guardians.schoolId, learner!.schoolId), eq(guardians.phone, parentPhone))))[0]!.id;
      await tx.insert(studentGuardians).values({ schoolId: learner!.schoolId, studentId: learner!.id, guardianId: id, relationship: 'father' }).onConflictDoNothing();
    });
    const d = dial(parentPhone);
    const first = await d.start();
    expect(first).toMatch(/^CON Welcome to EduFam\. Choose the school:\n1 .+\n2 .+/);
    const riverside = first.split('\n').find((l) => /Riverside/i.test(l))!.slice(0, 1);
    // Riverside has no PIN for this guardian yet: a code by SMS, whatever Greenhill's lock says.
    expect(await d.send(riverside)).toMatch(/^CON We have sent a 6-digit code/);
  });

  it('a guardian without an EduFam account pays: the push records the guardian, its callback lowers the balance once', async () => {
    const phone = '254722036036';
    const [learner] = await system(t.database, (tx) =>
      tx.select({ id: students.id, schoolId: students.schoolId }).from(students).innerJoin(schools, eq(schools.id, students.schoolId)).where(and(eq(schools.code, 'greenhill'), eq(students.status, 'active'))).orderBy(desc(students.admissionNumber)).limit(1),
    );
    const guardianId = await system(t.database, async (tx) => {
      const [g] = await tx.insert(guardians).values({ schoolId: learner!.schoolId, name: 'Mary Atieno Odhiambo', phone }).returning({ id: guardians.id, profileId: guardians.profileId });
      expect(g!.profileId).toBeNull();
      await tx.insert(studentGuardians).values({ schoolId: learner!.schoolId, studentId: learner!.id, guardianId: g!.id, relationship: 'mother' });
      return g!.id;
    });
    const balanceCents = async () => Number((await system(t.database, (tx) => tx.select({ b: studentBalances.balanceCents }).from(studentBalances).where(eq(studentBalances.studentId, learner!.id))))[0]?.b ?? 0);
    const before = await balanceCents();
    const { d } = await signedIn(phone);
    expect(await d.send('2')).toMatch(/^CON Balance KES .+\nEnter the amount to pay/);
    expect(await d.send('1234')).toMatch(/^CON Pay KES 1,234\.00 school fees for .+ from 0722 036 036\?\n1 Confirm\n0 Cancel$/);
    // The simulated phone answers (success) 50 ms after the push instead of the suite's minute.
    t.deps.darajaSimulator!.next({ outcome: 'success', lateMs: 50 });
    const done = await d.send('1');
    expect(done).toMatch(/^END Check your phone/);
    expect(await d.repeat()).toBe(done);
    const rows = await system(t.database, (tx) => tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.phone, phone)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ studentId: learner!.id, amountCents: 123_400, requestedBy: null, requestedByGuardianId: guardianId });
    expect(t.deps.darajaSimulator!.requests().stkPushes.filter((p) => p.phone === phone)).toHaveLength(1);
    const settled = await until(() => system(t.database, (tx) => tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.id, rows[0]!.id))), (r) => r[0]?.status !== 'pending');
    expect(settled[0]).toMatchObject({ status: 'succeeded', resultCode: '0' });
    const paid = await system(t.database, (tx) => tx.select().from(payments).where(eq(payments.id, settled[0]!.paymentId!)));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ studentId: learner!.id, amountCents: 123_400, source: 'mpesa_stk', createdBy: null });
    expect(await balanceCents()).toBe(before - 123_400);
    // A gateway retry after the payment still answers the stored screen and pushes nothing more.
    expect(await d.repeat()).toBe(done);
    expect(t.deps.darajaSimulator!.requests().stkPushes.filter((p) => p.phone === phone)).toHaveLength(1);
  });

  it('the pay confirmation keeps its choices within 182 characters in both languages, however long the name', () => {
    const name = 'Nyambura-Wanjiku-Wambui-Njeri-Wairimu-Nyokabi-Wangari-Wanjiru-Wangui-Muthoni-Nyambura-Njoki';
    for (const [locale, cancel] of [['en', '0 Cancel'], ['sw', '0 Ghairi']] as const) {
      const body = withLocale(locale, () => payConfirmText('KES 150,000.00', name, '0722 036 036'));
      expect(`CON ${body}`.length).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(body.endsWith(cancel)).toBe(true);
      expect(body).toContain('Nyambura');
    }
  });
});

describe('configuration', () => {
  it('has the fixed development token only while the SMS simulator is on, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ ussdSimulator: true, USSD_CALLBACK_TOKEN: DEMO_USSD_TOKEN });
    // Even a forced SMS simulator in production (a demo server) gets no fixed token.
    expect(loadConfig({ NODE_ENV: 'production', SMS_SIMULATOR: 'force' })).toMatchObject({ ussdSimulator: false, USSD_CALLBACK_TOKEN: undefined });
    expect(loadConfig({ NODE_ENV: 'development', SMS_PROVIDER: 'africastalking', AT_USERNAME: 'u', AT_API_KEY: 'k' }).USSD_CALLBACK_TOKEN).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', SMS_SIMULATOR: 'force', USSD_CALLBACK_TOKEN: 'a-real-secret-token-1234' }).USSD_CALLBACK_TOKEN).toBe('a-real-secret-token-1234');
  });
});
