import type { Tx } from '../db/tenant.js';
import { auditLogs } from '../db/schema/index.js';

/** One audit entry (spec §3 audit_logs and Error audit record). */
export interface AuditEntry {
  schoolId: string | null;
  action: string;
  performedByUserId?: string | null;
  performedByRole?: string | null;
  targetEntity?: string | null;
  resource?: string | null;
  success?: boolean;
  errorMessage?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  metadata?: Record<string, unknown>;
  ipAddress?: string | null;
}

/** Appends an audit entry inside the caller's transaction, so it lands or rolls back with the change. */
export async function recordAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    schoolId: e.schoolId,
    action: e.action,
    performedByUserId: e.performedByUserId ?? null,
    performedByRole: e.performedByRole ?? null,
    targetEntity: e.targetEntity ?? null,
    resource: e.resource ?? null,
    success: e.success ?? true,
    errorMessage: e.errorMessage ?? null,
    oldValue: e.oldValue ?? null,
    newValue: e.newValue ?? null,
    metadata: e.metadata ?? null,
    ipAddress: e.ipAddress ?? null,
  });
}
