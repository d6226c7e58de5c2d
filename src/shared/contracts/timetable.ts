import { z } from 'zod';
import { timetableMessages as m } from '../messages/timetable.js';
import { TASK_STATUSES } from './tasks.js';

/**
 * The timetable's API shapes (issue 16 §6 "Public API": field names are a contract). Slots are
 * (day, period): `day` indexes `days`, `period` indexes `periods` (lesson periods only; breaks are
 * not slots). Dates are Africa/Nairobi calendar dates.
 */

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const ROOM_TYPES = ['classroom', 'science_lab', 'computer_lab', 'home_science', 'field', 'music', 'hall', 'other'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const BELL_PERIOD_KINDS = ['lesson', 'break', 'lunch', 'games', 'assembly', 'other'] as const;
export const RULE_KINDS = [
  'subjectMaxPerDay',
  'subjectDistinctDays',
  'teacherMaxPerDay',
  'teacherMaxInARow',
  'teacherMaxGapsPerDay',
  'studentsMaxGapsPerDay',
  'preferredTimes',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const TIMETABLE_STATUSES = ['draft', 'published', 'archived'] as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid);
export const slotSchema = z.object({ day: z.number().int().min(0).max(5), period: z.number().int().min(0).max(19) });
export type SlotInput = z.infer<typeof slotSchema>;

/** One line of a bell schedule (a lesson period, a break, lunch, games, assembly). */
export const bellPeriodSchema = z.object({ kind: z.enum(BELL_PERIOD_KINDS), label: z.string().trim().min(1).max(40), start: time, end: time });
export type BellPeriod = z.infer<typeof bellPeriodSchema>;

/**
 * Stored in timetable_problems.meta for problems built from the school's inputs: how the engine's
 * abstract grid maps back to the school (weekdays, times per level, fixed slots, assignments).
 */
export const problemMetaSchema = z.object({
  /** Engine day i → weekday index (0 = Monday). */
  dayIndexes: z.array(z.number().int()),
  classLevels: z.record(z.string(), z.string()),
  levels: z.array(z.object({ id: z.string(), name: z.string() })),
  /** levelId or 'default' → the bell schedule of that level (all lines, breaks included). */
  bellSchedules: z.record(z.string(), z.array(bellPeriodSchema)),
  fixedSlots: z.array(z.object({ label: z.string(), day: z.number().int(), period: z.number().int(), levelId: z.string().nullable() })),
  /** Engine activity id → the teacher assignments it teaches (several for a combined lesson). */
  activityAssignments: z.record(z.string(), z.array(z.string())),
});
export type ProblemMeta = z.infer<typeof problemMetaSchema>;

// ------------------------------------------------------------------------------------------------
// GET /api/timetables/:id

export const lessonSchema = z.object({
  activityId: z.string(),
  day: z.number().int(),
  period: z.number().int(),
  duration: z.number().int(),
  /** Streams (or FET students sets) attending. */
  classIds: z.array(z.string()),
  subjectId: z.string(),
  teacherIds: z.array(z.string()),
  roomId: z.string().nullable(),
  locked: z.boolean(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const unplacedSchema = z.object({
  activityId: z.string(),
  reasons: z.array(z.string()),
  duration: z.number().int(),
  classIds: z.array(z.string()),
  subjectId: z.string(),
  teacherIds: z.array(z.string()),
});

export const violationSchema = z.object({ constraint: z.string(), hard: z.boolean(), message: z.string(), activityIds: z.array(z.string()), penalty: z.number() });
export type TimetableViolation = z.infer<typeof violationSchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const timetableSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  status: z.enum(TIMETABLE_STATUSES),
  problemId: z.uuid(),
  source: z.enum(['school', 'fet']),
  levelId: z.string().nullable(),
  days: z.array(z.string()),
  periods: z.array(z.string()),
  lessons: z.array(lessonSchema),
  unplaced: z.array(unplacedSchema),
  softScore: z.number(),
  /** Soft rules broken (hard ones are never stored). */
  violations: z.array(violationSchema),
  /** Names for the ids above. Classes carry their level (school timetables) for times and fixed slots. */
  classes: z.array(named.extend({ levelId: z.string().nullable() })),
  teachers: z.array(named),
  subjects: z.array(named.extend({ code: z.string().nullable() })),
  rooms: z.array(named.extend({ type: z.string().nullable(), capacity: z.number().int() })),
  /** Times and breaks per level (school timetables); null for an imported FET problem. */
  meta: problemMetaSchema.nullable(),
  stats: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TimetableView = z.infer<typeof timetableSchema>;

export const timetableSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  status: z.enum(TIMETABLE_STATUSES),
  source: z.enum(['school', 'fet']),
  levelName: z.string().nullable(),
  lessonCount: z.number().int(),
  unplacedCount: z.number().int(),
  softScore: z.number(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type TimetableSummary = z.infer<typeof timetableSummarySchema>;

// ------------------------------------------------------------------------------------------------
// Generation (POST /api/timetables/generate, GET /api/jobs/:id)

export const generateBody = z.object({
  /** A problem from import-fet or a saved one; absent = build from the school's inputs now. */
  problemId: z.uuid().optional(),
  timeLimitSeconds: z.number().int().min(5).max(600),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  /** Keep this version's locked lessons (and, with levelId, every lesson of the other levels). */
  baseTimetableId: z.uuid().optional(),
  /** Generate this level only; the other levels keep the base version's lessons. */
  levelId: z.uuid().optional(),
  name: z.string().trim().min(1).max(80).optional(),
});
export type GenerateBody = z.infer<typeof generateBody>;

export const JOB_STATUSES = TASK_STATUSES;
export const jobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int(),
  total: z.number().int(),
  /** For timetable generation: lessons placed so far, hard conflicts left, soft score, seconds elapsed. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** Set when a generation job finished (completed, timed out or cancelled with a best-so-far). */
  timetableId: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const fetImportResponse = z.object({
  problemId: z.uuid(),
  report: z.object({
    activities: z.number().int(),
    supported: z.array(z.string()),
    ignored: z.array(z.object({ constraint: z.string(), count: z.number().int() })),
  }),
});

export const problemSummarySchema = z.object({
  id: z.uuid(),
  source: z.enum(['school', 'fet']),
  name: z.string(),
  activities: z.number().int(),
  days: z.number().int(),
  periods: z.number().int(),
  report: fetImportResponse.shape.report.nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
/** GET /api/timetables/problems: generation problems (built from the school, or imported FET files), newest first. */
export const problemsResponse = z.object({ items: z.array(problemSummarySchema) });
export type ProblemSummary = z.infer<typeof problemSummarySchema>;

// ------------------------------------------------------------------------------------------------
// Editor

export const editLessonSchema = z.object({
  activityId: z.string().min(1).max(200),
  day: z.number().int().min(0).max(5),
  period: z.number().int().min(0).max(19),
  roomId: z.string().max(200).nullable(),
  locked: z.boolean().default(false),
});
/** PUT /api/timetables/:id/lessons and POST /api/timetables/:id/check. */
export const saveLessonsBody = z.object({ lessons: z.array(editLessonSchema).max(5000) });
export const checkResponse = z.object({ hard: z.array(violationSchema), soft: z.array(violationSchema), softScore: z.number() });

// ------------------------------------------------------------------------------------------------
// Views (GET /api/timetables/current, substitutes, iCalendar feed token)

/** GET /api/timetables/current: the published version narrowed to the caller, and who the caller is. */
export const currentTimetableResponse = z.object({
  timetable: timetableSchema.nullable(),
  me: z.object({
    teacherId: z.string().nullable(),
    children: z.array(z.object({ studentId: z.string(), name: z.string(), classId: z.string().nullable(), className: z.string().nullable() })),
  }),
});
/** GET /api/timetables/:id/substitutes?teacherId=&date=: free teachers for each lesson of an absent teacher that day. */
export const substitutesResponse = z.object({
  date: z.string(),
  weekday: z.string(),
  teacher: z.object({ id: z.string(), name: z.string() }),
  lessons: z.array(
    z.object({
      activityId: z.string(),
      day: z.number().int(),
      period: z.number().int(),
      duration: z.number().int(),
      periodLabel: z.string(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      classIds: z.array(z.string()),
      className: z.string(),
      subjectId: z.string(),
      subjectName: z.string(),
      roomId: z.string().nullable(),
      candidates: z.array(z.object({ teacherId: z.string(), name: z.string(), teachesSubject: z.boolean(), lessonsThatDay: z.number().int() })),
    }),
  ),
});
/** POST /api/timetables/feed-token: the teacher's private calendar feed URL (rotated on each call). */
export const feedTokenResponse = z.object({ url: z.string() });
