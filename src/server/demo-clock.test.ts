import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client.js';
import { schoolToday } from '../shared/dates.js';
import { startDemoClock, stopDemoClock } from './demo-clock.js';

/**
 * The demo clock (issue 34: a fresh `npm start` on another date tells that day's story): with
 * EDUFAM_DEMO_DATE the server's "today" and the embedded database's now() are the demo's day, and the
 * clock runs on.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterEach(() => stopDemoClock());
afterAll(async () => {
  await database.close();
});

describe('startDemoClock', () => {
  it("moves the server's today and PGlite's now() to the demo's day at the real Nairobi time, and keeps running", async () => {
    const real = new Date('2026-11-29T16:20:05Z'); // 19:20:05 in Nairobi
    const start = startDemoClock('2027-03-10', real);
    expect(start.toISOString()).toBe('2027-03-10T16:20:05.000Z');
    expect(schoolToday()).toBe('2027-03-10');
    expect(Math.abs(Date.now() - start.getTime())).toBeLessThan(5_000);
    const rows = await database.db.execute(sql`select (now() at time zone 'Africa/Nairobi')::date::text as day`);
    expect((rows as unknown as { rows: { day: string }[] }).rows[0]!.day).toBe('2027-03-10');
    const before = Date.now();
    await new Promise((r) => setTimeout(r, 30));
    expect(Date.now()).toBeGreaterThanOrEqual(before + 25);
  });

  it('puts the real clock back', () => {
    startDemoClock('2030-01-07');
    expect(schoolToday()).toBe('2030-01-07');
    stopDemoClock();
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(60_000);
    expect(schoolToday()).not.toBe('2030-01-07');
  });
});
