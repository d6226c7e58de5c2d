import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import {
  accounts,
  profiles,
  sessions,
  twoFactorChallenges,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
} from '../../db/schema/index.js';

/**
 * Two-factor rows (platform-only tables: call in the system scope). Secrets arrive and leave
 * encrypted; this file never sees a plaintext secret or recovery code.
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
