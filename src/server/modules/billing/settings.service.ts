import { randomBytes } from 'node:crypto';
import type { BillingSettings, PutBillingSettingsBody } from '../../../shared/contracts/billing.js';
import { BILLING_FALLBACK_COMPANY, billingMessages as bm } from '../../../shared/messages/billing.js';
import type { Tx } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { createDarajaClient, darajaBaseUrl, type DarajaClient } from '../../integrations/mpesa/daraja-client.js';
import { decryptSecret, encryptSecret, maskSecret } from '../../lib/secrets.js';
import { SIMULATOR_CREDENTIALS, type MpesaDeps } from '../mpesa/index.js';
import { findCompany, findSetting, findSettingUpdatedAt, insertSettingIfMissing, updateSetting } from './settings.repository.js';

/** system_settings key of the billing settings. */
export const BILLING_SETTINGS_KEY = 'billing_settings';

/** What is stored under system_settings 'billing_settings' (secrets encrypted with the secrets key). */
export interface StoredBillingSettings {
  vatRateBps: number;
  paymentTermsDays: number;
  graceDays: number;
  reminderDaysBefore: number[];
  reminderDaysAfter: number[];
  mpesa: {
    environment: 'simulator' | 'sandbox' | 'production';
    shortCode: string;
    consumerKeyEnc: string | null;
    consumerSecretEnc: string | null;
    passkeyEnc: string | null;
    /** The secret path segment of the platform's callback URLs. */
    callbackToken: string;
  };
}

/**
 * Defaults (issue 18 §1): VAT 16 % (Kenya's standard rate), 14 days to pay, 14 days' grace before
 * read-only, reminders 7 and 1 days before and 1, 7, 14 days after the due date, the simulator's
 * sandbox paybill 174379.
 */
export function defaultBillingSettings(): StoredBillingSettings {
  return {
    vatRateBps: 1600,
    paymentTermsDays: 14,
    graceDays: 14,
    reminderDaysBefore: [7, 1],
    reminderDaysAfter: [1, 7, 14],
    mpesa: { environment: 'simulator', shortCode: '174379', consumerKeyEnc: null, consumerSecretEnc: null, passkeyEnc: null, callbackToken: randomBytes(24).toString('hex') },
  };
}

/** The stored settings merged over the defaults; creates the row (with a fresh callback token) when missing. Platform context. */
export async function loadBillingSettings(tx: Tx): Promise<StoredBillingSettings> {
  const row = await findSetting(tx, BILLING_SETTINGS_KEY);
  const d = defaultBillingSettings();
  if (!row) {
    await insertSettingIfMissing(tx, BILLING_SETTINGS_KEY, d, 'Platform billing (issue 18 §1)');
    const again = await findSetting(tx, BILLING_SETTINGS_KEY);
    return mergeSettings(d, again?.settingValue);
  }
  return mergeSettings(d, row.settingValue);
}

function mergeSettings(d: StoredBillingSettings, raw: unknown): StoredBillingSettings {
  const v = (raw ?? {}) as Partial<StoredBillingSettings>;
  return { ...d, ...v, mpesa: { ...d.mpesa, ...(v.mpesa ?? {}) } };
}

export interface CompanyDetails {
  name: string;
  kraPin: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  paybill: string | null;
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
}

/** EduFam's own details from Company Management (platform_company), "EduFam" when empty. Platform context. */
export async function loadCompany(tx: Tx): Promise<CompanyDetails> {
  const c = await findCompany(tx);
  return {
    name: c?.name?.trim() || BILLING_FALLBACK_COMPANY,
    kraPin: c?.kraPin ?? null,
    address: c?.address ?? null,
    email: c?.email ?? null,
    phone: c?.phone ?? null,
    paybill: c?.paybill ?? null,
    bankName: c?.bankName ?? null,
    bankAccountName: c?.bankAccountName ?? null,
    bankAccountNumber: c?.bankAccountNumber ?? null,
    bankBranch: c?.bankBranch ?? null,
  };
}

/** The paybill schools pay to: Company Management's paybill, else the billing M-Pesa short code. */
export function paybillOf(s: StoredBillingSettings, company: CompanyDetails): string {
  return company.paybill?.trim() || s.mpesa.shortCode;
}

/** The platform's STK callback and C2B confirmation URLs (the token is the secret). */
export function platformCallbackUrls(callbackBase: string, token: string) {
  return {
    stk: `${callbackBase}/api/billing/mpesa/callback/${token}`,
    // Daraja refuses C2B URLs containing "mpesa" (mpesa-daraja.md, C2B register).
    confirmation: `${callbackBase}/api/billing/paybill/confirmation/${token}`,
  };
}

function masked(key: Buffer, enc: string | null): string | null {
  if (!enc) return null;
  try {
    return maskSecret(decryptSecret(key, enc));
  } catch {
    return null;
  }
}

/** The settings as GET /api/billing/settings answers them: secrets masked, company read-only. */
export function settingsView(s: StoredBillingSettings, company: CompanyDetails, deps: Pick<MpesaDeps, 'secretsKey' | 'callbackBase'>, updatedAt: Date | null): BillingSettings {
  const urls = platformCallbackUrls(deps.callbackBase, s.mpesa.callbackToken);
  return {
    vatRateBps: s.vatRateBps,
    paymentTermsDays: s.paymentTermsDays,
    graceDays: s.graceDays,
    reminderDaysBefore: s.reminderDaysBefore,
    reminderDaysAfter: s.reminderDaysAfter,
    mpesa: {
      environment: s.mpesa.environment,
      shortCode: s.mpesa.shortCode,
      consumerKey: masked(deps.secretsKey, s.mpesa.consumerKeyEnc),
      consumerSecret: masked(deps.secretsKey, s.mpesa.consumerSecretEnc),
      passkey: masked(deps.secretsKey, s.mpesa.passkeyEnc),
      stkCallbackUrl: urls.stk,
      c2bConfirmationUrl: urls.confirmation,
    },
    company,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** GET /api/billing/settings. */
export async function getSettings(tx: Tx, deps: Pick<MpesaDeps, 'secretsKey' | 'callbackBase'>): Promise<BillingSettings> {
  const s = await loadBillingSettings(tx);
  const row = await findSettingUpdatedAt(tx, BILLING_SETTINGS_KEY);
  return settingsView(s, await loadCompany(tx), deps, row?.updatedAt ?? null);
}

/** PUT /api/billing/settings: merges the body; secrets encrypted; returns old and new (secrets left out) for the audit. */
export async function putSettings(
  tx: Tx,
  deps: Pick<MpesaDeps, 'secretsKey' | 'callbackBase'>,
  userId: string,
  body: PutBillingSettingsBody,
): Promise<{ view: BillingSettings; before: unknown; after: unknown }> {
  const s = await loadBillingSettings(tx);
  const next: StoredBillingSettings = {
    ...s,
    vatRateBps: body.vatRateBps ?? s.vatRateBps,
    paymentTermsDays: body.paymentTermsDays ?? s.paymentTermsDays,
    graceDays: body.graceDays ?? s.graceDays,
    reminderDaysBefore: body.reminderDaysBefore ? [...new Set(body.reminderDaysBefore)].sort((a, b) => b - a) : s.reminderDaysBefore,
    reminderDaysAfter: body.reminderDaysAfter ? [...new Set(body.reminderDaysAfter)].sort((a, b) => a - b) : s.reminderDaysAfter,
    mpesa: {
      ...s.mpesa,
      environment: body.mpesa?.environment ?? s.mpesa.environment,
      shortCode: body.mpesa?.shortCode ?? s.mpesa.shortCode,
      consumerKeyEnc: body.mpesa?.consumerKey ? encryptSecret(deps.secretsKey, body.mpesa.consumerKey) : s.mpesa.consumerKeyEnc,
      consumerSecretEnc: body.mpesa?.consumerSecret ? encryptSecret(deps.secretsKey, body.mpesa.consumerSecret) : s.mpesa.consumerSecretEnc,
      passkeyEnc: body.mpesa?.passkey ? encryptSecret(deps.secretsKey, body.mpesa.passkey) : s.mpesa.passkeyEnc,
    },
  };
  const now = new Date();
  await updateSetting(tx, BILLING_SETTINGS_KEY, next, now, userId);
  const auditable = (x: StoredBillingSettings) => ({
    vatRateBps: x.vatRateBps,
    paymentTermsDays: x.paymentTermsDays,
    graceDays: x.graceDays,
    reminderDaysBefore: x.reminderDaysBefore,
    reminderDaysAfter: x.reminderDaysAfter,
    mpesa: { environment: x.mpesa.environment, shortCode: x.mpesa.shortCode, secretsChanged: undefined as string[] | undefined },
  });
  const after = auditable(next);
  const changed = (['consumerKey', 'consumerSecret', 'passkey'] as const).filter((k) => body.mpesa?.[k]);
  if (changed.length) after.mpesa.secretsChanged = changed;
  return { view: settingsView(next, await loadCompany(tx), deps, now), before: auditable(s), after };
}

/** A Daraja client for the platform paybill: the same client and simulator as school fees (mpesa-deps.ts). */
export function platformDaraja(deps: MpesaDeps, s: StoredBillingSettings): { client: DarajaClient; passkey: string } {
  const m = s.mpesa;
  let creds: { consumerKey: string; consumerSecret: string; passkey: string };
  if (m.environment === 'simulator' && (!m.consumerKeyEnc || !m.consumerSecretEnc || !m.passkeyEnc)) creds = SIMULATOR_CREDENTIALS;
  else if (!m.consumerKeyEnc || !m.consumerSecretEnc || !m.passkeyEnc) throw new AppError(409, 'MPESA_CREDENTIALS_MISSING', bm.api.mpesaCredentialsMissing);
  else {
    try {
      creds = {
        consumerKey: decryptSecret(deps.secretsKey, m.consumerKeyEnc),
        consumerSecret: decryptSecret(deps.secretsKey, m.consumerSecretEnc),
        passkey: decryptSecret(deps.secretsKey, m.passkeyEnc),
      };
    } catch (err) {
      throw new AppError(409, 'MPESA_SECRETS_UNREADABLE', bm.api.mpesaCredentialsMissing, {}, err);
    }
  }
  return {
    client: createDarajaClient({
      baseUrl: darajaBaseUrl(m.environment, deps.urls),
      consumerKey: creds.consumerKey,
      consumerSecret: creds.consumerSecret,
      fetch: m.environment === 'simulator' ? deps.simulatorFetch : undefined,
    }),
    passkey: creds.passkey,
  };
}
