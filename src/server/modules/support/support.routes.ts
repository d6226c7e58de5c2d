import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cannedReplyBody,
  cannedReplyParams,
  cannedRepliesResponse,
  cannedReplySchema,
  createReplyBody,
  createTicketBody,
  listTicketsQuery,
  listTicketsResponse,
  rateTicketBody,
  supportReplySchema,
  supportStaffResponse,
  supportStatsSchema,
  supportTicketDetailSchema,
  ticketFileParams,
  ticketParams,
  updateTicketBody,
} from '../../../shared/contracts/support.js';
import { ADMIN_ROLES } from '../../../shared/roles.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { sendAttachment } from '../attachments/index.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './support.service.js';

/**
 * Support tickets (issue 17 §3, §4). School users (openSupportTickets) open tickets and follow their
 * own; the school director sees all of the school's ("Support Tickets"); EduFam staff (manageSupport)
 * work the queue across schools ("Support Center"): assignment, status, priority, internal notes,
 * canned replies, figures against targets by priority (SUPPORT_TARGETS) and satisfaction. A ticket the
 * caller may not see (another school's, a colleague's) is 404. Routes open to both sides declare
 * `useSupport` (school users and EduFam staff); the service narrows each side. Every change publishes 'support.changed'
 * { ticketId } to the opener, the school's director and EduFam staff; a support reply to the school
 * e-mails the opener (a failed e-mail never fails the request). Errors: `{ error: { code, message } }`;
 * bad input 400 with nothing written; 409 for a closed ticket or a second rating.
 */
export async function supportRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['support'];
  const either = { permission: 'useSupport' } as const;
  const open = { permission: 'openSupportTickets' } as const;
  const manage = { permission: 'manageSupport' } as const;

  /** Runs `fn` in one transaction in the caller's scope (school users: their school; EduFam staff: platform). */
  const run = <T>(req: FastifyRequest, fn: (tx: Tx, c: svc.SupportCaller) => Promise<T>): Promise<T> => {
    const c = svc.supportCaller(actorOf(req), req.ip);
    return withScope(database.db, scopeOf(req), (tx) => fn(tx, c));
  };

  /** After commit: live event to the opener, the school's director and EduFam staff; the e-mail if any. */
  const afterCommit = async (req: FastifyRequest, change: svc.TicketChange) => {
    const data = { ticketId: change.ticketId };
    const publish = (audience: Parameters<typeof deps.events.publish>[0]['audience']) =>
      deps.events.publish({ type: 'support.changed', audience, data }).catch((err: unknown) => req.log.warn({ err }, 'support.changed not published'));
    if (change.openedBy) await publish({ userIds: [change.openedBy] });
    await publish({ schoolIds: [change.schoolId], roles: ['school_director'] });
    await publish({ roles: [...ADMIN_ROLES] });
    if (change.mail) {
      try {
        await deps.mailer.send(change.mail);
      } catch (err) {
        req.log.warn({ err }, 'support reply e-mail not sent');
      }
    }
  };

  /**
   * POST /api/support/tickets { category, priority?, subject, description, attachmentIds? } (school
   * users) → 201 the ticket with its reference ("T-1042") and an empty thread. 400 empty subject or
   * description, unknown attachment; nothing written.
   */
  r.post('/api/support/tickets', { config: open, schema: { body: createTicketBody, response: { 201: supportTicketDetailSchema }, tags } }, async (req, reply) => {
    const { detail, change } = await run(req, (tx, c) => svc.openTicket(tx, c, req.body));
    await afterCommit(req, change);
    return reply.code(201).send(detail);
  });

  /**
   * GET /api/support/tickets?status=&priority=&category=&schoolId=&assignedTo=&overdue=&q=&page=&pageSize=
   * → { tickets, total, page, pageSize }: the caller's own tickets (school users), the school's
   * (director), or the queue across schools (EduFam staff; assignedTo 'mine' | 'unassigned' | a staff
   * id; overdue=true past a target). Each row carries the figures against the targets.
   */
  r.get('/api/support/tickets', { config: either, schema: { querystring: listTicketsQuery, response: { 200: listTicketsResponse }, tags } }, async (req) =>
    run(req, (tx, c) => svc.listTickets(tx, c, req.query)),
  );

  /** GET /api/support/tickets/:id → the ticket, attachments and thread (internal notes for EduFam staff only); 404 when not the caller's to see. */
  r.get('/api/support/tickets/:id', { config: either, schema: { params: ticketParams, response: { 200: supportTicketDetailSchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.ticketDetail(tx, c, req.params.id)),
  );

  /**
   * POST /api/support/tickets/:id/replies { body, internal?, attachmentIds? } → 201 the reply. EduFam
   * staff: a reply to the school stamps the first response, moves an open ticket to in progress and
   * e-mails the opener; internal: true is a note the school never sees. School side: internal → 400; a
   * reply while waiting for the school moves it to in progress; on a resolved ticket reopens it (open).
   * Closed → 409.
   */
  r.post('/api/support/tickets/:id/replies', { config: either, schema: { params: ticketParams, body: createReplyBody, response: { 201: supportReplySchema }, tags } }, async (req, reply) => {
    const { reply: out, change } = await run(req, (tx, c) => svc.addReply(tx, c, req.params.id, req.body));
    await afterCommit(req, change);
    return reply.code(201).send(out);
  });

  /**
   * PATCH /api/support/tickets/:id { status?, priority?, assignedTo? } → the ticket. EduFam staff: any
   * status move except out of closed (409), priority, assignee (EduFam staff id or null; 400 otherwise);
   * audited. School opener or director: only "Close ticket" (resolved → closed) or "Reopen" (resolved →
   * open); anything else 403. A closed ticket is final: reopening it is 409.
   */
  r.patch('/api/support/tickets/:id', { config: either, schema: { params: ticketParams, body: updateTicketBody, response: { 200: supportTicketDetailSchema }, tags } }, async (req) => {
    const { detail, change } = await run(req, (tx, c) => svc.updateTicket(tx, c, req.params.id, req.body));
    await afterCommit(req, change);
    return detail;
  });

  /** POST /api/support/tickets/:id/rating { rating 1-5, comment? } (the opener; resolved or closed) → the ticket. 409 not yet resolved or rated already; 403 not the opener. */
  r.post('/api/support/tickets/:id/rating', { config: either, schema: { params: ticketParams, body: rateTicketBody, response: { 200: supportTicketDetailSchema }, tags } }, async (req) => {
    const { detail, change } = await run(req, (tx, c) => svc.rateTicket(tx, c, req.params.id, req.body));
    await afterCommit(req, change);
    return detail;
  });

  /** GET /api/support/tickets/:id/attachments/:fileId → the file (whoever may read the ticket; internal notes' files for EduFam staff only). */
  r.get('/api/support/tickets/:id/attachments/:fileId', { config: either, schema: { params: ticketFileParams, querystring: z.object({ download: z.enum(['1', 'true']).optional() }), tags } }, async (req, reply) =>
    run(req, async (tx, c) => sendAttachment(reply, tx, deps.storage, await svc.visibleAttachments(tx, c, req.params.id), req.params.fileId, !!req.query.download)),
  );

  /** GET /api/support/canned-replies (EduFam staff) → { cannedReplies } by title. */
  r.get('/api/support/canned-replies', { config: manage, schema: { response: { 200: cannedRepliesResponse }, tags } }, async (req) =>
    run(req, async (tx) => ({ cannedReplies: await svc.listCannedReplies(tx) })),
  );

  /** POST /api/support/canned-replies { title, body } (EduFam staff) → 201 the canned reply. */
  r.post('/api/support/canned-replies', { config: manage, schema: { body: cannedReplyBody, response: { 201: cannedReplySchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await run(req, (tx, c) => svc.saveCannedReply(tx, c, req.body))),
  );

  /** PUT /api/support/canned-replies/:id { title, body } (EduFam staff) → the canned reply; 404 unknown. */
  r.put('/api/support/canned-replies/:id', { config: manage, schema: { params: cannedReplyParams, body: cannedReplyBody, response: { 200: cannedReplySchema }, tags } }, async (req) =>
    run(req, (tx, c) => svc.saveCannedReply(tx, c, req.body, req.params.id)),
  );

  /** DELETE /api/support/canned-replies/:id (EduFam staff) → 204; 404 unknown. */
  r.delete('/api/support/canned-replies/:id', { config: manage, schema: { params: cannedReplyParams, tags } }, async (req, reply) => {
    await run(req, (tx) => svc.deleteCannedReply(tx, req.params.id));
    return reply.code(204).send();
  });

  /** GET /api/support/stats (EduFam staff) → tickets by status and priority, breached, medians over 30 days, satisfaction. */
  r.get('/api/support/stats', { config: manage, schema: { response: { 200: supportStatsSchema }, tags } }, async (req) => run(req, (tx) => svc.supportStats(tx)));

  /** GET /api/support/staff (EduFam staff) → { staff }: who a ticket can be assigned to. */
  r.get('/api/support/staff', { config: manage, schema: { response: { 200: supportStaffResponse }, tags } }, async (req) =>
    run(req, async (tx) => ({ staff: await svc.listStaff(tx) })),
  );
}
