import { describe, expect, it } from 'vitest';
import type { MarkInput } from '@shared/contracts/assessment';
import { afterAnswer, batchFor, draftOf, marksDraftKey, readMarksDraft, writeMarksDraft, type KeyValueStorage } from './marks-outbox';

/** The marks grid's offline outbox (issue 36 §4): what is kept per user and sheet, and which Idempotency-Key a save carries. */

function memory(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const sheet = { examId: 'e1', classId: 'c1', subjectId: 's1' };
const now = new Date('2026-03-02T08:00:00Z');
const marks: MarkInput[] = [{ studentId: 'a', status: 'present', score: 61 }];
let n = 0;
const newId = () => `key-${++n}`;

describe('marks outbox', () => {
  it('keys each user and sheet apart, so another user on the device never reads them', () => {
    expect(marksDraftKey('u1', sheet)).toBe('edufam.marks.outbox.u1.e1.c1.s1');
    expect(marksDraftKey('u2', sheet)).not.toBe(marksDraftKey('u1', sheet));
    expect(marksDraftKey('u1', { ...sheet, subjectId: 's2' })).not.toBe(marksDraftKey('u1', sheet));
    const storage = memory();
    writeMarksDraft(storage, marksDraftKey('u1', sheet), draftOf({ a: ['61'] }, null, now));
    expect(readMarksDraft(storage, marksDraftKey('u2', sheet))).toBeNull();
  });

  it('keeps unsaved rows and the pending batch across a reload; an empty draft removes the entry', () => {
    const storage = memory();
    const key = marksDraftKey('u1', sheet);
    const batch = batchFor(null, marks, null, newId, now);
    writeMarksDraft(storage, key, draftOf({ a: ['61'], b: ['ABS'] }, batch, now));
    expect(readMarksDraft(storage, key)).toEqual({ edits: { a: ['61'], b: ['ABS'] }, batch, updatedAt: now.toISOString() });
    writeMarksDraft(storage, key, draftOf({}, null, now));
    expect(storage.map.has(key)).toBe(false);
    expect(readMarksDraft(storage, key)).toBeNull();
  });

  it('reads a damaged entry as nothing kept, and drops rows that are not texts', () => {
    const storage = memory();
    storage.setItem('k', '{not json');
    expect(readMarksDraft(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ edits: { a: ['1'], b: [2], c: 'x' }, batch: { marks: [] } }));
    expect(readMarksDraft(storage, 'k')).toEqual({ edits: { a: ['1'] }, batch: null, updatedAt: '' });
  });

  it('a storage that throws loses nothing but the copy', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => writeMarksDraft(broken, 'k', draftOf({ a: ['1'] }, null, now))).not.toThrow();
    expect(readMarksDraft(broken, 'k')).toBeNull();
  });

  it('re-sending the same marks reuses the Idempotency-Key; other marks or another reason get a new one', () => {
    const first = batchFor(null, marks, null, newId, now);
    expect(batchFor(first, [{ ...marks[0]! }], null, newId, now)).toBe(first);
    // As stored and read back after a reload.
    const stored = JSON.parse(JSON.stringify(first)) as typeof first;
    expect(batchFor(stored, marks, null, newId, now).id).toBe(first.id);
    expect(batchFor(first, [{ studentId: 'a', status: 'present', score: 62 }], null, newId, now).id).not.toBe(first.id);
    expect(batchFor(first, marks, 'Typo in the register', newId, now).id).not.toBe(first.id);
  });

  it('an answer clears its own batch only: the next save of the same marks is a new request', () => {
    const first = batchFor(null, marks, null, newId, now);
    expect(afterAnswer(first, first.id)).toBeNull();
    expect(afterAnswer(first, 'older')).toBe(first);
    expect(afterAnswer(null, first.id)).toBeNull();
    expect(batchFor(afterAnswer(first, first.id), marks, null, newId, now).id).not.toBe(first.id);
  });
});
