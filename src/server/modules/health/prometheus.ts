import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import { notFound } from '../../errors.js';
import { UNMEASURED_ROUTES } from './request-metrics.js';

/** Where Prometheus scrapes (issue 37 §3). Outside /api: it is for the operator's monitoring, not the app. */
export const METRICS_PATH = '/metrics';

export interface PrometheusOptions {
  /**
   * METRICS_TOKEN: the scrape's bearer token (`Authorization: Bearer <token>`). Unset: /metrics answers
   * 404, so an installation that does not monitor exposes nothing.
   */
  token?: string;
  /** The PostgreSQL pool (absent on PGlite), for its connection figures. */
  pool?: pg.Pool;
}

/** True when the Authorization header carries `token` (constant time). */
function bearerMatches(token: string | undefined, header: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus figures of this instance (issue 37 §3; prom-client, text exposition format 0.0.4), on a
 * registry of its own (tests build many apps in one process):
 * - `edufam_http_request_duration_seconds{method, route, status_code}`: a histogram per route pattern
 *   (`/api/students/:id`, never the raw URL, so ids do not multiply series); the live-event stream and
 *   the health probes are left out as in System Health (UNMEASURED_ROUTES);
 * - `edufam_http_errors_total{method, route}`: answers 500 and above;
 * - `edufam_db_pool_connections{state}`: total, idle and waiting clients of the PostgreSQL pool;
 * - Node's own (prom-client defaults, prefixed `edufam_`): event-loop lag, heap, GC, CPU, handles.
 * Register BEFORE the route plugins (an onRoute hook gives each route its own onResponse hook).
 * `GET /metrics` is public to the access gate (it is not under /api) and checks the bearer token itself.
 */
export function registerPrometheus(app: FastifyInstance, opts: PrometheusOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'edufam_' });
  const duration = new Histogram({
    name: 'edufam_http_request_duration_seconds',
    help: 'API request duration by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'edufam_http_errors_total',
    help: 'API answers with status 500 or above, by route pattern and method.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const pool = opts.pool;
  if (pool) {
    new Gauge({
      name: 'edufam_db_pool_connections',
      help: 'PostgreSQL pool clients by state (total, idle, waiting).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNMEASURED_ROUTES.has(route.url)) return;
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    const measure: onResponseHookHandler = (_request, reply, done) => {
      duration.observe({ method, route: route.url, status_code: reply.statusCode }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) errors.inc({ method, route: route.url });
      done();
    };
    const own = route.onResponse;
    route.onResponse = own === undefined ? [measure] : Array.isArray(own) ? [...own, measure] : [own, measure];
  });
  app.get(METRICS_PATH, { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(opts.token, request.headers.authorization)) throw notFound();
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
