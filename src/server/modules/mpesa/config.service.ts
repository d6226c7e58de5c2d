import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import { ADMIN_ROLES } from '../../../shared/roles.js';
import type { MpesaConfig, putMpesaConfigBody } from '../../../shared/contracts/mpesa.js';
import { messages } from '../../../shared/messages.js';
import { withSystem } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { DarajaError } from '../../integrations/mpesa/daraja-client.js';
import { encryptSecret, decryptSecret, maskSecret } from '../../lib/secrets.js';
import { FEES_AUDIT } from '../fees/index.js';
import { c2bRegisterUrls, callbackUrls, darajaFor, type MpesaConfigRow, type MpesaDeps } from './mpesa-deps.js';
import { auditSchool, schoolIdOf, inSchool } from '../../lib/school-context.js';
import { findConfig, insertConfig, listSchoolsUsingShortcode, updateConfig } from './config.repository.js';

const m = messages.fees;

/**
 * A school's M-Pesa set-up (issue 11 §3): paybill or till, shortcode, Daraja credentials (AES-256-GCM
 * at rest, never returned: only masked hints), environment (simulator, sandbox, production: base URLs
 * from configuration), strict C2B validation, and the callback URLs with the school's random token.
 * Each shortcode belongs to exactly one school (unique index).
 */

/** A random callback token (URL-safe, 32 characters). */
export function newCallbackToken(): string {
  return randomBytes(24).toString('base64url');
}

function hint(deps: Pick<MpesaDeps, 'secretsKey'>, enc: string | null): string | null {
  if (!enc) return null;
  try {
    return maskSecret(decryptSecret(deps.secretsKey, enc));
  } catch {
    return '••••••••';
  }
}

/** Stands in for the callback token in the URLs shown to roles that may not see it. */
const HIDDEN_TOKEN = '••••••••';

/**
 * May `actor` see the school's callback token (in its callback URLs)? Only the finance officer, who
 * sets M-Pesa up, and platform admins (issue 32 §1): with the token anyone can post callbacks.
 */
export function seesCallbackToken(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'finance_officer' || (ADMIN_ROLES as readonly string[]).includes(actor.role);
}

/** The set-up as GET /api/mpesa/config answers it (no secrets; the token masked unless `revealToken`). */
export function toConfig(deps: Pick<MpesaDeps, 'secretsKey' | 'callbackBase'>, row: MpesaConfigRow, revealToken = true): MpesaConfig {
  const token = revealToken ? row.callbackToken : HIDDEN_TOKEN;
  return {
    shortcode: row.shortcode,
    shortcodeType: row.shortcodeType as MpesaConfig['shortcodeType'],
    environment: row.environment as MpesaConfig['environment'],
    callbackUrls: callbackUrls(deps.callbackBase, token),
    registeredUrls: c2bRegisterUrls(deps.callbackBase, token),
    tillNumber: row.tillNumber,
    strictValidation: row.strictValidation,
    consumerKey: hint(deps, row.consumerKeyEnc),
    consumerSecret: hint(deps, row.consumerSecretEnc),
    passkey: hint(deps, row.passkeyEnc),
    c2bRegisteredAt: row.c2bRegisteredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/mpesa/config: 404 MPESA_NOT_CONFIGURED until the finance officer saves one. */
export async function getConfig(deps: MpesaDeps, actor: Actor, schoolId?: string): Promise<MpesaConfig> {
  return inSchool(deps.database, actor, schoolId, async (tx, id) => {
    const row = await findConfig(tx, id);
    if (!row) throw new AppError(404, 'MPESA_NOT_CONFIGURED', m.mpesaNotConfigured);
    return toConfig(deps, row, seesCallbackToken(actor));
  });
}

/**
 * PUT /api/mpesa/config (finance officer): saves the set-up. Secrets left out keep their stored value;
 * a new set-up needs all three (the simulator accepts any). 409 SHORTCODE_TAKEN when another school
 * already uses the shortcode. Audited without the secrets (only which ones changed).
 */
export async function putConfig(deps: MpesaDeps, actor: Actor, body: z.output<typeof putMpesaConfigBody>, ip: string): Promise<MpesaConfig> {
  // The shortcode must be free across every school: look past this school's row-level security (a
  // separate transaction; PGlite runs one at a time). A race between two schools ends at the unique index.
  const ownSchool = schoolIdOf(actor);
  const taken = await withSystem(deps.database.db, (sys) => listSchoolsUsingShortcode(sys, body.shortcode, ownSchool));
  if (taken.length) throw new AppError(409, 'SHORTCODE_TAKEN', m.shortcodeTaken);
  return inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const before = await findConfig(tx, schoolId);
    const enc = (v: string | undefined, old: string | null | undefined) => (v ? encryptSecret(deps.secretsKey, v) : (old ?? null));
    const values = {
      shortcode: body.shortcode,
      shortcodeType: body.shortcodeType,
      tillNumber: body.shortcodeType === 'till' ? (body.tillNumber ?? null) : null,
      environment: body.environment,
      consumerKeyEnc: enc(body.consumerKey, before?.consumerKeyEnc),
      consumerSecretEnc: enc(body.consumerSecret, before?.consumerSecretEnc),
      passkeyEnc: enc(body.passkey, before?.passkeyEnc),
      strictValidation: body.strictValidation,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    if (body.environment !== 'simulator' && (!values.consumerKeyEnc || !values.consumerSecretEnc || !values.passkeyEnc)) {
      throw badRequest(m.credentialsRequired, { consumerKey: m.credentialsRequired });
    }
    // Issue 32 §1: a new environment or new credentials get a new callback token, so callbacks meant for
    // the old set-up (and anyone who saw its URLs) stop working at once; the C2B URLs must be registered
    // again.
    const rotate =
      !!before && (before.environment !== body.environment || !!body.consumerKey || !!body.consumerSecret || !!body.passkey);
    const row = before
      ? await updateConfig(tx, schoolId, { ...values, ...(rotate ? { callbackToken: newCallbackToken(), c2bRegisteredAt: null } : {}) })
      : await insertConfig(tx, schoolId, { ...values, callbackToken: newCallbackToken() });
    const safe = (r: MpesaConfigRow | null) =>
      r && { shortcode: r.shortcode, shortcodeType: r.shortcodeType, tillNumber: r.tillNumber, environment: r.environment, strictValidation: r.strictValidation };
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaConfigUpdated, `mpesa_config:${schoolId}`, safe(before), safe(row!), {
      secretsChanged: ['consumerKey', 'consumerSecret', 'passkey'].filter((k) => body[k as 'consumerKey']),
      callbackTokenRotated: rotate,
    });
    return toConfig(deps, row!);
  });
}

/** POST /api/mpesa/config/rotate-token: a new callback token (the old URLs stop working at once). */
export async function rotateToken(deps: MpesaDeps, actor: Actor, ip: string): Promise<MpesaConfig> {
  return inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const before = await findConfig(tx, schoolId);
    if (!before) throw new AppError(404, 'MPESA_NOT_CONFIGURED', m.mpesaNotConfigured);
    const row = await updateConfig(tx, schoolId, { callbackToken: newCallbackToken(), c2bRegisteredAt: null, updatedAt: new Date(), updatedBy: actor.id });
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaTokenRotated, `mpesa_config:${schoolId}`, null, null);
    return toConfig(deps, row!);
  });
}

/**
 * POST /api/mpesa/register-urls: registers the school's C2B validation and confirmation URLs with
 * Daraja (ResponseType Completed: if validation cannot be reached, Safaricom completes the payment and
 * the confirmation still arrives). 502 with Daraja's message when it refuses.
 */
export async function registerUrls(deps: MpesaDeps, actor: Actor, ip: string): Promise<MpesaConfig> {
  const row = await inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const r = await findConfig(tx, schoolId);
    if (!r) throw new AppError(404, 'MPESA_NOT_CONFIGURED', m.mpesaNotConfigured);
    return r;
  });
  const { client } = darajaFor(deps, row);
  const urls = c2bRegisterUrls(deps.callbackBase, row.callbackToken);
  try {
    await client.registerC2bUrls({ shortcode: row.shortcode, responseType: 'Completed', confirmationUrl: urls.confirmation, validationUrl: urls.validation });
  } catch (err) {
    const reason = err instanceof DarajaError ? err.errorMessage || err.message : 'unknown error';
    throw new AppError(502, 'DARAJA_REFUSED', m.registerFailed(reason), {}, err);
  }
  return inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    const after = await updateConfig(tx, schoolId, { c2bRegisteredAt: new Date() });
    if (!after) throw notFound(m.mpesaNotConfigured);
    await auditSchool(tx, { actor, schoolId, ip }, FEES_AUDIT.mpesaUrlsRegistered, `mpesa_config:${schoolId}`, null, urls);
    return toConfig(deps, after);
  });
}
