import { localized } from '../i18n/localized.js';
import * as sw from './sw/attendance.js';

/**
 * Attendance (issue 13): API errors and texts of registers, school days, alerts and staff attendance.
 * Screen labels live in `attendance-screens.ts`.
 */
export const attendanceMessages = localized('attendance/attendanceMessages', {
  // School days.
  futureDate: 'Attendance cannot be marked for a future date.',
  weekend: (day: string) => `${day} is a weekend, not a school day.`,
  outsideTerm: (day: string) => `${day} is outside the school's terms, not a school day.`,
  halfTerm: (day: string, term: string) => `${day} is in the ${term} half-term break, not a school day.`,
  schoolHoliday: (day: string, name: string) => `${day} is a school holiday (${name}), not a school day.`,
  publicHoliday: (day: string, name: string) => `${day} is a public holiday (${name}), not a school day.`,
  // Registers.
  dateInvalid: 'Enter a real date as dd/mm/yyyy.',
  streamRequired: 'Choose a stream.',
  streamNotFound: 'Stream not found',
  studentNotFound: 'Learner not found',
  sessionInvalid: 'Choose the session: day, morning or afternoon (or a lesson period when per-lesson registers are on).',
  sessionNotUsed: (sessions: string) => `This school takes ${sessions} registers; choose one of them.`,
  perLessonOff: 'Per-lesson registers are not enabled for this school.',
  subjectRequired: 'Choose the learning area of the lesson.',
  subjectNotInStream: 'This learning area is not taught in this stream.',
  statusInvalid: 'Status must be present, absent, late or excused.',
  entriesRequired: 'Mark at least one learner.',
  entriesUnique: 'Each learner can appear in a register only once.',
  notInStream: (name: string) => `${name} is not in this stream.`,
  notInStreamUnknown: 'A learner in the register is not in this stream.',
  /** A learner of the stream who was not on its roll on the register's day (admitted later, or left before it). */
  notOnRoll: (name: string) => `${name} was not on this stream's roll on that day.`,
  arrivalInvalid: 'Enter the arrival time as HH:MM.',
  reasonRequiredExcused: 'Give the reason for an excused absence.',
  noteTooLong: 'Keep the note under 300 characters.',
  notYourStream: 'You can mark registers only for your own streams.',
  notYourLesson: 'You can mark lesson registers only for the lessons you teach.',
  editReasonRequired: 'Give a reason for changing a past register.',
  locked: (days: number) => `This register is locked: registers can be changed for ${days} day${days === 1 ? '' : 's'}. Ask the principal.`,
  // Alerts.
  /** `day` is "today" on the day itself, else "on Fri 23 Oct 2026" (a register marked after the day). */
  alertTitle: (name: string, day = 'today') => `${name} was marked absent ${day}`,
  alertOn: (label: string) => `on ${label}`,
  alertMessage: (name: string, stream: string, day: string, school: string) =>
    `${name} (${stream}) was marked absent on ${day}. If this is unexpected, please contact ${school}.`,
  alertSms: (name: string, stream: string, day: string, school: string) =>
    `${school}: ${name} (${stream}) was marked absent on ${day}. Please contact the school if this is unexpected.`,
  // Settings and calendar.
  settingsInvalid: 'Check the attendance settings.',
  lockDaysInvalid: 'Lock after a whole number of days from 1 to 365, or leave it empty to never lock.',
  thresholdInvalid: 'The chronic-absence rate must be a whole number from 1 to 100 (percent).',
  timeInvalid: 'Enter the time as HH:MM.',
  eventNameRequired: 'Name the day, e.g. "Sports day" or "Idd-ul-Fitr (gazetted)".',
  eventDatesInvalid: 'The last day must be on or after the first day.',
  eventNotFound: 'Calendar day not found',
  rangeTooLong: 'Choose a range of at most 400 days.',
  // Staff attendance.
  staffNotFound: 'Staff member not found',
  staffStatusInvalid: 'Status must be present, absent, on leave or official duty.',
  checkOutBeforeIn: 'Check-out must be after check-in.',
  checkInRequired: 'Enter the check-in time for a member of staff who is present.',
  alreadyCheckedIn: 'You have already checked in today.',
  notCheckedIn: 'Check in first.',
  alreadyCheckedOut: 'You have already checked out today.',
  monthInvalid: 'Choose a month as YYYY-MM.',
  staffDateNotSchoolDay: 'Staff attendance is recorded on school days only.',
} as const, { sw: sw.attendanceMessages });
