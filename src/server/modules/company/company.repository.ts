import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLES } from '../../../shared/roles.js';
import { platformCompany, profiles, type CompanyRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

export type { CompanyRow } from '../../db/schema/index.js';

export type CompanyValues = Omit<typeof platformCompany.$inferInsert, 'id'>;

/** The company row (there is one; the oldest wins should there ever be two), or null. Platform context only (RLS). */
export async function findCompany(tx: Tx): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(platformCompany).orderBy(asc(platformCompany.updatedAt), asc(platformCompany.id)).limit(1);
  return row ?? null;
}

/** Locks the company row for an edit (SELECT … FOR UPDATE), or null when there is none yet. */
export async function lockCompany(tx: Tx): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(platformCompany).orderBy(asc(platformCompany.updatedAt), asc(platformCompany.id)).limit(1).for('update');
  return row ?? null;
}

/** Updates the row `id`, or inserts the first row when `id` is null. Returns the stored row. */
export async function saveCompany(tx: Tx, id: string | null, values: Partial<CompanyValues> & { updatedBy: string | null }): Promise<CompanyRow> {
  const now = new Date();
  if (id) {
    const [row] = await tx.update(platformCompany).set({ ...values, updatedAt: now }).where(eq(platformCompany.id, id)).returning();
    return row!;
  }
  const [row] = await tx
    .insert(platformCompany)
    .values({ name: '', ...values, updatedAt: now })
    .returning();
  return row!;
}

const staffColumns = {
  id: profiles.id,
  name: profiles.name,
  email: profiles.email,
  role: profiles.role,
  status: profiles.status,
  lastLoginAt: profiles.lastLoginAt,
  mfaEnabled: profiles.mfaEnabled,
  createdAt: profiles.createdAt,
  locale: profiles.locale,
};
/** A platform staff account; `locale` is their saved language (profiles.locale), for e-mails to them. */
export type StaffRow = { id: string; name: string; email: string; role: string | null; status: string; lastLoginAt: Date | null; mfaEnabled: boolean; createdAt: Date; locale: string };

/** Platform staff accounts (edufam_admin, elimisha_admin), by name. */
export async function listPlatformStaff(tx: Tx): Promise<StaffRow[]> {
  return tx
    .select(staffColumns)
    .from(profiles)
    .where(inArray(profiles.role, [...ADMIN_ROLES]))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/**
 * Every platform staff account, locked (SELECT … FOR UPDATE, in id order so concurrent edits queue
 * rather than deadlock): a role or status change checks "the last active edufam_admin" against rows
 * nobody else can change meanwhile.
 */
export async function lockPlatformStaff(tx: Tx): Promise<StaffRow[]> {
  return tx
    .select(staffColumns)
    .from(profiles)
    .where(inArray(profiles.role, [...ADMIN_ROLES]))
    .orderBy(asc(profiles.id))
    .for('update');
}

/** One platform staff account, or null (also for school accounts). */
export async function findPlatformStaff(tx: Tx, id: string): Promise<StaffRow | null> {
  const rows = await tx
    .select(staffColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), inArray(profiles.role, [...ADMIN_ROLES])))
    .limit(1);
  return rows[0] ?? null;
}
