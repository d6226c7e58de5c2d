import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { backgroundTasks } from './learners.js';
import { levels, profiles, teacherAssignments } from './tenancy.js';
import { createdAt, requiredRef, updatedAt } from './columns.js';
import { profileRef, schoolId, schoolRow } from './tenant-columns.js';

/**
 * The timetable (issue 16): the school week (bell schedules per level, fixed slots), rooms, lesson
 * options on teacher assignments (doubles, combined lessons, room type), teacher unavailability, rules
 * with FET-style weights, generation problems (a snapshot of the inputs, or an imported FET file) and
 * timetables (generated or edited versions; one published per school). Every table carries school_id
 * and is guarded by row-level security (drizzle/0012_timetable.sql).
 *
 * Slots are (day, period): day 0 = Monday ... 5 = Saturday; period = 0-based index of the LESSON periods
 * of the bell schedule (breaks, lunch and games are not lesson periods).
 */

/**
 * A bell schedule: the school's default (level_id null) or one level's (junior school 40-minute
 * lessons, primary 35). `days` are day indexes taught (0-5); `periods` the day in order:
 * [{ kind: 'lesson'|'break'|'lunch'|'games'|'assembly'|'other', label, start 'HH:MM', end 'HH:MM' }].
 */
export const timetableBellSchedules = pgTable(
  'timetable_bell_schedules',
  {
    ...schoolRow(),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'cascade' }),
    days: jsonb('days').$type<number[]>().notNull(),
    periods: jsonb('periods').$type<{ kind: string; label: string; start: string; end: string }[]>().notNull(),
    updatedBy: profileRef('updated_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('timetable_bell_level_uq').on(t.schoolId, sql`coalesce(${t.levelId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
  ],
);

/** A bell schedule as stored (levelId null: the school's default). */
export type BellScheduleRow = typeof timetableBellSchedules.$inferSelect;

/**
 * A fixed slot (assembly, PPI, clubs) on a day and lesson period, for the whole school (level_id null)
 * or one level: no lesson is placed there for the streams it covers.
 */
export const timetableFixedSlots = pgTable(
  'timetable_fixed_slots',
  {
    ...schoolRow(),
    label: text('label').notNull(),
    day: integer('day').notNull(),
    period: integer('period').notNull(),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [
    index('timetable_fixed_slots_school_idx').on(t.schoolId),
    check('timetable_fixed_slots_slot_check', sql`${t.day} between 0 and 5 and ${t.period} >= 0`),
  ],
);

/** A fixed slot as stored (day 0 = Monday; period 0 = the first lesson period). */
export type FixedSlotRow = typeof timetableFixedSlots.$inferSelect;

/** A room with its type (classroom, science lab, computer room, home science room, field, music room, hall, other). */
export const timetableRooms = pgTable(
  'timetable_rooms',
  {
    ...schoolRow(),
    name: text('name').notNull(),
    type: text('type').notNull().default('classroom'),
    capacity: integer('capacity').notNull().default(45),
    active: boolean('active').notNull().default(true),
    /** Slots the room cannot be used: [{ day, period }]. */
    unavailable: jsonb('unavailable').$type<{ day: number; period: number }[]>().notNull().default([]),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('timetable_rooms_name_uq').on(t.schoolId, sql`lower(${t.name})`),
    check('timetable_rooms_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** A timetable room as stored. */
export type TimetableRoomRow = typeof timetableRooms.$inferSelect;

/**
 * How a teacher assignment's weekly lessons are timetabled: how many of them are double lessons, the
 * room or room type they need, and a combined-lesson key (assignments with the same key, subject and
 * teacher are taught together, e.g. two streams for games or a language option).
 */
export const timetableLessonOptions = pgTable(
  'timetable_lesson_options',
  {
    assignmentId: uuid('assignment_id')
      .primaryKey()
      .references(() => teacherAssignments.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    doubleLessons: integer('double_lessons').notNull().default(0),
    roomType: text('room_type'),
    roomId: uuid('room_id').references(() => timetableRooms.id, { onDelete: 'set null' }),
    combineKey: text('combine_key'),
    updatedAt,
  },
  (t) => [check('timetable_lesson_options_doubles_check', sql`${t.doubleLessons} >= 0`)],
);

/** A lesson options row as stored (one per teacher assignment). */
export type LessonOptionsRow = typeof timetableLessonOptions.$inferSelect;

/** Periods a teacher cannot teach (part-timers, teachers shared with another school). */
export const timetableTeacherUnavailability = pgTable(
  'timetable_teacher_unavailability',
  {
    teacherId: uuid('teacher_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    slots: jsonb('slots').$type<{ day: number; period: number }[]>().notNull().default([]),
    note: text('note'),
    updatedAt,
  },
);

/** A teacher's unavailability as stored (one row per teacher). */
export type TeacherUnavailabilityRow = typeof timetableTeacherUnavailability.$inferSelect;

/**
 * A rule with a FET-style weight (0-100; 100 = never broken): kind 'subjectMaxPerDay',
 * 'subjectDistinctDays', 'teacherMaxPerDay', 'teacherMaxInARow', 'teacherMaxGapsPerDay',
 * 'studentsMaxGapsPerDay', 'preferredTimes'; `params` per kind (subjectId?, teacherId?, levelId?, max?,
 * periods?: number[], days?: number[]).
 */
export const timetableRules = pgTable(
  'timetable_rules',
  {
    ...schoolRow(),
    kind: text('kind').notNull(),
    weight: integer('weight').notNull().default(100),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('timetable_rules_school_idx').on(t.schoolId),
    check('timetable_rules_weight_check', sql`${t.weight} between 0 and 100`),
  ],
);

/** A timetable rule as stored. */
export type TimetableRuleRow = typeof timetableRules.$inferSelect;

/**
 * A generation problem: the engine's TimetableProblem (engine/types.ts) as JSON, built from the
 * school's inputs or imported from a FET file, with the import report.
 */
export const timetableProblems = pgTable(
  'timetable_problems',
  {
    ...schoolRow(),
    source: text('source').notNull(),
    name: text('name').notNull(),
    problem: jsonb('problem').notNull(),
    report: jsonb('report'),
    /** For source 'school': activity id → { assignmentIds, classIds, levelId } to map lessons back. */
    meta: jsonb('meta'),
    createdBy: profileRef('created_by'),
    createdAt,
  },
  (t) => [
    index('timetable_problems_school_idx').on(t.schoolId, t.createdAt),
    check('timetable_problems_source_check', sql`${t.source} in ('school', 'fet')`),
  ],
);

/** A timetable problem as stored. */
export type TimetableProblemRow = typeof timetableProblems.$inferSelect;

/**
 * A timetable version: lessons placed on the grid (JSON: [{ activityId, day, period, roomId, locked }]),
 * lessons that could not be placed with reasons, the soft score. status draft | published | archived;
 * at most one published per school (the one everyone sees).
 */
export const timetables = pgTable(
  'timetables',
  {
    ...schoolRow(),
    problemId: requiredRef('problem_id', () => timetableProblems.id),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull().default('draft'),
    /** Generated for one level only (others kept from the base), or null for the whole school. */
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    basedOnId: uuid('based_on_id'),
    taskId: uuid('task_id').references(() => backgroundTasks.id, { onDelete: 'set null' }),
    seed: integer('seed'),
    softScore: integer('soft_score').notNull().default(0),
    lessons: jsonb('lessons').$type<{ activityId: string; day: number; period: number; roomId: string | null; locked?: boolean }[]>().notNull(),
    unplaced: jsonb('unplaced').$type<{ activityId: string; reasons: string[] }[]>().notNull().default([]),
    stats: jsonb('stats').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: profileRef('created_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: profileRef('published_by'),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('timetables_school_idx').on(t.schoolId, t.createdAt),
    uniqueIndex('timetables_one_published_uq').on(t.schoolId).where(sql`${t.status} = 'published'`),
    uniqueIndex('timetables_version_uq').on(t.schoolId, t.version),
    check('timetables_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
  ],
);

/** A timetable version as stored. */
export type TimetableRow = typeof timetables.$inferSelect;
/** What a new timetables row carries. */
export type NewTimetable = typeof timetables.$inferInsert;

/** A teacher's private iCalendar feed token (the feed URL works without a session, like any calendar feed). */
export const timetableFeedTokens = pgTable('timetable_feed_tokens', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  schoolId: schoolId(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt,
});
