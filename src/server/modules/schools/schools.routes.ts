import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSchoolBody,
  listSchoolsQuery,
  listSchoolsResponse,
  schoolLeadersResponse,
  schoolResponse,
  updateSchoolBody,
  updateSchoolStatusBody,
  updateSchoolStatusResponse,
} from '../../../shared/contracts/schools.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { createSchool, getLeaders, getSchool, listSchools, setSchoolStatus, updateSchool } from './schools.service.js';

const schoolIdParams = z.object({ id: z.uuid('Invalid school id') });

/**
 * Schools API (spec §2 edufam_admin "schools" Schools Management, §3 School, §4 School context, §7 table
 * read 3). Reads: any signed-in user, within their scope (platform staff every school, school roles
 * their own; another school's id is 404, the same as an unknown id). Writes: manageSchools
 * (edufam_admin and its alias elimisha_admin; school roles get 403 "You do not have permission to
 * perform this action.").
 *
 * Errors are `{ error: { code, message, fields? } }`: 401 UNAUTHENTICATED, 403 FORBIDDEN /
 * SCHOOL_INACTIVE (gate), 400 VALIDATION (schema; `fields` per input) and BAD_REQUEST (phone, owner,
 * principal; `fields`), 404 NOT_FOUND, 409 CODE_TAKEN.
 */
export async function schoolsRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/schools?search=&status=&curriculum=&page=1&pageSize= → 200 ListSchoolsResponse
   * {schools: School[], total, page, pageSize, summary: {total, active, inactive}}. By name. Without
   * pageSize: every matching school (pageSize null), as the school context and pickers need; with it
   * (1..100), one page. Each school carries userCount (accounts of every role) and studentCount
   * (active students). 400 for an unknown status/curriculum or a bad page value.
   */
  r.get(
    '/api/schools',
    {
      config: { permission: 'signedIn' },
      schema: { querystring: listSchoolsQuery, response: { 200: listSchoolsResponse }, tags: ['schools'] },
    },
    async (request) => listSchools(database, actorOf(request), request.query),
  );

  /**
   * GET /api/schools/:id → 200 {school: School}. 404 (not 403) for another school's id or an unknown
   * id, so the answer does not reveal whether the school exists. 400 for an id that is not a UUID.
   */
  r.get(
    '/api/schools/:id',
    {
      config: { permission: 'signedIn' },
      schema: { params: schoolIdParams, response: { 200: schoolResponse }, tags: ['schools'] },
    },
    async (request) => ({ school: await getSchool(database, actorOf(request), request.params.id) }),
  );

  /**
   * GET /api/schools/:id/leaders → 200 {leaders: [{id, name, email, role, status}]}: the school's
   * school directors and principals by name, the choices for owner and principal. edufam_admin only.
   * 404 unknown school.
   */
  r.get(
    '/api/schools/:id/leaders',
    {
      config: { permission: 'manageSchools' },
      schema: { params: schoolIdParams, response: { 200: schoolLeadersResponse }, tags: ['schools'] },
    },
    async (request) => ({ leaders: await getLeaders(database, actorOf(request), request.params.id) }),
  );

  /**
   * POST /api/schools {name, code?, curriculum, address?, county?, phone?, email?, logoUrl?, motto?}
   * → 201 {school}. edufam_admin only. The school starts active. code: 2-40 lowercase letters/digits in
   * hyphenated words, unique (409 CODE_TAKEN); absent or empty, it is made from the name. phone: a
   * Kenyan number stored as 2547XXXXXXXX (400 "Please enter a valid Kenyan phone number"). email and
   * logoUrl (http/https) validated. ownerId/principalId must be empty on create (400): the school has
   * no accounts yet. Audited as SCHOOL_CREATED, in the same transaction.
   */
  r.post(
    '/api/schools',
    {
      config: { permission: 'manageSchools' },
      schema: { body: createSchoolBody, response: { 201: schoolResponse }, tags: ['schools'] },
    },
    async (request, reply) => {
      const school = await createSchool(database, actorOf(request), request.body, { ip: request.ip });
      return reply.status(201).send({ school });
    },
  );

  /**
   * PATCH /api/schools/:id {any of the create fields, ownerId?, principalId?} → 200 {school}.
   * edufam_admin only. Absent fields stay; '' or null clears an optional field. ownerId: a
   * school_director of this school; principalId: a principal of this school (400 otherwise). 404
   * unknown school, 409 CODE_TAKEN. Audited as SCHOOL_UPDATED with the changed fields only; no change,
   * no entry.
   */
  r.patch(
    '/api/schools/:id',
    {
      config: { permission: 'manageSchools' },
      schema: { params: schoolIdParams, body: updateSchoolBody, response: { 200: schoolResponse }, tags: ['schools'] },
    },
    async (request) => ({ school: await updateSchool(database, actorOf(request), request.params.id, request.body, { ip: request.ip }) }),
  );

  /**
   * PATCH /api/schools/:id/status {status: 'active'|'inactive'} → 200 {school, message}. edufam_admin
   * only. Deactivating signs every account of the school out at once and refuses their sign-in and API
   * calls until reactivated. The same status again is 200 with no change. 404 unknown school. Audited
   * as SCHOOL_STATUS_CHANGED.
   */
  r.patch(
    '/api/schools/:id/status',
    {
      config: { permission: 'manageSchools' },
      schema: { params: schoolIdParams, body: updateSchoolStatusBody, response: { 200: updateSchoolStatusResponse }, tags: ['schools'] },
    },
    async (request) => setSchoolStatus(database, actorOf(request), request.params.id, request.body.status, { ip: request.ip }),
  );
}
