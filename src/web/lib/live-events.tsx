import * as React from 'react';
import { LIVE_EVENT_TYPES, type LiveEventType } from '@shared/contracts/events';
import { useAuth } from '@/lib/auth';

type Handler = (data: unknown) => void;

/**
 * One EventSource per tab on GET /api/events (issue 3 §7), opened while someone is signed in and
 * reopened when the user changes. Screens listen with useLiveEvent; events only say what changed, so
 * handlers typically invalidate a query. The browser reconnects by itself after a network drop (the
 * server suggests 3–7 s); when the server refuses the stream (401 after a revoked session, 503 from a
 * proxy) EventSource gives up, so this reopens it with backoff (5 s doubling to 60 s) and asks the
 * auth state to refresh (a revoked session then signs the tab out). When the server replaces this
 * tab's stream (`stream.replaced`: the user has more than 5 open) the tab reconnects only when it is
 * shown or focused again, so tabs do not take turns pushing each other out. After any reconnection every
 * handler is called once with `null`, because events sent while disconnected were missed. Screens keep
 * their own polling (spec §9) as the fallback.
 */
const handlers = new Map<LiveEventType, Set<Handler>>();

const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

function dispatch(type: LiveEventType, raw: string | null) {
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  for (const h of [...(handlers.get(type) ?? [])]) {
    try {
      h(data);
    } catch (err) {
      // One screen's broken handler must not keep the others from refreshing.
      console.error(`live event handler for ${type} failed`, err);
    }
  }
}

/** Mount once inside AuthProvider. */
export function LiveEventsConnection() {
  const { state, refresh } = useAuth();
  const userId = state.user?.id ?? null;
  const refreshRef = React.useRef(refresh);
  React.useEffect(() => {
    refreshRef.current = refresh;
  });
  React.useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenDelay = REOPEN_MIN_MS;
    let everOpened = false;
    let stopped = false;
    let parked = false;

    const open = () => {
      const es = new EventSource('/api/events', { withCredentials: true });
      source = es;
      for (const type of LIVE_EVENT_TYPES) es.addEventListener(type, (e: MessageEvent<string>) => dispatch(type, e.data));
      es.addEventListener('stream.replaced', () => {
        es.close();
        parked = true;
      });
      es.onopen = () => {
        reopenDelay = REOPEN_MIN_MS;
        // Back after a drop: whatever changed meanwhile was not pushed, so let every screen refetch.
        if (everOpened) for (const type of LIVE_EVENT_TYPES) dispatch(type, null);
        everOpened = true;
      };
      es.onerror = () => {
        if (stopped || es.readyState !== EventSource.CLOSED) return; // CONNECTING: the browser retries itself.
        es.close();
        void refreshRef.current();
        reopenTimer = setTimeout(open, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
      };
    };
    const onVisible = () => {
      if (!parked || stopped || document.visibilityState !== 'visible') return;
      parked = false;
      open();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    open();
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      source?.close();
    };
  }, [userId]);
  return null;
}

/**
 * Calls `handler(data)` for every live event of `type` while the component is mounted (data: the
 * event's JSON, see shared/contracts/events.ts), and with `null` after the stream reconnected.
 */
export function useLiveEvent(type: LiveEventType, handler: Handler): void {
  const ref = React.useRef(handler);
  React.useEffect(() => {
    ref.current = handler;
  });
  React.useEffect(() => {
    const h: Handler = (data) => ref.current(data);
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(h);
    return () => {
      set.delete(h);
    };
  }, [type]);
}
