import timekeeper from 'timekeeper';
import { SCHOOL_TIME_ZONE } from '../shared/contracts/dashboard.js';

/**
 * The demo clock (issue 34 "npm start on three different dates"; docs/decisions/0023): with
 * EDUFAM_DEMO_DATE=YYYY-MM-DD the server is a demo of that day, not only seeded for it. From the start
 * its clock reads that day at the real Nairobi time of day and runs on from there (timekeeper's
 * `travel`: the global Date moves by a fixed offset, so every "today", entry window, session expiry and
 * the embedded PGlite database's now() agree). PostgreSQL's own now() is not moved (DATABASE_URL): main.ts
 * warns. The browser follows through the page (plugins/pages.ts, src/web/demo-clock.ts). Refused with
 * NODE_ENV=production (config.ts): a production server keeps the real time.
 */
export function startDemoClock(day: string, real: Date = new Date()): Date {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: SCHOOL_TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(real);
  const start = new Date(`${day}T${time}+03:00`);
  timekeeper.travel(start);
  return start;
}

/** Puts the real clock back (tests). */
export function stopDemoClock(): void {
  timekeeper.reset();
}
