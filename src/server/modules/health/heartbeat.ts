import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { HEARTBEAT_INTERVAL_MS, type InstanceFigures } from '../../../shared/contracts/health.js';
import type { Database } from '../../db/client.js';
import { withSystem } from '../../db/tenant.js';
import { deleteHeartbeat, writeHeartbeat } from './health.repository.js';
import type { InstanceInfo } from './health.service.js';
import type { RequestMetrics } from './request-metrics.js';

/**
 * The fleet's heartbeat (issue 37 §3): each running server writes its identity and its own figures
 * into instance_heartbeats every HEARTBEAT_INTERVAL_MS, so System Health, answered by any instance,
 * shows every instance on the database (PostgreSQL: the fleet; PGlite: the one process).
 *
 * buildApp creates the heartbeat (not running) and stops it on app close; main.ts starts it once the
 * server listens (`startHeartbeat(deps)`). Tests build many apps and start none unless they mean to,
 * so no interval outlives a test. The interval is unref'd: it never holds the process open.
 */
export interface Heartbeat {
  /** This process's identity (the row's key and what System Health shows as "this instance"). */
  readonly instance: InstanceInfo;
  /** True between start() and stop(). */
  readonly running: boolean;
  /** Writes the row now (and deletes forgotten rows); concurrent calls share one write. Rejects when the database does. */
  beat(): Promise<void>;
  /** Beats now and then every interval; measures event-loop delay meanwhile. A second call does nothing. */
  start(): void;
  /** Stops the interval, waits for a write in flight, and (when it was running) deletes this instance's row. Never rejects. */
  stop(): Promise<void>;
}

export interface HeartbeatOptions {
  database: Database;
  metrics: RequestMetrics;
  instance: InstanceInfo;
  log?: { warn(obj: object, msg: string): void };
  /** Default HEARTBEAT_INTERVAL_MS (10 s). */
  intervalMs?: number;
}

const MB = 1024 * 1024;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** This process's figures now (the heartbeat's jsonb); `lag` null when event-loop delay is not being measured. */
export function currentFigures(metrics: RequestMetrics, lag: IntervalHistogram | null): InstanceFigures {
  const window = metrics.snapshot();
  const mem = process.memoryUsage();
  const heapLimit = getHeapStatistics().heap_size_limit;
  // p99 of the delays sampled since the last beat (ns → ms); none sampled yet: not measured.
  const lagMs = lag && lag.count > 0 ? round(lag.percentile(99) / 1e6, 2) : null;
  return {
    requestsTotal: window.total,
    errors: window.errors,
    ratePerMinute: window.ratePerMinute,
    p95Ms: window.p95Ms,
    rssMb: round(mem.rss / MB),
    heapPercent: heapLimit > 0 ? round((mem.heapUsed / heapLimit) * 100) : 0,
    eventLoopLagMs: lagMs,
  };
}

/** A heartbeat for this instance, not yet running (see Heartbeat). */
export function createHeartbeat(opts: HeartbeatOptions): Heartbeat {
  const { database, metrics, instance } = opts;
  const intervalMs = opts.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  let timer: NodeJS.Timeout | null = null;
  let lag: IntervalHistogram | null = null;
  let inFlight: Promise<void> | null = null;

  const write = async () => {
    const figures = currentFigures(metrics, lag);
    lag?.reset();
    await withSystem(database.db, (tx) =>
      writeHeartbeat(tx, {
        instanceId: instance.id,
        hostname: instance.hostname,
        pid: instance.pid,
        version: instance.version,
        nodeVersion: instance.nodeVersion,
        startedAt: new Date(instance.startedAt),
        figures,
      }),
    );
  };
  const beat = () => {
    inFlight ??= write().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  const tick = () => {
    beat().catch((err: unknown) => opts.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'heartbeat not written'));
  };

  return {
    instance,
    get running() {
      return timer !== null;
    },
    beat,
    start() {
      if (timer) return;
      lag = monitorEventLoopDelay({ resolution: 20 });
      lag.enable();
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = null;
      lag?.disable();
      lag = null;
      await inFlight?.catch(() => undefined);
      await withSystem(database.db, (tx) => deleteHeartbeat(tx, instance.id)).catch(() => undefined);
    },
  };
}

/**
 * Starts the app's heartbeat (main.ts, once the server listens): `startHeartbeat(deps)`. The app's
 * close stops it.
 */
export function startHeartbeat(deps: { heartbeat: Heartbeat }): void {
  deps.heartbeat.start();
}
