import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalSchema, decideApprovalBody, listApprovalsQuery, listApprovalsResponse } from '../../../shared/contracts/fees.js';
import type { Database } from '../../db/client.js';
import { actorOf } from '../../plugins/access.js';
import { decideApproval, listApprovals } from './approvals.service.js';

const approvalParams = z.object({ id: z.uuid('Invalid approval id') });

/**
 * The Approvals card's endpoints (ARCHITECTURE.md "Approvals"). What a decision does belongs to the
 * module of the approval's kind, registered with `registerApprovalKind` at boot.
 */
export async function approvalsRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];

  /** GET /api/approvals?status=pending|approved|rejected|all&page=&pageSize= → { items, total, pending } (principal, director), newest first. */
  r.get('/api/approvals', { config: { permission: 'viewApprovals' }, schema: { querystring: listApprovalsQuery, response: { 200: listApprovalsResponse }, tags } }, async (req) =>
    listApprovals(database, actorOf(req), req.query),
  );
  /** POST /api/approvals/:id/approve { note? } → the approval; what it asked for takes effect. 403 for a role that may not decide its kind; 409 when already decided. */
  r.post(
    '/api/approvals/:id/approve',
    { config: { permission: 'decideApprovals' }, schema: { params: approvalParams, body: decideApprovalBody, response: { 200: approvalSchema }, tags } },
    async (req) => decideApproval(database, actorOf(req), req.params.id, true, req.body.note ?? null, req.ip),
  );
  /** POST /api/approvals/:id/reject { note? } → the approval. 403 / 409 as approve. */
  r.post(
    '/api/approvals/:id/reject',
    { config: { permission: 'decideApprovals' }, schema: { params: approvalParams, body: decideApprovalBody, response: { 200: approvalSchema }, tags } },
    async (req) => decideApproval(database, actorOf(req), req.params.id, false, req.body.note ?? null, req.ip),
  );
}
