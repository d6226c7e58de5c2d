import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/tenant.js';
import { attendanceSettings, profiles, schoolCalendarEvents } from '../db/schema/index.js';
import { latestSchoolDay, schoolDaysBetween, type CalendarEvent, type SchoolCalendar } from '../../shared/attendance-calendar.js';
import { addDays } from '../../shared/dates.js';
import { weekday } from '../../shared/kenya-holidays.js';
import { createRandom } from './names.js';
import type { DemoCalendar } from './demo-calendar.js';

/**
 * Demo attendance (issue 13 "Demo data"): each school's attendance settings and one day of its own
 * calendar; a daily register for every stream on every school day of the latest term and the one before
 * it (in Term 1, last year's Term 3 in last year's streams, from class history), up to the latest school
 * day on or before today (weekends, half-terms, public holidays and the school's
 * closed days skipped), with realistic absences, lates and excused days and a few chronic absentees; and
 * staff attendance for the same days. On the latest school day a few Greenhill streams, the demo
 * teacher's among them, are left unmarked so the teacher has a register to mark and the principal sees
 * missing registers. The demo parent's children have some absences and lates in both terms but stay
 * above the chronic threshold. No absence alerts, SMS or notifications are written.
 *
 * Written in bulk for speed (the seed runs before every API test file): one INSERT … SELECT FROM
 * unnest(…) per table per school; every learner's entry is made in SQL from the registers and the
 * stream's learners, and only the exceptions (absent, late, excused) travel from here. Register ids
 * are made here in increasing order (UUID v7) and entries are written in that order with ids derived
 * from them, so the indexes grow at their right edge. Most of the remaining cost is PostgreSQL's
 * per-row foreign-key checks of the ~80,000 entries.
 */

export type DemoSchoolCode = 'greenhill' | 'riverside';

export interface AttendanceSeedPlan {
  schoolId: string;
  code: DemoSchoolCode;
  /** The school's terms of the current year (ids from the database, dates from the demo calendar). */
  terms: { id: string; number: number; name: string; startsOn: string; endsOn: string; halfTermStartsOn: string | null; halfTermEndsOn: string | null }[];
  /** This year's streams with their class teacher (who marks the register). */
  classes: { id: string; name: string; classTeacherId: string }[];
  learners: { id: string; classId: string }[];
  demoTeacherId: string;
  /** The demo parent's children: some absences and lates, never chronic. */
  parentChildIds: string[];
  /** Streams (by name) left unmarked on the latest school day. */
  unmarkedOnLatestDay: string[];
  /** The demo calendar (today, the latest term). */
  cal: DemoCalendar;
  /**
   * Last year's Term 3 with last year's streams and who was in them (class history): registered too
   * while the latest term is Term 1, so January's attendance has the term before it.
   */
  history?: { term: AttendanceSeedPlan['terms'][number]; classes: AttendanceSeedPlan['classes']; learners: { id: string; classId: string }[] };
}

/** Per school: the attendance settings row and the school's own calendar days. */
const SCHOOL_SETUP: Record<DemoSchoolCode, { settings: Omit<typeof attendanceSettings.$inferInsert, 'schoolId'>; events: CalendarEvent[] }> = {
  greenhill: {
    settings: { sessionsPerDay: 1, lockAfterDays: 7, chronicThreshold: 90, smsAbsenceAlerts: true, staffLateAfter: '07:45' },
    events: [{ startsOn: '2026-02-06', endsOn: '2026-02-06', name: 'Staff development day', kind: 'closed' }], // reference dates, mapped by demo-calendar
  },
  riverside: {
    settings: { sessionsPerDay: 1, lockAfterDays: 5, chronicThreshold: 85, smsAbsenceAlerts: false, staffLateAfter: '07:30' },
    events: [{ startsOn: '2026-09-19', endsOn: '2026-09-19', name: 'Saturday make-up classes', kind: 'open' }],
  },
};

const LATE_NOTES = ['Traffic on the way', 'Matatu broke down', 'Heavy rain in the morning', 'Dental appointment first thing', 'Came with a parent'];
const EXCUSED_NOTES = ['Medical appointment', 'Family bereavement', 'Represented school at county games', 'Hospital review', 'Family wedding (parent wrote in)', 'Music festival (zonal level)'];
const ABSENT_NOTES = ['Unwell, parent called', 'No reason given', 'Parent called: fever'];
const STAFF_DUTY_NOTES = ['KNEC briefing', 'County education office', 'Sub-county heads meeting', 'CBC training workshop', 'Escorting learners to county games'];
const STAFF_ABSENT_NOTES = ['Called in sick', null, 'Family emergency'];

type Mark = { status: 'absent' | 'late' | 'excused'; note: string | null; arrivalTime: string | null } | null;

/** A PostgreSQL array literal of text values (NULL for null), passed as one parameter and cast in SQL. */
function pgArray(values: readonly (string | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

let v7Clock = 0;
/** A version 7 UUID whose timestamp part only ever increases, so ids sort in the order they were made. */
function uuidV7(): string {
  v7Clock = Math.max(v7Clock + 1, Date.now());
  const rand = randomUUID().replace(/-/g, '');
  const variant = ((parseInt(rand[16]!, 16) & 0x3) | 0x8).toString(16);
  const hex = v7Clock.toString(16).padStart(12, '0') + '7' + rand.slice(13, 16) + variant + rand.slice(17);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Seeds one school's attendance (see the module comment). Deterministic for a given `seed` and today's
 * date (the registers run up to the latest school day on or before today). Returns the row counts.
 */
export async function seedAttendance(tx: Tx, plan: AttendanceSeedPlan, seed: number): Promise<{ registers: number; exceptions: number; staffDays: number }> {
  const rnd = createRandom(seed);
  const { schoolId } = plan;
  const setup = SCHOOL_SETUP[plan.code];
  await tx.insert(attendanceSettings).values({ schoolId, ...setup.settings });
  const events = setup.events.map((e) => ({ ...e, startsOn: plan.cal.ref(e.startsOn), endsOn: plan.cal.ref(e.endsOn) }));
  await tx.insert(schoolCalendarEvents).values(events.map((e) => ({ schoolId, ...e })));
  const threshold = setup.settings.chronicThreshold ?? 90;

  // The school days that get registers: the term before the latest one (in Term 1 last year's Term 3,
  // in last year's streams) and the latest term up to the latest school day (D), today when today is a
  // school day.
  const today = plan.cal.today;
  const latestNumber = plan.cal.latestTerm.number;
  const history = latestNumber === 1 ? plan.history : undefined;
  const cal: SchoolCalendar = { terms: history ? [history.term, ...plan.terms] : plan.terms, events };
  const thisYear = plan.terms.filter((t) => t.number === latestNumber || t.number === latestNumber - 1).sort((a, b) => a.number - b.number);
  const seededTerms = history ? [history.term, ...thisYear] : thisYear;
  // Each seeded term's streams, and the stream a learner was in that term (none: not at the school yet).
  const termClasses = seededTerms.map((t) => (t === history?.term ? history.classes : plan.classes));
  const historyClassOf = new Map(history?.learners.map((l) => [l.id, l.classId]));
  const classIn = (l: { id: string; classId: string }, ti: number): string | undefined => (seededTerms[ti] === history?.term ? historyClassOf.get(l.id) : l.classId);
  // In a holiday the latest school day is the last day of the term just ended.
  const yearEnd = seededTerms.at(-1)?.endsOn ?? today;
  const latest = latestSchoolDay(cal, today < yearEnd ? today : yearEnd);
  const termDays = latest ? seededTerms.map((t) => (latest >= t.startsOn ? schoolDaysBetween(cal, t.startsOn, latest < t.endsOn ? latest : t.endsOn) : [])) : [];
  const days = termDays.flat();
  const termOfDay = termDays.flatMap((list, ti) => list.map(() => ti));
  const lastIndex = days.length - 1;

  // How likely a day is to be missed: Mondays and Fridays, the first days of term and the week before
  // half-term a little more.
  const dayFactor = days.map((d, i) => {
    const wd = weekday(d);
    const term = seededTerms[termOfDay[i]!]!;
    let f = wd === 1 || wd === 5 ? 1.35 : 1;
    if (term.halfTermStartsOn && d >= addDays(term.halfTermStartsOn, -7) && d < term.halfTermStartsOn) f *= 1.3;
    if (d <= addDays(term.startsOn, 2)) f *= 1.4;
    return f;
  });

  // Learners: a base absence probability (most 1–4 %), a late habit, and 3–5 chronic absentees per
  // school (one in the demo teacher's stream) missing 14–22 % of days, and more in runs.
  const parentChildren = new Set(plan.parentChildIds);
  const demoClass = plan.classes.find((c) => c.classTeacherId === plan.demoTeacherId);
  const candidates = plan.learners.filter((l) => !parentChildren.has(l.id));
  const chronic = new Set<string>();
  const chronicCount = rnd.int(3, 5);
  const inDemoClass = candidates.filter((l) => l.classId === demoClass?.id);
  if (inDemoClass.length) chronic.add(inDemoClass[rnd.int(0, inDemoClass.length - 1)]!.id);
  // At most one per stream (besides the first); a bounded search, as a small school may have few streams.
  for (let tries = 0; chronic.size < chronicCount && tries < 200; tries++) {
    const l = candidates[rnd.int(0, candidates.length - 1)]!;
    if (![...chronic].some((id) => plan.learners.find((x) => x.id === id)!.classId === l.classId)) chronic.add(l.id);
  }
  const unmarked = new Set(plan.classes.filter((c) => plan.unmarkedOnLatestDay.includes(c.name)).map((c) => c.id));

  const lateMark = (): Mark => {
    // Most lates are a few minutes after the bell; some much later.
    const minutes = 7 * 60 + 35 + Math.floor(rnd.next() * rnd.next() * 66);
    return { status: 'late', note: rnd.next() < 0.3 ? rnd.pick(LATE_NOTES) : null, arrivalTime: hhmm(minutes) };
  };
  const marks = new Map<string, Mark[]>();
  for (const l of plan.learners) {
    const isChronic = chronic.has(l.id);
    const base = isChronic ? 0.14 + rnd.next() * 0.08 : parentChildren.has(l.id) ? 0.02 : 0.008 + rnd.next() * rnd.next() * 0.04;
    const lateRate = parentChildren.has(l.id) ? 0.03 : 0.005 + rnd.next() * 0.03;
    const persist = isChronic ? 0.35 : 0.3;
    const list: Mark[] = [];
    for (let i = 0; i < days.length; i++) {
      const prev = i > 0 && termOfDay[i - 1] === termOfDay[i] ? list[i - 1] : null;
      if (prev?.status === 'absent' && rnd.next() < persist) {
        list.push({ status: 'absent', note: prev.note, arrivalTime: null });
        continue;
      }
      const r = rnd.next();
      const pAbsent = base * dayFactor[i]!;
      if (r < pAbsent) list.push({ status: 'absent', note: rnd.next() < 0.15 ? rnd.pick(ABSENT_NOTES) : null, arrivalTime: null });
      else if (r < pAbsent + 0.01) list.push({ status: 'excused', note: rnd.pick(EXCUSED_NOTES), arrivalTime: null });
      else if (r < pAbsent + 0.01 + lateRate) list.push(lateMark());
      else list.push(null);
    }
    marks.set(l.id, list);
  }

  // Keep the chronic list to the chosen learners in every term: the others at least 3 points above the
  // threshold, the chronic ones 3 to 22 points below, once a term has two weeks of registers (before
  // that a rate means little: the days stay as they fell, and the demo parent's children are not
  // marked absent). The demo parent's children get at least one absence and one late in each term that
  // has two weeks of registers.
  for (const l of plan.learners) {
    const list = marks.get(l.id)!;
    const isUnmarkedOnLatest = unmarked.has(l.classId);
    termDays.forEach((_, ti) => {
      if (!classIn(l, ti)) return;
      const idx = days.flatMap((_, i) => (termOfDay[i] === ti && !(isUnmarkedOnLatest && i === lastIndex) ? [i] : []));
      if (!idx.length) return;
      const missed = () => idx.filter((i) => list[i]?.status === 'absent' || list[i]?.status === 'excused');
      const rate = () => ((idx.length - missed().length) / idx.length) * 100;
      if (chronic.has(l.id)) {
        if (idx.length < 10) return;
        while (rate() > threshold - 3) {
          const free = idx.filter((i) => !list[i] || list[i]!.status === 'late');
          list[free[rnd.int(0, free.length - 1)]!] = { status: 'absent', note: null, arrivalTime: null };
        }
        while (rate() < threshold - 22) {
          const gone = missed();
          list[gone[rnd.int(0, gone.length - 1)]!] = null;
        }
        return;
      }
      if (idx.length < 10 && !parentChildren.has(l.id)) return;
      while (rate() < threshold + 3) {
        const gone = missed();
        list[gone[rnd.int(0, gone.length - 1)]!] = null;
      }
      if (parentChildren.has(l.id) && idx.length >= 10) {
        const plain = () => idx.filter((i) => !list[i] && i !== lastIndex);
        if (!idx.some((i) => list[i]?.status === 'absent') && plain().length) {
          const p = plain();
          list[p[Math.floor(p.length / 2)]!] = { status: 'absent', note: 'Unwell, parent called', arrivalTime: null };
        }
        if (!idx.some((i) => list[i]?.status === 'late') && plain().length) {
          const p = plain();
          list[p[Math.floor(p.length / 3)]!] = { status: 'late', note: 'Traffic on the way', arrivalTime: '07:52' };
        }
      }
    });
  }

  // Registers: one per stream and school day, marked by the class teacher at about 07:50 Nairobi time.
  const reg = { id: [] as string[], classId: [] as string[], date: [] as string[], by: [] as string[], at: [] as string[] };
  const registerId = new Map<string, string>();
  // A stream nobody was in that term (last year's top level, who have left) gets no register.
  const peopled = termClasses.map((_, ti) => new Set(plan.learners.flatMap((l) => classIn(l, ti) ?? [])));
  days.forEach((d, i) => {
    for (const c of termClasses[termOfDay[i]!]!) {
      if ((i === lastIndex && unmarked.has(c.id)) || !peopled[termOfDay[i]!]!.has(c.id)) continue;
      const id = uuidV7();
      registerId.set(`${c.id}|${i}`, id);
      reg.id.push(id);
      reg.classId.push(c.id);
      reg.date.push(d);
      reg.by.push(c.classTeacherId);
      reg.at.push(`${d}T04:${String(rnd.int(45, 59)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}Z`);
    }
  });
  if (reg.id.length) {
    await tx.execute(sql`
      insert into attendance_registers (id, school_id, class_id, date, session, marked_by, marked_at, updated_by, updated_at)
      select r.id, ${schoolId}::uuid, r.class_id, r.date, 'day', r.by, r.at, r.by, r.at
      from unnest(${pgArray(reg.id)}::uuid[], ${pgArray(reg.classId)}::uuid[], ${pgArray(reg.date)}::date[], ${pgArray(reg.by)}::uuid[], ${pgArray(reg.at)}::timestamptz[])
        as r(id, class_id, date, by, at)`);
  }

  // Entries: every learner of the stream in every register, present unless listed here.
  const ex = { registerId: [] as string[], studentId: [] as string[], status: [] as string[], note: [] as (string | null)[], arrival: [] as (string | null)[] };
  for (const l of plan.learners) {
    marks.get(l.id)!.forEach((m, i) => {
      const rid = m && registerId.get(`${classIn(l, termOfDay[i]!)}|${i}`);
      if (!m || !rid) return;
      ex.registerId.push(rid);
      ex.studentId.push(l.id);
      ex.status.push(m.status);
      ex.note.push(m.note);
      ex.arrival.push(m.arrivalTime);
    });
  }
  // Every learner with each stream they were in (last year's too), matched to that stream's registers.
  const inStreams = [...plan.learners, ...plan.learners.flatMap((l) => (historyClassOf.has(l.id) ? [{ id: l.id, classId: historyClassOf.get(l.id)! }] : []))];
  if (reg.id.length) {
    await tx.execute(sql`
      insert into attendance_entries (school_id, register_id, student_id, date, session, status, note, arrival_time, updated_by, created_at, updated_at)
      select r.school_id, r.id, l.id, r.date, r.session, coalesce(x.status, 'present'), x.note, x.arrival_time, case when x.status is null then null else r.marked_by end, r.marked_at, r.marked_at
      from attendance_registers r
      join unnest(${pgArray(inStreams.map((l) => l.id))}::uuid[], ${pgArray(inStreams.map((l) => l.classId))}::uuid[]) with ordinality as l(id, class_id, n) on l.class_id = r.class_id
      left join unnest(${pgArray(ex.registerId)}::uuid[], ${pgArray(ex.studentId)}::uuid[], ${pgArray(ex.status)}::text[], ${pgArray(ex.note)}::text[], ${pgArray(ex.arrival)}::text[])
        as x(register_id, student_id, status, note, arrival_time) on x.register_id = r.id and x.student_id = l.id
      where r.school_id = ${schoolId}::uuid
      order by r.id, l.n`);
  }

  const [lateH, lateM] = (setup.settings.staffLateAfter ?? '07:45').split(':').map(Number);
  const staffDays = await seedStaffAttendance(tx, plan, days, termOfDay, (lateH ?? 7) * 60 + (lateM ?? 45), rnd);
  return { registers: reg.id.length, exceptions: ex.status.length, staffDays };
}

/**
 * Staff attendance for every active staff member (director, principal, teachers, finance officer, HR)
 * on the seeded school days: mostly present with check-in 06:50–07:55 (each person has a usual time
 * before the school's late time `lateAfter`, minutes after midnight, and is late on some days) and check-out 16:00–17:30; about 1 % absent and 1 % on
 * official duty; one teacher on annual leave for five school days in Term 1. Recorded by HR, or by the
 * person when they checked themselves in (self_recorded).
 */
async function seedStaffAttendance(tx: Tx, plan: AttendanceSeedPlan, days: string[], termOfDay: number[], lateAfter: number, rnd: ReturnType<typeof createRandom>): Promise<number> {
  const staff = await tx
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.schoolId, plan.schoolId), eq(profiles.status, 'active'), inArray(profiles.role, ['school_director', 'principal', 'teacher', 'finance_officer', 'hr'])))
    .orderBy(asc(profiles.email));
  const hrId = staff.find((s) => s.role === 'hr')?.id ?? null;
  const term1Days = days.flatMap((_, i) => (termOfDay[i] === 0 ? [i] : []));
  const onLeave = staff.find((s) => s.role === 'teacher' && s.id !== plan.demoTeacherId);
  const leaveStart = term1Days.length > 30 ? term1Days[rnd.int(20, term1Days.length - 6)]! : -1;

  const row = { profileId: [] as string[], date: [] as string[], status: [] as string[], checkIn: [] as (string | null)[], checkOut: [] as (string | null)[], note: [] as (string | null)[], recordedBy: [] as (string | null)[], self: [] as boolean[] };
  for (const s of staff) {
    // A usual arrival 12–45 minutes before the school's late time (not before 06:50).
    const usual = Math.max(6 * 60 + 50, lateAfter - rnd.int(12, 45));
    const selfShare = rnd.next() < 0.5 ? 0.8 : 0.1;
    days.forEach((d, i) => {
      let status = 'present';
      let note: string | null = null;
      let checkIn: string | null = null;
      let checkOut: string | null = null;
      const r = rnd.next();
      if (s.id === onLeave?.id && leaveStart >= 0 && i >= leaveStart && i < leaveStart + 5) {
        status = 'on_leave';
        note = 'Annual leave';
      } else if (r < 0.01) {
        status = 'absent';
        note = rnd.pick(STAFF_ABSENT_NOTES);
      } else if (r < 0.02) {
        status = 'official_duty';
        note = rnd.pick(STAFF_DUTY_NOTES);
      } else {
        const late = rnd.next() < 0.05 ? rnd.int(20, 50) : 0;
        checkIn = hhmm(Math.min(7 * 60 + 55, Math.max(6 * 60 + 50, usual + rnd.int(-8, 8) + late)));
        checkOut = hhmm(16 * 60 + rnd.int(0, 90));
      }
      const self = status === 'present' && rnd.next() < selfShare;
      row.profileId.push(s.id);
      row.date.push(d);
      row.status.push(status);
      row.checkIn.push(checkIn);
      row.checkOut.push(checkOut);
      row.note.push(note);
      row.recordedBy.push(self ? s.id : hrId);
      row.self.push(self);
    });
  }
  // However few the days (the first days of Term 1), someone came in after the school's late time.
  if (!row.status.some((x, k) => x === 'present' && row.checkIn[k]! > hhmm(lateAfter))) {
    const k = row.status.findIndex((x) => x === 'present');
    if (k >= 0) row.checkIn[k] = hhmm(Math.min(7 * 60 + 55, lateAfter + 7));
  }
  if (!row.profileId.length) return 0;
  await tx.execute(sql`
    insert into staff_attendance (school_id, profile_id, date, status, check_in, check_out, note, recorded_by, self_recorded, created_at, updated_at)
    select ${plan.schoolId}::uuid, s.profile_id, s.date, s.status, s.check_in, s.check_out, s.note, s.recorded_by, s.self,
      (s.date + coalesce(s.check_in, '07:00')::time - interval '3 hours') at time zone 'UTC',
      (s.date + coalesce(s.check_out, s.check_in, '07:00')::time - interval '3 hours') at time zone 'UTC'
    from unnest(${pgArray(row.profileId)}::uuid[], ${pgArray(row.date)}::date[], ${pgArray(row.status)}::text[], ${pgArray(row.checkIn)}::text[],
      ${pgArray(row.checkOut)}::text[], ${pgArray(row.note)}::text[], ${pgArray(row.recordedBy)}::uuid[], ${pgArray(row.self)}::boolean[])
      as s(profile_id, date, status, check_in, check_out, note, recorded_by, self)`);
  return row.profileId.length;
}
