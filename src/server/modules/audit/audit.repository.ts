import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../../shared/contracts/audit.js';
import type { Tx } from '../../db/tenant.js';
import { auditLogs, profiles, schools } from '../../db/schema/index.js';
import { containsAny } from '../../lib/like.js';

/** Africa/Nairobi is UTC+03:00 all year (no daylight saving), so a calendar day there is a fixed UTC window. */
const NAIROBI_OFFSET = '+03:00';
const DAY_MS = 86_400_000;

/** The instant a Nairobi calendar day (YYYY-MM-DD) starts. */
export function nairobiDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00${NAIROBI_OFFSET}`);
}

/** Filters of the audit list, already validated. `schoolId` undefined means every school in scope. */
export interface AuditFilter {
  action?: string;
  actorId?: string;
  /** Substring of the actor's name or e-mail, or of the e-mail a sign-in attempt used. */
  actor?: string;
  /** Substring of target_entity or resource. */
  entity?: string;
  /** Nairobi calendar days, inclusive. */
  from?: string;
  to?: string;
  success?: boolean;
  schoolId?: string;
}


/** The e-mail a sign-in or reset attempt recorded in metadata (LOGIN_FAILED for unknown users has no actor). */
const attemptedEmail = sql<string | null>`${auditLogs.metadata} ->> 'email'`;

function whereOf(f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.schoolId) parts.push(eq(auditLogs.schoolId, f.schoolId));
  if (f.action) parts.push(eq(auditLogs.action, f.action));
  if (f.actorId) parts.push(eq(auditLogs.performedByUserId, f.actorId));
  if (f.actor) parts.push(containsAny(f.actor, [profiles.name, profiles.email, attemptedEmail]));
  if (f.entity) parts.push(containsAny(f.entity, [auditLogs.targetEntity, auditLogs.resource]));
  if (f.from) parts.push(gte(auditLogs.createdAt, nairobiDayStart(f.from)));
  if (f.to) parts.push(lt(auditLogs.createdAt, new Date(nairobiDayStart(f.to).getTime() + DAY_MS)));
  if (f.success !== undefined) parts.push(eq(auditLogs.success, f.success));
  return parts.length ? and(...parts) : undefined;
}

/**
 * One page of audit entries visible in the transaction's scope (row-level security) that match the
 * filter, newest first (ties by id, so pages are stable), with the total count. The actor comes from
 * profiles and the school from schools, both left joins, so an entry whose actor is unknown, deleted
 * or invisible in this scope still shows (with null actor fields).
 */
export async function listAuditEntries(
  tx: Tx,
  filter: AuditFilter,
  paging: { page: number; pageSize: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [totalRow] = await tx
    .select({ n: count() })
    .from(auditLogs)
    .leftJoin(profiles, eq(profiles.id, auditLogs.performedByUserId))
    .where(where);
  const rows = await tx
    .select({
      id: auditLogs.id,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      success: auditLogs.success,
      errorMessage: auditLogs.errorMessage,
      actorId: auditLogs.performedByUserId,
      actorName: profiles.name,
      actorEmail: sql<string | null>`coalesce(${profiles.email}, ${attemptedEmail})`,
      actorRole: sql<string | null>`coalesce(${auditLogs.performedByRole}, ${profiles.role})`,
      schoolId: auditLogs.schoolId,
      schoolName: schools.name,
      targetEntity: auditLogs.targetEntity,
      resource: auditLogs.resource,
      oldValue: auditLogs.oldValue,
      newValue: auditLogs.newValue,
      metadata: auditLogs.metadata,
      ipAddress: auditLogs.ipAddress,
    })
    .from(auditLogs)
    .leftJoin(profiles, eq(profiles.id, auditLogs.performedByUserId))
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    total: Number(totalRow?.n ?? 0),
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** The distinct actions of the entries visible in scope (optionally one school's), sorted. */
export async function listAuditActions(tx: Tx, schoolId?: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(isNotNull(auditLogs.action), schoolId ? eq(auditLogs.schoolId, schoolId) : undefined))
    .orderBy(asc(auditLogs.action));
  return rows.map((r) => r.action);
}
