import { z } from 'zod';
import { BELL_PERIOD_KINDS, ROOM_TYPES, RULE_KINDS, bellPeriodSchema, slotSchema } from './timetable.js';

/**
 * The timetable's inputs (issue 16 §1), edited by the principal under /api/timetables/setup:
 * the school week (bell schedules per level, fixed slots), rooms, lesson options on teacher
 * assignments, teacher unavailability and rules with FET-style weights (0-100; 100 = never broken).
 */

export { BELL_PERIOD_KINDS, ROOM_TYPES, RULE_KINDS };

const uuid = z.uuid();

/** PUT /api/timetables/setup/bell-schedules { levelId: null = the school's default } */
export const bellScheduleBody = z.object({
  levelId: uuid.nullable(),
  /** Weekday indexes taught: 0 = Monday ... 5 = Saturday (Monday to Friday by default). */
  days: z.array(z.number().int().min(0).max(5)).min(1).max(6),
  periods: z.array(bellPeriodSchema).min(1).max(24),
});
/** PUT /api/timetables/setup/bell-schedules body. */
export type BellScheduleBody = z.infer<typeof bellScheduleBody>;
export const bellScheduleSchema = bellScheduleBody.extend({ id: uuid, levelName: z.string().nullable() });
export type BellSchedule = z.infer<typeof bellScheduleSchema>;

/** POST /api/timetables/setup/fixed-slots; DELETE /api/timetables/setup/fixed-slots/:id */
export const fixedSlotBody = z.object({
  label: z.string().trim().min(1).max(60),
  day: z.number().int().min(0).max(5),
  /** Lesson period index (0-based) of the level's (or default) bell schedule. */
  period: z.number().int().min(0).max(19),
  levelId: uuid.nullable(),
});
/** POST /api/timetables/setup/fixed-slots body. */
export type FixedSlotBody = z.infer<typeof fixedSlotBody>;
export const fixedSlotSchema = fixedSlotBody.extend({ id: uuid, levelName: z.string().nullable() });

/** POST /api/timetables/setup/rooms; PUT/DELETE /api/timetables/setup/rooms/:id */
export const roomBody = z.object({
  name: z.string().trim().min(1).max(60),
  type: z.enum(ROOM_TYPES),
  capacity: z.number().int().min(1).max(2000),
  active: z.boolean().default(true),
  unavailable: z.array(slotSchema).max(120).default([]),
});
/** POST /api/timetables/setup/rooms and PUT …/:id body. */
export type RoomBody = z.infer<typeof roomBody>;
export const roomSchema = roomBody.extend({ id: uuid });
export type Room = z.infer<typeof roomSchema>;

/** PUT /api/timetables/setup/lessons/:assignmentId: how an assignment's weekly lessons are timetabled. */
export const lessonOptionsBody = z.object({
  /** How many of the week's lessons are double lessons (each double counts two lessons). */
  doubleLessons: z.number().int().min(0).max(7),
  roomType: z.enum(ROOM_TYPES).nullable(),
  roomId: uuid.nullable(),
  /** Assignments with the same key, subject and teacher are taught together (combined lesson). */
  combineKey: z.string().trim().min(1).max(40).nullable(),
});
/** PUT /api/timetables/setup/lessons/:assignmentId body. */
export type LessonOptionsBody = z.infer<typeof lessonOptionsBody>;
export const lessonRowSchema = lessonOptionsBody.extend({
  assignmentId: uuid,
  classId: uuid,
  className: z.string(),
  levelId: z.string().nullable(),
  subjectId: uuid,
  subjectName: z.string(),
  teacherId: uuid,
  teacherName: z.string(),
  lessonsPerWeek: z.number().int(),
});
export type LessonRow = z.infer<typeof lessonRowSchema>;

/** PUT /api/timetables/setup/teachers/:teacherId/unavailability */
export const unavailabilityBody = z.object({ slots: z.array(slotSchema).max(120), note: z.string().trim().max(200).nullable().optional() });
/** PUT /api/timetables/setup/teachers/:teacherId/unavailability body. */
export type UnavailabilityBody = z.infer<typeof unavailabilityBody>;
export const teacherRowSchema = z.object({
  id: uuid,
  name: z.string(),
  /** Lesson periods a week from the teacher's assignments (a double counts two). */
  lessonsPerWeek: z.number().int(),
  unavailable: z.array(slotSchema),
  note: z.string().nullable(),
});

/**
 * POST /api/timetables/setup/rules; PUT/DELETE /api/timetables/setup/rules/:id. `params` by kind:
 * subjectMaxPerDay { subjectId?, max } · subjectDistinctDays { subjectId? } · teacherMaxPerDay
 * { teacherId?, max } · teacherMaxInARow { teacherId?, max } · teacherMaxGapsPerDay { teacherId?, max }
 * · studentsMaxGapsPerDay { levelId?, max } · preferredTimes { subjectId, periods: number[], days?: number[] }.
 * An absent subjectId/teacherId/levelId = every one.
 */
export const ruleBody = z.object({
  kind: z.enum(RULE_KINDS),
  weight: z.number().int().min(0).max(100),
  params: z.object({
    subjectId: uuid.optional(),
    teacherId: uuid.optional(),
    levelId: uuid.optional(),
    max: z.number().int().min(0).max(20).optional(),
    periods: z.array(z.number().int().min(0).max(19)).max(20).optional(),
    days: z.array(z.number().int().min(0).max(5)).max(6).optional(),
  }),
  active: z.boolean().default(true),
});
/** POST /api/timetables/setup/rules and PUT …/:id body. */
export type RuleBody = z.infer<typeof ruleBody>;
export const ruleSchema = ruleBody.extend({ id: uuid, description: z.string() });
export type Rule = z.infer<typeof ruleSchema>;

/** GET /api/timetables/setup: everything the setup screens show. */
export const setupResponse = z.object({
  levels: z.array(z.object({ id: uuid, name: z.string(), band: z.string() })),
  bellSchedules: z.array(bellScheduleSchema),
  fixedSlots: z.array(fixedSlotSchema),
  rooms: z.array(roomSchema),
  lessons: z.array(lessonRowSchema),
  teachers: z.array(teacherRowSchema),
  rules: z.array(ruleSchema),
  subjects: z.array(z.object({ id: uuid, name: z.string(), band: z.string() })),
});
export type TimetableSetup = z.infer<typeof setupResponse>;

/** POST /api/timetables/setup/check: what would stop a generation, found before the search. */
export const precheckResponse = z.object({
  ok: z.boolean(),
  issues: z.array(z.object({ code: z.string(), message: z.string(), activityIds: z.array(z.string()) })),
  summary: z.object({ streams: z.number().int(), teachers: z.number().int(), rooms: z.number().int(), lessons: z.number().int(), slotsPerWeek: z.number().int() }),
});
/** POST /api/timetables/setup/check: what blocks generating a timetable. */
export type PrecheckResult = z.infer<typeof precheckResponse>;
