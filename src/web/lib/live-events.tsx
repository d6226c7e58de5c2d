import * as React from 'react';
import { LIVE_EVENT_TYPES, type LiveEventType } from '@shared/contracts/events';
import { useAuth } from '@/lib/auth';

type Handler = (data: unknown) => void;

/**
 * One EventSource per tab on GET /api/events (issue 3 §7), opened while someone is signed in and
 * reopened when the user changes. Screens listen with useLiveEvent; events only say what changed, so
 * handlers typically invalidate a query. The browser reconnects by itself after a drop; screens keep
 * their own polling (spec §9) as the fallback.
 */
const handlers = new Map<LiveEventType, Set<Handler>>();

function dispatch(type: LiveEventType, raw: string) {
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  for (const h of [...(handlers.get(type) ?? [])]) h(data);
}

/** Mount once inside AuthProvider. */
export function LiveEventsConnection() {
  const { state } = useAuth();
  const userId = state.user?.id ?? null;
  React.useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    const listeners = LIVE_EVENT_TYPES.map((type) => {
      const listener = (e: MessageEvent<string>) => dispatch(type, e.data);
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
    };
  }, [userId]);
  return null;
}

/** Calls `handler(data)` for every live event of `type` while the component is mounted. */
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
