import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  announcementFileParams,
  announcementIdParams,
  announcementListSchema,
  announcementPreviewSchema,
  announcementRecipientsSchema,
  announcementSchema,
  audienceOptionsSchema,
  createAnnouncementBody,
  listAnnouncementsQuery,
  markReadSchema,
  pinAnnouncementBody,
  previewAnnouncementBody,
  recipientsQuery,
  unreadCountSchema,
} from '../../../shared/contracts/announcements.js';
import { actorOf } from '../../plugins/access.js';
import { sendAttachment } from '../attachments/index.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { audienceOptions } from './audience.js';
import * as svc from './announcements.service.js';
import { requestCallerOf } from '../../lib/request-caller.js';

/**
 * School announcements (issue 17 §1, §4). Principal and director post to any audience of their school;
 * a teacher to the streams they teach or lead (the stream's parents and teachers, or only its parents;
 * 403 for other streams); the finance officer to parents (optionally only those who owe fees); HR to
 * staff. Publishing now or at publishAt (a scheduled sweep every minute, and a quick one before each
 * read) writes one recipient row per person and a bell notification; SMS and e-mail go out after the
 * commit with a status per recipient. Readers see what is addressed to them; another school's ids read as 404.
 * Errors: `{ error: { code, message, fields? } }`; bad input 400 with nothing written.
 */
export async function announcementsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sd: svc.AnnouncementDeps = { database: deps.database, events: deps.events, mailer: deps.mailer, sms: deps.sms };
  const { database } = deps;
  const tags = ['announcements'];
  const post = { permission: 'postAnnouncements' } as const;
  const read = { permission: 'readAnnouncements' } as const;
  const who = requestCallerOf;

  // Scheduled announcements are published by a pg-boss schedule (main.ts starts it).
  deps.tasks.schedule(svc.announcementSweep(sd));
  app.addHook('onClose', async () => {
    await svc.settleDeliveries();
  });

  /**
   * POST /api/announcements { title, body, audience, channels, priority?, publishAt?, expiresAt?,
   * pinned?, attachmentIds? } → 201 the announcement (published, or scheduled when publishAt is in the
   * future). 400: empty title/body, an audience with nobody in it, expiresAt not after publishAt,
   * attachments that are not the caller's uploads. 403: an audience the caller's role may not address.
   * 404: a stream or level of another school.
   */
  r.post('/api/announcements', { config: post, schema: { body: createAnnouncementBody, response: { 201: announcementSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.createAnnouncement(sd, who(req), req.body)),
  );

  /** POST /api/announcements/preview { audience, channels?, … } → { recipients, withPhone, withEmail, byRole, byChannel, withoutAccount }; nothing is written. */
  r.post('/api/announcements/preview', { config: post, schema: { body: previewAnnouncementBody, response: { 200: announcementPreviewSchema }, tags } }, async (req) =>
    svc.previewAnnouncement(database, actorOf(req), req.body.audience, req.body.channels),
  );

  /** GET /api/announcements/audience-options → the roles, levels and streams the caller may address, and flags. */
  r.get('/api/announcements/audience-options', { config: post, schema: { response: { 200: audienceOptionsSchema }, tags } }, async (req) => {
    const actor = actorOf(req);
    return svc.inSchool(database, actor, (tx, schoolId) => audienceOptions(tx, actor, schoolId));
  });

  /**
   * GET /api/announcements?q=&status=&mine=&unread=&all=&page=&pageSize= → { items, total, page,
   * pageSize, unread }: addressed to the caller (published, not expired) and written by them, pinned
   * first, then newest.
   */
  r.get('/api/announcements', { config: read, schema: { querystring: listAnnouncementsQuery, response: { 200: announcementListSchema }, tags } }, async (req) =>
    svc.listAnnouncements(sd, actorOf(req), req.query),
  );

  /** GET /api/announcements/unread-count → { unread } for the sidebar badge. */
  r.get('/api/announcements/unread-count', { config: read, schema: { response: { 200: unreadCountSchema }, tags } }, async (req) => svc.unreadCount(sd, actorOf(req)));

  /** GET /api/announcements/:id: a recipient, the author, or the school's principal or director; 404 otherwise. */
  r.get('/api/announcements/:id', { config: read, schema: { params: announcementIdParams, response: { 200: announcementSchema }, tags } }, async (req) =>
    svc.getAnnouncement(database, actorOf(req), req.params.id),
  );

  /** POST /api/announcements/:id/read → { readAt } (idempotent: the first read time is kept). */
  r.post('/api/announcements/:id/read', { config: read, schema: { params: announcementIdParams, response: { 200: markReadSchema }, tags } }, async (req) =>
    svc.markRead(sd, actorOf(req), req.params.id),
  );

  /** POST /api/announcements/:id/pin { pinned } → the announcement (author, principal, director). */
  r.post('/api/announcements/:id/pin', { config: post, schema: { params: announcementIdParams, body: pinAnnouncementBody, response: { 200: announcementSchema }, tags } }, async (req) =>
    svc.pinAnnouncement(sd, actorOf(req), req.params.id, req.body.pinned),
  );

  /** POST /api/announcements/:id/cancel → the announcement, cancelled (scheduled ones only; 409 otherwise). */
  r.post('/api/announcements/:id/cancel', { config: post, schema: { params: announcementIdParams, response: { 200: announcementSchema }, tags } }, async (req) =>
    svc.cancelAnnouncement(sd, who(req), req.params.id),
  );

  /** GET /api/announcements/:id/recipients?q=&read=&page=&pageSize= → read and delivery status (author, principal, director). */
  r.get('/api/announcements/:id/recipients', { config: read, schema: { params: announcementIdParams, querystring: recipientsQuery, response: { 200: announcementRecipientsSchema }, tags } }, async (req) =>
    svc.listRecipients(database, actorOf(req), req.params.id, req.query),
  );

  /** GET /api/announcements/:id/attachments/:fileId → the file, for whoever may open the announcement. */
  r.get('/api/announcements/:id/attachments/:fileId', { config: read, schema: { params: announcementFileParams, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    return svc.inSchool(database, actor, async (tx, schoolId) => {
      const ann = await svc.loadVisible(tx, actor, schoolId, req.params.id);
      return sendAttachment(reply, tx, deps.storage, ann.attachments, req.params.fileId);
    });
  });
}
