import {
  checkNewSchoolDefaults,
  FEATURE_KEYS,
  type FeatureFlagsMatrix,
  type FeatureKey,
  type NewSchoolDefaults,
  type NewSchoolDefaultsResponse,
  type SchoolFeatureFlags,
  type UpdateEmailSettingsBody,
  type UpdateSmsSettingsBody,
} from '../../../shared/contracts/system-settings.js';
import { systemSettingsMessages as sm } from '../../../shared/messages/system-settings.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { isSchoolRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { createSmsSimulator } from '../../integrations/sms/sms-simulator.js';
import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import { recordAudit } from '../../lib/audit.js';
import { findSchoolName, type ScopedRequestCaller } from '../../lib/school-context.js';
import { invalidateFeatureFlags, schoolFlags } from './feature-flag-gate.js';
import { newSchoolDefaults } from './new-school-defaults.js';
import { emailView, gatewayOf, nextEmail, nextSms, readEmail, readSms, redacted, sendThroughSettings, smsView } from './providers.js';
import { bumpSettingsGeneration, SETTING_KEYS } from './settings-store.js';
import * as repo from './system-settings.repository.js';

/** Audit actions of System Settings. */
export const SETTINGS_AUDIT = {
  defaults: 'NEW_SCHOOL_DEFAULTS_UPDATED',
  flags: 'FEATURE_FLAGS_UPDATED',
  email: 'EMAIL_SETTINGS_UPDATED',
  sms: 'SMS_SETTINGS_UPDATED',
} as const;

const platform = (c: ScopedRequestCaller) => ({ performedByUserId: c.actor.id, performedByRole: c.actor.role, ipAddress: c.ip });

/** GET /api/system-settings/new-school-defaults: the saved defaults, or the built-in ones (updatedAt null). */
export async function getDefaults(database: Database, c: ScopedRequestCaller): Promise<NewSchoolDefaultsResponse> {
  return withScope(database.db, c.scope, async (tx) => {
    const { defaults, updatedAt } = await newSchoolDefaults(tx);
    return { defaults, updatedAt: updatedAt?.toISOString() ?? null };
  });
}

/**
 * PUT /api/system-settings/new-school-defaults: checks (checkNewSchoolDefaults: three terms in order
 * with valid month-days, usable grading bands, sender ID 3-11 characters, a valid admission pattern;
 * 400 with field messages, nothing written), stores them trimmed, audits old and new values.
 */
export async function saveDefaults(database: Database, c: ScopedRequestCaller, body: NewSchoolDefaults): Promise<NewSchoolDefaultsResponse> {
  const clean: NewSchoolDefaults = {
    curricula: [...new Set(body.curricula)],
    terms: body.terms.map((t) => ({ ...t, name: t.name.trim() })),
    gradingScales: body.gradingScales.map((s) => ({ ...s, name: s.name.trim(), bands: s.bands.map((b) => ({ ...b, code: b.code.trim(), descriptor: b.descriptor.trim() })) })),
    smsSenderId: body.smsSenderId.trim(),
    admissionNumberPattern: body.admissionNumberPattern.trim(),
  };
  const fields = checkNewSchoolDefaults(clean);
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] ?? sm.api.invalid, fields);
  return withScope(database.db, c.scope, async (tx) => {
    const before = await newSchoolDefaults(tx);
    const at = await repo.writeSetting(tx, SETTING_KEYS.newSchoolDefaults, clean, c.actor.id, 'Defaults for new schools (System Settings)');
    await recordAudit(tx, { schoolId: null, action: SETTINGS_AUDIT.defaults, targetEntity: `system_settings:${SETTING_KEYS.newSchoolDefaults}`, oldValue: before.defaults, newValue: clean, ...platform(c) });
    return { defaults: clean, updatedAt: at.toISOString(), message: sm.api.defaultsSaved };
  });
}

const catalogue = () => FEATURE_KEYS.map((key) => ({ key, label: sm.features[key].label, description: sm.features[key].description }));

/** GET /api/system-settings/feature-flags: the catalogue and every school's flags (schools by name). */
export async function featureMatrix(database: Database, c: ScopedRequestCaller): Promise<FeatureFlagsMatrix> {
  return withScope(database.db, c.scope, async (tx) => {
    const list = await repo.listSchoolsByName(tx);
    const rows = await repo.listAllFeatureFlags(tx);
    return {
      features: catalogue(),
      schools: list.map((s) => {
        const flags: Record<string, boolean> = Object.fromEntries(FEATURE_KEYS.map((k) => [k, true]));
        for (const r of rows) if (r.schoolId === s.id && r.key in flags) flags[r.key] = r.enabled;
        return { schoolId: s.id, name: s.name, code: s.code, status: s.status, flags };
      }),
    };
  });
}

/**
 * PUT /api/system-settings/feature-flags/:schoolId { flags: { [feature]: boolean } }: sets the given
 * features (others unchanged). 404 unknown school; 400 unknown feature key (nothing written). Audited
 * as FEATURE_FLAGS_UPDATED on the school with the changed flags' old and new values; this process's
 * gate sees the change at once, other instances within 30 s.
 */
export async function saveSchoolFlags(database: Database, c: ScopedRequestCaller, schoolId: string, flags: Record<string, boolean>): Promise<SchoolFeatureFlags> {
  const unknown = Object.keys(flags).filter((k) => !(FEATURE_KEYS as readonly string[]).includes(k));
  if (unknown.length) throw badRequest(sm.api.unknownFeature(unknown[0]!), { flags: sm.api.unknownFeature(unknown[0]!) });
  const result = await withScope(database.db, c.scope, async (tx) => {
    const school = await findSchoolName(tx, schoolId);
    if (!school) throw notFound(sm.api.schoolNotFound);
    const before = await schoolFlags(tx, schoolId);
    const oldValue: Record<string, boolean> = {};
    const newValue: Record<string, boolean> = {};
    const now = new Date();
    for (const [key, enabled] of Object.entries(flags) as [FeatureKey, boolean][]) {
      if (before[key] === enabled) continue;
      oldValue[key] = before[key];
      newValue[key] = enabled;
      await repo.upsertFeatureFlag(tx, schoolId, key, enabled, c.actor.id, now);
    }
    if (Object.keys(newValue).length) {
      await recordAudit(tx, { schoolId, action: SETTINGS_AUDIT.flags, targetEntity: `school:${schoolId}`, oldValue, newValue, ...platform(c) });
    }
    return { schoolId, flags: await schoolFlags(tx, schoolId), message: sm.api.flagsSaved(school.name) };
  });
  invalidateFeatureFlags();
  return result;
}

/** GET /api/feature-flags/mine: a school user's school flags; platform staff get every feature on (schoolId null). */
export async function myFlags(database: Database, c: ScopedRequestCaller): Promise<SchoolFeatureFlags> {
  if (!isSchoolRole(c.actor.role) || !c.actor.schoolId) {
    return { schoolId: null, flags: Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])) };
  }
  const schoolId = c.actor.schoolId;
  return withScope(database.db, c.scope, async (tx) => ({ schoolId, flags: await schoolFlags(tx, schoolId) }));
}

/** GET /api/system-settings/email: the settings with the password as { set, hint } only. */
export async function getEmail(database: Database, c: ScopedRequestCaller, key: Buffer) {
  return withScope(database.db, c.scope, async (tx) => {
    const { stored, updatedAt } = await readEmail(tx);
    return emailView(key, stored, updatedAt);
  });
}

/** PUT /api/system-settings/email (rules in providers.ts nextEmail); audited without secrets. */
export async function saveEmail(database: Database, c: ScopedRequestCaller, key: Buffer, body: UpdateEmailSettingsBody) {
  const result = await withScope(database.db, c.scope, async (tx) => {
    const { stored } = await readEmail(tx);
    const next = nextEmail(key, stored, body);
    const at = await repo.writeSetting(tx, SETTING_KEYS.email, next, c.actor.id, 'E-mail provider (System Settings)');
    await recordAudit(tx, {
      schoolId: null,
      action: SETTINGS_AUDIT.email,
      targetEntity: `system_settings:${SETTING_KEYS.email}`,
      oldValue: redacted(stored),
      newValue: redacted(next),
      metadata: { passwordChanged: next.passwordEnc !== stored.passwordEnc },
      ...platform(c),
    });
    return { settings: emailView(key, next, at), message: sm.api.emailSaved };
  });
  bumpSettingsGeneration();
  return result;
}

/** GET /api/system-settings/sms: the settings with the API key as { set, hint } only. */
export async function getSms(database: Database, c: ScopedRequestCaller, key: Buffer) {
  return withScope(database.db, c.scope, async (tx) => {
    const { stored, updatedAt } = await readSms(tx);
    return smsView(key, stored, updatedAt);
  });
}

/** PUT /api/system-settings/sms (rules in providers.ts nextSms); audited without secrets. */
export async function saveSms(database: Database, c: ScopedRequestCaller, key: Buffer, body: UpdateSmsSettingsBody) {
  const result = await withScope(database.db, c.scope, async (tx) => {
    const { stored } = await readSms(tx);
    const next = nextSms(key, stored, body);
    const at = await repo.writeSetting(tx, SETTING_KEYS.sms, next, c.actor.id, 'SMS provider (System Settings)');
    await recordAudit(tx, {
      schoolId: null,
      action: SETTINGS_AUDIT.sms,
      targetEntity: `system_settings:${SETTING_KEYS.sms}`,
      oldValue: redacted(stored),
      newValue: redacted(next),
      metadata: { apiKeyChanged: next.apiKeyEnc !== stored.apiKeyEnc },
      ...platform(c),
    });
    return { settings: smsView(key, next, at), message: sm.api.smsSaved };
  });
  bumpSettingsGeneration();
  return result;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reason of a failed send, without anything that could be a secret (first line, at most 200 characters). */
function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').slice(0, 200) || 'unknown error';
}

/**
 * POST /api/system-settings/email/test { to }: sends a test e-mail through the saved settings (SMTP
 * mode: a transport built from them; default mode: the server's mailer). 400 bad address; 502
 * MAIL_TEST_FAILED with the server's reason when it is refused or unreachable.
 */
export async function testEmail(database: Database, c: ScopedRequestCaller, key: Buffer, base: Mailer, to: string) {
  const address = to.trim().toLowerCase();
  if (!EMAIL.test(address)) throw badRequest(sm.fields.testTo, { to: sm.fields.testTo });
  const { stored } = await withScope(database.db, c.scope, readEmail);
  try {
    await sendThroughSettings(key, stored, base, { to: address, subject: sm.api.mailTestSubject, text: sm.api.mailTestText });
  } catch (err) {
    throw new AppError(502, 'MAIL_TEST_FAILED', sm.api.mailTestFailed(reasonOf(err)), {}, err);
  }
  return { ok: true as const, message: sm.api.mailTestSent(address) };
}

/**
 * POST /api/system-settings/sms/test { phone }: sends a test SMS through the saved provider. 400 not a
 * Kenyan mobile; 502 SMS_TEST_FAILED with the gateway's reason (e.g. InvalidSenderId).
 */
export async function testSms(database: Database, c: ScopedRequestCaller, key: Buffer, base: SmsGateway, phone: string) {
  const to = normaliseKenyanPhone(phone);
  if (!to) throw badRequest(sm.fields.testPhone, { phone: sm.fields.testPhone });
  const { stored } = await withScope(database.db, c.scope, readSms);
  let gateway: SmsGateway;
  try {
    gateway = gatewayOf(key, stored, base, () => createSmsSimulator({ deliveryDelayMs: 0 }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, 'SMS_TEST_FAILED', sm.api.smsTestFailed(sm.api.secretsUnreadable), {}, err);
  }
  const result = await gateway.send({ to, message: sm.api.smsTestText });
  if (result.status !== 'sent') throw new AppError(502, 'SMS_TEST_FAILED', sm.api.smsTestFailed(result.error ?? 'unknown error'));
  return { ok: true as const, message: sm.api.smsTestSent(`+${to}`) };
}
