import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateListItem,
  certificatesPdfBody,
  createCertificatesBody,
  listCertificatesQuery,
  listCertificatesResponse,
  revokeCertificateBody,
  signingKeysResponse,
  verifyCertificateResponse,
} from '../../../shared/contracts/assessment.js';
import { messages } from '../../../shared/messages.js';
import { sendPdf } from '../../lib/pdf.js';
import type { Signer } from '../../lib/signing.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { certificatesPdf, getCertificate, issueCertificates, listCertificates, revokeCertificate, verifyCertificate, type CertificateDeps } from './certificates.service.js';

const idParams = z.object({ id: z.uuid(messages.assessment.certificateNotFound) });
const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });

/**
 * Certificates (issue 12 §6; spec §2 /verify-certificate, §3 Certificate, §4 Certificate verify).
 * The principal issues (generateCertificates); principal, director and platform staff list and print
 * (viewCertificates; staff across schools); the principal of the school and EduFam admins revoke
 * (revokeCertificates). Verification and the public keys are public: anyone holding a certificate can
 * check it, online here or offline with the published Ed25519 key.
 * Errors: `{ error: { code, message, fields? } }`; another school's certificate is 404.
 */
export async function certificatesRoutes(app: FastifyInstance, deps: ModuleDeps & { signer: Signer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cd: CertificateDeps = { database: deps.database, signer: deps.signer, publicUrl: deps.publicUrl, storage: deps.storage };
  const tags = ['certificates'];

  /**
   * GET /api/certificates/keys (public) → { keys: [{ keyId, algorithm: 'Ed25519', publicKey (raw,
   * base64url), pem, createdAt, retiredAt }] }. Verify offline: the signature (base64url) is over the
   * UTF-8 bytes of `signed.content` from the verify endpoint (RFC 8785 canonical JSON).
   */
  r.get('/api/certificates/keys', { config: { public: true }, schema: { response: { 200: signingKeysResponse }, tags } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    // The key exists from the first call on, so the URL publishes it before any certificate is issued.
    await deps.signer.activeKey();
    return { keys: await deps.signer.publishedKeys() };
  });

  /**
   * GET /api/certificates/:id/verify?sig= (public) → { status: 'verified' | 'revoked' | 'invalid',
   * certificate, signed }. An unknown id, a changed signature or altered stored content is 'invalid'
   * (200, so the page can say so); rate-limited per address.
   */
  r.get(
    '/api/certificates/:id/verify',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { params: z.object({ id: z.string().max(100) }), querystring: z.object({ sig: z.string().max(200).optional() }), response: { 200: verifyCertificateResponse }, tags },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyCertificate(cd, req.params.id, req.query.sig);
    },
  );

  /** GET /api/certificates?kind=&search=&status=&page=&pageSize=&schoolId= → { items, total }, newest first. */
  r.get('/api/certificates', { config: { permission: 'viewCertificates' }, schema: { querystring: listCertificatesQuery, response: { 200: listCertificatesResponse }, tags } }, async (req) =>
    listCertificates(cd, actorOf(req), req.query),
  );

  /** POST /api/certificates { kind, studentIds, attendancePercentage?, note? } → 201 { items }: signed, all or none. */
  r.post(
    '/api/certificates',
    { config: { permission: 'generateCertificates' }, schema: { body: createCertificatesBody, response: { 201: z.object({ items: z.array(certificateListItem) }) }, tags } },
    async (req, reply) => reply.code(201).send(await issueCertificates(cd, { actor: actorOf(req), ip: req.ip }, req.body)),
  );

  /** POST /api/certificates/pdf { ids } → one PDF, a page per certificate. */
  r.post('/api/certificates/pdf', { config: { permission: 'viewCertificates' }, schema: { body: certificatesPdfBody, tags } }, async (req, reply) => {
    const { pdf, fileName } = await certificatesPdf(cd, actorOf(req), req.body.ids, req.body.schoolId);
    return sendPdf(reply, pdf, fileName);
  });

  /** GET /api/certificates/:id → the certificate with its verification link. */
  r.get('/api/certificates/:id', { config: { permission: 'viewCertificates' }, schema: { params: idParams, querystring: schoolQuery, response: { 200: certificateListItem }, tags } }, async (req) =>
    getCertificate(cd, actorOf(req), req.params.id, req.query.schoolId),
  );

  /** GET /api/certificates/:id/pdf → the certificate as PDF (with its QR code). */
  r.get('/api/certificates/:id/pdf', { config: { permission: 'viewCertificates' }, schema: { params: idParams, querystring: schoolQuery, tags } }, async (req, reply) => {
    const { pdf, fileName } = await certificatesPdf(cd, actorOf(req), [req.params.id], req.query.schoolId);
    return sendPdf(reply, pdf, fileName);
  });

  /** POST /api/certificates/:id/revoke { reason } → the certificate, now revoked (409 if it already was). */
  r.post(
    '/api/certificates/:id/revoke',
    { config: { permission: 'revokeCertificates' }, schema: { params: idParams, querystring: schoolQuery, body: revokeCertificateBody, response: { 200: certificateListItem }, tags } },
    async (req) => revokeCertificate(cd, { actor: actorOf(req), ip: req.ip }, req.params.id, req.body.reason, req.query.schoolId),
  );
}
