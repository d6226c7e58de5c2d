import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import {
  CONTRACT_ALERT_DAYS,
  DEFAULT_CLEARANCE,
  STAFF_ACCOUNT_ROLES,
  staffDocumentFields,
  staffFullName,
  staffRecordProblems,
  type ClearanceItem,
  type ContractAlertsResponse,
  type CreateStaffAccountBody,
  type CreateStaffInput,
  type ExitStaffBody,
  type ListStaffQuery,
  type ListStaffResponse,
  type StaffDetail,
  type StaffDocument,
  type StaffListItem,
  type StaffWriteResponse,
  type UpdateClearanceBody,
  type UpdateStaffInput,
} from '../../../shared/contracts/staff.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import type { Locale } from '../../../shared/i18n/locale.js';
import { messages } from '../../../shared/messages.js';
import { staffMessages as m } from '../../../shared/messages/staff.js';
import { roleDisplayName } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { insertAccount } from '../auth/index.js';
import { loadFile, readUpload, storeFile } from '../../lib/files.js';
import { deleteUserSessions, emailExists, setUserStatus } from '../users/index.js';
import { auditSchool, findSchoolName, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { type AuthDeps } from '../../lib/module-deps.js';
import { sendAccountSetupLink } from '../../lib/account-setup-mail.js';
import { schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { paginate } from '../../lib/paging.js';
import * as repo from './staff.repository.js';
import type { ExitClearance, NewStaff, StaffRow } from './staff.repository.js';

/**
 * Staff records and HR's user management (issue 14 §1). Every call runs in one transaction confined to
 * the caller's school (inSchool: row-level security; platform staff name a school with ?schoolId=), so
 * another school's staff id is 404. Writes are audited (STAFF_* actions, old and new values). Contract
 * shapes and rules: src/shared/contracts/staff.ts.
 */

/** Audit actions of staff records (the Audit Trail lists them). */
export const STAFF_AUDIT = {
  created: 'STAFF_CREATED',
  updated: 'STAFF_UPDATED',
  documentAdded: 'STAFF_DOCUMENT_ADDED',
  documentRemoved: 'STAFF_DOCUMENT_REMOVED',
  exited: 'STAFF_EXITED',
  clearanceUpdated: 'STAFF_CLEARANCE_UPDATED',
  accountCreated: 'STAFF_ACCOUNT_CREATED',
  accountStatus: 'USER_STATUS_CHANGED',
} as const;

export interface StaffCall {
  actor: Actor;
  ip: string;
  schoolId?: string | null;
}

const caller = (c: StaffCall, schoolId: string): SchoolCaller => ({ actor: c.actor, schoolId, ip: c.ip });
const staffNotFound = () => notFound(m.staffNotFound);

/** The staff row of the school, optionally locked for update; 404 when unknown or another school's. */
async function loadStaff(tx: Tx, schoolId: string, id: string, lock = false): Promise<StaffRow> {
  const row = await repo.findStaff(tx, schoolId, id, lock);
  if (!row) throw staffNotFound();
  return row;
}

async function loadAccount(tx: Tx, profileId: string | null) {
  if (!profileId) return null;
  return (await repo.findAccount(tx, profileId)) ?? null;
}

/** The fields the staff list and the full record both show, from a staff row. */
type StaffCore = Pick<
  StaffListItem,
  'id' | 'staffNumber' | 'name' | 'firstName' | 'lastName' | 'jobTitle' | 'department' | 'employer' | 'employmentType' | 'status' | 'phone' | 'email' | 'startDate' | 'contractEnd'
>;

function staffCoreOf(row: StaffRow): StaffCore {
  return {
    id: row.id,
    staffNumber: row.staffNumber,
    name: staffFullName(row),
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    department: row.department,
    employer: row.employer as StaffCore['employer'],
    employmentType: row.employmentType as StaffCore['employmentType'],
    status: row.status as StaffCore['status'],
    phone: row.phone,
    email: row.email,
    startDate: row.startDate,
    contractEnd: row.contractEnd,
  };
}

/** The record as GET /api/staff/:id answers it: fields, exit, account and documents. */
async function detailOf(tx: Tx, row: StaffRow): Promise<StaffDetail> {
  const account = await loadAccount(tx, row.profileId);
  const docs = await repo.listStaffDocuments(tx, row.schoolId, row.id);
  return {
    ...staffCoreOf(row),
    otherNames: row.otherNames,
    nationalId: row.nationalId,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as StaffDetail['gender'],
    kraPin: row.kraPin,
    nssfNumber: row.nssfNumber,
    shifNumber: row.shifNumber,
    tscNumber: row.tscNumber,
    nextOfKin: row.nextOfKin ?? null,
    paymentMethod: row.paymentMethod as StaffDetail['paymentMethod'],
    bankName: row.bankName,
    bankCode: row.bankCode,
    bankBranch: row.bankBranch,
    bankAccount: row.bankAccount,
    mpesaPhone: row.mpesaPhone,
    exit:
      row.status === 'exited' && row.exitType && row.exitDate
        ? { type: row.exitType as NonNullable<StaffDetail['exit']>['type'], date: row.exitDate, reason: row.exitReason, clearance: row.exitClearance?.items ?? [] }
        : null,
    account: account
      ? { id: account.id, email: account.email, role: account.role, status: account.status as 'active', lastLoginAt: account.lastLoginAt?.toISOString() ?? null }
      : null,
    documents: docs.map(
      (d): StaffDocument => ({
        id: d.id,
        kind: d.kind as StaffDocument['kind'],
        title: d.title,
        fileName: d.fileName,
        contentType: d.contentType,
        sizeBytes: d.sizeBytes,
        uploadedBy: d.uploadedBy,
        createdAt: d.createdAt.toISOString(),
        downloadUrl: `/api/staff/${row.id}/documents/${d.id}/download`,
      }),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/staff: the school's staff, filtered (search over names, staff number, job title, national
 * ID, e-mail and phone; status active|exited|all; department, employer, employment type, with/without
 * account), sorted by last then first name, paged. Also the departments in use and summary counts over
 * the whole school (active, exited, with an account, contracts ending within 30 days).
 */
export async function listStaff(database: Database, actor: Actor, q: ListStaffQuery): Promise<ListStaffResponse> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const page = await paginate(
      q,
      (w) => repo.listStaffPage(tx, schoolId, q, w),
      () => repo.countStaff(tx, schoolId, q),
    );
    const alertLimit = addDays(schoolToday(), CONTRACT_ALERT_DAYS);
    const summary = await repo.staffSummary(tx, schoolId, alertLimit);
    const departments = await repo.listStaffDepartments(tx, schoolId);
    return {
      items: page.items.map(
        ({ s, role, accountStatus }): StaffListItem => ({
          ...staffCoreOf(s),
          exitDate: s.exitDate,
          hasAccount: !!s.profileId,
          role: s.profileId ? role : null,
          accountStatus: s.profileId ? ((accountStatus ?? null) as StaffListItem['accountStatus']) : null,
        }),
      ),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      departments,
      summary: {
        active: Number(summary?.active ?? 0),
        exited: Number(summary?.exited ?? 0),
        withAccount: Number(summary?.withAccount ?? 0),
        contractsEnding: Number(summary?.contractsEnding ?? 0),
      },
    };
  });
}

/** GET /api/staff/:id → StaffDetail; 404 for an unknown id or another school's. */
export async function getStaff(database: Database, actor: Actor, id: string, schoolId?: string | null): Promise<StaffDetail> {
  return inSchool(database, actor, schoolId, async (tx, sid) => detailOf(tx, await loadStaff(tx, sid, id)));
}

/**
 * GET /api/staff/alerts: active staff whose contract ends within CONTRACT_ALERT_DAYS (30) days of today
 * (Africa/Nairobi), or has already ended while they are still active; soonest first.
 */
export async function contractAlerts(database: Database, actor: Actor, schoolId?: string | null): Promise<ContractAlertsResponse> {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const today = schoolToday();
    const rows = await repo.listContractsEndingBy(tx, sid, addDays(today, CONTRACT_ALERT_DAYS));
    return {
      today,
      items: rows.map((r) => {
        const daysLeft = Math.round((Date.parse(`${r.contractEnd}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
        return {
          id: r.id,
          name: staffFullName(r),
          staffNumber: r.staffNumber,
          jobTitle: r.jobTitle,
          department: r.department,
          employmentType: r.employmentType as StaffListItem['employmentType'],
          contractEnd: r.contractEnd!,
          daysLeft,
          ended: daysLeft < 0,
        };
      }),
    };
  });
}

/**
 * The next staff number of a school: the prefix and highest sequence of its "<PREFIX>-STF-<n>" numbers
 * plus one (e.g. GHA-STF-0031), or "<CODE>-STF-0001" from the school code for the first. Serialised
 * per school with a transaction-level advisory lock, so two creations at once get different numbers.
 */
async function nextStaffNumber(tx: Tx, schoolId: string): Promise<string> {
  await repo.lockStaffNumbering(tx, schoolId);
  const numbers = await repo.listStaffNumbers(tx, schoolId);
  let best = 0;
  let prefix: string | null = null;
  for (const n of numbers) {
    const match = /^(.+)-STF-(\d+)$/.exec(n);
    if (match && Number(match[2]) >= best) {
      best = Number(match[2]);
      prefix = match[1]!;
    }
  }
  if (!prefix) {
    const code = await repo.findSchoolCode(tx, schoolId);
    prefix = (code ?? 'SCH').replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase() || 'SCH';
  }
  return `${prefix}-STF-${String(best + 1).padStart(4, '0')}`;
}

async function assertNumberFree(tx: Tx, schoolId: string, staffNumber: string, exceptId?: string) {
  const takenBy = await repo.findStaffIdByNumber(tx, schoolId, staffNumber);
  if (takenBy && takenBy !== exceptId) throw new AppError(409, 'STAFF_NUMBER_TAKEN', m.staffNumberTaken(staffNumber), { fields: { staffNumber: m.staffNumberTaken(staffNumber) } });
}

function assertRecordRules(r: Parameters<typeof staffRecordProblems>[0]) {
  const problems = staffRecordProblems(r, schoolToday());
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
}

/** The writable columns of a record from a (validated) body, leaving out what was not given. */
function columnsOf(b: UpdateStaffInput): Partial<NewStaff> {
  const out: Partial<NewStaff> = {};
  for (const [k, v] of Object.entries(b)) {
    if (v === undefined || k === 'staffNumber') continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/**
 * POST /api/staff (HR): creates a record (body validated by createStaffBody: 400 naming the field,
 * nothing written). The staff number is generated unless given (409 STAFF_NUMBER_TAKEN when a given
 * one is in use). Audited as STAFF_CREATED. Returns the new record.
 */
export async function createStaff(database: Database, c: StaffCall, body: CreateStaffInput): Promise<StaffWriteResponse> {
  assertRecordRules(body);
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    let staffNumber = body.staffNumber ?? null;
    if (staffNumber) await assertNumberFree(tx, schoolId, staffNumber);
    else staffNumber = await nextStaffNumber(tx, schoolId);
    const values = columnsOf(body) as NewStaff;
    const row = await repo.insertStaff(tx, { ...values, schoolId, staffNumber, status: 'active', createdBy: c.actor.id });
    await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.created, `staff:${row.id}`, null, { ...values, staffNumber });
    const staff = await detailOf(tx, row);
    return { staff, message: `${staff.name} was added as ${staff.staffNumber}.` };
  });
}

/**
 * PATCH /api/staff/:id (HR): changes the given fields; the merged record must pass the record rules
 * (400 naming the field). Records of staff who left may still be corrected (final pay). Audited as
 * STAFF_UPDATED with the changed fields' old and new values; nothing is written when nothing changes.
 */
export async function updateStaff(database: Database, c: StaffCall, id: string, body: UpdateStaffInput): Promise<StaffWriteResponse> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const row = await loadStaff(tx, schoolId, id, true);
    const patch = columnsOf(body);
    if (body.staffNumber && body.staffNumber !== row.staffNumber) {
      await assertNumberFree(tx, schoolId, body.staffNumber, row.id);
      patch.staffNumber = body.staffNumber;
    }
    const merged = { ...row, ...patch } as StaffRow;
    assertRecordRules({ ...merged, employmentType: merged.employmentType as 'permanent', paymentMethod: merged.paymentMethod as 'bank' });
    const oldValue: Record<string, unknown> = {};
    const newValue: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      const before = (row as Record<string, unknown>)[k];
      if (JSON.stringify(before ?? null) !== JSON.stringify(v ?? null)) {
        oldValue[k] = before ?? null;
        newValue[k] = v ?? null;
      }
    }
    let current = row;
    if (Object.keys(newValue).length > 0) {
      current = await repo.updateStaffRow(tx, row.id, newValue as Partial<StaffRow>);
      await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.updated, `staff:${row.id}`, oldValue, newValue);
    }
    const staff = await detailOf(tx, current);
    return { staff, message: `${staff.name}'s record was saved.` };
  });
}

/**
 * POST /api/staff/:id/documents (HR, multipart: fields `kind` and `title` before the file `file`; PDF,
 * JPEG or PNG up to 10 MB, checked from the bytes: 413/415/400 as files.service). Stored as a
 * `document` file and listed on the record. Audited as STAFF_DOCUMENT_ADDED. Returns the document.
 */
export async function addDocument(database: Database, storage: FileStorage, c: StaffCall, id: string, request: FastifyRequest): Promise<StaffDocument> {
  const upload = await readUpload(request, 'document');
  const parsed = staffDocumentFields.safeParse(upload.fields);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'file')] ??= issue.message;
    throw badRequest(Object.values(fields)[0]!, fields);
  }
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const row = await loadStaff(tx, schoolId, id);
    const file = await storeFile(tx, storage, { schoolId, kind: 'document', buffer: upload.buffer, contentType: upload.contentType, originalName: upload.filename, createdBy: c.actor.id });
    const doc = await repo.insertStaffDocument(tx, { schoolId, staffId: row.id, kind: parsed.data.kind, title: parsed.data.title, fileId: file.id, uploadedBy: c.actor.id });
    await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.documentAdded, `staff:${row.id}`, null, { documentId: doc.id, kind: doc.kind, title: doc.title, fileId: file.id });
    const detail = await detailOf(tx, row);
    return detail.documents.find((d) => d.id === doc.id)!;
  });
}

async function loadDocument(tx: Tx, schoolId: string, staffId: string, documentId: string) {
  const doc = await repo.findStaffDocument(tx, schoolId, staffId, documentId);
  if (!doc) throw notFound(m.documentNotFound);
  return doc;
}

/** GET /api/staff/:id/documents/:documentId/download → the bytes, type and file name (404 when unknown). */
export async function downloadDocument(database: Database, storage: FileStorage, actor: Actor, id: string, documentId: string, schoolId?: string | null) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    await loadStaff(tx, sid, id);
    const doc = await loadDocument(tx, sid, id, documentId);
    const { row, body } = await loadFile(tx, storage, sid, doc.fileId);
    return { body, contentType: row.contentType, fileName: row.originalName || `${doc.title}` };
  });
}

/** DELETE /api/staff/:id/documents/:documentId (HR) → 204; the file row stays (the audit refers to it). */
export async function deleteDocument(database: Database, c: StaffCall, id: string, documentId: string): Promise<void> {
  await inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    await loadStaff(tx, schoolId, id);
    const doc = await loadDocument(tx, schoolId, id, documentId);
    await repo.deleteStaffDocument(tx, doc.id);
    await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.documentRemoved, `staff:${id}`, { documentId: doc.id, kind: doc.kind, title: doc.title, fileId: doc.fileId }, null);
  });
}

/** Disables a sign-in account in the caller's transaction: status inactive, every session ended, audited. */
async function disableAccount(tx: Tx, c: SchoolCaller, profileId: string, staffId: string): Promise<boolean> {
  const p = await repo.lockProfileStatus(tx, profileId);
  if (!p || p.status === 'inactive') return false;
  await setUserStatus(tx, p.id, 'inactive');
  const endedSessions = await deleteUserSessions(tx, p.id);
  await auditSchool(tx, c, STAFF_AUDIT.accountStatus, `user:${p.id}`, { status: p.status }, { status: 'inactive' }, { email: p.email, endedSessions, staffId });
  return true;
}

/**
 * POST /api/staff/:id/exit (HR) { exitType, exitDate, reason, clearance? }: the member of staff leaves
 * (status exited, with the exit's type, date, reason and clearance checklist, DEFAULT_CLEARANCE when
 * none is given); their sign-in account, if any, is disabled and its sessions end in the same
 * transaction. 409 when they already left; 400 for an exit date before the start date or for HR's own
 * record. Audited as STAFF_EXITED (and USER_STATUS_CHANGED for the account).
 */
export async function exitStaff(database: Database, c: StaffCall, id: string, body: ExitStaffBody): Promise<StaffWriteResponse> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const row = await loadStaff(tx, schoolId, id, true);
    if (row.status === 'exited') throw new AppError(409, 'ALREADY_EXITED', m.alreadyExited);
    if (row.profileId && row.profileId === c.actor.id) throw badRequest(m.cannotExitSelf);
    if (body.exitDate < row.startDate) throw badRequest(m.exitDateBeforeStart, { exitDate: m.exitDateBeforeStart });
    const clearance: ExitClearance = {
      items: (body.clearance ?? DEFAULT_CLEARANCE.map((d) => ({ ...d, cleared: false }))).map((i) => ({
        key: i.key,
        label: i.label,
        cleared: !!i.cleared,
        clearedBy: i.cleared ? c.actor.id : null,
        clearedAt: i.cleared ? new Date().toISOString() : null,
      })),
    };
    const updated = await repo.updateStaffRow(tx, row.id, { status: 'exited', exitType: body.exitType, exitDate: body.exitDate, exitReason: body.reason.trim(), exitClearance: clearance });
    const fc = caller(c, schoolId);
    await auditSchool(tx, fc, STAFF_AUDIT.exited, `staff:${row.id}`, { status: row.status }, { status: 'exited', exitType: body.exitType, exitDate: body.exitDate, reason: body.reason.trim() });
    const disabled = row.profileId ? await disableAccount(tx, fc, row.profileId, row.id) : false;
    const staff = await detailOf(tx, updated);
    return { staff, message: disabled ? `${staff.name}'s exit was recorded and their sign-in account disabled.` : `${staff.name}'s exit was recorded.` };
  });
}

/**
 * PATCH /api/staff/:id/clearance (HR) { items: [{ key, cleared }] }: ticks or unticks exit clearance
 * items (who and when are recorded). 409 when the member of staff has not left; unknown keys are 400.
 */
export async function updateClearance(database: Database, c: StaffCall, id: string, body: UpdateClearanceBody): Promise<StaffWriteResponse> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const row = await loadStaff(tx, schoolId, id, true);
    if (row.status !== 'exited' || !row.exitClearance) throw new AppError(409, 'NOT_EXITED', m.notExited);
    const items: ClearanceItem[] = row.exitClearance.items.map((i) => ({ ...i }));
    for (const change of body.items) {
      const item = items.find((i) => i.key === change.key);
      if (!item) throw badRequest(m.unknownClearance(change.key), { items: m.unknownClearance(change.key) });
      if (item.cleared === change.cleared) continue;
      item.cleared = change.cleared;
      item.clearedBy = change.cleared ? c.actor.id : null;
      item.clearedAt = change.cleared ? new Date().toISOString() : null;
    }
    const updated = await repo.updateStaffRow(tx, row.id, { exitClearance: { items } as ExitClearance });
    await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.clearanceUpdated, `staff:${row.id}`, row.exitClearance, { items });
    const staff = await detailOf(tx, updated);
    return { staff, message: m.clearanceSaved };
  });
}

/**
 * POST /api/staff/:id/account (HR) { role }: gives an active member of staff a sign-in account with
 * one of STAFF_ACCOUNT_ROLES (teacher, finance_officer, hr; 400 otherwise) through the platform's
 * account path (insertAccount: user, credential and profile rows) with an unknown random password,
 * links staff_members.profile_id, and after the commit e-mails a link to choose a password (the
 * password-reset mechanism, as for parents' accounts). Errors: 400 no e-mail on the record (field
 * email) or exited staff; 409 ACCOUNT_EXISTS; 409 EMAIL_TAKEN (field email) when another account uses
 * the address. A mail failure keeps the account and answers with `notice`. Audited as
 * STAFF_ACCOUNT_CREATED.
 */
export async function createStaffAccount(deps: AuthDeps & { database: Database }, c: StaffCall, id: string, body: CreateStaffAccountBody): Promise<StaffWriteResponse> {
  if (!(STAFF_ACCOUNT_ROLES as readonly string[]).includes(body.role)) throw badRequest(m.roleNotAllowed, { role: m.roleNotAllowed });
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  let mail: { email: string; name: string; schoolName: string | null; locale: Locale } | null = null;
  let result: StaffWriteResponse;
  try {
    result = await inSchool(deps.database, c.actor, c.schoolId, async (tx, schoolId) => {
      const row = await loadStaff(tx, schoolId, id, true);
      if (row.status !== 'active') throw badRequest(m.exitedNoAccount);
      if (row.profileId) throw new AppError(409, 'ACCOUNT_EXISTS', m.accountExists);
      if (!row.email) throw badRequest(m.accountEmailRequired, { email: m.accountEmailRequired });
      if (await emailExists(tx, row.email)) throw emailTaken();
      const name = staffFullName(row);
      const profileId = await insertAccount(tx, { email: row.email, name, role: body.role, schoolId, passwordHash, phone: row.phone, status: 'active' });
      const updated = await repo.updateStaffRow(tx, row.id, { profileId });
      await auditSchool(tx, caller(c, schoolId), STAFF_AUDIT.accountCreated, `staff:${row.id}`, null, { profileId, email: row.email, role: body.role });
      const schoolName = (await findSchoolName(tx, schoolId))?.name ?? null;
      // A new account has no saved language yet: the e-mail is written in the school's default language.
      mail = { email: row.email, name, schoolName, locale: await schoolDefaultLocale(tx, schoolId) };
      const staff = await detailOf(tx, updated);
      return { staff, message: m.accountCreated(name, roleDisplayName(body.role).toLowerCase(), row.email!) };
    });
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) throw emailTaken();
    if (err instanceof AppError && err.code === 'CONFLICT') throw emailTaken();
    throw err;
  }
  let notice: string | null = null;
  if (mail) {
    try {
      await sendStaffSetupMail(deps, mail);
    } catch {
      notice = m.setupMailFailed;
    }
  }
  return { ...result, notice };
}

function emailTaken(): AppError {
  return new AppError(409, 'EMAIL_TAKEN', m.emailTaken, { fields: { email: m.emailTaken } });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * E-mails a new staff account's holder a link to choose their password: a password-reset link (valid
 * one hour, the same mechanism as "Forgot password?" and parents' set-up e-mails), written in
 * `user.locale` (the school's default_locale for a new account, issue 36 §2; left out, the request's
 * language). `schoolName` null: "Your school". Throws when the mail server refuses.
 */
export async function sendStaffSetupMail(deps: AuthDeps, user: { email: string; name: string; schoolName: string | null; locale?: Locale }): Promise<void> {
  await sendAccountSetupLink(deps, {
    email: user.email,
    name: user.name,
    subject: () => m.setupMailSubject,
    intro: () => messages.passwordReset.staffSetupIntro(user.schoolName ?? messages.passwordReset.yourSchool),
    area: 'School Users',
    locale: user.locale,
  });
}

/**
 * POST /api/staff/:id/account/disable and /enable (HR): the users module's status mechanism on the
 * staff member's linked account (disable: status inactive and every session ended at once; enable:
 * active). Idempotent. 400 when they have no account, for HR's own account, or enabling an exited
 * member of staff. Audited as USER_STATUS_CHANGED (with the staff id).
 */
export async function setStaffAccountStatus(database: Database, c: StaffCall, id: string, status: 'active' | 'inactive'): Promise<StaffWriteResponse> {
  return inSchool(database, c.actor, c.schoolId, async (tx, schoolId) => {
    const row = await loadStaff(tx, schoolId, id, true);
    if (!row.profileId) throw badRequest(m.noAccount);
    if (row.profileId === c.actor.id && status !== 'active') throw badRequest(m.cannotDisableSelf);
    if (status === 'active' && row.status !== 'active') throw badRequest(m.exitedNoAccount);
    const fc = caller(c, schoolId);
    if (status === 'inactive') {
      await disableAccount(tx, fc, row.profileId, row.id);
    } else {
      const p = await repo.lockProfileStatus(tx, row.profileId);
      if (p && p.status !== 'active') {
        await setUserStatus(tx, p.id, 'active');
        await auditSchool(tx, fc, STAFF_AUDIT.accountStatus, `user:${p.id}`, { status: p.status }, { status: 'active' }, { email: p.email, staffId: row.id });
      }
    }
    const staff = await detailOf(tx, row);
    return { staff, message: status === 'active' ? `${staff.name}'s account is enabled.` : `${staff.name}'s account is disabled; their open sessions have ended.` };
  });
}
