import * as React from 'react';
import type { ConversationAttachment } from '@shared/contracts/conversations';

/**
 * Messages the user sent that the server has not confirmed yet (optimistic sending, issue 17 §2 "a
 * message is never lost"). Each keeps the Idempotency-Key it was first sent with, so "Retry" sends the
 * same key and the server stores the message once however often it is retried. Kept for the page's
 * life, per conversation, so switching conversations does not drop a failed message.
 */
export interface PendingMessage {
  key: string;
  conversationId: string;
  body: string;
  attachments: ConversationAttachment[];
  status: 'sending' | 'failed';
  error?: string;
  /** When it was first sent (ms), to hide it once the server's copy shows up in the thread. */
  startedAt: number;
}

let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const pendingStore = {
  add(p: PendingMessage) {
    pending = [...pending, p];
    emit();
  },
  update(key: string, patch: Partial<PendingMessage>) {
    pending = pending.map((p) => (p.key === key ? { ...p, ...patch } : p));
    emit();
  },
  remove(key: string) {
    pending = pending.filter((p) => p.key !== key);
    emit();
  },
};

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
  };
}

/** The pending messages of one conversation, oldest first. */
export function usePending(conversationId: string | null): PendingMessage[] {
  const all = React.useSyncExternalStore(subscribe, () => pending);
  return React.useMemo(() => all.filter((p) => p.conversationId === conversationId), [all, conversationId]);
}
