import { demoCalendar, demoFacts } from '../src/server/seed/demo-calendar.js';
import { schoolToday } from '../src/shared/dates.js';

/**
 * What the demo database of this test run says (issue 34: tests/global-setup.ts seeds the demo around
 * the real today, as `npm start` does): its year, terms, exam series and payroll months by name. Tests
 * take names and dates from here, never write a year, so they hold on any day the suite runs (checked
 * by running it under a shifted clock, docs/decisions/0023).
 */
export const demo = demoFacts(demoCalendar(schoolToday()));
