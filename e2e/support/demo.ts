import { demoCalendar, demoPayrollMonths, demoSeriesNames } from '../../src/server/seed/demo-calendar';
import { formatMonth, schoolToday } from '../../src/shared/dates';
import { nextMonth } from '../../src/shared/payroll/run';

/**
 * The demo's story for today (issue 34: the demo is built around the day it starts, and the browser
 * journeys start it today): term and exam-series names the journeys look for.
 */
export const demo = demoCalendar(schoolToday());
const names = demoSeriesNames(demo);

/** "Term 3 2026": the latest term that has opened. */
export const latestTermLabel = `${demo.latestTerm.name} ${demo.latestTerm.year}`;
/** The series open for marks entry today (the demo teacher's Grade 7 East Mathematics sheet is empty). */
export const openSeriesName = names.open;
/** Every released series, oldest first. */
export const releasedSeriesNames = names.released;
/** The newest released End of Term series of this year (every level that sits exams). */
export const releasedEndOfTerm = names.releasedEndOfTerm;

/** The demo's approved payroll runs: the three months before today's (oldest first), e.g. 2026-08..2026-10. */
export const [FIRST_RUN, PREV_RUN, LAST_RUN] = demoPayrollMonths(demo.today) as [string, string, string];
/** This month (HR's to run) and the one after. */
export const CUR_MONTH = demo.today.slice(0, 7);
export const NEXT_MONTH = nextMonth(CUR_MONTH);
/** "October 2026" for a month. */
export const monthLabel = formatMonth;
