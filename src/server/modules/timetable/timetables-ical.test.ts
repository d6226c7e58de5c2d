import { describe, expect, it } from 'vitest';
import { buildCalendar, nairobiInstant } from './timetables-ical.js';

/** The teacher's calendar (issue 16 §5): weekly events in Africa/Nairobi time, the term's span, half-term skipped. */
describe('buildCalendar', () => {
  const lesson = { uid: 'tt-a1@edufam', title: 'Mathematics · Grade 7 East', description: 'Grade 7 East', location: 'Room 4', weekday: 2, start: '08:00', end: '08:40' };

  it('writes one weekly event per lesson from the first such weekday of the term, in UTC', () => {
    const ics = buildCalendar('Greenhill timetable', [lesson], { startsOn: '2026-04-27', endsOn: '2026-07-31', halfTermStartsOn: '2026-06-24', halfTermEndsOn: '2026-06-28' });
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('X-WR-CALNAME:Greenhill timetable');
    // 2026-04-27 is a Monday: the first Wednesday is the 29th; 08:00 EAT = 05:00 UTC.
    expect(ics).toContain('DTSTART:20260429T050000Z');
    expect(ics).toContain('DTEND:20260429T054000Z');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260731T205959Z');
    // Wednesday 24 June falls in the half-term break.
    expect(ics).toMatch(/EXDATE[^\r\n]*20260624T050000Z/);
    expect(ics).toContain('LOCATION:Room 4');
  });

  it('skips a lesson whose weekday never comes in the term, and writes a valid empty calendar', () => {
    const ics = buildCalendar('Empty', [{ ...lesson, weekday: 5 }], { startsOn: '2026-04-27', endsOn: '2026-04-30' });
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).not.toContain('BEGIN:VEVENT');
    expect(ics).toContain('END:VCALENDAR');
  });

  it('reads Nairobi wall-clock times as UTC+3', () => {
    expect(new Date(nairobiInstant('2026-09-07', '08:00')).toISOString()).toBe('2026-09-07T05:00:00.000Z');
    expect(new Date(nairobiInstant('2026-09-07', '01:30')).toISOString()).toBe('2026-09-06T22:30:00.000Z');
  });
});
