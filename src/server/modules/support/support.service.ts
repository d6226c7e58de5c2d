import { can, type Actor } from '../../../shared/access.js';
import {
  SUPPORT_ACTIVE_STATUSES,
  SUPPORT_PRIORITIES,
  SUPPORT_STATUSES,
  SUPPORT_TARGETS,
  type CannedReply,
  type CannedReplyBody,
  type createReplyBody,
  type createTicketBody,
  type ListTicketsResponse,
  type RateTicketBody,
  type SupportPriority,
  type SupportReply,
  type SupportStaffResponse,
  type SupportStats,
  type SupportStatus,
  type SupportTicketDetail,
  type SupportTicketSummary,
  type UpdateTicketBody,
  type listTicketsQuery,
} from '../../../shared/contracts/support.js';
import { supportMessages as sm, ticketReference } from '../../../shared/messages/support.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { z } from 'zod';
import type { Tx } from '../../db/tenant.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { accountLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { paginate } from '../../lib/paging.js';
import { resolveAttachments } from '../attachments/index.js';
import * as repo from './support.repository.js';
import type { AttachmentRef, CannedReplyRow, TicketFilters, TicketPatch, TicketReplyRow, TicketRow, TicketScope, TicketSummaryRow, TicketViewer } from './support.repository.js';

const m = sm.api;
const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Who is calling: the actor, their IP (for the audit) and whether they work the Support Center. */
export type SupportCaller = RequestCaller & {
  /** EduFam staff (manageSupport): every school's tickets, internal notes, status and assignment. */
  staff: boolean;
};

/** The caller of a route open to both sides; 403 for a role that can neither open nor work tickets. */
export function supportCaller(actor: Actor, ip: string): SupportCaller {
  const staff = can(actor, 'manageSupport');
  if (!staff && !can(actor, 'openSupportTickets')) throw forbidden(m.noSupportAccess);
  return { actor, ip, staff };
}

const ACTIVE: readonly string[] = SUPPORT_ACTIVE_STATUSES;
const isActive = (status: string) => ACTIVE.includes(status);
const MINUTE = 60_000;

/**
 * The figures of one ticket against SUPPORT_TARGETS: due times from when it was opened, minutes taken
 * once it happened, and breached when it happened late or (still active) the due time has passed.
 */
export function slaFigures(t: Pick<TicketRow, 'priority' | 'status' | 'createdAt' | 'firstResponseAt' | 'resolvedAt' | 'closedAt'>, now = new Date()) {
  const target = SUPPORT_TARGETS[t.priority as SupportPriority] ?? SUPPORT_TARGETS.normal;
  const opened = t.createdAt.getTime();
  const firstDue = opened + target.firstResponseMinutes * MINUTE;
  const resolutionDue = opened + target.resolutionMinutes * MINUTE;
  const active = isActive(t.status);
  const resolvedAt = t.resolvedAt ?? (active ? null : t.closedAt);
  const firstEnd = t.firstResponseAt?.getTime() ?? (active ? now.getTime() : null);
  const resolutionEnd = resolvedAt?.getTime() ?? (active ? now.getTime() : null);
  return {
    firstResponseDueAt: new Date(firstDue).toISOString(),
    resolutionDueAt: new Date(resolutionDue).toISOString(),
    firstResponseMinutes: t.firstResponseAt ? Math.round((t.firstResponseAt.getTime() - opened) / MINUTE) : null,
    resolutionMinutes: resolvedAt ? Math.round((resolvedAt.getTime() - opened) / MINUTE) : null,
    firstResponseBreached: firstEnd !== null && firstEnd > firstDue,
    resolutionBreached: resolutionEnd !== null && resolutionEnd > resolutionDue,
  };
}

/** Rows the caller may see: EduFam staff all (RLS: platform context); the director the school's; others their own. */
function scopeOf(c: SupportCaller): TicketScope {
  if (c.staff) return { kind: 'all' };
  if (!c.actor.schoolId) return { kind: 'none' };
  if (c.actor.role === 'school_director') return { kind: 'school', schoolId: c.actor.schoolId };
  return { kind: 'opener', schoolId: c.actor.schoolId, openedBy: c.actor.id };
}

/** The caller as a reader of tickets: their scope, and internal notes for EduFam staff only. */
const viewerOf = (c: SupportCaller): TicketViewer => ({ scope: scopeOf(c), internalNotes: c.staff });

function toSummary(r: TicketSummaryRow, now = new Date()): SupportTicketSummary {
  const t = r.t;
  return {
    id: t.id,
    number: t.number,
    reference: ticketReference(t.number),
    schoolId: t.schoolId,
    schoolName: r.schoolName,
    subject: t.subject,
    category: t.category as SupportTicketSummary['category'],
    priority: t.priority as SupportPriority,
    status: t.status as SupportStatus,
    openedBy: r.openerId ? { id: r.openerId, name: r.openerName ?? '', role: r.openerRole ?? '' } : null,
    // A school user cannot read EduFam staff profiles (row-level security): they see "EduFam Support".
    assignedTo: t.assignedTo ? { id: t.assignedTo, name: r.assigneeName ?? sm.supportName } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    firstResponseAt: t.firstResponseAt?.toISOString() ?? null,
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    closedAt: t.closedAt?.toISOString() ?? null,
    replies: Number(r.replies),
    rating: t.satisfactionRating,
    ...slaFigures(t, now),
  };
}

/**
 * GET /api/support/tickets: the caller's tickets (school users), the school's (director) or the queue
 * across schools (EduFam staff) with filters; newest first.
 */
export async function listTickets(tx: Tx, c: SupportCaller, q: z.output<typeof listTicketsQuery>): Promise<ListTicketsResponse> {
  const filters: TicketFilters = {
    status: q.status,
    priority: q.priority,
    category: q.category,
    schoolId: q.schoolId && c.staff ? q.schoolId : undefined,
    assignedTo: q.assignedTo === 'mine' ? c.actor.id : q.assignedTo,
    overdue: q.overdue === 'true' ? true : q.overdue === 'false' ? false : undefined,
    search: q.q,
  };
  const viewer = viewerOf(c);
  const page = await paginate(q, (w) => repo.listTicketSummaries(tx, viewer, filters, w), () => repo.countTickets(tx, viewer.scope, filters));
  const now = new Date();
  return { tickets: page.items.map((r) => toSummary(r, now)), total: page.total, page: page.page, pageSize: page.pageSize };
}

/** The ticket if the caller may see it (404 otherwise: another school, or a school user's colleague's ticket). */
async function loadTicket(tx: Tx, c: SupportCaller, id: string, forUpdate = false): Promise<TicketSummaryRow> {
  const row = await repo.findTicketSummary(tx, viewerOf(c), id, forUpdate);
  if (!row) throw notFound(m.ticketNotFound);
  return row;
}

const isOpener = (c: SupportCaller, t: TicketRow) => !c.staff && t.openedBy === c.actor.id;

/** GET /api/support/tickets/:id: the ticket and its thread (internal notes for EduFam staff only). */
export async function ticketDetail(tx: Tx, c: SupportCaller, id: string): Promise<SupportTicketDetail> {
  const row = await loadTicket(tx, c, id);
  return detailOf(tx, c, row);
}

async function detailOf(tx: Tx, c: SupportCaller, row: TicketSummaryRow): Promise<SupportTicketDetail> {
  const t = row.t;
  const replies = await repo.listTicketReplies(tx, t.id, c.staff);
  const thread: SupportReply[] = replies.map(({ r, name, role }) => replyOut(r, name, role));
  const summary = toSummary({ ...row, replies: thread.length });
  const schoolSide = !c.staff && (isOpener(c, t) || c.actor.role === 'school_director');
  return {
    ...summary,
    description: t.description,
    attachments: t.attachments,
    ratingComment: t.satisfactionComment,
    thread,
    can: {
      reply: t.status !== 'closed',
      manage: c.staff,
      close: schoolSide && t.status === 'resolved',
      reopen: schoolSide && t.status === 'resolved',
      rate: isOpener(c, t) && (t.status === 'resolved' || t.status === 'closed') && t.satisfactionRating === null,
    },
  };
}

function replyOut(r: TicketReplyRow, name: string | null, role: string | null): SupportReply {
  return {
    id: r.id,
    ticketId: r.ticketId,
    body: r.body,
    fromSupport: r.fromSupport,
    internal: r.internal,
    // A school user cannot read EduFam staff profiles (row-level security): the thread says "EduFam Support".
    author: r.authorId ? { id: r.authorId, name: name ?? (r.fromSupport ? sm.supportName : ''), role: role ?? (r.fromSupport ? 'edufam_admin' : '') } : null,
    attachments: r.attachments,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the routes publish and mail after the transaction commits. */
export interface TicketChange {
  ticketId: string;
  schoolId: string;
  openedBy: string | null;
  /** Set when EduFam support replied to the school (not an internal note): the opener gets an e-mail. */
  mail?: { to: string; subject: string; text: string };
}

const changeOf = (t: TicketRow): TicketChange => ({ ticketId: t.id, schoolId: t.schoolId, openedBy: t.openedBy });

/** An audit entry of a change to ticket `t` (old and new values of the changed field, and the summary line shown in the Audit Trail). */
async function auditTicket(tx: Tx, c: SupportCaller, t: TicketRow, action: string, oldValue: Record<string, unknown>, newValue: Record<string, unknown>, summary: string) {
  await recordAudit(tx, {
    schoolId: t.schoolId,
    action,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: 'support_ticket',
    resource: t.id,
    oldValue,
    newValue,
    metadata: { reference: ticketReference(t.number), summary },
    ipAddress: c.ip,
  });
}

async function auditStatus(tx: Tx, c: SupportCaller, t: TicketRow, to: string, action = 'support.ticket.status') {
  await auditTicket(tx, c, t, action, { status: t.status }, { status: to }, sm.audit.status(ticketReference(t.number), t.status, to));
}

/** Stamps that go with a move to `to` (resolved/closed stamped; moving back to an active status clears them). */
function stampsFor(t: TicketRow, to: SupportStatus, now: Date): TicketPatch {
  if (to === 'resolved') return { resolvedAt: t.resolvedAt ?? now, closedAt: null };
  if (to === 'closed') return { resolvedAt: t.resolvedAt ?? now, closedAt: now };
  return { resolvedAt: null, closedAt: null };
}

/** POST /api/support/tickets: a school user opens a ticket (attachments: their own uploads). */
export async function openTicket(tx: Tx, c: SupportCaller, body: z.output<typeof createTicketBody>): Promise<{ detail: SupportTicketDetail; change: TicketChange }> {
  const schoolId = c.actor.schoolId;
  if (c.staff || !schoolId) throw forbidden(m.noSupportAccess);
  const attachments = await resolveAttachments(tx, schoolId, c.actor.id, body.attachmentIds);
  const t = await repo.insertTicket(tx, { schoolId, openedBy: c.actor.id, category: body.category, priority: body.priority, subject: body.subject, description: body.description, attachments });
  const row = await loadTicket(tx, c, t.id);
  return { detail: await detailOf(tx, c, row), change: changeOf(t) };
}

/**
 * POST /api/support/tickets/:id/replies. EduFam staff: a reply to the school stamps the first response
 * and moves an open ticket to in progress (and e-mails the opener); an internal note changes nothing
 * else. School side: internal is refused (400); a reply on waiting_for_school moves it to in progress,
 * on resolved reopens it (open). Closed → 409.
 */
export async function addReply(tx: Tx, c: SupportCaller, id: string, body: z.output<typeof createReplyBody>): Promise<{ reply: SupportReply; change: TicketChange }> {
  if (body.internal && !c.staff) throw badRequest(m.internalNotAllowed, { internal: m.internalNotAllowed });
  const row = await loadTicket(tx, c, id, true);
  const t = row.t;
  if (t.status === 'closed') throw conflict('TICKET_CLOSED', m.ticketClosed);
  const attachments: AttachmentRef[] = await resolveAttachments(tx, t.schoolId, c.actor.id, body.attachmentIds, { anyUploader: c.staff });
  const now = new Date();
  const r = await repo.insertTicketReply(tx, { ticketId: t.id, schoolId: t.schoolId, authorId: c.actor.id, fromSupport: c.staff, internal: c.staff && body.internal, body: body.body, attachments, createdAt: now });
  const patch: TicketPatch = { updatedAt: now };
  let to: SupportStatus | null = null;
  if (c.staff && !body.internal) {
    if (!t.firstResponseAt) patch.firstResponseAt = now;
    if (t.status === 'open') to = 'in_progress';
  } else if (!c.staff) {
    if (t.status === 'waiting_for_school') to = 'in_progress';
    else if (t.status === 'resolved') to = 'open';
  }
  if (to) {
    Object.assign(patch, { status: to }, stampsFor(t, to, now));
    await auditStatus(tx, c, t, to);
  }
  await repo.updateTicketFields(tx, t.id, patch);
  const change = changeOf(t);
  if (c.staff && !body.internal && t.openedBy) {
    const who = await repo.findProfileContact(tx, t.openedBy);
    if (who) {
      const ref = ticketReference(t.number);
      // In the opener's saved language (issue 36 §2), not that of the EduFam staff member replying.
      change.mail = withLocale(accountLocale(who.locale), () => ({ to: who.email, subject: sm.email.replySubject(ref, t.subject), text: sm.email.replyText(who.name, ref, t.subject, body.body) }));
    }
  }
  const me = await repo.findProfileNameRole(tx, c.actor.id);
  return { reply: replyOut(r, me?.name ?? null, me?.role ?? null), change };
}

/**
 * PATCH /api/support/tickets/:id. EduFam staff: status (any move except out of closed), priority and
 * assignee (EduFam staff or null), audited. School opener or director: only resolved → closed ("Close
 * ticket") or resolved → open ("Reopen"); anything else 403.
 */
export async function updateTicket(tx: Tx, c: SupportCaller, id: string, body: UpdateTicketBody): Promise<{ detail: SupportTicketDetail; change: TicketChange }> {
  if (body.status === undefined && body.priority === undefined && body.assignedTo === undefined) throw badRequest(m.nothingToChange);
  const row = await loadTicket(tx, c, id, true);
  const t = row.t;
  if (!c.staff) {
    const schoolSide = isOpener(c, t) || c.actor.role === 'school_director';
    const statusOnly = schoolSide && body.priority === undefined && body.assignedTo === undefined;
    if (statusOnly && t.status === 'closed' && body.status === 'open') throw conflict('TICKET_CLOSED', m.ticketClosed);
    if (!(statusOnly && t.status === 'resolved' && (body.status === 'closed' || body.status === 'open'))) throw forbidden(m.schoolStatusNotAllowed);
  }
  if (t.status === 'closed' && body.status !== undefined && body.status !== 'closed') throw conflict('TICKET_CLOSED', m.ticketClosed);
  const now = new Date();
  const patch: TicketPatch = { updatedAt: now };
  const ref = ticketReference(t.number);
  if (body.status !== undefined && body.status !== t.status) {
    Object.assign(patch, { status: body.status }, stampsFor(t, body.status, now));
    await auditStatus(tx, c, t, body.status);
  }
  if (body.priority !== undefined && body.priority !== t.priority) {
    patch.priority = body.priority;
    await auditTicket(tx, c, t, 'support.ticket.priority', { priority: t.priority }, { priority: body.priority }, sm.audit.priority(ref, t.priority, body.priority));
  }
  if (body.assignedTo !== undefined && body.assignedTo !== t.assignedTo) {
    let name: string | null = null;
    if (body.assignedTo) {
      const staffName = await repo.findActiveStaffName(tx, body.assignedTo);
      if (staffName === undefined) throw badRequest(m.staffNotFound, { assignedTo: m.staffNotFound });
      name = staffName;
    }
    patch.assignedTo = body.assignedTo;
    await auditTicket(tx, c, t, 'support.ticket.assign', { assignedTo: t.assignedTo }, { assignedTo: body.assignedTo }, sm.audit.assigned(ref, name));
  }
  await repo.updateTicketFields(tx, t.id, patch);
  return { detail: await detailOf(tx, c, await loadTicket(tx, c, t.id)), change: changeOf(t) };
}

/** POST /api/support/tickets/:id/rating: the opener rates once the ticket is resolved or closed; once (409 again). */
export async function rateTicket(tx: Tx, c: SupportCaller, id: string, body: RateTicketBody): Promise<{ detail: SupportTicketDetail; change: TicketChange }> {
  const row = await loadTicket(tx, c, id, true);
  const t = row.t;
  if (!isOpener(c, t)) throw forbidden(m.ratingOpenerOnly);
  if (t.satisfactionRating !== null) throw conflict('ALREADY_RATED', m.ratingTwice);
  if (t.status !== 'resolved' && t.status !== 'closed') throw conflict('NOT_RESOLVED', m.ratingNotYet);
  const rated = await repo.setTicketRatingOnce(tx, t.id, body.rating, body.comment?.trim() || null, new Date());
  if (!rated) throw conflict('ALREADY_RATED', m.ratingTwice);
  return { detail: await detailOf(tx, c, await loadTicket(tx, c, t.id)), change: changeOf(t) };
}

/** Attachments of the ticket and of the replies the caller can see (for GET …/attachments/:fileId). */
export async function visibleAttachments(tx: Tx, c: SupportCaller, id: string): Promise<AttachmentRef[]> {
  const row = await loadTicket(tx, c, id);
  const replies = await repo.listReplyAttachments(tx, id, c.staff);
  return [...row.t.attachments, ...replies.flatMap((r) => r.attachments)];
}

// ------------------------------------------------------------------------------------------------
// Canned replies, staff, stats (EduFam staff; platform context)

const cannedOut = (r: CannedReplyRow): CannedReply => ({
  id: r.id,
  title: r.title,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /api/support/canned-replies, by title. */
export async function listCannedReplies(tx: Tx): Promise<CannedReply[]> {
  const rows = await repo.listCannedReplies(tx);
  return rows.map(cannedOut);
}

/** POST /api/support/canned-replies (id absent) or PUT …/:id (404 when missing). */
export async function saveCannedReply(tx: Tx, c: SupportCaller, body: CannedReplyBody, id?: string): Promise<CannedReply> {
  if (id) {
    const r = await repo.updateCannedReply(tx, id, { title: body.title, body: body.body, updatedAt: new Date() });
    if (!r) throw notFound(m.cannedReplyNotFound);
    return cannedOut(r);
  }
  const r = await repo.insertCannedReply(tx, { title: body.title, body: body.body, createdBy: c.actor.id });
  return cannedOut(r);
}

/** DELETE /api/support/canned-replies/:id (404 when missing). */
export async function deleteCannedReply(tx: Tx, id: string): Promise<void> {
  const gone = await repo.deleteCannedReply(tx, id);
  if (!gone) throw notFound(m.cannedReplyNotFound);
}

/** GET /api/support/staff: active EduFam staff, by name. */
export async function listStaff(tx: Tx): Promise<SupportStaffResponse['staff']> {
  const rows = await repo.listActiveStaff(tx);
  return rows.filter((r) => isAdminRole(r.role)).map((r) => ({ ...r, role: r.role ?? '' }));
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * GET /api/support/stats: every school's tickets by status; active ones by priority, unassigned and
 * breached; over tickets opened in the last 30 days the median first response and resolution (minutes)
 * and the satisfaction average.
 */
export async function supportStats(tx: Tx): Promise<SupportStats> {
  const now = new Date();
  const byStatus = Object.fromEntries(SUPPORT_STATUSES.map((s) => [s, 0])) as SupportStats['byStatus'];
  const byPriority = Object.fromEntries(SUPPORT_PRIORITIES.map((p) => [p, 0])) as SupportStats['byPriority'];
  const counts = await repo.countTicketsByStatus(tx);
  for (const r of counts) if (r.status in byStatus) byStatus[r.status as SupportStatus] = Number(r.n);
  const active = await repo.listActiveTickets(tx);
  let unassigned = 0;
  let firstResponseBreached = 0;
  let resolutionBreached = 0;
  for (const t of active) {
    if (t.priority in byPriority) byPriority[t.priority as SupportPriority] += 1;
    if (!t.assignedTo) unassigned += 1;
    const f = slaFigures(t, now);
    if (f.firstResponseBreached) firstResponseBreached += 1;
    if (f.resolutionBreached) resolutionBreached += 1;
  }
  const since = new Date(now.getTime() - 30 * 24 * 60 * MINUTE);
  const recent = await repo.listTicketsOpenedSince(tx, since);
  const firsts: number[] = [];
  const resolutions: number[] = [];
  const ratings: number[] = [];
  for (const t of recent) {
    const f = slaFigures(t, now);
    if (f.firstResponseMinutes !== null) firsts.push(f.firstResponseMinutes);
    if (f.resolutionMinutes !== null) resolutions.push(f.resolutionMinutes);
    if (t.satisfactionRating !== null) ratings.push(t.satisfactionRating);
  }
  const avg = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : null;
  return {
    byStatus,
    byPriority,
    unassigned,
    firstResponseBreached,
    resolutionBreached,
    medianFirstResponseMinutes: median(firsts),
    medianResolutionMinutes: median(resolutions),
    satisfactionAverage: avg,
    ratings: ratings.length,
    openedLast30Days: recent.length,
  };
}
