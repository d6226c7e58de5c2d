import { createEvents, type EventAttributes } from 'ics';
import { timetableViewMessages as m } from '../../../shared/messages/timetable-views.js';
import { addDays } from '../../../shared/dates.js';
import { AppError } from '../../errors.js';
import { bellScheduleOf, lessonTimes, ProblemIndex, weekdayOfEngineDay, type LoadedTimetable } from './timetables.service.js';

/**
 * A teacher's timetable as an iCalendar file (issue 16 §5 "iCalendar feed for a teacher"): each lesson
 * they teach on the published version is one weekly recurring event from the term's first such weekday
 * to the term's last day, skipping the half-term break. Times come from the bell schedule of the
 * lesson's stream's level, in Africa/Nairobi (UTC+3 all year, no daylight saving), written in UTC so
 * every calendar reads them the same.
 */

/** One weekly lesson for the calendar. `weekday` 0 = Monday; times 'HH:MM' in Africa/Nairobi. */
export interface WeeklyLesson {
  uid: string;
  title: string;
  description: string;
  location: string | null;
  weekday: number;
  start: string;
  end: string;
}

export interface TermDates {
  startsOn: string;
  endsOn: string;
  halfTermStartsOn?: string | null;
  halfTermEndsOn?: string | null;
}

/** Nairobi is UTC+3 with no daylight saving. */
const NAIROBI_OFFSET_HOURS = 3;

/** The instant (ms) of a Nairobi wall-clock time on a date. */
export function nairobiInstant(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return Date.UTC(y!, mo! - 1, d!, h! - NAIROBI_OFFSET_HOURS, mi!);
}

const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The calendar text (VCALENDAR with one VEVENT + RRULE per weekly lesson). */
export function buildCalendar(calName: string, lessons: WeeklyLesson[], term: TermDates): string {
  const events: EventAttributes[] = [];
  // The feed ends with the term's last day, midnight in Nairobi.
  const until = utcStamp(nairobiInstant(addDays(term.endsOn, 1), '00:00') - 1000);
  for (const l of lessons) {
    let first = term.startsOn;
    while (weekdayOf(first) !== l.weekday) first = addDays(first, 1);
    if (first > term.endsOn) continue;
    const exclusions: number[] = [];
    if (term.halfTermStartsOn && term.halfTermEndsOn) {
      for (let d = term.halfTermStartsOn; d <= term.halfTermEndsOn; d = addDays(d, 1)) if (weekdayOf(d) === l.weekday) exclusions.push(nairobiInstant(d, l.start));
    }
    const start = nairobiInstant(first, l.start);
    const end = nairobiInstant(first, l.end);
    events.push({
      uid: l.uid,
      title: l.title,
      description: l.description,
      ...(l.location ? { location: l.location } : {}),
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end,
      endInputType: 'utc',
      endOutputType: 'utc',
      recurrenceRule: `FREQ=WEEKLY;UNTIL=${until}`,
      ...(exclusions.length ? { exclusionDates: exclusions } : {}),
      busyStatus: 'BUSY',
      productId: 'edufam/timetable',
      calName,
    });
  }
  if (events.length === 0) {
    // The ics package refuses an empty list; an empty calendar is still a valid feed.
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:edufam/timetable', 'METHOD:PUBLISH', `X-WR-CALNAME:${calName}`, 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = createEvents(events, { productId: 'edufam/timetable', calName, method: 'PUBLISH' });
  if (error || !value) throw new AppError(500, 'ICAL_FAILED', 'The calendar could not be written.', {}, error);
  return value;
}

/** The weekly lessons a teacher teaches on a version, with times from their streams' bell schedules. */
export function teacherWeeklyLessons(t: LoadedTimetable, teacherId: string): WeeklyLesson[] {
  const index = new ProblemIndex(t.problem);
  const out: WeeklyLesson[] = [];
  for (const l of t.row.lessons) {
    const a = index.activity.get(l.activityId);
    if (!a || !a.teacherIds.includes(teacherId)) continue;
    const levelId = t.meta?.classLevels[a.studentSetIds[0] ?? ''] ?? null;
    const times = lessonTimes(bellScheduleOf(t.meta, levelId), l.period, a.duration);
    if (!times) continue;
    const room = l.roomId ? (index.roomName.get(l.roomId) ?? null) : null;
    out.push({
      uid: `${t.row.id}-${a.id}@edufam`,
      title: `${index.subject(a)} · ${index.classesLabel(a)}`,
      description: m.ical.description(index.classesLabel(a), room),
      location: room,
      weekday: weekdayOfEngineDay(t.problem, t.meta, l.day),
      start: times.start,
      end: times.end,
    });
  }
  return out;
}
