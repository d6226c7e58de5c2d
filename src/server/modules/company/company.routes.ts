import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companySchema,
  companyWriteResponse,
  createPlatformStaffBody,
  platformStaffResponse,
  platformStaffWriteResponse,
  staffParams,
  updateCompanyBody,
  updatePlatformStaffBody,
} from '../../../shared/contracts/company.js';
import { companyMessages as cm } from '../../../shared/messages/company.js';
import { withSystem } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { readUpload } from '../../lib/files.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './company.service.js';
import { scopedCallerOf } from '../../lib/request-caller.js';

/**
 * Company Management (issue 18 §4, edufam_admin "Company Management", permission manageCompany:
 * edufam_admin and its alias elimisha_admin; school roles 403):
 * - GET/PUT /api/company: EduFam's details printed on platform invoices, receipts and e-mails (name,
 *   KRA PIN, address, e-mail, phone, website, paybill, bank). PUT checks KRA PIN (P051234567X), paybill
 *   (5-7 digits), e-mail and Kenyan phone; 400 with `fields`, nothing written.
 * - POST /api/company/logo (multipart field `file`: PNG, JPEG or WebP up to 2 MB) and GET
 *   /api/company/logo (public: EduFam's logo is public branding, linked from e-mails).
 * - GET /api/company/staff, POST /api/company/staff { name, email, role } (e-mails a set-password
 *   link), PATCH /api/company/staff/:id { role?, status? } (not oneself; never the last active
 *   edufam_admin).
 * Errors `{ error: { code, message, fields? } }`; every change audited with old and new values.
 */
export async function companyRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['company'];
  const manage = { permission: 'manageCompany' } as const;
  const caller = scopedCallerOf;

  /** GET /api/company → { name, kraPin, address, email, phone, website, paybill, bankName, bankBranch, bankAccountName, bankAccountNumber, logoUrl, updatedAt }. */
  r.get('/api/company', { config: manage, schema: { response: { 200: companySchema }, tags } }, async (req) => svc.getCompany(database, caller(req)));

  /** PUT /api/company { name, kraPin?, …, bankAccountNumber? } → { company, message }; '' or null clears an optional field. */
  r.put('/api/company', { config: manage, schema: { body: updateCompanyBody, response: { 200: companyWriteResponse }, tags } }, async (req) =>
    svc.updateCompany(database, caller(req), req.body),
  );

  /** POST /api/company/logo (multipart `file`) → { company, message }; 400 NO_FILE/EMPTY, 413 FILE_TOO_LARGE, 415 FILE_TYPE. */
  r.post('/api/company/logo', { config: manage, schema: { response: { 200: companyWriteResponse }, tags } }, async (req) => {
    const upload = await readUpload(req, 'logo');
    return svc.updateLogo(database, deps.storage, caller(req), upload);
  });

  /** GET /api/company/logo (public) → the image; 404 when none is set. */
  r.get('/api/company/logo', { config: { public: true }, schema: { tags } }, async (_req, reply) => {
    const logo = await withSystem(database.db, (tx) => svc.companyLogo(tx, deps.storage));
    if (!logo) throw notFound(cm.api.noLogo);
    return reply.header('content-type', logo.contentType).header('cache-control', 'public, max-age=300').header('x-content-type-options', 'nosniff').send(logo.body);
  });

  /** GET /api/company/staff → { staff: [{ id, name, email, role, status, lastLoginAt, twoFactorEnabled, createdAt }] }. */
  r.get('/api/company/staff', { config: manage, schema: { response: { 200: platformStaffResponse }, tags } }, async (req) => ({
    staff: await svc.listStaff(database, caller(req)),
  }));

  /** POST /api/company/staff { name, email, role: edufam_admin|elimisha_admin } → 201 { staff, message, notice }; 409 EMAIL_TAKEN. */
  r.post('/api/company/staff', { config: manage, schema: { body: createPlatformStaffBody, response: { 201: platformStaffWriteResponse }, tags } }, async (req, reply) =>
    reply.code(201).send(await svc.createStaff(deps, caller(req), req.body)),
  );

  /** PATCH /api/company/staff/:id { role?, status?: active|inactive } → { staff, message, notice: null }; 400 self / last admin, 404 not platform staff. */
  r.patch('/api/company/staff/:id', { config: manage, schema: { params: staffParams, body: updatePlatformStaffBody, response: { 200: platformStaffWriteResponse }, tags } }, async (req) =>
    svc.updateStaff(database, caller(req), req.params.id, req.body),
  );
}
