import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemHealthResponse } from '../../../shared/contracts/health.js';
import type { Database } from '../../db/client.js';
import { createInstanceInfo, readSystemHealth, type InstanceInfo } from './health.service.js';
import { createHeartbeat, type Heartbeat } from './heartbeat.js';
import type { RequestMetrics } from './request-metrics.js';

/**
 * The System Health screen's API (issue 3 §6 System health; section "system-health"). The load
 * balancer probes stay in modules/system: GET /api/health (liveness, no database) and GET /api/ready
 * (database ping, 503 when it does not answer).
 */
export async function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; metrics: RequestMetrics; instance?: InstanceInfo; heartbeat?: Heartbeat },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const instance = deps.heartbeat?.instance ?? deps.instance ?? createInstanceInfo();
  // Without the app's heartbeat, one that is never started: it still writes this instance's row when asked.
  const heartbeat = deps.heartbeat ?? createHeartbeat({ database: deps.database, metrics: deps.metrics, instance });

  /**
   * GET /api/system/health → 200 `SystemHealth` (shared/contracts/health.ts): live figures of the
   * instance that answers — uptime (s), database kind, reachability, latency (ms, `select 1`) and size
   * (bytes), API requests over the last 15 minutes (total, 5xx errors, rate per minute, error rate %,
   * p95 and mean response time in ms, and a per-minute series for the chart), memory (MB), unexpired
   * sessions, background job backlog (pg-boss when installed, else 0 with source "none"), instance id,
   * version and Node version, and an overall status (healthy / degraded / down). `fleet` (issue 37 §3):
   * every instance on this database seen in the last 10 minutes (its heartbeat row: identity, last seen,
   * live when seen < 30 s else stale, its own request, memory and event-loop figures) with totals over
   * the live ones; this instance writes its own heartbeat first, so it is always listed. Null when the
   * database cannot be read.
   *
   * A database that fails or is slow (> 3 s) gives null figures and status "down", never a 500.
   * Not cached (`cache-control: no-store`); the screen polls it every 5 s and it is not counted in the
   * request figures. Platform staff only (permission `viewSystemHealth`: edufam_admin and its alias
   * elimisha_admin, as the section's access rule in shared/sections.ts): 401 without a session, 403
   * for school roles.
   */
  r.get(
    '/api/system/health',
    {
      config: { permission: 'viewSystemHealth' },
      schema: {
        tags: ['system'],
        summary: 'Live health figures of the running instance (platform staff)',
        response: { 200: systemHealthResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSystemHealth({ database: deps.database, metrics: deps.metrics, instance, heartbeat });
    },
  );
}
