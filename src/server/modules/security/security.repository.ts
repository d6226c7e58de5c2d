import { aliasedTable, and, count, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import {
  accounts,
  auditLogs,
  loginAttempts,
  profiles,
  schools,
  securityAlerts,
  sessions,
  systemSettings,
  twoFactorChallenges,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
  userActivityDays,
  userSignInNetworks,
} from '../../db/schema/index.js';
import type { SecurityAlertKind } from '../../../shared/contracts/security.js';
import { containsPattern } from '../../lib/like.js';

/**
 * The security module's rows (platform-only tables: call in the system scope, or the platform staff's
 * scope for the security log and alerts): two-factor credentials, recovery codes and pending sign-ins,
 * sessions and activity days, sign-in networks and alerts, the security log (audit_logs) and the
 * policy (system_settings). Secrets arrive and leave encrypted; this file never sees a plaintext
 * secret or recovery code.
 */

export type TwoFactorCredential = typeof twoFactorCredentials.$inferSelect;

export async function findCredential(tx: Tx, userId: string): Promise<TwoFactorCredential | null> {
  const [row] = await tx.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return row ?? null;
}

/** Is two-factor on for this user (a confirmed secret)? */
export async function isTwoFactorEnabled(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ enabledAt: twoFactorCredentials.enabledAt })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId));
  return !!row?.enabledAt;
}

/** Stores a new pending enrolment (replacing an earlier unconfirmed one); an enabled secret is untouched. */
export async function savePendingSecret(tx: Tx, userId: string, encryptedSecret: string): Promise<void> {
  const now = new Date();
  await tx
    .insert(twoFactorCredentials)
    .values({ userId, pendingSecret: encryptedSecret, pendingCreatedAt: now })
    .onConflictDoUpdate({ target: twoFactorCredentials.userId, set: { pendingSecret: encryptedSecret, pendingCreatedAt: now, updatedAt: now } });
}

/** The pending secret becomes the secret; `step` is the time step of the confirming code. */
export async function confirmPendingSecret(tx: Tx, userId: string, encryptedSecret: string, step: number): Promise<void> {
  const now = new Date();
  await tx
    .update(twoFactorCredentials)
    .set({ secret: encryptedSecret, enabledAt: now, pendingSecret: null, pendingCreatedAt: null, lastUsedStep: step, updatedAt: now })
    .where(eq(twoFactorCredentials.userId, userId));
  await tx.update(profiles).set({ mfaEnabled: true, updatedAt: now }).where(eq(profiles.id, userId));
}

/**
 * Records `step` as the last accepted time step, only if it is later than the stored one: false when
 * it is not (the code was already used). Atomic, so two requests with one code cannot both pass.
 */
export async function claimStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(twoFactorCredentials)
    .set({ lastUsedStep: step, updatedAt: new Date() })
    .where(and(eq(twoFactorCredentials.userId, userId), or(isNull(twoFactorCredentials.lastUsedStep), lt(twoFactorCredentials.lastUsedStep, step))))
    .returning({ userId: twoFactorCredentials.userId });
  return rows.length === 1;
}

/** Turns two-factor off: the credential and recovery codes go, the profile's flag is cleared. */
export async function deleteTwoFactor(tx: Tx, userId: string): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  await tx.update(profiles).set({ mfaEnabled: false, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, hashed: { salt: string; hash: string }[]): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashed.length) await tx.insert(twoFactorRecoveryCodes).values(hashed.map((h) => ({ userId, salt: h.salt, codeHash: h.hash })));
}

export async function unusedRecoveryCodes(tx: Tx, userId: string) {
  return tx
    .select({ id: twoFactorRecoveryCodes.id, salt: twoFactorRecoveryCodes.salt, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
}

export async function countUnusedRecoveryCodes(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Spends a recovery code; false when it was spent meanwhile. */
export async function spendRecoveryCode(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

/** The stored password hash of a user's e-mail-and-password account. */
export async function passwordHashOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

// ------------------------------------------------------------------------------------------------
// Pending two-factor sign-ins

/**
 * Marks the session of `token` as waiting for a code, expiring at `expiresAt`, and files the
 * challenge. Returns the session id.
 */
export async function startChallenge(
  tx: Tx,
  c: { token: string; userId: string; rememberMe: boolean; accessType: string; expiresAt: Date },
): Promise<string> {
  const [s] = await tx
    .update(sessions)
    .set({ twoFactorPending: true, expiresAt: c.expiresAt, updatedAt: new Date() })
    .where(eq(sessions.token, c.token))
    .returning({ id: sessions.id });
  if (!s) throw new Error('the new session vanished before its two-factor step');
  await tx.insert(twoFactorChallenges).values({
    sessionId: s.id,
    userId: c.userId,
    rememberMe: c.rememberMe,
    accessType: c.accessType,
    expiresAt: c.expiresAt,
  });
  return s.id;
}

export async function findChallenge(tx: Tx, sessionId: string) {
  const [row] = await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.sessionId, sessionId));
  return row ?? null;
}

/** One more wrong code on a pending sign-in; returns the count so far. */
export async function countWrongCode(tx: Tx, sessionId: string): Promise<number> {
  const [row] = await tx
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.sessionId, sessionId))
    .returning({ attempts: twoFactorChallenges.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** The pending session becomes a normal one expiring at `expiresAt`; the challenge goes. */
export async function finishChallenge(tx: Tx, sessionId: string, expiresAt: Date): Promise<void> {
  await tx.update(sessions).set({ twoFactorPending: false, expiresAt, updatedAt: new Date() }).where(eq(sessions.id, sessionId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.sessionId, sessionId));
}

/** Ends a session (its challenge goes with it). */
export async function deleteSessionById(tx: Tx, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Records the client address of a new session (better-auth only reads forwarding headers). */
export async function setSessionIp(tx: Tx, token: string, ip: string): Promise<void> {
  await tx.update(sessions).set({ ipAddress: ip }).where(eq(sessions.token, token));
}

// ------------------------------------------------------------------------------------------------
// Sessions and activity

/** A session row (better-auth's). */
export type SessionRow = typeof sessions.$inferSelect;

/** The user's live sessions (not expired, not waiting for a two-factor code), most recently active first. */
export async function listLiveSessions(tx: Tx, userId: string): Promise<SessionRow[]> {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), eq(sessions.twoFactorPending, false)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
}

/** Deletes the user's session `sessionId`; false when the user has no such session. */
export async function deleteUserSession(tx: Tx, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await tx
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Deletes every session of the user (pending two-factor ones too), but `exceptSessionId` when given; returns how many. */
export async function deleteSessionsOfUser(tx: Tx, userId: string, exceptSessionId?: string): Promise<number> {
  const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
  const deleted = await tx.delete(sessions).where(where).returning({ id: sessions.id });
  return deleted.length;
}

/** Stamps the session's last_seen_at with now(), unless it was stamped in the last 5 minutes (by another instance). */
export async function touchSessionLastSeen(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, sql`now() - interval '5 minutes'`))));
}

/** Records that the user was active on `day` (YYYY-MM-DD, Nairobi) in `role`; once per user and day. */
export async function recordActivityDay(tx: Tx, v: { userId: string; day: string; role: string; schoolId: string | null }): Promise<void> {
  await tx.insert(userActivityDays).values(v).onConflictDoNothing();
}

/** The profile `userId` (id, e-mail, name, role, school), or null. */
export async function findProfileSummary(tx: Tx, userId: string): Promise<{ id: string; email: string; name: string; role: string | null; schoolId: string | null } | null> {
  const [row] = await tx
    .select({ id: profiles.id, email: profiles.email, name: profiles.name, role: profiles.role, schoolId: profiles.schoolId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

// ------------------------------------------------------------------------------------------------
// Sign-in networks and alerts

/** Failed sign-ins recorded in login_attempts for the e-mail address after `since`. */
export async function countFailedSignInsByEmail(tx: Tx, email: string, since: Date): Promise<number> {
  const [byEmail] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return Number(byEmail?.n ?? 0);
}

/** Failed sign-ins recorded in login_attempts from the IP address after `since`. */
export async function countFailedSignInsByIp(tx: Tx, ip: string, since: Date): Promise<number> {
  const [byIp] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return Number(byIp?.n ?? 0);
}

/** The networks (IPv4 /16, IPv6 /48) the user has signed in from. */
export async function listSignInNetworks(tx: Tx, userId: string): Promise<string[]> {
  const known = await tx
    .select({ network: userSignInNetworks.network })
    .from(userSignInNetworks)
    .where(eq(userSignInNetworks.userId, userId));
  return known.map((k) => k.network);
}

/** Stamps the user's known network as seen now. */
export async function touchSignInNetwork(tx: Tx, userId: string, network: string): Promise<void> {
  await tx
    .update(userSignInNetworks)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(userSignInNetworks.userId, userId), eq(userSignInNetworks.network, network)));
}

/** Records a network the user signed in from (nothing when it is known already). */
export async function insertSignInNetwork(tx: Tx, userId: string, network: string): Promise<void> {
  await tx.insert(userSignInNetworks).values({ userId, network }).onConflictDoNothing();
}

/** An alert to raise: one open alert per (kind, subject). */
export interface AlertInput {
  kind: SecurityAlertKind;
  subject: string;
  userId?: string | null;
  schoolId?: string | null;
  ipAddress?: string | null;
  network?: string | null;
  count: number;
  /** true: `count` replaces the stored one (a window count, never lowering it); false: adds to it. */
  absolute: boolean;
}

/** Opens the alert, or updates the open alert of its kind and subject (count, last seen, address, network). */
export async function upsertOpenAlert(tx: Tx, a: AlertInput): Promise<void> {
  const now = new Date();
  await tx
    .insert(securityAlerts)
    .values({
      kind: a.kind,
      subject: a.subject,
      userId: a.userId ?? null,
      schoolId: a.schoolId ?? null,
      ipAddress: a.ipAddress ?? null,
      network: a.network ?? null,
      count: a.count,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [securityAlerts.kind, securityAlerts.subject],
      targetWhere: sql`${securityAlerts.status} = 'open'`,
      set: {
        count: a.absolute ? sql`greatest(${securityAlerts.count}, ${a.count})` : sql`${securityAlerts.count} + ${a.count}`,
        lastSeenAt: now,
        ipAddress: a.ipAddress ?? null,
        ...(a.network ? { network: a.network } : {}),
      },
    });
}

export type SecurityAlertRow = typeof securityAlerts.$inferSelect;

/** An alert with the names of its user, school and who acknowledged it. */
export interface AlertWithNames {
  alert: SecurityAlertRow;
  userName: string | null;
  schoolName: string | null;
  acknowledgedByName: string | null;
}

const acknowledger = aliasedTable(profiles, 'acknowledger');
const alertUser = aliasedTable(profiles, 'alert_user');

function selectAlertsWithNames(tx: Tx) {
  return tx
    .select({ alert: securityAlerts, userName: alertUser.name, schoolName: schools.name, acknowledgedByName: acknowledger.name })
    .from(securityAlerts)
    .leftJoin(alertUser, eq(alertUser.id, securityAlerts.userId))
    .leftJoin(schools, eq(schools.id, securityAlerts.schoolId))
    .leftJoin(acknowledger, eq(acknowledger.id, securityAlerts.acknowledgedBy));
}

/** How many alerts there are (of `status` when given). */
export async function countAlerts(tx: Tx, status?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(securityAlerts).where(status ? eq(securityAlerts.status, status) : undefined);
  return Number(total?.n ?? 0);
}

/** One page of alerts (of `status` when given) with names, latest activity first (ties: id descending). */
export async function listAlertsWithNames(tx: Tx, status: string | undefined, w: { limit: number; offset: number }): Promise<AlertWithNames[]> {
  return selectAlertsWithNames(tx)
    .where(status ? eq(securityAlerts.status, status) : undefined)
    .orderBy(desc(securityAlerts.lastSeenAt), desc(securityAlerts.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** The alert `id` with names, or undefined. */
export async function findAlertWithNames(tx: Tx, id: string): Promise<AlertWithNames | undefined> {
  const [row] = await selectAlertsWithNames(tx).where(eq(securityAlerts.id, id));
  return row;
}

/** The alert `id`, or undefined. */
export async function findAlert(tx: Tx, id: string): Promise<SecurityAlertRow | undefined> {
  const [existing] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, id));
  return existing;
}

/** Marks the alert acknowledged now by `userId`. */
export async function markAlertAcknowledged(tx: Tx, id: string, userId: string): Promise<void> {
  await tx.update(securityAlerts).set({ status: 'acknowledged', acknowledgedAt: new Date(), acknowledgedBy: userId }).where(eq(securityAlerts.id, id));
}

// ------------------------------------------------------------------------------------------------
// Security log (audit_logs) and overview

/** Filters of the security log: the actions, an instant range [from, before), a school ('platform': none), a search text. */
export interface SecurityLogFilters {
  actions: string[];
  from?: Date;
  before?: Date;
  schoolId?: string;
  /** Matched case-insensitively anywhere in the actor's e-mail or name, the IP address, the action or metadata.email. */
  search?: string;
}

const logActor = aliasedTable(profiles, 'actor');

function logConditions(f: SecurityLogFilters): SQL {
  const parts: SQL[] = [inArray(auditLogs.action, f.actions)];
  if (f.from) parts.push(gte(auditLogs.createdAt, f.from));
  if (f.before) parts.push(lt(auditLogs.createdAt, f.before));
  if (f.schoolId === 'platform') parts.push(isNull(auditLogs.schoolId));
  else if (f.schoolId) parts.push(eq(auditLogs.schoolId, f.schoolId));
  if (f.search) {
    const like = containsPattern(f.search);
    parts.push(
      or(
        ilike(logActor.email, like),
        ilike(logActor.name, like),
        ilike(auditLogs.ipAddress, like),
        ilike(auditLogs.action, like),
        ilike(sql`${auditLogs.metadata}->>'email'`, like),
      )!,
    );
  }
  return and(...parts)!;
}

/** How many security-log entries match. */
export async function countSecurityLog(tx: Tx, f: SecurityLogFilters): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(auditLogs)
    .leftJoin(logActor, eq(logActor.id, auditLogs.performedByUserId))
    .where(logConditions(f));
  return Number(total?.n ?? 0);
}

/** One window of matching security-log entries with the actor's name and e-mail and the school's name, newest first (ties: id descending). */
export async function listSecurityLog(tx: Tx, f: SecurityLogFilters, w: { limit: number; offset: number }) {
  return tx
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      success: auditLogs.success,
      userId: auditLogs.performedByUserId,
      userName: logActor.name,
      actorEmail: logActor.email,
      role: auditLogs.performedByRole,
      schoolId: auditLogs.schoolId,
      schoolName: schools.name,
      ipAddress: auditLogs.ipAddress,
      metadata: auditLogs.metadata,
      oldValue: auditLogs.oldValue,
      newValue: auditLogs.newValue,
      targetEntity: auditLogs.targetEntity,
      errorMessage: auditLogs.errorMessage,
    })
    .from(auditLogs)
    .leftJoin(logActor, eq(logActor.id, auditLogs.performedByUserId))
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
    .where(logConditions(f))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** Successful sign-ins and failed ones (wrong password or wrong two-factor code) audited since `since`. */
export async function countSignInsSince(tx: Tx, since: Date): Promise<{ ok: number; failed: number } | undefined> {
  const [signIns] = await tx
    .select({
      ok: sql<number>`count(*) filter (where ${auditLogs.action} = 'LOGIN_SUCCESS')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${auditLogs.action} in ('LOGIN_FAILED', 'TWO_FACTOR_FAILED'))`.mapWith(Number),
    })
    .from(auditLogs)
    .where(and(inArray(auditLogs.action, ['LOGIN_SUCCESS', 'LOGIN_FAILED', 'TWO_FACTOR_FAILED']), gte(auditLogs.createdAt, since)));
  return signIns;
}

/** Live sessions of every user (not expired, not waiting for a two-factor code). */
export async function countLiveSessions(tx: Tx): Promise<number> {
  const [live] = await tx
    .select({ n: count() })
    .from(sessions)
    .where(and(gte(sessions.expiresAt, sql`now()`), eq(sessions.twoFactorPending, false)));
  return Number(live?.n ?? 0);
}

/** Per role: active accounts and how many of them have two-factor on. */
export async function countActiveUsersByRole(tx: Tx): Promise<{ role: string | null; users: number; withTwoFactor: number }[]> {
  return tx
    .select({
      role: profiles.role,
      users: count(),
      withTwoFactor: sql<number>`count(${twoFactorCredentials.userId})`.mapWith(Number),
    })
    .from(profiles)
    .leftJoin(twoFactorCredentials, and(eq(twoFactorCredentials.userId, profiles.id), isNotNull(twoFactorCredentials.enabledAt)))
    .where(and(eq(profiles.status, 'active'), isNotNull(profiles.role)))
    .groupBy(profiles.role);
}

// ------------------------------------------------------------------------------------------------
// Policy (system_settings)

/** The stored value of system setting `key`, or undefined when none is stored. */
export async function readSettingValue(tx: Tx, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: systemSettings.settingValue }).from(systemSettings).where(eq(systemSettings.settingKey, key));
  return row?.value;
}

/** Inserts or replaces system setting `key` (the description is written only when it is new). */
export async function upsertSetting(tx: Tx, v: { key: string; value: unknown; description: string; updatedBy: string | null }): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ settingKey: v.key, settingValue: v.value, description: v.description, updatedBy: v.updatedBy })
    .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: v.value, updatedAt: new Date(), updatedBy: v.updatedBy } });
}
