import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { Database } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { jobQueueFigures, jobQueueOldestAges } from './health.repository.js';
import type { OpsCounters } from './ops-counters.js';
import type { ReadCache } from '../../lib/read-cache.js';
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
  /** The database, for the job queue figures (pg-boss's table, read at each scrape). */
  database?: Database;
  /** This app's M-Pesa callback and SMS counters (ops-counters.ts). */
  ops?: OpsCounters;
  /** Parents' answers kept in memory (lib/read-cache.ts): reads by outcome and entries held. */
  readCache?: ReadCache;
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
 * - `edufam_job_queue_depth{queue, state}`: pg-boss jobs waiting (created, retry) and running (active)
 *   per queue, and `edufam_job_queue_oldest_age_seconds{queue}`: how long the oldest runnable job has
 *   waited; read from pgboss.job at each scrape (absent without pg-boss; a failed read leaves them out);
 * - `edufam_mpesa_callbacks_total{kind, outcome}`: Daraja callbacks answered, kind stk | c2b_validation |
 *   c2b_confirmation, outcome as ops-counters.ts MPESA_CALLBACK_OUTCOMES (posted, duplicate, held, ...);
 * - `edufam_sms_total{outcome}`: SMS sent / failed (the gateway's answer) and delivered / undelivered
 *   (delivery reports);
 * - `edufam_read_cache_total{kind, outcome}` (grades | fees | dashboard; hit | miss | bypass) and
 *   `edufam_read_cache_entries`: the parents' answers kept in memory (lib/read-cache.ts);
 * - Node's own (prom-client defaults, prefixed `edufam_`): event-loop lag (`edufam_nodejs_eventloop_lag_p99_seconds`
 *   and its siblings), heap, GC, CPU, handles.
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
  const database = opts.database;
  if (database) {
    new Gauge({
      name: 'edufam_job_queue_depth',
      help: 'Background jobs (pg-boss) waiting (created, retry) or running (active), by queue.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await jobQueueFigures(database.db).catch(() => []);
        for (const r of rows) this.set({ queue: r.queue, state: r.state }, r.count);
      },
    });
    new Gauge({
      name: 'edufam_job_queue_oldest_age_seconds',
      help: 'Seconds the oldest runnable, not yet started background job (pg-boss) has waited, by queue.',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await jobQueueOldestAges(database.db).catch(() => []);
        for (const r of rows) this.set({ queue: r.queue }, r.ageSeconds);
      },
    });
  }
  const ops = opts.ops;
  if (ops) {
    new Counter({
      name: 'edufam_mpesa_callbacks_total',
      help: 'M-Pesa (Daraja) callbacks answered, by kind and outcome.',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
      collect() {
        // The counts live in OpsCounters (incremented where the outcome is decided); copied at each scrape.
        this.reset();
        for (const c of ops.snapshot().mpesaCallbacks) this.inc({ kind: c.kind, outcome: c.outcome }, c.count);
      },
    });
    new Counter({
      name: 'edufam_sms_total',
      help: 'SMS by outcome: sent or failed (the gateway), delivered or undelivered (delivery reports).',
      labelNames: ['outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const c of ops.snapshot().sms) this.inc({ outcome: c.outcome }, c.count);
      },
    });
  }
  const readCache = opts.readCache;
  if (readCache) {
    new Counter({
      name: 'edufam_read_cache_total',
      help: "Cacheable reads (parents' results, fees and dashboard; the platform overview) by kind and outcome: hit, miss or bypass.",
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const c of readCache.counts()) this.inc({ kind: c.kind, outcome: c.outcome }, c.count);
      },
    });
    new Gauge({
      name: 'edufam_read_cache_entries',
      help: 'Answers this instance holds in memory (lib/read-cache.ts).',
      registers: [registry],
      collect() {
        this.set(readCache.size());
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
