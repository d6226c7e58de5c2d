import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  absenceAlerts,
  academicYears,
  attendanceEntries,
  attendanceRegisters,
  classes,
  guardians,
  profiles,
  schoolCalendarEvents,
  smsMessages,
  staffAttendance,
  studentGuardians,
  students,
  terms,
} from '../db/schema/index.js';
import { DEMO, countRows, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../tests/helpers.js';
import { latestSchoolDay, notSchoolDay, schoolDaysBetween, type SchoolCalendar } from '../../shared/attendance-calendar.js';
import type { AttendanceSettings, StaffDayResponse, StreamsResponse, StudentAttendance, SummaryResponse } from '../../shared/contracts/attendance.js';
import { addDays, schoolToday } from '../../shared/dates.js';
import { weekday } from '../../shared/kenya-holidays.js';
import { demoCalendar } from './demo-calendar.js';

/**
 * Demo attendance (issue 13 "Demo data", seed/attendance.ts): registers for every stream on every
 * school day of the term before the latest and of the latest term up to the latest school day (the
 * demo is built around today, demo-calendar.ts), none on other days, a few streams
 * waiting on that day, realistic absences with a few chronic absentees, the demo parent's children with
 * something to see, and staff attendance. Read through the database and the public API.
 */

type Code = 'greenhill' | 'riverside';
interface SchoolFacts {
  id: string;
  cal: SchoolCalendar;
  termIds: Record<number, string>;
  /** School days with registers: the earlier seeded term, and the latest up to the latest school day. */
  days: string[];
  classes: { id: string; name: string; classTeacherId: string | null }[];
}

let t: TestApp;
/** The demo year the seed built around today, and its seeded terms (earlier, latest; Term 1 alone in Term 1). */
const demo = demoCalendar(schoolToday());
const seededNumbers = [demo.latestTerm.number - 1, demo.latestTerm.number].filter((n) => n >= 1);
const [firstSeeded, lastSeeded] = [seededNumbers[0]!, seededNumbers.at(-1)!];
const school = {} as Record<Code, SchoolFacts>;
/** The latest school day on or before today (Term 3 ends the seeded year). */
const latest = {} as Record<Code, string>;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const today = schoolToday();
  for (const code of ['greenhill', 'riverside'] as const) {
    const id = await schoolIdOf(t.database, code);
    const { termRows, events, classRows } = await system(t.database, async (tx) => ({
      termRows: await tx
        .select({ id: terms.id, number: terms.number, name: terms.name, startsOn: terms.startsOn, endsOn: terms.endsOn, halfTermStartsOn: terms.halfTermStartsOn, halfTermEndsOn: terms.halfTermEndsOn })
        .from(terms)
        .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
        .where(and(eq(terms.schoolId, id), eq(academicYears.name, String(demo.year))))
        .orderBy(asc(terms.startsOn)),
      events: await tx.select().from(schoolCalendarEvents).where(eq(schoolCalendarEvents.schoolId, id)),
      classRows: await tx
        .select({ id: classes.id, name: classes.name, classTeacherId: classes.classTeacherId })
        .from(classes)
        .innerJoin(academicYears, eq(academicYears.id, classes.academicYearId))
        .where(and(eq(classes.schoolId, id), eq(academicYears.isCurrent, true))),
    }));
    const cal: SchoolCalendar = { terms: termRows, events: events.map((e) => ({ startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind as 'closed' | 'open' })) };
    const term1 = termRows.find((x) => x.number === firstSeeded)!;
    const term3 = termRows.find((x) => x.number === lastSeeded)!;
    const d = latestSchoolDay(cal, today < term3.endsOn ? today : term3.endsOn)!;
    latest[code] = d;
    school[code] = {
      id,
      cal,
      termIds: Object.fromEntries(termRows.map((x) => [x.number, x.id])),
      days: term1 === term3 ? schoolDaysBetween(cal, term1.startsOn, d) : [...schoolDaysBetween(cal, term1.startsOn, term1.endsOn), ...(d >= term3.startsOn ? schoolDaysBetween(cal, term3.startsOn, d) : [])],
      classes: classRows,
    };
  }
  for (const [who, email] of Object.entries({ principal: DEMO.greenhill.principal, teacher: DEMO.greenhill.teacher, parent: DEMO.greenhill.parent, hr: DEMO.greenhill.hr, rsPrincipal: DEMO.riverside.principal })) {
    cookie[who] = await signIn(t.app, email, 'school');
  }
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, who: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who]! } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The Greenhill streams left unmarked on the latest school day (seed.ts). */
const WAITING = ['Grade 7 East', 'Grade 3 West', 'PP2 East'];

describe('settings and the school calendar', () => {
  it('each school has its own settings and one day of its own calendar', async () => {
    expect(await get<AttendanceSettings>('/api/attendance/settings', 'principal')).toMatchObject({ sessionsPerDay: 1, lockAfterDays: 7, chronicThreshold: 90, smsAbsenceAlerts: true, staffLateAfter: '07:45' });
    expect(await get<AttendanceSettings>('/api/attendance/settings', 'rsPrincipal')).toMatchObject({ sessionsPerDay: 1, lockAfterDays: 5, chronicThreshold: 85, smsAbsenceAlerts: false, staffLateAfter: '07:30' });
    // The reference days (6 Feb 2026, a Friday; 19 Sep 2026, a Saturday) moved into the demo year.
    const closed = demo.ref('2026-02-06');
    expect(school.greenhill.cal.events).toEqual([{ startsOn: closed, endsOn: closed, name: 'Staff development day', kind: 'closed' }]);
    expect(school.riverside.cal.events.map((e) => [e.startsOn, e.kind])).toEqual([[demo.ref('2026-09-19'), 'open']]);
    expect([weekday(closed), weekday(demo.ref('2026-09-19'))]).toEqual([5, 6]);
  });
});

describe('registers', () => {
  it('every stream has a register on every school day of the seeded terms up to the latest school day, and on no other day', async () => {
    for (const code of ['greenhill', 'riverside'] as const) {
      const s = school[code];
      // The calendar skips weekends, half-term, public holidays and the school's own closed days: the
      // seeded terms' weekdays up to the latest school day (half-terms aside) less a few public holidays
      // and closed days (Term 1 alone early in the year, decision 0023; two terms from Term 2).
      let weekdays = 0;
      for (const x of s.cal.terms.filter((term) => seededNumbers.some((n) => term.name === `Term ${n}`))) {
        for (let d = x.startsOn; d <= x.endsOn && d <= latest[code]; d = addDays(d, 1)) {
          if (![0, 6].includes(weekday(d)) && !(x.halfTermStartsOn && d >= x.halfTermStartsOn && d <= x.halfTermEndsOn!)) weekdays++;
        }
      }
      expect(s.days.length).toBeGreaterThanOrEqual(weekdays - 8);
      expect(s.days.length).toBeLessThanOrEqual(weekdays + 1);
      expect(s.days.filter((d) => [0, 6].includes(weekday(d)) && d !== demo.ref('2026-09-19'))).toEqual([]);
      const halfTerms = s.cal.terms.filter((x) => x.halfTermStartsOn).flatMap((x) => schoolDaysBetween({ terms: [{ ...x, halfTermStartsOn: null, halfTermEndsOn: null }], events: [] }, x.halfTermStartsOn!, x.halfTermEndsOn!));
      expect(s.days.filter((d) => halfTerms.includes(d))).toEqual([]);
      if (code === 'greenhill') expect(s.days).not.toContain(demo.ref('2026-02-06'));
      const saturday = demo.ref('2026-09-19');
      if (s.days[0]! <= saturday && saturday <= latest[code]) expect(s.days.includes(saturday)).toBe(code === 'riverside');

      const rows = await system(t.database, (tx) =>
        tx.select({ classId: attendanceRegisters.classId, date: attendanceRegisters.date, session: attendanceRegisters.session }).from(attendanceRegisters).where(eq(attendanceRegisters.schoolId, s.id)),
      );
      expect(rows.every((r) => r.session === 'day')).toBe(true);
      expect(rows.filter((r) => notSchoolDay(s.cal, r.date))).toEqual([]);
      for (const c of s.classes) {
        const dates = rows.filter((r) => r.classId === c.id).map((r) => r.date).sort();
        const waiting = code === 'greenhill' && WAITING.includes(c.name);
        expect(dates, c.name).toEqual(waiting ? s.days.filter((d) => d !== latest[code]) : s.days);
      }
      expect(rows.length).toBe(s.classes.length * s.days.length - (code === 'greenhill' ? WAITING.length : 0));
    }
  });

  it('a register is marked by the class teacher before 08:00 and has an entry for every learner of the stream, on its own date', async () => {
    const count = (query: ReturnType<typeof sql>) =>
      system(t.database, (tx) => tx.execute(query)).then((r) => Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n));
    // Registers not marked by the class teacher at 07:xx Nairobi time, or missing a learner's entry.
    const wrongRegisters = await count(sql`
      select count(*)::int as n from attendance_registers r
      join classes c on c.id = r.class_id
      where r.marked_by is distinct from c.class_teacher_id or r.updated_by is distinct from c.class_teacher_id
        or to_char(r.marked_at at time zone 'Africa/Nairobi', 'YYYY-MM-DD HH24') <> r.date::text || ' 07'
        or (select count(*) from attendance_entries e where e.register_id = r.id) <> (select count(*) from students s where s.class_id = r.class_id and s.status = 'active')`);
    // Entries whose date, session or school differ from their register's.
    const wrongCopies = await count(sql`
      select count(*)::int as n from attendance_entries e join attendance_registers r on r.id = e.register_id
      where e.date <> r.date or e.session <> r.session or e.school_id <> r.school_id`);
    const wrong = [wrongRegisters, wrongCopies];
    expect(wrong).toEqual([0, 0]);
  });

  it('on the latest school day the demo teacher’s stream and two others are missing, and the teacher can see theirs waiting', async () => {
    const day = await get<StreamsResponse>('/api/attendance/streams', 'principal');
    expect(day.date).toBe(latest.greenhill);
    expect(day.totals.missing).toBe(WAITING.length);
    expect(day.items.filter((i) => !i.marked).map((i) => i.name).sort()).toEqual([...WAITING].sort());
    const mine = await get<StreamsResponse>('/api/attendance/streams', 'teacher');
    expect(mine.items.find((i) => i.isClassTeacher)).toMatchObject({ name: 'Grade 7 East', marked: false });
    const rs = await get<StreamsResponse>('/api/attendance/streams', 'rsPrincipal');
    expect(rs.totals.missing).toBe(0);
  });
});

describe('absence patterns', () => {
  it('absences, lates and excused days look like a real school: a few percent, more on Mondays and Fridays, lates with arrival times, excused with reasons', async () => {
    const rows = await system(t.database, (tx) =>
      tx.select({ date: attendanceEntries.date, status: attendanceEntries.status, note: attendanceEntries.note, arrivalTime: attendanceEntries.arrivalTime, updatedBy: attendanceEntries.updatedBy }).from(attendanceEntries),
    );
    const share = (f: (r: (typeof rows)[number]) => boolean, list = rows) => list.filter(f).length / list.length;
    const absent = share((r) => r.status === 'absent');
    expect(absent).toBeGreaterThan(0.015);
    expect(absent).toBeLessThan(0.07);
    expect(share((r) => r.status === 'late')).toBeGreaterThan(0.008);
    expect(share((r) => r.status === 'late')).toBeLessThan(0.04);
    expect(share((r) => r.status === 'excused')).toBeGreaterThan(0.004);
    expect(share((r) => r.status === 'excused')).toBeLessThan(0.025);
    const monFri = rows.filter((r) => [1, 5].includes(weekday(r.date)));
    const midweek = rows.filter((r) => [2, 3, 4].includes(weekday(r.date)));
    expect(share((r) => r.status === 'absent', monFri)).toBeGreaterThan(share((r) => r.status === 'absent', midweek));
    const lates = rows.filter((r) => r.status === 'late');
    expect(lates.every((r) => r.arrivalTime !== null && r.arrivalTime >= '07:35' && r.arrivalTime <= '08:40')).toBe(true);
    expect(lates.some((r) => r.note)).toBe(true);
    expect(rows.filter((r) => r.status === 'excused').every((r) => !!r.note)).toBe(true);
    expect(rows.filter((r) => r.status === 'present').every((r) => r.arrivalTime === null)).toBe(true);
    // Exceptions carry the teacher who marked them.
    expect(rows.filter((r) => r.status !== 'present').every((r) => r.updatedBy !== null)).toBe(true);
  });

  it('each school has 3–5 chronic absentees in each seeded term, below the school’s threshold', async () => {
    for (const [code, who] of [['greenhill', 'principal'], ['riverside', 'rsPrincipal']] as const) {
      for (const term of seededNumbers) {
        const summary = await get<SummaryResponse>(`/api/attendance/summary?termId=${school[code].termIds[term]}`, who);
        const chronic = summary.items.filter((i) => i.rate !== null && i.rate < summary.threshold);
        expect(summary.threshold).toBe(code === 'greenhill' ? 90 : 85);
        const termStart = school[code].cal.terms.find((x) => x.name === `Term ${term}`)!.startsOn;
        if (term === lastSeeded && school[code].days.filter((d) => d >= termStart).length < 10) continue;
        expect(chronic.length, `${code} term ${term}`).toBeGreaterThanOrEqual(3);
        expect(chronic.length, `${code} term ${term}`).toBeLessThanOrEqual(5);
        expect(summary.totals.chronic).toBe(chronic.length);
        expect(chronic.every((i) => i.rate! > 60)).toBe(true);
        expect(summary.totals.rate).toBeGreaterThan(93);
      }
    }
  });

  it('the demo parent’s children have absences and lates in each seeded term with two weeks of registers, and are never chronic', async () => {
    const parentId = await profileIdOf(t.database, DEMO.greenhill.parent);
    const children = await system(t.database, (tx) =>
      tx
        .select({ id: students.id })
        .from(students)
        .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .where(eq(guardians.profileId, parentId)),
    );
    expect(children.length).toBe(2);
    const firstStart = school.greenhill.cal.terms.find((x) => x.name === `Term ${firstSeeded}`)!.startsOn;
    for (const child of children) {
      const term1 = await get<StudentAttendance>(`/api/students/${child.id}/attendance?termId=${school.greenhill.termIds[firstSeeded]}`, 'parent');
      expect(term1.rate).toBeGreaterThanOrEqual(90);
      // Early in Term 1 (its first registers alone) a day missed would make them chronic: none yet.
      if (school.greenhill.days.filter((d) => d >= firstStart).length < 10) {
        expect(term1.absent).toBe(0);
        continue;
      }
      expect(term1.absent).toBeGreaterThanOrEqual(1);
      expect(term1.late).toBeGreaterThanOrEqual(1);
      expect(term1.days.some((d) => d.status === 'late' && d.arrivalTime)).toBe(true);
      const lastStart = school.greenhill.cal.terms.find((x) => x.name === `Term ${lastSeeded}`)!.startsOn;
      if (lastSeeded !== firstSeeded && school.greenhill.days.filter((d) => d >= lastStart).length >= 10) {
        const term3 = await get<StudentAttendance>(`/api/students/${child.id}/attendance?termId=${school.greenhill.termIds[lastSeeded]}`, 'parent');
        expect(term3.absent).toBeGreaterThanOrEqual(1);
        expect(term3.rate).toBeGreaterThanOrEqual(90);
      }
    }
  });

  it('writes no absence alerts, SMS or attendance notifications', async () => {
    expect(await countRows(t.database, absenceAlerts)).toBe(0);
    const sms = await system(t.database, (tx) => tx.select({ id: smsMessages.id }).from(smsMessages).where(eq(smsMessages.kind, 'absence')));
    expect(sms).toEqual([]);
  });
});

describe('staff attendance', () => {
  it('every member of staff has a day on every school day with registers: mostly present with check-in and check-out, some absences, official duty and a week of leave', async () => {
    for (const code of ['greenhill', 'riverside'] as const) {
      const s = school[code];
      const { staff, rows } = await system(t.database, async (tx) => {
        const staffRows = await tx
          .select({ id: profiles.id, role: profiles.role })
          .from(profiles)
          .where(and(eq(profiles.schoolId, s.id), inArray(profiles.role, ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'])));
        return { staff: staffRows, rows: await tx.select().from(staffAttendance).where(eq(staffAttendance.schoolId, s.id)) };
      });
      expect(rows.length).toBe(staff.length * s.days.length);
      for (const p of staff) expect(rows.filter((r) => r.profileId === p.id).map((r) => r.date).sort(), p.id).toEqual(s.days);
      const present = rows.filter((r) => r.status === 'present');
      expect(present.length / rows.length).toBeGreaterThan(0.95);
      expect(present.every((r) => r.checkIn! >= '06:50' && r.checkIn! <= '07:55' && r.checkOut! >= '16:00' && r.checkOut! <= '17:30')).toBe(true);
      const lateAfter = code === 'greenhill' ? '07:45' : '07:30';
      expect(present.some((r) => r.checkIn! > lateAfter)).toBe(true);
      expect(rows.filter((r) => r.status === 'official_duty').every((r) => !!r.note && r.checkIn === null)).toBe(true);
      // About one day in a hundred absent and one on official duty: some of each once there are two
      // weeks of registers (on the first days of Term 1 a school may have none yet).
      if (s.days.length >= 10) {
        expect(rows.some((r) => r.status === 'absent')).toBe(true);
        expect(rows.some((r) => r.status === 'official_duty')).toBe(true);
      }
      const leave = rows.filter((r) => r.status === 'on_leave');
      const firstTerm = s.cal.terms.find((x) => x.name === `Term ${firstSeeded}`)!;
      // A week of leave in the earlier seeded term, once it has more than 30 school days.
      const firstTermDays = s.days.filter((d) => d >= firstTerm.startsOn && d <= firstTerm.endsOn).length;
      expect(leave.length).toBe(firstTermDays > 30 ? 5 : 0);
      if (!leave.length) continue;
      expect(new Set(leave.map((r) => r.profileId)).size).toBe(1);
      expect(leave.every((r) => r.note === 'Annual leave' && r.date >= firstTerm.startsOn && r.date <= firstTerm.endsOn)).toBe(true);
      const leaveDays = leave.map((r) => r.date).sort();
      const at = s.days.indexOf(leaveDays[0]!);
      expect(leaveDays).toEqual(s.days.slice(at, at + 5));
      // Recorded by HR, or by the person when they checked themselves in.
      const hrId = await profileIdOf(t.database, DEMO[code].hr);
      expect(rows.every((r) => (r.selfRecorded ? r.recordedBy === r.profileId : r.recordedBy === hrId))).toBe(true);
      expect(rows.some((r) => r.selfRecorded)).toBe(true);
    }
  });

  it('HR sees the latest school day fully recorded', async () => {
    const day = await get<StaffDayResponse>(`/api/staff-attendance?date=${latest.greenhill}`, 'hr');
    expect(day.totals.unrecorded).toBe(0);
    expect(day.totals.present).toBeGreaterThan(0);
  });
});
