import { describe, expect, it } from 'vitest';
import type { MySheet } from '@shared/contracts/assessment';
import { sheetsToEnter } from './marks-to-enter-list';

const sheet = (n: number, o: Partial<MySheet> = {}): MySheet => ({
  id: `s${n}`,
  classId: `c${n}`,
  className: `Grade 7 ${n}`,
  subjectId: 'maths',
  subjectName: 'Mathematics',
  teacherName: null,
  status: 'draft',
  learners: 30,
  marked: 0,
  submittedBy: null,
  submittedAt: null,
  decidedBy: null,
  decidedAt: null,
  comment: null,
  examId: 'e1',
  examName: 'End-Term 3 2026',
  termName: 'Term 3',
  entryState: 'open',
  entryOpensOn: '2026-10-01',
  entryClosesOn: '2026-12-01',
  examStatus: 'open',
  ...o,
});

describe('the dashboard\'s "Marks to enter" (issue 34)', () => {
  it('lists every open draft or returned sheet (seven are seven, not six), returned ones first', () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => sheet(n)).concat(sheet(7, { status: 'returned', comment: 'Check Paper 2' }));
    const todo = sheetsToEnter(items);
    expect(todo).toHaveLength(7);
    expect(todo[0]!.id).toBe('s7');
    expect(todo.slice(1).map((s) => s.id)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
  });

  it('leaves out submitted and approved sheets, closed or future windows and released exams', () => {
    const items = [
      sheet(1),
      sheet(2, { status: 'submitted' }),
      sheet(3, { status: 'approved' }),
      sheet(4, { entryState: 'closed' }),
      sheet(5, { entryState: 'not_yet' }),
      sheet(6, { examStatus: 'released' }),
    ];
    expect(sheetsToEnter(items).map((s) => s.id)).toEqual(['s1']);
  });
});
