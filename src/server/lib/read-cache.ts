import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLocale } from './request-locale.js';

/**
 * Issue 37 §1 (results day): what thousands of parents read at once — their children's released
 * results, fee balances and their dashboard — answered from memory, as the session check is
 * (session-cache.ts).
 *
 * What is kept: the exact JSON the route answered (the serialized body of a 200), per reader, kind
 * and language, for at most READ_CACHE_TTL_MS. A hit is sent as is: no database round trip, no
 * serialization.
 *
 * When it is dropped (decision 0033): drizzle/0037_results_day.sql puts statement-level triggers on
 * every table these answers read; at commit they notify 'read:<kind>:<schoolId>' on the session
 * channel (one notification per school and statement), which every instance LISTENs on through the
 * session cache's feed, so a payment, a released exam or a renamed learner empties that school's
 * entries of that kind on every instance. 'school:<id>' and 'user:<id>' (the session triggers) drop a
 * school's or a reader's entries; anything else empties the cache. While the feed is down the cache
 * neither serves nor keeps. A read that started before a notification arrived is not kept
 * (generation check), and a write answered by this instance waits for the feed's barrier first
 * (plugins/access.ts), so the parent who has just paid never reads the old balance here.
 *
 * Marks are not watched: a released series' marks cannot change (marks.service.ts answers 409
 * EXAM_RELEASED), and unreleased marks are not shown to parents. Tables an answer reads only for
 * labels (a teacher's name, a grading scale's words) are bounded by the time limit instead.
 */

/** What a cached answer is: a parent's results page, fee page or dashboard, or the platform admins' dashboard. */
export type ReadKind = 'grades' | 'fees' | 'dashboard';

/** How long a kept answer is served at most (the bound for tables no trigger watches). */
export const READ_CACHE_TTL_MS = 60_000;

/**
 * Answers kept before the cache is emptied. A parent's results answer is ~5 KB (two children, three
 * series), so 20,000 entries are ~100 MB at most.
 */
const MAX_ENTRIES = 20_000;

interface Entry {
  body: string;
  kind: ReadKind;
  /** The school the answer is of; PLATFORM for an answer over every school (dropped by any school's change). */
  schoolId: string;
  userId: string;
  until: number;
}

/** The school id of an answer over every school (the platform admins' dashboard). */
export const PLATFORM = '*';

export interface ReadCache {
  /** The kept body of `key`, or null. */
  get(key: string): string | null;
  /** The current generation: pass it to `set` so an answer read before a notification is dropped. */
  generation(): number;
  /** Keeps `entry` for the cache's time limit, or `ttlMs` when shorter. */
  set(key: string, entry: Omit<Entry, 'until'>, generation: number, ttlMs?: number): void;
  /** A 'read:' payload without the prefix: '<kind>:<schoolId>' ('' school id: every school). */
  invalidateRead(payload: string): void;
  /** A session-channel payload: 'school:<id>', 'user:<id>', 'session:<id>' (ignored) or anything else (empty all). */
  invalidateOwner(payload: string): void;
  setLive(up: boolean): void;
  live(): boolean;
  size(): number;
  /** Counts one read of `kind`: answered from memory (hit), read and kept (miss), or read with the cache off or down (bypass). */
  record(kind: ReadKind, outcome: ReadOutcome): void;
  /** Every non-zero count so far (GET /metrics: edufam_read_cache_total). */
  counts(): { kind: ReadKind; outcome: ReadOutcome; count: number }[];
}

/** What happened to one cacheable read. */
export type ReadOutcome = 'hit' | 'miss' | 'bypass';

/** The cache alone (tests, and the feed in session-cache.ts drives it). It serves only while live. */
export function createReadCache(opts: { ttlMs?: number; now?: () => number; enabled?: boolean } = {}): ReadCache {
  const ttl = opts.ttlMs ?? READ_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  const enabled = opts.enabled ?? true;
  const entries = new Map<string, Entry>();
  const tally = new Map<string, number>();
  let gen = 0;
  let isLive = false;

  function drop(match: (e: Entry) => boolean) {
    gen++;
    for (const [k, e] of entries) if (match(e)) entries.delete(k);
  }

  return {
    get(key) {
      if (!isLive) return null;
      const e = entries.get(key);
      if (!e) return null;
      if (now() >= e.until) {
        entries.delete(key);
        return null;
      }
      return e.body;
    },
    generation: () => gen,
    set(key, entry, generation, ttlMs) {
      if (!isLive || generation !== gen) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { ...entry, until: now() + Math.min(ttl, ttlMs ?? ttl) });
    },
    invalidateRead(payload) {
      const colon = payload.indexOf(':');
      const kind = colon < 0 ? payload : payload.slice(0, colon);
      const schoolId = colon < 0 ? '' : payload.slice(colon + 1);
      drop((e) => (kind === 'all' || e.kind === kind) && (schoolId === '' || e.schoolId === schoolId || e.schoolId === PLATFORM));
    },
    invalidateOwner(payload) {
      const colon = payload.indexOf(':');
      const kind = payload.slice(0, colon);
      const id = payload.slice(colon + 1);
      if (kind === 'session') return;
      if (kind === 'school') drop((e) => e.schoolId === id || e.schoolId === PLATFORM);
      else if (kind === 'user') drop((e) => e.userId === id);
      else drop(() => true);
    },
    setLive(up) {
      gen++;
      entries.clear();
      isLive = up && enabled;
    },
    live: () => isLive,
    size: () => entries.size,
    record(kind, outcome) {
      const key = `${kind}:${outcome}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    },
    counts() {
      return [...tally].map(([key, count]) => {
        const [kind, outcome] = key.split(':') as [ReadKind, ReadOutcome];
        return { kind, outcome, count };
      });
    },
  };
}

/** Answers being read on a miss, to be kept once serialized (onSend). */
const filling = new WeakMap<FastifyReply, { key: string; entry: Omit<Entry, 'until' | 'body'>; generation: number; ttlMs?: number }>();

/**
 * Keeps the serialized body of every 200 answer that `cachedRead` marked (the route's response schema
 * has already shaped it). Registered once by buildApp.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const fill = filling.get(reply);
    if (fill && reply.statusCode === 200 && typeof payload === 'string') cache.set(fill.key, { ...fill.entry, body: payload }, fill.generation, fill.ttlMs);
    return payload;
  });
}

/**
 * A reader's answer of `kind` from the cache (sent as is, header `x-edufam-cache: hit`), else `load()`,
 * whose 200 answer is then kept. Without a cache, a school or a live feed it is `load()`.
 * The key is the reader, the kind, the language (answers carry catalogue words) and `variant` (what
 * else the answer depends on, e.g. the school day a dashboard counts from); `ttlMs` shortens the time
 * limit (answers that also show what no trigger watches).
 */
export async function cachedRead<T>(
  cache: ReadCache | undefined,
  kind: ReadKind,
  reply: FastifyReply,
  reader: { id: string; schoolId: string | null },
  load: () => Promise<T>,
  variant = '',
  ttlMs?: number,
): Promise<T | FastifyReply> {
  if (!cache) return load();
  if (!cache.live() || !reader.schoolId) {
    cache.record(kind, 'bypass');
    return load();
  }
  const key = `${kind}:${reader.id}:${requestLocale()}:${variant}`;
  const hit = cache.get(key);
  if (hit !== null) {
    cache.record(kind, 'hit');
    return reply.header('x-edufam-cache', 'hit').type('application/json; charset=utf-8').send(hit);
  }
  cache.record(kind, 'miss');
  const generation = cache.generation();
  const value = await load();
  filling.set(reply, { key, entry: { kind, schoolId: reader.schoolId, userId: reader.id }, generation, ttlMs });
  return value;
}
