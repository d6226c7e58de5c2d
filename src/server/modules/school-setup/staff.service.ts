import type { Actor } from '../../../shared/access.js';
import type { Assignment, Department, ListAssignmentsResponse, TeacherLoad, TeacherOption } from '../../../shared/contracts/school-setup.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { maxTeacherLoad } from './profile.service.js';
import { assertTeacher, audit, writeSchool } from './setup-context.js';
import { currentYearId, yearClosed } from './years.service.js';
import { changes, conflict, readSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './assignments.repository.js';
import * as departmentsRepo from './departments.repository.js';
import { detachSubjectsFromDepartment, findSubject } from './subjects.repository.js';
import { yearExists } from './years.repository.js';

const m = messages.schoolSetup;

/** Audit actions of teachers' assignments and departments. */
export const STAFF_AUDIT = {
  assigned: 'TEACHER_ASSIGNED',
  assignmentUpdated: 'ASSIGNMENT_UPDATED',
  assignmentRemoved: 'ASSIGNMENT_REMOVED',
  assignmentsCopied: 'ASSIGNMENTS_COPIED',
  departmentCreated: 'DEPARTMENT_CREATED',
  departmentUpdated: 'DEPARTMENT_UPDATED',
  departmentDeleted: 'DEPARTMENT_DELETED',
} as const;

// ── Teachers and their load ─────────────────────────────────────────────────────────────────────

/** Active teachers of the school with their lessons per week in `yearId`, heaviest first. */
async function loadsOf(tx: Tx, schoolId: string, yearId: string | null, max: number): Promise<TeacherLoad[]> {
  const rows = await repo.listTeacherLoads(tx, schoolId, yearId);
  return rows.map((r) => ({ ...r, overMax: r.lessons > max })).sort((a, b) => b.lessons - a.lessons || a.name.localeCompare(b.name));
}

/** GET /api/school-setup/teachers: the school's active teachers (pickers) with their current-year load. */
export async function listTeachers(database: Database, actor: Actor, schoolId?: string): Promise<TeacherOption[]> {
  return readSchool(database, actor, schoolId, async (tx, id) => {
    const yearId = await currentYearId(tx, id);
    const loads = new Map((await loadsOf(tx, id, yearId, Number.MAX_SAFE_INTEGER)).map((l) => [l.teacherId, l.lessons]));
    const rows = await repo.listActiveTeachers(tx, id);
    return rows.map((r) => ({ ...r, lessons: loads.get(r.id) ?? 0 }));
  });
}

// ── Assignments ─────────────────────────────────────────────────────────────────────────────────

async function oneAssignment(tx: Tx, id: string): Promise<Assignment> {
  return (await repo.findAssignment(tx, null, id))!;
}

/**
 * GET /api/school-setup/assignments?yearId=&classId=&teacherId=: the year's assignments (the current
 * year by default), by stream then learning area, and every teacher's load in that year with the
 * school's maximum.
 */
export async function listAssignments(
  database: Database,
  actor: Actor,
  q: { yearId?: string; classId?: string; teacherId?: string; schoolId?: string },
): Promise<ListAssignmentsResponse> {
  return readSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    let yearId = q.yearId ?? null;
    if (yearId) {
      if (!(await yearExists(tx, schoolId, yearId))) throw notFound(m.yearNotFound);
    } else yearId = await currentYearId(tx, schoolId);
    const max = await maxTeacherLoad(tx, schoolId);
    if (!yearId) return { academicYearId: null, items: [], loads: await loadsOf(tx, schoolId, null, max), maxLoad: max };
    const items = await repo.listYearAssignments(tx, schoolId, yearId, { classId: q.classId, teacherId: q.teacherId });
    return { academicYearId: yearId, items, loads: await loadsOf(tx, schoolId, yearId, max), maxLoad: max };
  });
}

/** The teacher's load in the stream's year after a change, and the over-maximum warning if any. */
async function loadAfter(tx: Tx, schoolId: string, teacherId: string, classId: string): Promise<{ load: TeacherLoad; warning: string | null }> {
  const yearId = await repo.findClassYearId(tx, classId);
  const max = await maxTeacherLoad(tx, schoolId);
  const all = await loadsOf(tx, schoolId, yearId!, max);
  const name = await repo.findProfileName(tx, teacherId);
  const load = all.find((l) => l.teacherId === teacherId) ?? { teacherId, name: name ?? '', lessons: 0, streams: 0, overMax: false };
  return { load, warning: load.overMax ? m.overLoad(load.name, load.lessons, max) : null };
}

/** The stream of the school (400 naming `field` otherwise), open for changes (409 YEAR_CLOSED). */
async function openStream(tx: Tx, schoolId: string, id: string, field: string) {
  const row = await repo.findStreamSummary(tx, schoolId, id);
  if (!row) throw badRequest(m.streamNotFound, { [field]: m.streamNotFound });
  if (row.yearStatus === 'closed') throw yearClosed(row.yearName);
  return row;
}

/**
 * POST /api/school-setup/assignments (principal): teacher x stream x learning area with lessons per
 * week (default: the learning area's). The teacher must be a teacher of the school, the learning area
 * not retired and offered in the stream's band (400 naming the field); one teacher per stream and
 * learning area (409 ASSIGNMENT_TAKEN naming who teaches it). Returns the assignment, the teacher's load
 * in that year and a warning when it goes over the school's maximum.
 */
export async function createAssignment(
  database: Database,
  actor: Actor,
  body: { teacherId: string; classId: string; subjectId: string; lessonsPerWeek?: number },
  ip: string,
) {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const teacherName = await assertTeacher(tx, w.schoolId, body.teacherId, 'teacherId');
    const stream = await openStream(tx, w.schoolId, body.classId, 'classId');
    const subject = await findSubject(tx, w.schoolId, body.subjectId);
    if (!subject) throw badRequest(m.subjectNotFound, { subjectId: m.subjectNotFound });
    if (subject.retiredAt) throw badRequest(m.subjectRetiredError, { subjectId: m.subjectRetiredError });
    if (subject.band !== stream.band) throw badRequest(m.subjectWrongBand(subject.name, stream.name), { subjectId: m.subjectWrongBand(subject.name, stream.name) });
    const taken = await repo.findAssignmentOfClassSubject(tx, body.classId, body.subjectId);
    if (taken) throw conflict('ASSIGNMENT_TAKEN', m.assignmentTaken(subject.name, stream.name, taken.teacherName), 'subjectId');
    const lessonsPerWeek = body.lessonsPerWeek ?? subject.lessonsPerWeek;
    const assignmentId = await repo.insertAssignment(tx, { schoolId: w.schoolId, teacherId: body.teacherId, classId: body.classId, subjectId: body.subjectId, lessonsPerWeek });
    await audit(tx, w, STAFF_AUDIT.assigned, `teacher_assignment:${assignmentId}`, null, { teacher: teacherName, teacherId: body.teacherId, stream: stream.name, subject: subject.name, lessonsPerWeek });
    return { assignment: await oneAssignment(tx, assignmentId), ...(await loadAfter(tx, w.schoolId, body.teacherId, body.classId)) };
  });
}

async function assignmentRow(tx: Tx, schoolId: string, id: string) {
  const row = await repo.findAssignment(tx, schoolId, id);
  if (!row) throw notFound(m.assignmentNotFound);
  return row;
}

/** PATCH /api/school-setup/assignments/:id (principal): another teacher, or other lessons per week. */
export async function updateAssignment(database: Database, actor: Actor, id: string, body: { teacherId?: string; lessonsPerWeek?: number }, ip: string) {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await assignmentRow(tx, w.schoolId, id);
    await openStream(tx, w.schoolId, row.classId, 'classId');
    if (body.teacherId !== undefined) await assertTeacher(tx, w.schoolId, body.teacherId, 'teacherId');
    const diff = changes({ teacherId: row.teacherId, lessonsPerWeek: row.lessonsPerWeek }, body);
    if (Object.keys(diff.new).length) {
      await repo.updateAssignmentRow(tx, id, diff.new);
      await audit(tx, w, STAFF_AUDIT.assignmentUpdated, `teacher_assignment:${id}`, diff.old, diff.new, { stream: row.className, subject: row.subjectName });
    }
    return { assignment: await oneAssignment(tx, id), ...(await loadAfter(tx, w.schoolId, body.teacherId ?? row.teacherId, row.classId)) };
  });
}

/** DELETE /api/school-setup/assignments/:id (principal). */
export async function deleteAssignment(database: Database, actor: Actor, id: string, ip: string): Promise<void> {
  await writeSchool(database, actor, ip, async (tx, w) => {
    const row = await assignmentRow(tx, w.schoolId, id);
    await openStream(tx, w.schoolId, row.classId, 'classId');
    await repo.deleteAssignmentRow(tx, id);
    await audit(tx, w, STAFF_AUDIT.assignmentRemoved, `teacher_assignment:${id}`, { teacher: row.teacherName, teacherId: row.teacherId, stream: row.className, subject: row.subjectName, lessonsPerWeek: row.lessonsPerWeek }, null);
  });
}

/**
 * POST /api/school-setup/assignments/copy (principal): gives the target stream the source stream's
 * teachers for the same learning areas (same band: 400 otherwise; retired learning areas left out).
 * Learning areas the target already has are kept, or with `replace` given the source's teacher and
 * lessons. Idempotent.
 */
export async function copyAssignments(database: Database, actor: Actor, body: { fromClassId: string; toClassId: string; replace: boolean }, ip: string) {
  return writeSchool(database, actor, ip, async (tx, w) => {
    if (body.fromClassId === body.toClassId) throw badRequest(m.copySameStream, { toClassId: m.copySameStream });
    const from = await repo.findStreamBand(tx, w.schoolId, body.fromClassId);
    if (!from) throw badRequest(m.streamNotFound, { fromClassId: m.streamNotFound });
    const to = await openStream(tx, w.schoolId, body.toClassId, 'toClassId');
    if (from.band !== to.band) throw badRequest(m.copyOtherBand, { toClassId: m.copyOtherBand });
    const source = await repo.listAssignmentsOfClass(tx, from.id, true);
    const target = await repo.listAssignmentsOfClass(tx, to.id, false);
    const bySubject = new Map(target.map((t) => [t.subjectId, t]));
    let created = 0;
    let replaced = 0;
    let skipped = 0;
    for (const a of source) {
      const there = bySubject.get(a.subjectId);
      if (!there) {
        await repo.insertAssignments(tx, [{ schoolId: w.schoolId, classId: to.id, subjectId: a.subjectId, teacherId: a.teacherId, lessonsPerWeek: a.lessonsPerWeek }]);
        created++;
      } else if (body.replace && (there.teacherId !== a.teacherId || there.lessonsPerWeek !== a.lessonsPerWeek)) {
        await repo.updateAssignmentRow(tx, there.id, { teacherId: a.teacherId, lessonsPerWeek: a.lessonsPerWeek });
        replaced++;
      } else skipped++;
    }
    if (created || replaced) {
      await audit(tx, w, STAFF_AUDIT.assignmentsCopied, `class:${to.id}`, { assignments: target.map((t) => ({ subject: t.subjectName, teacher: t.teacherName, lessonsPerWeek: t.lessonsPerWeek })) }, { from: from.name, to: to.name, created, replaced });
    }
    return { created, replaced, skipped };
  });
}

// ── Departments ─────────────────────────────────────────────────────────────────────────────────

async function departmentsOf(tx: Tx, schoolId: string, onlyId?: string): Promise<Department[]> {
  const rows = await departmentsRepo.listDepartmentsWithHead(tx, schoolId, onlyId);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const members = await departmentsRepo.listDepartmentMembers(tx, ids);
  const subs = await departmentsRepo.listDepartmentSubjects(tx, ids);
  return rows.map((r) => ({
    ...r,
    headName: r.headName ?? null,
    members: members.filter((x) => x.departmentId === r.id).map(({ id, name }) => ({ id, name })),
    subjects: subs.filter((x) => x.departmentId === r.id).map(({ id, name, band }) => ({ id, name, band })),
  }));
}

/** GET /api/school-setup/departments: departments with head, members and learning areas. */
export async function listDepartments(database: Database, actor: Actor, schoolId?: string): Promise<Department[]> {
  return readSchool(database, actor, schoolId, (tx, id) => departmentsOf(tx, id));
}

async function checkDepartmentName(tx: Tx, schoolId: string, name: string, exceptId?: string) {
  const dup = await departmentsRepo.findDepartmentByName(tx, schoolId, name, exceptId);
  if (dup) throw conflict('DEPARTMENT_EXISTS', m.departmentNameTaken(name), 'name');
}

/** Sets a department's members to `ids` (teachers of the school, 400 naming memberIds otherwise), head included. */
async function setMembers(tx: Tx, w: SchoolCaller, departmentId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  for (const [i, id] of unique.entries()) await assertTeacher(tx, w.schoolId, id, `memberIds.${i}`);
  await departmentsRepo.deleteDepartmentMembers(tx, departmentId);
  if (unique.length) await departmentsRepo.insertDepartmentMembers(tx, w.schoolId, departmentId, unique);
}

function deptSnapshot(d: Department) {
  return { name: d.name, headId: d.headId, headName: d.headName, members: d.members.map((x) => x.name) };
}

/**
 * POST /api/school-setup/departments (principal): name (unique, 409 DEPARTMENT_EXISTS), head of
 * department and members (teachers of the school; the head is always a member).
 */
export async function createDepartment(database: Database, actor: Actor, body: { name: string; headId?: string | null; memberIds?: string[] }, ip: string): Promise<Department> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    await checkDepartmentName(tx, w.schoolId, body.name);
    if (body.headId) await assertTeacher(tx, w.schoolId, body.headId, 'headId');
    const departmentId = await departmentsRepo.insertDepartment(tx, w.schoolId, body.name, body.headId ?? null);
    await setMembers(tx, w, departmentId, [...(body.headId ? [body.headId] : []), ...(body.memberIds ?? [])]);
    const [saved] = await departmentsOf(tx, w.schoolId, departmentId);
    await audit(tx, w, STAFF_AUDIT.departmentCreated, `department:${departmentId}`, null, deptSnapshot(saved!));
    return saved!;
  });
}

/** PATCH /api/school-setup/departments/:id (principal): name, head, members (the whole list when given). */
export async function updateDepartment(database: Database, actor: Actor, id: string, body: { name?: string; headId?: string | null; memberIds?: string[] }, ip: string): Promise<Department> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const [before] = await departmentsOf(tx, w.schoolId, id);
    if (!before) throw notFound(m.departmentNotFound);
    if (body.name !== undefined) await checkDepartmentName(tx, w.schoolId, body.name, id);
    if (body.headId) await assertTeacher(tx, w.schoolId, body.headId, 'headId');
    const set: { name?: string; headId?: string | null } = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.headId !== undefined) set.headId = body.headId;
    if (Object.keys(set).length) await departmentsRepo.updateDepartmentRow(tx, id, set);
    const headId = body.headId !== undefined ? body.headId : before.headId;
    if (body.memberIds !== undefined) await setMembers(tx, w, id, [...(headId ? [headId] : []), ...body.memberIds]);
    else if (headId && !before.members.some((x) => x.id === headId)) await departmentsRepo.insertDepartmentMembers(tx, w.schoolId, id, [headId]);
    const [after] = await departmentsOf(tx, w.schoolId, id);
    const diff = changes(deptSnapshot(before), deptSnapshot(after!));
    if (Object.keys(diff.new).length) await audit(tx, w, STAFF_AUDIT.departmentUpdated, `department:${id}`, diff.old, diff.new);
    return after!;
  });
}

/** DELETE /api/school-setup/departments/:id (principal): its learning areas stay, without a department. */
export async function deleteDepartment(database: Database, actor: Actor, id: string, ip: string): Promise<void> {
  await writeSchool(database, actor, ip, async (tx, w) => {
    const [before] = await departmentsOf(tx, w.schoolId, id);
    if (!before) throw notFound(m.departmentNotFound);
    await detachSubjectsFromDepartment(tx, id);
    await departmentsRepo.deleteDepartmentRow(tx, id);
    await audit(tx, w, STAFF_AUDIT.departmentDeleted, `department:${id}`, { ...deptSnapshot(before), subjects: before.subjects.map((s) => s.name) }, null);
  });
}
