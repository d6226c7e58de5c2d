/** system_settings keys of this module (spec §3 system_settings: key → JSON value). */
export const SETTING_KEYS = {
  newSchoolDefaults: 'new_school_defaults',
  email: 'email_provider',
  sms: 'sms_provider',
} as const;

/** Per-school SMS sender ID written when a school is created with the defaults. Value: { senderId }. */
export function schoolSenderKey(schoolId: string): string {
  return `school:sms-sender-id:${schoolId}`;
}

/**
 * Bumped by every write of this module's settings in this process, so caches (the settings mailer, the
 * feature-flag gate) drop stale values at once here; other instances refresh within their 30 s TTL.
 */
let generation = 0;
export const settingsGeneration = () => generation;
export const bumpSettingsGeneration = () => {
  generation++;
};
