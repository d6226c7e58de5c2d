import { demoCalendar, demoFacts, demoToday } from '../../src/server/seed/demo-calendar';
import { formatMonth, schoolToday } from '../../src/shared/dates';
import { nextMonth } from '../../src/shared/payroll/run';

/**
 * The demo's story for today (issue 34: the demo is built around the day it starts, and the browser
 * journeys start it today): the years, terms, exam series and months the journeys look for, from the
 * same facts the API tests use (tests/demo.ts). A journey never writes a year. With EDUFAM_DEMO_DATE
 * set, the journeys run on that day: the servers (e2e/support/servers.ts passes the environment on)
 * are demos of that day with its clock, and the browser's clock follows the app page.
 */
export const demo = demoFacts(demoCalendar(demoToday()));

/** "Term 3 2026": the latest term that has opened. */
export const latestTermLabel = demo.latestTermLabel;
/** The series open for marks entry today (the demo teacher's Grade 7 East Mathematics sheet is empty). */
export const openSeriesName = demo.openSeries;
/** Every released series, oldest first. */
export const releasedSeriesNames = demo.releasedSeries;
/** The newest released End of Term series of this year (every level that sits exams). */
export const releasedEndOfTerm = demo.releasedEndOfTerm;

/** The demo's approved payroll runs: the three months before today's (oldest first), e.g. 2026-08..2026-10. */
export const [FIRST_RUN, PREV_RUN, LAST_RUN] = demo.payrollMonths;
/** This month (HR's to run) and the one after. */
export const CUR_MONTH = demo.currentMonth;
export const NEXT_MONTH = nextMonth(CUR_MONTH);
/** "October 2026" for a month. */
export const monthLabel = formatMonth;

/**
 * How far the servers' clock runs ahead of this machine's, in ms: whole days with EDUFAM_DEMO_DATE (the
 * demo clock keeps the real time of day, src/server/demo-clock.ts), else 0. Journeys that compare with
 * the server's or the page's clock (a TOTP code, a cookie's expiry, a metrics minute) use serverNow().
 */
export const CLOCK_OFFSET_MS = Date.parse(`${demo.cal.today}T00:00:00Z`) - Date.parse(`${schoolToday()}T00:00:00Z`);
/** The servers' (and the app page's) clock now, epoch ms. */
export const serverNow = (): number => Date.now() + CLOCK_OFFSET_MS;
