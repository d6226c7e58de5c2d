import * as React from 'react';
import { useAuth } from '@/lib/auth';
import type { MarksSaveOutbox, SheetRef } from '../api/grades';
import { afterAnswer, batchFor, draftOf, marksDraftKey, readMarksDraft, writeMarksDraft, type KeyValueStorage, type MarksBatch } from './marks-outbox';

/** Memory storage where localStorage is unavailable (private mode, blocked storage): kept for the page's life. */
function memoryStorage(): KeyValueStorage {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
}

/** localStorage (durable: it survives a reload), or memory storage where it is unavailable. */
function browserStorage(): { storage: KeyValueStorage; durable: boolean } {
  try {
    const s = window.localStorage;
    s.getItem('edufam.marks.outbox.');
    return { storage: s, durable: true };
  } catch {
    return { storage: memoryStorage(), durable: false };
  }
}

export interface MarksOutboxHandle {
  /** The unsaved rows kept on this device when the grid opened (studentId → input texts), or null. */
  restored: Record<string, string[]> | null;
  /** Keeps the grid's unsaved rows on the device (an empty record forgets them and the pending batch). */
  keep: (unsaved: Record<string, string[]>) => void;
  /** For useMarksAutosave: the Idempotency-Key of each batch, kept with the rows. */
  outbox: MarksSaveOutbox;
  /** Whether the unsaved rows survive a reload (signed in, localStorage available). */
  enabled: boolean;
}

/**
 * The offline outbox of one sheet for the signed-in user (./marks-outbox.ts): what it kept from before
 * (read once, when the grid opens) and how the grid keeps its unsaved rows and batches. Before sign-in
 * (no user id) nothing is kept.
 */
export function useMarksOutbox(sheet: SheetRef): MarksOutboxHandle {
  const { state } = useAuth();
  const userId = state.user?.id ?? null;
  const key = userId ? marksDraftKey(userId, sheet) : null;
  const [{ storage, durable }] = React.useState(browserStorage);
  const [restored] = React.useState(() => (key ? readMarksDraft(storage, key) : null));
  const batch = React.useRef<MarksBatch | null>(restored?.batch ?? null);
  const unsaved = React.useRef<Record<string, string[]>>(restored?.edits ?? {});

  return React.useMemo(() => {
    const persist = () => {
      if (key) writeMarksDraft(storage, key, draftOf(unsaved.current, batch.current, new Date()));
    };
    return {
      restored: restored && Object.keys(restored.edits).length > 0 ? restored.edits : null,
      keep: (rows) => {
        unsaved.current = rows;
        // Nothing waits any more (saved, or already on the server after a reload): no batch to re-send.
        if (Object.keys(rows).length === 0) batch.current = null;
        persist();
      },
      outbox: {
        keyFor: (marks, reason) => {
          batch.current = batchFor(batch.current, marks, reason, () => crypto.randomUUID(), new Date());
          persist();
          return batch.current.id;
        },
        answered: (id) => {
          batch.current = afterAnswer(batch.current, id);
          persist();
        },
      },
      enabled: !!key && durable,
    };
  }, [key, storage, durable, restored]);
}
