import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import { guardians, loginAttempts, profiles, schools, users, verifications } from '../../db/schema/index.js';

/** Profile with its school, as the session and sign-in need it. Runs in the system scope. */
export async function findProfileWithSchool(tx: Tx, userId: string) {
  const rows = await tx
    .select({
      profile: profiles,
      school: { id: schools.id, name: schools.name, curriculum: schools.curriculum, status: schools.status, logoUrl: schools.logoUrl },
    })
    .from(profiles)
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export type ProfileWithSchool = NonNullable<Awaited<ReturnType<typeof findProfileWithSchool>>>;

export async function findUserIdByEmail(tx: Tx, email: string): Promise<string | null> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return rows[0]?.id ?? null;
}

/** Failed sign-ins since `since` for an e-mail and for an IP address. */
export async function countRecentFailures(tx: Tx, email: string, ip: string, since: Date) {
  const [byEmail] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  const [byIp] = await tx
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return { byEmail: Number(byEmail?.n ?? 0), byIp: Number(byIp?.n ?? 0) };
}

export async function recordLoginAttempt(tx: Tx, email: string, ip: string, succeeded: boolean): Promise<void> {
  await tx.insert(loginAttempts).values({ email, ip, succeeded });
  // A success clears the account's failure streak (the per-IP count stays).
  if (succeeded) {
    await tx.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false)));
  }
}

/** Clears the profile's must_change_password flag (after a password change) and stamps updated_at. */
export async function clearMustChangePassword(tx: Tx, userId: string): Promise<void> {
  await tx.update(profiles).set({ mustChangePassword: false, updatedAt: new Date() }).where(eq(profiles.id, userId));
}

export async function touchLastLogin(tx: Tx, userId: string, ip: string): Promise<void> {
  await tx.update(profiles).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(profiles.id, userId));
}

/** Is a password-reset token (better-auth verification "reset-password:{token}") live? */
export async function resetTokenUserId(tx: Tx, token: string): Promise<string | null> {
  const rows = await tx
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.value ?? null;
}

/**
 * The languages a parent account's e-mail may be written in: the preferred_language of the guardian
 * record linked to the account (the first that has one) and the school's default_locale; null when no
 * account has this e-mail. Runs in the system scope.
 */
export async function findParentLanguages(tx: Tx, email: string): Promise<{ guardianLanguage: string | null; schoolLocale: string | null } | null> {
  const rows = await tx
    .select({ guardianLanguage: guardians.preferredLanguage, schoolLocale: schools.defaultLocale })
    .from(profiles)
    .leftJoin(guardians, eq(guardians.profileId, profiles.id))
    .leftJoin(schools, eq(schools.id, profiles.schoolId))
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()))
    .orderBy(asc(guardians.createdAt));
  if (!rows.length) return null;
  return { guardianLanguage: rows.find((r) => r.guardianLanguage)?.guardianLanguage ?? null, schoolLocale: rows[0]!.schoolLocale };
}
