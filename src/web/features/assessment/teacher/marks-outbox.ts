/**
 * The marks grid's offline outbox (issue 36 §4, as the register's: ../../attendance/register/outbox.ts).
 * What a teacher typed and has not had confirmed by the server is kept in localStorage, one entry per
 * signed-in user and sheet (the user id is in the key, so another user signing in on the device never
 * reads it), so a reload — online or not — does not lose it:
 *   - `edits`: the unsaved rows (by studentId) as the texts of their inputs; the grid lays them over the
 *     saved marks again after a reload and shows them as waiting to sync;
 *   - `batch`: the marks last sent and not answered yet, with the id sent as Idempotency-Key. Sending the
 *     same marks again (after a lost answer, a reload, a reconnect) reuses that id, so the server applies
 *     them once (src/server/lib/idempotency.ts); other marks get a new id.
 * Pure functions over a storage parameter (unit-tested in node); the grid wires them to the browser.
 */
import type { MarkInput } from '@shared/contracts/assessment';

/** The subset of Web Storage the outbox uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One sheet: a stream x subject of an exam. */
export interface SheetKey {
  examId: string;
  classId: string;
  subjectId: string;
}

/** A save sent (or about to be) and not answered yet. `id` is its Idempotency-Key. */
export interface MarksBatch {
  id: string;
  marks: MarkInput[];
  /** The reason sent with approved marks (principal); null otherwise. */
  reason: string | null;
  queuedAt: string;
}

/** What the device keeps for one sheet. */
export interface MarksDraft {
  /** Unsaved rows: studentId → the texts of the row's inputs (one per paper). */
  edits: Record<string, string[]>;
  batch: MarksBatch | null;
  updatedAt: string;
}

const PREFIX = 'edufam.marks.outbox.';

/** The storage key of one user's draft of one sheet. */
export const marksDraftKey = (userId: string, sheet: SheetKey) => `${PREFIX}${userId}.${sheet.examId}.${sheet.classId}.${sheet.subjectId}`;

const isTexts = (v: unknown): v is string[] => Array.isArray(v) && v.every((t) => typeof t === 'string');

/** The stored draft, or null when there is none or it cannot be read (then it is as if nothing was kept). */
export function readMarksDraft(storage: KeyValueStorage, key: string): MarksDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<MarksDraft>;
    const edits: Record<string, string[]> = {};
    for (const [id, texts] of Object.entries(v.edits && typeof v.edits === 'object' ? v.edits : {})) if (isTexts(texts)) edits[id] = texts;
    const b = v.batch;
    const batch = b && typeof b.id === 'string' && Array.isArray(b.marks) ? { id: b.id, marks: b.marks, reason: typeof b.reason === 'string' ? b.reason : null, queuedAt: String(b.queuedAt ?? '') } : null;
    if (Object.keys(edits).length === 0 && !batch) return null;
    return { edits, batch, updatedAt: typeof v.updatedAt === 'string' ? v.updatedAt : '' };
  } catch {
    return null;
  }
}

/**
 * Stores the draft; a draft with no edits and no batch (or null) removes the entry. Storage full or
 * unavailable: nothing is kept beyond this page's life (the grid still saves online).
 */
export function writeMarksDraft(storage: KeyValueStorage, key: string, draft: MarksDraft | null): void {
  try {
    if (!draft || (Object.keys(draft.edits).length === 0 && !draft.batch)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(draft));
  } catch {
    // See above.
  }
}

const sameMarks = (a: MarkInput[], b: MarkInput[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The batch to send `marks` (with `reason`) in: the pending one when it holds exactly these marks and
 * reason (a re-send: same Idempotency-Key, applied once), else a new one with `newId()`.
 */
export function batchFor(pending: MarksBatch | null, marks: MarkInput[], reason: string | null, newId: () => string, now: Date): MarksBatch {
  if (pending && pending.reason === reason && sameMarks(pending.marks, marks)) return pending;
  return { id: newId(), marks, reason, queuedAt: now.toISOString() };
}

/**
 * The batch after the server answered the one with `id` (saved, or refused for good): gone, so the
 * next save of the same marks is a new request. An answer to an older batch leaves a newer one.
 */
export const afterAnswer = (pending: MarksBatch | null, id: string): MarksBatch | null => (pending && pending.id === id ? null : pending);

/**
 * The draft to keep: the unsaved rows (studentId → texts; rows back to their saved value are left out
 * by the caller) and the pending batch; `updatedAt` is `now`.
 */
export const draftOf = (unsaved: Record<string, string[]>, batch: MarksBatch | null, now: Date): MarksDraft => ({ edits: unsaved, batch, updatedAt: now.toISOString() });

