import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../attendance-calendar.js';
import { attendanceMessages as m } from '../messages/attendance.js';
import { isCalendarDate } from './learners.js';

/**
 * Attendance contracts (issue 13), shared by the API (server/modules/attendance) and the screens
 * (web/features/attendance). Issue 13 §5 is a public contract:
 *   PUT /api/attendance/registers { classId, date, session, entries: [{ studentId, status, note }] } with
 *     an Idempotency-Key header; status present | absent | late | excused.
 *   GET /api/attendance/registers?classId=&date=&session=
 *   GET /api/students/:id/attendance?from=&to= → { daysOpen, present, absent, late, excused, rate,
 *     days: [{ date, status }] }
 * Dates are YYYY-MM-DD in Africa/Nairobi, times HH:MM (24-hour, Nairobi), instants ISO strings, rates
 * percentages with one decimal (null when no day counted).
 */

export { ATTENDANCE_STATUSES };
export type { AttendanceStatus } from '../attendance-calendar.js';

/** Daily sessions; per-lesson registers use "period-1" … "period-12" (with the lesson's learning area). */
export const DAILY_SESSIONS = ['day', 'morning', 'afternoon'] as const;
export type DailySession = (typeof DAILY_SESSIONS)[number];
const PERIOD = /^period-(?:[1-9]|1[0-2])$/;
export const isPeriodSession = (s: string) => PERIOD.test(s);

export const STAFF_STATUSES = ['present', 'absent', 'on_leave', 'official_duty'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const date = (message: string = m.dateInvalid) => z.string(message).trim().refine(isCalendarDate, message);
const time = (message: string) => z.string(message).trim().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, message);
const schoolIdParam = z.uuid('Invalid school id').optional();
const session = z
  .string(m.sessionInvalid)
  .trim()
  .refine((s) => (DAILY_SESSIONS as readonly string[]).includes(s) || PERIOD.test(s), m.sessionInvalid);

// ---------------------------------------------------------------------------------------------
// Settings

/** The school's attendance settings (issue 13 §1-§3); defaults apply until the principal saves. */
export const attendanceSettingsSchema = z.object({
  /** 1: one register a day (session "day"); 2: morning and afternoon registers. */
  sessionsPerDay: z.union([z.literal(1), z.literal(2)]),
  /** Subject teachers may mark per-lesson registers (session "period-N"); they do not count in daily rates. */
  perLessonRegisters: z.boolean(),
  /** Registers older than this many days can be changed by the principal only; null: never locked. */
  lockAfterDays: z.number(m.lockDaysInvalid).int(m.lockDaysInvalid).min(1, m.lockDaysInvalid).max(365, m.lockDaysInvalid).nullable(),
  /** Learners whose rate is below this percentage are chronic absentees. */
  chronicThreshold: z.number(m.thresholdInvalid).int(m.thresholdInvalid).min(1, m.thresholdInvalid).max(100, m.thresholdInvalid),
  /** SMS the primary guardian when a learner is marked absent (in-app alerts are always on). */
  smsAbsenceAlerts: z.boolean(),
  /** Staff checking in after this time (HH:MM) are late. */
  staffLateAfter: time(m.timeInvalid),
  /** Staff may check themselves in and out from the app. */
  staffSelfCheckIn: z.boolean(),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsSchema>;
export const DEFAULT_ATTENDANCE_SETTINGS: AttendanceSettings = {
  sessionsPerDay: 1,
  perLessonRegisters: false,
  lockAfterDays: 7,
  chronicThreshold: 90,
  smsAbsenceAlerts: true,
  staffLateAfter: '07:45',
  staffSelfCheckIn: true,
};
export const updateAttendanceSettingsBody = attendanceSettingsSchema.partial().extend({ schoolId: schoolIdParam });

// ---------------------------------------------------------------------------------------------
// School calendar

/** A day (or run of days) the school closes, or opens on although it is a public holiday. */
export const calendarEventSchema = z.object({
  id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  name: z.string(),
  kind: z.enum(['closed', 'open']),
});
export type CalendarEventItem = z.infer<typeof calendarEventSchema>;
export const createCalendarEventBody = z
  .object({
    startsOn: date(),
    endsOn: date(),
    name: z.string(m.eventNameRequired).trim().min(1, m.eventNameRequired).max(80, m.eventNameRequired),
    kind: z.enum(['closed', 'open']).default('closed'),
    schoolId: schoolIdParam,
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: m.eventDatesInvalid, path: ['endsOn'] });

/** GET /api/attendance/calendar?from=&to= → the school's terms, own days, and every closed day with why. */
export const calendarQuery = z.object({ from: date().optional(), to: date().optional(), schoolId: schoolIdParam });
export const calendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  terms: z.array(z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string(), halfTermStartsOn: z.string().nullable(), halfTermEndsOn: z.string().nullable(), isCurrent: z.boolean() })),
  events: z.array(calendarEventSchema),
  publicHolidays: z.array(z.object({ date: z.string(), name: z.string() })),
  closedDays: z.array(z.object({ date: z.string(), kind: z.string(), reason: z.string() })),
  today: z.string(),
});
export type CalendarResponse = z.infer<typeof calendarResponse>;

// ---------------------------------------------------------------------------------------------
// Registers

export const registerEntryInput = z.object({
  studentId: z.uuid(m.studentNotFound),
  status: z.enum(ATTENDANCE_STATUSES, m.statusInvalid),
  note: z.string().trim().max(300, m.noteTooLong).nullish(),
  /** For late: when the learner arrived (HH:MM). */
  arrivalTime: time(m.arrivalInvalid).nullish(),
});

/**
 * PUT /api/attendance/registers (Idempotency-Key header) → the register. Entries are upserted per
 * learner (last write wins per learner; learners left out keep their mark). A past date needs `reason`.
 */
export const putRegisterBody = z
  .object({
    classId: z.uuid(m.streamRequired),
    date: date(),
    session: session.default('day'),
    /** Per-lesson registers: the learning area of the lesson. */
    subjectId: z.uuid(m.subjectRequired).nullish(),
    entries: z.array(registerEntryInput, m.entriesRequired).min(1, m.entriesRequired).max(200),
    /** Why a past register changes (audited). */
    reason: z.string().trim().max(300, m.noteTooLong).nullish(),
    schoolId: schoolIdParam,
  })
  .refine((b) => new Set(b.entries.map((e) => e.studentId)).size === b.entries.length, { message: m.entriesUnique, path: ['entries'] });
export type PutRegisterBody = z.input<typeof putRegisterBody>;

export const registerQuery = z.object({ classId: z.uuid(m.streamRequired), date: date(), session: session.default('day'), subjectId: z.uuid(m.subjectRequired).optional(), schoolId: schoolIdParam });

export const registerEntrySchema = z.object({
  studentId: z.string(),
  admissionNumber: z.string(),
  name: z.string(),
  gender: z.string(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  note: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerCountsSchema = z.object({ present: z.number(), absent: z.number(), late: z.number(), excused: z.number(), unmarked: z.number() });

export const registerSchema = z.object({
  id: z.string().nullable(),
  classId: z.string(),
  className: z.string(),
  date: z.string(),
  session: z.string(),
  subjectId: z.string().nullable(),
  /** Null when the day is a school day; otherwise why there is no register. */
  notSchoolDay: z.string().nullable(),
  marked: z.boolean(),
  markedBy: z.string().nullable(),
  markedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Past the school's lock: only the principal may change it. */
  locked: z.boolean(),
  /** The caller may save this register. */
  canEdit: z.boolean(),
  /** Saving needs a reason (a past date). */
  needsReason: z.boolean(),
  sessions: z.array(z.string()),
  counts: registerCountsSchema,
  entries: z.array(registerEntrySchema),
});
export type Register = z.infer<typeof registerSchema>;
export const putRegisterResponse = registerSchema.extend({ changed: z.number(), alerted: z.number() });
export type PutRegisterResponse = z.infer<typeof putRegisterResponse>;

/** GET /api/attendance/streams?date= → the streams the caller may mark or read, with that day's state. */
export const streamsQuery = z.object({ date: date().optional(), schoolId: schoolIdParam });
export const streamDaySchema = z.object({
  classId: z.string(),
  name: z.string(),
  level: z.string(),
  levelOrder: z.number(),
  classTeacher: z.string().nullable(),
  isClassTeacher: z.boolean(),
  learners: z.number(),
  /** Sessions of the day with a register saved. */
  markedSessions: z.array(z.string()),
  marked: z.boolean(),
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  excused: z.number(),
  rate: z.number().nullable(),
});
export type StreamDay = z.infer<typeof streamDaySchema>;
export const streamsResponse = z.object({
  date: z.string(),
  today: z.string(),
  notSchoolDay: z.string().nullable(),
  sessions: z.array(z.string()),
  perLessonRegisters: z.boolean(),
  items: z.array(streamDaySchema),
  totals: z.object({ streams: z.number(), marked: z.number(), missing: z.number(), learners: z.number(), present: z.number(), absent: z.number(), late: z.number(), excused: z.number(), rate: z.number().nullable() }),
});
export type StreamsResponse = z.infer<typeof streamsResponse>;

// ---------------------------------------------------------------------------------------------
// A learner's attendance

/** GET /api/students/:id/attendance?from=&to= (defaults: the current term up to today). */
export const studentAttendanceQuery = z.object({ from: date().optional(), to: date().optional(), termId: z.uuid('Invalid term id').optional(), schoolId: schoolIdParam });
export const attendanceCountsSchema = z.object({
  daysOpen: z.number(),
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  excused: z.number(),
  rate: z.number().nullable(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;
export const studentAttendanceResponse = attendanceCountsSchema.extend({
  studentId: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), status: z.enum(ATTENDANCE_STATUSES), note: z.string().nullable(), arrivalTime: z.string().nullable() })),
  /** School days in the range with no register taken for the learner's stream yet. */
  unmarkedDays: z.array(z.string()),
  closedDays: z.array(z.object({ date: z.string(), kind: z.string(), reason: z.string() })),
});
export type StudentAttendance = z.infer<typeof studentAttendanceResponse>;

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * A learner is a chronic absentee when their rate is below the school's threshold over at least this many
 * school days of the term (two school weeks): early in a term one absence in two days would list anyone.
 */
export const CHRONIC_MIN_DAYS = 10;

/** GET /api/attendance/summary?termId=&classId=&format= → a row per learner (JSON, pdf or xlsx). */
export const summaryQuery = z.object({
  termId: z.uuid('Invalid term id').optional(),
  classId: z.uuid(m.streamNotFound).optional(),
  levelId: z.uuid('Invalid level id').optional(),
  belowThreshold: z.enum(['true', 'false']).optional(),
  format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
  schoolId: schoolIdParam,
});
export const summaryRowSchema = attendanceCountsSchema.extend({
  studentId: z.string(),
  admissionNumber: z.string(),
  name: z.string(),
  classId: z.string().nullable(),
  className: z.string(),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;
export const summaryResponse = z.object({
  term: z.object({ id: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string() }),
  threshold: z.number(),
  /** School days a learner's registers must cover before a rate below the threshold makes them a chronic absentee. */
  chronicMinDays: z.number(),
  /** The most school days any listed learner's registers cover in the term so far (before belowThreshold filters). */
  daysCounted: z.number(),
  items: z.array(summaryRowSchema),
  streams: z.array(attendanceCountsSchema.extend({ classId: z.string(), className: z.string(), level: z.string(), learners: z.number(), chronic: z.number() })),
  totals: attendanceCountsSchema.extend({ learners: z.number(), chronic: z.number() }),
});
export type SummaryResponse = z.infer<typeof summaryResponse>;

/** GET /api/attendance/trends?termId=&groupBy=stream|level → weekly rates per stream or level. */
export const trendsQuery = z.object({ termId: z.uuid('Invalid term id').optional(), groupBy: z.enum(['stream', 'level']).default('stream'), schoolId: schoolIdParam });
export const trendsResponse = z.object({
  weeks: z.array(z.string()),
  series: z.array(z.object({ id: z.string(), name: z.string(), rates: z.array(z.number().nullable()), rate: z.number().nullable() })),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

// ---------------------------------------------------------------------------------------------
// Staff attendance

export const staffDayQuery = z.object({ date: date().optional(), schoolId: schoolIdParam });
export const staffDayItemSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  status: z.enum(STAFF_STATUSES).nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  late: z.boolean(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
  selfRecorded: z.boolean(),
});
export type StaffDayItem = z.infer<typeof staffDayItemSchema>;
export const staffDayResponse = z.object({
  date: z.string(),
  today: z.string(),
  notSchoolDay: z.string().nullable(),
  lateAfter: z.string(),
  items: z.array(staffDayItemSchema),
  totals: z.object({ staff: z.number(), present: z.number(), absent: z.number(), onLeave: z.number(), officialDuty: z.number(), late: z.number(), unrecorded: z.number() }),
});
export type StaffDayResponse = z.infer<typeof staffDayResponse>;

export const staffEntryInput = z.object({
  profileId: z.uuid(m.staffNotFound),
  status: z.enum(STAFF_STATUSES, m.staffStatusInvalid),
  checkIn: time(m.timeInvalid).nullish(),
  checkOut: time(m.timeInvalid).nullish(),
  note: z.string().trim().max(300, m.noteTooLong).nullish(),
});
/** PUT /api/staff-attendance { date, entries } (HR): upserts each person's day. */
export const putStaffDayBody = z.object({
  date: date(),
  entries: z.array(staffEntryInput).min(1, m.entriesRequired).max(500),
  schoolId: schoolIdParam,
});

/** GET /api/staff-attendance/report?month=YYYY-MM&departmentId=&format= → a row per person. */
export const staffReportQuery = z.object({
  month: z.string(m.monthInvalid).regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, m.monthInvalid),
  departmentId: z.uuid('Invalid department id').optional(),
  format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
  schoolId: schoolIdParam,
});
export const staffReportRowSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  daysOpen: z.number(),
  present: z.number(),
  absent: z.number(),
  onLeave: z.number(),
  officialDuty: z.number(),
  late: z.number(),
  unrecorded: z.number(),
  rate: z.number().nullable(),
});
export const staffReportResponse = z.object({
  month: z.string(),
  daysOpen: z.number(),
  items: z.array(staffReportRowSchema),
  departments: z.array(z.object({ id: z.string().nullable(), name: z.string(), staff: z.number(), present: z.number(), absent: z.number(), late: z.number(), rate: z.number().nullable() })),
});
export type StaffReportResponse = z.infer<typeof staffReportResponse>;

/** The caller's own day (self check-in card). */
export const myStaffDayResponse = z.object({
  date: z.string(),
  notSchoolDay: z.string().nullable(),
  selfCheckIn: z.boolean(),
  status: z.enum(STAFF_STATUSES).nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  late: z.boolean(),
});
export type MyStaffDay = z.infer<typeof myStaffDayResponse>;
