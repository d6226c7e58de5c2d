import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { absenceAlerts, adminCommunications, attendanceEntries, auditLogs, notifications, smsMessages } from '../../db/schema/index.js';
import { DEMO, admitTodayBody, createTestApp, profileIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { CalendarResponse, PutRegisterResponse, Register, StreamsResponse, StudentAttendance, SummaryResponse, TrendsResponse } from '../../../shared/contracts/attendance.js';
import { dayLabel, latestSchoolDay, notSchoolDay, schoolDaysBetween, type SchoolCalendar } from '../../../shared/attendance-calendar.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { kenyaPublicHolidays, weekday } from '../../../shared/kenya-holidays.js';
import { inspectPdf } from '../../lib/pdf.js';
import type { DemoTerm } from '../../seed/demo-calendar.js';
import { demo } from '../../../../tests/demo.js';

/**
 * Learner attendance (issue 13 §1, §2, §4, §5): registers and their rules, idempotent saves, absence
 * alerts once per learner and day, a learner's days, summaries and trends. PGlite and PostgreSQL.
 * Dates are computed from the school's calendar (the demo year's terms, tests/demo.ts), never hard-coded.
 */

/** The demo school year, as the calendar endpoint takes it. */
const YEAR_RANGE = `from=${demo.yearName}-01-01&to=${demo.yearName}-12-31`;

/**
 * The latest Kenya public holiday on or before `until` that falls on a weekday of one of `terms`, outside
 * its half-term: a day the school would otherwise open (e.g. Labour Day, Madaraka Day, Mashujaa Day).
 */
function holidayInTerm(terms: DemoTerm[], until: string) {
  const inTerm = (d: string) => terms.some((x) => d >= x.startsOn && d <= x.endsOn && !(x.halfTermStartsOn && d >= x.halfTermStartsOn && d <= x.halfTermEndsOn!));
  const years = [...new Set(terms.map((x) => x.year))].sort();
  return years.flatMap((y) => kenyaPublicHolidays(y)).filter((h) => h.date <= until && ![0, 6].includes(weekday(h.date)) && inTerm(h.date)).at(-1)!;
}

let t: TestApp;
const cookie: Record<string, string> = {};
let cal: SchoolCalendar;
let day: string; // the latest school day up to today: registers default to it
let east: ClassItem;
let west: ClassItem;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function send(method: Method, url: string, who?: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...(who ? { cookie: cookie[who]! } : {}), ...headers }, ...(payload ? { payload } : {}) });
}
async function json<T>(method: Method, url: string, who: string | undefined, payload?: Record<string, unknown>, status = 200, headers: Record<string, string> = {}): Promise<T> {
  const res = await send(method, url, who, payload, headers);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
async function fails(method: Method, url: string, who: string, payload: Record<string, unknown> | undefined, status: number) {
  const res = await send(method, url, who, payload);
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { error: { message: string; fields?: Record<string, string> } }).error;
}
const register = (classId: string, date: string, session = 'day', who = 'principal') => json<Register>('GET', `/api/attendance/registers?classId=${classId}&date=${date}&session=${session}`, who);
/** A school day `n` school days before `day`. */
function schoolDayBefore(n: number): string {
  const days = schoolDaysBetween(cal, addDays(day, -120), day);
  return days[days.length - 1 - n]!;
}
function nextWeekend(from: string): string {
  let d = from;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, -1);
  return d;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of Object.entries({ ...DEMO.greenhill, rsPrincipal: DEMO.riverside.principal, rsTeacher: DEMO.riverside.teacher })) cookie[who] = await signIn(t.app, email, 'school');
  cookie.admin = await signIn(t.app, DEMO.admin, 'admin');
  const c = await json<CalendarResponse>('GET', `/api/attendance/calendar?${YEAR_RANGE}`, 'principal');
  cal = {
    terms: c.terms,
    events: c.events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind })),
  };
  day = latestSchoolDay(cal, schoolToday())!;
  const classes = await json<ClassItem[]>('GET', '/api/classes', 'principal');
  east = classes.find((x) => x.name === 'Grade 7 East')!;
  const parentKids = await json<{ items: { id: string; classId: string | null }[] }>('GET', '/api/students?pageSize=10', 'parent');
  west = classes.find((x) => x.id === parentKids.items[0]!.classId)!;
});
afterAll(async () => {
  await t?.close();
});

describe('the calendar and the day registers default to', () => {
  it('answers the terms, Kenya public holidays and closed days with why', async () => {
    const c = await json<CalendarResponse>('GET', `/api/attendance/calendar?${YEAR_RANGE}`, 'parent');
    expect(c.terms.map((x) => x.name)).toEqual(expect.arrayContaining(['Term 1', 'Term 2', 'Term 3']));
    expect(c.publicHolidays).toEqual(expect.arrayContaining([{ date: `${demo.yearName}-06-01`, name: 'Madaraka Day' }, { date: `${demo.yearName}-10-20`, name: 'Mashujaa Day' }]));
    // A public holiday on a weekday of a term this year (Labour Day on Friday 1 May in 2026).
    const holiday = holidayInTerm(demo.cal.terms, `${demo.yearName}-12-31`);
    expect(c.closedDays.find((d) => d.date === holiday.date)).toMatchObject({ kind: 'public_holiday', reason: `${dayLabel(holiday.date)} is a public holiday (${holiday.name}), not a school day.` });
  });

  it("gives a teacher their own streams for the latest school day, the class teacher's first", async () => {
    const s = await json<StreamsResponse>('GET', '/api/attendance/streams', 'teacher');
    expect(s.date).toBe(day);
    expect(s.items[0]).toMatchObject({ name: 'Grade 7 East', isClassTeacher: true });
    const all = await json<StreamsResponse>('GET', '/api/attendance/streams', 'principal');
    expect(all.items.length).toBeGreaterThan(s.items.length);
    expect(all.totals.streams).toBe(all.items.length);
    // Today's picture counts the streams with and without a register.
    expect(all.totals.marked + all.totals.missing).toBe(all.totals.streams);
  });
});

describe('marking a register (§1, §5)', () => {
  it('all present with one save, then two absent: counts, audit, and the second identical save is a no-op', async () => {
    const before = await register(east.id, day, 'day', 'teacher');
    expect(before.canEdit).toBe(true);
    expect(before.entries.length).toBeGreaterThan(10);
    const reason = day < schoolToday() ? { reason: 'Marked after the morning roll call' } : {};
    const allPresent = before.entries.map((e) => ({ studentId: e.studentId, status: 'present' }));
    const r1 = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: day, session: 'day', entries: allPresent, ...reason });
    expect(r1.counts).toMatchObject({ present: before.entries.length, absent: 0, unmarked: 0 });
    const absent = [before.entries[0]!.studentId, before.entries[1]!.studentId];
    const body = { classId: east.id, date: day, session: 'day', entries: absent.map((id) => ({ studentId: id, status: 'absent', note: null })), ...reason };
    const r2 = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body);
    expect(r2.changed).toBe(2);
    expect(r2.counts).toMatchObject({ present: before.entries.length - 2, absent: 2 });
    expect(r2.entries.find((e) => e.studentId === absent[0])).toMatchObject({ status: 'absent', updatedBy: expect.any(String) });
    const audits = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, `attendance_register:${r2.id}`)));
    const again = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body);
    expect(again.changed).toBe(0);
    expect(again.alerted).toBe(0);
    const audits2 = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, `attendance_register:${r2.id}`)));
    expect(audits2.length).toBe(audits.length);
    expect(audits.at(-1)).toMatchObject({ action: 'ATTENDANCE_REGISTER_CHANGED' });
    // Reading it back gives the same marks.
    const read = await register(east.id, day);
    expect(read.counts.absent).toBe(2);
    expect(read.marked).toBe(true);
  });

  it('a retried save with the same Idempotency-Key returns the first answer and counts once; another body with it is 422', async () => {
    const reg = await register(east.id, day);
    const learner = reg.entries[5]!;
    const key = `retry-${Date.now()}`;
    const reason = day < schoolToday() ? { reason: 'Late arrival recorded' } : {};
    const body = { classId: east.id, date: day, session: 'day', entries: [{ studentId: learner.studentId, status: 'late', arrivalTime: '08:10', note: 'Matatu breakdown' }], ...reason };
    const first = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body, 200, { 'idempotency-key': key });
    expect(first.changed).toBe(1);
    const auditsAfterFirst = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, `attendance_register:${first.id}`)));
    const second = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body, 200, { 'idempotency-key': key });
    expect(second).toEqual(first);
    const auditsAfterSecond = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, `attendance_register:${first.id}`)));
    expect(auditsAfterSecond.length).toBe(auditsAfterFirst.length);
    const res = await send('PUT', '/api/attendance/registers', 'teacher', { ...body, entries: [{ studentId: learner.studentId, status: 'present' }] }, { 'idempotency-key': key });
    expect(res.statusCode).toBe(422);
    const row = (await register(east.id, day)).entries.find((e) => e.studentId === learner.studentId)!;
    expect(row).toMatchObject({ status: 'late', arrivalTime: '08:10', note: 'Matatu breakdown' });
  });

  it('refuses days that are not school days, with the reason, and writes nothing', async () => {
    const learner = (await register(east.id, day)).entries[0]!.studentId;
    const put = (date: string) => fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date, session: 'day', entries: [{ studentId: learner, status: 'present' }], reason: 'test' }, 400);
    const sat = nextWeekend(day);
    expect((await put(sat)).message).toMatch(/is a weekend, not a school day\.$/);
    // The latest past public holiday in a term (this year's or last year's), and the Thursday of the latest half-term begun by today.
    const holiday = holidayInTerm([...demo.cal.historyTerms, ...demo.cal.terms], schoolToday());
    expect((await put(holiday.date)).message).toBe(`${dayLabel(holiday.date)} is a public holiday (${holiday.name}), not a school day.`);
    const halfTerm = [...demo.cal.historyTerms, ...demo.cal.terms].filter((x) => x.halfTermStartsOn && addDays(x.halfTermStartsOn, 1) <= schoolToday()).at(-1)!;
    const thursday = addDays(halfTerm.halfTermStartsOn!, 1);
    expect(weekday(thursday)).toBe(4);
    expect((await put(thursday)).message).toBe(`${dayLabel(thursday)} is in the ${halfTerm.name} half-term break, not a school day.`);
    expect((await put(addDays(schoolToday(), 3))).message).toBe('Attendance cannot be marked for a future date.');
    const rows = await system(t.database, (tx) => tx.select().from(attendanceEntries).where(and(eq(attendanceEntries.studentId, learner), eq(attendanceEntries.date, sat))));
    expect(rows).toHaveLength(0);
  });

  it('refuses a learner who is not in the stream, an excused absence without a reason and a past date without a reason', async () => {
    const stranger = (await register(west.id, day)).entries[0]!;
    const e = await fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: day, entries: [{ studentId: stranger.studentId, status: 'present' }], reason: 'x' }, 400);
    expect(e.message).toBe(`${stranger.name} is not in this stream.`);
    const mine = (await register(east.id, day)).entries[3]!.studentId;
    const ex = await fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: day, entries: [{ studentId: mine, status: 'excused' }], reason: 'x' }, 400);
    expect(ex.message).toBe('Give the reason for an excused absence.');
    const past = schoolDayBefore(1);
    const noReason = await fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: past, entries: [{ studentId: mine, status: 'present' }] }, 400);
    expect(noReason.fields?.reason).toBe('Give a reason for changing a past register.');
  });

  it('lets a teacher mark only their own stream, parents and HR not at all; another school is 404', async () => {
    const other = await register(west.id, day);
    const body = { classId: west.id, date: day, entries: [{ studentId: other.entries[0]!.studentId, status: 'present' }], reason: 'x' };
    expect((await fails('PUT', '/api/attendance/registers', 'teacher', body, 403)).message).toBe('You can mark registers only for your own streams.');
    await fails('PUT', '/api/attendance/registers', 'parent', body, 403);
    await fails('PUT', '/api/attendance/registers', 'hr', body, 403);
    await fails('PUT', '/api/attendance/registers', 'rsPrincipal', body, 404);
    await fails('GET', `/api/attendance/registers?classId=${west.id}&date=${day}`, 'rsTeacher', undefined, 404);
    expect((await send('PUT', '/api/attendance/registers', undefined, body)).statusCode).toBe(401);
    // The director reads but does not mark.
    expect((await register(west.id, day, 'day', 'director')).canEdit).toBe(false);
    await fails('PUT', '/api/attendance/registers', 'director', body, 403);
  });

  it('locks registers after the school\'s number of school days for teachers; the principal may still change them', async () => {
    // This year's streams have registers from Term 1's first day (earlier days are not on their roll).
    const yearDays = schoolDaysBetween(cal, demo.cal.terms[0]!.startsOn, day);
    if (yearDays.length < 6) {
      // The first days of Term 1: no register of this year is older than the shortest lock (one school
      // day), so at that setting the teacher may still change the register of the first day.
      await json('PUT', '/api/attendance/settings', 'principal', { lockAfterDays: 1 });
      const first = yearDays[0]!;
      const reg = await register(east.id, first, 'day', 'teacher');
      expect(reg).toMatchObject({ locked: false, canEdit: true });
      const body = { classId: east.id, date: first, entries: [{ studentId: reg.entries[2]!.studentId, status: 'excused', note: 'Hospital visit (letter seen)' }], ...(first < schoolToday() ? { reason: 'Parent brought a letter' } : {}) };
      const ok = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body);
      expect(ok.entries.find((e) => e.studentId === body.entries[0]!.studentId)).toMatchObject({ status: 'excused', note: 'Hospital visit (letter seen)' });
      await json('PUT', '/api/attendance/settings', 'principal', { lockAfterDays: 7 });
      return;
    }
    await json('PUT', '/api/attendance/settings', 'principal', { lockAfterDays: 3 });
    const old = yearDays.at(-6)!;
    const reg = await register(east.id, old, 'day', 'teacher');
    expect(reg).toMatchObject({ locked: true, canEdit: false });
    const body = { classId: east.id, date: old, entries: [{ studentId: reg.entries[2]!.studentId, status: 'excused', note: 'Hospital visit (letter seen)' }], reason: 'Parent brought a letter' };
    expect((await fails('PUT', '/api/attendance/registers', 'teacher', body, 403)).message).toBe('This register is locked: registers can be changed for 3 days. Ask the principal.');
    const ok = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'principal', body);
    expect(ok.entries.find((e) => e.studentId === body.entries[0]!.studentId)).toMatchObject({ status: 'excused', note: 'Hospital visit (letter seen)' });
    await json('PUT', '/api/attendance/settings', 'principal', { lockAfterDays: 7 });
  });

  it('refuses a session the school does not use, and takes morning and afternoon registers once it uses two', async () => {
    const learner = (await register(east.id, day)).entries[0]!.studentId;
    const e = await fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: day, session: 'morning', entries: [{ studentId: learner, status: 'present' }], reason: 'x' }, 400);
    expect(e.message).toBe('This school takes day registers; choose one of them.');
    await fails('GET', `/api/attendance/registers?classId=${east.id}&date=${day}&session=period-2`, 'principal', undefined, 400);
  });
});

describe('absence alerts (§2): once per learner and day', () => {
  // Alerts go out for the school day being kept now. In a holiday the latest school day is weeks back,
  // so these run on that day's clock (10:00 Nairobi), as a teacher marking it that morning would.
  beforeAll(() => {
    if (day !== schoolToday()) {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(new Date(`${day}T07:00:00Z`));
    }
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("notifies the parent in-app and by SMS once, however often the register is saved", async () => {
    const kids = await json<{ items: { id: string; firstName: string; lastName: string; classId: string }[] }>('GET', '/api/students?pageSize=10', 'parent');
    const child = kids.items[0]!;
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const reason = day < schoolToday() ? { reason: 'Roll call taken late' } : {};
    // Start from present so the absence is new.
    await json('PUT', '/api/attendance/registers', 'principal', { classId: child.classId, date: day, entries: [{ studentId: child.id, status: 'present' }], ...reason });
    await system(t.database, (tx) => tx.delete(absenceAlerts).where(and(eq(absenceAlerts.studentId, child.id), eq(absenceAlerts.date, day))));
    const smsBefore = await system(t.database, (tx) => tx.select().from(smsMessages).where(and(eq(smsMessages.studentId, child.id), eq(smsMessages.kind, 'absence'))));
    const body = { classId: child.classId, date: day, entries: [{ studentId: child.id, status: 'absent', note: null }], ...reason };
    const first = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'principal', body);
    expect(first.alerted).toBe(1);
    // Marked present again then absent again the same day: still one alert.
    await json('PUT', '/api/attendance/registers', 'principal', { ...body, entries: [{ studentId: child.id, status: 'present' }] });
    const third = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'principal', body);
    expect(third.alerted).toBe(0);
    const name = `${child.firstName} ${child.lastName}`;
    const bell = await json<{ notifications: { communication: { title: string; message: string } }[] }>('GET', '/api/notifications', 'parent');
    const title = day === schoolToday() ? `${name} was marked absent today` : `${name} was marked absent on ${dayLabel(day)}`;
    const alerts = bell.notifications.filter((n) => n.communication.title === title);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.communication.message).toContain(`${name} (`);
    const sms = await system(t.database, (tx) => tx.select().from(smsMessages).where(and(eq(smsMessages.studentId, child.id), eq(smsMessages.kind, 'absence'))));
    expect(sms.length - smsBefore.length).toBe(1);
    expect(sms.at(-1)!.body).toContain(`was marked absent on ${dayLabel(day)}`);
    // It is personal: not a banner for other parents, not in the admin's Communication Center.
    const personal = await system(t.database, (tx) =>
      tx.select({ id: notifications.id, userId: notifications.userId }).from(notifications).innerJoin(adminCommunications, eq(adminCommunications.id, notifications.communicationId)).where(eq(adminCommunications.title, title)),
    );
    expect(personal.every((p) => p.userId === parentId)).toBe(true);
    const banners = await json<{ title: string }[] | { items: { title: string }[] }>('GET', '/api/communications/banners', 'rsPrincipal');
    expect(JSON.stringify(banners)).not.toContain('was marked absent');
    const center = await json<{ communications: { title: string }[]; total: number }>('GET', '/api/communications?pageSize=100', 'admin');
    expect(center.communications.some((i) => i.title.includes('was marked absent'))).toBe(false);
    // The parent's own banners do not show it either (it is in the bell only).
    expect(JSON.stringify(await json('GET', '/api/communications/banners', 'parent'))).not.toContain('was marked absent');
  });

  it('sends no SMS when the school turns SMS alerts off (the in-app alert still goes)', async () => {
    await json('PUT', '/api/attendance/settings', 'principal', { smsAbsenceAlerts: false });
    const reg = await register(east.id, day);
    const learner = reg.entries.find((e) => e.status === 'present')!;
    const reason = day < schoolToday() ? { reason: 'Left after break' } : {};
    const smsBefore = await system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.studentId, learner.studentId)));
    const r = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: day, entries: [{ studentId: learner.studentId, status: 'absent' }], ...reason });
    expect(r.alerted).toBe(1);
    const smsAfter = await system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.studentId, learner.studentId)));
    expect(smsAfter.length).toBe(smsBefore.length);
    await json('PUT', '/api/attendance/settings', 'principal', { smsAbsenceAlerts: true });
  });
});

describe('no alert for a register filled in long after its day (issue 34)', () => {
  it('a register of the latest school day, marked four days later (a holiday), alerts nobody and sends no SMS', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(`${addDays(day, 4)}T07:00:00Z`));
    try {
      const reg = await register(east.id, day);
      const learner = reg.entries.find((e) => e.status === 'present')!;
      const smsBefore = await system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.studentId, learner.studentId)));
      const r = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'principal', {
        classId: east.id,
        date: day,
        entries: [{ studentId: learner.studentId, status: 'absent' }],
        reason: 'Register found after the weekend',
      });
      expect(r.changed).toBe(1);
      expect(r.alerted).toBe(0);
      const alerts = await system(t.database, (tx) => tx.select().from(absenceAlerts).where(and(eq(absenceAlerts.studentId, learner.studentId), eq(absenceAlerts.date, day))));
      expect(alerts).toHaveLength(0);
      const smsAfter = await system(t.database, (tx) => tx.select().from(smsMessages).where(eq(smsMessages.studentId, learner.studentId)));
      expect(smsAfter.length).toBe(smsBefore.length);
      await json('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: day, entries: [{ studentId: learner.studentId, status: 'present' }], reason: 'Corrected' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a learner's attendance (§2, §5)", () => {
  it("gives the parent their child's days, counts and rate; another child is 404", async () => {
    const kids = await json<{ items: { id: string }[] }>('GET', '/api/students?pageSize=10', 'parent');
    const a = await json<StudentAttendance>('GET', `/api/students/${kids.items[0]!.id}/attendance?from=${demo.yearName}-01-01&to=${day}`, 'parent');
    expect(a.daysOpen).toBe(a.present + a.absent + a.late + a.excused);
    expect(a.days.length).toBe(a.daysOpen);
    expect(a.days.find((d) => d.date === day)?.status).toBe('absent');
    expect(a.rate).toBe(a.daysOpen ? Math.round(((a.present + a.late) / a.daysOpen) * 1000) / 10 : null);
    for (const d of a.days) expect(notSchoolDay(cal, d.date)).toBeNull();
    const stranger = (await register(east.id, day)).entries[0]!.studentId;
    await fails('GET', `/api/students/${stranger}/attendance`, 'parent', undefined, 404);
    await fails('GET', `/api/students/${stranger}/attendance`, 'rsPrincipal', undefined, 404);
    await fails('GET', `/api/students/${stranger}/attendance`, 'hr', undefined, 403);
    // The class teacher reads their learner.
    await json<StudentAttendance>('GET', `/api/students/${stranger}/attendance`, 'teacher');
  });
});

describe('reports (§4) and settings', () => {
  it('summarises a term per learner, stream and school, lists chronic absentees, and exports PDF and Excel', async () => {
    const s = await json<SummaryResponse>('GET', '/api/attendance/summary', 'principal');
    expect(s.items.length).toBe(s.totals.learners);
    expect(s.streams.reduce((n, x) => n + x.learners, 0)).toBe(s.totals.learners);
    const chronic = await json<SummaryResponse>('GET', '/api/attendance/summary?belowThreshold=true', 'principal');
    expect(chronic.items.every((r) => r.rate !== null && r.rate < chronic.threshold)).toBe(true);
    expect(chronic.items.length).toBe(s.totals.chronic);
    const mine = await json<SummaryResponse>('GET', '/api/attendance/summary', 'teacher');
    expect(new Set(mine.items.map((r) => r.className)).has('Grade 7 East')).toBe(true);
    const theirs = new Set((await json<StreamsResponse>('GET', '/api/attendance/streams', 'teacher')).items.map((i) => i.classId));
    const notTheirs = (await json<StreamsResponse>('GET', '/api/attendance/streams', 'principal')).items.find((i) => !theirs.has(i.classId))!;
    await fails('GET', `/api/attendance/summary?classId=${notTheirs.classId}`, 'teacher', undefined, 403);
    await fails('GET', `/api/attendance/registers?classId=${notTheirs.classId}&date=${day}`, 'teacher', undefined, 403);
    const pdf = await send('GET', `/api/attendance/summary?classId=${east.id}&format=pdf`, 'principal');
    expect(pdf.statusCode).toBe(200);
    const text = inspectPdf(pdf.rawPayload).text;
    expect(text).toContain('Attendance Summary');
    expect(text).toContain('Grade 7 East');
    const xlsx = await send('GET', '/api/attendance/summary?format=xlsx', 'principal');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/attendance-.*\.xlsx/);
  });

  it('gives weekly trends per stream and per level', async () => {
    const byStream = await json<TrendsResponse>('GET', '/api/attendance/trends', 'principal');
    const byLevel = await json<TrendsResponse>('GET', '/api/attendance/trends?groupBy=level', 'principal');
    expect(byLevel.series.length).toBeLessThan(byStream.series.length);
    for (const s of byStream.series) expect(s.rates).toHaveLength(byStream.weeks.length);
  });

  it('lets the principal change settings and close a day; others may not', async () => {
    await fails('PUT', '/api/attendance/settings', 'teacher', { chronicThreshold: 80 }, 403);
    const bad = await fails('PUT', '/api/attendance/settings', 'principal', { chronicThreshold: 0 }, 400);
    expect(bad.fields?.chronicThreshold).toBe('The chronic-absence rate must be a whole number from 1 to 100 (percent).');
    const s = await json<{ chronicThreshold: number }>('PUT', '/api/attendance/settings', 'principal', { chronicThreshold: 88 });
    expect(s.chronicThreshold).toBe(88);
    const closed = schoolDayBefore(2);
    const ev = await json<{ id: string }>('POST', '/api/attendance/calendar', 'principal', { startsOn: closed, endsOn: closed, name: 'Water shortage closure', kind: 'closed' }, 201);
    const reg = await register(east.id, closed);
    expect(reg.notSchoolDay).toMatch(/is a school holiday \(Water shortage closure\), not a school day\.$/);
    await fails('POST', '/api/attendance/calendar', 'teacher', { startsOn: closed, endsOn: closed, name: 'x' }, 403);
    await fails('DELETE', `/api/attendance/calendar/${ev.id}`, 'rsPrincipal', undefined, 404);
    expect((await send('DELETE', `/api/attendance/calendar/${ev.id}`, 'principal')).statusCode).toBe(204);
    expect((await register(east.id, closed)).notSchoolDay).toBeNull();
  });
});

describe('two sessions a day, lesson registers, two savers at once, the API docs', () => {
  it('takes morning and afternoon registers once the school uses two; the day is the more serious of the two', async () => {
    await json('PUT', '/api/attendance/settings', 'principal', { sessionsPerDay: 2 });
    try {
      const past = schoolDayBefore(1);
      const reg = await register(east.id, past, 'morning');
      expect(reg.sessions).toEqual(['morning', 'afternoon']);
      const learner = reg.entries[4]!.studentId;
      const dayErr = await fails('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: past, session: 'day', entries: [{ studentId: learner, status: 'present' }], reason: 'x' }, 400);
      expect(dayErr.message).toBe('This school takes morning and afternoon registers; choose one of them.');
      await json('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: past, session: 'morning', entries: [{ studentId: learner, status: 'present' }], reason: 'Two sessions' });
      await json('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: past, session: 'afternoon', entries: [{ studentId: learner, status: 'absent' }], reason: 'Left after lunch' });
      const a = await json<StudentAttendance>('GET', `/api/students/${learner}/attendance?from=${past}&to=${past}`, 'principal');
      expect(a.days).toEqual([expect.objectContaining({ date: past, status: 'absent' })]);
    } finally {
      await json('PUT', '/api/attendance/settings', 'principal', { sessionsPerDay: 1 });
    }
  });

  it('lets a subject teacher mark a lesson register of a learning area they teach there, when the school enables it', async () => {
    const teacherId = await profileIdOf(t.database, DEMO.greenhill.teacher);
    const { teacherAssignments } = await import('../../db/schema/index.js');
    const mine = await system(t.database, (tx) => tx.select().from(teacherAssignments).where(eq(teacherAssignments.teacherId, teacherId)));
    const lesson = mine.find((x) => x.classId !== east.id) ?? mine[0]!;
    const other = await system(t.database, (tx) => tx.select().from(teacherAssignments).where(eq(teacherAssignments.classId, lesson.classId)));
    const notMine = other.find((x) => x.teacherId !== teacherId)!;
    // A learner not absent for the day, so the lesson absence can be told apart from the daily mark.
    const learner = (await register(lesson.classId, day)).entries.find((e) => e.status !== 'absent')!.studentId;
    const reason = day < schoolToday() ? { reason: 'Lesson roll call' } : {};
    const body = { classId: lesson.classId, date: day, session: 'period-3', subjectId: lesson.subjectId, entries: [{ studentId: learner, status: 'absent' }], ...reason };
    expect((await fails('PUT', '/api/attendance/registers', 'teacher', body, 400)).message).toBe('Per-lesson registers are not enabled for this school.');
    await json('PUT', '/api/attendance/settings', 'principal', { perLessonRegisters: true });
    try {
      const saved = await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'teacher', body);
      expect(saved).toMatchObject({ session: 'period-3', subjectId: lesson.subjectId, alerted: 0 });
      expect((await fails('PUT', '/api/attendance/registers', 'teacher', { ...body, subjectId: notMine.subjectId }, 403)).message).toBe('You can mark lesson registers only for the lessons you teach.');
      expect((await fails('PUT', '/api/attendance/registers', 'teacher', { ...body, subjectId: null }, 400)).fields?.subjectId).toBe('Choose the learning area of the lesson.');
      // A lesson absence does not count in the daily figures.
      const daily = (await register(lesson.classId, day)).entries.find((e) => e.studentId === learner)!.status;
      expect(daily).not.toBe('absent');
      const a = await json<StudentAttendance>('GET', `/api/students/${learner}/attendance?from=${day}&to=${day}`, 'principal');
      expect(a.days[0]?.status ?? null).toBe(daily);
    } finally {
      await json('PUT', '/api/attendance/settings', 'principal', { perLessonRegisters: false });
    }
  });

  it('two people saving one register at once: the last write wins per learner, both are audited, nothing fails', async () => {
    // The school day before the latest (of this year's stream: early in Term 1, its first day).
    const past = schoolDayBefore(1);
    const reg = await register(east.id, past);
    const [x, y] = [reg.entries[6]!.studentId, reg.entries[7]!.studentId];
    const before = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, 'attendance_register:%')));
    const [r1, r2] = await Promise.all([
      send('PUT', '/api/attendance/registers', 'teacher', { classId: east.id, date: past, entries: [{ studentId: x, status: 'late', arrivalTime: '08:15' }, { studentId: y, status: 'present' }], reason: 'Teacher correction' }),
      send('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: past, entries: [{ studentId: y, status: 'excused', note: 'Clinic' }], reason: 'Principal correction' }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const after = await system(t.database, (tx) => tx.select().from(auditLogs).where(like(auditLogs.targetEntity, 'attendance_register:%')));
    expect(after.length - before.length).toBe(2);
    const final = await register(east.id, past);
    expect(final.entries.find((e) => e.studentId === x)).toMatchObject({ status: 'late', arrivalTime: '08:15' });
    expect(['present', 'excused']).toContain(final.entries.find((e) => e.studentId === y)!.status);
  });

  it('documents the public API at /api/docs', async () => {
    const res = await send('GET', '/api/docs/json');
    const paths = Object.keys((res.json() as { paths: object }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/attendance/registers', '/api/students/{id}/attendance']));
  });
});

describe("the register's roll on a day (issue 34): a learner admitted today is on no earlier register", () => {
  it('leaves a newly admitted learner off past registers (so "Mark all present" cannot mark them) and refuses their marks there', async () => {
    const today = schoolToday();
    const admitted = await json<{ id: string; admittedOn: string | null }>('POST', '/api/students', 'principal', admitTodayBody(east.id, '0722 340 981'), 201);
    expect(admitted.admittedOn).toBe(today);
    // An earlier school day of this year's stream (early in Term 1 there is only the first).
    const past = schoolDayBefore(1);
    expect(past < today).toBe(true);
    const before = await register(east.id, past);
    expect(before.entries.length).toBeGreaterThan(0);
    expect(before.entries.map((e) => e.studentId)).not.toContain(admitted.id);
    // From the day of admission she is on the roll.
    expect((await register(east.id, today)).entries.map((e) => e.studentId)).toContain(admitted.id);
    // The stream's learner count for that past day leaves her out too.
    const streams = await json<StreamsResponse>('GET', `/api/attendance/streams?date=${past}`, 'principal');
    expect(streams.items.find((s) => s.classId === east.id)!.learners).toBe(before.entries.length);

    const e = await fails('PUT', '/api/attendance/registers', 'principal', { classId: east.id, date: past, entries: [{ studentId: admitted.id, status: 'present' }], reason: 'Catching up' }, 400);
    expect(e.message).toBe("Wanjiru Mutua was not on this stream's roll on that day.");
    const rows = await system(t.database, (tx) => tx.select().from(attendanceEntries).where(eq(attendanceEntries.studentId, admitted.id)));
    expect(rows).toHaveLength(0);
  });
});

describe("last year's streams after the promotion (issue 34): the roll reads class history", () => {
  it("lists last Term 3's learners in last year's stream, counts them, saves their register and summarises the term; early days list no chronic absentee", async () => {
    const lastYear = (await json<ClassItem[]>('GET', '/api/classes?yearId=all', 'principal')).find((c) => c.name === 'Grade 7 East' && c.academicYear === demo.lastYearName)!;
    expect(lastYear).toBeTruthy();
    const past = await json<CalendarResponse>('GET', `/api/attendance/calendar?from=${demo.lastYearName}-01-01&to=${demo.lastYearName}-12-31`, 'principal');
    const term3 = past.terms.filter((x) => x.startsOn.startsWith(demo.lastYearName)).sort((a, b) => a.startsOn.localeCompare(b.startsOn)).at(-1)!;
    expect(term3.name).toContain('Term 3');
    const pastCal: SchoolCalendar = { terms: past.terms, events: past.events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind })) };
    const onDay = schoolDaysBetween(pastCal, term3.startsOn, term3.endsOn)[3]!;

    // Its learners have moved up (their stream now is this year's), yet last year's register lists them.
    const reg = await register(lastYear.id, onDay);
    expect(reg.entries.length).toBeGreaterThan(10);
    const now = await json<{ items: { id: string; classId: string | null }[] }>('GET', `/api/students?classId=${lastYear.id}&pageSize=100`, 'principal');
    expect(now.items.filter((s) => s.classId === lastYear.id)).toHaveLength(0);
    const streams = await json<StreamsResponse>('GET', `/api/attendance/streams?date=${onDay}`, 'principal');
    expect(streams.items.find((s) => s.classId === lastYear.id)!.learners).toBe(reg.entries.length);

    // The principal corrects that day: one learner absent; the term's summary of that stream shows it.
    const absentee = reg.entries[0]!.studentId;
    await json<PutRegisterResponse>('PUT', '/api/attendance/registers', 'principal', {
      classId: lastYear.id,
      date: onDay,
      session: 'day',
      entries: reg.entries.map((e) => ({ studentId: e.studentId, status: e.studentId === absentee ? 'absent' : 'present', note: null })),
      reason: 'Register found in the office after the holiday',
    });
    const summary = await json<SummaryResponse>('GET', `/api/attendance/summary?termId=${term3.id}&classId=${lastYear.id}`, 'principal');
    expect(summary.items.length).toBe(reg.entries.length);
    const row = summary.items.find((r) => r.studentId === absentee)!;
    expect(row).toMatchObject({ className: 'Grade 7 East' });
    expect(row.absent).toBeGreaterThanOrEqual(1);
    // A rate over fewer than two school weeks makes nobody a chronic absentee (one absence in one day is 0 %).
    expect(summary.chronicMinDays).toBe(10);
    const chronic = await json<SummaryResponse>('GET', `/api/attendance/summary?termId=${term3.id}&belowThreshold=true`, 'principal');
    expect(chronic.items.every((r) => r.daysOpen >= chronic.chronicMinDays)).toBe(true);
    if (summary.daysCounted < summary.chronicMinDays) expect(chronic.items.map((r) => r.studentId)).not.toContain(absentee);
  });
});
