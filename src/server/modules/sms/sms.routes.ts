import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deliveryReportBody,
  deliveryReportParams,
  deliveryReportResponse,
  incomingSmsBody,
  incomingSmsResponse,
  listSmsRepliesQuery,
  listSmsRepliesResponse,
  markSmsReplyReadResponse,
  smsReplyParams,
} from '../../../shared/contracts/sms.js';
import { smsReplyMessages } from '../../../shared/messages/sms-replies.js';
import { smsDeliveryMessages as m } from '../../../shared/messages/sms.js';
import { badRequest, notFound } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import { listSmsReplies, markSmsReplyRead, receiveIncomingSms } from './sms-replies.service.js';
import { applyDeliveryReport, type DeliveryReportDeps, type SmsDeps } from './sms.service.js';

export interface SmsRoutesDeps extends DeliveryReportDeps, SmsDeps {
  /** SMS_DELIVERY_REPORT_TOKEN: the callback's secret path segment; unset, the callback answers 404. */
  deliveryReportToken?: string;
  /** SMS_INCOMING_TOKEN (issue 36 §2): the incoming-message callback's secret path segment; unset, it answers 404. */
  incomingToken?: string;
}

/** Africa's Talking statuses that end a message's journey; others (Sent, Submitted, Buffered) change nothing. */
const FINAL_STATUSES: Record<string, boolean> = { success: true, failed: false, rejected: false };

/** True when `given` is the configured token (constant time). */
function tokenMatches(expected: string | undefined, given: string): boolean {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * SMS routes (issue 17 §1). `POST /api/sms/delivery-reports/:token`: Africa's Talking's delivery
 * reports (public: Africa's Talking calls it; the configured token is the key, any other token 404).
 * Reads form-encoded or JSON fields id, status, failureReason; Success marks the message delivered,
 * Failed/Rejected failed (sms.service.ts applyDeliveryReport); answers 200 at once, also for repeats
 * and unknown ids, so the gateway does not retry. Issue 36 §2: `POST /api/sms/incoming/:token`, guardians'
 * replies (sms-replies.service.ts; public, SMS_INCOMING_TOKEN is the key), `GET /api/sms/replies` and
 * `POST /api/sms/replies/:id/read` for staff.
 */
export async function smsRoutes(app: FastifyInstance, deps: SmsRoutesDeps): Promise<void> {
  // Own scope: the form parser applies to these routes only (the rest of the API is JSON).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/sms/delivery-reports/:token',
      {
        config: { public: true },
        schema: { params: deliveryReportParams, body: deliveryReportBody, response: { 200: deliveryReportResponse }, tags: ['sms callbacks'] },
      },
      async (req) => {
        if (!tokenMatches(deps.deliveryReportToken, req.params.token)) throw notFound(m.reportUnknown);
        const { id, status, failureReason } = req.body ?? {};
        if (!id?.trim() || !status?.trim()) throw badRequest(m.reportFieldsRequired);
        const delivered = FINAL_STATUSES[status.trim().toLowerCase()];
        if (delivered === undefined) return { ok: true as const, applied: false };
        const outcome = await applyDeliveryReport(deps, { providerMessageId: id, delivered, failureReason: failureReason ?? null });
        return { ok: true as const, applied: outcome === 'applied' };
      },
    );
    // Issue 36 §2: a guardian's reply (Africa's Talking's incoming-message callback). Public; the token is the key.
    r.post(
      '/api/sms/incoming/:token',
      {
        config: { public: true },
        schema: { params: deliveryReportParams, body: incomingSmsBody, response: { 200: incomingSmsResponse }, tags: ['sms callbacks'] },
      },
      async (req) => {
        if (!tokenMatches(deps.incomingToken, req.params.token)) throw notFound(smsReplyMessages.incomingUnknown);
        const { from, to, text, date, id, linkId } = req.body ?? {};
        if (!from?.trim() || text === undefined || !id?.trim()) throw badRequest(smsReplyMessages.incomingFieldsRequired);
        const { stored } = await receiveIncomingSms(deps, { from, to, text, date, id, linkId });
        return { ok: true as const, stored };
      },
    );
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/sms/replies', { config: { permission: 'useMessages' }, schema: { querystring: listSmsRepliesQuery, response: { 200: listSmsRepliesResponse }, tags: ['sms'] } }, async (req) =>
    listSmsReplies(deps, actorOf(req), req.query),
  );
  r.post('/api/sms/replies/:id/read', { config: { permission: 'useMessages' }, schema: { params: smsReplyParams, response: { 200: markSmsReplyReadResponse }, tags: ['sms'] } }, async (req) =>
    markSmsReplyRead(deps, actorOf(req), req.params.id),
  );
}
