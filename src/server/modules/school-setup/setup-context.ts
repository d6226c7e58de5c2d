import type { Actor } from '../../../shared/access.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { auditSchool, pgCode, type SchoolCaller } from '../../lib/school-context.js';
import { findTeacherName } from './assignments.repository.js';

const m = messages.schoolSetup;

/**
 * What school setup adds to the school context (src/server/lib/school-context.ts): the writer check
 * (the principal of the school), its audit resource and the teacher check.
 */

/**
 * Runs a change for the principal's school in one transaction (the audit entries land or roll back
 * with it). Database conflicts that slipped past the service's checks (two principals at once) become
 * 409s rather than 500s.
 */
export async function writeSchool<T>(database: Database, actor: Actor, ip: string, fn: (tx: Tx, w: SchoolCaller) => Promise<T>): Promise<T> {
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

/** An audit entry of a school-setup change, with old and new values (resource `school-setup`). */
export async function audit(tx: Tx, w: SchoolCaller, action: string, target: string, oldValue: unknown, newValue: unknown, metadata?: Record<string, unknown>): Promise<void> {
  await auditSchool(tx, w, action, target, oldValue, newValue, metadata, 'school-setup');
}

/** A teacher of the school (role teacher), or 400 naming `field`. Returns the name. */
export async function assertTeacher(tx: Tx, schoolId: string, id: string, field: string): Promise<string> {
  const name = await findTeacherName(tx, schoolId, id);
  if (name === undefined) throw badRequest(m.notATeacher, { [field]: m.notATeacher });
  return name;
}
