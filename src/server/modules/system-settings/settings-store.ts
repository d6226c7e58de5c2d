import { eq } from 'drizzle-orm';
import { systemSettings } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

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

export interface StoredSetting<T> {
  value: T;
  updatedAt: Date;
  updatedBy: string | null;
}

/** One setting's value, or null when the key has no row. */
export async function readSetting<T>(tx: Tx, key: string): Promise<StoredSetting<T> | null> {
  const [row] = await tx
    .select({ value: systemSettings.settingValue, updatedAt: systemSettings.updatedAt, updatedBy: systemSettings.updatedBy })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, key));
  return row ? { value: row.value as T, updatedAt: row.updatedAt, updatedBy: row.updatedBy } : null;
}

/** Writes (inserts or replaces) one setting in the caller's transaction. */
export async function writeSetting(tx: Tx, key: string, value: unknown, by: string | null, description?: string): Promise<Date> {
  const now = new Date();
  await tx
    .insert(systemSettings)
    .values({ settingKey: key, settingValue: value, description: description ?? null, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: systemSettings.settingKey, set: { settingValue: value, updatedAt: now, updatedBy: by } });
  return now;
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
