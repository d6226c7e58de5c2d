import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classHistoryResponse,
  createStudentBody,
  createStudentResponse,
  guardianInputSchema,
  guardianLookupResponse,
  listStudentsQuery,
  listStudentsResponse,
  studentDetailSchema,
  updateGuardianBody,
  updateStudentBody,
} from '../../../shared/contracts/learners.js';
import { actorOf } from '../../plugins/access.js';
import {
  addGuardian,
  createStudent,
  getClassHistory,
  getStudent,
  listStudents,
  lookupGuardian,
  removeGuardian,
  updateGuardian,
  updateStudent,
} from './learners.service.js';
import { type AuthDeps } from '../../lib/module-deps.js';

const studentParams = z.object({ id: z.uuid('Invalid learner id') });
const guardianParams = z.object({ id: z.uuid('Invalid learner id'), guardianId: z.uuid('Invalid guardian id') });

/**
 * The learner register (issue 10 §2, §4 Public API). Reads: viewLearners (principal, director and
 * finance officer the whole school; a teacher the learners they teach; a parent their own children;
 * platform staff any school), narrowed in the service; a learner the caller may not see, or another
 * school's, is 404. Writes: manageLearners (principal).
 *
 * Errors are `{ error: { code, message, fields? } }`: 401, 403, 404 NOT_FOUND, 400 VALIDATION /
 * BAD_REQUEST with `fields`, 409 DUPLICATE_ADMISSION_NUMBER / OVER_CAPACITY / PHONE_TAKEN.
 */
export async function learnersRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const database = deps.database;

  /**
   * GET /api/students?search=&classId=&levelId=&status=&gender=&boarding=&sort=&page=&pageSize= →
   * { items: [{ id, admissionNumber, firstName, middleName, lastName, gender, dateOfBirth, classId,
   * className, status, ...extras }], total, page, pageSize }. status: active (default), transferred,
   * exited, graduated or all. search: names, admission number, UPI, assessment and birth-certificate
   * numbers (every word must match), or a guardian's phone in any Kenyan form.
   */
  r.get(
    '/api/students',
    { config: { permission: 'viewLearners' }, schema: { querystring: listStudentsQuery, response: { 200: listStudentsResponse }, tags: ['students'] } },
    async (request) => listStudents(database, actorOf(request), request.query),
  );

  /**
   * GET /api/students/:id → the learner with guardians [{ id, name, relationship, phone, email,
   * isPrimary, hasAccount, ... }]. A subject teacher gets no guardian contacts (the class teacher
   * does); the finance officer gets no medical notes. 404 for a learner the caller may not see.
   */
  r.get(
    '/api/students/:id',
    { config: { permission: 'viewLearners' }, schema: { params: studentParams, response: { 200: studentDetailSchema }, tags: ['students'] } },
    async (request) => getStudent(database, actorOf(request), request.params.id),
  );

  /** GET /api/students/:id/history → { items: class history by year, newest first }. */
  r.get(
    '/api/students/:id/history',
    { config: { permission: 'viewLearners' }, schema: { params: studentParams, response: { 200: classHistoryResponse }, tags: ['students'] } },
    async (request) => ({ items: await getClassHistory(database, actorOf(request), request.params.id) }),
  );

  /**
   * POST /api/students (admission) → 201 with the record and `notices` (admission number given,
   * guardians linked rather than duplicated, parent accounts e-mailed). 400 with field errors; 409
   * DUPLICATE_ADMISSION_NUMBER; 409 OVER_CAPACITY (send overrideCapacity: true to admit anyway).
   */
  r.post(
    '/api/students',
    { config: { permission: 'manageLearners' }, schema: { body: createStudentBody, response: { 201: createStudentResponse }, tags: ['students'] } },
    async (request, reply) => reply.status(201).send(await createStudent(deps, actorOf(request), request.body, { ip: request.ip })),
  );

  /** PATCH /api/students/:id: any of the learner's fields; audited with old and new values. */
  r.patch(
    '/api/students/:id',
    {
      config: { permission: 'manageLearners' },
      schema: { params: studentParams, body: updateStudentBody, response: { 200: studentDetailSchema }, tags: ['students'] },
    },
    async (request) => updateStudent(database, actorOf(request), request.params.id, request.body, { ip: request.ip }),
  );

  /** POST /api/students/:id/guardians → 201 the record: links another guardian (existing by phone, or new). */
  r.post(
    '/api/students/:id/guardians',
    {
      config: { permission: 'manageLearners' },
      schema: { params: studentParams, body: guardianInputSchema, response: { 201: studentDetailSchema }, tags: ['students'] },
    },
    async (request, reply) => reply.status(201).send(await addGuardian(deps, actorOf(request), request.params.id, request.body, { ip: request.ip })),
  );

  /** PATCH /api/students/:id/guardians/:guardianId → the record: edits the guardian and this link. */
  r.patch(
    '/api/students/:id/guardians/:guardianId',
    {
      config: { permission: 'manageLearners' },
      schema: { params: guardianParams, body: updateGuardianBody, response: { 200: studentDetailSchema }, tags: ['students'] },
    },
    async (request) =>
      updateGuardian(deps, actorOf(request), request.params.id, request.params.guardianId, request.body, { ip: request.ip }),
  );

  /** DELETE /api/students/:id/guardians/:guardianId → the record: unlinks the guardian (at least one stays). */
  r.delete(
    '/api/students/:id/guardians/:guardianId',
    { config: { permission: 'manageLearners' }, schema: { params: guardianParams, response: { 200: studentDetailSchema }, tags: ['students'] } },
    async (request) => removeGuardian(database, actorOf(request), request.params.id, request.params.guardianId, { ip: request.ip }),
  );

  /** GET /api/guardians/lookup?phone= → { guardian: { id, name, phone, email, hasAccount, children } | null }. */
  r.get(
    '/api/guardians/lookup',
    {
      config: { permission: 'manageLearners' },
      schema: { querystring: z.object({ phone: z.string().trim().min(1).max(30) }), response: { 200: guardianLookupResponse }, tags: ['students'] },
    },
    async (request) => ({ guardian: await lookupGuardian(database, actorOf(request), request.query.phone) }),
  );
}
