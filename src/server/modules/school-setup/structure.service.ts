import type { Actor } from '../../../shared/access.js';
import type { ClassItem } from '../../../shared/contracts/classes.js';
import type { Level, SetupCurriculum } from '../../../shared/contracts/school-setup.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { audit, assertTeacher, writeSchool } from './setup-context.js';
import { currentYearId, yearClosed } from './years.service.js';
import { changes, conflict, pgCode, readSchool } from '../../lib/school-context.js';
import { deleteAssignmentsOfClass } from './assignments.repository.js';
import { findSchool } from './profile.repository.js';
import * as repo from './structure.repository.js';
import { findYear } from './years.repository.js';

const m = messages.schoolSetup;

/** Audit actions of levels and streams. */
export const STRUCTURE_AUDIT = {
  levelCreated: 'LEVEL_CREATED',
  levelUpdated: 'LEVEL_UPDATED',
  levelDeleted: 'LEVEL_DELETED',
  streamCreated: 'STREAM_CREATED',
  streamUpdated: 'STREAM_UPDATED',
  streamDeleted: 'STREAM_DELETED',
} as const;

// ── Levels ──────────────────────────────────────────────────────────────────────────────────────

type LevelRow = repo.LevelRow;

async function levelsOf(tx: Tx, schoolId: string, onlyId?: string): Promise<Level[]> {
  const current = await currentYearId(tx, schoolId);
  const rows = await repo.listLevelsWithStreamCounts(tx, schoolId, current, onlyId);
  return rows.map(({ level, streamCount, streamCountAllYears }) => ({
    id: level.id,
    name: level.name,
    levelOrder: level.levelOrder,
    band: level.band,
    curriculum: level.curriculum as SetupCurriculum,
    isFinal: level.isFinal,
    streamCount,
    streamCountAllYears,
  }));
}

async function levelRow(tx: Tx, schoolId: string, id: string): Promise<LevelRow> {
  const row = await repo.findLevel(tx, schoolId, id);
  if (!row) throw notFound(m.levelNotFound);
  return row;
}

async function checkLevelName(tx: Tx, schoolId: string, name: string, exceptId?: string) {
  const dup = await repo.findLevelByName(tx, schoolId, name, exceptId);
  if (dup) throw conflict('LEVEL_EXISTS', m.levelNameTaken(name), 'name');
}

async function checkCurriculumOffered(tx: Tx, schoolId: string, curriculum: string) {
  const school = await findSchool(tx, schoolId);
  const offered = school!.curricula.length ? school!.curricula : [school!.curriculum];
  if (!offered.includes(curriculum)) throw badRequest(m.curriculumNotOfferedLevel, { curriculum: m.curriculumNotOfferedLevel });
}

/** GET /api/school-setup/levels: the school's levels, lowest first, with stream counts. */
export async function listLevels(database: Database, actor: Actor, schoolId?: string): Promise<Level[]> {
  return readSchool(database, actor, schoolId, (tx, id) => levelsOf(tx, id));
}

/**
 * POST /api/school-setup/levels (principal): name (unique in the school, 409 LEVEL_EXISTS), order,
 * band, curriculum (one the school offers, 400 otherwise), final flag.
 */
export async function createLevel(
  database: Database,
  actor: Actor,
  body: { name: string; levelOrder: number; band: string; curriculum: string; isFinal: boolean },
  ip: string,
): Promise<Level> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    await checkLevelName(tx, w.schoolId, body.name);
    await checkCurriculumOffered(tx, w.schoolId, body.curriculum);
    const row = await repo.insertLevel(tx, w.schoolId, body);
    await audit(tx, w, STRUCTURE_AUDIT.levelCreated, `level:${row.id}`, null, body);
    return (await levelsOf(tx, w.schoolId, row.id))[0]!;
  });
}

/**
 * PATCH /api/school-setup/levels/:id (principal): any of name, order, band, curriculum, final flag.
 * Streams of the level in open years follow a rename, reorder or band change (their display name is
 * rewritten when it was "<old level> <stream>"); closed years keep their history as it was.
 */
export async function updateLevel(
  database: Database,
  actor: Actor,
  id: string,
  body: Partial<{ name: string; levelOrder: number; band: string; curriculum: string; isFinal: boolean }>,
  ip: string,
): Promise<Level> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await levelRow(tx, w.schoolId, id);
    if (body.name !== undefined) await checkLevelName(tx, w.schoolId, body.name, id);
    if (body.curriculum !== undefined && body.curriculum !== row.curriculum) await checkCurriculumOffered(tx, w.schoolId, body.curriculum);
    const diff = changes(row as unknown as Record<string, unknown>, body);
    if (Object.keys(diff.new).length === 0) return (await levelsOf(tx, w.schoolId, id))[0]!;
    await repo.updateLevelRow(tx, id, body);
    await repo.updateOpenYearStreamsOfLevel(tx, w.schoolId, id, row.name, { name: body.name ?? row.name, levelOrder: body.levelOrder ?? row.levelOrder, band: body.band ?? row.band });
    await audit(tx, w, STRUCTURE_AUDIT.levelUpdated, `level:${id}`, diff.old, diff.new);
    return (await levelsOf(tx, w.schoolId, id))[0]!;
  });
}

/** DELETE /api/school-setup/levels/:id (principal): only a level with no streams in any year (409 LEVEL_IN_USE). */
export async function deleteLevel(database: Database, actor: Actor, id: string, ip: string): Promise<void> {
  await writeSchool(database, actor, ip, async (tx, w) => {
    const row = await levelRow(tx, w.schoolId, id);
    const streams = await repo.countStreamsOfLevel(tx, id);
    if (streams > 0) throw conflict('LEVEL_IN_USE', m.levelInUse(row.name, streams));
    await repo.deleteLevelRow(tx, id);
    await audit(tx, w, STRUCTURE_AUDIT.levelDeleted, `level:${id}`, { name: row.name, levelOrder: row.levelOrder, band: row.band, curriculum: row.curriculum, isFinal: row.isFinal }, null);
  });
}

// ── Streams (classes) ───────────────────────────────────────────────────────────────────────────

type ClassRow = repo.ClassRow;

/** One stream as GET /api/classes lists it. */
async function classItem(tx: Tx, id: string): Promise<ClassItem> {
  return (await repo.findClassItem(tx, id))!;
}

/** The stream of the school with its year's name and status, or 404. */
export async function streamOf(tx: Tx, schoolId: string, id: string): Promise<ClassRow & { yearName: string; yearStatus: string }> {
  const row = await repo.findStreamWithYear(tx, schoolId, id);
  if (!row) throw notFound(m.streamNotFound);
  return { ...row.c, yearName: row.yearName, yearStatus: row.yearStatus };
}

async function checkStreamFree(tx: Tx, yearId: string, level: string, stream: string, name: string, exceptId?: string) {
  const dup = await repo.findStreamInYear(tx, yearId, level, stream, exceptId);
  if (dup) throw conflict('STREAM_EXISTS', m.streamTaken(name), 'stream');
}

function snapshot(c: Pick<ClassRow, 'name' | 'stream' | 'capacity' | 'classTeacherId' | 'homeRoom'>) {
  return { name: c.name, stream: c.stream, capacity: c.capacity, classTeacherId: c.classTeacherId, homeRoom: c.homeRoom };
}

export interface CreateStreamInput {
  academicYearId?: string | null;
  levelId?: string | null;
  level?: string;
  stream: string;
  name?: string;
  capacity: number;
  classTeacherId?: string | null;
  homeRoom?: string | null;
}

/**
 * POST /api/classes (principal; issue 10 §1 Levels and streams): a stream "<level> <stream>" of a level
 * in an academic year (the current one by default; open years only, 409 YEAR_CLOSED). 400 for an
 * unknown level or year, or a class teacher who is not a teacher of the school; 409 STREAM_EXISTS for
 * a stream the level already has that year. 201 with the stream as GET /api/classes lists it.
 */
export async function createStream(database: Database, actor: Actor, body: CreateStreamInput, ip: string): Promise<ClassItem> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const yearId = body.academicYearId ?? (await currentYearId(tx, w.schoolId));
    if (!yearId) throw badRequest(m.noCurrentYear, { academicYearId: m.noCurrentYear });
    const year = await findYear(tx, w.schoolId, yearId);
    if (!year) throw badRequest(m.yearNotFound, { academicYearId: m.yearNotFound });
    if (year.status === 'closed') throw yearClosed(year.name);
    let level: LevelRow | undefined;
    if (body.levelId) level = await repo.findLevel(tx, w.schoolId, body.levelId);
    else if (body.level) level = await repo.findLevelByName(tx, w.schoolId, body.level);
    if (!level) throw badRequest(body.levelId || body.level ? m.levelNotFound : m.levelRequired, { levelId: body.levelId || body.level ? m.levelNotFound : m.levelRequired });
    if (body.classTeacherId) await assertTeacher(tx, w.schoolId, body.classTeacherId, 'classTeacherId');
    const name = body.name || `${level.name} ${body.stream}`;
    await checkStreamFree(tx, yearId, level.name, body.stream, name);
    const row = await repo.insertClass(tx, {
      schoolId: w.schoolId,
      academicYearId: yearId,
      name,
      gradeLevel: level.name,
      levelOrder: level.levelOrder,
      stream: body.stream,
      band: level.band,
      levelId: level.id,
      classTeacherId: body.classTeacherId ?? null,
      capacity: body.capacity,
      homeRoom: body.homeRoom ?? null,
    });
    await audit(tx, w, STRUCTURE_AUDIT.streamCreated, `class:${row.id}`, null, { ...snapshot(row), level: level.name, academicYear: year.name });
    return classItem(tx, row.id);
  });
}

/**
 * PATCH /api/classes/:id (principal): stream (the display name follows when it was "<level> <stream>"),
 * name, capacity (not below the stream's active learners), class teacher, home room. 404 for another
 * school's stream; 409 YEAR_CLOSED in a closed year.
 */
export async function updateStream(
  database: Database,
  actor: Actor,
  id: string,
  body: { stream?: string; name?: string; capacity?: number; classTeacherId?: string | null; homeRoom?: string | null },
  ip: string,
): Promise<ClassItem> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await streamOf(tx, w.schoolId, id);
    if (row.yearStatus === 'closed') throw yearClosed(row.yearName);
    const next: Partial<ClassRow> = {};
    if (body.stream !== undefined && body.stream !== row.stream) {
      next.stream = body.stream;
      if (row.name === `${row.gradeLevel} ${row.stream}` && body.name === undefined) next.name = `${row.gradeLevel} ${body.stream}`;
      await checkStreamFree(tx, row.academicYearId, row.gradeLevel, body.stream, `${row.gradeLevel} ${body.stream}`, id);
    }
    if (body.name !== undefined) next.name = body.name;
    if (body.capacity !== undefined) {
      const learners = await repo.countLearnersInClass(tx, id, true);
      if (body.capacity < learners) throw badRequest(m.capacityBelowLearners(learners), { capacity: m.capacityBelowLearners(learners) });
      next.capacity = body.capacity;
    }
    if (body.classTeacherId !== undefined) {
      if (body.classTeacherId) await assertTeacher(tx, w.schoolId, body.classTeacherId, 'classTeacherId');
      next.classTeacherId = body.classTeacherId;
    }
    if (body.homeRoom !== undefined) next.homeRoom = body.homeRoom;
    const diff = changes(snapshot(row), next);
    if (Object.keys(diff.new).length) {
      await repo.updateClassRow(tx, id, next);
      await audit(tx, w, STRUCTURE_AUDIT.streamUpdated, `class:${id}`, diff.old, diff.new, { name: row.name });
    }
    return classItem(tx, id);
  });
}

/**
 * DELETE /api/classes/:id (principal): only a stream with no learners (any status) and no class
 * history (409 STREAM_IN_USE with the counts); its teachers' assignments go with it. A stream other
 * records still refer to (exits, later modules) is 409 STREAM_IN_USE too. 404 for another school's.
 */
export async function deleteStream(database: Database, actor: Actor, id: string, ip: string): Promise<void> {
  let name = '';
  try {
    await writeSchool(database, actor, ip, async (tx, w) => {
      const row = await streamOf(tx, w.schoolId, id);
      name = row.name;
      if (row.yearStatus === 'closed') throw yearClosed(row.yearName);
      const learners = await repo.countLearnersInClass(tx, id, false);
      const history = await repo.countEnrolmentsOfClass(tx, id);
      if (learners || history) throw conflict('STREAM_IN_USE', m.streamInUse(row.name, learners, history));
      const removed = await deleteAssignmentsOfClass(tx, id);
      await repo.deleteClassRow(tx, id);
      await audit(tx, w, STRUCTURE_AUDIT.streamDeleted, `class:${id}`, { ...snapshot(row), level: row.gradeLevel, academicYear: row.yearName, assignments: removed }, null);
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgCode(err) === '23503') throw conflict('STREAM_IN_USE', m.streamReferenced(name));
    if (err instanceof AppError && err.code === 'IN_USE') throw conflict('STREAM_IN_USE', m.streamReferenced(name));
    throw err;
  }
}
