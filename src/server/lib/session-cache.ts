import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { awaitEcho, createPostgresEventBus, type BusLogger } from '../events/pg-bus.js';
import { type SessionUser } from '../../shared/contracts/session.js';
import type { ReadCache } from './read-cache.js';

/** PostgreSQL channel of drizzle/0023_session_changes.sql: 'session:<id>', 'user:<id>', 'school:<id>'. */
export const SESSIONS_CHANNEL = 'edufam_sessions';

/** How long a resolved session is served from memory at most (also bounded by the session's expiry). */
export const SESSION_CACHE_TTL_MS = 30_000;

/** Entries kept before the cache is emptied (one per live session of this instance). */
const MAX_ENTRIES = 50_000;

/** Longest wait of a barrier for its own notification (ms); after it the request answers anyway. */
const BARRIER_TIMEOUT_MS = 2_000;

/**
 * The session cookie's value (`<token>.<signature>`, as sent), or null. better-auth names it
 * `edufam.session_token`, with the `__Secure-` prefix on HTTPS (better-auth.ts cookiePrefix).
 */
export function sessionCookieOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const m = /(?:^|;\s*)(?:__Secure-)?edufam\.session_token=([^;]+)/.exec(cookieHeader);
  return m?.[1] ?? null;
}

interface Entry {
  user: SessionUser;
  userId: string;
  schoolId: string | null;
  sessionId: string;
  /** Epoch ms after which the entry is not served. */
  until: number;
}

/**
 * Issue 19: resolved sessions, kept in memory so a signed-in request needs no database round trip to
 * know who is calling.
 *
 * Safety:
 * - Keyed by the exact signed cookie value; an entry is only ever stored after better-auth verified
 *   that cookie's signature and found the session live (auth.service.ts resolveSession), so a forged
 *   or altered cookie never matches.
 * - Served for at most SESSION_CACHE_TTL_MS and never past the session's expiry.
 * - Invalidated through PostgreSQL LISTEN/NOTIFY: triggers on sessions, users, profiles and schools
 *   (drizzle/0023_session_changes.sql) notify every instance at commit, so signing out, ending a
 *   session, deactivating a user, changing a role or closing a school takes effect everywhere at once.
 *   While the LISTEN connection is down (or before it is up) the cache is bypassed and emptied.
 * - A read that started before an invalidation is not stored (generation check), so a stale profile
 *   read cannot outlive the change that made it stale.
 * - `barrier()` resolves once every notification committed before the call has reached this instance;
 *   the access gate awaits it before answering a write request (plugins/access.ts), so the instance
 *   that made a change never serves the old session afterwards.
 * On PGlite (one process) notifications are delivered synchronously at commit, so no barrier is needed.
 */
export interface SessionCache {
  /** The cached user of this cookie (a shallow copy), or null. */
  get(cookie: string): SessionUser | null;
  /** The current generation: pass it to `set` so a read that raced an invalidation is dropped. */
  generation(): number;
  set(cookie: string, user: SessionUser, sessionExpiresAt: Date, generation: number): void;
  /** Is the cache serving (its invalidation feed is up)? */
  live(): boolean;
  size(): number;
  barrier(): Promise<void>;
  /** Backend pid of the PostgreSQL LISTEN connection (tests, diagnostics); null on PGlite or while down. */
  listenerPid(): number | null;
  close(): Promise<void>;
}

/** The cache alone, without a feed (tests and createSessionCache). It serves only while `setLive(true)`. */
export function createMemorySessionCache(opts: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const byCookie = new Map<string, Entry>();
  let gen = 0;
  let isLive = false;

  function drop(match: (e: Entry) => boolean) {
    for (const [k, e] of byCookie) if (match(e)) byCookie.delete(k);
  }

  return {
    get(cookie: string): SessionUser | null {
      if (!isLive) return null;
      const e = byCookie.get(cookie);
      if (!e) return null;
      if (now() >= e.until) {
        byCookie.delete(cookie);
        return null;
      }
      return { ...e.user };
    },
    generation: () => gen,
    set(cookie: string, user: SessionUser, sessionExpiresAt: Date, generation: number) {
      if (!isLive || generation !== gen || !user.sessionId) return;
      if (byCookie.size >= MAX_ENTRIES) byCookie.clear();
      const until = Math.min(now() + ttl, sessionExpiresAt.getTime());
      byCookie.set(cookie, { user: { ...user }, userId: user.id, schoolId: user.schoolId, sessionId: user.sessionId, until });
    },
    /** Applies one notification payload ('session:…', 'user:…', 'school:…', or anything else: empty all). */
    invalidate(payload: string) {
      gen++;
      if (byCookie.size === 0) return;
      const colon = payload.indexOf(':');
      const kind = payload.slice(0, colon);
      const id = payload.slice(colon + 1);
      if (kind === 'session') drop((e) => e.sessionId === id);
      else if (kind === 'user') drop((e) => e.userId === id);
      else if (kind === 'school') drop((e) => e.schoolId === id);
      else byCookie.clear();
    },
    setLive(up: boolean) {
      gen++;
      byCookie.clear();
      isLive = up;
    },
    live: () => isLive,
    size: () => byCookie.size,
  };
}

/**
 * The session cache of one instance, fed by its database: on PostgreSQL a dedicated LISTEN connection
 * on SESSIONS_CHANNEL (reconnected with backoff by events/pg-bus.ts; the cache is bypassed while it is
 * down), on PGlite `pglite.listen`. SESSION_CACHE=off (config) gives a cache that never serves.
 * Invalidation scans the entries (at most MAX_ENTRIES), which costs microseconds per notification.
 */
export function createSessionCache(database: Database, opts: { enabled?: boolean; log?: BusLogger; readCache?: ReadCache } = {}): SessionCache {
  const mem = createMemorySessionCache();
  const reads = opts.readCache;
  const echoes = new Map<string, () => void>();
  const onPayload = (payload: string) => {
    if (payload.startsWith('sync:')) {
      echoes.get(payload.slice(5))?.();
      return;
    }
    // Issue 37: the same feed drops parents' cached answers (read-cache.ts); its barrier covers both.
    if (payload.startsWith('read:')) {
      reads?.invalidateRead(payload.slice(5));
      return;
    }
    mem.invalidate(payload);
    reads?.invalidateOwner(payload);
  };
  // SESSION_CACHE=off keeps sessions out of memory; the feed still runs when parents' answers are cached.
  const setLive = (up: boolean) => {
    mem.setLive(up && opts.enabled !== false);
    reads?.setLive(up);
  };
  let close: () => Promise<void> = async () => undefined;
  let barrier: () => Promise<void> = async () => undefined;
  let listenerPid: () => number | null = () => null;

  if (opts.enabled === false && !reads) {
    // Never live: every request resolves its session from the database, as before issue 19.
  } else if (database.kind === 'postgres' && database.pool) {
    const pool = database.pool;
    const feed = createPostgresEventBus(pool, { log: opts.log, channel: SESSIONS_CHANNEL, onPayload, onState: setLive });
    void feed.ready(30_000).catch(() => undefined);
    close = () => feed.close();
    listenerPid = () => feed.listenerPid();
    barrier = async () => {
      if (!mem.live() && !reads?.live()) return;
      const nonce = randomUUID();
      const arrived = awaitEcho(echoes, nonce, BARRIER_TIMEOUT_MS);
      try {
        // Notifications reach a listener in commit order: once this one is back, every change committed
        // before it has been applied here.
        await pool.query('select pg_notify($1, $2)', [SESSIONS_CHANNEL, `sync:${nonce}`]);
        await arrived;
      } catch {
        // The feed dropped the cache if its connection failed; nothing else to wait for.
        echoes.get(nonce)?.();
      }
    };
  } else if (database.pglite) {
    let unlisten: (() => Promise<void>) | null = null;
    // If LISTEN fails the cache simply never serves (every request reads its session).
    void database.pglite.listen(SESSIONS_CHANNEL, onPayload).then(
      (u) => {
        unlisten = u;
        setLive(true);
      },
      (err: unknown) => opts.log?.warn({ err }, 'session cache: LISTEN failed; sessions are read on every request'),
    );
    close = async () => {
      setLive(false);
      await unlisten?.().catch(() => undefined);
    };
  }

  return {
    get: mem.get,
    generation: mem.generation,
    set: mem.set,
    live: mem.live,
    size: mem.size,
    barrier,
    listenerPid: () => listenerPid(),
    close,
  };
}
