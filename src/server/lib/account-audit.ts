import type { Tx } from '../db/tenant.js';
import { recordAudit, type AuditEntry } from './audit.js';

/** Who acts on an account: their profile id, role and school (null for platform staff). */
export interface AccountActor {
  id: string;
  role: string | null;
  schoolId: string | null;
}

/** What an account entry may add: outcome, error, old and new values, metadata. */
export type AccountAuditDetails = Pick<AuditEntry, 'success' | 'errorMessage' | 'oldValue' | 'newValue' | 'metadata'>;

/**
 * Records, in the caller's transaction, an audit entry of `by` acting on the account of `target` (by
 * default their own): the entry belongs to the target's school and names `user:<target id>`, from
 * address `ip`.
 */
export async function auditAccount(
  tx: Tx,
  by: AccountActor,
  action: string,
  ip: string | null,
  details: AccountAuditDetails = {},
  target: { id: string; schoolId: string | null } = by,
): Promise<void> {
  await recordAudit(tx, {
    schoolId: target.schoolId,
    action,
    performedByUserId: by.id,
    performedByRole: by.role,
    targetEntity: `user:${target.id}`,
    ...details,
    ipAddress: ip,
  });
}
