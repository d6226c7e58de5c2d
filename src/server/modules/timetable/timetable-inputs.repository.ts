import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  academicYears,
  classes,
  levels,
  profiles,
  students,
  subjects,
  teacherAssignments,
  timetableBellSchedules,
  timetableFixedSlots,
  timetableLessonOptions,
  timetableRooms,
  timetableRules,
  timetableTeacherUnavailability,
  type BellScheduleRow,
  type FixedSlotRow,
  type LessonOptionsRow,
  type TeacherUnavailabilityRow,
  type TimetableRoomRow,
  type TimetableRuleRow,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { TimetableRoomRow as RoomRow, TimetableRuleRow as RuleRow } from '../../db/schema/index.js';

/**
 * The timetable's inputs (issue 16 §1) as stored: the school's levels, streams, teacher assignments
 * with their lesson options, rooms, bell schedules, fixed slots, teacher unavailability and rules.
 * Read by the problem builder and the setup screens, written by the setup service. Every function
 * runs in the caller's school-scoped transaction (row-level security); the school_id predicates are
 * kept on top of it.
 */

/** A slot: weekday 0 = Monday, period 0 = the first lesson period. */
export type SlotValue = { day: number; period: number };

// -------------------------------------------------------------------------------------------------
// The school's structure

/** The school's current academic year (id), if one is flagged current. */
export async function findCurrentYear(tx: Tx, schoolId: string): Promise<{ id: string } | undefined> {
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
  return year;
}

/** The school's levels (id, name, band), by level order. */
export async function listLevels(tx: Tx, schoolId: string): Promise<{ id: string; name: string; band: string }[]> {
  return tx
    .select({ id: levels.id, name: levels.name, band: levels.band })
    .from(levels)
    .where(eq(levels.schoolId, schoolId))
    .orderBy(asc(levels.levelOrder));
}

/** The school's level `levelId` (id only), if it is the school's. */
export async function findLevel(tx: Tx, schoolId: string, levelId: string): Promise<{ id: string } | undefined> {
  const [l] = await tx.select({ id: levels.id }).from(levels).where(and(eq(levels.id, levelId), eq(levels.schoolId, schoolId)));
  return l;
}

/** The school's streams of academic year `yearId`, by level order then stream. */
export async function listYearStreams(
  tx: Tx,
  schoolId: string,
  yearId: string,
): Promise<{ id: string; name: string; levelId: string | null; band: string; levelOrder: number; stream: string }[]> {
  return tx
    .select({ id: classes.id, name: classes.name, levelId: classes.levelId, band: classes.band, levelOrder: classes.levelOrder, stream: classes.stream })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.academicYearId, yearId)))
    .orderBy(asc(classes.levelOrder), asc(classes.stream));
}

/** One row per active learner of streams `classIds` (class id, learner id): the builder counts stream sizes from them. */
export async function listActiveLearnersOfStreams(tx: Tx, schoolId: string, classIds: string[]): Promise<{ classId: string | null; id: string }[]> {
  return tx
    .select({ classId: students.classId, id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), inArray(students.classId, classIds)));
}

/** Names of the profiles `ids` (id, name; unordered). */
export async function listProfileNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, ids));
}

/** Names of every profile of the school (id, name; unordered). */
export async function listSchoolProfileNames(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: profiles.id, name: profiles.name }).from(profiles).where(eq(profiles.schoolId, schoolId));
}

/** The school's teacher accounts (id, name), by name. */
export async function listTeacherAccounts(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return tx
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher')))
    .orderBy(asc(profiles.name));
}

/** Profile `id` (any school) with its role and school, if it exists. */
export async function findProfile(tx: Tx, id: string): Promise<{ id: string; name: string; role: string | null; schoolId: string | null } | undefined> {
  const [p] = await tx.select({ id: profiles.id, name: profiles.name, role: profiles.role, schoolId: profiles.schoolId }).from(profiles).where(eq(profiles.id, id));
  return p;
}

/** Profile `id` (id only) if it is the school's. */
export async function findSchoolProfile(tx: Tx, schoolId: string, id: string): Promise<{ id: string } | undefined> {
  const [t] = await tx.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, id), eq(profiles.schoolId, schoolId)));
  return t;
}

/** Names of the subjects `ids` (id, name; unordered). */
export async function listSubjectNames(tx: Tx, ids: string[]): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: subjects.id, name: subjects.name }).from(subjects).where(inArray(subjects.id, ids));
}

/** Every subject of the school, retired ones included (id, name, band; unordered). */
export async function listAllSubjects(tx: Tx, schoolId: string): Promise<{ id: string; name: string; band: string }[]> {
  return tx.select({ id: subjects.id, name: subjects.name, band: subjects.band }).from(subjects).where(eq(subjects.schoolId, schoolId));
}

/** The school's subjects in use (not retired): id, name, band; by band then name. */
export async function listCurrentSubjects(tx: Tx, schoolId: string): Promise<{ id: string; name: string; band: string }[]> {
  return tx
    .select({ id: subjects.id, name: subjects.name, band: subjects.band })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), isNull(subjects.retiredAt)))
    .orderBy(asc(subjects.band), asc(subjects.name));
}

/** Subject `id` (id only) if it is the school's. */
export async function findSubject(tx: Tx, schoolId: string, id: string): Promise<{ id: string } | undefined> {
  const [s] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, id), eq(subjects.schoolId, schoolId)));
  return s;
}

// -------------------------------------------------------------------------------------------------
// Teacher assignments and lesson options

/** A teacher assignment of a stream with its lesson options (null where none are saved), as the builder reads it. */
export interface AssignmentWithOptions {
  id: string;
  classId: string;
  subjectId: string;
  teacherId: string;
  lessonsPerWeek: number;
  doubles: number | null;
  roomType: string | null;
  roomId: string | null;
  combineKey: string | null;
}

/** The school's teacher assignments of streams `classIds` with their lesson options (unordered). */
export async function listAssignmentsWithOptions(tx: Tx, schoolId: string, classIds: string[]): Promise<AssignmentWithOptions[]> {
  return tx
    .select({
      id: teacherAssignments.id,
      classId: teacherAssignments.classId,
      subjectId: teacherAssignments.subjectId,
      teacherId: teacherAssignments.teacherId,
      lessonsPerWeek: teacherAssignments.lessonsPerWeek,
      doubles: timetableLessonOptions.doubleLessons,
      roomType: timetableLessonOptions.roomType,
      roomId: timetableLessonOptions.roomId,
      combineKey: timetableLessonOptions.combineKey,
    })
    .from(teacherAssignments)
    .leftJoin(timetableLessonOptions, eq(timetableLessonOptions.assignmentId, teacherAssignments.id))
    .where(and(eq(teacherAssignments.schoolId, schoolId), inArray(teacherAssignments.classId, classIds)));
}

/** A teacher assignment as the setup's lessons list shows it, with its options (null where none are saved). */
export interface LessonListRow {
  assignmentId: string;
  classId: string;
  className: string;
  levelId: string | null;
  subjectId: string;
  subjectName: string;
  teacherId: string;
  teacherName: string;
  lessonsPerWeek: number;
  doubleLessons: number | null;
  roomType: string | null;
  roomId: string | null;
  combineKey: string | null;
}

/** The school's teacher assignments of year `yearId` with stream, subject, teacher and options; by level order, stream, subject name. */
export async function listLessonRows(tx: Tx, schoolId: string, yearId: string): Promise<LessonListRow[]> {
  return tx
    .select({
      assignmentId: teacherAssignments.id,
      classId: classes.id,
      className: classes.name,
      levelId: classes.levelId,
      subjectId: subjects.id,
      subjectName: subjects.name,
      teacherId: profiles.id,
      teacherName: profiles.name,
      lessonsPerWeek: teacherAssignments.lessonsPerWeek,
      doubleLessons: timetableLessonOptions.doubleLessons,
      roomType: timetableLessonOptions.roomType,
      roomId: timetableLessonOptions.roomId,
      combineKey: timetableLessonOptions.combineKey,
    })
    .from(teacherAssignments)
    .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
    .innerJoin(subjects, eq(subjects.id, teacherAssignments.subjectId))
    .innerJoin(profiles, eq(profiles.id, teacherAssignments.teacherId))
    .leftJoin(timetableLessonOptions, eq(timetableLessonOptions.assignmentId, teacherAssignments.id))
    .where(and(eq(teacherAssignments.schoolId, schoolId), eq(classes.academicYearId, yearId)))
    .orderBy(asc(classes.levelOrder), asc(classes.stream), asc(subjects.name));
}

/** The school's assignment `assignmentId` of a stream of year `yearId`: id and lessons a week. */
export async function findYearAssignment(tx: Tx, schoolId: string, assignmentId: string, yearId: string): Promise<{ id: string; lessons: number } | undefined> {
  const [a] = await tx
    .select({ id: teacherAssignments.id, lessons: teacherAssignments.lessonsPerWeek })
    .from(teacherAssignments)
    .innerJoin(classes, eq(classes.id, teacherAssignments.classId))
    .where(and(eq(teacherAssignments.id, assignmentId), eq(teacherAssignments.schoolId, schoolId), eq(classes.academicYearId, yearId)));
  return a;
}

/** One assignment (id) of teacher `teacherId` in the school, if they have any. */
export async function findAnyAssignmentOf(tx: Tx, schoolId: string, teacherId: string): Promise<{ id: string } | undefined> {
  const [a] = await tx.select({ id: teacherAssignments.id }).from(teacherAssignments).where(and(eq(teacherAssignments.teacherId, teacherId), eq(teacherAssignments.schoolId, schoolId))).limit(1);
  return a;
}

/** The saved lesson options of assignment `assignmentId`, if any. */
export async function findLessonOptions(tx: Tx, assignmentId: string): Promise<LessonOptionsRow | undefined> {
  const [old] = await tx.select().from(timetableLessonOptions).where(eq(timetableLessonOptions.assignmentId, assignmentId));
  return old;
}

/** Lesson options to save (updatedAt: when). */
export interface LessonOptionsValues {
  doubleLessons: number;
  roomType: string | null;
  roomId: string | null;
  combineKey: string | null;
  updatedAt: Date;
}

/** Inserts or replaces the lesson options of assignment `assignmentId`. */
export async function upsertLessonOptions(tx: Tx, schoolId: string, assignmentId: string, values: LessonOptionsValues): Promise<void> {
  await tx
    .insert(timetableLessonOptions)
    .values({ assignmentId, schoolId, ...values })
    .onConflictDoUpdate({ target: timetableLessonOptions.assignmentId, set: values });
}

// -------------------------------------------------------------------------------------------------
// Bell schedules and fixed slots

/** The school's saved bell schedules (unordered; none when it uses the defaults). */
export async function listBellSchedules(tx: Tx, schoolId: string): Promise<BellScheduleRow[]> {
  return tx.select().from(timetableBellSchedules).where(eq(timetableBellSchedules.schoolId, schoolId));
}

/** The school's saved bell schedule of level `levelId` (null: the default), if any. */
export async function findBellSchedule(tx: Tx, schoolId: string, levelId: string | null): Promise<BellScheduleRow | undefined> {
  const [old] = await tx
    .select()
    .from(timetableBellSchedules)
    .where(and(eq(timetableBellSchedules.schoolId, schoolId), levelId ? eq(timetableBellSchedules.levelId, levelId) : isNull(timetableBellSchedules.levelId)));
  return old;
}

/** A bell schedule's days and lines. */
export interface BellScheduleValues {
  days: number[];
  periods: { kind: string; label: string; start: string; end: string }[];
}

/** Replaces the days and lines of bell schedule `id` (saved by `updatedBy`). */
export async function updateBellSchedule(tx: Tx, id: string, values: BellScheduleValues, updatedBy: string): Promise<void> {
  await tx.update(timetableBellSchedules).set({ days: values.days, periods: values.periods, updatedBy, updatedAt: new Date() }).where(eq(timetableBellSchedules.id, id));
}

/** Inserts bell schedules of the school (one statement), saved by `updatedBy`. */
export async function insertBellSchedules(tx: Tx, schoolId: string, rows: (BellScheduleValues & { levelId: string | null })[], updatedBy: string): Promise<void> {
  await tx.insert(timetableBellSchedules).values(rows.map((r) => ({ schoolId, levelId: r.levelId, days: r.days, periods: r.periods, updatedBy })));
}

/** The school's fixed slots, by day then period. */
export async function listFixedSlots(tx: Tx, schoolId: string): Promise<FixedSlotRow[]> {
  return tx.select().from(timetableFixedSlots).where(eq(timetableFixedSlots.schoolId, schoolId)).orderBy(asc(timetableFixedSlots.day), asc(timetableFixedSlots.period));
}

/** The school's fixed slot (id) at `day`/`period` for level `levelId` (null: the whole school's), if one exists. */
export async function findFixedSlotAt(tx: Tx, schoolId: string, day: number, period: number, levelId: string | null): Promise<{ id: string } | undefined> {
  const [dupe] = await tx
    .select({ id: timetableFixedSlots.id })
    .from(timetableFixedSlots)
    .where(
      and(
        eq(timetableFixedSlots.schoolId, schoolId),
        eq(timetableFixedSlots.day, day),
        eq(timetableFixedSlots.period, period),
        levelId ? eq(timetableFixedSlots.levelId, levelId) : isNull(timetableFixedSlots.levelId),
      ),
    );
  return dupe;
}

/** Inserts a fixed slot of the school; returns the stored row. */
export async function insertFixedSlot(tx: Tx, schoolId: string, slot: { label: string; day: number; period: number; levelId: string | null }): Promise<FixedSlotRow> {
  const [row] = await tx.insert(timetableFixedSlots).values({ schoolId, label: slot.label, day: slot.day, period: slot.period, levelId: slot.levelId }).returning();
  return row!;
}

/** Deletes the school's fixed slot `id`; returns the deleted row, or undefined when there was none. */
export async function deleteFixedSlot(tx: Tx, schoolId: string, id: string): Promise<FixedSlotRow | undefined> {
  const [row] = await tx.delete(timetableFixedSlots).where(and(eq(timetableFixedSlots.id, id), eq(timetableFixedSlots.schoolId, schoolId))).returning();
  return row;
}

// -------------------------------------------------------------------------------------------------
// Rooms

/** A room's editable fields. */
export interface RoomValues {
  name: string;
  type: string;
  capacity: number;
  active: boolean;
  unavailable: SlotValue[];
}

/** The school's rooms, by name. */
export async function listRooms(tx: Tx, schoolId: string): Promise<TimetableRoomRow[]> {
  return tx.select().from(timetableRooms).where(eq(timetableRooms.schoolId, schoolId)).orderBy(asc(timetableRooms.name));
}

/** The school's active rooms, by name. */
export async function listActiveRooms(tx: Tx, schoolId: string): Promise<TimetableRoomRow[]> {
  return tx.select().from(timetableRooms).where(and(eq(timetableRooms.schoolId, schoolId), eq(timetableRooms.active, true))).orderBy(asc(timetableRooms.name));
}

/** The school's room `id`, if any. */
export async function findRoom(tx: Tx, schoolId: string, id: string): Promise<TimetableRoomRow | undefined> {
  const [room] = await tx.select().from(timetableRooms).where(and(eq(timetableRooms.id, id), eq(timetableRooms.schoolId, schoolId)));
  return room;
}

/** A room of the school (id) named `name`, case-insensitively, other than `exceptId`. */
export async function findRoomNamed(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<{ id: string } | undefined> {
  const [dupe] = await tx
    .select({ id: timetableRooms.id })
    .from(timetableRooms)
    .where(and(eq(timetableRooms.schoolId, schoolId), sql`lower(${timetableRooms.name}) = lower(${name})`, exceptId ? ne(timetableRooms.id, exceptId) : undefined));
  return dupe;
}

/** Inserts a room of the school; returns the stored row. */
export async function insertRoom(tx: Tx, schoolId: string, values: RoomValues): Promise<TimetableRoomRow> {
  const [row] = await tx.insert(timetableRooms).values({ schoolId, ...values }).returning();
  return row!;
}

/** Replaces the fields of room `id`; returns the stored row. */
export async function updateRoom(tx: Tx, id: string, values: RoomValues): Promise<TimetableRoomRow> {
  const [row] = await tx.update(timetableRooms).set({ ...values, updatedAt: new Date() }).where(eq(timetableRooms.id, id)).returning();
  return row!;
}

/** Deletes the school's room `id` (lesson options naming it get room null); returns the deleted row, or undefined. */
export async function deleteRoom(tx: Tx, schoolId: string, id: string): Promise<TimetableRoomRow | undefined> {
  const [row] = await tx.delete(timetableRooms).where(and(eq(timetableRooms.id, id), eq(timetableRooms.schoolId, schoolId))).returning();
  return row;
}

// -------------------------------------------------------------------------------------------------
// Teacher unavailability

/** Every teacher unavailability row of the school (unordered). */
export async function listTeacherUnavailability(tx: Tx, schoolId: string): Promise<TeacherUnavailabilityRow[]> {
  return tx.select().from(timetableTeacherUnavailability).where(eq(timetableTeacherUnavailability.schoolId, schoolId));
}

/** Teacher `teacherId`'s unavailability row, if saved. */
export async function findUnavailability(tx: Tx, teacherId: string): Promise<TeacherUnavailabilityRow | undefined> {
  const [old] = await tx.select().from(timetableTeacherUnavailability).where(eq(timetableTeacherUnavailability.teacherId, teacherId));
  return old;
}

/** Inserts or replaces teacher `teacherId`'s unavailable slots and note. */
export async function upsertUnavailability(tx: Tx, schoolId: string, teacherId: string, slots: SlotValue[], note: string | null): Promise<void> {
  await tx
    .insert(timetableTeacherUnavailability)
    .values({ teacherId, schoolId, slots, note })
    .onConflictDoUpdate({ target: timetableTeacherUnavailability.teacherId, set: { slots, note, updatedAt: new Date() } });
}

// -------------------------------------------------------------------------------------------------
// Rules

/** A rule's fields. */
export interface RuleValues {
  kind: string;
  weight: number;
  params: Record<string, unknown>;
  active: boolean;
}

/** The school's rules, oldest first. */
export async function listRules(tx: Tx, schoolId: string): Promise<TimetableRuleRow[]> {
  return tx.select().from(timetableRules).where(eq(timetableRules.schoolId, schoolId)).orderBy(asc(timetableRules.createdAt));
}

/** The school's active rules, oldest first. */
export async function listActiveRules(tx: Tx, schoolId: string): Promise<TimetableRuleRow[]> {
  return tx.select().from(timetableRules).where(and(eq(timetableRules.schoolId, schoolId), eq(timetableRules.active, true))).orderBy(asc(timetableRules.createdAt));
}

/** The school's rule `id`, if any. */
export async function findRule(tx: Tx, schoolId: string, id: string): Promise<TimetableRuleRow | undefined> {
  const [old] = await tx.select().from(timetableRules).where(and(eq(timetableRules.id, id), eq(timetableRules.schoolId, schoolId)));
  return old;
}

/** Inserts a rule of the school; returns the stored row. */
export async function insertRule(tx: Tx, schoolId: string, values: RuleValues): Promise<TimetableRuleRow> {
  const [row] = await tx.insert(timetableRules).values({ schoolId, kind: values.kind, weight: values.weight, params: values.params, active: values.active }).returning();
  return row!;
}

/** Replaces the fields of rule `id`; returns the stored row. */
export async function updateRule(tx: Tx, id: string, values: RuleValues): Promise<TimetableRuleRow> {
  const [row] = await tx.update(timetableRules).set({ kind: values.kind, weight: values.weight, params: values.params, active: values.active, updatedAt: new Date() }).where(eq(timetableRules.id, id)).returning();
  return row!;
}

/** Deletes the school's rule `id`; returns the deleted row, or undefined when there was none. */
export async function deleteRule(tx: Tx, schoolId: string, id: string): Promise<TimetableRuleRow | undefined> {
  const [row] = await tx.delete(timetableRules).where(and(eq(timetableRules.id, id), eq(timetableRules.schoolId, schoolId))).returning();
  return row;
}
