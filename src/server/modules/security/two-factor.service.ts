import type { Database } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secrets.js';
import { securityMessages } from '../../../shared/messages/security.js';
import type {
  TwoFactorEnableResponse,
  TwoFactorStatus,
  TwoFactorVerifyResponse,
} from '../../../shared/contracts/security.js';
import { auditAccount } from '../../lib/account-audit.js';
import type { Auth } from '../../lib/better-auth.js';
import { loadPolicy, twoFactorRequiredFor } from './policy.js';
import * as repo from './security.repository.js';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, qrDataUrl, recoveryCodeMatches } from './totp.js';
import { type SessionUser } from '../../../shared/contracts/session.js';

/**
 * The signed-in user's own two-factor sign-in (issue 18 §2, §5): enrol (password, then a QR code),
 * confirm with a first code (two-factor is off until then), recovery codes, turn off. Every write is
 * one transaction and audited (TWO_FACTOR_ENABLED, _DISABLED, _RECOVERY_CODES_REGENERATED, _FAILED).
 */

const m = securityMessages.api;

export interface TwoFactorDeps {
  database: Database;
  auth: Auth;
  /** Encrypts TOTP secrets at rest (AppDeps.mpesa.secretsKey, lib/secrets.ts). */
  secretsKey: Buffer;
}

type Who = Pick<SessionUser, 'id' | 'email' | 'role' | 'schoolId'>;

/** GET /api/auth/two-factor: on or off, since when, recovery codes left, required by the policy. */
export async function twoFactorStatus(deps: Pick<TwoFactorDeps, 'database'>, user: Who): Promise<TwoFactorStatus> {
  const policy = await loadPolicy(deps.database.db);
  return withSystem(deps.database.db, async (tx) => {
    const cred = await repo.findCredential(tx, user.id);
    const enabled = !!cred?.enabledAt;
    return {
      enabled,
      enabledAt: cred?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(tx, user.id) : 0,
      required: twoFactorRequiredFor(policy, user.role),
    };
  });
}

/** Checks the user's password with better-auth's hasher; 400 "That password is not correct." otherwise. */
async function assertPassword(deps: TwoFactorDeps, tx: Tx, userId: string, password: string): Promise<void> {
  const hash = await repo.passwordHashOf(tx, userId);
  const ctx = await deps.auth.$context;
  const ok = hash ? await ctx.password.verify({ hash, password }) : false;
  if (!ok) throw new AppError(400, 'PASSWORD_INCORRECT', m.passwordIncorrect, { fields: { password: m.passwordIncorrect } });
}

/**
 * POST /api/auth/two-factor/enable { password }: a fresh secret as a pending enrolment (an earlier
 * unconfirmed one is replaced). Returns the otpauth URI, its QR code (data URL, drawn here) and the
 * base32 secret. 400 wrong password; 409 when two-factor is already on.
 */
export async function beginEnrolment(deps: TwoFactorDeps, user: Who, password: string): Promise<TwoFactorEnableResponse> {
  const secret = newTotpSecret();
  await withSystem(deps.database.db, async (tx) => {
    await assertPassword(deps, tx, user.id, password);
    if (await repo.isTwoFactorEnabled(tx, user.id)) throw new AppError(409, 'TWO_FACTOR_ALREADY_ENABLED', m.alreadyEnabled);
    await repo.savePendingSecret(tx, user.id, encryptSecret(deps.secretsKey, secret));
  });
  const uri = otpauthUri(secret, user.email);
  return { otpauthUri: uri, qrCode: await qrDataUrl(uri), secret };
}

/** Ten fresh recovery codes, stored hashed in `tx`; returns them in plain text (shown once). */
async function issueRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(c)),
  );
  return codes;
}

/**
 * POST /api/auth/two-factor/verify { code }: a code from the pending secret turns two-factor on and
 * issues recovery codes. 400 with nothing changed: no pending enrolment, or a wrong code.
 */
export async function confirmEnrolment(deps: TwoFactorDeps, user: Who, code: string, ip: string): Promise<TwoFactorVerifyResponse> {
  return withSystem(deps.database.db, async (tx) => {
    const cred = await repo.findCredential(tx, user.id);
    if (cred?.enabledAt) throw new AppError(409, 'TWO_FACTOR_ALREADY_ENABLED', m.alreadyEnabled);
    if (!cred?.pendingSecret) throw new AppError(400, 'TWO_FACTOR_NOT_ENROLLING', m.notEnrolling);
    const step = matchTotp(decryptSecret(deps.secretsKey, cred.pendingSecret), code);
    if (step === null) throw new AppError(400, 'INVALID_TWO_FACTOR_CODE', m.codeInvalid, { fields: { code: m.codeInvalid } });
    await repo.confirmPendingSecret(tx, user.id, cred.pendingSecret, step);
    const recoveryCodes = await issueRecoveryCodes(tx, user.id);
    await auditAccount(tx, user, 'TWO_FACTOR_ENABLED', ip);
    return { enabled: true as const, recoveryCodes };
  });
}

export type SecondFactorResult = { ok: true; method: 'totp' | 'recovery_code' } | { ok: false; reason: 'invalid' | 'reused' | 'recovery_invalid' };

/**
 * Checks a second factor for a user with two-factor on, inside `tx`: a 6-digit TOTP code (its time step
 * must be later than the last accepted one, which it then becomes) or a recovery code (spent). Writes
 * only on success.
 */
export async function checkSecondFactor(
  tx: Tx,
  secretsKey: Buffer,
  userId: string,
  input: { code?: string | null; recoveryCode?: string | null },
): Promise<SecondFactorResult> {
  const cred = await repo.findCredential(tx, userId);
  if (!cred?.enabledAt || !cred.secret) return { ok: false, reason: 'invalid' };
  const code = input.code?.replace(/[\s-]/g, '') ?? '';
  if (code && /^\d{6}$/.test(code)) {
    const step = matchTotp(decryptSecret(secretsKey, cred.secret), code);
    if (step === null) return { ok: false, reason: 'invalid' };
    return (await repo.claimStep(tx, userId, step)) ? { ok: true, method: 'totp' } : { ok: false, reason: 'reused' };
  }
  const recovery = input.recoveryCode ?? input.code ?? '';
  if (!recovery.trim()) return { ok: false, reason: 'invalid' };
  for (const stored of await repo.unusedRecoveryCodes(tx, userId)) {
    if (recoveryCodeMatches(recovery, stored)) {
      return (await repo.spendRecoveryCode(tx, stored.id)) ? { ok: true, method: 'recovery_code' } : { ok: false, reason: 'recovery_invalid' };
    }
  }
  return { ok: false, reason: input.recoveryCode ? 'recovery_invalid' : 'invalid' };
}

/** The message of a refused second factor. */
export function secondFactorMessage(reason: 'invalid' | 'reused' | 'recovery_invalid'): { code: string; message: string } {
  if (reason === 'reused') return { code: 'TWO_FACTOR_CODE_REUSED', message: m.codeReused };
  if (reason === 'recovery_invalid') return { code: 'INVALID_TWO_FACTOR_CODE', message: m.recoveryCodeInvalid };
  return { code: 'INVALID_TWO_FACTOR_CODE', message: m.codeInvalid };
}

/** Files a refused code (TWO_FACTOR_FAILED) in its own transaction, so it stays when the request fails. */
async function auditRefusedCode(deps: TwoFactorDeps, user: Who, reason: string, context: string, ip: string): Promise<void> {
  await withSystem(deps.database.db, (tx) => auditAccount(tx, user, 'TWO_FACTOR_FAILED', ip, { success: false, errorMessage: reason, metadata: { context, reason } }));
}

/**
 * POST /api/auth/two-factor/disable { password, code }: turns two-factor off (code: a current code or
 * a recovery code). 400 wrong password or code (nothing changes); 400 when it is not on.
 */
export async function disableTwoFactor(deps: TwoFactorDeps, user: Who, input: { password: string; code: string }, ip: string): Promise<{ enabled: false }> {
  let refused: SecondFactorResult | null = null;
  try {
    await withSystem(deps.database.db, async (tx) => {
      await assertPassword(deps, tx, user.id, input.password);
      if (!(await repo.isTwoFactorEnabled(tx, user.id))) throw new AppError(400, 'TWO_FACTOR_NOT_ENABLED', m.notEnabled);
      const result = await checkSecondFactor(tx, deps.secretsKey, user.id, { code: input.code });
      if (!result.ok) {
        refused = result;
        const { code, message } = secondFactorMessage(result.reason);
        throw new AppError(400, code, message, { fields: { code: message } });
      }
      await repo.deleteTwoFactor(tx, user.id);
      await auditAccount(tx, user, 'TWO_FACTOR_DISABLED', ip, { metadata: { method: result.method } });
    });
  } catch (err) {
    const r = refused as SecondFactorResult | null;
    if (r && !r.ok) await auditRefusedCode(deps, user, r.reason, 'disable', ip);
    throw err;
  }
  return { enabled: false };
}

/**
 * POST /api/auth/two-factor/recovery-codes { code }: new recovery codes for a current code (the old
 * ones stop working). 400 wrong or reused code, or two-factor off.
 */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, user: Who, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
  let refused: SecondFactorResult | null = null;
  try {
    return await withSystem(deps.database.db, async (tx) => {
      if (!(await repo.isTwoFactorEnabled(tx, user.id))) throw new AppError(400, 'TWO_FACTOR_NOT_ENABLED', m.notEnabled);
      const result = await checkSecondFactor(tx, deps.secretsKey, user.id, { code });
      if (!result.ok) {
        refused = result;
        const e = secondFactorMessage(result.reason);
        throw new AppError(400, e.code, e.message, { fields: { code: e.message } });
      }
      const recoveryCodes = await issueRecoveryCodes(tx, user.id);
      await auditAccount(tx, user, 'TWO_FACTOR_RECOVERY_CODES_REGENERATED', ip);
      return { recoveryCodes };
    });
  } catch (err) {
    const r = refused as SecondFactorResult | null;
    if (r && !r.ok) await auditRefusedCode(deps, user, r.reason, 'recovery-codes', ip);
    throw err;
  }
}

