import { z } from 'zod';
import { checkAdmissionPattern, DEFAULT_ADMISSION_PATTERN } from '../admission-number.js';
import { bandProblems, DEFAULT_SCALES, SCALE_KEYS, type ScaleKey } from '../grading.js';
import { systemSettingsMessages as sm } from '../messages/system-settings.js';

/**
 * System Settings (issue 18 §4, edufam_admin): defaults for new schools, feature flags per school, and
 * the e-mail (SMTP) and SMS provider settings. Secrets (SMTP password, Africa's Talking API key) are
 * write-only: the API stores them encrypted and answers only whether one is set and a masked hint.
 * Browser-safe: the forms run the same checks before sending.
 */

// ---------------------------------------------------------------------------------------------------
// Defaults for new schools

export const DEFAULT_CURRICULA = ['CBC', 'IGCSE', '8-4-4'] as const;
export type DefaultCurriculum = (typeof DEFAULT_CURRICULA)[number];

/** "MM-DD", e.g. "01-05" for 5 January. */
const monthDay = z.string().regex(/^\d{2}-\d{2}$/, sm.fields.termDate);

export const termTemplateSchema = z.object({
  name: z.string().max(40),
  startsOn: monthDay,
  endsOn: monthDay,
  halfTermStartsOn: monthDay.nullable(),
  halfTermEndsOn: monthDay.nullable(),
});
export type TermTemplate = z.infer<typeof termTemplateSchema>;

export const gradeBandSchema = z.object({
  code: z.string().max(8),
  descriptor: z.string().max(60),
  min: z.number(),
  points: z.number().nullable(),
});

export const scaleDefaultsSchema = z.object({ key: z.enum(SCALE_KEYS), name: z.string().max(80), bands: z.array(gradeBandSchema).max(15) });
export type ScaleDefaults = z.infer<typeof scaleDefaultsSchema>;

export const newSchoolDefaultsSchema = z.object({
  /** Curricula a new school offers (its main curriculum is always added). */
  curricula: z.array(z.enum(DEFAULT_CURRICULA)).max(3),
  /** The three terms of a school year, as month-day dates (Africa/Nairobi calendar days). */
  terms: z.array(termTemplateSchema).max(6),
  /** Grading scales a new school starts with (its own copies; the school edits them later). */
  gradingScales: z.array(scaleDefaultsSchema).max(SCALE_KEYS.length),
  /** SMS sender ID (Africa's Talking alphanumeric sender, up to 11 characters); '' for the account default. */
  smsSenderId: z.string().max(20),
  /** Pattern of admission numbers, e.g. "{YYYY}/{SEQ:4}" (shared/admission-number.ts). */
  admissionNumberPattern: z.string().max(40),
});
export type NewSchoolDefaults = z.infer<typeof newSchoolDefaultsSchema>;

export const newSchoolDefaultsResponse = z.object({ defaults: newSchoolDefaultsSchema, updatedAt: z.string().nullable(), message: z.string().optional() });
export type NewSchoolDefaultsResponse = z.infer<typeof newSchoolDefaultsResponse>;

/** The built-in defaults (2026 Ministry calendar, curriculum.md default scales). */
export const BUILT_IN_SCHOOL_DEFAULTS: NewSchoolDefaults = {
  curricula: ['CBC'],
  terms: [
    { name: 'Term 1', startsOn: '01-05', endsOn: '04-02', halfTermStartsOn: '02-25', halfTermEndsOn: '03-01' },
    { name: 'Term 2', startsOn: '04-27', endsOn: '07-31', halfTermStartsOn: '06-24', halfTermEndsOn: '06-28' },
    { name: 'Term 3', startsOn: '08-24', endsOn: '10-23', halfTermStartsOn: null, halfTermEndsOn: null },
  ],
  gradingScales: SCALE_KEYS.map((key) => ({ key, name: DEFAULT_SCALES[key].name, bands: DEFAULT_SCALES[key].bands.map((b) => ({ ...b })) })),
  smsSenderId: 'EDUFAM',
  admissionNumberPattern: DEFAULT_ADMISSION_PATTERN,
};

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Is "MM-DD" a day of the calendar (29 February allowed)? */
export function isMonthDay(v: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

/**
 * Checks new-school defaults; returns field errors keyed by path ("terms.1.endsOn",
 * "gradingScales.cbc4", "smsSenderId"…), empty when valid. Normalises nothing: the caller stores the
 * trimmed body.
 */
export function checkNewSchoolDefaults(d: NewSchoolDefaults): Record<string, string> {
  const fields: Record<string, string> = {};
  if (d.curricula.length === 0) fields.curricula = sm.fields.curricula;
  if (d.terms.length !== 3) fields.terms = sm.fields.termCount;
  let previousEnd = '';
  d.terms.forEach((t, i) => {
    if (!t.name.trim()) fields[`terms.${i}.name`] = sm.fields.termName;
    for (const k of ['startsOn', 'endsOn', 'halfTermStartsOn', 'halfTermEndsOn'] as const) {
      const v = t[k];
      if (v !== null && !isMonthDay(v)) fields[`terms.${i}.${k}`] = sm.fields.termDate;
    }
    if (isMonthDay(t.startsOn) && isMonthDay(t.endsOn)) {
      if (t.endsOn < t.startsOn || (previousEnd && t.startsOn <= previousEnd)) fields[`terms.${i}.endsOn`] = sm.fields.termOrder;
      previousEnd = t.endsOn;
      const hs = t.halfTermStartsOn;
      const he = t.halfTermEndsOn;
      if ((hs === null) !== (he === null) || (hs && he && (hs < t.startsOn || he > t.endsOn || he < hs))) fields[`terms.${i}.halfTermStartsOn`] = sm.fields.halfTerm;
    }
  });
  const seen = new Set<ScaleKey>();
  for (const s of d.gradingScales) {
    if (seen.has(s.key)) fields[`gradingScales.${s.key}`] = `${s.key}: listed twice.`;
    seen.add(s.key);
    const problems = bandProblems(s.bands);
    if (problems.length) fields[`gradingScales.${s.key}`] = problems[0]!;
  }
  const sender = d.smsSenderId.trim();
  if (sender && !/^[A-Za-z0-9 ]{3,11}$/.test(sender)) fields.smsSenderId = sm.fields.smsSenderId;
  const pattern = checkAdmissionPattern(d.admissionNumberPattern);
  if (!pattern.ok) fields.admissionNumberPattern = pattern.message;
  return fields;
}

// ---------------------------------------------------------------------------------------------------
// Feature flags

/** The features a school can have turned off (default: on). */
export const FEATURE_KEYS = ['mpesa', 'transport', 'inventory', 'timetable', 'messages', 'sms', 'payroll', 'certificates'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Shell sections that belong to a feature: hidden from a school's sidebar while it is turned off. */
export const FEATURE_SECTIONS: Record<FeatureKey, readonly string[]> = {
  mpesa: ['mpesa-payments'],
  transport: ['transport'],
  inventory: ['inventory'],
  timetable: ['timetable'],
  messages: ['messages'],
  sms: [],
  payroll: ['payroll', 'my-payslips'],
  certificates: ['certificates'],
};

export const featureFlagsSchema = z.record(z.string(), z.boolean());

export const featureCatalogueEntry = z.object({ key: z.enum(FEATURE_KEYS), label: z.string(), description: z.string() });

export const featureFlagsMatrixResponse = z.object({
  features: z.array(featureCatalogueEntry),
  schools: z.array(
    z.object({
      schoolId: z.uuid(),
      name: z.string(),
      code: z.string(),
      status: z.string(),
      /** Every feature key → on/off (missing rows are on). */
      flags: featureFlagsSchema,
    }),
  ),
});
export type FeatureFlagsMatrix = z.infer<typeof featureFlagsMatrixResponse>;

export const updateFeatureFlagsBody = z.object({ flags: featureFlagsSchema });
export type UpdateFeatureFlagsBody = z.infer<typeof updateFeatureFlagsBody>;
export const featureFlagsSchoolParams = z.object({ schoolId: z.uuid() });

export const schoolFeatureFlagsResponse = z.object({ schoolId: z.uuid().nullable(), flags: featureFlagsSchema, message: z.string().optional() });
export type SchoolFeatureFlags = z.infer<typeof schoolFeatureFlagsResponse>;

// ---------------------------------------------------------------------------------------------------
// E-mail and SMS providers

const secretState = z.object({
  /** Whether a value is stored. */
  set: z.boolean(),
  /** "••••••••c919" (maskSecret) when set; never the value. */
  hint: z.string().nullable(),
});

export const EMAIL_MODES = ['default', 'smtp'] as const;

export const emailSettingsSchema = z.object({
  /** default: the server's configuration (SMTP_* variables or the log); smtp: the settings below. */
  mode: z.enum(EMAIL_MODES),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  from: z.string(),
  password: secretState,
  updatedAt: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const updateEmailSettingsBody = z.object({
  mode: z.enum(EMAIL_MODES),
  host: z.string().max(200).default(''),
  port: z.number().int().default(587),
  secure: z.boolean().default(false),
  user: z.string().max(200).default(''),
  from: z.string().max(200).default(''),
  /** A new password; omitted or '' keeps the stored one. */
  password: z.string().max(500).optional(),
  /** Remove the stored password. */
  clearPassword: z.boolean().optional(),
});
export type UpdateEmailSettingsBody = z.input<typeof updateEmailSettingsBody>;

export const SMS_PROVIDERS = ['simulator', 'africastalking'] as const;

export const smsSettingsSchema = z.object({
  provider: z.enum(SMS_PROVIDERS),
  username: z.string(),
  senderId: z.string(),
  /** Africa's Talking sandbox (api.sandbox.africastalking.com) instead of production. */
  sandbox: z.boolean(),
  apiKey: secretState,
  updatedAt: z.string().nullable(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const updateSmsSettingsBody = z.object({
  provider: z.enum(SMS_PROVIDERS),
  username: z.string().max(100).default(''),
  senderId: z.string().max(20).default(''),
  sandbox: z.boolean().default(false),
  /** A new API key; omitted or '' keeps the stored one. */
  apiKey: z.string().max(500).optional(),
});
export type UpdateSmsSettingsBody = z.input<typeof updateSmsSettingsBody>;

export const emailSettingsWriteResponse = z.object({ settings: emailSettingsSchema, message: z.string() });
export const smsSettingsWriteResponse = z.object({ settings: smsSettingsSchema, message: z.string() });

export const emailTestBody = z.object({ to: z.string().max(200) });
export const smsTestBody = z.object({ phone: z.string().max(30) });
export const providerTestResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ProviderTestResponse = z.infer<typeof providerTestResponse>;
