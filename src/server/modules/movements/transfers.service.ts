import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type {
  DirectorySchool,
  LearnerSnapshot,
  ListTransfersQuery,
  ListTransfersResponse,
  TransferCheck,
  TransferDecisionResponse,
  TransferInInput,
  TransferInResponse,
  TransferItem,
  TransferOutInput,
  TransferOutResponse,
  TransferRequest,
  TransferRequestStatus,
} from '../../../shared/contracts/movements.js';
import { formatDay, schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { auditSchool } from '../../lib/school-context.js';
import { paginate } from '../../lib/paging.js';
import { allocateAdmissionNumbers, checkPlacement, createStudent, insertStudent } from '../learners/index.js';
import {
  MOVEMENT_AUDIT,
  directorySchools,
  feesOwed,
  findLearner,
  inSchool,
  notActive,
  schoolNames,
  schoolScope,
  toMovementLearner,
} from './movements-shared.js';
import { endCurrentEnrolment, insertEnrolments, lockLearner, markLearnerLeft } from './movements.repository.js';
import * as repo from './transfers.repository.js';
import { type AuthDeps } from '../../lib/module-deps.js';

/**
 * Transfers (issue 10 §2 Transfers): out (destination, reason, date, leaving-certificate number, fee
 * warning), in (previous school and UPI, through the admission of the learners module), and between
 * two EduFam schools: the sender files a transfer request carrying only the learner's details; the
 * receiving principal accepts (the learner is admitted there) or declines.
 *
 * Cross-school rule: the receiving school never reads the sending school's rows. It sees the
 * transfer_requests row (row-level security lets both ends see it) and the names of EduFam schools
 * (read in the platform scope, id and name only).
 */

const m = messages.movements;

/** GET /api/movements/schools-directory: active EduFam schools other than the caller's (id, name, county). */
export async function schoolsDirectory(database: Database, actor: Actor): Promise<DirectorySchool[]> {
  const { schoolId } = schoolScope(actor);
  return directorySchools(database, schoolId);
}

function checkDate(day: string, field: string, admittedOn: string | null): void {
  if (day > schoolToday()) throw badRequest(m.dateInFuture, { [field]: m.dateInFuture });
  if (admittedOn && day < admittedOn) throw badRequest(m.beforeAdmission(formatDay(admittedOn)), { [field]: m.beforeAdmission(formatDay(admittedOn)) });
}

/** GET /api/movements/transfers/check?studentId=: the learner and the fee warning shown before a transfer out. */
export async function transferCheck(database: Database, actor: Actor, studentId: string): Promise<TransferCheck> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const row = await findLearner(tx, schoolId, studentId);
    return { learner: toMovementLearner({ ...row.student, className: row.className }), fees: await feesOwed(tx, schoolId, studentId) };
  });
}

type TransferRow = repo.TransferRow;

function toTransferItem(r: TransferRow): TransferItem {
  const t = r.t;
  return {
    id: t.id,
    direction: t.direction as TransferItem['direction'],
    learner: toMovementLearner(r.learner),
    otherSchoolName: t.otherSchoolName,
    onEduFam: !!t.otherSchoolId,
    reason: t.reason,
    transferDate: t.transferDate,
    leavingCertificateNumber: t.leavingCertificateNumber,
    previousUpi: t.previousUpi,
    feesOwedCents: t.feesOwedCents,
    requestId: t.requestId,
    requestStatus: (r.requestStatus as TransferRequestStatus | null) ?? null,
    createdAt: t.createdAt.toISOString(),
    createdBy: r.createdByName,
  };
}

async function transferById(tx: Tx, schoolId: string, id: string): Promise<TransferItem> {
  const row = await repo.findTransferRow(tx, schoolId, id);
  return toTransferItem(row!);
}

/**
 * GET /api/movements/transfers?direction=&from=&to=&search=&page=&pageSize=: the school's transfers, newest
 * transfer date first. search: the learner's names and numbers, or the other school's name.
 */
export async function listTransfers(database: Database, actor: Actor, q: ListTransfersQuery): Promise<ListTransfersResponse> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const page = await paginate(
      q,
      (w) => repo.listTransferRows(tx, schoolId, q, w),
      () => repo.countTransfers(tx, schoolId, q),
    );
    return { ...page, items: page.items.map(toTransferItem) };
  });
}

/** Every transfer matching the filters (export), newest first. */
export async function allTransfers(database: Database, actor: Actor, q: Omit<ListTransfersQuery, 'page' | 'pageSize'>): Promise<TransferItem[]> {
  return inSchool(database, actor, async (tx, schoolId) => {
    const rows = await repo.allTransferRows(tx, schoolId, q);
    return rows.map(toTransferItem);
  });
}

/**
 * POST /api/movements/transfers/out: the learner leaves for another school. In one transaction: a
 * transfers row (direction out; fees owed as the fees module reports them, null while fees are not
 * tracked), the learner's status transferred with left_on and leaving reason, their class-history row
 * ended with outcome transferred, and a STUDENT_TRANSFERRED_OUT audit entry (old and new values). With an
 * EduFam destination it also files a transfer request carrying only the learner's names, gender, date of
 * birth, UPI, assessment and birth-certificate numbers. 404 unknown learner; 409 NOT_ACTIVE; 400 for a
 * future date, a date before admission, an unknown or own destination school.
 */
export async function transferOut(database: Database, actor: Actor, body: TransferOutInput, req: { ip: string }): Promise<TransferOutResponse> {
  const { schoolId, scope } = schoolScope(actor);
  let destination: { id: string | null; name: string };
  if (body.destinationSchoolId) {
    if (body.destinationSchoolId === schoolId) throw badRequest(m.destinationOwnSchool, { destinationSchoolId: m.destinationOwnSchool });
    const found = (await schoolNames(database, [body.destinationSchoolId])).get(body.destinationSchoolId);
    if (!found || found.status !== 'active') throw badRequest(m.destinationNotFound, { destinationSchoolId: m.destinationNotFound });
    destination = { id: body.destinationSchoolId, name: found.name };
  } else {
    destination = { id: null, name: body.destinationName! };
  }
  return withScope(database.db, scope, async (tx) => {
    await lockLearner(tx, schoolId, body.studentId);
    const row = await findLearner(tx, schoolId, body.studentId);
    const s = row.student;
    if (s.status !== 'active') throw notActive(learnerName(s), s.status);
    checkDate(body.transferDate, 'transferDate', s.admittedOn);
    const fees = await feesOwed(tx, schoolId, s.id);
    let requestId: string | null = null;
    if (destination.id) {
      const snapshot: LearnerSnapshot = {
        firstName: s.firstName,
        middleName: s.middleName,
        lastName: s.lastName,
        gender: s.gender as LearnerSnapshot['gender'],
        dateOfBirth: s.dateOfBirth,
        upi: s.upi,
        assessmentNumber: s.assessmentNumber,
        birthCertificateNumber: s.birthCertificateNumber,
      };
      requestId = await repo.insertTransferRequest(tx, {
        fromSchoolId: schoolId,
        toSchoolId: destination.id,
        fromStudentId: s.id,
        learner: snapshot,
        reason: body.reason,
        transferDate: body.transferDate,
        status: 'pending',
        requestedBy: actor.id,
      });
    }
    const transferId = await repo.insertTransfer(tx, {
      schoolId,
      studentId: s.id,
      direction: 'out',
      otherSchoolName: destination.name,
      otherSchoolId: destination.id,
      reason: body.reason,
      transferDate: body.transferDate,
      leavingCertificateNumber: body.leavingCertificateNumber,
      feesOwedCents: fees.owedCents,
      requestId,
      createdBy: actor.id,
    });
    const leavingReason = m.transferLeavingReason(destination.name, body.reason);
    await markLearnerLeft(tx, schoolId, s.id, { status: 'transferred', leftOn: body.transferDate, leavingReason });
    await endCurrentEnrolment(tx, schoolId, s.id, row.academicYearId, 'transferred', body.transferDate);
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.transferredOut, `student:${s.id}`, { status: s.status, leftOn: s.leftOn, leavingReason: s.leavingReason }, {
      status: 'transferred',
      leftOn: body.transferDate,
      leavingReason,
      transferId,
      destination: destination.name,
      destinationSchoolId: destination.id,
      leavingCertificateNumber: body.leavingCertificateNumber,
      feesOwedCents: fees.owedCents,
      requestId,
    });
    const learner = learnerName(s);
    const message = [m.transferredOut(learner, destination.name), destination.id ? m.requestFiled(destination.name) : null].filter(Boolean).join(' ');
    return { transfer: await transferById(tx, schoolId, transferId), requestId, fees, message };
  });
}

/**
 * POST /api/movements/transfers/in: admits a learner coming from another school through the register's
 * admission (learners service createStudent: class, capacity, admission number, guardians and their
 * rules), with the previous school and UPI, admitted on the transfer date; and, in the same transaction,
 * records the transfers row (direction in) and a STUDENT_TRANSFERRED_IN audit entry: all or nothing.
 */
export async function transferIn(deps: AuthDeps, actor: Actor, body: TransferInInput, req: { ip: string }): Promise<TransferInResponse> {
  const { schoolId, scope } = schoolScope(actor);
  checkDate(body.transferDate, 'transferDate', null);
  const { transferDate, reason, ...admission } = body;
  let transferId = '';
  const created = await createStudent(deps, actor, { ...admission, admittedOn: transferDate }, req, async (tx, student) => {
    transferId = await repo.insertTransfer(tx, {
      schoolId,
      studentId: student.id,
      direction: 'in',
      otherSchoolName: body.previousSchool,
      reason,
      transferDate,
      previousUpi: body.previousUpi ?? null,
      createdBy: actor.id,
    });
    const newValue = { transferId, previousSchool: body.previousSchool, previousUpi: body.previousUpi ?? null, transferDate, reason, admissionNumber: student.admissionNumber };
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.transferredIn, `student:${student.id}`, undefined, newValue);
  });
  return withScope(deps.database.db, scope, async (tx) => ({
    transfer: await transferById(tx, schoolId, transferId),
    studentId: created.id,
    message: m.transferredIn(learnerName(created), created.admissionNumber),
    notices: created.notices.slice(1),
  }));
}

type RequestRow = repo.RequestRow;

function toRequest(r: RequestRow, box: 'incoming' | 'outgoing', names: Map<string, { name: string }>): TransferRequest {
  const snap = r.learner as LearnerSnapshot;
  return {
    id: r.id,
    box,
    fromSchool: { id: r.fromSchoolId, name: names.get(r.fromSchoolId)?.name ?? '' },
    toSchool: { id: r.toSchoolId, name: names.get(r.toSchoolId)?.name ?? '' },
    learner: {
      firstName: snap.firstName,
      middleName: snap.middleName ?? null,
      lastName: snap.lastName,
      gender: snap.gender,
      dateOfBirth: snap.dateOfBirth ?? null,
      upi: snap.upi ?? null,
      assessmentNumber: snap.assessmentNumber ?? null,
      birthCertificateNumber: snap.birthCertificateNumber ?? null,
    },
    reason: r.reason,
    transferDate: r.transferDate,
    status: r.status as TransferRequestStatus,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    admittedStudentId: box === 'incoming' ? r.toStudentId : null,
  };
}

/**
 * GET /api/movements/transfer-requests?box=incoming|outgoing&status=: transfer requests between EduFam
 * schools addressed to (incoming) or filed by (outgoing) the caller's school, newest first (200 at most).
 */
export async function listTransferRequests(database: Database, actor: Actor, q: { box: 'incoming' | 'outgoing'; status?: TransferRequestStatus }): Promise<TransferRequest[]> {
  const rows = await inSchool(database, actor, (tx, schoolId) => repo.listRequestRows(tx, schoolId, q.box, q.status));
  const names = await schoolNames(database, rows.flatMap((r) => [r.fromSchoolId, r.toSchoolId]));
  return rows.map((r) => toRequest(r, q.box, names));
}

async function pendingIncoming(tx: Tx, schoolId: string, id: string): Promise<RequestRow> {
  const r = await repo.findIncomingRequestForUpdate(tx, schoolId, id);
  if (!r) throw notFound(m.requestNotFound);
  if (r.status !== 'pending') {
    const label = m.requestStatuses[r.status as TransferRequestStatus]?.toLowerCase() ?? r.status;
    throw new AppError(409, 'REQUEST_DECIDED', m.requestDecided(label));
  }
  return r;
}

/**
 * POST /api/movements/transfer-requests/:id/accept {classId, boarding, overrideCapacity}: the receiving
 * principal admits the learner from the request's copy of their details, in one transaction: the next
 * admission number of the school's pattern, previous school = the sending school's name, UPI and
 * previous UPI from the request, class history in the chosen class (open year, capacity as for
 * admissions), a transfers row (direction in, linked to the request), the request marked accepted, and
 * a TRANSFER_REQUEST_ACCEPTED audit entry. Guardians are not carried over (nothing else of the old
 * school): the principal adds them on the learner's record. 404 for a request not addressed to the
 * school; 409 REQUEST_DECIDED once accepted or declined.
 */
export async function acceptTransferRequest(
  database: Database,
  actor: Actor,
  id: string,
  body: { classId: string; boarding: 'day' | 'boarding'; overrideCapacity?: boolean },
  req: { ip: string },
): Promise<TransferDecisionResponse> {
  const { schoolId, scope } = schoolScope(actor);
  // The sending school's name (platform scope, name only); the request itself is re-read and locked below.
  const [peek] = await withScope(database.db, scope, (tx) => repo.listRequestRows(tx, schoolId, 'incoming', undefined, id));
  if (!peek) throw notFound(m.requestNotFound);
  const names = await schoolNames(database, [peek.fromSchoolId, peek.toSchoolId]);
  const fromName = names.get(peek.fromSchoolId)?.name ?? '';
  return withScope(database.db, scope, async (tx) => {
    const r = await pendingIncoming(tx, schoolId, id);
    const snap = r.learner as LearnerSnapshot;
    const cls = await checkPlacement(tx, schoolId, body.classId, body.overrideCapacity);
    const today = schoolToday();
    const admittedOn = r.transferDate <= today ? r.transferDate : today;
    const [admissionNumber] = await allocateAdmissionNumbers(tx, schoolId, Number(admittedOn.slice(0, 4)), 1);
    const s = (await insertStudent(tx, {
      schoolId,
      admissionNumber: admissionNumber!,
      firstName: snap.firstName,
      middleName: snap.middleName ?? null,
      lastName: snap.lastName,
      gender: snap.gender,
      dateOfBirth: snap.dateOfBirth ?? null,
      classId: cls.id,
      upi: snap.upi ?? null,
      assessmentNumber: snap.assessmentNumber ?? null,
      birthCertificateNumber: snap.birthCertificateNumber ?? null,
      boarding: body.boarding,
      previousSchool: fromName,
      previousUpi: snap.upi ?? null,
      status: 'active',
      admittedOn,
    }))!;
    await insertEnrolments(tx, [
      {
        schoolId,
        studentId: s.id,
        academicYearId: cls.academicYearId,
        classId: cls.id,
        startedOn: admittedOn > cls.yearStartsOn ? admittedOn : cls.yearStartsOn,
      },
    ]);
    await repo.insertTransfer(tx, {
      schoolId,
      studentId: s.id,
      direction: 'in',
      otherSchoolName: fromName,
      otherSchoolId: r.fromSchoolId,
      reason: r.reason,
      transferDate: r.transferDate,
      previousUpi: snap.upi ?? null,
      requestId: r.id,
      createdBy: actor.id,
    });
    await repo.markRequestAccepted(tx, schoolId, r.id, actor.id, s.id);
    const { searchText: _s, createdAt: _c, updatedAt: _u, ...admitted } = s;
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.requestAccepted, `transfer_request:${r.id}`, { status: 'pending' }, { status: 'accepted', student: admitted, className: cls.name, fromSchool: fromName });
    const [saved] = await repo.listRequestRows(tx, schoolId, 'incoming', undefined, r.id);
    return { request: toRequest(saved!, 'incoming', names), studentId: s.id, message: m.requestAccepted(learnerName(snap), admissionNumber!) };
  });
}

/**
 * POST /api/movements/transfer-requests/:id/decline {note}: the receiving principal declines with a note
 * the sending school sees. TRANSFER_REQUEST_DECLINED audit. 404 / 409 as for accept.
 */
export async function declineTransferRequest(database: Database, actor: Actor, id: string, note: string, req: { ip: string }): Promise<TransferDecisionResponse> {
  const { schoolId, scope } = schoolScope(actor);
  const request = await withScope(database.db, scope, async (tx) => {
    const r = await pendingIncoming(tx, schoolId, id);
    await repo.markRequestDeclined(tx, schoolId, r.id, actor.id, note);
    await auditSchool(tx, { actor, schoolId, ip: req.ip }, MOVEMENT_AUDIT.requestDeclined, `transfer_request:${r.id}`, { status: 'pending' }, { status: 'declined', note });
    const [saved] = await repo.listRequestRows(tx, schoolId, 'incoming', undefined, r.id);
    return saved!;
  });
  const names = await schoolNames(database, [request.fromSchoolId, request.toSchoolId]);
  return { request: toRequest(request, 'incoming', names), studentId: null, message: m.requestDeclined };
}
