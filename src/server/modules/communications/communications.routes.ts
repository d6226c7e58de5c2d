import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  communicationIdParams,
  communicationResponse,
  communicationStatsSchema,
  communicationStatusBody,
  createCommunicationBody,
  listCommunicationsQuery,
  listCommunicationsResponse,
  receivedCommunicationsResponse,
  updateCommunicationBody,
} from '../../../shared/contracts/communications.js';
import { messages } from '../../../shared/messages.js';
import { AppError, unauthorized } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import {
  createCommunication,
  deleteCommunication,
  dismissCommunication,
  getCommunicationStats,
  listBanners,
  listCommunications,
  listReceivedCommunications,
  updateCommunication,
  type CommunicationsDeps,
} from './communications.service.js';

/**
 * Announcements API (spec §2 Shell chrome banners and the Communication Center, §3
 * admin_communications / user_dismissed_communications, §4 Communication, §6 edufam_admin sees all
 * communications and stats, §7 item 7, §8 Notifications and communications, §9).
 *
 * Admin routes need manageCommunications (edufam_admin and its alias elimisha_admin); the others need only a session and work on
 * the caller's own communications. Errors are `{ error: { code, message, fields? } }`: 401
 * UNAUTHENTICATED "User not authenticated" (spec §8 service error), 403 FORBIDDEN for other roles on
 * admin routes, 400 VALIDATION / BAD_REQUEST for bad input, 404 NOT_FOUND for an unknown
 * communication (or one of another school or not targeted at the caller, for the receiver routes).
 */
export async function communicationsRoutes(app: FastifyInstance, deps: CommunicationsDeps) {
  await app.register(async (scope) => {
    scope.setErrorHandler((err: FastifyError) => {
      if (err instanceof AppError && err.status === 401) throw unauthorized(messages.communications.notAuthenticated);
      throw err;
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['communications'];

    /**
     * GET /api/communications?search=&priority=&status=&role=&schoolId=&page=1&pageSize=20 → 200
     * {communications: Communication[], total, page, pageSize}. Every communication (all schools and
     * platform-wide), newest first, each with its status now (active | expired | inactive), school
     * and author names. search: title or message substring, case-insensitive; role: targeted at that
     * role; schoolId: one school, or 'platform' for platform-wide ones. 400 for an unknown filter
     * value or pageSize > 100.
     */
    r.get(
      '/api/communications',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'All communications (Communication Center)', querystring: listCommunicationsQuery, response: { 200: listCommunicationsResponse } },
      },
      async (request) => listCommunications(deps, actorOf(request), request.query),
    );

    /**
     * GET /api/communications/stats → 200 {total, active, expired, inactive, byPriority: {low,
     * medium, high, critical}} over every communication, statuses as of now (spec §9).
     */
    r.get(
      '/api/communications/stats',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'Communication counts by status and priority', response: { 200: communicationStatsSchema } },
      },
      async (request) => getCommunicationStats(deps, actorOf(request)),
    );

    /**
     * POST /api/communications {title, message, priority?='medium', targetRoles: Role[≥1],
     * schoolId?: uuid|null (null = platform-wide), isActive?=true, dismissible?=true, expiresAt?: ISO
     * date-time|null} → 201 {communication}. Active ones are published at once: one notification per
     * targeted active user (of that school when schoolId is set). Audited COMMUNICATION_CREATED.
     * 400: empty title or message, no target role, unknown role or priority, expiry not in the future;
     * 404: unknown school.
     */
    r.post(
      '/api/communications',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'Create (and publish) a communication', body: createCommunicationBody, response: { 201: communicationResponse } },
      },
      async (request, reply) => {
        const communication = await createCommunication(deps, actorOf(request), request.body, { ip: request.ip });
        return reply.status(201).send({ communication });
      },
    );

    /**
     * PATCH /api/communications/:id {any create field, at least one} → 200 {communication}. Activating
     * or widening the audience notifies the users not yet notified; narrowing it removes the unread
     * notifications of users no longer targeted. Audited COMMUNICATION_UPDATED (changed fields only;
     * no entry when nothing changed). 404 unknown id or school; 400 bad input (as for POST, and an
     * empty body).
     */
    r.patch(
      '/api/communications/:id',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'Update a communication', params: communicationIdParams, body: updateCommunicationBody, response: { 200: communicationResponse } },
      },
      async (request) => ({
        communication: await updateCommunication(deps, actorOf(request), request.params.id, request.body, { ip: request.ip }),
      }),
    );

    /**
     * PATCH /api/communications/:id/status {isActive} → 200 {communication}: activate (publishes: the
     * targeted users without a notification for it get one) or deactivate (it leaves banners and bells).
     * Same audit and errors as PATCH /api/communications/:id.
     */
    r.patch(
      '/api/communications/:id/status',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'Activate or deactivate a communication', params: communicationIdParams, body: communicationStatusBody, response: { 200: communicationResponse } },
      },
      async (request) => ({
        communication: await updateCommunication(deps, actorOf(request), request.params.id, { isActive: request.body.isActive }, { ip: request.ip }),
      }),
    );

    /**
     * DELETE /api/communications/:id → 204. Its notifications and dismissals go with it. Audited
     * COMMUNICATION_DELETED. 404 unknown id.
     */
    r.delete(
      '/api/communications/:id',
      {
        config: { permission: 'manageCommunications' },
        schema: { tags, summary: 'Delete a communication', params: communicationIdParams, response: { 204: z.null().describe('Deleted') } },
      },
      async (request, reply) => {
        await deleteCommunication(deps, actorOf(request), request.params.id, { ip: request.ip });
        return reply.status(204).send(null);
      },
    );

    /**
     * GET /api/communications/banners → 200 {communications: ReceivedCommunication[]}: the caller's
     * banners (spec §2, §7 item 7): active, unexpired, targeted at their role, platform-wide or of
     * their school, not dismissed by them; newest first. Any signed-in role.
     */
    r.get(
      '/api/communications/banners',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'My announcement banners', response: { 200: receivedCommunicationsResponse } },
      },
      async (request) => ({ communications: await listBanners(deps, actorOf(request)) }),
    );

    /**
     * GET /api/communications/received → 200 {communications}: the communications the caller's role
     * receives now (as the banners, dismissed ones included with dismissed: true), newest first, at
     * most 50. The announcements section of every role except edufam_admin (School News, ...).
     */
    r.get(
      '/api/communications/received',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'Announcements for my role', response: { 200: receivedCommunicationsResponse } },
      },
      async (request) => ({ communications: await listReceivedCommunications(deps, actorOf(request)) }),
    );

    /**
     * POST /api/communications/:id/dismiss → 200 {dismissed: true}. Idempotent. 404 when unknown, of
     * another school or not targeted at the caller's role; 400 BAD_REQUEST "This announcement cannot
     * be dismissed." when it is not dismissible.
     */
    r.post(
      '/api/communications/:id/dismiss',
      {
        config: { permission: 'signedIn' },
        schema: { tags, summary: 'Dismiss a banner', params: communicationIdParams, response: { 200: z.object({ dismissed: z.literal(true) }) } },
      },
      async (request) => {
        await dismissCommunication(deps, actorOf(request), request.params.id);
        return { dismissed: true as const };
      },
    );
  });
}
