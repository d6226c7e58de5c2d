import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  archiveBody,
  attachmentParams,
  broadcastBody,
  broadcastIdParams,
  broadcastRecipientsQuery,
  broadcastRecipientsSchema,
  broadcastResultSchema,
  contactListSchema,
  contactsQuery,
  conversationDetailSchema,
  conversationIdParams,
  conversationListQuery,
  conversationListSchema,
  conversationMessageSchema,
  conversationReviewSchema,
  createConversationBody,
  messageIdParams,
  messagePageSchema,
  messageReportListSchema,
  messageReportSchema,
  messagesQuery,
  officeHoursBody,
  officeHoursSchema,
  reportBody,
  reportIdParams,
  reportsQuery,
  reviewQuery,
  reviewableConversationListSchema,
  reviewableQuery,
  reviewReportBody,
  sendMessageBody,
  unreadCountSchema,
} from '../../../shared/contracts/conversations.js';
import { conversationMessages as cm } from '../../../shared/messages/conversations.js';
import { withScope, type Tx } from '../../db/tenant.js';
import type { SchoolCaller } from '../../lib/school-context.js';
import { badRequest, unauthorized } from '../../errors.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { sendAttachment } from '../attachments/index.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './conversations.service.js';

/**
 * Conversations (issue 17 §2, §4): one-to-one and group conversations between parents and the staff who
 * serve their children and among staff, a teacher's broadcast to the parents of a stream (private
 * replies), unread counts, archive, office hours with auto-reply, reports of abusive messages and the
 * principal's audited review. Every route needs useMessages (school staff and parents) except the
 * safeguarding reads (reviewConversations: the principal). A conversation the caller is not in, or of
 * another school, is 404. Sends are idempotent with the `Idempotency-Key` header. After each change the
 * participants get the live event `messages.changed` { conversationId }.
 */
export async function conversationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage, events, sms, mailer } = deps;
  const tags = ['communication'];
  const use = { permission: 'useMessages' } as const;
  const review = { permission: 'reviewConversations' } as const;

  const run = <T>(req: FastifyRequest, fn: (tx: Tx, c: SchoolCaller) => Promise<T>): Promise<T> => {
    const actor = actorOf(req);
    if (!actor.schoolId) throw unauthorized(cm.api.notFound);
    return withScope(database.db, scopeOf(req), (tx) => fn(tx, { actor, schoolId: actor.schoolId!, ip: req.ip }));
  };
  /** Tells each changed conversation's people (after commit) with `messages.changed` { conversationId }; best effort. */
  const notify = async (req: FastifyRequest, changed: svc.Changed) => {
    const schoolId = actorOf(req).schoolId;
    if (!schoolId) return;
    for (const { conversationId, userIds } of changed) {
      if (!userIds.length) continue;
      await events.publish({ type: 'messages.changed', audience: { schoolIds: [schoolId], userIds: [...new Set(userIds)] }, data: { conversationId } }).catch(() => undefined);
    }
  };

  /** GET /api/conversations?q=&archived=&page= → the caller's conversations, newest activity first (30 a page). */
  r.get('/api/conversations', { config: use, schema: { querystring: conversationListQuery, response: { 200: conversationListSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listConversations(tx, c, req.query)),
  );

  /** GET /api/conversations/contacts?q= → the people the caller may start a conversation with, with their relation. */
  r.get('/api/conversations/contacts', { config: use, schema: { querystring: contactsQuery, response: { 200: contactListSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listContacts(tx, c, req.query.q)),
  );

  /** GET /api/conversations/unread-count → { unread, conversations } for the sidebar badge. */
  r.get('/api/conversations/unread-count', { config: use, schema: { response: { 200: unreadCountSchema }, tags } }, async (req) => run(req, (tx, c) => svc.unreadCount(tx, c)));

  /**
   * POST /api/conversations { participantIds, subject?, body?, attachmentIds? } → 201 the conversation,
   * or 200 with the existing direct conversation of the same two people when no subject is given. 400
   * for nobody, only yourself or more than 20; 403 when anyone is outside the caller's contacts.
   */
  r.post(
    '/api/conversations',
    { config: use, schema: { body: createConversationBody, response: { 200: conversationDetailSchema, 201: conversationDetailSchema }, tags } },
    async (req, reply) => {
      const { detail, created, changed } = await run(req, async (tx, c) => {
        const res = await svc.createConversation(tx, c, req.body);
        return { detail: await svc.conversationDetail(tx, c, res.id), created: res.created, changed: res.changed };
      });
      await notify(req, changed);
      return reply.code(created ? 201 : 200).send(detail);
    },
  );

  /**
   * POST /api/conversations/broadcast { classId, subject?, body } → 201 { broadcastId, conversations,
   * recipients, byChannel, withoutAccount, notReached }: one private message to each parent account of
   * the stream, and an SMS (e-mail where known) to each guardian without one (issue 36 §2), sent after
   * the commit before answering. Teacher: own streams (403 others); principal: any stream. 400 when the
   * stream has no parent or guardian.
   */
  r.post('/api/conversations/broadcast', { config: use, schema: { body: broadcastBody, response: { 201: broadcastResultSchema }, tags } }, async (req, reply) => {
    const { result, changed, outbox } = await run(req, (tx, c) => svc.broadcast(tx, c, req.body, new Date(), sms.provider));
    await notify(req, changed);
    await svc.deliverBroadcast({ database, sms, mailer }, outbox);
    return reply.code(201).send(result);
  });

  /**
   * GET /api/conversations/broadcasts/:id/recipients?page=&pageSize= → each person the broadcast reached
   * (account or guardian) with channel and status (queued/sent/delivered/failed + reason), by name then
   * id, with totals. The sender and the principal (403 for others; 404 unknown or another school's).
   */
  r.get(
    '/api/conversations/broadcasts/:id/recipients',
    { config: use, schema: { params: broadcastIdParams, querystring: broadcastRecipientsQuery, response: { 200: broadcastRecipientsSchema }, tags } },
    async (req) => run(req, (tx, c) => svc.broadcastRecipients(tx, c, req.params.id, req.query)),
  );

  /** GET /api/conversations/office-hours → the caller's office hours and auto-reply (staff; 403 for parents). */
  r.get('/api/conversations/office-hours', { config: use, schema: { response: { 200: officeHoursSchema }, tags } }, async (req) => run(req, (tx, c) => svc.getOfficeHours(tx, c)));

  /** PUT /api/conversations/office-hours { enabled, days (0 = Monday), start, end ('HH:MM', Africa/Nairobi), autoReply } → saved. */
  r.put('/api/conversations/office-hours', { config: use, schema: { body: officeHoursBody, response: { 200: officeHoursSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.putOfficeHours(tx, c, req.body)),
  );

  /** GET /api/conversations/reports?status=open|reviewed|dismissed|all → reported messages of the school (principal). */
  r.get('/api/conversations/reports', { config: review, schema: { querystring: reportsQuery, response: { 200: messageReportListSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listReports(tx, c, req.query)),
  );

  /**
   * GET /api/conversations/reviewable?q=&page= → the school's conversations involving a parent, metadata
   * only (no message bodies), searchable by participant, learner or subject (principal; 30 a page).
   */
  r.get(
    '/api/conversations/reviewable',
    { config: review, schema: { querystring: reviewableQuery, response: { 200: reviewableConversationListSchema }, tags } },
    async (req) => run(req, (tx, c) => svc.listReviewable(tx, c, req.query)),
  );

  /** POST /api/conversations/reports/:id { status: 'reviewed' | 'dismissed' } → the report (principal; audited). */
  r.post('/api/conversations/reports/:id', { config: review, schema: { params: reportIdParams, body: reviewReportBody, response: { 200: messageReportSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.closeReport(tx, c, req.params.id, req.body.status)),
  );

  /** POST /api/messages/:id/report { reason } → 201 { id }: a participant reports a message (409 when already reported and open). */
  r.post(
    '/api/messages/:id/report',
    { config: use, schema: { params: messageIdParams, body: reportBody, response: { 201: z.object({ id: z.uuid() }) }, tags } },
    async (req, reply) => reply.code(201).send(await run(req, (tx, c) => svc.reportMessage(tx, c, req.params.id, req.body.reason))),
  );

  /** GET /api/conversations/:id → the conversation with its participants (404 unless the caller is in it). */
  r.get('/api/conversations/:id', { config: use, schema: { params: conversationIdParams, response: { 200: conversationDetailSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.conversationDetail(tx, c, req.params.id)),
  );

  /**
   * GET /api/conversations/:id/review?reason= → the whole conversation, for the principal's safeguarding
   * review of a conversation involving a parent (400 without a reason; audited; staff-only ones 404).
   */
  r.get('/api/conversations/:id/review', { config: review, schema: { params: conversationIdParams, querystring: reviewQuery, response: { 200: conversationReviewSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.reviewConversation(tx, c, req.params.id, req.query.reason)),
  );

  /** GET /api/conversations/:id/messages?before=&limit= → { messages (oldest → newest), hasMore }. */
  r.get('/api/conversations/:id/messages', { config: use, schema: { params: conversationIdParams, querystring: messagesQuery, response: { 200: messagePageSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listMessages(tx, c, req.params.id, req.query)),
  );

  /**
   * POST /api/conversations/:id/messages { body, attachmentIds? } (header Idempotency-Key optional) → 201
   * the message; a retry with the same key answers 200 with the stored message and stores nothing. Body
   * trimmed, 1 to 5,000 characters, kept as plain text. A parent writing outside a staff member's office
   * hours gets their auto-reply (at most once per 12 hours).
   */
  r.post(
    '/api/conversations/:id/messages',
    { config: use, schema: { params: conversationIdParams, body: sendMessageBody, headers: z.object({ 'idempotency-key': z.string().optional() }), response: { 200: conversationMessageSchema, 201: conversationMessageSchema }, tags } },
    async (req, reply) => {
      const raw = req.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (key !== undefined && (key.trim().length < 1 || key.length > 200)) throw badRequest(cm.api.idempotencyKeyInvalid);
      const { message, created, changed } = await run(req, (tx, c) => svc.sendMessage(tx, c, req.params.id, req.body, key?.trim() ?? null));
      if (created) await notify(req, changed);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  /** POST /api/conversations/:id/read → 204: the caller has read the conversation up to now. */
  r.post('/api/conversations/:id/read', { config: use, schema: { params: conversationIdParams, tags } }, async (req, reply) => {
    const changed = await run(req, (tx, c) => svc.markRead(tx, c, req.params.id));
    await notify(req, changed);
    return reply.code(204).send();
  });

  /** POST /api/conversations/:id/archive { archived } → 204: archives (or restores) it for the caller only. */
  r.post('/api/conversations/:id/archive', { config: use, schema: { params: conversationIdParams, body: archiveBody, tags } }, async (req, reply) => {
    const changed = await run(req, (tx, c) => svc.setArchived(tx, c, req.params.id, req.body.archived));
    await notify(req, changed);
    return reply.code(204).send();
  });

  /** GET /api/conversations/:id/messages/:messageId/attachments/:fileId → the file (participants only). */
  r.get('/api/conversations/:id/messages/:messageId/attachments/:fileId', { config: use, schema: { params: attachmentParams, tags } }, async (req, reply) =>
    run(req, async (tx, c) => sendAttachment(reply, tx, storage, await svc.messageAttachments(tx, c, req.params.id, req.params.messageId), req.params.fileId)),
  );
}
