import type { BellPeriod } from '../../../shared/contracts/timetable.js';
import { WEEKDAY_NAMES } from '../../../shared/contracts/timetable.js';
import type { TimetableSetup } from '../../../shared/contracts/timetable-setup.js';
import type { BellScheduleBody, FixedSlotBody, LessonOptionsBody, PrecheckResult, RoomBody, RuleBody, UnavailabilityBody } from '../../../shared/contracts/timetable-setup.js';
import { timetableMessages as tm } from '../../../shared/messages/timetable.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { precheck } from './engine/solver.js';
import { buildSchoolProblem, currentYearId, defaultScheduleId, effectiveSchedules, lessonCount, scheduleOf } from './problem-builder.js';
import * as inputs from './timetable-inputs.repository.js';
import { auditSchool, inSchool, type SchoolCaller, type RequestCaller } from '../../lib/school-context.js';

/**
 * The timetable's inputs (issue 16 §1) under /api/timetables/setup: bell schedules per level, fixed
 * slots, rooms, lesson options, teacher unavailability and rules. Every call runs in one transaction
 * confined to the caller's school (inSchool; another school's ids read as 404). Writes are the
 * principal's (manageTimetable) and audited (TIMETABLE_*).
 */

export const TIMETABLE_AUDIT = {
  bellScheduleSaved: 'TIMETABLE_BELL_SCHEDULE_SAVED',
  fixedSlotCreated: 'TIMETABLE_FIXED_SLOT_CREATED',
  fixedSlotDeleted: 'TIMETABLE_FIXED_SLOT_DELETED',
  roomCreated: 'TIMETABLE_ROOM_CREATED',
  roomUpdated: 'TIMETABLE_ROOM_UPDATED',
  roomDeleted: 'TIMETABLE_ROOM_DELETED',
  lessonOptionsSaved: 'TIMETABLE_LESSON_OPTIONS_SAVED',
  unavailabilitySaved: 'TIMETABLE_TEACHER_UNAVAILABILITY_SAVED',
  ruleCreated: 'TIMETABLE_RULE_CREATED',
  ruleUpdated: 'TIMETABLE_RULE_UPDATED',
  ruleDeleted: 'TIMETABLE_RULE_DELETED',
  fetImported: 'TIMETABLE_FET_IMPORTED',
  generationStarted: 'TIMETABLE_GENERATION_STARTED',
  generationCancelled: 'TIMETABLE_GENERATION_CANCELLED',
} as const;


/** Runs `fn` in the caller's school with a SchoolCaller for audit entries. */
export function run<T>(database: Database, who: RequestCaller, fn: (tx: Tx, c: SchoolCaller) => Promise<T>): Promise<T> {
  return inSchool(database, who.actor, null, (tx, schoolId) => fn(tx, { actor: who.actor, schoolId, ip: who.ip }));
}

const conflict = (code: string, message: string) => new AppError(409, code, message);

// -------------------------------------------------------------------------------------------------
// Reading

/** Everything the setup screens show (GET /api/timetables/setup); default bell schedules when none are saved. */
export async function loadSetup(tx: Tx, schoolId: string): Promise<TimetableSetup> {
  const levelRows = await inputs.listLevels(tx, schoolId);
  const levelName = new Map(levelRows.map((l) => [l.id, l.name]));
  const stored = await inputs.listBellSchedules(tx, schoolId);
  const { rows: schedules } = await effectiveSchedules(tx, schoolId, levelRows);
  const storedId = new Map(stored.map((r) => [r.levelId ?? 'default', r.id]));
  const bellSchedules = schedules
    .map((s) => ({
      id: storedId.get(s.levelId ?? 'default') ?? defaultScheduleId(schoolId, s.levelId),
      levelId: s.levelId,
      levelName: s.levelId ? (levelName.get(s.levelId) ?? null) : null,
      days: s.days,
      periods: s.periods,
    }))
    .sort((a, b) => (a.levelId === null ? -1 : b.levelId === null ? 1 : levelRows.findIndex((l) => l.id === a.levelId) - levelRows.findIndex((l) => l.id === b.levelId)));

  const fixed = await inputs.listFixedSlots(tx, schoolId);
  const rooms = await inputs.listRooms(tx, schoolId);

  const lessons = await lessonRows(tx, schoolId);
  const load = new Map<string, number>();
  for (const l of lessons) load.set(l.teacherId, (load.get(l.teacherId) ?? 0) + l.lessonsPerWeek);
  const unavailable = await inputs.listTeacherUnavailability(tx, schoolId);
  const unavailableOf = new Map(unavailable.map((u) => [u.teacherId, u]));
  const teacherRows = await inputs.listTeacherAccounts(tx, schoolId);
  const known = new Set(teacherRows.map((t) => t.id));
  // Teachers with assignments who are not (or no longer) teacher accounts still appear (e.g. the principal teaching).
  const extra = [...load.keys()].filter((id) => !known.has(id));
  const extraRows = extra.length ? await inputs.listProfileNames(tx, extra) : [];
  const teachers = [...teacherRows, ...extraRows].map((t) => ({
    id: t.id,
    name: t.name,
    lessonsPerWeek: load.get(t.id) ?? 0,
    unavailable: unavailableOf.get(t.id)?.slots ?? [],
    note: unavailableOf.get(t.id)?.note ?? null,
  }));

  const subjectRows = await inputs.listCurrentSubjects(tx, schoolId);
  const ruleRows = await inputs.listRules(tx, schoolId);
  const names = await nameLookup(tx, schoolId);
  return {
    levels: levelRows,
    bellSchedules,
    fixedSlots: fixed.map((f) => ({ id: f.id, label: f.label, day: f.day, period: f.period, levelId: f.levelId, levelName: f.levelId ? (levelName.get(f.levelId) ?? null) : null })),
    rooms: rooms.map(toRoom),
    lessons,
    teachers,
    rules: ruleRows.map((r) => toRule(r, names)),
    subjects: subjectRows,
  };
}

type RoomRow = inputs.RoomRow;
const toRoom = (r: RoomRow) => ({ id: r.id, name: r.name, type: r.type as RoomBody['type'], capacity: r.capacity, active: r.active, unavailable: r.unavailable ?? [] });

/** This year's teacher assignments with their lesson options (defaults when none saved), by stream then subject. */
async function lessonRows(tx: Tx, schoolId: string): Promise<TimetableSetup['lessons']> {
  const yearId = await currentYearId(tx, schoolId).catch(() => null);
  if (!yearId) return [];
  const rows = await inputs.listLessonRows(tx, schoolId, yearId);
  return rows.map((r) => ({
    ...r,
    doubleLessons: r.doubleLessons ?? 0,
    roomType: (r.roomType ?? null) as TimetableSetup['lessons'][number]['roomType'],
    roomId: r.roomId ?? null,
    combineKey: r.combineKey ?? null,
  }));
}

type Names = { subject: Map<string, string>; teacher: Map<string, string>; level: Map<string, string> };

async function nameLookup(tx: Tx, schoolId: string): Promise<Names> {
  const s = await inputs.listAllSubjects(tx, schoolId);
  const t = await inputs.listSchoolProfileNames(tx, schoolId);
  const l = await inputs.listLevels(tx, schoolId);
  // Learning areas share names across bands ("Mathematics" in several): name with the band then.
  const count = new Map<string, number>();
  for (const x of s) count.set(x.name, (count.get(x.name) ?? 0) + 1);
  return {
    subject: new Map(s.map((x) => [x.id, (count.get(x.name) ?? 0) > 1 ? `${x.name} (${x.band})` : x.name])),
    teacher: new Map(t.map((x) => [x.id, x.name])),
    level: new Map(l.map((x) => [x.id, x.name])),
  };
}

type RuleRow = inputs.RuleRow;
type RuleParams = RuleBody['params'];

/** The rule's sentence for the rules list (server-generated). */
export function describeRule(kind: string, weight: number, params: RuleParams, names: Names): string {
  const r = tm.rule;
  const subject = params.subjectId ? (names.subject.get(params.subjectId) ?? r.unknown) : r.everySubject;
  const teacher = params.teacherId ? (names.teacher.get(params.teacherId) ?? r.unknown) : r.everyTeacher;
  const level = params.levelId ? (names.level.get(params.levelId) ?? r.unknown) : r.everyStream;
  const max = params.max ?? 0;
  switch (kind) {
    case 'subjectMaxPerDay':
      return r.subjectMaxPerDay(subject, max, weight);
    case 'subjectDistinctDays':
      return r.subjectDistinctDays(subject, weight);
    case 'teacherMaxPerDay':
      return r.teacherMaxPerDay(teacher, max, weight);
    case 'teacherMaxInARow':
      return r.teacherMaxInARow(teacher, max, weight);
    case 'teacherMaxGapsPerDay':
      return r.teacherMaxGapsPerDay(teacher, max, weight);
    case 'studentsMaxGapsPerDay':
      return r.studentsMaxGapsPerDay(level, max, weight);
    default:
      return r.preferredTimes(subject, params.periods ?? [], params.days, weight);
  }
}

function toRule(row: RuleRow, names: Names) {
  const params = (row.params ?? {}) as RuleParams;
  return { id: row.id, kind: row.kind as RuleBody['kind'], weight: row.weight, params, active: row.active, description: describeRule(row.kind, row.weight, params, names) };
}

// -------------------------------------------------------------------------------------------------
// Bell schedules and fixed slots

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Lines in order, each ending after it starts, no overlaps; at least one lesson. */
function validatePeriods(periods: BellPeriod[]) {
  if (lessonCount(periods) === 0) throw badRequest(tm.scheduleNoLessons, { periods: tm.scheduleNoLessons });
  for (const [i, p] of periods.entries()) {
    if (minutes(p.end) <= minutes(p.start)) throw badRequest(tm.scheduleTimesOrder(p.label), { [`periods.${i}.end`]: tm.scheduleTimesOrder(p.label) });
    const prev = periods[i - 1];
    if (prev && minutes(p.start) < minutes(prev.end)) throw badRequest(tm.scheduleOverlap(prev.label, p.label), { [`periods.${i}.start`]: tm.scheduleOverlap(prev.label, p.label) });
  }
}

async function assertLevel(tx: Tx, schoolId: string, levelId: string | null) {
  if (!levelId) return;
  const l = await inputs.findLevel(tx, schoolId, levelId);
  if (!l) throw badRequest(tm.levelNotFound, { levelId: tm.levelNotFound });
}

/** PUT bell-schedules: saves (upserts) the schedule of a level or the default. Returns the whole setup. */
export async function saveBellSchedule(tx: Tx, c: SchoolCaller, body: BellScheduleBody): Promise<TimetableSetup> {
  await assertLevel(tx, c.schoolId, body.levelId);
  validatePeriods(body.periods);
  const days = [...new Set(body.days)].sort((a, b) => a - b);
  const old = await inputs.findBellSchedule(tx, c.schoolId, body.levelId);
  if (old) {
    await inputs.updateBellSchedule(tx, old.id, { days, periods: body.periods }, c.actor.id);
  } else {
    // Saving one schedule of a school that had only defaults keeps the other defaults as they were shown.
    const existing = await inputs.listBellSchedules(tx, c.schoolId);
    if (existing.length === 0) {
      const levelRows = await inputs.listLevels(tx, c.schoolId);
      const { rows } = await effectiveSchedules(tx, c.schoolId, levelRows);
      const others = rows.filter((r) => r.levelId !== body.levelId);
      if (others.length) await inputs.insertBellSchedules(tx, c.schoolId, others, c.actor.id);
    }
    await inputs.insertBellSchedules(tx, c.schoolId, [{ levelId: body.levelId, days, periods: body.periods }], c.actor.id);
  }
  await auditSchool(tx, c, TIMETABLE_AUDIT.bellScheduleSaved, `bell_schedule:${body.levelId ?? 'default'}`, old ? { days: old.days, periods: old.periods } : null, { days, periods: body.periods });
  return loadSetup(tx, c.schoolId);
}

/** POST fixed-slots: a slot no lesson uses (assembly, PPI, clubs) for the school or a level. 400 outside the schedule; 409 taken. */
export async function createFixedSlot(tx: Tx, c: SchoolCaller, body: FixedSlotBody) {
  await assertLevel(tx, c.schoolId, body.levelId);
  const levelRows = await inputs.listLevels(tx, c.schoolId);
  const { rows } = await effectiveSchedules(tx, c.schoolId, levelRows);
  const sched = scheduleOf(rows, body.levelId);
  const lessons = body.levelId ? lessonCount(sched.periods) : Math.max(...rows.map((r) => lessonCount(r.periods)));
  if (body.period >= lessons) throw badRequest(tm.fixedSlotOutsideDay(body.period, lessons), { period: tm.fixedSlotOutsideDay(body.period, lessons) });
  const days = body.levelId ? sched.days : [...new Set(rows.flatMap((r) => r.days))];
  if (!days.includes(body.day)) throw badRequest(tm.fixedSlotDayNotTaught(WEEKDAY_NAMES[body.day] ?? String(body.day)), { day: tm.fixedSlotDayNotTaught(WEEKDAY_NAMES[body.day] ?? String(body.day)) });
  const dupe = await inputs.findFixedSlotAt(tx, c.schoolId, body.day, body.period, body.levelId);
  if (dupe) throw conflict('FIXED_SLOT_TAKEN', tm.fixedSlotTaken);
  const row = await inputs.insertFixedSlot(tx, c.schoolId, body);
  await auditSchool(tx, c, TIMETABLE_AUDIT.fixedSlotCreated, `fixed_slot:${row.id}`, null, body);
  return { id: row.id, label: row.label, day: row.day, period: row.period, levelId: row.levelId, levelName: levelRows.find((l) => l.id === row.levelId)?.name ?? null };
}

/** DELETE fixed-slots/:id; 404 unknown. */
export async function deleteFixedSlot(tx: Tx, c: SchoolCaller, id: string) {
  const row = await inputs.deleteFixedSlot(tx, c.schoolId, id);
  if (!row) throw notFound(tm.fixedSlotNotFound);
  await auditSchool(tx, c, TIMETABLE_AUDIT.fixedSlotDeleted, `fixed_slot:${id}`, { label: row.label, day: row.day, period: row.period, levelId: row.levelId }, null);
}

// -------------------------------------------------------------------------------------------------
// Rooms

async function assertRoomName(tx: Tx, schoolId: string, name: string, exceptId?: string) {
  const dupe = await inputs.findRoomNamed(tx, schoolId, name, exceptId);
  if (dupe) throw new AppError(409, 'ROOM_NAME_TAKEN', tm.roomNameTaken(name), { fields: { name: tm.roomNameTaken(name) } });
}

/** POST rooms → the room. 409 name taken. */
export async function createRoom(tx: Tx, c: SchoolCaller, body: RoomBody) {
  await assertRoomName(tx, c.schoolId, body.name);
  const row = await inputs.insertRoom(tx, c.schoolId, body);
  await auditSchool(tx, c, TIMETABLE_AUDIT.roomCreated, `room:${row.id}`, null, body);
  return toRoom(row);
}

/** PUT rooms/:id → the room. 404 unknown, 409 name taken. */
export async function updateRoom(tx: Tx, c: SchoolCaller, id: string, body: RoomBody) {
  const old = await inputs.findRoom(tx, c.schoolId, id);
  if (!old) throw notFound(tm.roomNotFound);
  await assertRoomName(tx, c.schoolId, body.name, id);
  const row = await inputs.updateRoom(tx, id, body);
  await auditSchool(tx, c, TIMETABLE_AUDIT.roomUpdated, `room:${id}`, toRoom(old), body);
  return toRoom(row);
}

/** DELETE rooms/:id: lesson options naming it fall back to their room type (FK set null). 404 unknown. */
export async function deleteRoom(tx: Tx, c: SchoolCaller, id: string) {
  const row = await inputs.deleteRoom(tx, c.schoolId, id);
  if (!row) throw notFound(tm.roomNotFound);
  await auditSchool(tx, c, TIMETABLE_AUDIT.roomDeleted, `room:${id}`, toRoom(row), null);
}

// -------------------------------------------------------------------------------------------------
// Lesson options and teacher unavailability

/**
 * PUT lessons/:assignmentId: doubles (2 x doubles <= lessons a week), a room of the school (of the
 * room type when both are given) or a room type, a combine key. 404 for another school's or a past
 * year's assignment. Returns the lesson row.
 */
export async function saveLessonOptions(tx: Tx, c: SchoolCaller, assignmentId: string, body: LessonOptionsBody) {
  const yearId = await currentYearId(tx, c.schoolId);
  const a = await inputs.findYearAssignment(tx, c.schoolId, assignmentId, yearId);
  if (!a) throw notFound(tm.assignmentNotFound);
  if (body.doubleLessons * 2 > a.lessons) throw badRequest(tm.doublesTooMany(body.doubleLessons, a.lessons), { doubleLessons: tm.doublesTooMany(body.doubleLessons, a.lessons) });
  if (body.roomId) {
    const room = await inputs.findRoom(tx, c.schoolId, body.roomId);
    if (!room) throw badRequest(tm.roomNotFound, { roomId: tm.roomNotFound });
    if (body.roomType && room.type !== body.roomType) throw badRequest(tm.roomOfOtherType(room.name, body.roomType), { roomId: tm.roomOfOtherType(room.name, body.roomType) });
  }
  const old = await inputs.findLessonOptions(tx, assignmentId);
  await inputs.upsertLessonOptions(tx, c.schoolId, assignmentId, { doubleLessons: body.doubleLessons, roomType: body.roomType, roomId: body.roomId, combineKey: body.combineKey, updatedAt: new Date() });
  await auditSchool(tx, c, TIMETABLE_AUDIT.lessonOptionsSaved, `teacher_assignment:${assignmentId}`, old ? { doubleLessons: old.doubleLessons, roomType: old.roomType, roomId: old.roomId, combineKey: old.combineKey } : null, body);
  const rows = await lessonRows(tx, c.schoolId);
  return rows.find((r) => r.assignmentId === assignmentId)!;
}

/**
 * PUT teachers/:teacherId/unavailability: the periods (weekday, lesson period) the teacher cannot
 * teach. The teacher is a teacher account of the school or teaches one of its streams; else 404.
 */
export async function saveUnavailability(tx: Tx, c: SchoolCaller, teacherId: string, body: UnavailabilityBody) {
  const p = await inputs.findProfile(tx, teacherId);
  let ok = !!p && p.schoolId === c.schoolId && p.role === 'teacher';
  if (p && !ok) {
    const a = await inputs.findAnyAssignmentOf(tx, c.schoolId, teacherId);
    ok = !!a;
  }
  if (!p || !ok) throw notFound(tm.teacherNotFound);
  const slots = dedupeSlots(body.slots);
  const note = body.note ?? null;
  const old = await inputs.findUnavailability(tx, teacherId);
  await inputs.upsertUnavailability(tx, c.schoolId, teacherId, slots, note);
  await auditSchool(tx, c, TIMETABLE_AUDIT.unavailabilitySaved, `teacher:${teacherId}`, old ? { slots: old.slots, note: old.note } : null, { slots, note });
  const setup = await loadSetup(tx, c.schoolId);
  return setup.teachers.find((t) => t.id === teacherId) ?? { id: teacherId, name: p.name, lessonsPerWeek: 0, unavailable: slots, note };
}

function dedupeSlots(slots: { day: number; period: number }[]) {
  const seen = new Set<string>();
  return slots
    .filter((s) => {
      const k = `${s.day}:${s.period}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.day - b.day || a.period - b.period);
}

// -------------------------------------------------------------------------------------------------
// Rules

/** Params the kind needs and ids of the school; 400 otherwise. Keeps only the params the kind uses. */
async function validateRule(tx: Tx, schoolId: string, body: RuleBody): Promise<RuleParams> {
  const p = body.params;
  const needsMax = ['subjectMaxPerDay', 'teacherMaxPerDay', 'teacherMaxInARow', 'teacherMaxGapsPerDay', 'studentsMaxGapsPerDay'].includes(body.kind);
  if (needsMax && p.max === undefined) throw badRequest(tm.ruleNeedsMax, { 'params.max': tm.ruleNeedsMax });
  if (body.kind === 'preferredTimes') {
    if (!p.subjectId) throw badRequest(tm.ruleNeedsSubject, { 'params.subjectId': tm.ruleNeedsSubject });
    if (!p.periods?.length) throw badRequest(tm.ruleNeedsPeriods, { 'params.periods': tm.ruleNeedsPeriods });
  }
  if (p.subjectId) {
    const s = await inputs.findSubject(tx, schoolId, p.subjectId);
    if (!s) throw badRequest(tm.subjectNotFound, { 'params.subjectId': tm.subjectNotFound });
  }
  if (p.teacherId) {
    const t = await inputs.findSchoolProfile(tx, schoolId, p.teacherId);
    if (!t) throw badRequest(tm.teacherNotFound, { 'params.teacherId': tm.teacherNotFound });
  }
  if (p.levelId) await assertLevel(tx, schoolId, p.levelId);
  const out: RuleParams = {};
  const subjectKinds = ['subjectMaxPerDay', 'subjectDistinctDays', 'preferredTimes'];
  const teacherKinds = ['teacherMaxPerDay', 'teacherMaxInARow', 'teacherMaxGapsPerDay'];
  if (subjectKinds.includes(body.kind) && p.subjectId) out.subjectId = p.subjectId;
  if (teacherKinds.includes(body.kind) && p.teacherId) out.teacherId = p.teacherId;
  if (p.levelId && !teacherKinds.includes(body.kind)) out.levelId = p.levelId;
  if (needsMax) out.max = p.max;
  if (body.kind === 'preferredTimes') {
    out.periods = [...new Set(p.periods)].sort((a, b) => a - b);
    if (p.days?.length) out.days = [...new Set(p.days)].sort((a, b) => a - b);
  }
  return out;
}

/** POST rules → the rule with its description. */
export async function createRule(tx: Tx, c: SchoolCaller, body: RuleBody) {
  const params = await validateRule(tx, c.schoolId, body);
  const row = await inputs.insertRule(tx, c.schoolId, { kind: body.kind, weight: body.weight, params, active: body.active });
  await auditSchool(tx, c, TIMETABLE_AUDIT.ruleCreated, `timetable_rule:${row.id}`, null, { kind: body.kind, weight: body.weight, params, active: body.active });
  return toRule(row, await nameLookup(tx, c.schoolId));
}

/** PUT rules/:id → the rule. 404 unknown. */
export async function updateRule(tx: Tx, c: SchoolCaller, id: string, body: RuleBody) {
  const old = await inputs.findRule(tx, c.schoolId, id);
  if (!old) throw notFound(tm.ruleNotFound);
  const params = await validateRule(tx, c.schoolId, body);
  const row = await inputs.updateRule(tx, id, { kind: body.kind, weight: body.weight, params, active: body.active });
  await auditSchool(tx, c, TIMETABLE_AUDIT.ruleUpdated, `timetable_rule:${id}`, { kind: old.kind, weight: old.weight, params: old.params, active: old.active }, { kind: body.kind, weight: body.weight, params, active: body.active });
  return toRule(row, await nameLookup(tx, c.schoolId));
}

/** DELETE rules/:id. 404 unknown. */
export async function deleteRule(tx: Tx, c: SchoolCaller, id: string) {
  const row = await inputs.deleteRule(tx, c.schoolId, id);
  if (!row) throw notFound(tm.ruleNotFound);
  await auditSchool(tx, c, TIMETABLE_AUDIT.ruleDeleted, `timetable_rule:${id}`, { kind: row.kind, weight: row.weight, params: row.params }, null);
}

// -------------------------------------------------------------------------------------------------
// Check

/** POST check: builds the school's problem and runs the precheck (no search). */
export async function checkSetup(tx: Tx, schoolId: string): Promise<PrecheckResult> {
  const { problem } = await buildSchoolProblem(tx, schoolId);
  const issues = precheck(problem);
  return {
    ok: issues.length === 0,
    issues: issues.map((i) => ({ code: i.code, message: i.message, activityIds: i.activityIds })),
    summary: {
      streams: problem.studentSets.length,
      teachers: problem.teachers.length,
      rooms: problem.rooms.length,
      lessons: problem.activities.reduce((sum, a) => sum + a.duration, 0),
      slotsPerWeek: problem.days.length * problem.periods.length,
    },
  };
}
