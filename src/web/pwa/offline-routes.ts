/**
 * GET /api reads the offline features need (issue 36 §4), answered by the service worker NetworkFirst
 * from its 'edufam-api' cache when the network fails or is slow (vite.config.ts): who is signed in
 * (session and profile) and the maintenance status (the shell opens offline at once, not after the
 * status check's retries), the teacher's attendance streams and registers (with
 * the calendar, settings and lesson subjects the register reads) and marks grids (with the teacher's
 * sheets), a parent's children, fee balances, released results and a child's attendance. Nothing else
 * is cached. Paths only; the query string is part of what is cached.
 */
export const OFFLINE_API_READS: readonly RegExp[] = [
  /^\/api\/auth\/(session|profile)$/,
  /^\/api\/maintenance\/status$/,
  /^\/api\/attendance\/(streams|registers|calendar|settings)$/,
  /^\/api\/classes\/[^/]+\/details$/,
  /^\/api\/exams\/[^/]+\/marks$/,
  /^\/api\/grades\/(my-sheets|my-children)$/,
  /^\/api\/fees\/my-children$/,
  /^\/api\/students$/,
  /^\/api\/students\/[^/]+\/attendance$/,
];

/** Whether a GET of this path (no query) is one the service worker keeps for offline use. */
export const isOfflineApiRead = (pathname: string) => OFFLINE_API_READS.some((r) => r.test(pathname));
