import type { AttendanceStatus, PutRegisterBody, PutRegisterResponse } from '@shared/contracts/attendance';
import { ApiError } from '@/lib/api';
import { putRegister } from '../api/registers';

/**
 * The register outbox (issue 13 §1 "Works offline"). Every register save is queued here first, kept in
 * localStorage (per signed-in user), and sent in order with its own id as the Idempotency-Key:
 *   - 2xx: the item leaves the queue (`sent` event with the server's register);
 *   - no network (fetch throws, navigator.onLine false), a timeout, 401 (signed out), 429 or 5xx: it stays,
 *     `attempts` and `lastError` grow, and the queue stops there (later saves must not overtake it);
 *   - any other 4xx (a non-school day, a missing reason, a lock, a stream that is not yours): it will never
 *     succeed, so it leaves the queue for `rejected` (shown until dismissed) and its marks go back into the
 *     register's draft so the teacher can fix them.
 * Re-sending an item uses the same key, so the server applies it once however often the answer was lost.
 * Drafts (marks not saved yet) live here too, so a reload does not lose them. The core below takes its
 * storage, clock, network check and sender as parameters (unit-tested in node); `browserOutbox(userId)`
 * wires it to the browser.
 */

/** A learner's mark as the editor holds it (text inputs: '' for none). */
export interface DraftMark {
  status: AttendanceStatus | null;
  note: string;
  arrivalTime: string;
}

/** Unsaved edits of one register: the learners changed (by studentId) and the past-date reason. */
export interface RegisterDraft {
  marks: Record<string, DraftMark>;
  reason: string;
  updatedAt: string;
}

/** What the banner says about a queued save. */
export interface OutboxMeta {
  className: string;
  date: string;
  session: string;
}

/** One queued save. `id` is the Idempotency-Key (crypto.randomUUID()). */
export interface OutboxItem {
  id: string;
  body: PutRegisterBody;
  meta: OutboxMeta;
  queuedAt: string;
  attempts: number;
  lastError: string | null;
}

/** A save the server refused (4xx): shown until dismissed. */
export interface RejectedItem extends OutboxItem {
  status: number;
  error: string;
  fields: Record<string, string> | null;
  rejectedAt: string;
}

export interface OutboxState {
  pending: OutboxItem[];
  rejected: RejectedItem[];
  drafts: Record<string, RegisterDraft>;
  /** A flush is under way. */
  syncing: boolean;
}

export type SendOutcome =
  | { kind: 'ok'; response: PutRegisterResponse }
  | { kind: 'rejected'; status: number; message: string; fields: Record<string, string> | null }
  | { kind: 'retry'; message: string };

export type OutboxEvent = { type: 'sent'; item: OutboxItem; response: PutRegisterResponse } | { type: 'rejected'; item: RejectedItem } | { type: 'retry'; item: OutboxItem };

/** The subset of Web Storage the outbox uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface OutboxOptions {
  storage: KeyValueStorage;
  /** The storage key (one per signed-in user). */
  key: string;
  send: (item: OutboxItem) => Promise<SendOutcome>;
  isOnline: () => boolean;
  newId: () => string;
  now?: () => Date;
}

export interface Outbox {
  getState(): OutboxState;
  /** Called on every state change (useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
  /** Called for each item sent, refused or left waiting by a flush. */
  onEvent(listener: (e: OutboxEvent) => void): () => void;
  /** Queues a save (does not send it: call flush()). */
  enqueue(body: PutRegisterBody, meta: OutboxMeta): OutboxItem;
  /** Sends the queue in order, one at a time; resolves when done or stopped by a failure. Single-flight. */
  flush(): Promise<void>;
  setDraft(registerId: string, draft: RegisterDraft | null): void;
  dismiss(id: string): void;
  /** Re-reads storage (another tab changed it). */
  reload(): void;
}

/** The key of one register in drafts and in the queue: stream, date, session and lesson area. */
export const registerId = (r: { classId: string; date: string; session?: string | null; subjectId?: string | null }) =>
  `${r.classId}|${r.date}|${r.session ?? 'day'}|${r.subjectId ?? ''}`;

/**
 * How a failed PUT is handled: network failures, timeouts, 401, 408, 429 and 5xx are retried later; any
 * other 4xx is final. Non-ApiErrors (a bug while sending) are retried.
 */
export function outcomeOfError(err: unknown): SendOutcome {
  if (err instanceof ApiError) {
    const final = err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);
    return final ? { kind: 'rejected', status: err.status, message: err.message, fields: err.fields ?? null } : { kind: 'retry', message: err.message };
  }
  return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
}

const EMPTY: Omit<OutboxState, 'syncing'> = { pending: [], rejected: [], drafts: {} };

function read(storage: KeyValueStorage, key: string): Omit<OutboxState, 'syncing'> {
  try {
    const raw = storage.getItem(key);
    if (!raw) return EMPTY;
    const v = JSON.parse(raw) as Partial<OutboxState>;
    return {
      pending: Array.isArray(v.pending) ? v.pending.filter((i) => i && typeof i.id === 'string' && i.body) : [],
      rejected: Array.isArray(v.rejected) ? v.rejected.filter((i) => i && typeof i.id === 'string') : [],
      drafts: v.drafts && typeof v.drafts === 'object' ? v.drafts : {},
    };
  } catch {
    return EMPTY;
  }
}

/** Puts the marks of a refused save back into its register's draft (edits made since win). */
function restoreDraft(drafts: Record<string, RegisterDraft>, item: OutboxItem, at: string): Record<string, RegisterDraft> {
  const id = registerId(item.body);
  const draft = drafts[id] ?? { marks: {}, reason: '', updatedAt: at };
  const marks = { ...draft.marks };
  for (const e of item.body.entries) {
    if (!marks[e.studentId]) marks[e.studentId] = { status: e.status, note: e.note ?? '', arrivalTime: e.arrivalTime ?? '' };
  }
  return { ...drafts, [id]: { marks, reason: draft.reason || (item.body.reason ?? ''), updatedAt: at } };
}

export function createOutbox(opts: OutboxOptions): Outbox {
  const now = opts.now ?? (() => new Date());
  let state: OutboxState = { ...read(opts.storage, opts.key), syncing: false };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(e: OutboxEvent) => void>();
  let flushing: Promise<void> | null = null;

  const save = () => {
    try {
      opts.storage.setItem(opts.key, JSON.stringify({ pending: state.pending, rejected: state.rejected, drafts: state.drafts }));
    } catch {
      // Storage full or unavailable: the queue still works for this page's life.
    }
  };
  /** The next state; written to storage unless `persist` is false (the syncing flag, a reload from storage). */
  const set = (next: Partial<OutboxState>, persist = true) => {
    state = { ...state, ...next };
    if (persist) save();
    for (const l of listeners) l();
  };
  const emit = (e: OutboxEvent) => {
    for (const l of eventListeners) l(e);
  };

  async function run() {
    set({ syncing: true }, false);
    try {
      while (state.pending.length > 0) {
        if (!opts.isOnline()) break;
        const item = state.pending[0]!;
        let outcome: SendOutcome;
        try {
          outcome = await opts.send(item);
        } catch (err) {
          outcome = outcomeOfError(err);
        }
        const rest = state.pending.filter((i) => i.id !== item.id);
        if (outcome.kind === 'ok') {
          set({ pending: rest });
          emit({ type: 'sent', item, response: outcome.response });
        } else if (outcome.kind === 'rejected') {
          const at = now().toISOString();
          const rejected: RejectedItem = { ...item, attempts: item.attempts + 1, status: outcome.status, error: outcome.message, fields: outcome.fields, rejectedAt: at };
          set({ pending: rest, rejected: [...state.rejected.filter((r) => r.id !== item.id), rejected], drafts: restoreDraft(state.drafts, item, at) });
          emit({ type: 'rejected', item: rejected });
        } else {
          const waiting = { ...item, attempts: item.attempts + 1, lastError: outcome.message };
          set({ pending: state.pending.map((i) => (i.id === item.id ? waiting : i)) });
          emit({ type: 'retry', item: waiting });
          break;
        }
      }
    } finally {
      set({ syncing: false }, false);
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    enqueue(body, meta) {
      const item: OutboxItem = { id: opts.newId(), body, meta, queuedAt: now().toISOString(), attempts: 0, lastError: null };
      set({ pending: [...state.pending, item] });
      return item;
    },
    flush() {
      flushing ??= run().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    setDraft(id, draft) {
      const drafts = { ...state.drafts };
      if (draft && (Object.keys(draft.marks).length > 0 || draft.reason)) drafts[id] = draft;
      else delete drafts[id];
      set({ drafts });
    },
    dismiss(id) {
      set({ rejected: state.rejected.filter((r) => r.id !== id) });
    },
    reload() {
      set({ ...read(opts.storage, opts.key) }, false);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The browser's outbox.

const STORAGE_PREFIX = 'edufam.attendance.outbox.';

/** Memory storage where localStorage is unavailable (private mode, blocked storage). */
function memoryStorage(): KeyValueStorage {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

function browserStorage(): KeyValueStorage {
  try {
    const s = window.localStorage;
    s.getItem(STORAGE_PREFIX);
    return s;
  } catch {
    return memoryStorage();
  }
}

/** Sends one queued save: PUT /api/attendance/registers with Idempotency-Key = item.id. */
export async function sendRegisterSave(item: OutboxItem): Promise<SendOutcome> {
  try {
    return { kind: 'ok', response: await putRegister(item.body, item.id) };
  } catch (err) {
    return outcomeOfError(err);
  }
}

const outboxes = new Map<string, Outbox>();

/**
 * The signed-in user's outbox (one per user and page, shared by every editor on it). Other tabs' changes
 * arrive through the `storage` event.
 */
export function browserOutbox(userId: string): Outbox {
  let box = outboxes.get(userId);
  if (!box) {
    const key = STORAGE_PREFIX + userId;
    const created = createOutbox({
      storage: browserStorage(),
      key,
      send: sendRegisterSave,
      isOnline: () => navigator.onLine !== false,
      newId: () => crypto.randomUUID(),
    });
    window.addEventListener('storage', (e) => {
      if (e.key === key) created.reload();
    });
    outboxes.set(userId, created);
    box = created;
  }
  return box;
}
