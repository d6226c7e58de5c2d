import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import { schools } from '../../db/schema/index.js';

const publicColumns = {
  id: schools.id,
  name: schools.name,
  code: schools.code,
  curriculum: schools.curriculum,
  address: schools.address,
  county: schools.county,
  phone: schools.phone,
  email: schools.email,
  logoUrl: schools.logoUrl,
  motto: schools.motto,
  ownerId: schools.ownerId,
  principalId: schools.principalId,
  status: schools.status,
};

/** Schools visible in the transaction's scope, ordered by name (row-level security filters them). */
export function listSchools(tx: Tx) {
  return tx.select(publicColumns).from(schools).orderBy(asc(schools.name));
}

/** One school by id, or null when it does not exist or is outside the scope. */
export async function findSchool(tx: Tx, schoolId: string) {
  const rows = await tx.select(publicColumns).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return rows[0] ?? null;
}
