import { eq } from 'drizzle-orm';
import { MAINTENANCE_SETTING_KEY } from '../../../shared/contracts/maintenance.js';
import { profiles, systemSettings } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/**
 * setting_value of the maintenance_mode row, as spec §3 names its fields (snake_case, stored as jsonb).
 * Instants are ISO strings.
 */
export interface StoredMaintenanceValue {
  enabled: boolean;
  message: string;
  estimated_duration: string;
  allowed_roles: string[];
  updated_by: string | null;
  updated_at: string;
}

/** The maintenance_mode row: its raw jsonb value (validated by the service) and the row's own columns. */
export interface MaintenanceRow {
  value: unknown;
  updatedAt: Date;
  updatedBy: string | null;
  updatedByName: string | null;
}

const DESCRIPTION = 'Maintenance mode (spec §3): enabled, message, estimated duration and the roles that may bypass it';

/**
 * Reads the maintenance_mode row (spec §7 item 5), or null when it was never written. Only ever this
 * key: system_settings also holds the session-signing secret, which must never leave the server.
 * `forUpdate` locks the row until the transaction ends, so two admins' changes apply one after the
 * other. The updater's name comes from profiles (null when that profile is not visible or gone).
 */
export async function findMaintenanceRow(tx: Tx, opts: { forUpdate?: boolean } = {}): Promise<MaintenanceRow | null> {
  const base = tx
    .select({ value: systemSettings.settingValue, updatedAt: systemSettings.updatedAt, updatedBy: systemSettings.updatedBy })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, MAINTENANCE_SETTING_KEY));
  const [row] = opts.forUpdate ? await base.for('update') : await base;
  if (!row) return null;
  let updatedByName: string | null = null;
  if (row.updatedBy) {
    const [p] = await tx.select({ name: profiles.name, email: profiles.email }).from(profiles).where(eq(profiles.id, row.updatedBy));
    updatedByName = p ? p.name || p.email : null;
  }
  return { value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy, updatedByName };
}

/** Upserts the maintenance_mode row on setting_key (spec §7 item 5) with the value, updated_at and updated_by. */
export async function saveMaintenanceRow(tx: Tx, value: StoredMaintenanceValue, at: Date, userId: string): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ settingKey: MAINTENANCE_SETTING_KEY, settingValue: value, description: DESCRIPTION, updatedAt: at, updatedBy: userId })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: value, description: DESCRIPTION, updatedAt: at, updatedBy: userId },
    });
}
