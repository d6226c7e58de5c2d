import type { EmailSettings, SmsSettings, UpdateEmailSettingsBody, UpdateSmsSettingsBody } from '../../../shared/contracts/system-settings.js';
import { systemSettingsMessages as sm } from '../../../shared/messages/system-settings.js';
import type { Database } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant.js';
import { badRequest } from '../../errors.js';
import { createSmtpMailer, type Mailer, type SmtpSettings } from '../../integrations/mail/mailer.js';
import { AFRICAS_TALKING_SANDBOX_URL, AFRICAS_TALKING_URL, createAfricasTalkingGateway } from '../../integrations/sms/africas-talking.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { decryptSecret, encryptSecret, maskSecret } from '../../lib/secrets.js';
import { settingsGeneration, SETTING_KEYS } from './settings-store.js';
import { readSetting } from './system-settings.repository.js';

/**
 * E-mail and SMS provider settings (issue 18 §4 "e-mail and SMS provider settings (secrets encrypted,
 * never shown)"), kept in system_settings. Secrets are AES-256-GCM tokens (lib/secrets.ts, the server's
 * secrets key, AppDeps.mpesa.secretsKey); the API answers only whether one is set and a masked hint.
 */

/** The stored e-mail settings (system_settings 'email_provider'). */
export interface StoredEmail {
  mode: 'default' | 'smtp';
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
  /** encryptSecret token of the SMTP password, or null. */
  passwordEnc: string | null;
}

/** The stored SMS settings (system_settings 'sms_provider'). */
export interface StoredSms {
  provider: 'simulator' | 'africastalking';
  username: string;
  senderId: string;
  sandbox: boolean;
  /** encryptSecret token of the Africa's Talking API key, or null. */
  apiKeyEnc: string | null;
}

export const DEFAULT_EMAIL: StoredEmail = { mode: 'default', host: '', port: 587, secure: false, user: '', from: '', passwordEnc: null };
export const DEFAULT_SMS: StoredSms = { provider: 'simulator', username: '', senderId: '', sandbox: false, apiKeyEnc: null };

export async function readEmail(tx: Tx): Promise<{ stored: StoredEmail; updatedAt: Date | null }> {
  const row = await readSetting<Partial<StoredEmail>>(tx, SETTING_KEYS.email);
  return { stored: { ...DEFAULT_EMAIL, ...(row?.value ?? {}) }, updatedAt: row?.updatedAt ?? null };
}

export async function readSms(tx: Tx): Promise<{ stored: StoredSms; updatedAt: Date | null }> {
  const row = await readSetting<Partial<StoredSms>>(tx, SETTING_KEYS.sms);
  return { stored: { ...DEFAULT_SMS, ...(row?.value ?? {}) }, updatedAt: row?.updatedAt ?? null };
}

/** { set, hint }: the hint is maskSecret of the value, null when unset or unreadable with this key. */
function secretState(key: Buffer, token: string | null): { set: boolean; hint: string | null } {
  if (!token) return { set: false, hint: null };
  try {
    return { set: true, hint: maskSecret(decryptSecret(key, token)) };
  } catch {
    return { set: true, hint: null };
  }
}

export function emailView(key: Buffer, s: StoredEmail, updatedAt: Date | null): EmailSettings {
  return { mode: s.mode, host: s.host, port: s.port, secure: s.secure, user: s.user, from: s.from, password: secretState(key, s.passwordEnc), updatedAt: updatedAt?.toISOString() ?? null };
}

export function smsView(key: Buffer, s: StoredSms, updatedAt: Date | null): SmsSettings {
  return { provider: s.provider, username: s.username, senderId: s.senderId, sandbox: s.sandbox, apiKey: secretState(key, s.apiKeyEnc), updatedAt: updatedAt?.toISOString() ?? null };
}

const FROM_PATTERN = /^(?:[^<>@]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * The e-mail settings a PUT leads to: trimmed; the password kept when `password` is omitted or empty,
 * replaced (encrypted) when given, removed with clearPassword. SMTP mode needs a host, a port 1-65535
 * and a sender ("EduFam <no-reply@…>" or an address); a user without a password is refused. 400 with
 * field messages; nothing is written by this function.
 */
export function nextEmail(key: Buffer, current: StoredEmail, body: UpdateEmailSettingsBody): StoredEmail {
  const next: StoredEmail = {
    mode: body.mode,
    host: (body.host ?? '').trim(),
    port: body.port ?? 587,
    secure: body.secure ?? false,
    user: (body.user ?? '').trim(),
    from: (body.from ?? '').trim(),
    passwordEnc: body.clearPassword ? null : body.password ? encryptSecret(key, body.password) : current.passwordEnc,
  };
  if (next.mode === 'smtp') {
    const fields: Record<string, string> = {};
    if (!next.host || /\s/.test(next.host)) fields.host = sm.fields.host;
    if (!Number.isInteger(next.port) || next.port < 1 || next.port > 65535) fields.port = sm.fields.port;
    if (!FROM_PATTERN.test(next.from)) fields.from = sm.fields.from;
    if (next.user && !next.passwordEnc) fields.password = sm.fields.password;
    if (Object.keys(fields).length) throw badRequest(sm.api.invalid, fields);
  }
  return next;
}

/**
 * The SMS settings a PUT leads to: the API key kept when omitted or empty. Africa's Talking needs a
 * username and an API key (given now or stored); the sender ID is 3-11 letters, digits or spaces, or
 * empty for the account's default. 400 with field messages.
 */
export function nextSms(key: Buffer, current: StoredSms, body: UpdateSmsSettingsBody): StoredSms {
  const next: StoredSms = {
    provider: body.provider,
    username: (body.username ?? '').trim(),
    senderId: (body.senderId ?? '').trim(),
    sandbox: body.sandbox ?? false,
    apiKeyEnc: body.apiKey ? encryptSecret(key, body.apiKey.trim()) : current.apiKeyEnc,
  };
  const fields: Record<string, string> = {};
  if (next.senderId && !/^[A-Za-z0-9 ]{3,11}$/.test(next.senderId)) fields.senderId = sm.fields.smsSenderId;
  if (next.provider === 'africastalking') {
    if (!next.username) fields.username = sm.fields.username;
    if (!next.apiKeyEnc) fields.apiKey = sm.fields.apiKey;
  }
  if (Object.keys(fields).length) throw badRequest(sm.api.invalid, fields);
  return next;
}

/** Audit-safe copy of stored settings: secrets become "set" / null. */
export function redacted(s: StoredEmail | StoredSms): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  if ('passwordEnc' in s) {
    delete out.passwordEnc;
    out.password = s.passwordEnc ? 'set' : null;
  }
  if ('apiKeyEnc' in s) {
    delete out.apiKeyEnc;
    out.apiKey = s.apiKeyEnc ? 'set' : null;
  }
  return out;
}

/** SMTP settings for nodemailer from stored SMTP-mode settings (the password decrypted). Throws when unreadable. */
export function smtpSettingsOf(key: Buffer, s: StoredEmail): SmtpSettings {
  return { host: s.host, port: s.port, secure: s.secure, user: s.user || undefined, password: s.passwordEnc ? decryptSecret(key, s.passwordEnc) : undefined, from: s.from };
}

/**
 * Sends one message through the saved SMTP settings with short timeouts (the "Send test" button), or
 * through `base` (the server's configured mailer) in default mode. Throws the transport's error.
 */
export async function sendThroughSettings(key: Buffer, s: StoredEmail, base: Mailer, message: { to: string; subject: string; text: string }): Promise<void> {
  if (s.mode !== 'smtp') return base.send(message);
  const mailer = createSmtpMailer(smtpSettingsOf(key, s), { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
  try {
    await mailer.send(message);
  } finally {
    mailer.close();
  }
}

/**
 * The gateway the saved SMS settings describe: Africa's Talking (production or sandbox) with the
 * decrypted API key, or the simulator (`base` when it is one, so its delivery reports keep flowing;
 * otherwise `simulator()`).
 */
export function gatewayOf(key: Buffer, s: StoredSms, base: SmsGateway, simulator: () => SmsGateway): SmsGateway {
  if (s.provider === 'africastalking') {
    if (!s.apiKeyEnc) throw badRequest(sm.fields.apiKey, { apiKey: sm.fields.apiKey });
    return createAfricasTalkingGateway({
      username: s.username,
      apiKey: decryptSecret(key, s.apiKeyEnc),
      senderId: s.senderId || undefined,
      baseUrl: s.sandbox ? AFRICAS_TALKING_SANDBOX_URL : AFRICAS_TALKING_URL,
    });
  }
  return base.provider === 'simulator' ? base : simulator();
}

/** How long the settings mailer keeps the saved e-mail settings before reading them again. */
export const MAILER_SETTINGS_TTL_MS = 30_000;

/**
 * A Mailer that sends through the SMTP settings saved in System Settings when their mode is "smtp",
 * and through `base` (the server's configured mailer: SMTP_* variables, or the log) otherwise. The
 * settings are read at most every 30 s (and at once in this process after they are saved); a saved
 * password that cannot be decrypted with this server's key falls back to `base`. close() closes both.
 * `secretsKey` may be a function, read at the first send (app.ts builds the mailer before the key).
 */
export function createSettingsMailer(base: Mailer, database: Database, secretsKey: Buffer | (() => Buffer)): Mailer {
  const keyOf = () => (typeof secretsKey === 'function' ? secretsKey() : secretsKey);
  let cache: { at: number; generation: number; mailer: Mailer | null } | null = null;
  const current = async (): Promise<Mailer> => {
    const now = Date.now();
    if (!cache || now - cache.at > MAILER_SETTINGS_TTL_MS || cache.generation !== settingsGeneration()) {
      const { stored } = await withSystem(database.db, readEmail);
      cache?.mailer?.close();
      let mailer: Mailer | null = null;
      if (stored.mode === 'smtp' && stored.host) {
        try {
          mailer = createSmtpMailer(smtpSettingsOf(keyOf(), stored));
        } catch {
          mailer = null;
        }
      }
      cache = { at: now, generation: settingsGeneration(), mailer };
    }
    return cache.mailer ?? base;
  };
  return {
    async send(message) {
      await (await current()).send(message);
    },
    close() {
      cache?.mailer?.close();
      cache = null;
      base.close();
    },
  };
}

/**
 * Which gateway sends SMS (issue 18 §4): Africa's Talking as saved in System Settings when EduFam staff
 * chose it there, else `base` (the server's SMS_PROVIDER configuration; the demo's saved "simulator"
 * default leaves that in charge). A saved key this server cannot decrypt falls back to `base`.
 */
export function chooseSmsGateway(key: () => Buffer, stored: StoredSms, base: SmsGateway): SmsGateway {
  if (stored.provider !== 'africastalking' || !stored.apiKeyEnc) return base;
  try {
    return gatewayOf(key(), stored, base, () => base);
  } catch {
    return base;
  }
}

/**
 * An SmsGateway over chooseSmsGateway: the saved settings are read at most every 30 s (at once in this
 * process after a save). `provider` names the gateway of the last send, for the SMS log.
 */
export function createSettingsSmsGateway(base: SmsGateway, database: Database, secretsKey: () => Buffer): SmsGateway {
  let cache: { at: number; generation: number; gateway: SmsGateway } | null = null;
  const current = async (): Promise<SmsGateway> => {
    const now = Date.now();
    if (!cache || now - cache.at > MAILER_SETTINGS_TTL_MS || cache.generation !== settingsGeneration()) {
      const { stored } = await withSystem(database.db, readSms);
      cache = { at: now, generation: settingsGeneration(), gateway: chooseSmsGateway(secretsKey, stored, base) };
    }
    return cache.gateway;
  };
  return {
    get provider() {
      return (cache?.gateway ?? base).provider;
    },
    async send(msg) {
      return (await current()).send(msg);
    },
  };
}
