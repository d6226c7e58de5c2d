import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { latestSchoolDay, type SchoolCalendar } from '../src/shared/attendance-calendar.js';
import type { CalendarResponse, PutRegisterResponse, Register } from '../src/shared/contracts/attendance.js';
import type { ClassItem } from '../src/shared/contracts/classes.js';
import type { StudentDetail } from '../src/shared/contracts/learners.js';
import { schoolToday } from '../src/shared/dates.js';
import { absenceAlerts, adminCommunications, classes, notifications, schools, smsMessages } from '../src/server/db/schema/index.js';
import { settleDeliveries } from '../src/server/modules/announcements/announcements.service.js';
import { apiCaller, DEMO, openDemoApp, profileIdOf, system, type TestApp } from './helpers.js';
import { demo } from './demo.js';

/**
 * What the server writes for a person comes out in that person's language (issue 36 §1, §2): the
 * absence SMS in the guardian's preferred_language (else the school's default_locale), the in-app
 * absence alert in the parent account's saved language while the teacher who marked the register
 * keeps reading English, and an announcement e-mail's EduFam footer in the recipient's language.
 */
let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
const { ok } = apiCaller(() => t.app, cookie);
let day: string;
let east: ClassItem;

const SW_ABSENT = 'ameandikwa kuwa hayupo';
const EN_ABSENT = 'was marked absent';

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, ['principal', 'teacher', 'parent']));
  const c = await ok<CalendarResponse>('principal', 'GET', `/api/attendance/calendar?from=${demo.yearName}-01-01&to=${demo.yearName}-12-31`);
  const cal: SchoolCalendar = { terms: c.terms, events: c.events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind })) };
  day = latestSchoolDay(cal, schoolToday())!;
  // Alerts go out for the school day being kept now: in a holiday, run on that day's clock (10:00 Nairobi).
  if (day !== schoolToday()) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(`${day}T07:00:00Z`));
  }
  east = (await ok<ClassItem[]>('principal', 'GET', '/api/classes')).find((x) => x.name === 'Grade 7 East')!;
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** The absence SMS bodies logged for learner `studentId`, oldest first. */
async function absenceSms(studentId: string): Promise<string[]> {
  const rows = await system(t.database, (tx) => tx.select({ body: smsMessages.body, at: smsMessages.createdAt }).from(smsMessages).where(and(eq(smsMessages.studentId, studentId), eq(smsMessages.kind, 'absence'))));
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => r.body);
}

/** Marks `studentIds` present then absent in their stream's day register (as `who`), so each absence is new; returns the save's answer. */
async function markAbsent(who: string, classId: string, studentIds: string[]): Promise<PutRegisterResponse> {
  await ok(who, 'PUT', '/api/attendance/registers', { classId, date: day, entries: studentIds.map((studentId) => ({ studentId, status: 'present' })) });
  for (const id of studentIds) await system(t.database, (tx) => tx.delete(absenceAlerts).where(and(eq(absenceAlerts.studentId, id), eq(absenceAlerts.date, day))));
  return ok<PutRegisterResponse>(who, 'PUT', '/api/attendance/registers', { classId, date: day, entries: studentIds.map((studentId) => ({ studentId, status: 'absent' })) });
}

/** Learners of Grade 7 East whose primary guardian has a phone and no parent account, with that guardian. */
async function eastLearnersWithPhone(n: number): Promise<{ id: string; guardianId: string }[]> {
  const reg = await ok<Register>('principal', 'GET', `/api/attendance/registers?classId=${east.id}&date=${day}&session=day`);
  const out: { id: string; guardianId: string }[] = [];
  for (const e of reg.entries) {
    const s = await ok<StudentDetail>('principal', 'GET', `/api/students/${e.studentId}`);
    const primary = s.guardians.find((g) => g.isPrimary) ?? s.guardians[0];
    if (!primary?.phone || primary.hasAccount || !primary.followsSchoolLanguage) continue;
    // A guardian shared with another learner picked already would change both.
    if (out.some((o) => o.guardianId === primary.id)) continue;
    out.push({ id: s.id, guardianId: primary.id });
    if (out.length === n) break;
  }
  expect(out).toHaveLength(n);
  return out;
}

describe('absence SMS in the guardian language (issue 36 §2)', () => {
  it("a guardian who chose Kiswahili gets it in Kiswahili, another of the same register in English, and a Kiswahili school's guardians without a choice in Kiswahili", async () => {
    const [a, b, c] = await eastLearnersWithPhone(3);
    await ok('principal', 'PATCH', `/api/students/${a!.id}`, { guardians: [{ id: a!.guardianId, preferredLanguage: 'sw' }] });
    const saved = await markAbsent('principal', east.id, [a!.id, b!.id]);
    expect(saved.alerted).toBe(2);
    const smsA = (await absenceSms(a!.id)).at(-1)!;
    const smsB = (await absenceSms(b!.id)).at(-1)!;
    expect(smsA).toContain(SW_ABSENT);
    expect(smsA).not.toContain(EN_ABSENT);
    expect(smsB).toContain(EN_ABSENT);

    // The school reads Kiswahili by default: a guardian with no choice follows it.
    await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'sw' }).where(eq(schools.id, greenhill)));
    try {
      const before = (await absenceSms(c!.id)).length;
      await markAbsent('principal', east.id, [c!.id]);
      const smsC = await absenceSms(c!.id);
      expect(smsC.length).toBe(before + 1);
      expect(smsC.at(-1)!).toContain(SW_ABSENT);
    } finally {
      await system(t.database, (tx) => tx.update(schools).set({ defaultLocale: 'en' }).where(eq(schools.id, greenhill)));
    }
  });
});

describe('in-app notification in the account language (issue 36 §2)', () => {
  it('a parent who reads Kiswahili gets the absence alert in Kiswahili; the teacher who marked it keeps English', async () => {
    await ok('parent', 'PATCH', '/api/profile', { locale: 'sw' });
    const kids = await ok<{ items: { id: string; classId: string }[] }>('parent', 'GET', '/api/students?pageSize=10');
    const child = kids.items[0]!;
    // The demo teacher leads the child's stream, so they mark its register.
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    await system(t.database, (tx) => tx.update(classes).set({ classTeacherId: teacherId }).where(eq(classes.id, child.classId)));
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const saved = await markAbsent('teacher', child.classId, [child.id]);
    expect(saved.alerted).toBe(1);
    const stored = await system(t.database, (tx) =>
      tx
        .select({ title: adminCommunications.title, message: adminCommunications.message })
        .from(notifications)
        .innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId))
        .where(eq(notifications.userId, parentId)),
    );
    const alert = stored.find((s) => s.title.includes(SW_ABSENT));
    expect(alert, JSON.stringify(stored)).toBeDefined();
    expect(alert!.message).toContain(SW_ABSENT);
    expect(stored.some((s) => s.title.includes(EN_ABSENT) && s.title.includes(alert!.title.split(' ameandikwa')[0]!))).toBe(false);
    // The parent's bell shows it as stored.
    const bell = await ok<{ notifications: { communication: { title: string } }[] }>('parent', 'GET', '/api/notifications');
    expect(bell.notifications.some((n) => n.communication.title === alert!.title)).toBe(true);
    // The teacher's own answers stay English.
    const res = await t.app.inject({ method: 'PUT', url: '/api/attendance/registers', headers: { cookie: cookie.teacher! }, payload: { classId: child.classId, date: day, entries: [{ studentId: child.id, status: 'excused' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe('Give the reason for an excused absence.');
  });
});

describe('e-mail in the recipient language (issue 36 §2)', () => {
  it("an announcement e-mail's EduFam footer is Kiswahili for a Kiswahili reader; the author's title and body stay as written", async () => {
    await ok('parent', 'PATCH', '/api/profile', { locale: 'sw' });
    const before = t.mailbox.length;
    await ok('principal', 'POST', '/api/announcements', { title: 'Sports day', body: 'Wear house colours.', channels: ['app', 'email'], audience: { roles: ['parent'] } }, 201);
    await settleDeliveries();
    const sent = t.mailbox.slice(before);
    const mine = sent.find((m) => m.to === DEMO.greenhill.parent);
    expect(mine, JSON.stringify(sent.map((m) => m.to))).toBeDefined();
    expect(mine!.subject).toBe('Sports day');
    expect(mine!.text).toContain('Wear house colours.');
    expect(mine!.text).toContain('limetumwa kupitia EduFam');
    // Other parents (English accounts, guardians following an English school) get the English footer.
    const others = sent.filter((m) => m.to !== DEMO.greenhill.parent);
    if (others.length) expect(others.every((m) => m.text.includes('sent through EduFam'))).toBe(true);
  });
});
