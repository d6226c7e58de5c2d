import type { Db } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { DEFAULT_SECURITY_POLICY, securityPolicySchema, type SecurityPolicy } from '../../../shared/contracts/security.js';
import { securityMessages } from '../../../shared/messages/security.js';
import { readSettingValue, upsertSetting } from './security.repository.js';

/**
 * The security policy (issue 18 §2 "required for platform staff and finance officers (setting per
 * role)", "password policy settings"), kept in system_settings under SECURITY_POLICY_KEY. With none
 * stored, DEFAULT_SECURITY_POLICY applies. Every signed-in request needs it (two-factor requirement,
 * idle sign-out), so each process keeps it for POLICY_CACHE_MS; a change made here is seen at once by
 * this process and within that time by the others.
 */

export const SECURITY_POLICY_KEY = 'security_policy';
const POLICY_CACHE_MS = 30_000;

const cache = new WeakMap<object, { policy: SecurityPolicy; at: number }>();

/** A stored value made whole: unknown or broken fields fall back to the defaults. */
export function normalisePolicy(value: unknown): SecurityPolicy {
  const merged = { ...DEFAULT_SECURITY_POLICY, ...(value && typeof value === 'object' ? (value as object) : {}) };
  const parsed = securityPolicySchema.safeParse(merged);
  return parsed.success ? { ...parsed.data, sessionIdleMinutes: parsed.data.sessionIdleMinutes ?? null } : DEFAULT_SECURITY_POLICY;
}

/** The stored policy (or the default) read in the caller's transaction. */
export async function readPolicy(tx: Tx): Promise<SecurityPolicy> {
  return normalisePolicy(await readSettingValue(tx, SECURITY_POLICY_KEY));
}

/** The policy, from this process's cache when fresh (at most 30 s old). */
export async function loadPolicy(db: Db): Promise<SecurityPolicy> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < POLICY_CACHE_MS) return hit.policy;
  const policy = await withSystem(db, readPolicy);
  cache.set(db, { policy, at: Date.now() });
  return policy;
}

/** Writes the policy (upsert) in the caller's transaction and refreshes this process's cache after it. */
export async function writePolicy(tx: Tx, policy: SecurityPolicy, userId: string | null): Promise<void> {
  const value = { ...policy, sessionIdleMinutes: policy.sessionIdleMinutes ?? null };
  await upsertSetting(tx, { key: SECURITY_POLICY_KEY, value, description: 'Security policy (issue 18 §2)', updatedBy: userId });
}

/** Forgets the cached policy of `db` (after a write commits). */
export function forgetPolicy(db: Db): void {
  cache.delete(db);
}

/** Does the policy require two-factor for this role? */
export function twoFactorRequiredFor(policy: SecurityPolicy, role: string | null | undefined): boolean {
  return !!role && (policy.twoFactorRequiredRoles as string[]).includes(role);
}

/**
 * The first rule of the policy `password` breaks, as the message to show, or null when it is fine.
 * Rules: at least passwordMinLength characters; with requireMixedCase an upper- and a lower-case
 * letter; with requireNumber a digit; with requireSymbol a character that is neither a letter nor a
 * digit (spaces count). Used by change-password and reset-password; other modules may use it too.
 */
export function checkPasswordPolicy(policy: Pick<SecurityPolicy, 'passwordMinLength' | 'requireMixedCase' | 'requireNumber' | 'requireSymbol'>, password: string): string | null {
  const m = securityMessages.password;
  if (Array.from(password).length < policy.passwordMinLength) return m.tooShort(policy.passwordMinLength);
  if (policy.requireMixedCase && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) return m.mixedCase;
  if (policy.requireNumber && !/\p{Nd}/u.test(password)) return m.number;
  if (policy.requireSymbol && !/[^\p{L}\p{Nd}]/u.test(password)) return m.symbol;
  return null;
}
