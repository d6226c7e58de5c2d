import type { LiveAudience, LiveEventType } from '../../shared/contracts/events.js';
import { isAdminRole } from '../../shared/roles.js';

/** One live event as published by a module (see shared/contracts/events.ts). */
export interface LiveEvent {
  type: LiveEventType;
  audience: LiveAudience;
  data: Record<string, unknown>;
}

/**
 * Fan-out of live events to the SSE connections of this instance and, on PostgreSQL, of every other
 * instance on the same database (LISTEN/NOTIFY). Modules call `publish` *after* their transaction
 * commits; delivery is best effort (clients also poll), so publish never throws into a request.
 */
export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  /** Registers a listener for every event delivered to this instance; returns the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * Resolves once events published anywhere reach this instance's subscribers (on PostgreSQL: the
   * LISTEN connection is up). Rejects when that does not happen within `timeoutMs` (default 10 s).
   * Optional: an in-process bus is always ready.
   */
  ready?(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The receiver of an event, as far as audience matching is concerned. */
export interface LiveReceiver {
  id: string;
  role: string | null;
  schoolId: string | null;
}

/** True when `receiver` is in `audience` (rules in shared/contracts/events.ts LiveAudience). */
export function inAudience(audience: LiveAudience, receiver: LiveReceiver): boolean {
  if (audience.roles && !(receiver.role && audience.roles.includes(receiver.role))) return false;
  if (audience.userIds && !audience.userIds.includes(receiver.id)) return false;
  if (audience.schoolIds) {
    const admin = isAdminRole(receiver.role);
    if (admin) return audience.includeAdmins === true;
    if (!receiver.schoolId || !audience.schoolIds.includes(receiver.schoolId)) return false;
  }
  return true;
}

/** In-process bus: PGlite (one process owns the database) and tests. */
export function createLocalEventBus(): EventBus {
  const listeners = new Set<(event: LiveEvent) => void>();
  return {
    async publish(event) {
      for (const l of [...listeners]) {
        try {
          l(event);
        } catch {
          // A broken listener (closed socket) must not stop delivery to the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async ready() {},
    async close() {
      listeners.clear();
    },
  };
}
