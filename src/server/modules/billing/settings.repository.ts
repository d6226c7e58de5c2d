import { eq } from 'drizzle-orm';
import { platformCompany, systemSettings, type CompanyRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** Platform-wide rows billing reads and writes: a system_settings entry and EduFam's company details. Platform context. */

export type SettingRow = typeof systemSettings.$inferSelect;

/** The system setting `key`, or undefined. */
export async function findSetting(tx: Tx, key: string): Promise<SettingRow | undefined> {
  const [row] = await tx.select().from(systemSettings).where(eq(systemSettings.settingKey, key));
  return row;
}

/** Stores the system setting `key` unless it exists (then nothing is written). */
export async function insertSettingIfMissing(tx: Tx, key: string, value: unknown, description: string): Promise<void> {
  await tx.insert(systemSettings).values({ settingKey: key, settingValue: value, description }).onConflictDoNothing();
}

/** When the system setting `key` was last changed, or undefined when it does not exist. */
export async function findSettingUpdatedAt(tx: Tx, key: string): Promise<{ updatedAt: Date | null } | undefined> {
  const [row] = await tx.select({ updatedAt: systemSettings.updatedAt }).from(systemSettings).where(eq(systemSettings.settingKey, key));
  return row;
}

/** Replaces the value of the system setting `key`, stamped with `at` and `userId`. */
export async function updateSetting(tx: Tx, key: string, value: unknown, at: Date, userId: string): Promise<void> {
  await tx.update(systemSettings).set({ settingValue: value, updatedAt: at, updatedBy: userId }).where(eq(systemSettings.settingKey, key));
}

/** EduFam's company row (Company Management), or undefined when none is stored. */
export async function findCompany(tx: Tx): Promise<CompanyRow | undefined> {
  const [c] = await tx.select().from(platformCompany).limit(1);
  return c;
}
