import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { HEALTH_WINDOW_MINUTES } from '../../../shared/contracts/health.js';

/**
 * Request metrics of this process for the System Health screen (issue 3 §6): API requests, 5xx
 * errors and response times over a rolling window of per-minute buckets.
 *
 * Cost per request is O(1) with no allocation: a handful of typed-array writes into the bucket of the
 * current minute (a bucket is cleared once, when its minute comes round again). Response times go into
 * a log-scale histogram (8 buckets per doubling, 0.1 ms to ~2 min), so the 95th percentile is read
 * back within ~9% without keeping samples. Figures are per instance; behind a load balancer each
 * instance reports its own (the screen shows which one answered).
 */

const MINUTE_MS = 60_000;
/** Smallest histogram bound, ms: everything faster lands in bucket 0. */
const MIN_MS = 0.1;
/** Histogram buckets per doubling of the response time (bucket width ~9%). */
const STEPS_PER_DOUBLING = 8;
/** Buckets: 0 for < MIN_MS, then 8 per doubling up to MIN_MS·2^21 ≈ 210 s, the last one open-ended. */
const BUCKETS = 21 * STEPS_PER_DOUBLING + 2;

/** Upper bound (ms) of histogram bucket `i`. */
function upperBound(i: number): number {
  return MIN_MS * 2 ** (i / STEPS_PER_DOUBLING);
}

/** Histogram bucket of a response time: the first bucket whose upper bound is ≥ ms. */
export function bucketOf(ms: number): number {
  if (!(ms > MIN_MS)) return 0;
  const i = Math.ceil(Math.log2(ms / MIN_MS) * STEPS_PER_DOUBLING);
  return i < BUCKETS ? i : BUCKETS - 1;
}

/** One minute of the window, as read back. */
export interface MinuteFigures {
  /** Epoch ms of the minute's start. */
  minuteStart: number;
  requests: number;
  errors: number;
  /** null when the minute had no requests. */
  p95Ms: number | null;
}

/** The window's figures (see RequestMetrics.snapshot). */
export interface WindowFigures {
  windowMinutes: number;
  total: number;
  errors: number;
  /** total ÷ minutes the window covers, at least one minute. */
  ratePerMinute: number;
  /** errors ÷ total × 100; 0 without requests. */
  errorRatePercent: number;
  /** null without requests. */
  p95Ms: number | null;
  averageMs: number | null;
  /** Oldest first, `windowMinutes` entries. */
  series: MinuteFigures[];
}

export interface RequestMetricsOptions {
  /** Minutes in the rolling window (default HEALTH_WINDOW_MINUTES = 15). */
  windowMinutes?: number;
  /** Clock in epoch ms (tests pass a fake one). */
  now?: () => number;
}

/**
 * Rolling per-minute request counters. `record` is the hot path (one call per answered request);
 * `snapshot` reads the window back for the health endpoint (O(window × buckets)).
 */
export class RequestMetrics {
  readonly windowMinutes: number;
  readonly startedAt: number;
  private readonly now: () => number;
  /** The epoch minute each slot holds, or -1 when empty. */
  private readonly minuteOf: Float64Array;
  private readonly requests: Uint32Array;
  private readonly errors: Uint32Array;
  private readonly sumMs: Float64Array;
  private readonly maxMs: Float64Array;
  /** windowMinutes × BUCKETS counters, slot-major. */
  private readonly histogram: Uint32Array;
  /** Scratch histogram for merging the window (reused, so snapshots allocate little). */
  private readonly merged: Uint32Array;

  constructor(opts: RequestMetricsOptions = {}) {
    const w = opts.windowMinutes ?? HEALTH_WINDOW_MINUTES;
    if (!Number.isInteger(w) || w < 1) throw new Error('windowMinutes must be a positive integer');
    this.windowMinutes = w;
    this.now = opts.now ?? Date.now;
    this.startedAt = this.now();
    this.minuteOf = new Float64Array(w).fill(-1);
    this.requests = new Uint32Array(w);
    this.errors = new Uint32Array(w);
    this.sumMs = new Float64Array(w);
    this.maxMs = new Float64Array(w);
    this.histogram = new Uint32Array(w * BUCKETS);
    this.merged = new Uint32Array(BUCKETS);
  }

  /**
   * Counts one answered request: its response time in ms and HTTP status (≥ 500 is an error).
   * O(1); clears the slot first when it still holds an older minute.
   */
  record(durationMs: number, statusCode: number): void {
    const minute = Math.floor(this.now() / MINUTE_MS);
    const slot = minute % this.windowMinutes;
    if (this.minuteOf[slot] !== minute) this.reset(slot, minute);
    const ms = durationMs > 0 && Number.isFinite(durationMs) ? durationMs : 0;
    this.requests[slot]!++;
    if (statusCode >= 500) this.errors[slot]!++;
    this.sumMs[slot]! += ms;
    if (ms > this.maxMs[slot]!) this.maxMs[slot] = ms;
    this.histogram[slot * BUCKETS + bucketOf(ms)]!++;
  }

  private reset(slot: number, minute: number): void {
    this.minuteOf[slot] = minute;
    this.requests[slot] = 0;
    this.errors[slot] = 0;
    this.sumMs[slot] = 0;
    this.maxMs[slot] = 0;
    this.histogram.fill(0, slot * BUCKETS, (slot + 1) * BUCKETS);
  }

  /**
   * The window ending now: the current minute and the `windowMinutes − 1` before it. Minutes with no
   * requests (or older than the window) read as zero.
   */
  snapshot(): WindowFigures {
    const nowMs = this.now();
    const w = this.windowMinutes;
    const current = Math.floor(nowMs / MINUTE_MS);
    const first = current - w + 1;
    this.merged.fill(0);
    let total = 0;
    let errors = 0;
    let sum = 0;
    let max = 0;
    const series: MinuteFigures[] = [];
    for (let minute = first; minute <= current; minute++) {
      const slot = minute % w;
      const live = this.minuteOf[slot] === minute;
      const n = live ? this.requests[slot]! : 0;
      const e = live ? this.errors[slot]! : 0;
      let p95: number | null = null;
      if (n > 0) {
        const base = slot * BUCKETS;
        for (let i = 0; i < BUCKETS; i++) this.merged[i]! += this.histogram[base + i]!;
        p95 = percentile(this.histogram.subarray(base, base + BUCKETS), n, 0.95, this.maxMs[slot]!);
        total += n;
        errors += e;
        sum += this.sumMs[slot]!;
        if (this.maxMs[slot]! > max) max = this.maxMs[slot]!;
      }
      series.push({ minuteStart: minute * MINUTE_MS, requests: n, errors: e, p95Ms: p95 });
    }
    // The minutes the window really covers: from its first minute (or the collector's start, when
    // later) until now, at least one minute so a fresh start does not extrapolate a few requests.
    const coveredMs = nowMs - Math.max(first * MINUTE_MS, this.startedAt);
    const minutes = Math.max(1, coveredMs / MINUTE_MS);
    return {
      windowMinutes: w,
      total,
      errors,
      ratePerMinute: round(total / minutes, 2),
      errorRatePercent: total > 0 ? round((errors / total) * 100, 2) : 0,
      p95Ms: total > 0 ? percentile(this.merged, total, 0.95, max) : null,
      averageMs: total > 0 ? round(sum / total, 2) : null,
      series,
    };
  }
}

/**
 * Nearest-rank percentile `q` of `n` samples counted in `hist`: the upper bound of the bucket holding
 * the rank, capped at the largest sample seen (so a single fast request does not read as slower).
 */
function percentile(hist: Uint32Array, n: number, q: number, max: number): number {
  const rank = Math.ceil(q * n);
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    // The last bucket is open-ended: its only known bound is the slowest request.
    if (seen >= rank) return round(i === hist.length - 1 ? max : Math.min(upperBound(i), max), 2);
  }
  return round(max, 2);
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * API routes left out of the figures: the live-event stream (open for minutes, not a request time) and
 * the health endpoints themselves (load balancers and the screen poll them).
 */
export const UNMEASURED_ROUTES: ReadonlySet<string> = new Set(['/api/events', '/api/health', '/api/ready', '/api/system/health']);

/**
 * Registers the collector on the root instance. Which requests count is decided once per route, when
 * it is registered (an onRoute hook gives every /api route outside UNMEASURED_ROUTES its own
 * onResponse hook), so the per-request work is one function call and `record`: no route lookup, no
 * allocation. API requests that match no route (404) are counted by one root onResponse hook through
 * the allocation-free `request.is404`. The response time is Fastify's `reply.elapsedTime`, measured
 * from the request's arrival (before the onRequest hooks) to the end of the response, so no onRequest
 * hook (and no per-request state) is needed. Call it BEFORE registering any route plugin, or the
 * routes registered earlier are not measured.
 */
export function registerRequestMetrics(app: FastifyInstance, opts: RequestMetricsOptions = {}): RequestMetrics {
  const metrics = new RequestMetrics(opts);
  const measure: onResponseHookHandler = (_request, reply, done) => {
    metrics.record(reply.elapsedTime, reply.statusCode);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || UNMEASURED_ROUTES.has(route.url)) return;
    const own = route.onResponse;
    route.onResponse = own === undefined ? [measure] : Array.isArray(own) ? [...own, measure] : [own, measure];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404 && request.url.startsWith('/api/')) metrics.record(reply.elapsedTime, reply.statusCode);
    done();
  });
  return metrics;
}
