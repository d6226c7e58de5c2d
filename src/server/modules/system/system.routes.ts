import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { withSystem } from '../../db/tenant.js';
import { currentUser } from '../auth/index.js';
import { toHeaders } from '../../plugins/access.js';
import { recordAudit } from '../../lib/audit.js';
import { type AuthDeps } from '../../lib/module-deps.js';

const frontendError = z.object({
  errorId: z.string().max(100),
  message: z.string().max(2000),
  stack: z.string().max(20_000).optional(),
  componentStack: z.string().max(20_000).optional(),
  retryCount: z.number().int().min(0).max(100).optional(),
  userAgent: z.string().max(1000).optional(),
  url: z.string().max(2000).optional(),
});

/** Liveness, readiness and client error reports. */
export async function systemRoutes(app: FastifyInstance, deps: AuthDeps & { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** GET /api/health → 200 {status: "ok", uptimeSeconds}: the process is up (liveness). */
  r.get('/api/health', { config: { public: true }, schema: { tags: ['system'] } }, async () => ({
    status: 'ok',
    uptimeSeconds: Math.round(process.uptime()),
  }));

  /** GET /api/ready → 200 {status: "ready", databaseMs} or 503 when the database does not answer. */
  r.get('/api/ready', { config: { public: true }, schema: { tags: ['system'] } }, async (request, reply) => {
    try {
      const ms = await deps.database.ping();
      return { status: 'ready', database: deps.database.kind, databaseMs: Math.round(ms * 100) / 100 };
    } catch {
      return reply.status(503).send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'Unable to connect to the database', requestId: request.id } });
    }
  });

  /**
   * POST /api/errors/frontend {errorId, message, stack?, componentStack?, retryCount?, userAgent?, url?}
   * → 204. Records an audit entry FRONTEND_ERROR / resource error_boundary / success false (spec §3
   * Error audit record). Open to signed-out pages too; rate limited per IP.
   */
  r.post(
    '/api/errors/frontend',
    { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { body: frontendError, tags: ['system'] } },
    async (request, reply) => {
      const user = await currentUser(deps, toHeaders(request)).catch(() => null);
      const b = request.body;
      await withSystem(deps.database.db, (tx) =>
        recordAudit(tx, {
          schoolId: user?.schoolId ?? null,
          action: 'FRONTEND_ERROR',
          resource: 'error_boundary',
          performedByUserId: user?.id ?? null,
          performedByRole: user?.rawRole ?? null,
          success: false,
          errorMessage: b.message,
          metadata: {
            stack: b.stack,
            componentStack: b.componentStack,
            errorId: b.errorId,
            retryCount: b.retryCount ?? 0,
            userAgent: b.userAgent ?? request.headers['user-agent'],
            url: b.url,
          },
          ipAddress: request.ip,
        }),
      );
      return reply.status(204).send();
    },
  );
}
