import { localized } from '../i18n/localized.js';
import * as sw from './sw/attendance-parent-screens.js';
/**
 * Labels and texts of the parent's "Child Attendance" screen (issue 13 §2 "parents see each child's
 * term calendar with status per day, rate, absences and lates listed"). The server's wording (why a
 * day is not a school day, the absence alert) lives in attendance.ts and is reused as is.
 */
export const attendanceParentScreens = localized('attendance-parent-screens/attendanceParentScreens', {
  title: 'Child Attendance',
  subtitle: 'Every school day of the term, with absences and late arrivals',
  term: 'Term',
  /** "Term 3 2026" (the name alone when it already carries the year). */
  termLabel: (name: string, startsOn: string) => (/\b(19|20)\d\d\b/.test(name) ? name : `${name} ${startsOn.slice(0, 4)}`),
  currentTerm: 'Current term',

  // Headline figures.
  rate: 'Attendance rate',
  rateNone: 'No school days counted yet',
  rateHint: 'Present or late on the school days counted',
  tones: {
    good: 'Good attendance',
    watch: 'Keep an eye on it',
    concern: 'Below expected',
  },
  toneHint: 'Schools aim for 95% or more.',
  countedTo: (day: string) => `Counted up to ${day}`,
  daysOpen: 'Days open',
  daysOpenHint: 'School days',
  ofDays: (pct: string) => `${pct}% of days`,
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
  percent: (v: string) => `${v}%`,

  // Calendar.
  calendar: 'Term calendar',
  calendarHint: 'Hover or tap a day for details.',
  legend: 'Key',
  weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const,
  weekdaysLong: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const,
  status: {
    present: 'Present',
    absent: 'Absent',
    late: 'Late',
    excused: 'Excused',
    unmarked: 'Not yet marked',
    upcoming: 'Upcoming',
    closed: 'No school',
  },
  /** The day cell's accessible name, e.g. "Mon 9 Mar 2026: Absent". */
  dayAria: (day: string, status: string) => `${day}: ${status}`,
  lateAt: (time: string) => `Late, arrived ${time}`,
  /** A closed day's reason without its date and ending: "Sat 14 Mar 2026 is a weekend, not a school day." → "a weekend". */
  closedShort: (reason: string) => reason.replace(/^\w{3} (?:\d{2}\/\d{2}\/\d{4}|\d{1,2} \w{3} \d{4}) is (?:in )?/, '').replace(/, not a school day\.$/, ''),
  closedAria: (short: string) => `No school, ${short}`,

  // Lists.
  absences: 'Absences',
  lateArrivals: 'Late arrivals',
  date: 'Date',
  note: 'Note',
  arrived: 'Arrived',
  arrivedAt: (time: string) => `Arrived ${time}`,
  noNote: 'No note',
  noAbsences: 'No absences this term.',
  noAbsencesHint: 'Every school day counted so far was attended.',
  noLates: 'No late arrivals this term.',
  noLatesHint: 'Arrived on time on every school day counted.',
  nothingCountedHint: 'No registers have been taken for this term yet.',
  count: (n: number) => String(n),

  // States.
  loadFailedTitle: 'Could not load the attendance',
  loadFailedText: 'Check your connection and try again.',
  tryAgain: 'Try Again',
  noChildren: 'No children are linked to your account yet.',
  noTerms: 'The school has not set up its terms yet.',
  noTermsHint: 'The attendance calendar appears once the school publishes its term dates.',
} as const, { sw: sw.attendanceParentScreens });
