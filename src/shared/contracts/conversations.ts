import { z } from 'zod';
import { conversationMessages as cm } from '../messages/conversations.js';
import { ROLES } from '../roles.js';

/**
 * Conversations between parents and staff and among staff (issue 17 §2, §4): one-to-one and group
 * conversations, a teacher's broadcast to the parents of a stream (replies come back privately), unread
 * counts, archive, office hours with auto-reply, reports of abusive messages and the principal's audited
 * review. Shared by the API routes and the web screens. Browser-safe.
 *
 * Instants are ISO 8601 date-times in UTC; screens show them in Africa/Nairobi. Message bodies are plain
 * text (HTML is kept as text and must be rendered as text).
 */

const m = cm.api;

/** Longest message body, in characters (after trimming). */
export const CONVERSATION_BODY_MAX = 5_000;
/** Longest subject. */
export const CONVERSATION_SUBJECT_MAX = 200;
/** Most people a conversation may have besides the one starting it. */
export const CONVERSATION_MAX_PARTICIPANTS = 20;
/** Conversations per page of GET /api/conversations. */
export const CONVERSATIONS_PAGE_SIZE = 30;
/** Default and largest page of GET /api/conversations/:id/messages. */
export const MESSAGES_DEFAULT_LIMIT = 50;
export const MESSAGES_MAX_LIMIT = 200;
/** Longest preview of the last message in the list. */
export const MESSAGE_PREVIEW_MAX = 140;
/** The header a client sends with POST /api/conversations/:id/messages so a retry is stored once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** An office-hours auto-reply is sent at most once per conversation in this many hours. */
export const AUTO_REPLY_INTERVAL_HOURS = 12;

export const CONVERSATION_KINDS = ['direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const MESSAGE_REPORT_STATUSES = ['open', 'reviewed', 'dismissed'] as const;
export type MessageReportStatus = (typeof MESSAGE_REPORT_STATUSES)[number];

const body = z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(CONVERSATION_BODY_MAX, m.bodyTooLong(CONVERSATION_BODY_MAX));
const optionalSubject = z
  .union([z.string().trim().max(CONVERSATION_SUBJECT_MAX, m.subjectTooLong).transform((v) => v || null), z.null()])
  .optional();
const clock = z.string({ error: m.officeHoursTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.officeHoursTime);
const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

// ------------------------------------------------------------------------------------------------
// Shapes in answers

/** The attachment of a message (upload first with POST /api/attachments). */
export const conversationAttachmentSchema = z.object({ fileId: z.uuid(), name: z.string(), contentType: z.string(), sizeBytes: z.number().int() });
export type ConversationAttachment = z.infer<typeof conversationAttachmentSchema>;

/** A person in a conversation or in the contacts list. */
export const conversationParticipantSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  role: z.enum(ROLES),
  /** How the person relates to the viewer, e.g. "Class teacher, Grade 7 East" or "Parent of Amani". */
  roleLabel: z.string(),
});
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

/** One row of the conversations list. */
export const conversationSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.string().nullable(),
  /** Everyone in the conversation, the viewer included. */
  participants: z.array(conversationParticipantSchema),
  /** Preview of the newest message (body cut at MESSAGE_PREVIEW_MAX). */
  lastMessage: z.object({ body: z.string(), senderName: z.string(), createdAt: z.string() }).nullable(),
  /** Messages of others after the viewer last read the conversation. */
  unread: z.number().int(),
  archived: z.boolean(),
  /** The newest activity (last message or creation). */
  updatedAt: z.string(),
  /** Set when the conversation came from a broadcast to the parents of a stream. */
  broadcastId: z.uuid().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationListSchema = z.array(conversationSummarySchema);

/** GET /api/conversations/:id (also the answer of POST /api/conversations). */
export const conversationDetailSchema = conversationSummarySchema.extend({
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** One message of a conversation. */
export const conversationMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid().nullable(),
  senderName: z.string(),
  /** Plain text exactly as sent (trimmed); render as text. */
  body: z.string(),
  attachments: z.array(conversationAttachmentSchema),
  /** An office-hours auto-reply the server sent for the staff member. */
  autoReply: z.boolean(),
  createdAt: z.string(),
  /** Every other participant has read up to this message. */
  readByAll: z.boolean(),
  /** How many other participants have read it. */
  readBy: z.number().int(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** GET /api/conversations/:id/messages: a page, oldest → newest; `hasMore` when older messages exist. */
export const messagePageSchema = z.object({ messages: z.array(conversationMessageSchema), hasMore: z.boolean() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** A person the caller may start a conversation with. */
export const contactSchema = conversationParticipantSchema.extend({
  /** Heading the contact is listed under (see conversationMessages.contactGroups). */
  group: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.array(contactSchema);

/** GET /api/conversations/unread-count (sidebar badge). */
export const unreadCountSchema = z.object({ unread: z.number().int(), conversations: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/conversations/broadcast answer. */
export const broadcastResultSchema = z.object({
  broadcastId: z.uuid(),
  /** The per-parent direct conversations (created or reused). */
  conversations: z.array(z.uuid()),
  /** Parents who received the message. */
  recipients: z.number().int(),
  /**
   * Issue 36 §2: how many are reached by each channel: app (parent accounts), sms and email (guardians
   * without an account with a phone / an address they may be sent to).
   */
  byChannel: z.object({ app: z.number().int(), sms: z.number().int(), email: z.number().int() }),
  /** Guardians without an account reached by SMS or e-mail. */
  withoutAccount: z.number().int(),
  /** Guardians without an account not reached (opted out of SMS, no consent, no phone or address): see the Delivery view. */
  notReached: z.number().int(),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

/** A staff member's office hours (Africa/Nairobi). */
export const officeHoursSchema = z.object({
  enabled: z.boolean(),
  /** 0 = Monday … 6 = Sunday. */
  days: z.array(z.number().int().min(0).max(6)),
  start: z.string(),
  end: z.string(),
  autoReply: z.string(),
});
export type OfficeHours = z.infer<typeof officeHoursSchema>;

/** A report of an abusive message, as the principal sees it. */
export const messageReportSchema = z.object({
  id: z.uuid(),
  status: z.enum(MESSAGE_REPORT_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
  reportedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  reviewedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  message: z.object({ id: z.uuid(), body: z.string(), senderId: z.uuid().nullable(), senderName: z.string(), createdAt: z.string() }),
  conversation: z.object({ id: z.uuid(), subject: z.string().nullable(), participants: z.array(conversationParticipantSchema) }),
});
export type MessageReport = z.infer<typeof messageReportSchema>;
export const messageReportListSchema = z.array(messageReportSchema);

/** GET /api/conversations/:id/review: the whole conversation for the principal's audited review. */
export const conversationReviewSchema = z.object({ conversation: conversationDetailSchema, messages: z.array(conversationMessageSchema) });
export type ConversationReview = z.infer<typeof conversationReviewSchema>;

/**
 * One row of GET /api/conversations/reviewable: a conversation of the school that involves at least one
 * parent, as metadata only (never message bodies), for the principal to pick one for an audited review.
 */
export const reviewableConversationSchema = z.object({
  id: z.uuid(),
  subject: z.string().nullable(),
  /** Everyone in it with their role; a parent's label names their children ("Parent of Amani"). */
  participants: z.array(conversationParticipantSchema),
  messageCount: z.number().int(),
  /** ISO instant of the newest message (or of the creation when empty). */
  lastActivityAt: z.string(),
});
export type ReviewableConversation = z.infer<typeof reviewableConversationSchema>;
export const reviewableConversationListSchema = z.array(reviewableConversationSchema);

// ------------------------------------------------------------------------------------------------
// Requests

export const conversationIdParams = z.object({ id: z.uuid(m.notFound) });
export const messageIdParams = z.object({ id: z.uuid(m.messageNotFound) });
export const reportIdParams = z.object({ id: z.uuid(m.reportNotFound) });
export const attachmentParams = z.object({ id: z.uuid(m.notFound), messageId: z.uuid(m.messageNotFound), fileId: z.uuid(m.messageNotFound) });

/** GET /api/conversations?q=&archived=&page= (page is 1-based; archived=true lists archived ones only). */
export const conversationListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  archived: booleanQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

/** GET /api/conversations/contacts?q= */
export const contactsQuery = z.object({ q: z.string().trim().max(200).optional() });

/** POST /api/conversations → 201 (200 with the existing direct conversation of the same two people when no subject is given). */
export const createConversationBody = z.strictObject({
  participantIds: z
    .array(z.uuid(m.notAContact), { error: m.participantsRequired })
    .min(1, m.participantsRequired)
    .transform((ids) => [...new Set(ids)]),
  subject: optionalSubject,
  /** An optional first message. */
  body: body.optional(),
  attachmentIds: z.array(z.uuid()).optional(),
});
export type CreateConversationBody = z.input<typeof createConversationBody>;

/** GET /api/conversations/:id/messages?before=&limit= (before: an ISO instant or a message id). */
export const messagesQuery = z.object({
  before: z.string().trim().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_LIMIT).default(MESSAGES_DEFAULT_LIMIT),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

/** POST /api/conversations/:id/messages (header Idempotency-Key optional) → 201, or 200 with the stored message on a retry. */
export const sendMessageBody = z.strictObject({
  body,
  attachmentIds: z.array(z.uuid()).optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** POST /api/conversations/:id/archive */
export const archiveBody = z.strictObject({ archived: z.boolean() });

/** POST /api/conversations/broadcast (teacher: own streams; principal: any stream). */
export const broadcastBody = z.strictObject({
  classId: z.uuid(m.streamNotFound),
  subject: optionalSubject,
  body,
});
export type BroadcastBody = z.input<typeof broadcastBody>;

/** GET /api/conversations/broadcasts/:id/recipients params. */
export const broadcastIdParams = z.object({ id: z.uuid() });

/** GET /api/conversations/broadcasts/:id/recipients query (paged, 100 a page by default). */
export const broadcastRecipientsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type BroadcastRecipientsQuery = z.input<typeof broadcastRecipientsQuery>;

/** Delivery statuses of a broadcast recipient. */
export const BROADCAST_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

/** One person a broadcast reached (or tried to): an account (userId) or a guardian without one (guardianId). */
export const broadcastRecipientSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  guardianId: z.uuid().nullable(),
  name: z.string(),
  hasAccount: z.boolean(),
  /** How they are reached: app (account), sms or email (guardian without an account). */
  channel: z.enum(['app', 'sms', 'email']),
  status: z.enum(BROADCAST_DELIVERY_STATUSES),
  /** Why it failed (opted out of SMS, no consent, no phone, gateway error), else null. */
  error: z.string().nullable(),
  /** The phone or address written to, null for the app. */
  to: z.string().nullable(),
  /** The e-mail sent as well to a guardian with both a phone and an address, else null. */
  email: z.object({ to: z.string(), status: z.enum(BROADCAST_DELIVERY_STATUSES), error: z.string().nullable() }).nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

/** GET /api/conversations/broadcasts/:id/recipients answer: a page plus totals by channel and status. */
export const broadcastRecipientsSchema = z.object({
  broadcastId: z.uuid(),
  className: z.string().nullable(),
  createdAt: z.string(),
  summary: z.object({
    recipients: z.number().int(),
    byChannel: z.object({ app: z.number().int(), sms: z.number().int(), email: z.number().int() }),
    byStatus: z.object({ queued: z.number().int(), sent: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
  }),
  items: z.array(broadcastRecipientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BroadcastRecipients = z.infer<typeof broadcastRecipientsSchema>;

/** PUT /api/conversations/office-hours */
export const officeHoursBody = z
  .strictObject({
    enabled: z.boolean(),
    days: z
      .array(z.number().int().min(0).max(6), { error: m.officeHoursDays })
      .min(1, m.officeHoursDays)
      .transform((d) => [...new Set(d)].sort()),
    start: clock,
    end: clock,
    autoReply: z.string({ error: m.autoReplyRequired }).trim().min(1, m.autoReplyRequired).max(1000),
  })
  .refine((v) => v.end > v.start, { message: m.officeHoursOrder, path: ['end'] });
export type OfficeHoursBody = z.input<typeof officeHoursBody>;

/** POST /api/messages/:id/report → 201 */
export const reportBody = z.strictObject({
  reason: z.string({ error: m.reportReasonRequired }).trim().min(1, m.reportReasonRequired).max(1000),
});
export type ReportBody = z.input<typeof reportBody>;

/** GET /api/conversations/reports?status= (open by default; 'all' for every report). */
export const reportsQuery = z.object({ status: z.enum([...MESSAGE_REPORT_STATUSES, 'all']).default('open') });

/** POST /api/conversations/reports/:id */
export const reviewReportBody = z.strictObject({ status: z.enum(['reviewed', 'dismissed'], { error: m.reviewStatusInvalid }) });

/** GET /api/conversations/:id/review?reason= (reason required; recorded in the audit log). */
export const reviewQuery = z.object({
  reason: z.string({ error: m.reviewReasonRequired }).trim().min(1, m.reviewReasonRequired).max(500),
});

/**
 * GET /api/conversations/reviewable?q=&page= (principal): q matches a participant's name, the subject, or
 * the name of a learner whose guardian takes part; 30 a page, newest activity first.
 */
export const reviewableQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ReviewableQuery = z.input<typeof reviewableQuery>;
