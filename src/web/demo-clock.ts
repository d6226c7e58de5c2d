import timekeeper from 'timekeeper';

/**
 * A demo of another day (issue 34; the server's EDUFAM_DEMO_DATE, src/server/demo-clock.ts): the page
 * carries the server's clock, and the browser's clock runs from it, so every "today" on screen (the
 * greeting, date fields' defaults, "this week") is the demo's. Imported first by main.tsx, before any
 * module reads the time. Without the element (every real server) nothing changes.
 */
const carried = document.getElementById('edufam-clock')?.textContent;
if (carried) {
  try {
    const { now } = JSON.parse(carried) as { now?: unknown };
    if (typeof now === 'number' && Number.isFinite(now)) timekeeper.travel(new Date(now));
  } catch {
    // An unreadable clock leaves the real one.
  }
}
