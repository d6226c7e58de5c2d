import { demoCalendar, demoSeriesNames } from '../../src/server/seed/demo-calendar';
import { schoolToday } from '../../src/shared/dates';

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
