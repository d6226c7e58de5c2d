import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contractAlertsResponse,
  createStaffAccountBody,
  createStaffBody,
  exitStaffBody,
  listStaffQuery,
  listStaffResponse,
  schoolQuery,
  staffDetail,
  staffDocument,
  staffDocumentParams,
  staffIdParams,
  staffWriteResponse,
  updateClearanceBody,
  updateStaffBody,
} from '../../../shared/contracts/staff.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import {
  addDocument,
  contractAlerts,
  createStaff,
  createStaffAccount,
  deleteDocument,
  downloadDocument,
  exitStaff,
  getStaff,
  listStaff,
  setStaffAccountStatus,
  updateClearance,
  updateStaff,
} from './staff.service.js';

/**
 * Staff records and HR's user management (issue 14 §1). Writes: HR of the school (manageStaff); reads:
 * HR, the principal, the director and platform staff with ?schoolId= (viewStaff); other roles 403.
 * A staff id of another school is 404. Errors: `{ error: { code, message, fields? } }`; bad input is
 * 400 naming the field and writes nothing. Shapes: src/shared/contracts/staff.ts.
 *
 * - GET    /api/staff?search=&status=active|exited|all&department=&employer=&employmentType=&account=with|without&page=&pageSize=
 *            → { items, total, page, pageSize, departments, summary }
 * - POST   /api/staff                          → 201 { staff, message } (staffNumber generated unless given)
 * - GET    /api/staff/alerts                   → { today, items }: contracts ending within 30 days or ended
 * - GET    /api/staff/:id                      → StaffDetail (record, exit, account, documents)
 * - PATCH  /api/staff/:id                      → { staff, message }
 * - POST   /api/staff/:id/documents            → 201 StaffDocument (multipart: kind, title, then file)
 * - GET    /api/staff/:id/documents/:documentId/download → the file
 * - DELETE /api/staff/:id/documents/:documentId → 204
 * - POST   /api/staff/:id/exit                 → { staff, message } (disables the account)
 * - PATCH  /api/staff/:id/clearance            → { staff, message }
 * - POST   /api/staff/:id/account { role }     → 201 { staff, message, notice } (e-mails a set-password link)
 * - POST   /api/staff/:id/account/disable|enable → { staff, message }
 */
export async function staffRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['staff'];
  const call = (req: { ip: string }, actor: ReturnType<typeof actorOf>, schoolId?: string) => ({ actor, ip: req.ip, schoolId });

  r.get('/api/staff', { config: { permission: 'viewStaff' }, schema: { querystring: listStaffQuery, response: { 200: listStaffResponse }, tags } }, async (req) =>
    listStaff(database, actorOf(req), req.query),
  );

  r.post('/api/staff', { config: { permission: 'manageStaff' }, schema: { body: createStaffBody, response: { 201: staffWriteResponse }, tags } }, async (req, reply) =>
    reply.status(201).send(await createStaff(database, call(req, actorOf(req)), req.body)),
  );

  r.get('/api/staff/alerts', { config: { permission: 'viewStaff' }, schema: { querystring: schoolQuery, response: { 200: contractAlertsResponse }, tags } }, async (req) =>
    contractAlerts(database, actorOf(req), req.query.schoolId),
  );

  r.get('/api/staff/:id', { config: { permission: 'viewStaff' }, schema: { params: staffIdParams, querystring: schoolQuery, response: { 200: staffDetail }, tags } }, async (req) =>
    getStaff(database, actorOf(req), req.params.id, req.query.schoolId),
  );

  r.patch('/api/staff/:id', { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, body: updateStaffBody, response: { 200: staffWriteResponse }, tags } }, async (req) =>
    updateStaff(database, call(req, actorOf(req)), req.params.id, req.body),
  );

  r.post(
    '/api/staff/:id/documents',
    { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, response: { 201: staffDocument }, tags, consumes: ['multipart/form-data'] } },
    async (req, reply) => reply.status(201).send(await addDocument(database, storage, call(req, actorOf(req)), req.params.id, req)),
  );

  r.get(
    '/api/staff/:id/documents/:documentId/download',
    { config: { permission: 'viewStaff' }, schema: { params: staffDocumentParams, querystring: schoolQuery, tags } },
    async (req, reply) => {
      const file = await downloadDocument(database, storage, actorOf(req), req.params.id, req.params.documentId, req.query.schoolId);
      const safe = file.fileName.replace(/["\\\r\n]/g, '_');
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(file.body);
    },
  );

  r.delete('/api/staff/:id/documents/:documentId', { config: { permission: 'manageStaff' }, schema: { params: staffDocumentParams, tags } }, async (req, reply) => {
    await deleteDocument(database, call(req, actorOf(req)), req.params.id, req.params.documentId);
    return reply.status(204).send();
  });

  r.post('/api/staff/:id/exit', { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, body: exitStaffBody, response: { 200: staffWriteResponse }, tags } }, async (req) =>
    exitStaff(database, call(req, actorOf(req)), req.params.id, req.body),
  );

  r.patch(
    '/api/staff/:id/clearance',
    { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, body: updateClearanceBody, response: { 200: staffWriteResponse }, tags } },
    async (req) => updateClearance(database, call(req, actorOf(req)), req.params.id, req.body),
  );

  r.post(
    '/api/staff/:id/account',
    { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, body: createStaffAccountBody, response: { 201: staffWriteResponse }, tags } },
    async (req, reply) => reply.status(201).send(await createStaffAccount(deps, call(req, actorOf(req)), req.params.id, req.body)),
  );

  r.post('/api/staff/:id/account/disable', { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, response: { 200: staffWriteResponse }, tags } }, async (req) =>
    setStaffAccountStatus(database, call(req, actorOf(req)), req.params.id, 'inactive'),
  );

  r.post('/api/staff/:id/account/enable', { config: { permission: 'manageStaff' }, schema: { params: staffIdParams, response: { 200: staffWriteResponse }, tags } }, async (req) =>
    setStaffAccountStatus(database, call(req, actorOf(req)), req.params.id, 'active'),
  );
}
