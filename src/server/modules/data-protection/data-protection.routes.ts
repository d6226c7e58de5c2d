import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { erasureBody, erasureResponse, exportBody, listRequestsQuery, listRequestsResponse, subjectsQuery, subjectsResponse } from '../../../shared/contracts/data-protection.js';
import type { Tx } from '../../db/tenant.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './data-protection.service.js';
import type { RequestCaller } from '../../lib/school-context.js';
import { inRequestScope } from '../../lib/request-caller.js';
import { consentRoutes } from './consents.routes.js';

/**
 * Personal-data export and erasure (issue 18 §2; Kenya Data Protection Act 2019 s.26, s.39, s.40).
 * exportPersonalData: EduFam staff (edufam_admin, every school and platform users) and a school's
 * principal or director (their own school; another school's subject or a platform user is 404).
 * erasePersonalData: edufam_admin only. Each request runs in one transaction in the caller's scope
 * (row-level security); an erasure's stored files are deleted after the commit. Errors:
 * `{ error: { code, message } }`; bad input 400 with nothing written.
 */
export async function dataProtectionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['data-protection'];
  const exporter = { permission: 'exportPersonalData' } as const;
  const eraser = { permission: 'erasePersonalData' } as const;

  const run = <T>(req: FastifyRequest, fn: (tx: Tx, c: RequestCaller) => Promise<T>): Promise<T> => inRequestScope(database, req, fn);

  // Consent (issue 35 §5): GET/PUT /api/students/:id/consents and the consent register.
  await consentRoutes(app, database);

  /**
   * GET /api/data-protection/subjects?q=&type= (q: 2+ characters; type learner | user | '') →
   * { learners: [{ id, name, admissionNumber, schoolId, schoolName, className, status, erased,
   * erasure: { allowed, reason } }], users: [{ id, name, email, role, schoolId, schoolName, status,
   * erased, erasure }] }, up to 20 of each. 400 for a query under 2 characters.
   */
  r.get('/api/data-protection/subjects', { config: exporter, schema: { querystring: subjectsQuery, response: { 200: subjectsResponse }, tags } }, async (req) =>
    run(req, (tx, c) => svc.searchSubjects(tx, c, req.query)),
  );

  /**
   * POST /api/data-protection/exports { subjectType: learner | user, subjectId, reason } → 200
   * application/json as an attachment, `personal-data-<admission number or e-mail name>-<YYYY-MM-DD>.json`
   * (date in Africa/Nairobi): { title, notice, legalBasis, requestId, generatedAt, requestedBy, reason,
   * subject, counts, data }. Money in KES cents. Recorded and audited PERSONAL_DATA_EXPORTED.
   * 404 a subject the caller may not see; 400 no reason.
   */
  r.post('/api/data-protection/exports', { config: exporter, schema: { body: exportBody, tags } }, async (req, reply) => {
    const out = await run(req, (tx, c) => svc.exportPersonalData(tx, c, req.body));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${out.fileName}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(out.document, null, 2));
  });

  /**
   * POST /api/data-protection/erasures { subjectType, subjectId, reason, confirm } (edufam_admin) →
   * { request, message }: the erasure's record (outcome: anonymised / deleted counts per table,
   * filesDeleted, retained [{ what, why }]). 400 confirm mismatch, an enrolled learner, an active
   * account, the last EduFam administrator or the caller's own account; 409 already erased; 404 unknown.
   */
  r.post('/api/data-protection/erasures', { config: eraser, schema: { body: erasureBody, response: { 200: erasureResponse }, tags } }, async (req) => {
    const { storageKeys, ...out } = await run(req, (tx, c) => svc.erasePersonalData(tx, c, req.body));
    for (const key of storageKeys) {
      try {
        await deps.storage.delete(key);
      } catch (err) {
        req.log.warn({ err, key }, 'erased file not removed from storage');
      }
    }
    return out;
  });

  /**
   * GET /api/data-protection/requests?kind=export|erasure&page=&pageSize= → { items, total, page,
   * pageSize }: the requests the caller's scope sees, newest first (a school's principal or director:
   * their school's; EduFam staff: all).
   */
  r.get('/api/data-protection/requests', { config: exporter, schema: { querystring: listRequestsQuery, response: { 200: listRequestsResponse }, tags } }, async (req) =>
    run(req, (tx) => svc.listRequests(tx, req.query)),
  );
}
