import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canAccessSchool } from '../../../shared/access.js';
import {
  AUDIT_INPUT_MESSAGES,
  auditActionsResponse,
  auditListQuery,
  auditListResponse,
} from '../../../shared/contracts/audit.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import { listAuditActions, listAuditEntries } from './audit.repository.js';

/**
 * The school whose entries a caller may read: school leaders always their own school (wall 2, on top
 * of row-level security); platform admins the one they name, or undefined for every school and the
 * platform entries. A school leader naming another school gets 404, as for any other school's row.
 */
function schoolFilter(request: FastifyRequest, requested: string | undefined): string | undefined {
  const actor = actorOf(request);
  if (isAdminRole(actor.role)) return requested;
  if (requested && !canAccessSchool(actor, requested)) throw notFound(messages.api.notFound);
  return actor.schoolId ?? undefined;
}

/** The audit trail (the /audit section): platform admins read every school, school leaders their own. */
export async function auditRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/audit?action=&actorId=&actor=&entity=&from=&to=&success=&schoolId=&page=&pageSize=
   * → 200 {entries, total, page, pageSize}, newest first (`auditListResponse` in
   * shared/contracts/audit.ts). Each entry carries the old and new values, metadata, the actor's name,
   * e-mail and role (left-joined from profiles; null when not visible) and the school name.
   *
   * Scope: edufam_admin / elimisha_admin see every school's entries and the platform entries (school
   * null), optionally one school with `schoolId`; school_director and principal see only their school
   * (row-level security plus an explicit filter), and another school's `schoolId` is 404.
   * Filters: `action` exact; `actor` a name/e-mail substring; `actorId` the actor's id; `entity` a
   * substring of target entity or resource; `from`/`to` Africa/Nairobi calendar days, inclusive;
   * `success` true or false. Empty parameters mean no filter. pageSize ≤ 100 (default 25).
   * 401 without a session; 403 for other roles; 400 for a malformed date or id, or `from` after `to`.
   */
  r.get(
    '/api/audit',
    {
      config: { permission: 'schoolLeadership' },
      schema: {
        tags: ['audit'],
        summary: 'Audit trail entries in the caller’s scope',
        querystring: auditListQuery,
        response: { 200: auditListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.from && q.to && q.from > q.to) throw badRequest(AUDIT_INPUT_MESSAGES.dateOrder, { from: AUDIT_INPUT_MESSAGES.dateOrder });
      const schoolId = schoolFilter(request, q.schoolId);
      const { entries, total } = await withScope(database.db, scopeOf(request), (tx) =>
        listAuditEntries(
          tx,
          { action: q.action, actorId: q.actorId, actor: q.actor, entity: q.entity, from: q.from, to: q.to, success: q.success, schoolId },
          { page: q.page, pageSize: q.pageSize },
        ),
      );
      return { entries, total, page: q.page, pageSize: q.pageSize };
    },
  );

  /**
   * GET /api/audit/actions → 200 {actions: string[]}: the distinct actions of the entries the caller
   * may read (same scope as GET /api/audit), sorted, for the action filter. 401 / 403 as above.
   */
  r.get(
    '/api/audit/actions',
    {
      config: { permission: 'schoolLeadership' },
      schema: { tags: ['audit'], summary: 'Distinct audit actions in the caller’s scope', response: { 200: auditActionsResponse } },
    },
    async (request) => {
      const schoolId = schoolFilter(request, undefined);
      const actions = await withScope(database.db, scopeOf(request), (tx) => listAuditActions(tx, schoolId));
      return { actions };
    },
  );
}
