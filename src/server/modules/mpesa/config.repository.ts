import { and, eq, ne } from 'drizzle-orm';
import { mpesaConfigs } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** A school's M-Pesa set-up row (mpesa_configs; secrets encrypted). */
export type MpesaConfigRow = typeof mpesaConfigs.$inferSelect;

/** Columns of a set-up that a save, a token rotation or a URL registration changes. */
export type MpesaConfigChanges = Partial<Omit<typeof mpesaConfigs.$inferInsert, 'schoolId'>>;

/** The school's set-up row, or null. */
export async function findConfig(tx: Tx, schoolId: string): Promise<MpesaConfigRow | null> {
  const [row] = await tx.select().from(mpesaConfigs).where(eq(mpesaConfigs.schoolId, schoolId));
  return row ?? null;
}

/** Schools other than `exceptSchoolId` whose set-up uses `shortcode` (platform scope: across every school). */
export async function listSchoolsUsingShortcode(tx: Tx, shortcode: string, exceptSchoolId: string): Promise<{ id: string }[]> {
  return tx.select({ id: mpesaConfigs.schoolId }).from(mpesaConfigs).where(and(eq(mpesaConfigs.shortcode, shortcode), ne(mpesaConfigs.schoolId, exceptSchoolId)));
}

/** Creates the school's set-up; returns the new row. */
export async function insertConfig(tx: Tx, schoolId: string, values: MpesaConfigChanges & Pick<typeof mpesaConfigs.$inferInsert, 'shortcode' | 'shortcodeType' | 'callbackToken'>): Promise<MpesaConfigRow> {
  const [row] = await tx.insert(mpesaConfigs).values({ ...values, schoolId }).returning();
  return row!;
}

/** Changes the school's set-up; returns the updated row, or undefined when the school has none. */
export async function updateConfig(tx: Tx, schoolId: string, changes: MpesaConfigChanges): Promise<MpesaConfigRow | undefined> {
  const [row] = await tx.update(mpesaConfigs).set(changes).where(eq(mpesaConfigs.schoolId, schoolId)).returning();
  return row;
}

/** The school whose callback token is `token`, or null (platform scope). */
export async function findSchoolIdByCallbackToken(tx: Tx, token: string): Promise<string | null> {
  const [row] = await tx.select({ schoolId: mpesaConfigs.schoolId }).from(mpesaConfigs).where(eq(mpesaConfigs.callbackToken, token));
  return row?.schoolId ?? null;
}
