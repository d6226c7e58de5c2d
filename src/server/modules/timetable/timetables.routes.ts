import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkResponse,
  currentTimetableResponse,
  feedTokenResponse,
  saveLessonsBody,
  substitutesResponse,
  timetableSchema,
  timetableSummarySchema,
} from '../../../shared/contracts/timetable.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { timetableViewMessages as m } from '../../../shared/messages/timetable-views.js';
import { withScope } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { loadLetterhead, sendPdf } from '../../lib/pdf.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { gridPages, timetablePdf, type PdfView } from './timetables-pdf.js';
import { buildCalendar, teacherWeeklyLessons } from './timetables-ical.js';
import * as svc from './timetables.service.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { requestCallerOf } from '../../lib/request-caller.js';

/** GET /api/timetables/:id/substitutes query: the absent teacher and the school day (Africa/Nairobi). */
export const substitutesQuery = z.object({ teacherId: z.uuid(), date: z.iso.date(m.badDate) });

const idParams = z.object({ id: z.uuid() });
const nameBody = z.object({ name: z.string().trim().min(1).max(80) });
const versionBody = z.object({ name: z.string().trim().min(1).max(80).optional() });
const pdfQuery = z.object({ view: z.enum(['class', 'teacher', 'room', 'school']).default('school'), id: z.string().max(200).optional() });

/**
 * Timetable versions, views, the editor, publishing, PDFs, iCalendar and the substitution helper
 * (issue 16 §4-§6). The principal writes (manageTimetable); the principal and the director read every
 * version (viewSchoolTimetables); every school role reads the published version as they may see it
 * (viewPublishedTimetable: teachers their lessons and class-teacher streams, parents their children's
 * streams). Another school's ids, and drafts for narrowed callers, are 404. Errors:
 * `{ error: { code, message, details? } }`; 409 TIMETABLE_CLASH (details.hard: the violations) when an
 * edit or publish would create a clash, with nothing written; 409 TIMETABLE_NOT_DRAFT when editing or
 * deleting a published or archived version.
 */
export async function timetablesRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['timetable'];
  const manage = { permission: 'manageTimetable' } as const;
  const viewAll = { permission: 'viewSchoolTimetables' } as const;
  const viewPublished = { permission: 'viewPublishedTimetable' } as const;
  const who = requestCallerOf;

  /** GET /api/timetables → { items: TimetableSummary[] }: every version, newest first (principal, director). */
  r.get('/api/timetables', { config: viewAll, schema: { response: { 200: z.object({ items: z.array(timetableSummarySchema) }) }, tags } }, async (req) =>
    svc.run(database, who(req), async (tx, schoolId) => ({ items: await svc.listTimetables(tx, schoolId) })),
  );

  /**
   * GET /api/timetables/current → { timetable: TimetableView | null, me: { teacherId, children } }: the
   * published version narrowed to the caller (null when nothing is published yet); `me` says who the
   * caller is in it (a teacher's id; a parent's children with their streams).
   */
  r.get('/api/timetables/current', { config: viewPublished, schema: { response: { 200: currentTimetableResponse }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.currentFor(tx, actorOf(req), schoolId)),
  );

  /**
   * GET /api/timetables/my.ics → text/calendar: the caller's lessons on the published timetable as weekly
   * events for the current term (Africa/Nairobi times from the bell schedule). Empty without one.
   */
  r.get('/api/timetables/my.ics', { config: viewPublished, schema: { tags } }, async (req, reply) => {
    const text = await calendarOf(actorOf(req).id, actorOf(req).schoolId ?? '', who(req));
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="timetable.ics"').header('cache-control', 'no-store').send(text);
  });

  /**
   * POST /api/timetables/feed-token → { url }: a private calendar link for the caller (a new random token
   * each time; the previous link stops working). Stored hashed; the link works without a session.
   */
  r.post('/api/timetables/feed-token', { config: viewPublished, schema: { response: { 200: feedTokenResponse }, tags } }, async (req) => {
    const token = await svc.run(database, who(req), (tx, schoolId) => svc.rotateFeedToken(tx, who(req), schoolId));
    return { url: `${deps.publicUrl.replace(/\/$/, '')}/api/timetables/feed/${token}.ics` };
  });

  /** GET /api/timetables/feed/:token.ics (no session: the token is the key) → text/calendar; 404 for an unknown token. */
  r.get(
    '/api/timetables/feed/:file',
    { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: z.object({ file: z.string().max(200) }), tags } },
    async (req, reply) => {
      const token = req.params.file.replace(/\.ics$/i, '');
      const owner = await svc.accountOfFeedToken(database, token);
      if (!owner) throw notFound(m.ical.tokenNotFound);
      const text = await calendarOf(owner.actor.id, owner.schoolId);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'no-store').send(text);
    },
  );

  /** The calendar of an account's lessons on its school's published timetable. */
  async function calendarOf(profileId: string, schoolId: string, caller?: RequestCaller): Promise<string> {
    const load = async (tx: Parameters<Parameters<typeof svc.run>[2]>[0]) => {
      const t = await svc.loadPublished(tx, schoolId);
      const school = await loadLetterhead(tx, storage, schoolId);
      const term = await svc.currentTerm(tx, schoolId);
      const today = schoolToday();
      const dates = term ?? { startsOn: today, endsOn: addDays(today, 7 * 14 - 1), halfTermStartsOn: null, halfTermEndsOn: null };
      return buildCalendar(m.ical.calName(school.name), t ? teacherWeeklyLessons(t, profileId) : [], dates);
    };
    if (caller) return svc.run(database, caller, (tx) => load(tx));
    return withScope(database.db, { schoolId, userId: profileId, allSchools: false }, load);
  }

  /**
   * GET /api/timetables/:id → TimetableView: the principal and director any version; other school roles
   * only the published one, narrowed (a draft is a 404 for them). `violations` are the soft rules broken.
   */
  r.get('/api/timetables/:id', { config: viewPublished, schema: { params: idParams, response: { 200: timetableSchema }, tags } }, async (req) =>
    svc.run(database, who(req), async (tx, schoolId) => (await svc.viewFor(tx, actorOf(req), schoolId, req.params.id)).view),
  );

  /**
   * PUT /api/timetables/:id/lessons { lessons: [{ activityId, day, period, roomId, locked }] } → the
   * TimetableView. Drafts only (409 TIMETABLE_NOT_DRAFT). The arrangement must hold every lesson placed
   * in the version (previously unplaced ones may be added; 400 otherwise); any hard violation refuses
   * the save (409 TIMETABLE_CLASH, e.g. "Mr Otieno is already teaching Grade 7 East on Monday, period 3.").
   */
  r.put('/api/timetables/:id/lessons', { config: manage, schema: { params: idParams, body: saveLessonsBody, response: { 200: timetableSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.saveLessons(tx, who(req), schoolId, req.params.id, req.body.lessons)),
  );

  /** POST /api/timetables/:id/check (body as PUT) → { hard, soft, softScore } of the proposed arrangement; nothing saved. */
  r.post('/api/timetables/:id/check', { config: manage, schema: { params: idParams, body: saveLessonsBody, response: { 200: checkResponse }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.checkLessons(tx, schoolId, req.params.id, req.body.lessons)),
  );

  /** POST /api/timetables/:id/versions { name? } → 201 TimetableSummary: a new draft copying the version's lessons. */
  r.post('/api/timetables/:id/versions', { config: manage, schema: { params: idParams, body: versionBody, response: { 201: timetableSummarySchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, schoolId) => svc.saveAsVersion(tx, who(req), schoolId, req.params.id, req.body.name))),
  );

  /**
   * POST /api/timetables/:id/publish → the published TimetableView. The previous published version is
   * archived in the same transaction; 409 TIMETABLE_CLASH if the version has a hard violation.
   */
  r.post('/api/timetables/:id/publish', { config: manage, schema: { params: idParams, response: { 200: timetableSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.publish(tx, who(req), schoolId, req.params.id)),
  );

  /** PATCH /api/timetables/:id { name } → TimetableSummary. */
  r.patch('/api/timetables/:id', { config: manage, schema: { params: idParams, body: nameBody, response: { 200: timetableSummarySchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.rename(tx, who(req), schoolId, req.params.id, req.body.name)),
  );

  /** DELETE /api/timetables/:id → 204; drafts only (409 TIMETABLE_NOT_DRAFT). */
  r.delete('/api/timetables/:id', { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, schoolId) => svc.deleteDraft(tx, who(req), schoolId, req.params.id));
    return reply.code(204).send();
  });

  /**
   * GET /api/timetables/:id/pdf?view=class|teacher|room|school&id= → application/pdf (A4 landscape grid
   * per stream, teacher or room; `school` = one page per stream). Teachers and parents get what they may
   * see of the published version: their own week (teacher) or their streams (class); 404 otherwise.
   */
  r.get('/api/timetables/:id/pdf', { config: viewPublished, schema: { params: idParams, querystring: pdfQuery, tags } }, async (req, reply) => {
    const { view, id } = req.query;
    if (view !== 'school' && !id) throw badRequest(m.pdf.unknownView, { id: m.pdf.unknownView });
    const { pages, school, fileName } = await svc.run(database, who(req), async (tx, schoolId) => {
      const found = await svc.viewFor(tx, actorOf(req), schoolId, req.params.id);
      if (found.audience.kind === 'narrow') {
        const a = found.audience;
        const allowed =
          (view === 'teacher' && !!id && id === a.teacherId) ||
          (view === 'class' && !!id && (a.classIds.has(id) || found.view.lessons.some((l) => l.classIds.includes(id))));
        if (!allowed) throw notFound(m.notFound);
      }
      const pages = gridPages(found.view, view as PdfView, id);
      if (!pages) throw notFound(m.notFound);
      return { pages, school: await loadLetterhead(tx, storage, schoolId), fileName: `timetable-${view}-v${found.view.version}` };
    });
    const title = view === 'school' ? m.pdf.schoolTitle : (pages[0]?.title ?? m.pdf.schoolTitle);
    return sendPdf(reply, await timetablePdf(school, pages, title), fileName);
  });

  /**
   * GET /api/timetables/:id/substitutes?teacherId=&date=YYYY-MM-DD → the absent teacher's lessons that
   * weekday, each with the teachers free for it (subject teachers first, then fewest lessons that day).
   * 400 for a date that is not a school day; 404 for a teacher not on the timetable.
   */
  r.get('/api/timetables/:id/substitutes', { config: manage, schema: { params: idParams, querystring: substitutesQuery, response: { 200: substitutesResponse }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, schoolId) => svc.substitutes(tx, schoolId, req.params.id, req.query.teacherId, req.query.date)),
  );
}
