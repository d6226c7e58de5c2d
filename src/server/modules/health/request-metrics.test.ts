import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthLevels, levelOf, overallStatus } from '../../../shared/contracts/health.js';
import { RequestMetrics, bucketOf, registerRequestMetrics } from './request-metrics.js';

const MINUTE = 60_000;
/** A fixed starting instant on a minute boundary (10:00:00 UTC), and a clock the test moves. */
const T0 = Date.UTC(2026, 2, 10, 10, 0, 0);

function collector(windowMinutes = 15) {
  const clock = { now: T0 };
  const metrics = new RequestMetrics({ windowMinutes, now: () => clock.now });
  return { metrics, clock };
}

describe('RequestMetrics: counts and the rolling window', () => {
  it('starts empty: no requests, no p95, a full series of zero minutes', () => {
    const { metrics } = collector();
    const s = metrics.snapshot();
    expect(s).toMatchObject({ windowMinutes: 15, total: 0, errors: 0, ratePerMinute: 0, errorRatePercent: 0, p95Ms: null, averageMs: null });
    expect(s.series).toHaveLength(15);
    expect(s.series.every((m) => m.requests === 0 && m.p95Ms === null)).toBe(true);
    // Oldest first, one minute apart, ending with the current minute.
    expect(s.series[14]!.minuteStart).toBe(T0);
    expect(s.series[0]!.minuteStart).toBe(T0 - 14 * MINUTE);
  });

  it('counts requests per minute and places them in the right minute of the series', () => {
    const { metrics, clock } = collector();
    metrics.record(10, 200);
    metrics.record(20, 200);
    clock.now += MINUTE + 5_000;
    metrics.record(30, 404);
    const s = metrics.snapshot();
    expect(s.total).toBe(3);
    expect(s.series[13]!.requests).toBe(2);
    expect(s.series[14]!.requests).toBe(1);
    expect(s.averageMs).toBe(20);
  });

  it('counts only 5xx answers as errors, and the error rate as a percentage', () => {
    const { metrics } = collector();
    for (let i = 0; i < 16; i++) metrics.record(5, 200);
    metrics.record(5, 400);
    metrics.record(5, 401);
    metrics.record(5, 500);
    metrics.record(5, 503);
    const s = metrics.snapshot();
    expect(s.total).toBe(20);
    expect(s.errors).toBe(2);
    expect(s.errorRatePercent).toBe(10);
    expect(s.series[14]!.errors).toBe(2);
  });

  it('forgets minutes that leave the 15-minute window', () => {
    const { metrics, clock } = collector();
    metrics.record(10, 500); // 10:00
    clock.now += 5 * MINUTE; // 10:05
    metrics.record(10, 200);
    metrics.record(10, 200);
    clock.now += 9 * MINUTE + 59_000; // 10:14:59: both minutes still inside
    expect(metrics.snapshot().total).toBe(3);
    clock.now += 1_000; // 10:15:00: the 10:00 minute has left
    let s = metrics.snapshot();
    expect(s.total).toBe(2);
    expect(s.errors).toBe(0);
    expect(s.series[0]!.minuteStart).toBe(T0 + MINUTE);
    clock.now += 5 * MINUTE; // 10:20: the 10:05 minute has left too
    s = metrics.snapshot();
    expect(s.total).toBe(0);
    expect(s.p95Ms).toBeNull();
  });

  it('reuses a slot when its minute comes round again, without the old counts', () => {
    const { metrics, clock } = collector();
    for (let i = 0; i < 50; i++) metrics.record(900, 500);
    clock.now += 15 * MINUTE; // the same slot (minute % 15), 15 minutes later
    metrics.record(2, 200);
    const s = metrics.snapshot();
    expect(s.total).toBe(1);
    expect(s.errors).toBe(0);
    expect(s.p95Ms).toBeLessThanOrEqual(2);
    expect(s.series[14]!.requests).toBe(1);
  });

  it('after an idle hour, the window is empty', () => {
    const { metrics, clock } = collector();
    for (let i = 0; i < 10; i++) metrics.record(10, 200);
    clock.now += 60 * MINUTE;
    expect(metrics.snapshot().total).toBe(0);
  });

  it('request rate: per minute over the window, never extrapolated from under a minute', () => {
    const { metrics, clock } = collector();
    for (let i = 0; i < 30; i++) metrics.record(5, 200);
    clock.now += 10_000; // 10 s after start: 30 requests read as 30/min, not 180/min
    expect(metrics.snapshot().ratePerMinute).toBe(30);
    clock.now = T0 + 3 * MINUTE; // 3 minutes since start
    expect(metrics.snapshot().ratePerMinute).toBe(10);
    for (let i = 0; i < 120; i++) metrics.record(5, 200);
    clock.now = T0 + 20 * MINUTE + 30_000; // window covers 10:06:00–10:20:30, 14.5 minutes, all quiet
    expect(metrics.snapshot().ratePerMinute).toBe(0);
  });
});

describe('RequestMetrics: p95', () => {
  it('is within 10% of the true 95th percentile and never above the slowest request', () => {
    const { metrics } = collector();
    for (let ms = 1; ms <= 100; ms++) metrics.record(ms, 200); // true p95 (nearest rank) = 95
    const p95 = metrics.snapshot().p95Ms!;
    expect(p95).toBeGreaterThanOrEqual(95);
    expect(p95).toBeLessThanOrEqual(100);
  });

  it('follows a slow tail: 94 fast requests and 6 slow ones', () => {
    const { metrics } = collector();
    for (let i = 0; i < 94; i++) metrics.record(4, 200);
    for (let i = 0; i < 6; i++) metrics.record(1_200, 200);
    const p95 = metrics.snapshot().p95Ms!;
    expect(p95).toBeGreaterThan(1_200 * 0.9);
    expect(p95).toBeLessThanOrEqual(1_200);
  });

  it('per minute in the series and across the window', () => {
    const { metrics, clock } = collector();
    for (let i = 0; i < 100; i++) metrics.record(10, 200);
    clock.now += MINUTE;
    for (let i = 0; i < 100; i++) metrics.record(300, 200);
    const s = metrics.snapshot();
    expect(s.series[13]!.p95Ms).toBeGreaterThan(9);
    expect(s.series[13]!.p95Ms).toBeLessThanOrEqual(10);
    expect(s.series[14]!.p95Ms).toBeGreaterThan(270);
    expect(s.series[14]!.p95Ms).toBeLessThanOrEqual(300);
    // 200 requests, half of them at 300 ms: the window's p95 is the slow minute's.
    expect(s.p95Ms).toBeGreaterThan(270);
  });

  it('copes with sub-0.1 ms, zero, negative, non-finite and very long times', () => {
    const { metrics } = collector();
    metrics.record(0.01, 200);
    metrics.record(0, 200);
    metrics.record(-3, 200);
    metrics.record(Number.NaN, 200);
    expect(metrics.snapshot().p95Ms).toBeLessThanOrEqual(0.1);
    metrics.record(10 * 60_000, 200); // 10 minutes, beyond the last bound
    const s = metrics.snapshot();
    expect(s.total).toBe(5);
    expect(s.p95Ms).toBe(10 * 60_000);
  });

  it('histogram buckets are monotonic and ~9% wide', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.1)).toBe(0);
    let last = 0;
    for (let ms = 0.2; ms < 100_000; ms *= 1.3) {
      const b = bucketOf(ms);
      expect(b).toBeGreaterThanOrEqual(last);
      last = b;
    }
    expect(bucketOf(100) - bucketOf(50)).toBe(8);
  });
});

describe('RequestMetrics: cost', () => {
  it('records a million requests quickly (O(1) per request)', () => {
    const { metrics, clock } = collector();
    const start = performance.now();
    for (let i = 0; i < 1_000_000; i++) {
      if (i % 100_000 === 0) clock.now += MINUTE;
      metrics.record(i % 700, i % 50 === 0 ? 500 : 200);
    }
    const elapsed = performance.now() - start;
    expect(metrics.snapshot().total).toBe(1_000_000);
    // ~20 ns per call on this machine; a generous bound that still catches an O(n) regression.
    expect(elapsed).toBeLessThan(2_000);
  });

  it('refuses a window that is not a positive whole number of minutes', () => {
    expect(() => new RequestMetrics({ windowMinutes: 0 })).toThrow(/positive integer/);
    expect(() => new RequestMetrics({ windowMinutes: 1.5 })).toThrow(/positive integer/);
  });
});

describe('registerRequestMetrics: which requests count', () => {
  it('counts /api routes and /api 404s; not streams, health probes, pages or routes registered before it', async () => {
    const app = Fastify({ logger: false });
    app.get('/api/early', async () => 'registered before the collector');
    const metrics = registerRequestMetrics(app);
    await app.register(async (scope) => {
      for (const url of ['/api/events', '/api/health', '/api/ready', '/api/system/health', '/api/users', '/login']) {
        scope.get(url, async () => ({ ok: true }));
      }
      scope.get('/api/fails', async () => {
        throw new Error('boom');
      });
      // A route with its own onResponse hook keeps it.
      let own = 0;
      scope.get('/api/own-hook', { onResponse: (_req, _reply, done) => (own++, done()) }, async () => ({ ok: true }));
      scope.addHook('onClose', async () => expect(own).toBe(1));
    });
    await app.ready();
    const hit = (url: string) => app.inject({ method: 'GET', url });
    for (const url of ['/api/events', '/api/health', '/api/ready', '/api/system/health', '/login', '/api/early', '/nowhere']) await hit(url);
    expect(metrics.snapshot().total).toBe(0);
    await hit('/api/users');
    await hit('/api/users?page=2');
    await hit('/api/own-hook');
    await hit('/api/nowhere');
    expect((await hit('/api/fails')).statusCode).toBe(500);
    const s = metrics.snapshot();
    expect(s.total).toBe(5);
    expect(s.errors).toBe(1);
    expect(s.p95Ms).toBeGreaterThan(0);
    await app.close();
  });
});

describe('health levels (badge thresholds)', () => {
  it('green below warning, amber from warning, red from critical', () => {
    expect(levelOf('p95Ms', 120)).toBe('ok');
    expect(levelOf('p95Ms', 500)).toBe('warning');
    expect(levelOf('p95Ms', 1_500)).toBe('critical');
    expect(levelOf('errorRatePercent', 0.5)).toBe('ok');
    expect(levelOf('errorRatePercent', 2)).toBe('warning');
    expect(levelOf('errorRatePercent', 12)).toBe('critical');
    expect(levelOf('databaseLatencyMs', null)).toBe('ok');
  });

  const base = {
    database: { kind: 'pglite' as const, reachable: true, latencyMs: 2, sizeBytes: 1 },
    requests: { total: 100, errors: 0, ratePerMinute: 7, errorRatePercent: 0, p95Ms: 40, averageMs: 10, series: [] },
    memory: { rssMb: 200, heapUsedMb: 80, heapTotalMb: 120, heapLimitMb: 4096, heapPercent: 2 },
    jobs: { pending: 0, active: 0, source: 'none' as const },
  };

  it('overall: healthy, degraded when any figure is amber or red, down without a database', () => {
    expect(overallStatus(base)).toBe('healthy');
    expect(overallStatus({ ...base, requests: { ...base.requests, p95Ms: 800 } })).toBe('degraded');
    expect(overallStatus({ ...base, memory: { ...base.memory, heapPercent: 90 } })).toBe('degraded');
    expect(overallStatus({ ...base, database: { ...base.database, reachable: false, latencyMs: null } })).toBe('down');
    expect(healthLevels({ ...base, database: { ...base.database, reachable: false, latencyMs: null } }).database).toBe('critical');
  });

  it('an error rate without requests is not judged', () => {
    expect(healthLevels({ ...base, requests: { ...base.requests, total: 0, errorRatePercent: 0 } }).errorRate).toBe('ok');
  });
});
