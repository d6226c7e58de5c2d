import { z } from 'zod';

/**
 * System health contract (issue 3 §6 System health; the edufam_admin section "system-health").
 * Shared by GET /api/system/health and the web System Health screen. Browser-safe.
 *
 * Units are in the field names: `…Ms` milliseconds, `…Mb` mebibytes (1024²), `…Bytes` bytes,
 * `…Seconds` seconds, `…Percent` 0–100. Instants are ISO 8601 date-times (UTC).
 *
 * Request figures cover the API requests this *instance* answered in the rolling window (the last
 * `windowMinutes` minutes, the current minute included), measured by an in-process collector; they
 * leave out the live-event streams (GET /api/events) and the health endpoints themselves
 * (/api/health, /api/ready, /api/system/health), so polling the screen does not move its own figures.
 */

/** Minutes of the rolling request window. */
export const HEALTH_WINDOW_MINUTES = 15;

/** How often the screen asks for fresh figures. */
export const HEALTH_REFRESH_MS = 5_000;

/** A figure's colour on the screen: green, amber or red. `info` figures carry no judgement. */
export type HealthLevel = 'ok' | 'warning' | 'critical';

/**
 * Thresholds of the status badges: at or above `warning` the figure is amber, at or above
 * `critical` red. One table for server (overall status) and screen (badges).
 */
export const HEALTH_THRESHOLDS = {
  /** Database round trip (select 1), ms. */
  databaseLatencyMs: { warning: 100, critical: 500 },
  /** Share of API requests answered with a 5xx status in the window, %. */
  errorRatePercent: { warning: 1, critical: 5 },
  /** 95th percentile of API response times in the window, ms. */
  p95Ms: { warning: 500, critical: 1_500 },
  /** V8 heap in use as a share of the heap size limit, %. */
  heapPercent: { warning: 70, critical: 85 },
  /** Background jobs waiting to run. */
  jobBacklog: { warning: 100, critical: 1_000 },
} as const;

export type ThresholdKey = keyof typeof HEALTH_THRESHOLDS;

/** Level of one figure against its thresholds; a missing figure (null) is `ok` (nothing to judge). */
export function levelOf(key: ThresholdKey, value: number | null): HealthLevel {
  if (value === null || !Number.isFinite(value)) return 'ok';
  const t = HEALTH_THRESHOLDS[key];
  if (value >= t.critical) return 'critical';
  if (value >= t.warning) return 'warning';
  return 'ok';
}

const nullableNumber = z.number().nullable();

/** One minute of the request series (oldest first in `requests.series`). */
export const healthMinute = z.object({
  /** Start of the minute. */
  minuteStart: z.iso.datetime(),
  requests: z.number().int().nonnegative(),
  /** Requests answered 5xx. */
  errors: z.number().int().nonnegative(),
  /** 95th percentile response time of the minute, ms; null when the minute had no requests. */
  p95Ms: nullableNumber,
});
export type HealthMinute = z.infer<typeof healthMinute>;

/** How often each running server writes its heartbeat row (instance_heartbeats). */
export const HEARTBEAT_INTERVAL_MS = 10_000;

/** An instance seen within this many seconds is `live`; older, `stale` (it missed about three heartbeats). */
export const FLEET_LIVE_SECONDS = 30;

/** Heartbeat rows unseen for this many minutes are deleted (by whichever instance beats next) and leave the fleet. */
export const FLEET_FORGET_MINUTES = 10;

/**
 * One instance's own figures as its last heartbeat wrote them (the `figures` jsonb of
 * instance_heartbeats). Request figures cover that instance's rolling window (`windowMinutes`).
 */
export const instanceFigures = z.object({
  /** API requests the instance answered in its window. */
  requestsTotal: z.number().int().nonnegative(),
  /** Of which answered 5xx. */
  errors: z.number().int().nonnegative(),
  /** Requests per minute over the window. */
  ratePerMinute: z.number().nonnegative(),
  /** 95th percentile response time, ms; null without requests. */
  p95Ms: nullableNumber,
  /** Resident set size, MB. */
  rssMb: z.number().nonnegative(),
  /** V8 heap in use ÷ heap limit × 100. */
  heapPercent: z.number().nonnegative(),
  /** 99th percentile event-loop delay since the previous heartbeat, ms; null when not measured (no heartbeat timer running). */
  eventLoopLagMs: nullableNumber,
});
export type InstanceFigures = z.infer<typeof instanceFigures>;

/** One server of the fleet, from its heartbeat row. */
export const fleetInstance = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  nodeVersion: z.string(),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** Whole seconds between its last heartbeat and `checkedAt`. */
  secondsSinceSeen: z.number().int().nonnegative(),
  /** live: seen within FLEET_LIVE_SECONDS; stale: longer ago (stopped, hung or cut off from the database). */
  status: z.enum(['live', 'stale']),
  /** True for the instance that answered this request. */
  current: z.boolean(),
  figures: instanceFigures,
});
export type FleetInstance = z.infer<typeof fleetInstance>;

/**
 * Every server on this database seen in the last FLEET_FORGET_MINUTES (live ones first, then by
 * start time), with totals over the live ones. Null when the database could not be read.
 */
export const fleetHealth = z.object({
  instances: z.array(fleetInstance),
  totals: z.object({
    /** Instances with status live. */
    live: z.number().int().nonnegative(),
    /** Instances listed (live and stale). */
    instances: z.number().int().nonnegative(),
    /** Sum of the live instances' requests per minute. */
    ratePerMinute: z.number().nonnegative(),
    /** Sum of the live instances' requests in their windows. */
    requests: z.number().int().nonnegative(),
    /** Sum of the live instances' 5xx answers in their windows. */
    errors: z.number().int().nonnegative(),
  }),
});
export type FleetHealth = z.infer<typeof fleetHealth>;

export const systemHealthResponse = z.object({
  /**
   * healthy: every judged figure green; degraded: one or more amber or red; down: the database does
   * not answer.
   */
  status: z.enum(['healthy', 'degraded', 'down']),
  checkedAt: z.iso.datetime(),
  windowMinutes: z.number().int().positive(),
  instance: z.object({
    /** Random id of this server process, new at every start (tells instances behind a load balancer apart). */
    id: z.string(),
    hostname: z.string(),
    pid: z.number().int(),
    /** EduFam version (package.json). */
    version: z.string(),
    nodeVersion: z.string(),
    startedAt: z.iso.datetime(),
    /** Seconds since the process started. */
    uptimeSeconds: z.number().int().nonnegative(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** False when the ping failed or timed out. */
    reachable: z.boolean(),
    /** Round trip of `select 1`, ms; null when unreachable. */
    latencyMs: nullableNumber,
    /** pg_database_size(current_database()); null when it could not be read. */
    sizeBytes: nullableNumber,
  }),
  requests: z.object({
    /** API requests answered in the window. */
    total: z.number().int().nonnegative(),
    /** Of which answered with a 5xx status. */
    errors: z.number().int().nonnegative(),
    /** total ÷ the minutes the window covers (at least one minute). */
    ratePerMinute: z.number().nonnegative(),
    /** errors ÷ total × 100; 0 without requests. */
    errorRatePercent: z.number().nonnegative(),
    /** 95th percentile response time, ms (within ~9%, from a log-scale histogram); null without requests. */
    p95Ms: nullableNumber,
    /** Mean response time, ms; null without requests. */
    averageMs: nullableNumber,
    /** One entry per minute of the window, oldest first; always `windowMinutes` long. */
    series: z.array(healthMinute),
  }),
  memory: z.object({
    /** Resident set size of the process. */
    rssMb: z.number().nonnegative(),
    heapUsedMb: z.number().nonnegative(),
    heapTotalMb: z.number().nonnegative(),
    /** V8's heap size limit (the most the heap may grow to). */
    heapLimitMb: z.number().nonnegative(),
    /** heapUsed ÷ heapLimit × 100. */
    heapPercent: z.number().nonnegative(),
  }),
  sessions: z.object({
    /** Unexpired sign-in sessions (better-auth `sessions` rows with expires_at in the future). */
    active: z.number().int().nonnegative().nullable(),
    /** Distinct users holding them. */
    users: z.number().int().nonnegative().nullable(),
  }),
  jobs: z.object({
    /** Jobs waiting to run (pg-boss states created and retry); 0 while no queue is installed. */
    pending: z.number().int().nonnegative().nullable(),
    /** Jobs running now. */
    active: z.number().int().nonnegative().nullable(),
    /** Where the figure comes from: the pg-boss queue table, or `none` (no job queue installed yet). */
    source: z.enum(['pg-boss', 'none']),
  }),
  /** The whole fleet through PostgreSQL heartbeats (issue 37 §3); null when the database could not be read. */
  fleet: fleetHealth.nullable(),
});
export type SystemHealth = z.infer<typeof systemHealthResponse>;

/** Per-figure levels of a health answer (badges), and the overall status derived from them. */
export function healthLevels(h: Pick<SystemHealth, 'database' | 'requests' | 'memory' | 'jobs'>) {
  const levels = {
    database: h.database.reachable ? levelOf('databaseLatencyMs', h.database.latencyMs) : ('critical' as HealthLevel),
    errorRate: levelOf('errorRatePercent', h.requests.total > 0 ? h.requests.errorRatePercent : null),
    p95: levelOf('p95Ms', h.requests.p95Ms),
    memory: levelOf('heapPercent', h.memory.heapPercent),
    jobs: levelOf('jobBacklog', h.jobs.pending),
  };
  return levels;
}

/** Overall status of a health answer: down without a database, degraded when any figure is amber or red. */
export function overallStatus(h: Pick<SystemHealth, 'database' | 'requests' | 'memory' | 'jobs'>): SystemHealth['status'] {
  if (!h.database.reachable) return 'down';
  const levels = healthLevels(h);
  return Object.values(levels).every((l) => l === 'ok') ? 'healthy' : 'degraded';
}
