import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bellScheduleBody,
  fixedSlotBody,
  fixedSlotSchema,
  lessonOptionsBody,
  lessonRowSchema,
  precheckResponse,
  roomBody,
  roomSchema,
  ruleBody,
  ruleSchema,
  setupResponse,
  teacherRowSchema,
  unavailabilityBody,
} from '../../../shared/contracts/timetable-setup.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './timetable-setup.service.js';
import { requestCallerOf } from '../../lib/request-caller.js';

/**
 * What the timetable setup and generation route files share: the API docs tag, the two permissions
 * (view every timetable of the school; manage the timetable) and the `:id` params.
 */
export const timetableRouteParts = {
  tags: ['timetable'],
  view: { permission: 'viewSchoolTimetables' } as const,
  manage: { permission: 'manageTimetable' } as const,
  idParams: z.object({ id: z.uuid('Invalid id') }),
};

/**
 * The timetable's inputs (issue 16 §1). The principal edits them (manageTimetable); the director may
 * read GET /api/timetables/setup (viewSchoolTimetables); other roles 403; another school's ids 404.
 * Weekdays are 0 = Monday ... 5 = Saturday; periods are 0-based LESSON periods of a bell schedule.
 * Errors: `{ error: { code, message, fields? } }`; bad input 400 with nothing written.
 *
 * - GET    /api/timetables/setup → everything (levels, bell schedules — defaults when none saved —,
 *          fixed slots, rooms, lessons with options, teachers with load and unavailability, rules, subjects).
 * - PUT    /api/timetables/setup/bell-schedules { levelId|null, days, periods } → the setup.
 * - POST   /api/timetables/setup/fixed-slots { label, day, period, levelId|null } → 201 the slot; DELETE .../:id → 204.
 * - POST   /api/timetables/setup/rooms → 201; PUT/DELETE /api/timetables/setup/rooms/:id.
 * - PUT    /api/timetables/setup/lessons/:assignmentId { doubleLessons, roomType, roomId, combineKey } → the lesson row.
 * - PUT    /api/timetables/setup/teachers/:teacherId/unavailability { slots, note? } → the teacher row.
 * - POST   /api/timetables/setup/rules → 201; PUT/DELETE /api/timetables/setup/rules/:id (description generated here).
 * - POST   /api/timetables/setup/check → { ok, issues, summary }: what would stop a generation (no search).
 */
export async function timetableSetupRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const { tags, view, manage, idParams } = timetableRouteParts;
  const who = requestCallerOf;
  const base = '/api/timetables/setup';

  r.get(base, { config: view, schema: { response: { 200: setupResponse }, tags } }, async (req) => svc.run(database, who(req), (tx, c) => svc.loadSetup(tx, c.schoolId)));

  r.put(`${base}/bell-schedules`, { config: manage, schema: { body: bellScheduleBody, response: { 200: setupResponse }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.saveBellSchedule(tx, c, req.body)),
  );

  r.post(`${base}/fixed-slots`, { config: manage, schema: { body: fixedSlotBody, response: { 201: fixedSlotSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.createFixedSlot(tx, c, req.body))),
  );
  r.delete(`${base}/fixed-slots/:id`, { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteFixedSlot(tx, c, req.params.id));
    return reply.code(204).send();
  });

  r.post(`${base}/rooms`, { config: manage, schema: { body: roomBody, response: { 201: roomSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.createRoom(tx, c, req.body))),
  );
  r.put(`${base}/rooms/:id`, { config: manage, schema: { params: idParams, body: roomBody, response: { 200: roomSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.updateRoom(tx, c, req.params.id, req.body)),
  );
  r.delete(`${base}/rooms/:id`, { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteRoom(tx, c, req.params.id));
    return reply.code(204).send();
  });

  r.put(
    `${base}/lessons/:assignmentId`,
    { config: manage, schema: { params: z.object({ assignmentId: z.uuid('Invalid assignment id') }), body: lessonOptionsBody, response: { 200: lessonRowSchema }, tags } },
    async (req) => svc.run(database, who(req), (tx, c) => svc.saveLessonOptions(tx, c, req.params.assignmentId, req.body)),
  );

  r.put(
    `${base}/teachers/:teacherId/unavailability`,
    { config: manage, schema: { params: z.object({ teacherId: z.uuid('Invalid teacher id') }), body: unavailabilityBody, response: { 200: teacherRowSchema }, tags } },
    async (req) => svc.run(database, who(req), (tx, c) => svc.saveUnavailability(tx, c, req.params.teacherId, req.body)),
  );

  r.post(`${base}/rules`, { config: manage, schema: { body: ruleBody, response: { 201: ruleSchema }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.run(database, who(req), (tx, c) => svc.createRule(tx, c, req.body))),
  );
  r.put(`${base}/rules/:id`, { config: manage, schema: { params: idParams, body: ruleBody, response: { 200: ruleSchema }, tags } }, async (req) =>
    svc.run(database, who(req), (tx, c) => svc.updateRule(tx, c, req.params.id, req.body)),
  );
  r.delete(`${base}/rules/:id`, { config: manage, schema: { params: idParams, tags } }, async (req, reply) => {
    await svc.run(database, who(req), (tx, c) => svc.deleteRule(tx, c, req.params.id));
    return reply.code(204).send();
  });

  r.post(`${base}/check`, { config: manage, schema: { response: { 200: precheckResponse }, tags } }, async (req) => svc.run(database, who(req), (tx, c) => svc.checkSetup(tx, c.schoolId)));
}
