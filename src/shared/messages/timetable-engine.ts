import { plural as pluralOf } from '../plural.js';
import { localized } from '../i18n/localized.js';
import * as sw from './sw/timetable-engine.js';

/**
 * Every sentence the timetable engine produces (issue 16 §2): precheck issues, reasons a lesson could
 * not be placed, and the independent checker's violations. Plain sentences a principal can act on.
 */
const plural = (n: number, one: string, many = `${one}s`) => pluralOf(n, one, many, false);

export const timetableEngineMessages = localized('timetable-engine/timetableEngineMessages', {
  // precheck (before the search)
  teacherOverloaded: (teacher: string, asked: number, available: number) =>
    `${teacher}: ${plural(asked, 'lesson')} asked, ${plural(available, 'period')} available on their days.`,
  groupOverloaded: (group: string, asked: number, available: number) =>
    `${group}: ${plural(asked, 'lesson')} asked, ${plural(available, 'period')} available in the week.`,
  roomOverloaded: (rooms: string, asked: number, available: number) =>
    `${rooms}: ${plural(asked, 'lesson')} need these rooms, ${plural(available, 'period')} available.`,
  teacherNoPeriods: (teacher: string) => `${teacher} has lessons but no available periods.`,
  groupNoPeriods: (group: string) => `${group} has lessons but no available periods.`,
  durationTooLong: (lesson: string, duration: number, periods: number) =>
    `${lesson} lasts ${plural(duration, 'period')} but a day has only ${plural(periods, 'period')}.`,
  emptyDomain: (lesson: string) =>
    `${lesson} has no possible starting time: its preferred times, its teachers' and learners' availability and the length of the day leave none.`,
  lockedClash: (first: string, second: string, resource: string) =>
    `Two lessons locked into the same slot: ${first} and ${second} both need ${resource}.`,
  lockedOutOfGrid: (lesson: string) => `${lesson} is locked outside the school week.`,
  lockedNotAllowed: (lesson: string) => `${lesson} is locked into a period its teacher, learners or room cannot use.`,
  noRoomBigEnough: (lesson: string, students: number) =>
    `${lesson}: none of its rooms holds ${plural(students, 'learner')}.`,
  noRoomAvailable: (lesson: string) => `${lesson}: none of its rooms is available.`,
  tooManyPeriods: (periods: number) => `The day has ${periods} periods; the generator handles at most 30.`,
  unknownReference: (lesson: string, what: string) => `${lesson} refers to an unknown ${what}.`,
  tooManyPerDay: (lesson: string, needed: number, days: number) =>
    `${lesson}: its lessons must fall on ${plural(needed, 'distinct day')} but the week has ${plural(days, 'day')}.`,

  // unplaced lessons (after the search)
  lessonLabel: (subject: string, classes: string, teachers: string) =>
    `${subject} for ${classes}${teachers ? ` (${teachers})` : ''}`,
  unplacedTeacherBusy: (teacher: string, blocked: number, possible: number) =>
    `${teacher} is teaching another lesson at ${blocked} of the ${plural(possible, 'possible time')}.`,
  unplacedGroupBusy: (group: string, blocked: number, possible: number) =>
    `${group} has another lesson at ${blocked} of the ${plural(possible, 'possible time')}.`,
  unplacedRoomBusy: (blocked: number, possible: number) =>
    `No suitable room is free at ${blocked} of the ${plural(possible, 'possible time')}.`,
  unplacedRule: (rule: string, blocked: number, possible: number) =>
    `The rule "${rule}" rules out ${blocked} of the ${plural(possible, 'possible time')}.`,
  blockerAt: (lesson: string, day: string, period: string) => `${lesson} on ${day} ${period}`,
  unplacedBlockedBy: (lessons: string) => `Lessons in the way: ${lessons}.`,
  unplacedTimeLimit: 'The time limit ran out before this lesson found a place; try a longer time limit or relax a rule.',
  unplacedHardRule: 'Placing this lesson broke a rule of weight 100 (gaps or lessons in a row); try a longer time limit or lower the weight.',
  ruleTeacherMaxDaily: (teacher: string, max: number) => `${teacher} teaches at most ${max} periods a day`,
  ruleMinDays: 'lessons of a subject on distinct days',
  ruleMaxPerDay: (max: number) => `at most ${max} of these lessons a day`,

  // checker violations
  vLessonMissing: (lesson: string) => `${lesson} is not placed.`,
  vLessonTwice: (lesson: string, times: number) => `${lesson} is placed ${times} times.`,
  vUnknownActivity: (id: string) => `A placement refers to an unknown lesson (${id}).`,
  vOutOfGrid: (lesson: string) => `${lesson} does not fit in the school day.`,
  vTeacherClash: (teacher: string, day: string, period: string) => `${teacher} has two lessons on ${day} at ${period}.`,
  vStudentsClash: (group: string, day: string, period: string) => `${group} has two lessons on ${day} at ${period}.`,
  vRoomClash: (room: string, day: string, period: string) => `${room} holds two lessons on ${day} at ${period}.`,
  vUnknownRoom: (lesson: string) => `${lesson} is in an unknown room.`,
  vRoomCapacity: (lesson: string, room: string, students: number, capacity: number) =>
    `${lesson}: ${room} holds ${capacity}, the lesson has ${students} learners.`,
  vFixed: (lesson: string) => `${lesson} was locked but has moved.`,
  vTeacherNotAvailable: (teacher: string, lesson: string, periods: number) =>
    `${teacher} is not available for ${plural(periods, 'period')} of ${lesson}.`,
  vStudentsNotAvailable: (set: string, lesson: string, periods: number) =>
    `${set} is not available for ${plural(periods, 'period')} of ${lesson}.`,
  vRoomNotAvailable: (room: string, lesson: string, periods: number) =>
    `${room} is not available for ${plural(periods, 'period')} of ${lesson}.`,
  vMinDays: (first: string, second: string, minDays: number) =>
    `${first} and ${second} should be at least ${plural(minDays, 'day')} apart.`,
  /** Two lessons of one subject, stream and teacher too close together (issue 34: the lesson is named once). */
  vMinDaysSame: (lesson: string, day: string, minDays: number) =>
    minDays <= 1 ? `${lesson} has two lessons on ${day}; they should be on different days.` : `${lesson} has two lessons less than ${plural(minDays, 'day')} apart (one on ${day}).`,
  vMaxPerDay: (day: string, count: number, max: number) => `${count} of these lessons on ${day}; at most ${max} a day.`,
  vPreferredStart: (lesson: string) => `${lesson} starts outside its preferred times.`,
  vPreferredRoom: (lesson: string) => `${lesson} is not in one of its preferred rooms.`,
  vTeacherMaxDaily: (teacher: string, day: string, hours: number, max: number) =>
    `${teacher} teaches ${hours} periods on ${day}; at most ${max}.`,
  vTeacherMaxContinuous: (teacher: string, day: string, hours: number, max: number) =>
    `${teacher} teaches ${hours} periods in a row on ${day}; at most ${max}.`,
  vTeacherGapsDay: (teacher: string, day: string, gaps: number, max: number) =>
    `${teacher} has ${plural(gaps, 'gap')} on ${day}; at most ${max}.`,
  vTeacherGapsWeek: (teacher: string, gaps: number, max: number) => `${teacher} has ${plural(gaps, 'gap')} in the week; at most ${max}.`,
  vStudentsGapsDay: (group: string, day: string, gaps: number, max: number) =>
    `${group} has ${plural(gaps, 'gap')} on ${day}; at most ${max}.`,
  vStudentsGapsWeek: (group: string, gaps: number, max: number) => `${group} has ${plural(gaps, 'gap')} in the week; at most ${max}.`,
}, { sw: sw.timetableEngineMessages });
