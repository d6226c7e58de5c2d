import type { Actor } from '../../../shared/access.js';
import type { BalancesResponse, CalendarResponse, LeaveBalance, LeaveRequest, LeaveRequestBody, LeaveType, LeaveTypeBody, LeaveTypePatch, MyLeaveBody, MyLeaveResponse } from '../../../shared/contracts/leave.js';
import { dayLabel } from '../../../shared/attendance-calendar.js';
import { schoolToday } from '../../../shared/dates.js';
import { datesBetween, leaveDays } from '../../../shared/hr/leave-days.js';
import { leaveMessages as m } from '../../../shared/messages/leave.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { requestApproval } from '../approvals/index.js';
import * as repo from './leave.repository.js';
import type { LeaveTypeRow, RequestFilters, StaffRow } from './leave.repository.js';

/**
 * Leave (issue 14 §2; docs/decisions/0012-hr-payroll.md "Leave"). Leave types carry the school's rule
 * (days per year in working or calendar days, carry-over limit, gender restriction); a member of staff
 * has one allocation per type and calendar year, created lazily the first time the year is read
 * (entitlement from the type; annual-style types carry last year's unused days up to carry_over_max).
 * A request counts its days in the type's unit (src/shared/hr/leave-days.ts) against the balance of the
 * year it starts in: available = entitled + carried − approved − pending. A new request is pending and
 * waits on the principal's Approvals card (an approvals row of kind 'leave'); HR or the principal
 * decides it (HR from Staff Management → Leave). Every change is audited.
 */

export const LEAVE_AUDIT = {
  typeCreated: 'LEAVE_TYPE_CREATED',
  typeUpdated: 'LEAVE_TYPE_UPDATED',
  requested: 'LEAVE_REQUESTED',
  approved: 'LEAVE_APPROVED',
  rejected: 'LEAVE_REJECTED',
  cancelled: 'LEAVE_CANCELLED',
} as const;

type TypeRow = LeaveTypeRow;

const one = (n: number) => Math.round(n * 10) / 10;
const staffName = (s: Pick<StaffRow, 'firstName' | 'otherNames' | 'lastName'>) => [s.firstName, s.otherNames, s.lastName].filter(Boolean).join(' ');

function typeOut(t: TypeRow): LeaveType {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    daysPerYear: t.daysPerYear,
    unit: t.unit as LeaveType['unit'],
    carryOverMax: t.carryOverMax,
    paid: t.paid,
    gender: (t.gender as LeaveType['gender']) ?? null,
    requiresDocument: t.requiresDocument,
    active: t.active,
  };
}

/** The leave types of a school, by name. */
async function typesOf(tx: Tx, schoolId: string): Promise<TypeRow[]> {
  return repo.listLeaveTypes(tx, schoolId);
}

/** GET /api/leave/types → { items } (every type, in use or not). */
export async function listTypes(database: Database, actor: Actor) {
  return inSchool(database, actor, null, async (tx, schoolId) => ({ items: (await typesOf(tx, schoolId)).map(typeOut) }));
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/\bleave\b/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'leave'
  );
}

/** POST /api/leave/types (HR) → the new type. Its code is derived from the name; 409 when taken. */
export async function createType(database: Database, c: { actor: Actor; ip: string }, body: LeaveTypeBody): Promise<LeaveType> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const code = slug(body.name);
    if (await repo.findLeaveTypeIdByCode(tx, schoolId, code)) throw new AppError(409, 'CONFLICT', m.codeTaken, { fields: { name: m.codeTaken } });
    const row = await repo.insertLeaveType(tx, { schoolId, code, ...body });
    await auditSchool(tx, { actor: c.actor, schoolId, ip: c.ip }, LEAVE_AUDIT.typeCreated, `leave_type:${row.id}`, null, typeOut(row));
    return typeOut(row);
  });
}

/** PATCH|PUT /api/leave/types/:id (HR) → the type with the given fields changed. 404 for another school's. */
export async function updateType(database: Database, c: { actor: Actor; ip: string }, id: string, patch: LeaveTypePatch): Promise<LeaveType> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const before = await repo.lockLeaveType(tx, schoolId, id);
    if (!before) throw notFound(m.typeNotFound);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const row = await repo.updateLeaveTypeRow(tx, id, set);
    await auditSchool(tx, { actor: c.actor, schoolId, ip: c.ip }, LEAVE_AUDIT.typeUpdated, `leave_type:${id}`, typeOut(before), typeOut(row));
    return typeOut(row);
  });
}

/** A member of staff of the school, or 404. */
async function staffOf(tx: Tx, schoolId: string, staffId: string): Promise<StaffRow> {
  const s = await repo.findStaffMember(tx, schoolId, staffId);
  if (!s) throw notFound(m.staffNotFound);
  return s;
}

/** The caller's own staff record (staff_members.profile_id), or 404 with a clear message. */
async function myStaff(tx: Tx, schoolId: string, actor: Actor): Promise<StaffRow> {
  const s = await repo.findStaffByProfile(tx, schoolId, actor.id);
  if (!s) throw new AppError(404, 'NO_STAFF_RECORD', m.noStaffRecord);
  return s;
}

const applies = (t: TypeRow, s: StaffRow) => !t.gender || t.gender === s.gender;

/**
 * The member of staff's allocations for `year`, creating the missing ones (types in use that apply to
 * their gender): entitlement = the type's days per year; carried = last year's unused days (entitled +
 * carried − approved) up to carry_over_max for types that carry over, 0 when last year had no allocation.
 */
async function ensureAllocations(tx: Tx, schoolId: string, s: StaffRow, types: TypeRow[], year: number) {
  const rows = await repo.listAllocations(tx, s.id, year);
  const have = new Set(rows.map((r) => r.leaveTypeId));
  const missing = types.filter((t) => t.active && applies(t, s) && !have.has(t.id));
  if (missing.length === 0) return rows;
  const prior = await repo.listAllocations(tx, s.id, year - 1);
  const priorTaken = await takenByType(tx, s.id, year - 1);
  const values = missing.map((t) => {
    let carried = 0;
    const p = prior.find((x) => x.leaveTypeId === t.id);
    if (p && t.carryOverMax !== null && t.carryOverMax > 0) {
      const unused = Number(p.entitledDays) + Number(p.carriedOverDays) - (priorTaken.get(t.id)?.approved ?? 0);
      carried = Math.max(0, Math.min(t.carryOverMax, one(unused)));
    }
    return { schoolId, staffId: s.id, leaveTypeId: t.id, year, entitledDays: t.daysPerYear, carriedOverDays: carried };
  });
  await repo.insertAllocationsIfAbsent(tx, values);
  return repo.listAllocations(tx, s.id, year);
}

/** Approved and pending days per leave type of requests starting in `year`. */
async function takenByType(tx: Tx, staffId: string, year: number) {
  const rows = await repo.listOpenRequestDaysOfYear(tx, staffId, year);
  const out = new Map<string, { approved: number; pending: number }>();
  for (const r of rows) {
    const t = out.get(r.typeId) ?? { approved: 0, pending: 0 };
    if (r.status === 'approved') t.approved += Number(r.days);
    else t.pending += Number(r.days);
    out.set(r.typeId, t);
  }
  return out;
}

/** Balances per leave type for a year (types that apply to the member of staff, plus any they already hold). */
async function balancesOf(tx: Tx, schoolId: string, s: StaffRow, year: number): Promise<LeaveBalance[]> {
  const types = await typesOf(tx, schoolId);
  const allocations = await ensureAllocations(tx, schoolId, s, types, year);
  const taken = await takenByType(tx, s.id, year);
  const out: LeaveBalance[] = [];
  for (const t of types) {
    const a = allocations.find((x) => x.leaveTypeId === t.id);
    if (!a) continue;
    const used = taken.get(t.id) ?? { approved: 0, pending: 0 };
    const entitled = Number(a.entitledDays);
    const carried = Number(a.carriedOverDays);
    out.push({
      leaveTypeId: t.id,
      code: t.code,
      name: t.name,
      unit: t.unit as LeaveBalance['unit'],
      entitled,
      carried,
      taken: one(used.approved),
      pending: one(used.pending),
      available: one(entitled + carried - used.approved - used.pending),
    });
  }
  return out;
}

const yearOf = (day: string) => Number(day.slice(0, 4));

/** "Mon 15 Feb 2027", or "Mon 15 Feb – Thu 18 Feb 2027" (the year once when both days share it). */
export function leaveRange(from: string, to: string): string {
  if (from === to) return dayLabel(from);
  return from.slice(0, 4) === to.slice(0, 4) ? `${dayLabel(from).slice(0, -5)} – ${dayLabel(to)}` : `${dayLabel(from)} – ${dayLabel(to)}`;
}

/** GET /api/leave/balances?staffId=&year= → { staffId, year, items } (year defaults to this year). 404 for another school's staff. */
export async function getBalances(database: Database, actor: Actor, q: { staffId: string; year?: number }): Promise<BalancesResponse> {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    const s = await staffOf(tx, schoolId, q.staffId);
    const year = q.year ?? yearOf(schoolToday());
    return { staffId: s.id, year, items: await balancesOf(tx, schoolId, s, year) };
  });
}

/** Requests with names, newest start first. */
async function requestRows(tx: Tx, schoolId: string, f: RequestFilters): Promise<LeaveRequest[]> {
  const rows = await repo.listRequestsWithNames(tx, schoolId, f);
  return rows.map(({ r, s, t, requestedBy, decidedBy }) => ({
    id: r.id,
    staffId: s.id,
    staffName: staffName(s),
    staffNumber: s.staffNumber,
    leaveTypeId: t.id,
    leaveType: t.name,
    unit: t.unit as LeaveRequest['unit'],
    startDate: r.startDate,
    endDate: r.endDate,
    days: Number(r.days),
    reason: r.reason,
    status: r.status as LeaveRequest['status'],
    requestedBy,
    decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * GET /api/leave/requests?status=&staffId=&from=&to= → { items }: the school's requests, filtered by
 * status, member of staff, and dates (a request counts when it overlaps from..to).
 */
export async function listRequests(database: Database, actor: Actor, q: { status?: string; staffId?: string; from?: string; to?: string }) {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    if (q.staffId) await staffOf(tx, schoolId, q.staffId);
    const items = await requestRows(tx, schoolId, { status: q.status, staffId: q.staffId, from: q.from, to: q.to });
    return { items };
  });
}

/** GET /api/leave/staff → the school's active staff (id, name, number, gender, job title) for the HR form. */
export async function listLeaveStaff(database: Database, actor: Actor) {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    const rows = await repo.listActiveStaff(tx, schoolId);
    return { items: rows.map((s) => ({ id: s.id, name: staffName(s), staffNumber: s.staffNumber, gender: s.gender, jobTitle: s.jobTitle })) };
  });
}

/**
 * Creates a pending request after checking it (400, nothing written): end before start, longer than a
 * year, no days to count, type not in use or restricted to the other gender, overlapping another pending
 * or approved request, more days than available in the start year. Adds the approvals row (kind
 * 'leave') for the principal's Approvals card and audits LEAVE_REQUESTED.
 */
async function createRequest(tx: Tx, c: SchoolCaller, s: StaffRow, body: MyLeaveBody): Promise<LeaveRequest> {
  if (body.endDate < body.startDate) throw badRequest(m.endBeforeStart, { endDate: m.endBeforeStart });
  if (datesBetween(body.startDate, body.endDate).length > 366) throw badRequest(m.tooLong, { endDate: m.tooLong });
  if (s.status !== 'active') throw badRequest(m.staffExited, { staffId: m.staffExited });
  const t = await repo.findLeaveType(tx, c.schoolId, body.leaveTypeId);
  if (!t) throw notFound(m.typeNotFound);
  if (!t.active) throw badRequest(m.typeInactive, { leaveTypeId: m.typeInactive });
  if (!applies(t, s)) {
    const msg = m.genderRestricted(t.name, t.gender === 'female' ? 'female' : 'male');
    throw badRequest(msg, { leaveTypeId: msg });
  }
  const unit = t.unit as 'working_days' | 'calendar_days';
  const days = leaveDays(body.startDate, body.endDate, unit);
  if (days <= 0) throw badRequest(m.noDays, { endDate: m.noDays });
  // Serialise requests of one member of staff (overlap and balance checks) on their staff row.
  await repo.lockStaffRow(tx, s.id);
  const clash = await repo.findOverlappingRequestId(tx, s.id, body.startDate, body.endDate);
  if (clash) throw badRequest(m.overlap, { startDate: m.overlap });
  const balance = (await balancesOf(tx, c.schoolId, s, yearOf(body.startDate))).find((b) => b.leaveTypeId === t.id);
  const available = balance?.available ?? 0;
  if (days > available) {
    const msg = m.notEnoughDays(days, Math.max(0, available), t.name.toLowerCase());
    throw badRequest(msg, { endDate: msg });
  }
  const reason = body.reason?.trim() || null;
  const row = await repo.insertLeaveRequest(tx, { schoolId: c.schoolId, staffId: s.id, leaveTypeId: t.id, startDate: body.startDate, endDate: body.endDate, days, reason, status: 'pending', requestedBy: c.actor.id });
  const now = new Date();
  const title = m.approvalTitle(t.name, staffName(s));
  const summary = m.approvalSummary(leaveRange(body.startDate, body.endDate), days, unit, reason);
  await requestApproval(tx, { schoolId: c.schoolId, kind: 'leave', subjectId: row.id, title, summary, requestedBy: c.actor.id, requestedAt: now });
  await auditSchool(tx, c, LEAVE_AUDIT.requested, `leave_request:${row.id}`, null, { staffId: s.id, leaveType: t.code, startDate: body.startDate, endDate: body.endDate, days, status: 'pending' });
  const [out] = await requestRows(tx, c.schoolId, { id: row.id });
  return out!;
}

/** POST /api/leave/requests (HR) { staffId, leaveTypeId, startDate, endDate, reason? } → 201 the pending request. */
export async function requestForStaff(database: Database, c: { actor: Actor; ip: string }, body: LeaveRequestBody): Promise<LeaveRequest> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const s = await staffOf(tx, schoolId, body.staffId);
    return createRequest(tx, { actor: c.actor, schoolId, ip: c.ip }, s, body);
  });
}

/** POST /api/me/leave { leaveTypeId, startDate, endDate, reason? } → 201 the caller's pending request (404 without a staff record). */
export async function requestMine(database: Database, c: { actor: Actor; ip: string }, body: MyLeaveBody): Promise<LeaveRequest> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const s = await myStaff(tx, schoolId, c.actor);
    return createRequest(tx, { actor: c.actor, schoolId, ip: c.ip }, s, body);
  });
}

/** GET /api/me/leave → the caller's staff record, this year's balances, their requests and the types they may request. */
export async function myLeave(database: Database, actor: Actor, year?: number): Promise<MyLeaveResponse> {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    const s = await myStaff(tx, schoolId, actor);
    const y = year ?? yearOf(schoolToday());
    const balances = await balancesOf(tx, schoolId, s, y);
    const requests = await requestRows(tx, schoolId, { staffId: s.id });
    const types = (await typesOf(tx, schoolId)).filter((t) => t.active && applies(t, s)).map(typeOut);
    return { staff: { id: s.id, name: staffName(s), gender: s.gender }, year: y, balances, requests, types };
  });
}

/**
 * Approves or rejects a pending request in the caller's transaction (HR's route and the Approvals card's
 * decider). 404 for another school's; 409 ALREADY_DECIDED when it is no longer pending; 403 when the
 * caller decides their own leave (HR's own leave goes to the principal and the other way round). With
 * `syncApproval`, the request's approvals row is decided too (the approvals service does it itself).
 */
export async function decideInTx(tx: Tx, c: SchoolCaller, requestId: string, approve: boolean, note: string | null, syncApproval: boolean): Promise<void> {
  const r = await repo.lockLeaveRequest(tx, c.schoolId, requestId);
  if (!r) throw notFound(m.requestNotFound);
  if (r.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', m.alreadyDecided);
  const owner = await repo.findStaffProfileId(tx, r.staffId);
  if (owner?.profileId === c.actor.id) throw forbidden(m.ownRequest);
  const now = new Date();
  const status = approve ? 'approved' : 'rejected';
  const decisionNote = note?.trim() || null;
  await repo.markRequestDecided(tx, r.id, { status, decidedBy: c.actor.id, note: decisionNote, now });
  if (syncApproval) {
    await repo.closePendingLeaveApproval(tx, r.id, { status, decidedBy: c.actor.id, decidedAt: now, note: decisionNote });
  }
  await auditSchool(tx, c, approve ? LEAVE_AUDIT.approved : LEAVE_AUDIT.rejected, `leave_request:${r.id}`, { status: r.status }, { status, note: decisionNote }, { staffId: r.staffId });
}

/** POST /api/leave/requests/:id/approve | /reject { note? } (HR or the principal) → the decided request. */
export async function decideRequest(database: Database, c: { actor: Actor; ip: string }, id: string, approve: boolean, note: string | null): Promise<LeaveRequest> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    await decideInTx(tx, { actor: c.actor, schoolId, ip: c.ip }, id, approve, note, true);
    const [out] = await requestRows(tx, schoolId, { id });
    return out!;
  });
}

/**
 * POST /api/leave/requests/:id/cancel (the member of staff, whoever requested it, or HR) → the cancelled
 * request. Pending requests, and approved leave that has not started yet (today Africa/Nairobi), can be
 * cancelled; a pending request's approvals row is closed with a note. 403 for anyone else; 409 otherwise.
 */
export async function cancelRequest(database: Database, c: { actor: Actor; ip: string }, id: string): Promise<LeaveRequest> {
  return inSchool(database, c.actor, null, async (tx, schoolId) => {
    const r = await repo.lockLeaveRequest(tx, schoolId, id);
    if (!r) throw notFound(m.requestNotFound);
    const s = await repo.findStaffProfileId(tx, r.staffId);
    const mine = s?.profileId === c.actor.id || r.requestedBy === c.actor.id;
    if (!mine && c.actor.role !== 'hr') throw forbidden(m.cancelForbidden);
    const today = schoolToday();
    if (!(r.status === 'pending' || (r.status === 'approved' && r.startDate > today))) throw new AppError(409, 'NOT_CANCELLABLE', m.notCancellable);
    const now = new Date();
    await repo.markRequestCancelled(tx, r.id, now);
    await repo.closePendingLeaveApproval(tx, r.id, { status: 'rejected', decidedBy: c.actor.id, decidedAt: now, note: m.cancelledNote });
    await auditSchool(tx, { actor: c.actor, schoolId, ip: c.ip }, LEAVE_AUDIT.cancelled, `leave_request:${r.id}`, { status: r.status }, { status: 'cancelled' }, { staffId: r.staffId });
    const [out] = await requestRows(tx, schoolId, { id: r.id });
    return out!;
  });
}

/** The first and last day of a month (YYYY-MM). */
function monthBounds(month: string): { from: string; to: string } {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** GET /api/leave/calendar?month=YYYY-MM → every day of the month with the school's approved and pending leave on it. */
export async function leaveCalendar(database: Database, actor: Actor, month: string): Promise<CalendarResponse> {
  return inSchool(database, actor, null, async (tx, schoolId) => {
    const { from, to } = monthBounds(month);
    const items = (await requestRows(tx, schoolId, { statuses: ['approved', 'pending'], from, to })).reverse();
    const days = datesBetween(from, to).map((date) => ({
      date,
      entries: items
        .filter((r) => r.startDate <= date && r.endDate >= date)
        .map((r) => ({ requestId: r.id, staffId: r.staffId, staffName: r.staffName, leaveType: r.leaveType, status: r.status as 'approved' | 'pending' })),
    }));
    return { month, days };
  });
}

/**
 * Approved leave of staff with sign-in accounts between two dates (staff attendance, issue 14 §2 "staff
 * on approved leave show as such"): profile id → date → the leave type's name. Every calendar day of
 * the leave is listed; the register only asks about school days.
 */
export async function approvedLeaveByProfile(tx: Tx, schoolId: string, from: string, to: string): Promise<Map<string, Map<string, string>>> {
  const rows = await repo.listApprovedLeaveOfProfiles(tx, schoolId, from, to);
  const out = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const days = out.get(r.profileId!) ?? new Map<string, string>();
    for (const d of datesBetween(r.startDate < from ? from : r.startDate, r.endDate > to ? to : r.endDate)) days.set(d, r.type);
    out.set(r.profileId!, days);
  }
  return out;
}
