import * as React from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { dayLabel } from '@shared/attendance-calendar';
import { attendanceRegisterScreens as m } from '@shared/messages/attendance-register-screens';
import { useAuth } from '@/lib/auth';
import { ATTENDANCE_KEY, registerKey } from '../api/registers';
import { browserOutbox, type Outbox, type OutboxEvent, type OutboxState } from './outbox';
import { formatClock } from '@/lib/format';

/** How often waiting saves are retried while the page is open (besides the browser's `online` event). */
export const OUTBOX_RETRY_MS = 20_000;

const EMPTY: OutboxState = { pending: [], rejected: [], drafts: {}, syncing: false };
const noop = () => () => {};

/** The signed-in user's outbox and its state (re-renders on every change); null box before sign-in. */
export function useOutbox(): { box: Outbox | null; state: OutboxState } {
  const { state: auth } = useAuth();
  const userId = auth.user?.id ?? null;
  const box = React.useMemo(() => (userId ? browserOutbox(userId) : null), [userId]);
  const state = React.useSyncExternalStore(box ? box.subscribe : noop, box ? box.getState : () => EMPTY);
  return { box, state };
}

/** navigator.onLine, live (one hook for the app: src/web/pwa/use-online.ts). */
export { useOnline } from '@/pwa/use-online';

/** What a sync does with the server's answers: refresh the screens, say what was saved or refused. */
function handleEvent(qc: QueryClient, e: OutboxEvent) {
  const day = dayLabel(e.item.meta.date);
  if (e.type === 'sent') {
    const b = e.item.body;
    qc.setQueryData(registerKey({ classId: b.classId, date: b.date, session: b.session ?? 'day', subjectId: b.subjectId ?? null }), e.response);
    void qc.invalidateQueries({ queryKey: ATTENDANCE_KEY });
    const parts = [m.editor.savedAt(formatClock(new Date()))];
    if (e.response.alerted > 0) parts.push(m.editor.alerted(e.response.alerted));
    // Sent at once, or synced later (it waited offline or failed before).
    const later = e.item.attempts > 0 || Date.now() - Date.parse(e.item.queuedAt) > 5_000;
    toast.success(later ? m.outbox.synced(e.item.meta.className, day) : m.editor.savedToast(e.item.meta.className, day), { description: parts.join(' · ') });
  } else if (e.type === 'rejected') {
    toast.error(m.outbox.rejected(e.item.meta.className, day), { description: e.item.error });
  }
}

interface Attached {
  count: number;
  detach: () => void;
}
const attached = new WeakMap<Outbox, Attached>();

/**
 * Keeps the outbox flowing while a register screen is open: sends at once, again whenever the browser
 * comes back online, and every OUTBOX_RETRY_MS while anything waits. Mounted by every RegisterEditor;
 * however many are on the page, one set of listeners runs per outbox (so one toast per answer).
 */
export function useOutboxSync(box: Outbox | null) {
  const qc = useQueryClient();
  React.useEffect(() => {
    if (!box) return;
    let entry = attached.get(box);
    if (!entry) {
      const flush = () => void box.flush();
      const off = box.onEvent((e) => handleEvent(qc, e));
      window.addEventListener('online', flush);
      const timer = window.setInterval(() => {
        if (box.getState().pending.length > 0) flush();
      }, OUTBOX_RETRY_MS);
      flush();
      entry = {
        count: 0,
        detach: () => {
          off();
          window.removeEventListener('online', flush);
          window.clearInterval(timer);
        },
      };
      attached.set(box, entry);
    }
    entry.count++;
    const mine = entry;
    return () => {
      mine.count--;
      if (mine.count === 0) {
        mine.detach();
        attached.delete(box);
      }
    };
  }, [box, qc]);
}
