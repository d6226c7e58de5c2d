import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { ExitInput, ExitItem, ExitResponse, ExitType, ListExitsQuery, ListExitsResponse } from '../../../shared/contracts/movements.js';
import { formatDay, schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditSchool } from '../../lib/school-context.js';
import { paginate } from '../../lib/paging.js';
import * as repo from './exits.repository.js';
import { checkPlacement } from '../learners/index.js';
import { MOVEMENT_AUDIT, findLearner, inSchool, notActive, toMovementLearner } from './movements-shared.js';
import { endCurrentEnrolment, insertEnrolments, lockLearner, markLearnerLeft } from './movements.repository.js';

/**
 * Exits (issue 10 §2 Exit): withdrawal, completion, expulsion, death or other, with reason and date.
 * Exited learners leave the active lists (GET /api/students lists status=active by default), stay
 * readable (status filter, the exits list), and can be readmitted into a class of an open year.
 */

const m = messages.movements;

/** The learner's status after an exit: completion makes a graduate; every other exit "exited". */
export function statusAfterExit(type: ExitType): 'graduated' | 'exited' {
  return type === 'completion' ? 'graduated' : 'exited';
}

type ExitRow = repo.ExitRow;

/** Whether the learner is out of school through this exit and may come back. */
function readmittable(r: ExitRow): boolean {
  return !r.e.readmittedOn && r.e.exitType !== 'death' && r.latest && (r.learner.status === 'exited' || r.learner.status === 'graduated');
}

function toExitItem(r: ExitRow): ExitItem {
  const e = r.e;
  return {
    id: e.id,
    learner: toMovementLearner(r.learner),
    exitType: e.exitType as ExitType,
    reason: e.reason,
    exitDate: e.exitDate,
    createdAt: e.createdAt.toISOString(),
    createdBy: r.createdByName,
    readmittedOn: e.readmittedOn,
    readmittedClassName: r.readmittedClassName,
    canReadmit: readmittable(r),
  };
}

/** GET /api/movements/exits?type=&state=&from=&to=&search=&page=&pageSize=: exits, newest exit date first. */
export async function listExits(database: Database, actor: Actor, q: ListExitsQuery): Promise<ListExitsResponse> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const page = await paginate(
      q,
      (w) => repo.listExitRows(tx, schoolId, q, w),
      () => repo.countExits(tx, schoolId, q),
    );
    return { ...page, items: page.items.map(toExitItem) };
  });
}

/** Every exit matching the filters (export). */
export async function allExits(database: Database, actor: Actor, q: Omit<ListExitsQuery, 'page' | 'pageSize'>): Promise<ExitItem[]> {
  return inSchool(database, actor, async (tx, schoolId) =>
    (await repo.allExitRows(tx, schoolId, q)).map(toExitItem),
  );
}

async function exitById(tx: Tx, schoolId: string, id: string): Promise<ExitItem> {
  const row = await repo.findExitRow(tx, schoolId, id);
  return toExitItem(row!);
}

/**
 * POST /api/movements/exits: the learner leaves. In one transaction: a student_exits row; status exited
 * (graduated for a completion), left_on and leaving reason; the class-history row of their class's year
 * ended (outcome exited, graduated for a completion); a STUDENT_EXITED audit entry with old and new
 * values. 404 unknown learner; 409 NOT_ACTIVE; 400 for a date in the future or before admission.
 */
export async function exitLearner(database: Database, actor: Actor, body: ExitInput, req: { ip: string }): Promise<ExitResponse> {
  return inSchool(database, actor, async (tx, schoolId) => {
    await lockLearner(tx, schoolId, body.studentId);
    const row = await findLearner(tx, schoolId, body.studentId);
    const s = row.student;
    if (s.status !== 'active') throw notActive(learnerName(s), s.status);
    if (body.exitDate > schoolToday()) throw badRequest(m.dateInFuture, { exitDate: m.dateInFuture });
    if (s.admittedOn && body.exitDate < s.admittedOn) throw badRequest(m.beforeAdmission(formatDay(s.admittedOn)), { exitDate: m.beforeAdmission(formatDay(s.admittedOn)) });
    const status = statusAfterExit(body.exitType);
    const exitId = await repo.insertExit(tx, { schoolId, studentId: s.id, exitType: body.exitType, reason: body.reason, exitDate: body.exitDate, createdBy: actor.id });
    await markLearnerLeft(tx, schoolId, s.id, { status, leftOn: body.exitDate, leavingReason: body.reason });
    await endCurrentEnrolment(tx, schoolId, s.id, row.academicYearId, status === 'graduated' ? 'graduated' : 'exited', body.exitDate);
    const oldValue = { status: s.status, leftOn: s.leftOn, leavingReason: s.leavingReason };
    const newValue = { status, leftOn: body.exitDate, leavingReason: body.reason, exitType: body.exitType, exitId };
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.exited, `student:${s.id}`, oldValue, newValue);
    return { exit: await exitById(tx, schoolId, exitId), message: m.exited(learnerName(s)) };
  });
}

/**
 * POST /api/movements/exits/:id/readmit {classId, readmittedOn, overrideCapacity}: the learner comes back
 * into a class of an open year (capacity as for admissions): status active, class set, left_on and leaving
 * reason cleared; class history for that year reopened in the class (or a new row); the exit marked
 * readmitted (on, by, class); a STUDENT_READMITTED audit entry. 404 for another school's exit; 409 when
 * already readmitted, for a death, or when the learner is no longer out through this exit; 400 for a date
 * in the future or before the exit.
 */
export async function readmitLearner(
  database: Database,
  actor: Actor,
  exitId: string,
  body: { classId: string; readmittedOn?: string; overrideCapacity?: boolean },
  req: { ip: string },
): Promise<ExitResponse> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const studentId = await repo.findExitStudentId(tx, schoolId, exitId);
    if (!studentId) throw notFound(m.exitNotFound);
    await lockLearner(tx, schoolId, studentId);
    const row = await repo.findExitRow(tx, schoolId, exitId);
    const e = row!.e;
    const name = learnerName(row!.learner);
    if (e.readmittedOn) throw new AppError(409, 'ALREADY_READMITTED', m.alreadyReadmitted);
    if (e.exitType === 'death') throw new AppError(409, 'CANNOT_READMIT', m.cannotReadmitDeath);
    if (!readmittable(row!)) throw new AppError(409, 'NOT_EXITED', m.notExitedNow(name));
    const on = body.readmittedOn ?? schoolToday();
    if (on > schoolToday()) throw badRequest(m.dateInFuture, { readmittedOn: m.dateInFuture });
    if (on < e.exitDate) throw badRequest(m.readmittedBeforeExit(formatDay(e.exitDate)), { readmittedOn: m.readmittedBeforeExit(formatDay(e.exitDate)) });
    const cls = await checkPlacement(tx, schoolId, body.classId, body.overrideCapacity);
    const before = (await findLearner(tx, schoolId, e.studentId)).student;
    await repo.markLearnerReadmitted(tx, schoolId, e.studentId, cls.id);
    // Class history: that year's row reopens in the new class, or a new row starts.
    const existingId = await repo.findEnrolmentId(tx, schoolId, e.studentId, cls.academicYearId);
    if (existingId) {
      await repo.reopenEnrolment(tx, schoolId, existingId, cls.id);
    } else {
      await insertEnrolments(tx, [{ schoolId, studentId: e.studentId, academicYearId: cls.academicYearId, classId: cls.id, startedOn: on > cls.yearStartsOn ? on : cls.yearStartsOn }]);
    }
    await repo.markExitReadmitted(tx, schoolId, e.id, { readmittedOn: on, readmittedBy: actor.id, readmittedClassId: cls.id });
    const oldValue = { status: before.status, classId: before.classId, leftOn: before.leftOn, leavingReason: before.leavingReason };
    const newValue = { status: 'active', classId: cls.id, className: cls.name, readmittedOn: on, exitId: e.id };
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.readmitted, `student:${e.studentId}`, oldValue, newValue);
    return { exit: await exitById(tx, schoolId, e.id), message: m.readmitted(name, cls.name) };
  });
}
