import type { FastifyBaseLogger } from 'fastify';
import type { MpesaEnvironment } from '../../../shared/contracts/mpesa.js';
import { decryptSecret } from '../../lib/secrets.js';
import { createDarajaClient, darajaBaseUrl, type DarajaClient } from '../../integrations/mpesa/daraja-client.js';
import type { MpesaConfigRow } from './config.repository.js';
import { AppError } from '../../errors.js';
import { messages } from '../../../shared/messages.js';
import type { NoticeDeps } from '../fees/index.js';

/**
 * What the M-Pesa module needs from buildApp: the database, events, SMS and mail (through the fees
 * notices), the secrets key, and how to reach Daraja for each environment. The simulator environment is
 * answered in-process (`simulatorFetch`), so the demo needs no network at all.
 */
export interface MpesaDeps extends NoticeDeps {
  secretsKey: Buffer;
  /** Base URL of the school callback paths, e.g. https://school.example (no trailing slash). */
  callbackBase: string;
  urls: { simulator: string; sandbox: string; production: string };
  /** fetch for the simulator environment (in-process), or undefined to use the network. */
  simulatorFetch?: typeof fetch;
  /**
   * The in-process simulator's key (SIMULATOR_KEY_HEADER), when it is mounted: a callback carrying it
   * came from the simulator and may only pay a school on the simulator environment; a callback without
   * it may not pay such a school (issue 32 §1).
   */
  simulatorKey?: string;
  /** Seconds a pending STK Push waits for its callback before the STK query resolves it. */
  stkTimeoutSeconds: number;
  /**
   * C2B payments above this (KES cents) are held for review instead of posted (issue 32 §2); default
   * Safaricom's paybill transaction maximum, KES 250,000 (MPESA_C2B_MAX_KES).
   */
  c2bMaxCents: number;
  log: FastifyBaseLogger;
  /** Issue 37 §3: counts each answered callback by kind and outcome for GET /metrics (modules/health/ops-counters.ts). */
  ops?: { mpesaCallback(kind: 'stk' | 'c2b_validation' | 'c2b_confirmation', outcome: string): void };
}

export type { MpesaConfigRow };

/** Credentials the simulator environment runs with when a school stored none (sandbox passkey, mpesa-daraja.md). */
export const SIMULATOR_CREDENTIALS = {
  consumerKey: 'simulator-key',
  consumerSecret: 'simulator-secret',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
} as const;

/** The school's Daraja credentials, decrypted (never leaves the server). 409 when missing or unreadable. */
export function credentialsOf(deps: Pick<MpesaDeps, 'secretsKey'>, cfg: MpesaConfigRow): { consumerKey: string; consumerSecret: string; passkey: string } {
  // The simulator takes any credentials; a school that stored none uses Safaricom's sandbox passkey.
  if (cfg.environment === 'simulator' && (!cfg.consumerKeyEnc || !cfg.consumerSecretEnc || !cfg.passkeyEnc)) return SIMULATOR_CREDENTIALS;
  if (!cfg.consumerKeyEnc || !cfg.consumerSecretEnc || !cfg.passkeyEnc) throw new AppError(409, 'MPESA_CREDENTIALS_MISSING', messages.fees.credentialsRequired);
  try {
    return {
      consumerKey: decryptSecret(deps.secretsKey, cfg.consumerKeyEnc),
      consumerSecret: decryptSecret(deps.secretsKey, cfg.consumerSecretEnc),
      passkey: decryptSecret(deps.secretsKey, cfg.passkeyEnc),
    };
  } catch (err) {
    throw new AppError(409, 'MPESA_SECRETS_UNREADABLE', messages.fees.secretsUnavailable, {}, err);
  }
}

/** A Daraja client for a school's set-up (its environment's base URL, its credentials). */
export function darajaFor(deps: MpesaDeps, cfg: MpesaConfigRow): { client: DarajaClient; passkey: string } {
  const creds = credentialsOf(deps, cfg);
  const env = cfg.environment as MpesaEnvironment;
  return {
    client: createDarajaClient({
      baseUrl: darajaBaseUrl(env, deps.urls),
      consumerKey: creds.consumerKey,
      consumerSecret: creds.consumerSecret,
      fetch: env === 'simulator' ? deps.simulatorFetch : undefined,
    }),
    passkey: creds.passkey,
  };
}

/** The school's three callback URLs (issue 11 §3: a per-school random token in the path). */
export function callbackUrls(callbackBase: string, token: string) {
  const base = `${callbackBase}/api/mpesa/callbacks/${token}`;
  return { stk: `${base}/stk`, validation: `${base}/validation`, confirmation: `${base}/confirmation` };
}

/**
 * The same C2B callbacks under /api/paybill/…: Daraja refuses to register URLs that contain "mpesa"
 * (mpesa-daraja.md, C2B register), so these are the ones registered; both paths reach one handler
 * (docs/decisions/0008).
 */
export function c2bRegisterUrls(callbackBase: string, token: string) {
  const base = `${callbackBase}/api/paybill/callbacks/${token}`;
  return { validation: `${base}/validation`, confirmation: `${base}/confirmation` };
}
