import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { profiles, schools } from '../../db/schema/index.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';

const m = messages.schoolSetup;

/**
 * Who a school-setup call works for, and the small helpers every part of the module shares: the
 * school (pinned for school roles, named by `?schoolId=` for platform staff), row-level-security scope,
 * the writer check (principal of the school), audit entries and database-error mapping.
 */

/** The writer of a change: the principal, their school, and the request's address (audit). */
export interface SetupWriter {
  actor: Actor;
  schoolId: string;
  ip: string;
}

/**
 * Runs a read for the caller's school: a school role's own school (whatever `schoolId` says), or the
 * school platform staff name (400 when they name none, 404 when it does not exist). RLS confines the
 * transaction to that school.
 */
export async function readSchool<T>(database: Database, actor: Actor, schoolId: string | undefined, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  let id: string;
  if (isAdminRole(actor.role)) {
    if (!schoolId) throw badRequest(m.schoolRequired, { schoolId: m.schoolRequired });
    id = schoolId;
  } else {
    if (!actor.schoolId) throw forbidden(messages.friendly.permission);
    id = actor.schoolId;
  }
  return withScope(database.db, { schoolId: id, userId: actor.id, allSchools: false }, async (tx) => {
    const [row] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
    if (!row) throw notFound(m.schoolNotFound);
    return fn(tx, id);
  });
}

/**
 * Runs a change for the principal's school in one transaction (the audit entries land or roll back
 * with it). Database conflicts that slipped past the service's checks (two principals at once) become
 * 409s rather than 500s.
 */
export async function writeSchool<T>(database: Database, actor: Actor, ip: string, fn: (tx: Tx, w: SetupWriter) => Promise<T>): Promise<T> {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(messages.friendly.permission);
  const schoolId = actor.schoolId;
  try {
    return await withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, (tx) => fn(tx, { actor, schoolId, ip }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = pgCode(err);
    if (code === '23505') throw new AppError(409, 'CONFLICT', m.conflictRetry, {}, err);
    if (code === '23503') throw new AppError(409, 'IN_USE', m.inUse, {}, err);
    throw err;
  }
}

/** The PostgreSQL error code of `err` or of an error it wraps (drizzle wraps driver errors). */
export function pgCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** An audit entry of a school-setup change, with old and new values. */
export async function audit(tx: Tx, w: SetupWriter, action: string, target: string, oldValue: unknown, newValue: unknown, metadata?: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, {
    schoolId: w.schoolId,
    action,
    performedByUserId: w.actor.id,
    performedByRole: w.actor.role,
    targetEntity: target,
    resource: 'school-setup',
    oldValue,
    newValue,
    metadata,
    ipAddress: w.ip,
  });
}

/** Only the keys of `next` whose values differ from `prev`, as { old, new } pairs for the audit trail. */
export function changes<T extends Record<string, unknown>>(prev: T, next: Partial<T>): { old: Partial<T>; new: Partial<T> } {
  const o: Partial<T> = {};
  const n: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] === undefined) continue;
    if (JSON.stringify(prev[key]) === JSON.stringify(next[key])) continue;
    o[key] = prev[key];
    n[key] = next[key];
  }
  return { old: o, new: n };
}

/** A teacher of the school (role teacher), or 400 naming `field`. Returns the name. */
export async function assertTeacher(tx: Tx, schoolId: string, id: string, field: string): Promise<string> {
  const [row] = await tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.schoolId, schoolId), eq(profiles.role, 'teacher')));
  if (!row) throw badRequest(m.notATeacher, { [field]: m.notATeacher });
  return row.name;
}

/** 409 with a code and the field it concerns. */
export function conflict(code: string, message: string, field?: string): AppError {
  return new AppError(409, code, message, field ? { fields: { [field]: message } } : {});
}
