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
