import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import {
  problemMetaSchema,
  WEEKDAY_NAMES,
  type Lesson,
  type ProblemMeta,
  type TimetableSummary,
  type TimetableView,
  type TimetableViolation,
} from '../../../shared/contracts/timetable.js';
import { formatDay, schoolToday } from '../../../shared/dates.js';
import { timetableViewMessages as m } from '../../../shared/messages/timetable-views.js';
import type { Database } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { checkTimetable } from './engine/checker.js';
import type { Activity, Placement, TimetableProblem, Violation } from './engine/types.js';
import { inSchool, type RequestCaller } from '../../lib/school-context.js';
import * as repo from './timetables.repository.js';

/**
 * Timetable versions, views, the editor's saves and checks, publishing, and the substitution helper
 * (issue 16 §4-§6). Every call runs in one transaction confined to the caller's school (inSchool: row-
 * level security; another school's ids read as 404).
 *
 * Who sees what (shared/access.ts): the principal and the director read every version; other school
 * roles read only the PUBLISHED version, and teachers and parents narrowed: a teacher the lessons they
 * teach plus every lesson of the streams they are class teacher of; a parent the lessons of their
 * children's current streams. Finance and HR see the whole published timetable. A draft read by a
 * narrowed caller is a 404, like another school's.
 *
 * Edits never store a hidden clash: every save and every publish re-runs the independent checker
 * (engine/checker.ts) and refuses (409 TIMETABLE_CLASH, nothing written) any hard violation.
 */

type Row = repo.TimetableRow;
type StoredLesson = Row['lessons'][number];

/** A version with the problem it places (the engine's model) and the school's mapping back (meta). */
export interface LoadedTimetable {
  row: Row;
  problem: TimetableProblem;
  source: 'school' | 'fet';
  meta: ProblemMeta | null;
}

/** Who is looking: everything, or a teacher's / parent's narrowed view. */
export type Audience = { kind: 'all' } | { kind: 'narrow'; teacherId: string | null; classIds: Set<string> };

/** A parent's child as /current lists it. */
export interface ChildRef {
  studentId: string;
  name: string;
  classId: string | null;
  className: string | null;
}

/** Runs `fn` in the caller's school (school roles only reach these routes). */
export function run<T>(database: Database, who: RequestCaller, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  return inSchool(database, who.actor, null, fn);
}

const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details === undefined ? {} : { details });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// -------------------------------------------------------------------------------------------------
// Loading

/** The version `id` of the school with its problem; 404 when unknown (or another school's). */
export async function loadTimetable(tx: Tx, schoolId: string, id: string, forUpdate = false): Promise<LoadedTimetable> {
  const hit = await repo.findTimetableWithProblem(tx, schoolId, id, forUpdate);
  if (!hit) throw notFound(m.notFound);
  const parsed = hit.meta ? problemMetaSchema.safeParse(hit.meta) : null;
  return { row: hit.row, problem: hit.problem as TimetableProblem, source: hit.source === 'fet' ? 'fet' : 'school', meta: parsed?.success ? parsed.data : null };
}

/** The school's published version, or null. */
export async function loadPublished(tx: Tx, schoolId: string): Promise<LoadedTimetable | null> {
  const row = await repo.findPublishedId(tx, schoolId);
  return row ? loadTimetable(tx, schoolId, row.id) : null;
}

/** The parent's children (active, with their current stream), by first name. */
export async function childrenOf(tx: Tx, actor: Actor): Promise<ChildRef[]> {
  if (actor.role !== 'parent') return [];
  const kids = await repo.listVisibleActiveLearners(tx, actor);
  return kids.map((k) => ({ studentId: k.id, name: learnerName(k), classId: k.classId, className: k.className }));
}

/**
 * What the caller may see of the published timetable: principal, director, finance officer and HR
 * everything; a teacher their own lessons and their class-teacher streams; a parent their children's
 * streams.
 */
export async function audienceOf(tx: Tx, actor: Actor, schoolId: string, children?: ChildRef[]): Promise<Audience> {
  if (actor.role === 'teacher') {
    const led = await repo.listClassesLedBy(tx, schoolId, actor.id);
    return { kind: 'narrow', teacherId: actor.id, classIds: new Set(led.map((c) => c.id)) };
  }
  if (actor.role === 'parent') {
    const kids = children ?? (await childrenOf(tx, actor));
    return { kind: 'narrow', teacherId: null, classIds: new Set(kids.map((k) => k.classId).filter((x): x is string => !!x)) };
  }
  return { kind: 'all' };
}

/** Can the caller read every version (principal, director)? */
export function seesAllVersions(actor: Actor): boolean {
  return actor.role === 'principal' || actor.role === 'school_director';
}

// -------------------------------------------------------------------------------------------------
// The engine model, read for people

/** Indexes of a problem: activities, names, the learner groups each student set covers. */
export class ProblemIndex {
  readonly activity = new Map<string, Activity>();
  readonly teacherName = new Map<string, string>();
  readonly subjectName = new Map<string, string>();
  readonly setName = new Map<string, string>();
  readonly roomName = new Map<string, string>();
  private readonly setGroups = new Map<string, string[]>();

  constructor(readonly problem: TimetableProblem) {
    for (const a of problem.activities) this.activity.set(a.id, a);
    for (const t of problem.teachers) this.teacherName.set(t.id, t.name);
    for (const s of problem.subjects) this.subjectName.set(s.id, s.name);
    for (const s of problem.studentSets) {
      this.setName.set(s.id, s.name);
      this.setGroups.set(s.id, s.groupIds);
    }
    for (const g of problem.studentGroups) if (!this.setName.has(g.id)) this.setName.set(g.id, g.name);
    for (const r of problem.rooms) this.roomName.set(r.id, r.name);
  }

  /** Student sets and the atomic groups of an activity (a stream is both its set and its group). */
  reach(a: Activity): Set<string> {
    const out = new Set<string>(a.studentSetIds);
    for (const s of a.studentSetIds) for (const g of this.setGroups.get(s) ?? []) out.add(g);
    return out;
  }

  classesLabel(a: Activity): string {
    return a.studentSetIds.map((s) => this.setName.get(s) ?? s).join(' + ');
  }

  teachersLabel(a: Activity): string {
    return a.teacherIds.map((t) => this.teacherName.get(t) ?? t).join(', ');
  }

  subject(a: Activity): string {
    return this.subjectName.get(a.subjectId) ?? a.subjectId;
  }

  /** "Mathematics for Grade 7 East (Mr Otieno)". */
  label(a: Activity): string {
    const t = this.teachersLabel(a);
    return `${this.subject(a)} for ${this.classesLabel(a)}${t ? ` (${t})` : ''}`;
  }

  dayName(d: number): string {
    return this.problem.days[d] ?? String(d + 1);
  }

  /** "period 3" for a numbered period; the problem's own label otherwise (e.g. "08:00"). */
  periodName(p: number): string {
    const raw = this.problem.periods[p];
    if (raw === undefined || /^\d+$/.test(raw.trim())) return m.periodLabel(p + 1);
    const numbered = /^period\s*(\d+)$/i.exec(raw.trim());
    return numbered ? m.periodLabel(Number(numbered[1])) : raw;
  }
}

/** Is a lesson (activity) in the audience's view? */
export function visibleTo(audience: Audience, index: ProblemIndex, a: Activity): boolean {
  if (audience.kind === 'all') return true;
  if (audience.teacherId && a.teacherIds.includes(audience.teacherId)) return true;
  for (const id of index.reach(a)) if (audience.classIds.has(id)) return true;
  return false;
}

/** Placements for the checker (the stored lessons without the lock flag). */
const placementsOf = (lessons: StoredLesson[]): Placement[] => lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId ?? null }));

/**
 * The problem as the editor checks it: the generator's locks (`fixed`) are dropped, because in the
 * editor a lock is the lesson's own `locked` flag, which the principal clears before moving it.
 */
function editableProblem(problem: TimetableProblem): TimetableProblem {
  return { ...problem, activities: problem.activities.map((a) => ({ ...a, fixed: null })) };
}

const toViolation = (v: Violation): TimetableViolation => ({ constraint: v.constraint, hard: v.hard, message: v.message, activityIds: v.activityIds, penalty: v.penalty });

/**
 * The TimetableView of a version (GET /api/timetables/:id), narrowed to `audience`: lessons with their
 * classes, subject, teachers and room; unplaced lessons with reasons; names of everything referred to;
 * the soft rules broken (whole views only). Subject codes and class levels come from the school's
 * tables when the problem was built from them.
 */
export async function buildView(tx: Tx, t: LoadedTimetable, audience: Audience): Promise<TimetableView> {
  const index = new ProblemIndex(t.problem);
  const { row, problem } = t;
  const lessons: Lesson[] = [];
  for (const l of row.lessons) {
    const a = index.activity.get(l.activityId);
    if (!a || !visibleTo(audience, index, a)) continue;
    lessons.push({
      activityId: a.id,
      day: l.day,
      period: l.period,
      duration: a.duration,
      classIds: a.studentSetIds,
      subjectId: a.subjectId,
      teacherIds: a.teacherIds,
      roomId: l.roomId ?? null,
      locked: !!l.locked,
    });
  }
  const unplaced = row.unplaced
    .map((u) => ({ u, a: index.activity.get(u.activityId) }))
    .filter(({ a }) => (a ? visibleTo(audience, index, a) : audience.kind === 'all'))
    .map(({ u, a }) => ({
      activityId: u.activityId,
      reasons: u.reasons,
      duration: a?.duration ?? 1,
      classIds: a?.studentSetIds ?? [],
      subjectId: a?.subjectId ?? '',
      teacherIds: a?.teacherIds ?? [],
    }));
  const violations = audience.kind === 'all' ? checkTimetable(editableProblem(problem), placementsOf(row.lessons), { allowUnplaced: true }).soft.map(toViolation) : [];

  const uuids = (ids: string[]) => ids.filter((id) => z.uuid().safeParse(id).success);
  const subjectIds = uuids(problem.subjects.map((s) => s.id));
  const codes = subjectIds.length ? await repo.listSubjectCodes(tx, subjectIds) : [];
  const codeOf = new Map(codes.map((c) => [c.id, c.code]));
  const classIds = uuids(problem.studentSets.map((s) => s.id));
  const classLevels = classIds.length ? await repo.listClassLevels(tx, classIds) : [];
  const levelOf = new Map(classLevels.map((c) => [c.id, c.levelId]));

  return {
    id: row.id,
    name: row.name,
    version: row.version,
    status: row.status as TimetableView['status'],
    problemId: row.problemId,
    source: t.source,
    levelId: row.levelId,
    days: problem.days,
    periods: problem.periods,
    lessons,
    unplaced,
    softScore: row.softScore,
    violations,
    classes: problem.studentSets.map((s) => ({ id: s.id, name: s.name, levelId: t.meta?.classLevels[s.id] || levelOf.get(s.id) || null })),
    teachers: problem.teachers.map((x) => ({ id: x.id, name: x.name })),
    subjects: problem.subjects.map((x) => ({ id: x.id, name: x.name, code: codeOf.get(x.id) ?? null })),
    rooms: problem.rooms.map((r) => ({ id: r.id, name: r.name, type: r.type ?? null, capacity: r.capacity })),
    meta: t.meta,
    stats: row.stats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
  };
}

// -------------------------------------------------------------------------------------------------
// Reading routes

/** GET /api/timetables: every version of the school, newest first. */
export async function listTimetables(tx: Tx, schoolId: string): Promise<TimetableSummary[]> {
  const rows = await repo.listTimetableSummaries(tx, schoolId);
  return rows.map((r) => ({
    ...r,
    status: r.status as TimetableSummary['status'],
    source: r.source === 'fet' ? 'fet' : 'school',
    lessonCount: Number(r.lessonCount),
    unplacedCount: Number(r.unplacedCount),
    createdAt: r.createdAt.toISOString(),
    publishedAt: iso(r.publishedAt),
  }));
}

async function summaryOf(tx: Tx, schoolId: string, id: string): Promise<TimetableSummary> {
  const found = (await listTimetables(tx, schoolId)).find((s) => s.id === id);
  if (!found) throw notFound(m.notFound);
  return found;
}

/**
 * A version as the caller may see it: principal and director any version whole; other school roles
 * only the published one, narrowed (a draft or archived version is a 404 for them).
 */
export async function viewFor(tx: Tx, actor: Actor, schoolId: string, id: string): Promise<{ t: LoadedTimetable; view: TimetableView; audience: Audience }> {
  const t = await loadTimetable(tx, schoolId, id);
  if (seesAllVersions(actor)) {
    const audience: Audience = { kind: 'all' };
    return { t, view: await buildView(tx, t, audience), audience };
  }
  if (t.row.status !== 'published') throw notFound(m.notFound);
  const audience = await audienceOf(tx, actor, schoolId);
  return { t, view: await buildView(tx, t, audience), audience };
}

/** GET /api/timetables/current: the published version narrowed to the caller, and who the caller is. */
export async function currentFor(tx: Tx, actor: Actor, schoolId: string) {
  const children = await childrenOf(tx, actor);
  const me = { teacherId: actor.role === 'teacher' ? actor.id : null, children };
  const t = await loadPublished(tx, schoolId);
  if (!t) return { timetable: null, me };
  const audience = await audienceOf(tx, actor, schoolId, children);
  return { timetable: await buildView(tx, t, audience), me };
}

// -------------------------------------------------------------------------------------------------
// The editor

export interface ProposedLesson {
  activityId: string;
  day: number;
  period: number;
  roomId: string | null;
  locked?: boolean;
}

/**
 * Checks an arrangement's shape (400 with nothing written): every lesson once, known lessons and rooms,
 * every lesson placed in the version still on the grid (previously unplaced ones may be added).
 */
function validateArrangement(t: LoadedTimetable, index: ProblemIndex, lessons: ProposedLesson[]): void {
  const seen = new Set<string>();
  const rooms = new Set(t.problem.rooms.map((r) => r.id));
  for (const l of lessons) {
    const a = index.activity.get(l.activityId);
    if (!a) throw badRequest(m.unknownLesson(l.activityId));
    if (seen.has(l.activityId)) throw badRequest(m.duplicateLesson(index.label(a)));
    seen.add(l.activityId);
    if (l.roomId !== null && !rooms.has(l.roomId)) throw badRequest(m.unknownRoom(index.label(a)));
    if (l.day >= t.problem.days.length || l.period + a.duration > t.problem.periods.length) throw badRequest(m.outOfGrid(index.label(a)));
  }
  const missing = t.row.lessons.filter((l) => !seen.has(l.activityId));
  if (missing.length) {
    const a = index.activity.get(missing[0]!.activityId);
    throw badRequest(m.missingLessons(missing.length, a ? index.label(a) : missing[0]!.activityId));
  }
}

/**
 * A hard violation in words a principal acts on: for clashes, who is already where ("Mr Otieno is
 * already teaching Grade 7 East on Monday, period 3."), naming the lesson that stayed put; other hard
 * rules keep the checker's sentence.
 */
export function clashSentence(v: Violation, index: ProblemIndex, proposed: Map<string, ProposedLesson>, stored: Map<string, StoredLesson>): string {
  if (!['teacherClash', 'studentsClash', 'roomClash'].includes(v.constraint) || v.activityIds.length < 2) return v.message;
  const moved = v.activityIds.filter((id) => {
    const p = proposed.get(id);
    const s = stored.get(id);
    return !s || !p || s.day !== p.day || s.period !== p.period || (s.roomId ?? null) !== p.roomId;
  });
  const moverId = moved[0] ?? v.activityIds[0]!;
  const otherId = v.activityIds.find((id) => id !== moverId && !moved.includes(id)) ?? v.activityIds.find((id) => id !== moverId)!;
  const mover = index.activity.get(moverId);
  const other = index.activity.get(otherId);
  const mp = proposed.get(moverId);
  const op = proposed.get(otherId);
  if (!mover || !other || !mp || !op) return v.message;
  // The first period both lessons cover.
  let period = mp.period;
  for (let i = 0; i < mover.duration; i++) {
    const p = mp.period + i;
    if (p >= op.period && p < op.period + other.duration) {
      period = p;
      break;
    }
  }
  const day = index.dayName(mp.day);
  const when = index.periodName(period);
  if (v.constraint === 'teacherClash') {
    const teacher = mover.teacherIds.find((x) => other.teacherIds.includes(x)) ?? other.teacherIds[0] ?? '';
    return m.clashTeacher(index.teacherName.get(teacher) ?? teacher, index.classesLabel(other), day, when);
  }
  if (v.constraint === 'studentsClash') {
    const moverReach = index.reach(mover);
    const shared = other.studentSetIds.find((s) => moverReach.has(s)) ?? [...index.reach(other)].find((g) => moverReach.has(g));
    const stream = shared ? (index.setName.get(shared) ?? shared) : index.classesLabel(other);
    return m.clashClass(stream, index.subject(other), day, when);
  }
  const room = mp.roomId ? (index.roomName.get(mp.roomId) ?? mp.roomId) : '';
  return m.clashRoom(room, `${index.subject(other)} (${index.classesLabel(other)})`, day, when);
}

/** Runs the checker on an arrangement; hard violations carry clash sentences. */
function checkArrangement(t: LoadedTimetable, index: ProblemIndex, lessons: ProposedLesson[]) {
  const result = checkTimetable(editableProblem(t.problem), lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId })), { allowUnplaced: true });
  const proposed = new Map(lessons.map((l) => [l.activityId, l]));
  const stored = new Map(t.row.lessons.map((l) => [l.activityId, l]));
  const hard = result.hard.map((v) => ({ ...toViolation(v), message: clashSentence(v, index, proposed, stored) }));
  return { hard, soft: result.soft.map(toViolation), softScore: result.softScore };
}

/** POST /api/timetables/:id/check: hard and soft violations of a proposed arrangement; nothing saved. */
export async function checkLessons(tx: Tx, schoolId: string, id: string, lessons: ProposedLesson[]) {
  const t = await loadTimetable(tx, schoolId, id);
  const index = new ProblemIndex(t.problem);
  validateArrangement(t, index, lessons);
  return checkArrangement(t, index, lessons);
}

function clashError(hard: TimetableViolation[], prefix?: (s: string) => string) {
  const first = m.clashRefused(hard[0]!.message, hard.length - 1);
  return conflict('TIMETABLE_CLASH', prefix ? prefix(first) : first, { hard });
}

async function audit(tx: Tx, c: RequestCaller, schoolId: string, action: string, id: string, oldValue: unknown, newValue: unknown) {
  await recordAudit(tx, {
    schoolId,
    action,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: `timetables:${id}`,
    oldValue,
    newValue,
    ipAddress: c.ip,
  });
}

/**
 * PUT /api/timetables/:id/lessons: replaces a draft's placements. 409 for a published or archived
 * version; 409 TIMETABLE_CLASH (nothing saved) for any hard violation; recomputes the soft score and
 * the unplaced list (lessons now placed leave it).
 */
export async function saveLessons(tx: Tx, c: RequestCaller, schoolId: string, id: string, lessons: ProposedLesson[]): Promise<TimetableView> {
  const t = await loadTimetable(tx, schoolId, id, true);
  if (t.row.status !== 'draft') throw conflict('TIMETABLE_NOT_DRAFT', m.notDraft);
  const index = new ProblemIndex(t.problem);
  validateArrangement(t, index, lessons);
  const result = checkArrangement(t, index, lessons);
  if (result.hard.length) throw clashError(result.hard);
  const placed = new Set(lessons.map((l) => l.activityId));
  const stored = lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId, locked: !!l.locked }));
  const moved = lessons.filter((l) => {
    const s = t.row.lessons.find((x) => x.activityId === l.activityId);
    return !s || s.day !== l.day || s.period !== l.period || (s.roomId ?? null) !== l.roomId;
  }).length;
  const updated = await repo.updateTimetableLessons(tx, id, { lessons: stored, unplaced: t.row.unplaced.filter((u) => !placed.has(u.activityId)), softScore: result.softScore });
  await audit(tx, c, schoolId, m.audit.edited, id, { softScore: t.row.softScore, lessons: t.row.lessons.length }, { softScore: result.softScore, lessons: stored.length, moved });
  return buildView(tx, { ...t, row: updated }, { kind: 'all' });
}

/** POST /api/timetables/:id/versions { name }: a new draft copying the version's lessons (version = max + 1). */
export async function saveAsVersion(tx: Tx, c: RequestCaller, schoolId: string, id: string, name: string | undefined): Promise<TimetableSummary> {
  const t = await loadTimetable(tx, schoolId, id);
  const version = (await repo.lastVersion(tx, schoolId)) + 1;
  const newId = await repo.insertTimetable(tx, {
    schoolId,
    problemId: t.row.problemId,
    name: name ?? m.versionName(t.row.name),
    version,
    status: 'draft',
    levelId: t.row.levelId,
    basedOnId: t.row.id,
    seed: t.row.seed,
    softScore: t.row.softScore,
    lessons: t.row.lessons,
    unplaced: t.row.unplaced,
    stats: t.row.stats,
    createdBy: c.actor.id,
  });
  await audit(tx, c, schoolId, m.audit.versionSaved, newId, null, { basedOn: id, version, name: name ?? null });
  return summaryOf(tx, schoolId, newId);
}

/**
 * POST /api/timetables/:id/publish: the version everyone sees. Re-checked first (409 TIMETABLE_CLASH on
 * any hard violation; unplaced lessons are allowed); the previously published version is archived in
 * the same transaction (the partial unique index allows one published per school).
 */
export async function publish(tx: Tx, c: RequestCaller, schoolId: string, id: string): Promise<TimetableView> {
  const t = await loadTimetable(tx, schoolId, id, true);
  if (t.row.status === 'published') return buildView(tx, t, { kind: 'all' });
  const index = new ProblemIndex(t.problem);
  const result = checkArrangement(t, index, t.row.lessons.map((l) => ({ ...l, roomId: l.roomId ?? null })));
  if (result.hard.length) throw clashError(result.hard, m.publishClash);
  const previous = await repo.archivePublished(tx, schoolId, id);
  const now = new Date();
  const row = await repo.markPublished(tx, id, c.actor.id, result.softScore, now);
  await audit(tx, c, schoolId, m.audit.published, id, previous[0] ? { published: previous[0].id, version: previous[0].version } : null, {
    published: id,
    version: row.version,
    lessons: row.lessons.length,
    unplaced: row.unplaced.length,
  });
  return buildView(tx, { ...t, row }, { kind: 'all' });
}

/** PATCH /api/timetables/:id { name }: renames any version. */
export async function rename(tx: Tx, c: RequestCaller, schoolId: string, id: string, name: string): Promise<TimetableSummary> {
  const t = await loadTimetable(tx, schoolId, id, true);
  await repo.renameTimetable(tx, id, name);
  await audit(tx, c, schoolId, m.audit.renamed, id, { name: t.row.name }, { name });
  return summaryOf(tx, schoolId, id);
}

/** DELETE /api/timetables/:id: drafts only (409 for published or archived versions, which are history). */
export async function deleteDraft(tx: Tx, c: RequestCaller, schoolId: string, id: string): Promise<void> {
  const t = await loadTimetable(tx, schoolId, id, true);
  if (t.row.status !== 'draft') throw conflict('TIMETABLE_NOT_DRAFT', m.deleteNotDraft);
  await repo.deleteTimetable(tx, id);
  await audit(tx, c, schoolId, m.audit.deleted, id, { name: t.row.name, version: t.row.version }, null);
}

// -------------------------------------------------------------------------------------------------
// Days and times

/** Weekday index (0 = Monday ... 6 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The engine day of a weekday (meta's day map; for FET problems the day named like it, else by position), or -1. */
export function engineDayOf(problem: TimetableProblem, meta: ProblemMeta | null, weekday: number): number {
  if (meta) return meta.dayIndexes.indexOf(weekday);
  const byName = problem.days.findIndex((d) => d.trim().toLowerCase() === WEEKDAY_NAMES[weekday]?.toLowerCase());
  if (byName >= 0) return byName;
  const named = problem.days.some((d) => WEEKDAY_NAMES.some((w) => w.toLowerCase() === d.trim().toLowerCase()));
  return !named && weekday < problem.days.length ? weekday : -1;
}

/** The weekday of an engine day (meta's map; else by name; else by position). */
export function weekdayOfEngineDay(problem: TimetableProblem, meta: ProblemMeta | null, day: number): number {
  if (meta) return meta.dayIndexes[day] ?? day;
  const byName = WEEKDAY_NAMES.findIndex((w) => w.toLowerCase() === problem.days[day]?.trim().toLowerCase());
  return byName >= 0 ? byName : day;
}

/** The bell schedule (all lines, breaks included) of a level, else the school's default. */
export function bellScheduleOf(meta: ProblemMeta | null, levelId: string | null | undefined) {
  if (!meta) return null;
  return (levelId ? meta.bellSchedules[levelId] : undefined) ?? meta.bellSchedules.default ?? Object.values(meta.bellSchedules)[0] ?? null;
}

/** Start and end ('HH:MM') of a lesson of `duration` periods from `period`, per a bell schedule. */
export function lessonTimes(schedule: { kind: string; start: string; end: string }[] | null, period: number, duration: number): { start: string; end: string } | null {
  if (!schedule) return null;
  const lessonLines = schedule.filter((l) => l.kind === 'lesson');
  const first = lessonLines[period];
  const last = lessonLines[period + duration - 1];
  return first && last ? { start: first.start, end: last.end } : null;
}

// -------------------------------------------------------------------------------------------------
// Substitutions

export interface SubstituteCandidate {
  teacherId: string;
  name: string;
  teachesSubject: boolean;
  lessonsThatDay: number;
}

export interface SubstitutesResult {
  date: string;
  weekday: string;
  teacher: { id: string; name: string };
  lessons: {
    activityId: string;
    day: number;
    period: number;
    duration: number;
    periodLabel: string;
    start: string | null;
    end: string | null;
    classIds: string[];
    className: string;
    subjectId: string;
    subjectName: string;
    roomId: string | null;
    candidates: SubstituteCandidate[];
  }[];
}

/**
 * GET /api/timetables/:id/substitutes: for an absent teacher on a date, each of their lessons that
 * weekday with the teachers free for all its periods (not teaching, not unavailable), teachers of the
 * subject first, then the fewest lessons that day, then by name. Teachers of the school with no lesson
 * on the timetable are free all day. 400 for a date that is not a school day (not a day of the
 * timetable's week, or outside the school's terms or in a half-term break).
 */
export async function substitutes(tx: Tx, schoolId: string, id: string, teacherId: string, date: string): Promise<SubstitutesResult> {
  const t = await loadTimetable(tx, schoolId, id);
  const { problem, meta } = t;
  const index = new ProblemIndex(problem);
  const weekday = weekdayOf(date);
  const weekdayName = WEEKDAY_NAMES[weekday] ?? 'Sunday';
  const day = engineDayOf(problem, meta, weekday);
  if (day < 0) throw badRequest(m.notSchoolDay(formatDay(date), weekdayName), { date: m.notSchoolDay(formatDay(date), weekdayName) });
  const schoolTerms = await repo.listTerms(tx, schoolId);
  if (schoolTerms.length) {
    const inTerm = schoolTerms.some(
      (x) => x.startsOn <= date && date <= x.endsOn && !(x.halfTermStartsOn && x.halfTermEndsOn && x.halfTermStartsOn <= date && date <= x.halfTermEndsOn),
    );
    if (!inTerm) throw badRequest(m.outsideTerm(formatDay(date)), { date: m.outsideTerm(formatDay(date)) });
  }

  // Who is busy when that day, and who cannot teach when.
  const busy = new Map<string, Set<number>>();
  const lessonsThatDay = new Map<string, number>();
  const placements = t.row.lessons.filter((l) => l.day === day);
  for (const l of placements) {
    const a = index.activity.get(l.activityId);
    if (!a) continue;
    for (const tid of a.teacherIds) {
      let set = busy.get(tid);
      if (!set) busy.set(tid, (set = new Set()));
      for (let i = 0; i < a.duration; i++) set.add(l.period + i);
      lessonsThatDay.set(tid, (lessonsThatDay.get(tid) ?? 0) + 1);
    }
  }
  const unavailable = new Map<string, Set<number>>();
  for (const c of problem.constraints) {
    if (c.type !== 'teacherNotAvailable' || c.weight <= 0) continue;
    let set = unavailable.get(c.teacherId);
    if (!set) unavailable.set(c.teacherId, (set = new Set()));
    for (const s of c.slots) if (s.day === day) set.add(s.period);
  }

  // Candidates: the problem's teachers and, for a school problem, the school's other active teachers.
  const names = new Map(index.teacherName);
  const subjectsOf = new Map<string, Set<string>>();
  const addSubject = (tid: string, sid: string) => {
    let set = subjectsOf.get(tid);
    if (!set) subjectsOf.set(tid, (set = new Set()));
    set.add(sid);
  };
  for (const a of problem.activities) for (const tid of a.teacherIds) addSubject(tid, a.subjectId);
  if (t.source === 'school') {
    const staff = await repo.listActiveTeachers(tx, schoolId);
    for (const s of staff) if (!names.has(s.id)) names.set(s.id, s.name);
    const taught = await repo.listTaughtSubjects(tx, schoolId);
    for (const x of taught) addSubject(x.teacherId, x.subjectId);
  }
  if (!names.has(teacherId)) throw notFound(m.teacherNotOnTimetable);

  const schedule = (a: Activity) => bellScheduleOf(meta, meta?.classLevels[a.studentSetIds[0] ?? ''] ?? null);
  const lessons = placements
    .map((l) => ({ l, a: index.activity.get(l.activityId) }))
    .filter((x): x is { l: StoredLesson; a: Activity } => !!x.a && x.a.teacherIds.includes(teacherId))
    .sort((x, y) => x.l.period - y.l.period)
    .map(({ l, a }) => {
      const periods = Array.from({ length: a.duration }, (_, i) => l.period + i);
      const candidates: SubstituteCandidate[] = [];
      for (const [tid, name] of names) {
        if (tid === teacherId || a.teacherIds.includes(tid)) continue;
        if (periods.some((p) => busy.get(tid)?.has(p) || unavailable.get(tid)?.has(p))) continue;
        candidates.push({ teacherId: tid, name, teachesSubject: subjectsOf.get(tid)?.has(a.subjectId) ?? false, lessonsThatDay: lessonsThatDay.get(tid) ?? 0 });
      }
      candidates.sort((x, y) => Number(y.teachesSubject) - Number(x.teachesSubject) || x.lessonsThatDay - y.lessonsThatDay || x.name.localeCompare(y.name));
      const times = lessonTimes(schedule(a), l.period, a.duration);
      return {
        activityId: a.id,
        day,
        period: l.period,
        duration: a.duration,
        periodLabel: index.periodName(l.period),
        start: times?.start ?? null,
        end: times?.end ?? null,
        classIds: a.studentSetIds,
        className: index.classesLabel(a),
        subjectId: a.subjectId,
        subjectName: index.subject(a),
        roomId: l.roomId ?? null,
        candidates,
      };
    });
  return { date, weekday: weekdayName, teacher: { id: teacherId, name: names.get(teacherId)! }, lessons };
}

// -------------------------------------------------------------------------------------------------
// iCalendar feed tokens

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /api/timetables/feed-token: a new random token for the caller (the old one stops working); stored hashed. */
export async function rotateFeedToken(tx: Tx, c: RequestCaller, schoolId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const tokenHash = hashToken(token);
  await repo.upsertFeedToken(tx, schoolId, c.actor.id, tokenHash);
  await recordAudit(tx, { schoolId, action: m.audit.feedTokenRotated, performedByUserId: c.actor.id, performedByRole: c.actor.role, targetEntity: `timetable_feed_tokens:${c.actor.id}`, ipAddress: c.ip });
  return token;
}

/**
 * The account a feed token belongs to (looked up as the system: the feed has no session), or null for
 * an unknown token or an account that is no longer an active teacher-facing school account.
 */
export async function accountOfFeedToken(database: Database, token: string): Promise<{ actor: Actor; schoolId: string } | null> {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(token)) return null;
  return withSystem(database.db, async (tx) => {
    const hit = await repo.findFeedTokenOwner(tx, hashToken(token));
    if (!hit || hit.status !== 'active' || !hit.role || hit.profileSchool !== hit.schoolId) return null;
    return { actor: { id: hit.profileId, role: hit.role as Actor['role'], schoolId: hit.schoolId }, schoolId: hit.schoolId };
  });
}

/** The current term (the school's flagged one, else the one containing today, else the next), or null. */
export async function currentTerm(tx: Tx, schoolId: string) {
  const all = await repo.listTerms(tx, schoolId);
  const today = schoolToday();
  return all.find((x) => x.isCurrent) ?? all.find((x) => x.startsOn <= today && today <= x.endsOn) ?? all.find((x) => x.startsOn > today) ?? null;
}
