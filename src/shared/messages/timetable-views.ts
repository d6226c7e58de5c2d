import { localized } from '../i18n/localized.js';
import * as sw from './sw/timetable-views.js';

/**
 * User-facing strings of the timetable's versions, views, editor, publishing, PDFs, iCalendar feed and
 * substitution helper (issue 16 §4-§6). The generator's own sentences live in timetable-engine.ts.
 */

export const timetableViewMessages = localized('timetable-views/timetableViewMessages', {
  notFound: 'Timetable not found.',
  notPublishedYet: 'No timetable has been published yet.',
  notDraft: 'This version is published or archived. Save it as a new version to edit it.',
  deleteNotDraft: 'Only a draft can be deleted. Publish another version first, or keep this one as history.',
  duplicateLesson: (lesson: string) => `${lesson} appears twice in the arrangement.`,
  unknownLesson: (id: string) => `The arrangement names a lesson this timetable does not have (${id}).`,
  missingLessons: (n: number, first: string) =>
    n === 1 ? `${first} is missing from the arrangement: every placed lesson must stay on the grid.` : `${n} placed lessons are missing from the arrangement, e.g. ${first}.`,
  unknownRoom: (lesson: string) => `${lesson} is put in a room this timetable does not know.`,
  outOfGrid: (lesson: string) => `${lesson} does not fit in the school week there.`,

  // Clash sentences (the editor refuses a drop with one of these).
  clashTeacher: (teacher: string, other: string, day: string, period: string) => `${teacher} is already teaching ${other} on ${day}, ${period}.`,
  clashClass: (stream: string, subject: string, day: string, period: string) => `${stream} already has ${subject} on ${day}, ${period}.`,
  clashRoom: (room: string, other: string, day: string, period: string) => `${room} is already used by ${other} on ${day}, ${period}.`,
  clashRefused: (first: string, more: number) => (more > 0 ? `${first} (and ${more} more ${more === 1 ? 'clash' : 'clashes'})` : first),
  periodLabel: (n: number) => `period ${n}`,
  publishClash: (first: string) => `This version cannot be published: ${first}`,

  // Versions and publishing.
  versionName: (base: string) => `${base} (copy)`,

  // Substitutions.
  notSchoolDay: (date: string, weekday: string) => `${weekday} ${date} is not a school day on this timetable.`,
  outsideTerm: (date: string) => `${date} is outside the school's terms (or in a half-term break).`,
  badDate: 'Use a date like 2026-09-14.',
  teacherNotOnTimetable: 'This teacher has no lessons on this timetable.',

  // PDFs.
  pdf: {
    classTitle: (name: string) => `Timetable: ${name}`,
    teacherTitle: (name: string) => `Timetable: ${name}`,
    roomTitle: (name: string) => `Room timetable: ${name}`,
    schoolTitle: 'School timetable',
    versionLine: (name: string, version: number, status: string) => `${name} · version ${version} · ${status}`,
    classTeacherLine: (name: string) => `Class teacher: ${name}`,
    periodColumn: 'Period',
    noLessons: 'No lessons on this timetable.',
    unknownView: 'Choose a stream, a teacher, a room or the whole school.',
  },

  // iCalendar.
  ical: {
    calName: (school: string) => `${school} timetable`,
    description: (classes: string, room: string | null) => (room ? `${classes} · ${room}` : classes),
    tokenNotFound: 'This calendar link is not valid any more. Copy the new link from My Timetable.',
  },
  audit: {
    published: 'TIMETABLE_PUBLISHED',
    edited: 'TIMETABLE_EDITED',
    versionSaved: 'TIMETABLE_VERSION_SAVED',
    renamed: 'TIMETABLE_RENAMED',
    deleted: 'TIMETABLE_DELETED',
    feedTokenRotated: 'TIMETABLE_FEED_TOKEN_ROTATED',
  },
} as const, { sw: sw.timetableViewMessages });
