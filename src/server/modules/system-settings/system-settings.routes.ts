import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailSettingsSchema,
  emailSettingsWriteResponse,
  emailTestBody,
  featureFlagsMatrixResponse,
  featureFlagsSchoolParams,
  newSchoolDefaultsResponse,
  newSchoolDefaultsSchema,
  providerTestResponse,
  schoolFeatureFlagsResponse,
  smsSettingsSchema,
  smsSettingsWriteResponse,
  smsTestBody,
  updateEmailSettingsBody,
  updateFeatureFlagsBody,
  updateSmsSettingsBody,
} from '../../../shared/contracts/system-settings.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import * as svc from './system-settings.service.js';
import { scopedCallerOf } from '../../lib/request-caller.js';

/** What System Settings needs besides ModuleDeps: the secrets key (AppDeps.mpesa.secretsKey). */
export type SystemSettingsDeps = ModuleDeps & { mpesa: { secretsKey: Buffer } };

/**
 * System Settings (issue 18 §4, edufam_admin "System Settings", permission manageSystemSettings:
 * edufam_admin and its alias elimisha_admin; school roles 403):
 * - GET/PUT /api/system-settings/new-school-defaults: curricula, the three-term template (month-days),
 *   grading scales, SMS sender ID and admission-number pattern a new school starts with
 *   (new-school-defaults.ts applyNewSchoolDefaults).
 * - GET /api/system-settings/feature-flags (schools × features), PUT …/feature-flags/:schoolId
 *   { flags }; GET /api/feature-flags/mine (any signed-in user: their school's flags, for the sidebar).
 *   feature-flag-gate.ts refuses a turned-off feature's API to the school's users (403 FEATURE_DISABLED).
 * - GET/PUT /api/system-settings/email and /sms, POST …/email/test { to } and …/sms/test { phone }:
 *   provider settings; secrets are write-only (stored encrypted, answered as { set, hint }; an omitted
 *   or empty secret keeps the stored one).
 * Errors `{ error: { code, message, fields? } }`: 400 bad input with nothing written, 404 unknown
 * school, 502 MAIL_TEST_FAILED / SMS_TEST_FAILED when the provider refuses a test. Every change is
 * audited with old and new values (secrets redacted).
 */
export async function systemSettingsRoutes(app: FastifyInstance, deps: SystemSettingsDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const key = deps.mpesa.secretsKey;
  const tags = ['system-settings'];
  const manage = { permission: 'manageSystemSettings' } as const;
  const caller = scopedCallerOf;

  /** GET /api/system-settings/new-school-defaults → { defaults, updatedAt } (updatedAt null: the built-in defaults). */
  r.get('/api/system-settings/new-school-defaults', { config: manage, schema: { response: { 200: newSchoolDefaultsResponse }, tags } }, async (req) =>
    svc.getDefaults(database, caller(req)),
  );

  /**
   * PUT /api/system-settings/new-school-defaults { curricula, terms[3] {name, startsOn 'MM-DD', endsOn,
   * halfTermStartsOn|null, halfTermEndsOn|null}, gradingScales [{key, name, bands}], smsSenderId,
   * admissionNumberPattern } → { defaults, updatedAt, message }. 400 with `fields` keyed by path
   * ("terms.1.endsOn", "gradingScales.cbc4", "smsSenderId", "admissionNumberPattern").
   */
  r.put('/api/system-settings/new-school-defaults', { config: manage, schema: { body: newSchoolDefaultsSchema, response: { 200: newSchoolDefaultsResponse }, tags } }, async (req) =>
    svc.saveDefaults(database, caller(req), req.body),
  );

  /** GET /api/system-settings/feature-flags → { features: [{key, label, description}], schools: [{schoolId, name, code, status, flags}] }. */
  r.get('/api/system-settings/feature-flags', { config: manage, schema: { response: { 200: featureFlagsMatrixResponse }, tags } }, async (req) =>
    svc.featureMatrix(database, caller(req)),
  );

  /** PUT /api/system-settings/feature-flags/:schoolId { flags: { transport: false, … } } → { schoolId, flags, message }; 404 unknown school, 400 unknown feature. */
  r.put(
    '/api/system-settings/feature-flags/:schoolId',
    { config: manage, schema: { params: featureFlagsSchoolParams, body: updateFeatureFlagsBody, response: { 200: schoolFeatureFlagsResponse }, tags } },
    async (req) => svc.saveSchoolFlags(database, caller(req), req.params.schoolId, req.body.flags),
  );

  /** GET /api/feature-flags/mine (any signed-in user) → { schoolId, flags }: the caller's school; platform staff all on. */
  r.get('/api/feature-flags/mine', { config: { permission: 'signedIn' }, schema: { response: { 200: schoolFeatureFlagsResponse }, tags } }, async (req) =>
    svc.myFlags(database, caller(req)),
  );

  /** GET /api/system-settings/email → { mode, host, port, secure, user, from, password: { set, hint }, updatedAt }. */
  r.get('/api/system-settings/email', { config: manage, schema: { response: { 200: emailSettingsSchema }, tags } }, async (req) => svc.getEmail(database, caller(req), key));

  /** PUT /api/system-settings/email { mode: default|smtp, host, port, secure, user, from, password?, clearPassword? } → { settings, message }. */
  r.put('/api/system-settings/email', { config: manage, schema: { body: updateEmailSettingsBody, response: { 200: emailSettingsWriteResponse }, tags } }, async (req) =>
    svc.saveEmail(database, caller(req), key, req.body),
  );

  /** POST /api/system-settings/email/test { to } → { ok, message }; 400 bad address, 502 MAIL_TEST_FAILED. */
  r.post('/api/system-settings/email/test', { config: manage, schema: { body: emailTestBody, response: { 200: providerTestResponse }, tags } }, async (req) =>
    svc.testEmail(database, caller(req), key, deps.mailer, req.body.to),
  );

  /** GET /api/system-settings/sms → { provider, username, senderId, sandbox, apiKey: { set, hint }, updatedAt }. */
  r.get('/api/system-settings/sms', { config: manage, schema: { response: { 200: smsSettingsSchema }, tags } }, async (req) => svc.getSms(database, caller(req), key));

  /** PUT /api/system-settings/sms { provider: simulator|africastalking, username, senderId, sandbox, apiKey? } → { settings, message }. */
  r.put('/api/system-settings/sms', { config: manage, schema: { body: updateSmsSettingsBody, response: { 200: smsSettingsWriteResponse }, tags } }, async (req) =>
    svc.saveSms(database, caller(req), key, req.body),
  );

  /** POST /api/system-settings/sms/test { phone } → { ok, message }; 400 not a Kenyan mobile, 502 SMS_TEST_FAILED. */
  r.post('/api/system-settings/sms/test', { config: manage, schema: { body: smsTestBody, response: { 200: providerTestResponse }, tags } }, async (req) =>
    svc.testSms(database, caller(req), key, deps.sms, req.body.phone),
  );
}
