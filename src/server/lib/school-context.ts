import { eq } from 'drizzle-orm';
import type { Actor } from '../../shared/access.js';
import { messages } from '../../shared/messages.js';
import { isAdminRole } from '../../shared/roles.js';
import type { Database } from '../db/client.js';
import { schools } from '../db/schema/index.js';
import { withScope, type TenantScope, type Tx } from '../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import { recordAudit } from './audit.js';

/**
 * The per-request school context every school module shares (ARCHITECTURE.md "Access and tenancy";
 * docs/decisions/0021-shared-core-and-fences.md): which school a call works for (pinned for school
 * roles, named by `?schoolId=` for platform staff), the transaction confined to it by row-level
 * security, the caller written into audit entries, and database errors that become 409s, not 500s.
 */

/** Who is doing what in which school: the signed-in actor, the school of the call, the request's address (audit). */
export interface SchoolCaller {
  actor: Actor;
  schoolId: string;
  ip: string;
}

/**
 * The school of a call: a school role's own (whatever `schoolId` says), or the one platform staff
 * name. 400 `schoolId` when platform staff name none; 403 for a school role without a school.
 */
export function schoolIdOf(actor: Actor, schoolId?: string | null): string {
  if (isAdminRole(actor.role)) {
    if (!schoolId) throw badRequest(messages.schoolSetup.schoolRequired, { schoolId: messages.schoolSetup.schoolRequired });
    return schoolId;
  }
  if (!actor.schoolId) throw forbidden(messages.friendly.permission);
  return actor.schoolId;
}

/**
 * Runs `fn` in one transaction confined (row-level security) to the caller's school; 404 when platform
 * staff name a school that does not exist. Unique-index races that slipped past the service's checks
 * become 409 CONFLICT, never a 500.
 */
export async function inSchool<T>(database: Database, actor: Actor, schoolId: string | null | undefined, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  const id = schoolIdOf(actor, schoolId);
  try {
    return await withScope(database.db, { schoolId: id, userId: actor.id, allSchools: false }, async (tx) => {
      if (isAdminRole(actor.role)) await assertSchoolExists(tx, id);
      return fn(tx, id);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (pgCode(err) === '23505') throw new AppError(409, 'CONFLICT', messages.schoolSetup.conflictRetry, {}, err);
    throw err;
  }
}

/**
 * A read for the caller's school, as `inSchool`, but the school must exist whoever asks (a school
 * role's school can have been removed under a live session): 404 otherwise.
 */
export async function readSchool<T>(database: Database, actor: Actor, schoolId: string | null | undefined, fn: (tx: Tx, schoolId: string) => Promise<T>): Promise<T> {
  const id = schoolIdOf(actor, schoolId);
  return withScope(database.db, { schoolId: id, userId: actor.id, allSchools: false }, async (tx) => {
    await assertSchoolExists(tx, id);
    return fn(tx, id);
  });
}

/**
 * The name of school `schoolId` ({ name }) as the transaction's scope sees it, or undefined when the
 * school is unknown or not visible (row-level security).
 */
export async function findSchoolName(tx: Tx, schoolId: string): Promise<{ name: string } | undefined> {
  const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return school;
}

async function assertSchoolExists(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
  if (!row) throw notFound(messages.schoolSetup.schoolNotFound);
}

/**
 * An audit entry of a change in the caller's school (old and new values), in the caller's
 * transaction, so it lands or rolls back with the change. `resource` names the module where the
 * Audit Trail filters by it (e.g. 'school-setup').
 */
export async function auditSchool(
  tx: Tx,
  c: SchoolCaller,
  action: string,
  target: string,
  oldValue: unknown,
  newValue: unknown,
  metadata?: Record<string, unknown>,
  resource?: string,
): Promise<void> {
  await recordAudit(tx, {
    schoolId: c.schoolId,
    action,
    performedByUserId: c.actor.id,
    performedByRole: c.actor.role,
    targetEntity: target,
    ...(resource ? { resource } : {}),
    oldValue,
    newValue,
    metadata,
    ipAddress: c.ip,
  });
}

/** The PostgreSQL error code of `err` or of an error it wraps (drizzle wraps driver errors). */
export function pgCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
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

/** 409 with a code and the field it concerns. */
export function conflict(code: string, message: string, field?: string): AppError {
  return new AppError(409, code, message, field ? { fields: { [field]: message } } : {});
}

/**
 * Who is calling before a school is resolved: the signed-in actor and the request's address (audit).
 * Services that let platform staff name a school resolve it with `inSchool` into a `SchoolCaller`.
 */
export interface RequestCaller {
  actor: Actor;
  ip: string;
}

/**
 * A `RequestCaller` with the school the request names (`?schoolId=` of platform staff; a school role's
 * own school wins in `inSchool`), for services that resolve the school themselves.
 */
export type RequestCallerWithSchool = RequestCaller & { schoolId?: string | null };

/**
 * A `RequestCaller` with the tenant scope its route resolved, for services that open their own
 * transaction with `withScope` (platform settings and company staff).
 */
export type ScopedRequestCaller = RequestCaller & { scope: TenantScope };
