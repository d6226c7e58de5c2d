import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import {
  attendanceRate,
  closedDaysBetween,
  dayLabel,
  dayStatus,
  isRegisterLocked,
  latestSchoolDay,
  notSchoolDay,
  schoolDaysBetween,
  type AttendanceStatus,
} from '../../../shared/attendance-calendar.js';
import {
  isPeriodSession,
  type AttendanceCounts,
  type AttendanceSettings,
  type CalendarEventItem,
  type CalendarResponse,
  type PutRegisterResponse,
  type Register,
  type StreamDay,
  type StreamsResponse,
  type StudentAttendance,
  type SummaryResponse,
  type SummaryRow,
  type TrendsResponse,
  CHRONIC_MIN_DAYS,
  calendarQuery,
  createCalendarEventBody,
  putRegisterBody,
  registerQuery,
  streamsQuery,
  studentAttendanceQuery,
  summaryQuery,
  trendsQuery,
  updateAttendanceSettingsBody,
} from '../../../shared/contracts/attendance.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { kenyaPublicHolidaysBetween } from '../../../shared/kenya-holidays.js';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locale.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { narrowScope, SYSTEM_SCOPE, type Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { accountLocale, groupByLocale, guardianLocale, schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { learnerAudience, learnerNotFound, visibleLearners } from '../learners/index.js';
import { deliverSms, logSms, type OutgoingSms } from '../sms/index.js';
import { smsConsentFilter } from '../data-protection/index.js';
import { ATTENDANCE_AUDIT, countedUntil, dailySessions, defaultTerm, loadAttendanceSettings, loadCalendar, type TermRow } from './attendance-context.js';
import { termAttendance } from './attendance-counts.js';
import * as repo from './attendance.repository.js';
import type { CalendarEventRow, LearnerRow, StreamRow } from './attendance.repository.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';

/**
 * Learner attendance (issue 13 §1, §2, §4, §5): registers per stream, date and session; the school's
 * calendar and settings; a learner's days and rate; today's picture per stream; summaries, chronic
 * absentees and weekly trends; absence alerts to parents (in-app, and SMS when the school enables it),
 * once per learner and day.
 *
 * Day status: a learner's day is the most serious of their daily sessions (absent > excused > late >
 * present; shared/attendance-calendar.ts dayStatus). Per-lesson registers ("period-N") are kept but do
 * not count in daily figures. Rate = (present + late) / days with a status, one decimal.
 */

const m = messages.attendance;

/** Days after a school day its register still alerts parents of new absences (a weekend, a public holiday). */
const ALERT_GRACE_DAYS = 3;

export interface AttendanceDeps {
  database: Database;
  events: EventBus;
  sms: SmsGateway;
}

type RegisterQuery = z.output<typeof registerQuery>;
type PutRegisterInput = z.output<typeof putRegisterBody>;

// ---------------------------------------------------------------------------------------------
// Streams and access

async function loadStream(tx: Tx, schoolId: string, classId: string): Promise<StreamRow> {
  const row = await repo.findStream(tx, schoolId, classId);
  if (!row) throw notFound(m.streamNotFound);
  return row;
}

/** May the caller read this stream's registers? Leaders and platform staff: any; a teacher: streams they lead or teach. */
async function canReadStream(tx: Tx, actor: Actor, schoolId: string, stream: StreamRow): Promise<boolean> {
  if (actor.role !== 'teacher') return true;
  return stream.classTeacherId === actor.id || (await repo.hasTeacherAssignment(tx, schoolId, actor.id, stream.id));
}

/**
 * May the caller mark this register? The principal: any. A teacher: the daily registers of a stream they
 * lead (class teacher), a lesson register of a learning area they teach there. Others: no.
 */
async function canMark(tx: Tx, actor: Actor, schoolId: string, stream: StreamRow, session: string, subjectId: string | null): Promise<boolean> {
  if (actor.role === 'principal') return true;
  if (actor.role !== 'teacher') return false;
  if (isPeriodSession(session)) return !!subjectId && (await repo.hasTeacherAssignment(tx, schoolId, actor.id, stream.id, subjectId));
  return stream.classTeacherId === actor.id;
}

/** The sessions a register may have at this school; throws 400 for any other. */
function checkSession(s: AttendanceSettings, session: string, subjectId: string | null | undefined): void {
  if (isPeriodSession(session)) {
    if (!s.perLessonRegisters) throw badRequest(m.perLessonOff, { session: m.perLessonOff });
    if (!subjectId) throw badRequest(m.subjectRequired, { subjectId: m.subjectRequired });
    return;
  }
  const allowed = dailySessions(s);
  if (!allowed.includes(session)) {
    const msg = m.sessionNotUsed(allowed.join(' and '));
    throw badRequest(msg, { session: msg });
  }
}

// ---------------------------------------------------------------------------------------------
// Registers

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

/** The register as the API answers it: every learner of the stream (and anyone already marked in it). */
async function buildRegister(
  tx: Tx,
  actor: Actor,
  schoolId: string,
  stream: StreamRow,
  date: string,
  session: string,
  subjectId: string | null,
  settings: AttendanceSettings,
): Promise<Register> {
  const today = schoolToday();
  const cal = await loadCalendar(tx, schoolId);
  const why = notSchoolDay(cal, date, today);
  const reg = await repo.findRegister(tx, stream.id, date, session, subjectId);
  const learners = await repo.listStreamLearners(tx, stream.id, date);
  const entries = reg ? await repo.listEntriesWithLearners(tx, reg.id) : [];
  const byStudent = new Map(entries.map((e) => [e.studentId, e]));
  const rows: LearnerRow[] = [...learners];
  for (const e of entries) if (!learners.some((l) => l.id === e.studentId)) rows.push({ id: e.studentId, admissionNumber: e.admissionNumber, firstName: e.firstName, lastName: e.lastName, gender: e.gender });
  const counts = { present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 };
  const out = rows.map((l) => {
    const e = byStudent.get(l.id);
    const status = (e?.status ?? null) as AttendanceStatus | null;
    if (status) counts[status]++;
    else counts.unmarked++;
    return {
      studentId: l.id,
      admissionNumber: l.admissionNumber,
      name: fullName(l),
      gender: l.gender,
      status,
      note: e?.note ?? null,
      arrivalTime: e?.arrivalTime ?? null,
      updatedBy: e?.updatedBy ?? null,
      updatedAt: e?.updatedAt.toISOString() ?? null,
    };
  });
  let markedBy: string | null = null;
  if (reg?.markedBy) {
    markedBy = await repo.findProfileName(tx, reg.markedBy);
  }
  const locked = isRegisterLocked(cal, date, today, settings.lockAfterDays);
  const mayMark = await canMark(tx, actor, schoolId, stream, session, subjectId);
  return {
    id: reg?.id ?? null,
    classId: stream.id,
    className: stream.name,
    date,
    session,
    subjectId,
    notSchoolDay: why?.reason ?? null,
    marked: !!reg,
    markedBy,
    markedAt: reg?.markedAt.toISOString() ?? null,
    updatedAt: reg?.updatedAt.toISOString() ?? null,
    locked,
    canEdit: mayMark && !why && (!locked || actor.role === 'principal'),
    needsReason: date < today,
    sessions: dailySessions(settings),
    counts,
    entries: out,
  };
}

/**
 * GET /api/attendance/registers?classId=&date=&session= (issue 13 §5): the register with every learner
 * of the stream (status null until marked). A teacher reads streams they lead or teach (403 otherwise);
 * another school's stream is 404; a session the school does not use is 400.
 */
export async function getRegister(deps: AttendanceDeps, actor: Actor, q: RegisterQuery): Promise<Register> {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const stream = await loadStream(tx, schoolId, q.classId);
    if (!(await canReadStream(tx, actor, schoolId, stream))) throw forbidden(m.notYourStream);
    const settings = await loadAttendanceSettings(tx, schoolId);
    checkSession(settings, q.session, q.subjectId);
    return buildRegister(tx, actor, schoolId, stream, q.date, q.session, q.subjectId ?? null, settings);
  });
}

/** Audit action of an absence alert whose SMS was not sent because the guardian withdrew SMS consent (issue 35 §5). */
export const ABSENCE_SMS_SKIPPED = 'ABSENCE_SMS_SKIPPED';

interface PendingAlert {
  smsId: string | null;
  sms: OutgoingSms | null;
  userIds: string[];
}

/**
 * PUT /api/attendance/registers (issue 13 §1, §5; Idempotency-Key): saves marks of a register, upserting
 * per learner (last write wins per learner; learners left out keep their mark), in one transaction, and
 * audits the change (ATTENDANCE_REGISTER_MARKED for a new register, _CHANGED otherwise, with old and new
 * values and the reason). A save that changes nothing is a no-op (no audit, no alert). A retried request
 * with the same key returns the first answer without running again.
 *
 * Refusals (nothing is written): 404 unknown stream (or another school's); 403 a teacher's stream they
 * do not lead (lesson registers: a learning area they do not teach), a locked register for anyone but
 * the principal; 400 a future date, a day that is not a school day (with the reason), a session the
 * school does not use, a learner not in the stream, an excused absence without a reason, a past date
 * without `reason`.
 *
 * Absence alerts (issue 13 §2): a learner newly marked absent in a daily register of the current school
 * day (the latest school day up to today) gets one alert per day: an in-app notification to each
 * parent account linked to them, and an SMS to the primary guardian when the school's smsAbsenceAlerts
 * is on. absence_alerts (unique per learner and day) keeps it to once, whatever the number of saves.
 */
export async function putRegister(deps: AttendanceDeps, caller: Omit<SchoolCaller, 'schoolId'>, body: PutRegisterInput, idempotencyKey?: string): Promise<PutRegisterResponse> {
  const { actor } = caller;
  const pending: PendingAlert[] = [];
  let schoolIdOut = '';
  const result = await inSchool(deps.database, actor, body.schoolId, async (tx, schoolId) => {
    schoolIdOut = schoolId;
    const { schoolId: _ignored, ...hashed } = body;
    return withIdempotency(tx, { schoolId, userId: actor.id, key: idempotencyKey, route: 'PUT /api/attendance/registers', body: hashed, status: 200 }, async () => {
      pending.length = 0;
      return saveRegister(tx, deps, { ...caller, schoolId }, body, pending);
    });
  });
  // After the commit: hand the SMS to the gateway and tell the parents' open tabs.
  if (!result.replayed) {
    for (const p of pending) {
      if (p.smsId && p.sms) await deliverSms({ database: deps.database, sms: deps.sms }, schoolIdOut, p.smsId, p.sms);
      if (p.userIds.length) {
        try {
          await deps.events.publish({ type: 'notifications.changed', audience: { userIds: p.userIds }, data: {} });
        } catch {
          // Clients poll as well (spec §9).
        }
      }
    }
  }
  return result.body;
}

async function saveRegister(tx: Tx, deps: AttendanceDeps, c: SchoolCaller, body: PutRegisterInput, pending: PendingAlert[]): Promise<PutRegisterResponse> {
  const { actor, schoolId } = c;
  const subjectId = body.subjectId ?? null;
  const stream = await loadStream(tx, schoolId, body.classId);
  const settings = await loadAttendanceSettings(tx, schoolId);
  checkSession(settings, body.session, subjectId);
  if (!(await canMark(tx, actor, schoolId, stream, body.session, subjectId))) {
    throw forbidden(isPeriodSession(body.session) ? m.notYourLesson : m.notYourStream);
  }
  const today = schoolToday();
  const cal = await loadCalendar(tx, schoolId);
  const why = notSchoolDay(cal, body.date, today);
  if (why) throw badRequest(why.reason, { date: why.reason });
  if (isRegisterLocked(cal, body.date, today, settings.lockAfterDays) && actor.role !== 'principal') {
    throw forbidden(m.locked(settings.lockAfterDays ?? 0), 'LOCKED');
  }
  const reason = body.reason?.trim() || null;
  if (body.date < today && !reason) throw badRequest(m.editReasonRequired, { reason: m.editReasonRequired });

  // Learners: each must be on the stream's roll that day (admitted by then, not left before it) or
  // already be in this register (and admitted by then).
  const learners = await repo.listStreamLearners(tx, stream.id, body.date);
  const inStream = new Map(learners.map((l) => [l.id, l]));
  const existing = await repo.findRegister(tx, stream.id, body.date, body.session, subjectId);
  const prior = existing ? await repo.listEntries(tx, existing.id) : [];
  const priorBy = new Map(prior.map((e) => [e.studentId, e]));
  const kept = new Set(existing ? (await repo.listEntriesWithLearners(tx, existing.id)).map((e) => e.studentId) : []);
  const strangers = body.entries.filter((e) => !inStream.has(e.studentId) && !kept.has(e.studentId));
  if (strangers.length) {
    const s = await repo.findLearnerName(tx, schoolId, strangers[0]!.studentId);
    const msg = !s ? m.notInStreamUnknown : s.classId === stream.id ? m.notOnRoll(fullName(s)) : m.notInStream(fullName(s));
    throw badRequest(msg, { entries: msg });
  }
  for (const e of body.entries) {
    if (e.status === 'excused' && !e.note?.trim()) throw badRequest(m.reasonRequiredExcused, { entries: m.reasonRequiredExcused });
  }

  const changes = body.entries
    .map((e) => {
      const before = priorBy.get(e.studentId);
      const note = e.note?.trim() || null;
      const arrivalTime = e.status === 'late' ? (e.arrivalTime ?? null) : null;
      const same = before && before.status === e.status && (before.note ?? null) === note && (before.arrivalTime ?? null) === arrivalTime;
      return same ? null : { studentId: e.studentId, status: e.status, note, arrivalTime, before: before ? { status: before.status, note: before.note, arrivalTime: before.arrivalTime } : null };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);

  const now = new Date();
  let registerId = existing?.id;
  if (changes.length > 0) {
    if (!registerId) {
      // Two teachers creating it at once: one insert wins, the other reads its row.
      const created = await repo.insertRegisterIfAbsent(tx, { schoolId, classId: stream.id, date: body.date, session: body.session, subjectId, subjectKey: subjectId ?? '', markedBy: actor.id, updatedBy: actor.id, markedAt: now, updatedAt: now });
      registerId = created ?? (await repo.findRegister(tx, stream.id, body.date, body.session, subjectId))!.id;
    } else {
      await repo.touchRegister(tx, registerId, actor.id, now);
    }
    await repo.upsertEntries(
      tx,
      changes.map((ch) => ({ schoolId, registerId: registerId!, studentId: ch.studentId, date: body.date, session: body.session, status: ch.status, note: ch.note, arrivalTime: ch.arrivalTime, updatedBy: actor.id, updatedAt: now })),
    );
    await auditSchool(
      tx,
      c,
      existing ? ATTENDANCE_AUDIT.registerChanged : ATTENDANCE_AUDIT.registerMarked,
      `attendance_register:${registerId}`,
      existing ? Object.fromEntries(changes.map((ch) => [ch.studentId, ch.before])) : null,
      Object.fromEntries(changes.map((ch) => [ch.studentId, { status: ch.status, note: ch.note, arrivalTime: ch.arrivalTime }])),
      { classId: stream.id, className: stream.name, date: body.date, session: body.session, subjectId, reason, changed: changes.length },
    );
  }

  // Alerts: newly absent learners in a daily register of the school day being kept now: today's, or the
  // latest school day while it is at most ALERT_GRACE_DAYS behind (Friday's register finished on Saturday,
  // the day before a public holiday). A register filled in weeks later (in the holiday) tells parents
  // nothing they can act on, so it alerts nobody (issue 34).
  let alerted = 0;
  const newlyAbsent = changes.filter((ch) => ch.status === 'absent' && ch.before?.status !== 'absent').map((ch) => ch.studentId);
  const current = latestSchoolDay(cal, today);
  if (newlyAbsent.length && !isPeriodSession(body.session) && body.date === current && addDays(current, ALERT_GRACE_DAYS) >= today) {
    alerted = await sendAbsenceAlerts(tx, deps, c, stream, body.date, newlyAbsent, settings, pending);
  }

  const register = await buildRegister(tx, actor, schoolId, stream, body.date, body.session, subjectId, settings);
  return { ...register, changed: changes.length, alerted };
}

/**
 * Records one alert per learner and day (absence_alerts) and creates, in the caller's transaction, an
 * in-app notification per parent account of each learner (a personal communication, so it is nobody
 * else's banner) and the SMS log row for the primary guardian when SMS alerts are on. Returns how many
 * learners were alerted; `pending` collects what to send and whom to tell after the commit.
 */
async function sendAbsenceAlerts(tx: Tx, deps: AttendanceDeps, c: SchoolCaller, stream: StreamRow, date: string, studentIds: string[], settings: AttendanceSettings, pending: PendingAlert[]): Promise<number> {
  const { schoolId } = c;
  const ids = await repo.insertAbsenceAlerts(tx, schoolId, studentIds, date);
  if (ids.length === 0) return 0;
  const school = await repo.findSchoolName(tx, schoolId);
  const learners = await repo.listLearnerNames(tx, ids);
  const links = await repo.listGuardianLinks(tx, ids);
  const schoolName = school ?? '';
  const schoolLocale = await schoolDefaultLocale(tx, schoolId);
  const expiresAt = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  for (const l of learners) {
    const name = fullName(l);
    const mine = links.filter((x) => x.studentId === l.id);
    const userIds = [...new Set(mine.map((x) => x.profileId).filter((x): x is string => !!x))];
    let smsId: string | null = null;
    let sms: OutgoingSms | null = null;
    const primary = mine.find((x) => x.isPrimary) ?? mine[0];
    // No SMS to a guardian who withdrew SMS consent (issue 35 §5): the in-app alert still goes, and the
    // audit trail says why no SMS went.
    const noConsent = settings.smsAbsenceAlerts && primary?.phone ? (await smsConsentFilter(tx, schoolId, [{ phone: primary.phone, studentId: l.id }])) : null;
    if (noConsent?.refused.length) {
      await auditSchool(tx, c, ABSENCE_SMS_SKIPPED, `student:${l.id}`, null, { date, to: primary!.phone, reason: noConsent.reason });
    } else if (settings.smsAbsenceAlerts && primary?.phone) {
      // In the guardian's language (issue 36 §2): their choice, else the school's default.
      const body = withLocale(guardianLocale(primary.preferredLanguage, schoolLocale), () => m.alertSms(name, stream.name, dayLabel(date), schoolName));
      sms = { to: primary.phone, body, kind: 'absence', studentId: l.id, createdBy: c.actor.id };
      smsId = await logSms(tx, schoolId, deps.sms.provider, sms);
    }
    if (userIds.length) {
      // Communications and notifications are written in platform context (drizzle/0003 policies).
      // The text is stored at creation, so each language its parents read gets its own communication.
      const localeOf = new Map(mine.filter((x) => x.profileId).map((x) => [x.profileId!, accountLocale(x.profileLocale)]));
      await narrowScope(tx, SYSTEM_SCOPE);
      for (const [locale, readers] of groupByLocale(userIds, (id) => localeOf.get(id) ?? DEFAULT_LOCALE)) {
        const text = withLocale(locale, () => {
          const on = dayLabel(date);
          return { title: m.alertTitle(name, date === schoolToday() ? undefined : m.alertOn(on)), message: m.alertMessage(name, stream.name, on, schoolName) };
        });
        const communicationId = await repo.insertCommunication(tx, {
          ...text,
          priority: 'high',
          targetRoles: ['parent'],
          schoolId,
          personal: true,
          isActive: true,
          dismissible: true,
          expiresAt,
          createdBy: c.actor.id,
        });
        await repo.insertNotifications(tx, schoolId, communicationId, readers);
      }
      await narrowScope(tx, { schoolId, userId: c.actor.id, allSchools: false });
    }
    await repo.setAbsenceAlertSent(tx, l.id, date, userIds.length, smsId);
    pending.push({ smsId, sms, userIds });
  }
  return learners.length;
}

// ---------------------------------------------------------------------------------------------
// Streams of a day (today's picture; the teacher's streams)

/** The school's streams of an academic year the caller may see (a teacher: those they lead or teach), with the class teacher. */
async function streamsOf(tx: Tx, actor: Actor, schoolId: string, academicYearId: string | null): Promise<(StreamRow & { classTeacher: string | null })[]> {
  return repo.listStreams(tx, schoolId, { academicYearId, teacherId: actor.role === 'teacher' ? actor.id : undefined });
}

/** The academic year a day falls in (its term's year), or the school's current year. */
async function yearOf(tx: Tx, termRows: TermRow[], day: string, schoolId: string): Promise<string | null> {
  const t = termRows.find((x) => day >= x.startsOn && day <= x.endsOn) ?? termRows.filter((x) => x.startsOn <= day).at(-1);
  if (t) return t.academicYearId;
  return repo.findCurrentAcademicYearId(tx, schoolId);
}


/**
 * GET /api/attendance/streams?date= (issue 13 §1 "today's picture"): the streams the caller may see
 * (teacher: those they lead or teach) with, for the day, which daily registers are saved and the
 * learners' day statuses. The day defaults to today when it is a school day, else the latest school
 * day before it; `notSchoolDay` says why a chosen day has no registers.
 */
export async function listStreamDay(deps: AttendanceDeps, actor: Actor, q: z.output<typeof streamsQuery>): Promise<StreamsResponse> {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const today = schoolToday();
    const settings = await loadAttendanceSettings(tx, schoolId);
    const cal = await loadCalendar(tx, schoolId);
    const date = q.date ?? latestSchoolDay(cal, today) ?? today;
    const why = notSchoolDay(cal, date, today);
    const yearId = await yearOf(tx, cal.termRows, date, schoolId);
    const streams = await streamsOf(tx, actor, schoolId, yearId);
    const ids = streams.map((s) => s.id);
    const [learnerCounts, regs, statuses] = ids.length
      ? await Promise.all([repo.countActiveLearnersByStream(tx, ids, date), repo.listDailyRegisters(tx, ids, date), repo.listLearnerDayStatuses(tx, ids, date)])
      : [[], [], []];
    const sessions = dailySessions(settings);
    const items: StreamDay[] = streams.map((s) => {
      const marked = regs.filter((r) => r.classId === s.id).map((r) => r.session);
      const c = { present: 0, absent: 0, late: 0, excused: 0 };
      for (const st of statuses) if (st.classId === s.id) c[st.status as keyof typeof c]++;
      const daysOpen = c.present + c.absent + c.late + c.excused;
      return {
        classId: s.id,
        name: s.name,
        level: s.gradeLevel,
        levelOrder: s.levelOrder,
        classTeacher: s.classTeacher,
        isClassTeacher: s.classTeacherId === actor.id,
        learners: learnerCounts.find((l) => l.classId === s.id)?.n ?? 0,
        markedSessions: [...new Set(marked)],
        marked: sessions.every((x) => marked.includes(x)),
        ...c,
        rate: attendanceRate({ daysOpen, present: c.present, late: c.late }),
      };
    });
    if (actor.role === 'teacher') items.sort((a, b) => Number(b.isClassTeacher) - Number(a.isClassTeacher));
    const sum = (k: 'present' | 'absent' | 'late' | 'excused' | 'learners') => items.reduce((n, i) => n + i[k], 0);
    const markedCount = items.filter((i) => i.marked).length;
    const totalMarked = sum('present') + sum('absent') + sum('late') + sum('excused');
    return {
      date,
      today,
      notSchoolDay: why?.reason ?? null,
      sessions,
      perLessonRegisters: settings.perLessonRegisters,
      items,
      totals: {
        streams: items.length,
        marked: markedCount,
        missing: why ? 0 : items.length - markedCount,
        learners: sum('learners'),
        present: sum('present'),
        absent: sum('absent'),
        late: sum('late'),
        excused: sum('excused'),
        rate: attendanceRate({ daysOpen: totalMarked, present: sum('present'), late: sum('late') }),
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// A learner's attendance; per-learner counts for reports, report cards and certificates

/**
 * GET /api/students/:id/attendance?from=&to=&termId= (issue 13 §2, §5): the learner's days with a status
 * (daily registers), the counts and rate, the school days still unmarked, and the days the school is
 * closed (with why) for the calendar. Defaults: the current term up to today. A parent reads only their
 * own children and a teacher learners they lead or teach (others 404); another school's learner is 404.
 */
export async function studentAttendance(deps: AttendanceDeps, actor: Actor, studentId: string, q: z.output<typeof studentAttendanceQuery>): Promise<StudentAttendance> {
  const audience = learnerAudience(actor, q.schoolId);
  return inSchool(deps.database, actor, actor.role === 'parent' ? undefined : q.schoolId, async (tx, schoolId) => {
    const student = await repo.findVisibleLearner(tx, schoolId, studentId, visibleLearners({ ...audience, schoolId }));
    if (!student) throw learnerNotFound();
    const today = schoolToday();
    const cal = await loadCalendar(tx, schoolId);
    let from = q.from;
    let to = q.to;
    if (q.termId) {
      const t = cal.termRows.find((x) => x.id === q.termId);
      if (!t) throw notFound(messages.assessment.termNotFound);
      from ??= t.startsOn;
      to ??= t.endsOn;
    }
    if (!from || !to) {
      const t = defaultTerm(cal.termRows, today);
      from ??= t?.startsOn ?? addDays(today, -90);
      to ??= t?.endsOn ?? today;
    }
    if (to < from) throw badRequest(m.eventDatesInvalid, { to: m.eventDatesInvalid });
    if (Date.parse(to) - Date.parse(from) > 400 * 24 * 3600 * 1000) throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    const rows = await repo.listLearnerDailyEntries(tx, studentId, from, to);
    const byDay = new Map<string, typeof rows>();
    for (const r of rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
    const days = [...byDay.entries()].map(([date, list]) => {
      const status = dayStatus(list.map((x) => x.status as AttendanceStatus))!;
      const main = list.find((x) => x.status === status) ?? list[0]!;
      return { date, status, note: list.map((x) => x.note).filter(Boolean).join('; ') || null, arrivalTime: main.arrivalTime ?? null };
    });
    const counts = { present: 0, absent: 0, late: 0, excused: 0 };
    for (const d of days) counts[d.status]++;
    const daysOpen = days.length;
    const until = to < today ? to : today;
    const unmarkedDays = from <= until ? schoolDaysBetween(cal, from, until).filter((d) => !byDay.has(d)) : [];
    return {
      studentId,
      from,
      to,
      daysOpen,
      ...counts,
      rate: attendanceRate({ daysOpen, present: counts.present, late: counts.late }),
      days,
      unmarkedDays,
      closedDays: closedDaysBetween(cal, from, to),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Summaries and trends

function pickTerm(rows: TermRow[], termId: string | undefined): TermRow {
  const t = termId ? rows.find((x) => x.id === termId) : defaultTerm(rows);
  if (!t) throw notFound(messages.assessment.termNotFound);
  return t;
}

/**
 * GET /api/attendance/summary?termId=&classId=&levelId=&belowThreshold= (issue 13 §4): a row per learner
 * of the term (days open, present, absent, late, excused, rate), per stream and for the school, and how
 * many are chronic absentees (rate below the school's threshold over at least CHRONIC_MIN_DAYS school
 * days). A teacher sees their streams only.
 * Learners are those on the roll of the term year's streams at some time in the term (lib/roll.ts: a past
 * year's streams from class history, so last Term 3 still reads in January after the promotion).
 */
export async function attendanceSummary(deps: AttendanceDeps, actor: Actor, q: z.output<typeof summaryQuery>): Promise<SummaryResponse> {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const settings = await loadAttendanceSettings(tx, schoolId);
    const termRows = (await loadCalendar(tx, schoolId)).termRows;
    const term = pickTerm(termRows, q.termId);
    let streams = await streamsOf(tx, actor, schoolId, term.academicYearId);
    if (q.classId) {
      streams = streams.filter((s) => s.id === q.classId);
      if (streams.length === 0) {
        if (!(await repo.streamExists(tx, schoolId, q.classId))) throw notFound(m.streamNotFound);
        throw forbidden(m.notYourStream);
      }
    }
    if (q.levelId) streams = streams.filter((s) => s.levelId === q.levelId);
    const ids = streams.map((s) => s.id);
    const learners = ids.length ? await repo.listLearnersOfStreams(tx, ids, term.startsOn, term.endsOn) : [];
    const counts = await termAttendance(tx, learners.map((l) => l.id), term);
    const className = new Map(streams.map((s) => [s.id, s.name]));
    const order = new Map(streams.map((s, i) => [s.id, i]));
    let items: SummaryRow[] = learners.map((l) => ({
      studentId: l.id,
      admissionNumber: l.admissionNumber,
      name: fullName(l),
      classId: l.classId,
      className: className.get(l.classId ?? '') ?? '',
      ...counts.get(l.id)!,
    }));
    items.sort((a, b) => (order.get(a.classId ?? '') ?? 0) - (order.get(b.classId ?? '') ?? 0) || a.name.localeCompare(b.name));
    const chronic = (r: AttendanceCounts) => r.rate !== null && r.daysOpen >= CHRONIC_MIN_DAYS && r.rate < settings.chronicThreshold;
    const add = (list: SummaryRow[]) => {
      const t = { daysOpen: 0, present: 0, absent: 0, late: 0, excused: 0 };
      for (const r of list) {
        t.daysOpen += r.daysOpen;
        t.present += r.present;
        t.absent += r.absent;
        t.late += r.late;
        t.excused += r.excused;
      }
      return { ...t, rate: attendanceRate(t), learners: list.length, chronic: list.filter(chronic).length };
    };
    const streamRows = streams.map((s) => ({ classId: s.id, className: s.name, level: s.gradeLevel, ...add(items.filter((i) => i.classId === s.id)) }));
    const totals = add(items);
    const daysCounted = items.reduce((n, r) => Math.max(n, r.daysOpen), 0);
    if (q.belowThreshold === 'true') items = items.filter(chronic).sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0));
    return { term: { id: term.id, name: term.name, startsOn: term.startsOn, endsOn: term.endsOn }, threshold: settings.chronicThreshold, chronicMinDays: CHRONIC_MIN_DAYS, daysCounted, items, streams: streamRows, totals };
  });
}

/**
 * GET /api/attendance/trends?termId=&groupBy=stream|level (issue 13 §1 "trends per stream and level"):
 * the attendance rate per school week (weeks start on Monday) of the term, per stream or level, and
 * over the term. A teacher sees their streams only.
 */
export async function attendanceTrends(deps: AttendanceDeps, actor: Actor, q: z.output<typeof trendsQuery>): Promise<TrendsResponse> {
  return inSchool(deps.database, actor, q.schoolId, async (tx, schoolId) => {
    const termRows = (await loadCalendar(tx, schoolId)).termRows;
    const term = pickTerm(termRows, q.termId);
    const streams = await streamsOf(tx, actor, schoolId, term.academicYearId);
    const ids = streams.map((s) => s.id);
    const until = countedUntil(term);
    if (ids.length === 0 || until < term.startsOn) return { weeks: [], series: [] };
    const rows = await repo.weeklyAttendanceByStream(tx, ids, term.startsOn, until);
    const weeks = [...new Set(rows.map((r) => r.week))].sort();
    const groups = new Map<string, { id: string; name: string; classIds: Set<string> }>();
    for (const s of streams) {
      const key = q.groupBy === 'level' ? (s.levelId ?? s.gradeLevel) : s.id;
      const g = groups.get(key) ?? { id: key, name: q.groupBy === 'level' ? s.gradeLevel : s.name, classIds: new Set<string>() };
      g.classIds.add(s.id);
      groups.set(key, g);
    }
    const series = [...groups.values()].map((g) => {
      const mine = rows.filter((r) => g.classIds.has(r.classId));
      const rate = (list: typeof rows) => {
        const days = list.reduce((n, r) => n + r.days, 0);
        return days ? Math.round((list.reduce((n, r) => n + r.attended, 0) / days) * 1000) / 10 : null;
      };
      return { id: g.id, name: g.name, rates: weeks.map((w) => rate(mine.filter((r) => r.week === w))), rate: rate(mine) };
    });
    return { weeks, series };
  });
}

// ---------------------------------------------------------------------------------------------
// Settings and calendar

/** GET /api/attendance/settings → the school's settings (defaults until the principal saves). */
export async function getSettings(deps: AttendanceDeps, actor: Actor, schoolId?: string): Promise<AttendanceSettings> {
  return inSchool(deps.database, actor, schoolId, (tx, sid) => loadAttendanceSettings(tx, sid));
}

/** PUT /api/attendance/settings (principal): changes the given settings; audited with old and new values. */
export async function updateSettings(deps: AttendanceDeps, caller: Omit<SchoolCaller, 'schoolId'>, body: z.output<typeof updateAttendanceSettingsBody>): Promise<AttendanceSettings> {
  return inSchool(deps.database, caller.actor, body.schoolId, async (tx, schoolId) => {
    const before = await loadAttendanceSettings(tx, schoolId);
    const { schoolId: _s, ...patch } = body;
    const next: AttendanceSettings = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const values = { ...next, updatedBy: caller.actor.id, updatedAt: new Date() };
    await repo.upsertAttendanceSettings(tx, schoolId, values);
    await auditSchool(tx, { ...caller, schoolId }, ATTENDANCE_AUDIT.settingsUpdated, `school:${schoolId}`, before, next);
    return next;
  });
}

function toEvent(e: CalendarEventRow): CalendarEventItem {
  return { id: e.id, startsOn: e.startsOn, endsOn: e.endsOn, name: e.name, kind: e.kind === 'open' ? 'open' : 'closed' };
}

/**
 * GET /api/attendance/calendar?from=&to= (issue 13 §1): the school's terms, its own closed/open days, Kenya's
 * public holidays and every day that is not a school day with why. Default range: the academic year of
 * the current (or latest) term.
 */
export async function getCalendar(deps: AttendanceDeps, actor: Actor, q: z.output<typeof calendarQuery>): Promise<CalendarResponse> {
  return inSchool(deps.database, actor, actor.role === 'parent' ? undefined : q.schoolId, async (tx, schoolId) => {
    const today = schoolToday();
    const cal = await loadCalendar(tx, schoolId);
    const current = defaultTerm(cal.termRows, today);
    const yearTerms = current ? cal.termRows.filter((t) => t.academicYearId === current.academicYearId) : [];
    const from = q.from ?? yearTerms[0]?.startsOn ?? `${today.slice(0, 4)}-01-01`;
    const to = q.to ?? yearTerms.at(-1)?.endsOn ?? `${today.slice(0, 4)}-12-31`;
    if (to < from) throw badRequest(m.eventDatesInvalid, { to: m.eventDatesInvalid });
    if (Date.parse(to) - Date.parse(from) > 400 * 24 * 3600 * 1000) throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
    const events = await repo.listCalendarEvents(tx, schoolId, { from, to });
    return {
      from,
      to,
      today,
      terms: cal.termRows.map((t) => ({ id: t.id, name: t.name, startsOn: t.startsOn, endsOn: t.endsOn, halfTermStartsOn: t.halfTermStartsOn, halfTermEndsOn: t.halfTermEndsOn, isCurrent: t.isCurrent })),
      events: events.map(toEvent),
      publicHolidays: kenyaPublicHolidaysBetween(from, to),
      closedDays: closedDaysBetween(cal, from, to),
    };
  });
}

/** POST /api/attendance/calendar (principal): adds closed days (a school holiday) or an open day; audited. */
export async function addCalendarEvent(deps: AttendanceDeps, caller: Omit<SchoolCaller, 'schoolId'>, body: z.output<typeof createCalendarEventBody>): Promise<CalendarEventItem> {
  return inSchool(deps.database, caller.actor, body.schoolId, async (tx, schoolId) => {
    const row = await repo.insertCalendarEvent(tx, { schoolId, startsOn: body.startsOn, endsOn: body.endsOn, name: body.name, kind: body.kind, createdBy: caller.actor.id });
    const item = toEvent(row);
    await auditSchool(tx, { ...caller, schoolId }, ATTENDANCE_AUDIT.calendarDayAdded, `school_calendar_event:${item.id}`, null, item);
    return item;
  });
}

/** DELETE /api/attendance/calendar/:id (principal): removes one of the school's own days; 404 when unknown. */
export async function removeCalendarEvent(deps: AttendanceDeps, caller: Omit<SchoolCaller, 'schoolId'>, id: string, schoolIdParam?: string): Promise<void> {
  await inSchool(deps.database, caller.actor, schoolIdParam, async (tx, schoolId) => {
    const row = await repo.deleteCalendarEvent(tx, schoolId, id);
    if (!row) throw notFound(m.eventNotFound);
    await auditSchool(tx, { ...caller, schoolId }, ATTENDANCE_AUDIT.calendarDayRemoved, `school_calendar_event:${id}`, toEvent(row), null);
  });
}
