import { describe, expect, it } from 'vitest';
import type { Lesson, TimetableView } from '@shared/contracts/timetable';
import { buildRows, checkMove, fixedSlotsFor, lessonsInView, periodsForLevel, todayIndex } from './grid-model';

const lesson = (activityId: string, day: number, period: number, o: Partial<Lesson> = {}): Lesson => ({
  activityId,
  day,
  period,
  duration: 1,
  classIds: ['c1'],
  subjectId: 'maths',
  teacherIds: ['t1'],
  roomId: null,
  locked: false,
  ...o,
});

const view = (lessons: Lesson[]): TimetableView => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Term 1',
  version: 1,
  status: 'draft',
  problemId: '00000000-0000-4000-8000-000000000002',
  source: 'school',
  levelId: null,
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  periods: ['P1', 'P2', 'P3', 'P4'],
  lessons,
  unplaced: [],
  softScore: 0,
  violations: [],
  classes: [
    { id: 'c1', name: '7 East', levelId: 'g7' },
    { id: 'c2', name: '7 West', levelId: 'g7' },
    { id: 'c3', name: '4 North', levelId: 'g4' },
  ],
  teachers: [
    { id: 't1', name: 'Mr Otieno' },
    { id: 't2', name: 'Ms Wanjiru' },
  ],
  subjects: [
    { id: 'maths', name: 'Mathematics', code: 'MAT' },
    { id: 'eng', name: 'English', code: 'ENG' },
    { id: 'sci', name: 'Science', code: 'SCI' },
  ],
  rooms: [{ id: 'lab', name: 'Lab 1', type: 'science_lab', capacity: 45 }],
  meta: {
    dayIndexes: [0, 1, 2, 3, 4],
    classLevels: { c1: 'g7', c2: 'g7', c3: 'g4' },
    levels: [
      { id: 'g7', name: 'Grade 7' },
      { id: 'g4', name: 'Grade 4' },
    ],
    bellSchedules: {
      g7: [
        { kind: 'lesson', label: 'P1', start: '08:00', end: '08:40' },
        { kind: 'lesson', label: 'P2', start: '08:40', end: '09:20' },
        { kind: 'break', label: 'Break', start: '09:20', end: '09:40' },
        { kind: 'lesson', label: 'P3', start: '09:40', end: '10:20' },
        { kind: 'lesson', label: 'P4', start: '10:20', end: '11:00' },
      ],
      g4: [
        { kind: 'lesson', label: 'P1', start: '08:00', end: '08:35' },
        { kind: 'lesson', label: 'P2', start: '08:35', end: '09:10' },
        { kind: 'lunch', label: 'Lunch', start: '09:10', end: '10:00' },
        { kind: 'lesson', label: 'P3', start: '10:00', end: '10:35' },
      ],
    },
    fixedSlots: [{ label: 'Assembly', day: 0, period: 0, levelId: null }],
    activityAssignments: {},
  },
  stats: {},
  createdAt: '2026-01-05T08:00:00Z',
  updatedAt: '2026-01-05T08:00:00Z',
  publishedAt: null,
});

describe('timetable grid model', () => {
  it('lays out lesson periods with times and the breaks between them, per level', () => {
    const v = view([]);
    const g7 = buildRows(v, 'g7');
    expect(g7.map((r) => r.label)).toEqual(['P1', 'P2', 'Break', 'P3', 'P4']);
    expect(g7[0]).toMatchObject({ kind: 'lesson', period: 0, start: '08:00', end: '08:40' });
    const g4 = buildRows(v, 'g4');
    // Grade 4's day has three periods: the fourth follows with its label only.
    expect(g4.map((r) => r.label)).toEqual(['P1', 'P2', 'Lunch', 'P3', 'P4']);
    expect(g4.at(-1)).toMatchObject({ kind: 'lesson', period: 3, start: null });
    expect(periodsForLevel(v, 'g4')).toBe(3);
    expect(buildRows({ ...v, meta: null }, null).every((r) => r.kind === 'lesson')).toBe(true);
  });

  it('finds a view’s lessons and the fixed slots of a level', () => {
    const v = view([lesson('a', 0, 1), lesson('b', 1, 1, { classIds: ['c2'], teacherIds: ['t2'], roomId: 'lab' })]);
    expect(lessonsInView(v.lessons, 'class', 'c1').map((l) => l.activityId)).toEqual(['a']);
    expect(lessonsInView(v.lessons, 'teacher', 't2').map((l) => l.activityId)).toEqual(['b']);
    expect(lessonsInView(v.lessons, 'room', 'lab').map((l) => l.activityId)).toEqual(['b']);
    expect(fixedSlotsFor(v, 'g7').get('0:0')).toBe('Assembly');
  });

  it('moves to a free slot and swaps with another lesson of the view', () => {
    const v = view([lesson('a', 0, 1), lesson('b', 1, 2, { subjectId: 'eng' })]);
    const move = checkMove(v, v.lessons, 'a', { day: 2, period: 3 }, 'class', 'c1');
    expect(move.ok && move.lessons.find((l) => l.activityId === 'a')).toMatchObject({ day: 2, period: 3 });
    const swap = checkMove(v, v.lessons, 'a', { day: 1, period: 2 }, 'class', 'c1');
    expect(swap.ok).toBe(true);
    if (swap.ok) {
      expect(swap.swapWith?.activityId).toBe('b');
      expect(swap.lessons.find((l) => l.activityId === 'a')).toMatchObject({ day: 1, period: 2 });
      expect(swap.lessons.find((l) => l.activityId === 'b')).toMatchObject({ day: 0, period: 1 });
    }
  });

  it('refuses a clash with the reason: teacher, room, fixed slot, short day, locked, end of day', () => {
    const v = view([
      lesson('a', 0, 1),
      lesson('busy', 1, 1, { classIds: ['c2'], subjectId: 'eng' }),
      lesson('labbed', 2, 1, { classIds: ['c2'], teacherIds: ['t2'], subjectId: 'sci', roomId: 'lab' }),
      lesson('sci', 3, 1, { teacherIds: ['t2'], subjectId: 'sci', roomId: 'lab' }),
      lesson('g4', 0, 1, { classIds: ['c3'], teacherIds: ['t2'], subjectId: 'eng' }),
      lesson('dbl', 4, 0, { duration: 2, subjectId: 'sci', teacherIds: ['t2'] }),
      lesson('locked', 3, 3, { subjectId: 'eng', teacherIds: ['t2'], locked: true }),
    ]);
    const teacher = checkMove(v, v.lessons, 'a', { day: 1, period: 1 }, 'class', 'c1');
    expect(teacher).toEqual({ ok: false, reason: 'Mr Otieno teaches English to 7 West then.' });
    const room = checkMove(v, v.lessons, 'sci', { day: 2, period: 1 }, 'class', 'c1');
    expect(room).toMatchObject({ ok: false });
    expect(!room.ok && room.reason).toMatch(/Ms Wanjiru|Lab 1/);
    expect(checkMove(v, v.lessons, 'a', { day: 0, period: 0 }, 'class', 'c1')).toEqual({ ok: false, reason: '7 East has Assembly then.' });
    expect(checkMove(v, v.lessons, 'g4', { day: 1, period: 3 }, 'class', 'c3')).toEqual({ ok: false, reason: '4 North has no lesson at that time.' });
    expect(checkMove(v, v.lessons, 'dbl', { day: 4, period: 3 }, 'class', 'c1')).toMatchObject({ ok: false, reason: 'a double lesson does not fit at the end of the day.' });
    expect(checkMove(v, v.lessons, 'a', { day: 3, period: 3 }, 'class', 'c1')).toMatchObject({ ok: false, reason: 'English there is locked.' });
    expect(checkMove(v, v.lessons, 'locked', { day: 2, period: 3 }, 'class', 'c1')).toMatchObject({ ok: false });
  });

  it('finds today’s column in Africa/Nairobi', () => {
    // 2026-03-02 is a Monday; 22:30 UTC on Sunday is already Monday 01:30 in Nairobi.
    expect(todayIndex({ days: ['Monday', 'Tuesday'] }, new Date('2026-03-01T22:30:00Z'))).toBe(0);
    expect(todayIndex({ days: ['Mon', 'Tue'] }, new Date('2026-03-03T09:00:00Z'))).toBe(1);
    expect(todayIndex({ days: ['Monday'] }, new Date('2026-03-07T09:00:00Z'))).toBe(-1);
  });
});
