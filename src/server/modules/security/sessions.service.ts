import Bowser from 'bowser';
import type { Database } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import type { ActiveSession } from '../../../shared/contracts/security.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { auditAccount, type AccountActor } from '../../lib/account-audit.js';
import * as repo from './security.repository.js';

/**
 * Active sessions (issue 18 §2 "Active sessions per user (device, IP, last seen) with sign-out of one
 * or all"). Sessions are better-auth's rows; a pending two-factor sign-in is not listed (it opens
 * nothing and expires in minutes). Runs in the system scope: callers pass whose sessions.
 */

const m = securityMessages;

const PLATFORM_LABELS: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', tv: 'TV', bot: 'Bot' };

/** Device, browser and operating system of a user agent, read with bowser; "Unknown" for what it does not say. */
export function describeUserAgent(userAgent: string | null | undefined): { device: string; browser: string; os: string } {
  const unknown = m.profile.unknown;
  if (!userAgent?.trim()) return { device: unknown, browser: unknown, os: unknown };
  const p = Bowser.getParser(userAgent);
  const platform = p.getPlatform();
  const model = [platform.vendor, platform.model].filter(Boolean).join(' ');
  const device = model || (platform.type ? (PLATFORM_LABELS[platform.type] ?? platform.type) : unknown);
  const browserName = p.getBrowserName();
  const major = p.getBrowserVersion()?.split('.')[0];
  const browser = browserName ? [browserName, major].filter(Boolean).join(' ') : unknown;
  const osName = p.getOSName();
  const os = p.getOS();
  const osVersion = os.versionName ?? (os.version && !/^NT /.test(os.version) ? os.version : undefined);
  return { device, browser, os: osName ? [osName, osVersion].filter(Boolean).join(' ') : unknown };
}

async function listOf(tx: Tx, userId: string, currentSessionId: string | null | undefined): Promise<ActiveSession[]> {
  const rows = await repo.listLiveSessions(tx, userId);
  return rows.map((s) => ({
    id: s.id,
    ...describeUserAgent(s.userAgent),
    ipAddress: s.ipAddress ?? null,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
    expiresAt: s.expiresAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

/** GET /api/auth/sessions: the caller's live sessions, most recently active first. */
export async function listOwnSessions(database: Database, userId: string, currentSessionId: string | undefined): Promise<ActiveSession[]> {
  return withSystem(database.db, (tx) => listOf(tx, userId, currentSessionId));
}

interface Caller extends AccountActor {
  sessionId?: string;
}

/**
 * DELETE /api/auth/sessions/:id: ends one of the caller's own sessions (another user's, or an unknown
 * id: 404). Returns whether it was the current one (the route then clears the cookie). Audited
 * SESSION_REVOKED.
 */
export async function revokeOwnSession(database: Database, caller: Caller, sessionId: string, ip: string): Promise<{ current: boolean }> {
  return withSystem(database.db, async (tx) => {
    const deleted = await repo.deleteUserSession(tx, caller.id, sessionId);
    if (!deleted) throw notFound(m.api.sessionNotFound);
    const current = sessionId === caller.sessionId;
    await auditAccount(tx, caller, 'SESSION_REVOKED', ip, { metadata: { scope: 'one', sessionId, current, count: 1 } });
    return { current };
  });
}

/** DELETE /api/auth/sessions?others=true: ends every session of the caller but this one. Audited when any ended. */
export async function revokeOtherSessions(database: Database, caller: Caller, ip: string): Promise<number> {
  return withSystem(database.db, async (tx) => {
    const deleted = await repo.deleteSessionsOfUser(tx, caller.id, caller.sessionId);
    if (deleted) {
      await auditAccount(tx, caller, 'SESSION_REVOKED', ip, { metadata: { scope: 'others', count: deleted } });
    }
    return deleted;
  });
}

async function targetProfile(tx: Tx, userId: string) {
  const row = await repo.findProfileSummary(tx, userId);
  if (!row) throw notFound(m.api.userNotFound);
  return row;
}

/** GET /api/security/users/:userId/sessions (EduFam staff): a user's live sessions; 404 unknown user. */
export async function listUserSessions(database: Database, userId: string, currentSessionId: string | undefined): Promise<ActiveSession[]> {
  return withSystem(database.db, async (tx) => {
    await targetProfile(tx, userId);
    return listOf(tx, userId, currentSessionId);
  });
}

/**
 * DELETE /api/security/users/:userId/sessions (edufam_admin): signs the user out everywhere (pending
 * two-factor sign-ins too). Audited SESSION_REVOKED under the user's school; 404 unknown user.
 */
export async function revokeUserSessions(database: Database, caller: Caller, userId: string, ip: string): Promise<number> {
  return withSystem(database.db, async (tx) => {
    const target = await targetProfile(tx, userId);
    const deleted = await repo.deleteSessionsOfUser(tx, userId);
    await auditAccount(tx, caller, 'SESSION_REVOKED', ip, { metadata: { scope: 'all', byAdmin: true, email: target.email, count: deleted } }, target);
    return deleted;
  });
}
