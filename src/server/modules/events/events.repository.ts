import { and, eq, gt, inArray } from 'drizzle-orm';
import { profiles, schools, sessions } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** What the heartbeat needs to know about the session behind a live-event stream. */
export interface LiveSessionState {
  sessionId: string;
  userId: string;
  status: string;
  role: string | null;
  schoolId: string | null;
  /** Status of the user's school, null when the user has none. */
  schoolStatus: string | null;
}

/**
 * The state of the given sessions that still exist and have not expired, with their user's profile
 * status, role, school and school status: one query for every stream of an instance. A session missing
 * from the result was signed out, revoked (password change/reset) or expired. Run with withSystem.
 */
export async function liveSessionStates(tx: Tx, sessionIds: readonly string[]): Promise<LiveSessionState[]> {
  if (sessionIds.length === 0) return [];
  return tx
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      status: profiles.status,
      role: profiles.role,
      schoolId: profiles.schoolId,
      schoolStatus: schools.status,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, new Date())));
}
