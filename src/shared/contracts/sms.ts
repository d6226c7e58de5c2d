import { z } from 'zod';

/**
 * SMS delivery reports (issue 17 §1: "delivery status after (sent, delivered, failed)"). Africa's
 * Talking posts one report per message to the callback URL set in its dashboard,
 * `<PUBLIC_URL>/api/sms/delivery-reports/<SMS_DELIVERY_REPORT_TOKEN>`, form-encoded (JSON accepted too).
 */

/** Path parameters of the delivery-report callback: the configured secret token. */
export const deliveryReportParams = z.object({ token: z.string().max(200) });

/**
 * Africa's Talking's delivery report fields
 * (https://developers.africastalking.com/docs/sms/notifications). Every field is optional here so a
 * wrong token answers 404 whatever the body; the route then requires `id` and `status`.
 */
export const deliveryReportBody = z
  .object({
    /** The message id Africa's Talking gave when sending (sms_messages.provider_message_id). */
    id: z.string().max(200).optional(),
    /** Success (delivered), Failed or Rejected (failed), Sent, Submitted or Buffered (on its way: no change). */
    status: z.string().max(50).optional(),
    phoneNumber: z.string().max(50).optional(),
    networkCode: z.string().max(20).optional(),
    /** Why it failed (e.g. DeliveryFailure, AbsentSubscriber, UserInBlacklist), with Failed/Rejected. */
    failureReason: z.string().max(200).optional(),
    retryCount: z.string().max(10).optional(),
  })
  .loose();

/** The callback's answer (200): whether the report changed a message (false for repeats, unknown ids and in-progress statuses). */
export const deliveryReportResponse = z.object({ ok: z.literal(true), applied: z.boolean() });
export type DeliveryReportResponse = z.infer<typeof deliveryReportResponse>;

/**
 * Africa's Talking's incoming-message callback (issue 36 §2;
 * https://developers.africastalking.com/docs/sms/notifications): a guardian's reply to the school's SMS,
 * posted form-encoded to `<PUBLIC_URL>/api/sms/incoming/<SMS_INCOMING_TOKEN>`. Every field is optional
 * here so a wrong token answers 404 whatever the body; the route then requires `from`, `text` and `id`.
 */
export const incomingSmsBody = z
  .object({
    /** The sender's phone (+2547XXXXXXXX). */
    from: z.string().max(50).optional(),
    /** The shortcode or number the reply was sent to. */
    to: z.string().max(50).optional(),
    text: z.string().max(2000).optional(),
    /** When Africa's Talking received it (e.g. 2026-11-30 05:00:00 or ISO 8601); now when absent or unreadable. */
    date: z.string().max(50).optional(),
    /** Africa's Talking's message id: a retried callback stores nothing twice. */
    id: z.string().max(200).optional(),
    linkId: z.string().max(200).optional(),
  })
  .loose();

/** The incoming callback's answer (200): whether the message was stored now (false for a repeated id). */
export const incomingSmsResponse = z.object({ ok: z.literal(true), stored: z.boolean() });
export type IncomingSmsResponse = z.infer<typeof incomingSmsResponse>;

/** GET /api/sms/replies: newest first; `page` is 1-based. */
export const listSmsRepliesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** One reply as staff read it: a known guardian's name and learners, or an unknown number alone. */
export const smsReplySchema = z.object({
  id: z.uuid(),
  /** 2547XXXXXXXX when Kenyan, else as received. */
  fromPhone: z.string(),
  text: z.string(),
  receivedAt: z.string(),
  readAt: z.string().nullable(),
  /** The guardian with that phone in the school; null: an unknown number. */
  guardian: z.object({ id: z.uuid(), name: z.string(), learners: z.array(z.string()) }).nullable(),
  /** The reply was addressed to the reader (they sent the SMS it answers); false: the school's inbox. */
  forMe: z.boolean(),
  /** 'stop' / 'start': the reply opted the guardian out of / back in to non-essential SMS. */
  keyword: z.enum(['stop', 'start']).nullable(),
});
export type SmsReply = z.infer<typeof smsReplySchema>;

export const listSmsRepliesResponse = z.object({
  items: z.array(smsReplySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Replies the reader has not read (whole list, not the page). */
  unread: z.number().int(),
});
export type ListSmsRepliesResponse = z.infer<typeof listSmsRepliesResponse>;

export const smsReplyParams = z.object({ id: z.uuid() });

/** POST /api/sms/replies/:id/read: the reply, now read, and the reader's unread count. */
export const markSmsReplyReadResponse = z.object({ reply: smsReplySchema, unread: z.number().int() });
export type MarkSmsReplyReadResponse = z.infer<typeof markSmsReplyReadResponse>;
