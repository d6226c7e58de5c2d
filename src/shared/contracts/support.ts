import { z } from 'zod';
import { supportMessages as sm } from '../messages/support.js';

/**
 * Support tickets (issue 17 §3, §4): school users open tickets and follow their reply thread (the
 * school director sees all of the school's, "Support Tickets"); EduFam staff work the queue across
 * schools in the "Support Center" (assignment, status, internal notes, canned replies, targets by
 * priority, satisfaction). Instants are ISO timestamps (UTC); screens show them in Africa/Nairobi.
 *
 * Who sees what: a school user sees the tickets they opened, the school director all of the school's
 * (anything else is 404); EduFam staff (permission manageSupport) see every school's. Internal notes are
 * never sent to school users.
 */

const m = sm.api;

export const SUPPORT_CATEGORIES = ['technical', 'billing', 'data_correction', 'feature_request'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
/** The workflow, in order: open → in_progress → waiting_for_school → resolved → closed. Closed is final. */
export const SUPPORT_STATUSES = ['open', 'in_progress', 'waiting_for_school', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** Statuses that still need EduFam's work (counted against targets). */
export const SUPPORT_ACTIVE_STATUSES = ['open', 'in_progress', 'waiting_for_school'] as const satisfies readonly SupportStatus[];

/**
 * Targets by priority, in minutes: the first support reply (first response) and the resolution, both
 * counted from when the ticket was opened (wall-clock time, not business hours).
 * urgent 1 h / 8 h, high 4 h / 24 h, normal 8 h / 72 h, low 24 h / 120 h.
 */
export const SUPPORT_TARGETS: Record<SupportPriority, { firstResponseMinutes: number; resolutionMinutes: number }> = {
  urgent: { firstResponseMinutes: 60, resolutionMinutes: 8 * 60 },
  high: { firstResponseMinutes: 4 * 60, resolutionMinutes: 24 * 60 },
  normal: { firstResponseMinutes: 8 * 60, resolutionMinutes: 72 * 60 },
  low: { firstResponseMinutes: 24 * 60, resolutionMinutes: 120 * 60 },
};

export const SUPPORT_DEFAULT_PAGE_SIZE = 25;
export const SUPPORT_MAX_PAGE_SIZE = 100;
/** Most files a ticket or reply may carry (as the shared attachments module). */
export const SUPPORT_MAX_ATTACHMENTS = 5;

const category = z.enum(SUPPORT_CATEGORIES, { error: m.category });
const priority = z.enum(SUPPORT_PRIORITIES, { error: m.priority });
const status = z.enum(SUPPORT_STATUSES, { error: m.status });
const attachmentIds = z.array(z.uuid()).max(SUPPORT_MAX_ATTACHMENTS).optional();
const instant = z.string();

/** A file attached to a ticket or reply (uploaded first with POST /api/attachments). */
export const supportAttachmentSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

export const supportPersonSchema = z.object({ id: z.uuid(), name: z.string() });
export type SupportPerson = z.infer<typeof supportPersonSchema>;

// ------------------------------------------------------------------------------------------------
// Tickets

/** POST /api/support/tickets (school users, permission openSupportTickets) → 201 SupportTicketDetail. */
export const createTicketBody = z.strictObject({
  category,
  priority: priority.default('normal'),
  subject: z.string(m.subjectRequired).trim().min(1, m.subjectRequired).max(200, m.subjectTooLong),
  description: z.string(m.descriptionRequired).trim().min(1, m.descriptionRequired).max(10_000, m.descriptionTooLong),
  /** File ids from POST /api/attachments (screenshots, PDFs), at most 5. */
  attachmentIds,
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

/**
 * One row of GET /api/support/tickets, with the figures against the targets (SUPPORT_TARGETS):
 * due times, minutes taken (null until it happened) and breached flags (true when the time passed
 * without it, or it happened late).
 */
export const supportTicketSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  /** "T-1042". */
  reference: z.string(),
  schoolId: z.uuid(),
  schoolName: z.string(),
  subject: z.string(),
  category,
  priority,
  status,
  /** Who opened it (null if the account was removed). */
  openedBy: z.object({ id: z.uuid(), name: z.string(), role: z.string() }).nullable(),
  /** The EduFam staff member working it. */
  assignedTo: supportPersonSchema.nullable(),
  createdAt: instant,
  updatedAt: instant,
  firstResponseAt: instant.nullable(),
  resolvedAt: instant.nullable(),
  closedAt: instant.nullable(),
  /** Replies the caller can see (internal notes count for EduFam staff only). */
  replies: z.number().int(),
  /** Satisfaction 1-5 once rated. */
  rating: z.number().int().nullable(),
  firstResponseDueAt: instant,
  resolutionDueAt: instant,
  firstResponseMinutes: z.number().int().nullable(),
  resolutionMinutes: z.number().int().nullable(),
  firstResponseBreached: z.boolean(),
  resolutionBreached: z.boolean(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

/** One entry of the reply thread. */
export const supportReplySchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  body: z.string(),
  /** Written by EduFam support staff. */
  fromSupport: z.boolean(),
  /** Internal note (EduFam staff only; never sent to the school). */
  internal: z.boolean(),
  author: z.object({ id: z.uuid(), name: z.string(), role: z.string() }).nullable(),
  attachments: z.array(supportAttachmentSchema),
  createdAt: instant,
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** GET /api/support/tickets/:id: the ticket with its description, attachments and thread (oldest first). */
export const supportTicketDetailSchema = supportTicketSummarySchema.extend({
  description: z.string(),
  attachments: z.array(supportAttachmentSchema),
  ratingComment: z.string().nullable(),
  thread: z.array(supportReplySchema),
  /** What the caller may do now (the screens show or hide buttons with it). */
  can: z.object({
    reply: z.boolean(),
    /** EduFam staff: PATCH status, priority, assignee; internal notes. */
    manage: z.boolean(),
    /** School side: "Close ticket" (when resolved). */
    close: z.boolean(),
    /** School side: "Reopen" (when resolved). */
    reopen: z.boolean(),
    /** The opener, resolved or closed, not yet rated. */
    rate: z.boolean(),
  }),
});
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;

/**
 * GET /api/support/tickets query. Empty values mean no filter. `assignedTo`: a staff user id,
 * 'unassigned' or 'mine' (EduFam staff). `overdue=true` keeps active tickets past a target.
 * `schoolId` is for EduFam staff (school users always get their own school's). `q` matches subject,
 * description or the reference ("T-1042" or "1042"). Newest first; page is 1-based.
 */
export const listTicketsQuery = z.object({
  status: z.union([z.literal(''), status, z.literal('active')]).optional(),
  priority: z.union([z.literal(''), priority]).optional(),
  category: z.union([z.literal(''), category]).optional(),
  schoolId: z.union([z.literal(''), z.uuid()]).optional(),
  assignedTo: z.union([z.literal(''), z.literal('unassigned'), z.literal('mine'), z.uuid()]).optional(),
  overdue: z.union([z.literal(''), z.enum(['true', 'false'])]).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_MAX_PAGE_SIZE).default(SUPPORT_DEFAULT_PAGE_SIZE),
});
export type ListTicketsQuery = z.input<typeof listTicketsQuery>;

export const listTicketsResponse = z.object({
  tickets: z.array(supportTicketSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListTicketsResponse = z.infer<typeof listTicketsResponse>;

export const ticketParams = z.object({ id: z.uuid(m.ticketNotFound) });
export const ticketFileParams = z.object({ id: z.uuid(m.ticketNotFound), fileId: z.uuid(m.ticketNotFound) });

/**
 * POST /api/support/tickets/:id/replies → 201 SupportReply. `internal` is for EduFam staff only (a
 * school user sending internal: true gets 400). A support (non-internal) reply stamps the first
 * response and moves an open ticket to in progress; a school reply on waiting_for_school moves it back
 * to in progress, on resolved reopens it (open). Closed → 409.
 */
export const createReplyBody = z.strictObject({
  body: z.string(m.bodyRequired).trim().min(1, m.bodyRequired).max(10_000, m.bodyTooLong),
  internal: z.boolean().default(false),
  attachmentIds,
});
export type CreateReplyBody = z.input<typeof createReplyBody>;

/**
 * PATCH /api/support/tickets/:id → SupportTicketDetail.
 * EduFam staff: any of status (any move except out of closed), priority, assignedTo (a staff user id or
 * null). School opener or director: only status 'closed' from resolved ("Close ticket") or 'open' from
 * resolved ("Reopen"); anything else 403. Moving a closed ticket anywhere → 409 (closed is final; open a
 * new ticket). resolvedAt / closedAt are stamped on the way in; moving back to an active status clears them.
 */
export const updateTicketBody = z.strictObject({
  status: status.optional(),
  priority: priority.optional(),
  assignedTo: z.union([z.uuid(m.staffNotFound), z.null()]).optional(),
});
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

/** POST /api/support/tickets/:id/rating (the opener; resolved or closed; once, 409 again) → SupportTicketDetail. */
export const rateTicketBody = z.strictObject({
  rating: z.number(m.rating).int(m.rating).min(1, m.rating).max(5, m.rating),
  comment: z.string().trim().max(2000, m.commentTooLong).optional(),
});
export type RateTicketBody = z.input<typeof rateTicketBody>;

// ------------------------------------------------------------------------------------------------
// Canned replies (EduFam staff)

export const cannedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

/** POST /api/support/canned-replies (201), PUT /api/support/canned-replies/:id. */
export const cannedReplyBody = z.strictObject({
  title: z.string(m.titleRequired).trim().min(1, m.titleRequired).max(120, m.titleTooLong),
  body: z.string(m.bodyRequired).trim().min(1, m.bodyRequired).max(10_000, m.bodyTooLong),
});
export type CannedReplyBody = z.input<typeof cannedReplyBody>;
export const cannedRepliesResponse = z.object({ cannedReplies: z.array(cannedReplySchema) });
export const cannedReplyParams = z.object({ id: z.uuid(m.cannedReplyNotFound) });

// ------------------------------------------------------------------------------------------------
// Stats and staff (EduFam staff)

/**
 * GET /api/support/stats: active tickets by status and priority, breached counts among active tickets,
 * and over the last 30 days (tickets opened then) the median first response and resolution in minutes
 * and the average satisfaction (null when none).
 */
export const supportStatsSchema = z.object({
  byStatus: z.record(z.enum(SUPPORT_STATUSES), z.number().int()),
  /** Active tickets (open, in progress, waiting for school) by priority. */
  byPriority: z.record(z.enum(SUPPORT_PRIORITIES), z.number().int()),
  unassigned: z.number().int(),
  firstResponseBreached: z.number().int(),
  resolutionBreached: z.number().int(),
  medianFirstResponseMinutes: z.number().nullable(),
  medianResolutionMinutes: z.number().nullable(),
  satisfactionAverage: z.number().nullable(),
  ratings: z.number().int(),
  openedLast30Days: z.number().int(),
});
export type SupportStats = z.infer<typeof supportStatsSchema>;

/** GET /api/support/staff: EduFam staff a ticket can be assigned to. */
export const supportStaffResponse = z.object({
  staff: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() })),
});
export type SupportStaffResponse = z.infer<typeof supportStaffResponse>;
