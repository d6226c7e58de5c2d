import { localized } from '../i18n/localized.js';
import * as sw from './sw/timetable.js';
/**
 * User-facing strings of the timetable module's API (issue 16): inputs, generation, the editor and
 * publishing. The generator's own sentences live in timetable-engine.ts, FET import/export in
 * timetable-fet.ts and the screens' in timetable-screens.ts.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const dayList = (days: number[]) => days.map((d) => WEEKDAYS[d] ?? `day ${d + 1}`).join(', ');
const periodList = (periods: number[]) => periods.map((p) => p + 1).join(', ');
const weightText = (w: number) => (w >= 100 ? 'always' : `weight ${w} %`);

export const timetableMessages = localized('timetable/timetableMessages', {
  title: 'Timetable',

  // Setup (inputs)
  lessonLabel: (n: number) => `Period ${n}`,
  defaultLines: {
    shortBreak: 'Short break',
    longBreak: 'Long break',
    lunch: 'Lunch',
    games: 'Games',
  },
  levelNotFound: 'That level is not one of your school’s levels.',
  roomNotFound: 'Room not found.',
  roomNameTaken: (name: string) => `A room called "${name}" already exists.`,
  roomInUse: 'This room is set on some lessons; it was removed from them.',
  fixedSlotNotFound: 'Fixed slot not found.',
  fixedSlotOutsideDay: (period: number, lessons: number) => `Period ${period + 1} is not a lesson period of that schedule (it has ${lessons}).`,
  fixedSlotDayNotTaught: (day: string) => `${day} is not a school day in that schedule.`,
  fixedSlotTaken: 'There is already a fixed slot at that time.',
  assignmentNotFound: 'Teaching assignment not found (this year’s assignments only).',
  doublesTooMany: (doubles: number, lessons: number) =>
    `${doubles} double lessons need ${doubles * 2} periods, but this assignment has ${lessons} lessons a week.`,
  roomOfOtherType: (room: string, type: string) => `${room} is not a room of type "${type}".`,
  teacherNotFound: 'Teacher not found at your school.',
  ruleNotFound: 'Rule not found.',
  ruleNeedsMax: 'Give the maximum for this rule.',
  ruleNeedsSubject: 'Choose the learning area for this rule.',
  ruleNeedsPeriods: 'Choose at least one period for this rule.',
  subjectNotFound: 'That learning area is not one of your school’s.',
  scheduleNoLessons: 'A bell schedule needs at least one lesson period.',
  scheduleTimesOrder: (label: string) => `${label}: the end time must be after the start time.`,
  scheduleOverlap: (first: string, second: string) => `${first} and ${second} overlap; list the day's lines in order.`,
  noCurrentYear: 'There is no current academic year: set one before timetabling.',

  /** Rule descriptions (server-generated, shown in the rules list). */
  rule: {
    subjectMaxPerDay: (subject: string, max: number, weight: number) => `${subject}: at most ${max} lesson${max === 1 ? '' : 's'} a day per stream (${weightText(weight)}).`,
    subjectDistinctDays: (subject: string, weight: number) => `${subject}: lessons of a stream on distinct days (${weightText(weight)}).`,
    teacherMaxPerDay: (teacher: string, max: number, weight: number) => `${teacher}: at most ${max} lessons a day (${weightText(weight)}).`,
    teacherMaxInARow: (teacher: string, max: number, weight: number) => `${teacher}: at most ${max} lessons in a row (${weightText(weight)}).`,
    teacherMaxGapsPerDay: (teacher: string, max: number, weight: number) => `${teacher}: at most ${max} free period${max === 1 ? '' : 's'} between lessons a day (${weightText(weight)}).`,
    studentsMaxGapsPerDay: (level: string, max: number, weight: number) => `${level}: at most ${max} free period${max === 1 ? '' : 's'} between lessons a day (${weightText(weight)}).`,
    preferredTimes: (subject: string, periods: number[], days: number[] | undefined, weight: number) =>
      `${subject}: in period${periods.length === 1 ? '' : 's'} ${periodList(periods)}${days && days.length ? ` on ${dayList(days)}` : ''} (${weightText(weight)}).`,
    everySubject: 'Every learning area',
    everyTeacher: 'Every teacher',
    everyStream: 'Every stream',
    unknown: '(removed)',
  },

  // Generation
  problemNotFound: 'Timetable problem not found.',
  timetableNotFound: 'Timetable not found.',
  jobNotFound: 'Job not found.',
  jobFinished: 'This job has already finished.',
  impossible: (count: number, first: string) => (count === 1 ? first : `${first} (and ${count - 1} more problem${count === 2 ? '' : 's'})`),
  nothingToPlace: 'There are no lessons to timetable: add teacher assignments with lessons per week first.',
  levelNeedsBase: 'To generate one level, choose the version whose other levels are kept (or publish one first).',
  levelNotInProblem: 'Generating one level works for timetables built from your school’s inputs only.',
  generatedName: (when: string) => `Generated ${when}`,
  schoolProblemName: (when: string) => `School inputs ${when}`,
  hardViolationRemoved: (message: string) => `Taken out by the final check: ${message}`,
  cancelledBeforeStart: 'Cancelled before it started.',

  // FET files
  fileTooLarge: (mb: number) => `The file is too large (limit ${mb} MB).`,
  noFile: 'Choose a .fet file to upload (field "file").',
  emptyFile: 'The file is empty.',
  timeInvalid: 'Use a time like 08:00',
}, { sw: sw.timetableMessages });
