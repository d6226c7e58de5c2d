import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { FLEET_LIVE_SECONDS, overallStatus, type FleetHealth, type SystemHealth } from '../../../shared/contracts/health.js';
import type { Database } from '../../db/client.js';
import { fromProjectRoot } from '../../lib/project-root.js';
import { withSystem } from '../../db/tenant.js';
import { countActiveSessions, databaseSizeBytes, jobBacklog, listFleet, type FleetRow } from './health.repository.js';
import type { Heartbeat } from './heartbeat.js';
import type { RequestMetrics } from './request-metrics.js';

/** A database figure that takes longer than this is reported as missing rather than holding the answer. */
export const FIGURE_TIMEOUT_MS = 3_000;

const MB = 1024 * 1024;

/** EduFam's version from package.json, read once ("unknown" when it cannot be read). */
const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(fromProjectRoot('package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** Identity of this server process (one per start). */
export interface InstanceInfo {
  id: string;
  hostname: string;
  pid: number;
  version: string;
  nodeVersion: string;
  /** Epoch ms. */
  startedAt: number;
}

/** A new instance identity; the process start time comes from process.uptime(). */
export function createInstanceInfo(): InstanceInfo {
  return {
    id: randomBytes(4).toString('hex'),
    hostname: hostname(),
    pid: process.pid,
    version: VERSION,
    nodeVersion: process.version,
    startedAt: Date.now() - Math.round(process.uptime() * 1000),
  };
}

/** Resolves with `fn()`'s value, or null when it throws or takes longer than `ms`. Never rejects. */
async function orNull<T>(fn: () => Promise<T>, ms = FIGURE_TIMEOUT_MS): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([fn().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface HealthDeps {
  database: Database;
  metrics: RequestMetrics;
  instance: InstanceInfo;
  /** This instance's heartbeat: written before the fleet is read, so the answering instance is always in it, fresh. */
  heartbeat?: Heartbeat;
}

/**
 * The fleet view of heartbeat rows: live (seen within FLEET_LIVE_SECONDS) or stale, live ones first
 * then by start time; totals sum the live instances' figures (a stale row's figures are old).
 */
export function fleetOf(rows: FleetRow[], currentId: string): FleetHealth {
  const instances = rows
    .map((r) => ({
      id: r.instanceId,
      hostname: r.hostname,
      pid: r.pid,
      version: r.version,
      nodeVersion: r.nodeVersion,
      startedAt: r.startedAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      secondsSinceSeen: r.secondsSinceSeen,
      status: r.secondsSinceSeen < FLEET_LIVE_SECONDS ? ('live' as const) : ('stale' as const),
      current: r.instanceId === currentId,
      figures: r.figures,
    }))
    .sort((a, b) => (a.status === b.status ? 0 : a.status === 'live' ? -1 : 1));
  const live = instances.filter((i) => i.status === 'live');
  return {
    instances,
    totals: {
      live: live.length,
      instances: instances.length,
      ratePerMinute: round(live.reduce((n, i) => n + i.figures.ratePerMinute, 0), 2),
      requests: live.reduce((n, i) => n + i.figures.requestsTotal, 0),
      errors: live.reduce((n, i) => n + i.figures.errors, 0),
    },
  };
}

/**
 * Every figure of the System Health screen (the `SystemHealth` contract). Database figures that fail
 * or time out (FIGURE_TIMEOUT_MS) come back null instead of failing the answer, so the screen still
 * shows the process figures when the database is down (status `down`). Never throws.
 */
export async function readSystemHealth(deps: HealthDeps): Promise<SystemHealth> {
  const { database, metrics, instance } = deps;
  // PGlite serves one query at a time; the ping goes first so its round trip is not queued behind the others.
  const latency = await orNull(() => database.ping());
  const reachable = latency !== null;
  const [sessions, sizeBytes, jobs] = reachable
    ? await Promise.all([
        orNull(() => withSystem(database.db, countActiveSessions)),
        orNull(() => databaseSizeBytes(database.db)),
        orNull(() => jobBacklog(database.db)),
      ])
    : [null, null, null];
  // The answering instance beats first (a failed write still lets the others show), then the fleet is read.
  const fleetRows = reachable
    ? await orNull(async () => {
        await deps.heartbeat?.beat().catch(() => undefined);
        return withSystem(database.db, listFleet);
      })
    : null;

  const window = metrics.snapshot();
  const mem = process.memoryUsage();
  const heapLimit = getHeapStatistics().heap_size_limit;
  const figures = {
    database: {
      kind: database.kind,
      reachable,
      latencyMs: latency === null ? null : round(latency, 2),
      sizeBytes,
    },
    requests: {
      total: window.total,
      errors: window.errors,
      ratePerMinute: window.ratePerMinute,
      errorRatePercent: window.errorRatePercent,
      p95Ms: window.p95Ms,
      averageMs: window.averageMs,
      series: window.series.map((m) => ({ ...m, minuteStart: new Date(m.minuteStart).toISOString() })),
    },
    memory: {
      rssMb: round(mem.rss / MB),
      heapUsedMb: round(mem.heapUsed / MB),
      heapTotalMb: round(mem.heapTotal / MB),
      heapLimitMb: round(heapLimit / MB),
      heapPercent: heapLimit > 0 ? round((mem.heapUsed / heapLimit) * 100) : 0,
    },
    jobs: jobs ?? { pending: null, active: null, source: 'none' as const },
  };
  return {
    status: overallStatus(figures),
    checkedAt: new Date().toISOString(),
    windowMinutes: window.windowMinutes,
    instance: {
      id: instance.id,
      hostname: instance.hostname,
      pid: instance.pid,
      version: instance.version,
      nodeVersion: instance.nodeVersion,
      startedAt: new Date(instance.startedAt).toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
    },
    ...figures,
    sessions: { active: sessions?.active ?? null, users: sessions?.users ?? null },
    fleet: fleetRows ? fleetOf(fleetRows, instance.id) : null,
  };
}
