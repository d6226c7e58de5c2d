/**
 * The service worker's cache of API reads (issue 36 §4; routes in vite.config.ts OFFLINE_API_READS):
 * what the offline screens read when there is no network (./offline-routes.ts). Each stored answer carries the instant it
 * was fetched in `x-edufam-fetched-at` (ISO), written by the service worker.
 */

/** Cache Storage name of the API reads; vite.config.ts uses the same name. */
export const API_CACHE = 'edufam-api';

/** Header the service worker adds to a stored answer: when it came from the server (ISO instant). */
export const FETCHED_AT_HEADER = 'x-edufam-fetched-at';

/** localStorage key of the user whose answers the cache holds. */
const OWNER_KEY = 'edufam.pwa.apiCacheOwner';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/**
 * Empties the API cache (sign-out, another user signed in). The service worker also empties it on
 * every POST /api/auth/sign-out, which sign-in and sign-out both send (src/web/lib/auth.tsx).
 */
export async function clearApiCache(): Promise<void> {
  await cacheStorage()?.delete(API_CACHE).catch(() => false);
}

/** Deletes the stored answers fetched before `ms` (epoch ms), or without a fetch time. */
async function dropAnswersFetchedBefore(ms: number): Promise<void> {
  const store = cacheStorage();
  if (!store) return;
  try {
    const cache = await store.open(API_CACHE);
    for (const request of await cache.keys()) {
      const at = Date.parse((await cache.match(request, { ignoreVary: true }))?.headers.get(FETCHED_AT_HEADER) ?? '');
      if (!(at >= ms)) await cache.delete(request);
    }
  } catch {
    /* Cache Storage unavailable: nothing was stored */
  }
}

/**
 * Keeps the cache to one person's answers: when the signed-in user (id, or null when signed out) is not
 * the one whose answers the cache holds (a sign-out the service worker did not see), every answer
 * fetched before this page loaded is deleted.
 */
export async function claimApiCache(userId: string | null): Promise<void> {
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
  } catch {
    /* storage blocked: no cache survives anyway */
  }
  if (owner === (userId ?? '')) return;
  // Answers fetched since this page loaded are the current session's own: only older ones go.
  await dropAnswersFetchedBefore(performance.timeOrigin);
  try {
    localStorage.setItem(OWNER_KEY, userId ?? '');
  } catch {
    /* storage blocked */
  }
}

/**
 * When the stored answer of a GET (path with its query, as the screen requested it) was fetched from
 * the server; null when nothing is stored or there is no Cache Storage.
 */
export async function fetchedAt(path: string): Promise<Date | null> {
  const store = cacheStorage();
  if (!store) return null;
  const hit = await store.open(API_CACHE).then((c) => c.match(path, { ignoreVary: true }), () => undefined);
  const at = hit?.headers.get(FETCHED_AT_HEADER);
  const ms = at ? Date.parse(at) : NaN;
  return Number.isFinite(ms) ? new Date(ms) : null;
}
