import {
  DP_SEARCH_LIMIT,
  exportFileName,
  type DpRequest,
  type Erasability,
  type ErasureBody,
  type ExportBody,
  type ListRequestsQuery,
  type ListRequestsResponse,
  type SubjectsQuery,
  type SubjectsResponse,
} from '../../../shared/contracts/data-protection.js';
import { schoolToday } from '../../../shared/dates.js';
import { dataProtectionMessages as dm, erasedLearnerLabel, erasedUserEmail, erasedUserLabel } from '../../../shared/messages/data-protection.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { paginate } from '../../lib/paging.js';
import * as repo from './data-protection.repository.js';
import type { DataProtectionOutcome } from './data-protection.repository.js';
import type { RequestCaller } from '../../lib/school-context.js';

const m = dm.api;

/** Audit actions (exact names: the security log lists them). */
export const DATA_PROTECTION_AUDIT = { exported: 'PERSONAL_DATA_EXPORTED', erased: 'PERSONAL_DATA_ERASED' } as const;

/** Learner statuses that allow erasure: the learner has left the school. */
const LEFT_STATUSES = new Set(['exited', 'transferred', 'graduated']);

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

function learnerErasability(status: string, erased: boolean, pendingTransfer: boolean): Erasability {
  if (erased) return { allowed: false, reason: m.alreadyErased };
  if (!LEFT_STATUSES.has(status)) return { allowed: false, reason: m.learnerActive };
  if (pendingTransfer) return { allowed: false, reason: m.learnerTransferPending };
  return { allowed: true, reason: null };
}

function userErasability(u: { id: string; status: string; role: string | null }, erased: boolean, caller: RequestCaller, otherAdmins: number): Erasability {
  if (erased) return { allowed: false, reason: m.alreadyErased };
  if (u.id === caller.actor.id) return { allowed: false, reason: m.selfErasure };
  if (u.status === 'active') return { allowed: false, reason: m.userActive };
  if (u.role === 'edufam_admin' && otherAdmins === 0) return { allowed: false, reason: m.lastAdmin };
  return { allowed: true, reason: null };
}

/**
 * GET /api/data-protection/subjects?q=&type= : learners (name, admission number, school, stream,
 * status) and users (name, e-mail, role, school, status) matching `q`, up to DP_SEARCH_LIMIT each, in
 * the caller's scope (EduFam staff: every school; a principal or director: their school). Each carries
 * whether it may be erased now, and if not why (for the "Erase personal data" button).
 */
export async function searchSubjects(tx: Tx, caller: RequestCaller, q: SubjectsQuery): Promise<SubjectsResponse> {
  const term = collapse(q.q);
  const learners = q.type === 'user' ? [] : await repo.searchLearners(tx, term, DP_SEARCH_LIMIT);
  const users = q.type === 'learner' ? [] : await repo.searchUsers(tx, term, DP_SEARCH_LIMIT);
  const ids = [...learners.map((l) => l.id), ...users.map((u) => u.id)];
  const erased = await repo.erasedSubjects(tx, ids);
  const pending = await repo.pendingTransfers(tx, learners.map((l) => l.id));
  const needsAdminCount = users.some((u) => u.role === 'edufam_admin');
  const admins = new Map<string, number>();
  if (needsAdminCount) for (const u of users) if (u.role === 'edufam_admin') admins.set(u.id, await repo.otherActiveAdmins(tx, u.id));
  return {
    learners: learners.map((l) => ({ ...l, erased: erased.has(l.id), erasure: learnerErasability(l.status, erased.has(l.id), pending.has(l.id)) })),
    users: users.map((u) => ({ ...u, erased: erased.has(u.id), erasure: userErasability(u, erased.has(u.id), caller, admins.get(u.id) ?? 1) })),
  };
}

/** The number of entries in each list of an export section, flattened ("fees.payments": 3). */
function countRows(data: Record<string, unknown>, prefix = ''): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(data)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) out[key] = v.length;
    else if (v && typeof v === 'object' && !(v instanceof Date) && (k === 'fees' || k === 'movements' || k === 'staff')) Object.assign(out, countRows(v as Record<string, unknown>, key));
    else if (v !== null && v !== undefined) out[key] = 1;
  }
  return out;
}

export interface PersonalDataExport {
  fileName: string;
  document: Record<string, unknown>;
}

/**
 * POST /api/data-protection/exports { subjectType, subjectId, reason } : every personal field EduFam
 * holds about a learner (profile, guardians, class history, attendance, marks, report cards,
 * certificates, fees, transport, store issues, movements, files listed) or a user (profile, account,
 * sessions, sign-in attempts, audit entries of the last 12 months, announcements, messages sent,
 * conversations, support tickets, guardian records, staff record and payslips), as one JSON document.
 * Records a completed export request and audits PERSONAL_DATA_EXPORTED (counts only, no personal
 * data). Another school's subject, or a platform user for a school role: 404.
 */
export async function exportPersonalData(tx: Tx, caller: RequestCaller, body: ExportBody): Promise<PersonalDataExport> {
  const reason = collapse(body.reason);
  let schoolId: string | null;
  let name: string;
  let reference: string;
  let data: Record<string, unknown>;
  if (body.subjectType === 'learner') {
    const s = await repo.learnerById(tx, body.subjectId);
    if (!s) throw notFound(m.learnerNotFound);
    ({ schoolId, name, admissionNumber: reference } = s);
    const { files, ...rest } = await repo.learnerData(tx, s.id);
    data = { ...rest, files: files.map(({ storageKey: _key, ...f }) => f) };
  } else {
    const u = await repo.userById(tx, body.subjectId);
    if (!u) throw notFound(m.userNotFound);
    ({ schoolId, name } = u);
    reference = u.email.split('@')[0] ?? u.id.slice(0, 8);
    data = await repo.userData(tx, u.id);
  }
  const exported = countRows(data);
  const requestId = await repo.insertRequest(tx, {
    schoolId,
    subjectType: body.subjectType,
    subjectId: body.subjectId,
    subjectNameSnapshot: name,
    kind: 'export',
    reason,
    legalBasis: dm.legalBasis.export,
    requestedBy: caller.actor.id,
    outcome: { exported },
  });
  await recordAudit(tx, {
    schoolId,
    action: DATA_PROTECTION_AUDIT.exported,
    performedByUserId: caller.actor.id,
    performedByRole: caller.actor.role,
    targetEntity: `${body.subjectType === 'learner' ? 'student' : 'user'}:${body.subjectId}`,
    resource: 'data_protection_requests',
    newValue: { requestId, sections: exported },
    metadata: { reason },
    ipAddress: caller.ip,
  });
  const today = schoolToday();
  return {
    fileName: exportFileName(reference, today),
    document: {
      title: dm.document.title,
      notice: dm.document.notice,
      legalBasis: dm.legalBasis.export,
      requestId,
      generatedAt: new Date().toISOString(),
      generatedOn: today,
      requestedBy: { id: caller.actor.id, role: caller.actor.role },
      reason,
      subject: { type: body.subjectType, id: body.subjectId, name, schoolId },
      filesNote: body.subjectType === 'learner' ? dm.document.filesNote : undefined,
      counts: exported,
      data,
    },
  };
}

export interface ErasureResult {
  request: DpRequest;
  message: string;
  /** Storage keys of deleted files: remove after commit. */
  storageKeys: string[];
}

/**
 * POST /api/data-protection/erasures { subjectType, subjectId, reason, confirm } (EduFam staff) :
 * erases or anonymises the subject's personal data in the caller's transaction.
 * - learner: only once they have left (exited, transferred, graduated; 400 otherwise, or while a
 *   transfer request is pending); see repository eraseLearner for what changes and what stays.
 * - user: only a deactivated account (400 for an active one), never the caller's own, never the last
 *   EduFam administrator; see repository eraseUser.
 * `confirm` must be the subject's name as shown (400, nothing changes). A subject erased before: 409.
 * Records a completed erasure request with the counts and what was retained and why, and audits
 * PERSONAL_DATA_ERASED (no personal data in the entry). 404 unknown subject.
 */
export async function erasePersonalData(tx: Tx, caller: RequestCaller, body: ErasureBody): Promise<ErasureResult> {
  const reason = collapse(body.reason);
  const already = await repo.erasedSubjects(tx, [body.subjectId]);
  let schoolId: string | null;
  let label: string;
  let outcome: DataProtectionOutcome;
  let storageKeys: string[] = [];
  if (body.subjectType === 'learner') {
    const s = await repo.learnerById(tx, body.subjectId);
    if (!s) throw notFound(m.learnerNotFound);
    if (already.size) throw new AppError(409, 'ALREADY_ERASED', m.alreadyErased);
    if (collapse(body.confirm) !== collapse(s.name)) throw badRequest(m.confirmMismatch, { confirm: m.confirmMismatch });
    const pending = await repo.pendingTransfers(tx, [s.id]);
    const check = learnerErasability(s.status, false, pending.size > 0);
    if (!check.allowed) throw new AppError(400, 'NOT_ERASABLE', check.reason!);
    schoolId = s.schoolId;
    label = erasedLearnerLabel(s.id);
    const done = await repo.eraseLearner(tx, s, label, dm.legalBasis.erasure);
    storageKeys = done.storageKeys;
    outcome = {
      anonymised: done.anonymised,
      deleted: done.deleted,
      filesDeleted: storageKeys.length,
      retained: [dm.retained.learnerFees, dm.retained.learnerAcademic, dm.retained.learnerCertificates, dm.retained.audit],
    };
  } else {
    const u = await repo.userById(tx, body.subjectId);
    if (!u) throw notFound(m.userNotFound);
    if (already.size) throw new AppError(409, 'ALREADY_ERASED', m.alreadyErased);
    if (collapse(body.confirm) !== collapse(u.name)) throw badRequest(m.confirmMismatch, { confirm: m.confirmMismatch });
    const check = userErasability(u, false, caller, u.role === 'edufam_admin' ? await repo.otherActiveAdmins(tx, u.id) : 1);
    if (!check.allowed) throw new AppError(400, 'NOT_ERASABLE', check.reason!);
    schoolId = u.schoolId;
    label = erasedUserLabel(u.id);
    const done = await repo.eraseUser(tx, u, label, erasedUserEmail(u.id));
    outcome = { anonymised: done.anonymised, deleted: done.deleted, retained: [dm.retained.userMessages, dm.retained.userStaff, dm.retained.userGuardian, dm.retained.audit] };
  }
  const requestId = await repo.insertRequest(tx, {
    schoolId,
    subjectType: body.subjectType,
    subjectId: body.subjectId,
    subjectNameSnapshot: label,
    kind: 'erasure',
    reason,
    legalBasis: dm.legalBasis.erasure,
    requestedBy: caller.actor.id,
    outcome,
  });
  await recordAudit(tx, {
    schoolId,
    action: DATA_PROTECTION_AUDIT.erased,
    performedByUserId: caller.actor.id,
    performedByRole: caller.actor.role,
    targetEntity: `${body.subjectType === 'learner' ? 'student' : 'user'}:${body.subjectId}`,
    resource: 'data_protection_requests',
    newValue: { requestId, label, anonymised: outcome.anonymised, deleted: outcome.deleted },
    metadata: { reason },
    ipAddress: caller.ip,
  });
  const row = await repo.requestById(tx, requestId);
  return { request: toRequest(row!), message: m.erased(label), storageKeys };
}

/**
 * GET /api/data-protection/requests?kind=&page=&pageSize= : the requests the caller's scope sees
 * (EduFam staff: all, including platform users'; a principal or director: their school's), newest
 * first, with who asked, the reason, legal basis and outcome.
 */
export async function listRequests(tx: Tx, q: ListRequestsQuery): Promise<ListRequestsResponse> {
  const page = Number(q.page ?? 1);
  const pageSize = Number(q.pageSize ?? 25);
  const filters: repo.RequestFilters = { kind: q.kind };
  const res = await paginate(
    { page, pageSize },
    (w) => repo.listRequestPage(tx, filters, w),
    () => repo.countRequests(tx, filters),
  );
  return { ...res, items: res.items.map(toRequest) };
}

function toRequest(r: repo.RequestRow): DpRequest {
  return {
    id: r.id,
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    subjectType: r.subjectType as DpRequest['subjectType'],
    subjectId: r.subjectId,
    subjectName: r.subjectNameSnapshot,
    kind: r.kind as DpRequest['kind'],
    status: r.status as DpRequest['status'],
    reason: r.reason,
    legalBasis: r.legalBasis,
    requestedBy: r.requestedBy,
    requestedByName: r.requestedByName,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    outcome: r.outcome,
  };
}
