import { configurationProblem } from '../../../shared/access.js';
import type { LiveEventType } from '../../../shared/contracts/events.js';
import { isSchoolRole } from '../../../shared/roles.js';
import { inAudience, type EventBus, type LiveEvent, type LiveReceiver } from '../../events/bus.js';
import type { LiveSessionState } from './events.repository.js';

/** Heartbeat comment interval (ms): below the 30–60 s idle timeouts of common proxies. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold (tabs, devices); the oldest is closed when a new one exceeds it. */
export const MAX_STREAMS_PER_USER = 5;
/** A client that leaves this much unread output behind is cut off (it reconnects and refetches). */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * Control frame sent to a stream closed because its user opened too many: the browser should not
 * reconnect at once (that would close the next oldest, and so on) but when its tab is used again.
 */
export const STREAM_REPLACED_FRAME = 'event: stream.replaced\ndata: {}\n\n';

/** Where a stream's text goes: the raw http.ServerResponse in production, a fake in unit tests. */
export interface SseSink {
  write(chunk: string): boolean;
  end(): void;
  readonly writableLength: number;
}

/** One open GET /api/events stream. */
export interface LiveStream {
  readonly id: number;
  readonly user: LiveReceiver;
  readonly sessionId: string;
  /** Ends the stream (idempotent); `reason` goes to the debug log. */
  close(reason?: string): void;
}

export interface LiveStreamsOptions {
  bus: EventBus;
  /** The current state of these sessions (events.repository.ts liveSessionStates, in withSystem). */
  loadSessions: (sessionIds: readonly string[]) => Promise<LiveSessionState[]>;
  log?: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void };
  heartbeatMs?: number;
  maxPerUser?: number;
}

/** The live-event streams of one instance (AppDeps.liveStreams). */
export interface LiveStreams {
  /**
   * Subscribes to the bus (once) and waits until it delivers (LISTEN is up on PostgreSQL), so that
   * a client that saw `: connected` misses nothing published afterwards. Never throws: when the bus is
   * not ready in time the stream opens anyway and the failure is logged (screens also poll).
   */
  prepare(): Promise<void>;
  /**
   * Registers a stream whose preamble was already written. Closes the user's oldest stream when they
   * exceed the per-user cap. After closeAll the new stream is ended at once.
   */
  add(user: LiveReceiver, sessionId: string, sink: SseSink): LiveStream;
  /** Open streams on this instance (all users, or one user). */
  count(userId?: string): number;
  /**
   * One heartbeat: ends the streams whose session is gone (signed out, revoked, expired) or whose
   * user was deactivated, lost their role, moved school or whose school was deactivated (one query for
   * all streams), then writes a `: heartbeat` comment to the others. Runs every HEARTBEAT_MS while
   * streams are open; exposed for tests.
   */
  heartbeat(): Promise<void>;
  /** Ends every stream and stops (server shutdown: fastify preClose). */
  closeAll(): void;
}

/** The SSE frame of an event: `event:` is the type, `data:` the JSON of its data (one line). */
export function formatSseEvent(type: LiveEventType, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Why a stream may no longer receive events, or null when it may (mirrors the access gate). */
export function streamEndReason(user: LiveReceiver, state: LiveSessionState | undefined): string | null {
  if (!state) return 'session ended';
  if (state.userId !== user.id) return 'session belongs to another user';
  if (state.status !== 'active') return 'account deactivated';
  if (configurationProblem(state.role, state.schoolId)) return 'account not configured';
  if (state.role !== user.role || state.schoolId !== user.schoolId) return 'role or school changed';
  if (isSchoolRole(state.role) && state.schoolStatus !== 'active') return 'school deactivated';
  return null;
}

/**
 * The fan-out of live events to this instance's SSE streams (issue 3 §7): one bus subscription for
 * all streams, each event filtered with inAudience against the stream's user, a per-user cap, a
 * heartbeat that also re-checks sessions in one batched query, and cleanup on close.
 */
export function createLiveStreams(opts: LiveStreamsOptions): LiveStreams {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const maxPerUser = opts.maxPerUser ?? MAX_STREAMS_PER_USER;
  const log = opts.log;

  interface Entry extends LiveStream {
    sink: SseSink;
  }
  const streams = new Set<Entry>();
  const byUser = new Map<string, Set<Entry>>();
  let nextId = 1;
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;
  let closed = false;

  function write(entry: Entry, text: string) {
    try {
      entry.sink.write(text);
    } catch (err) {
      entry.close('write failed');
      log?.debug({ err }, 'live events: write failed');
      return;
    }
    if (entry.sink.writableLength > MAX_BUFFERED_BYTES) entry.close('client not reading');
  }

  function onEvent(event: LiveEvent) {
    if (streams.size === 0) return;
    let frame: string | null = null;
    for (const entry of [...streams]) {
      if (!inAudience(event.audience, entry.user)) continue;
      frame ??= formatSseEvent(event.type, event.data);
      write(entry, frame);
    }
  }

  function remove(entry: Entry) {
    if (!streams.delete(entry)) return false;
    const mine = byUser.get(entry.user.id);
    mine?.delete(entry);
    if (mine && mine.size === 0) byUser.delete(entry.user.id);
    if (streams.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
    return true;
  }

  async function beat() {
    const list = [...streams];
    if (list.length === 0) return;
    let states: Map<string, LiveSessionState> | null = null;
    try {
      const ids = [...new Set(list.map((e) => e.sessionId))];
      const rows: LiveSessionState[] = [];
      for (let i = 0; i < ids.length; i += 1000) rows.push(...(await opts.loadSessions(ids.slice(i, i + 1000))));
      states = new Map(rows.map((r) => [r.sessionId, r]));
    } catch (err) {
      // A database hiccup must not disconnect everybody: keep the streams, check again next beat.
      log?.warn({ err }, 'live events: session re-check failed');
    }
    for (const entry of list) {
      if (!streams.has(entry)) continue;
      const reason = states ? streamEndReason(entry.user, states.get(entry.sessionId)) : null;
      if (reason) entry.close(reason);
      else write(entry, ': heartbeat\n\n');
    }
  }

  const api: LiveStreams = {
    async prepare() {
      if (closed) return;
      unsubscribe ??= opts.bus.subscribe(onEvent);
      try {
        await opts.bus.ready?.();
      } catch (err) {
        log?.warn({ err }, 'live events: bus not ready, opening the stream anyway');
      }
    },

    add(user, sessionId, sink) {
      const entry: Entry = {
        id: nextId++,
        user: { id: user.id, role: user.role, schoolId: user.schoolId },
        sessionId,
        sink,
        close(reason = 'closed') {
          if (!remove(entry)) return;
          log?.debug({ streamId: entry.id, userId: entry.user.id, reason }, 'live events: stream closed');
          try {
            sink.end();
          } catch {
            // Already gone.
          }
        },
      };
      if (closed) {
        sink.end();
        return entry;
      }
      unsubscribe ??= opts.bus.subscribe(onEvent);
      let mine = byUser.get(user.id);
      if (!mine) byUser.set(user.id, (mine = new Set()));
      while (mine.size >= maxPerUser) {
        const oldest = mine.values().next().value;
        if (!oldest) break;
        write(oldest, STREAM_REPLACED_FRAME);
        oldest.close('too many streams for this user');
      }
      mine.add(entry);
      streams.add(entry);
      if (!timer) {
        timer = setInterval(() => void api.heartbeat(), heartbeatMs);
        timer.unref();
      }
      return entry;
    },

    count(userId) {
      return userId === undefined ? streams.size : (byUser.get(userId)?.size ?? 0);
    },

    heartbeat() {
      // One beat at a time: a slow session query must not pile up behind the interval.
      beating ??= beat().finally(() => {
        beating = null;
      });
      return beating;
    },

    closeAll() {
      closed = true;
      for (const entry of [...streams]) entry.close('server shutting down');
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
    },
  };
  return api;
}
