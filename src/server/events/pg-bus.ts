import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LIVE_EVENT_TYPES, type LiveAudience, type LiveEventType } from '../../shared/contracts/events.js';
import type { EventBus, LiveEvent } from './bus.js';

/** The PostgreSQL channel every EduFam instance on one database LISTENs on. */
export const EVENTS_CHANNEL = 'edufam_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (UTF-8). */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

/** Version of the NOTIFY wire format; other versions (a newer instance mid-deploy) are ignored. */
const WIRE_VERSION = 1;

/** What the bus writes to its log: pino's shape (app.log) or anything like it. */
export interface BusLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const silentLogger: BusLogger = { warn: () => undefined, info: () => undefined };

export interface PostgresEventBusOptions {
  log?: BusLogger;
  /** First reconnect delay after the LISTEN connection drops (ms, default 250); doubles per failure. */
  minBackoffMs?: number;
  /** Longest reconnect delay (ms, default 10 000). */
  maxBackoffMs?: number;
  /** How often the LISTEN connection is pinged to notice a silently dead socket (ms, default 30 000). */
  pingIntervalMs?: number;
  /** Longest wait of `publish` for its own NOTIFY to come back to this instance (ms, default 2000). */
  echoTimeoutMs?: number;
  /**
   * Issue 19: LISTEN on another channel with raw payloads (the session cache's edufam_sessions feed,
   * modules/auth/session-cache.ts). With `onPayload` set, notifications are handed over as they come
   * and never decoded as live events.
   */
  channel?: string;
  onPayload?: (payload: string) => void;
  /** Called with true when the LISTEN connection is up, false when it dropped (notifications may be missed). */
  onState?: (up: boolean) => void;
}

/** The PostgreSQL bus, plus what tests and diagnostics need to see. */
export interface PostgresEventBus extends EventBus {
  ready(timeoutMs?: number): Promise<void>;
  /** Backend pid of the LISTEN connection, or null while it is down (or not yet started). */
  listenerPid(): number | null;
}

/**
 * The live-event bus on PostgreSQL (issue 3 §7): every instance on one database sees every event.
 *
 * - Receiving: one DEDICATED connection (not from the pool, which would hand it to queries and drop the
 *   LISTEN) runs `LISTEN edufam_events`; each NOTIFY is parsed and handed to this instance's
 *   subscribers. It starts on the first `subscribe`/`ready` call, so an instance without SSE clients
 *   holds no extra connection. When it drops (server restart, network, pg_terminate_backend) it is
 *   reopened with exponential backoff (250 ms … 10 s); events published while it is down are missed,
 *   which is acceptable because screens also poll.
 * - Publishing: `select pg_notify('edufam_events', <json>)` on the pool, AFTER the caller's transaction
 *   committed. Publishing never delivers locally: this instance gets its own event back through its
 *   LISTEN, exactly once; while this instance listens, publish resolves only after that echo arrived
 *   (at most 2 s), so, as with the in-process bus, the caller's own subscribers have seen the event. A payload of 8000 bytes or more is split by `audience.userIds` when that is
 *   what makes it big, otherwise refused with a warning (see encodeNotifyPayloads).
 *   publish never throws: a failure is logged and the event is lost (best effort).
 */
export function createPostgresEventBus(pool: pg.Pool, opts: PostgresEventBusOptions = {}): PostgresEventBus {
  const log = opts.log ?? silentLogger;
  const minBackoff = opts.minBackoffMs ?? 250;
  const maxBackoff = opts.maxBackoffMs ?? 10_000;
  const pingInterval = opts.pingIntervalMs ?? 30_000;
  const echoTimeout = opts.echoTimeoutMs ?? 2000;
  const channel = opts.channel ?? EVENTS_CHANNEL;
  /** publish calls waiting for their own notification, by nonce. */
  const echoes = new Map<string, () => void>();

  const listeners = new Set<(event: LiveEvent) => void>();
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let started = false;
  let closed = false;
  let connecting = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let waiters: { resolve: () => void; reject: (err: Error) => void; timer: NodeJS.Timeout }[] = [];

  function deliver(event: LiveEvent) {
    for (const l of [...listeners]) {
      try {
        l(event);
      } catch (err) {
        log.warn({ err, type: event.type }, 'live event listener failed');
      }
    }
  }

  function onNotification(msg: pg.Notification) {
    if (msg.channel !== channel || !msg.payload) return;
    if (opts.onPayload) {
      opts.onPayload(msg.payload);
      return;
    }
    const decoded = decodeWire(msg.payload);
    if (!decoded) {
      log.warn({ bytes: Buffer.byteLength(msg.payload) }, 'ignored an unreadable live event notification');
      return;
    }
    deliver(decoded.event);
    if (decoded.nonce) echoes.get(decoded.nonce)?.();
  }

  /** Resolves when the notification with `nonce` was delivered here, or after echoTimeout. */
  const echoOf = (nonce: string) => awaitEcho(echoes, nonce, echoTimeout);

  function settleWaiters(err?: Error) {
    const list = waiters;
    waiters = [];
    for (const w of list) {
      clearTimeout(w.timer);
      if (err) w.reject(err);
      else w.resolve();
    }
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const base = Math.min(maxBackoff, minBackoff * 2 ** Math.min(failures, 16));
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    failures++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  /** Forgets a LISTEN connection that failed or ended, and schedules a new one. */
  function drop(c: pg.Client, reason: string, err?: unknown) {
    if (client !== c) return;
    client = null;
    pid = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    c.removeListener('notification', onNotification);
    c.end().catch(() => undefined);
    opts.onState?.(false);
    if (!closed) {
      log.warn({ err, reason }, 'live events: LISTEN connection lost, reconnecting');
      scheduleReconnect();
    }
  }

  async function connect() {
    if (closed || connecting || client) return;
    connecting = true;
    // Same server, credentials and SSL as the pool; a Client ignores the pool-only settings.
    const c = new pg.Client({ ...pool.options, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    c.on('error', (err) => drop(c, 'error', err));
    c.on('end', () => drop(c, 'end'));
    c.on('notification', onNotification);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      const res = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      pid = res.rows[0]?.pid ?? null;
      if (failures > 0) log.info({ attempts: failures }, 'live events: LISTEN connection restored');
      failures = 0;
      pingTimer = setInterval(() => void ping(c), pingInterval);
      pingTimer.unref();
      opts.onState?.(true);
      settleWaiters();
    } catch (err) {
      c.removeListener('notification', onNotification);
      c.end().catch(() => undefined);
      if (!closed) {
        log.warn({ err, attempt: failures + 1 }, 'live events: could not LISTEN, retrying');
        scheduleReconnect();
      }
    } finally {
      connecting = false;
    }
  }

  /** A dead socket may not say so for hours; a failing or hanging ping replaces the connection. */
  async function ping(c: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('LISTEN connection ping timed out')), 10_000);
      timer.unref();
    });
    try {
      await Promise.race([c.query('select 1'), timeout]);
    } catch (err) {
      drop(c, 'ping', err);
    } finally {
      clearTimeout(timer);
    }
  }

  function ready(timeoutMs = 10_000): Promise<void> {
    if (closed) return Promise.reject(new Error('live event bus is closed'));
    start();
    if (client) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((w) => w.timer !== timer);
        reject(new Error(`live events: LISTEN not established within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      waiters.push({ resolve, reject, timer });
    });
  }

  function start() {
    if (started || closed) return;
    started = true;
    void connect();
  }

  return {
    async publish(event) {
      if (closed) return;
      // When this instance listens, publish resolves only after its own subscribers got the event back
      // (as with the in-process bus), so a caller can rely on its local caches being refreshed.
      const listening = started;
      if (listening) await ready(5000).catch(() => undefined);
      const nonce = listening && client ? randomUUID() : undefined;
      const { payloads, refused } = encodeNotifyPayloads(event, nonce);
      if (refused) {
        log.warn({ type: event.type, bytes: refused.bytes }, `live event not sent: ${refused.reason}`);
      } else if (payloads.length > 1) {
        log.warn({ type: event.type, parts: payloads.length }, 'live event audience too large for one NOTIFY: sent in parts');
      }
      for (const [i, payload] of payloads.entries()) {
        const echo = nonce ? echoOf(`${nonce}:${i}`) : null;
        try {
          await pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
          await echo;
        } catch (err) {
          log.warn({ err, type: event.type }, 'live event could not be published');
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
      };
    },
    ready,
    listenerPid: () => pid,
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (pingTimer) clearInterval(pingTimer);
      reconnectTimer = pingTimer = null;
      settleWaiters(new Error('live event bus is closed'));
      for (const done of [...echoes.values()]) done();
      const c = client;
      client = null;
      pid = null;
      opts.onState?.(false);
      if (c) {
        c.removeListener('notification', onNotification);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/**
 * Resolves when `waiting.get(key)` is called (the caller's own notification came back through LISTEN)
 * or after `timeoutMs`, whichever is first; the entry is removed either way. Shared by the live-event
 * bus and the session cache's barrier (modules/auth/session-cache.ts).
 */
export function awaitEcho(waiting: Map<string, () => void>, key: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    function done() {
      clearTimeout(timer);
      waiting.delete(key);
      resolve();
    }
    waiting.set(key, done);
  });
}

interface WireEvent {
  v: number;
  /** `<publish nonce>:<part>`: lets the publishing instance see its own notification come back. */
  n?: string;
  type: LiveEventType;
  audience: LiveAudience;
  data: Record<string, unknown>;
}

function encode(event: LiveEvent, nonce?: string): string {
  const wire: WireEvent = { v: WIRE_VERSION, n: nonce, type: event.type, audience: event.audience, data: event.data };
  return JSON.stringify(wire);
}

/**
 * The NOTIFY payload(s) for an event, each under MAX_NOTIFY_PAYLOAD_BYTES. When `audience.userIds`
 * makes it too big, the user list is split into parts (every listed user is in exactly one part, so
 * nobody receives it twice); when the event is too big for another reason (large data, hundreds of
 * school ids) it is refused: `payloads` is empty and `refused` says why. Events carry ids, not
 * content, so neither happens in practice.
 */
export function encodeNotifyPayloads(
  event: LiveEvent,
  nonce?: string,
): {
  payloads: string[];
  refused: { reason: string; bytes: number } | null;
} {
  const tag = (part: number) => (nonce ? `${nonce}:${part}` : undefined);
  const whole = encode(event, tag(0));
  const bytes = Buffer.byteLength(whole);
  if (bytes <= MAX_NOTIFY_PAYLOAD_BYTES) return { payloads: [whole], refused: null };
  const userIds = event.audience.userIds;
  if (!userIds || userIds.length < 2) {
    return { payloads: [], refused: { reason: `payload is ${bytes} bytes, over the ${MAX_NOTIFY_PAYLOAD_BYTES}-byte NOTIFY limit`, bytes } };
  }
  const payloads: string[] = [];
  const split = (ids: readonly string[]): boolean => {
    const payload = encode({ ...event, audience: { ...event.audience, userIds: ids } }, tag(payloads.length));
    if (Buffer.byteLength(payload) <= MAX_NOTIFY_PAYLOAD_BYTES) {
      payloads.push(payload);
      return true;
    }
    if (ids.length < 2) return false;
    const half = Math.ceil(ids.length / 2);
    return split(ids.slice(0, half)) && split(ids.slice(half));
  };
  if (!split(userIds)) {
    return { payloads: [], refused: { reason: `payload is ${bytes} bytes even for one user, over the NOTIFY limit`, bytes } };
  }
  return { payloads, refused: null };
}

const stringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Parses a NOTIFY payload back into an event; null for anything malformed or of another version. */
export function decodeNotifyPayload(payload: string): LiveEvent | null {
  return decodeWire(payload)?.event ?? null;
}

function decodeWire(payload: string): { event: LiveEvent; nonce: string | null } | null {
  let wire: unknown;
  try {
    wire = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!wire || typeof wire !== 'object') return null;
  const w = wire as Partial<WireEvent>;
  if (w.v !== WIRE_VERSION) return null;
  if (!LIVE_EVENT_TYPES.includes(w.type as LiveEventType)) return null;
  if (!w.data || typeof w.data !== 'object' || Array.isArray(w.data)) return null;
  const a = w.audience;
  if (!a || typeof a !== 'object') return null;
  if (a.roles !== undefined && !stringList(a.roles)) return null;
  if (a.schoolIds !== undefined && !stringList(a.schoolIds)) return null;
  if (a.userIds !== undefined && !stringList(a.userIds)) return null;
  if (a.includeAdmins !== undefined && typeof a.includeAdmins !== 'boolean') return null;
  return { event: { type: w.type as LiveEventType, audience: a, data: w.data }, nonce: typeof w.n === 'string' ? w.n : null };
}
