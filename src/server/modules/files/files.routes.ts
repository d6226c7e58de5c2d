import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdminRole } from '../../../shared/roles.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { actorOf, scopeOf } from '../../plugins/access.js';
import type { FileStorage } from '../../storage/storage.js';
import { loadFile } from '../../lib/files.js';

/**
 * GET /api/files/:id → the file's bytes with its type (inline; `?download=1` as an attachment named as
 * uploaded). A school's logo is readable by everyone of that school; any other file only by the person
 * who uploaded or generated it (their import, their PDF) and platform staff. Learner photos have their
 * own route with the register's visibility (GET /api/students/:id/photo). 404 otherwise.
 */
export async function filesRoutes(app: FastifyInstance, deps: { database: Database; storage: FileStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/files/:id',
    {
      config: { permission: 'signedIn' },
      schema: { params: z.object({ id: z.uuid('Invalid file id') }), querystring: z.object({ download: z.string().optional() }), tags: ['files'] },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { row, body } = await withScope(deps.database.db, scopeOf(request), (tx) =>
        loadFile(tx, deps.storage, isAdminRole(actor.role) ? null : actor.schoolId, request.params.id),
      );
      if (row.kind !== 'logo' && row.createdBy !== actor.id && !isAdminRole(actor.role)) throw notFound(messages.files.notFound);
      const name = (row.originalName ?? `${row.kind}-${row.id.slice(0, 8)}`).replace(/[^\w.\- ]+/g, '_');
      reply.header('content-type', row.contentType);
      reply.header('cache-control', 'private, max-age=300');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-disposition', `${request.query.download ? 'attachment' : 'inline'}; filename="${name}"`);
      return reply.send(body);
    },
  );
}
