import { hashPassword } from 'better-auth/crypto';
import { canAccessSchool, type Actor } from '../../../shared/access.js';
import {
  CREATABLE_ROLES,
  creatableRoles,
  type AdminUser,
  type CreateUserBody,
  type UpdateUserBody,
  type ListUsersQuery,
  type ListUsersResponse,
} from '../../../shared/contracts/users.js';
import { messages } from '../../../shared/messages.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { isAdminRole, isRole, isSchoolRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type TenantScope } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { auditAccount } from '../../lib/account-audit.js';
import { insertAccount } from '../auth/index.js';
import { displayName } from '../auth/index.js';
import {
  deleteUserSessions,
  emailExists,
  findSchoolStatus,
  findUser,
  listUserPage,
  lockUserForStatus,
  setUserStatus,
  summariseUsers,
  updateUserFields,
  type UserRow,
  type UserStatus,
} from './users.repository.js';

/** The scope a user manager works in: platform staff see every school, school roles their own. */
function managerScope(actor: Actor): TenantScope {
  return isSchoolRole(actor.role)
    ? { schoolId: actor.schoolId, userId: actor.id, allSchools: false }
    : { schoolId: null, userId: actor.id, allSchools: true };
}

/** The school a school-role manager is pinned to (the gate refuses school roles without one). */
function ownSchool(actor: Actor): string {
  if (!actor.schoolId) throw badRequest(messages.users.schoolRequired);
  return actor.schoolId;
}

/** A row as the users table shows it (spec §3 Admin user record); name falls back as in spec §3. */
export function toAdminUser(r: UserRow): AdminUser {
  if (!isRole(r.role)) throw new Error(`user ${r.id} has no listable role`);
  return {
    id: r.id,
    name: displayName(r.name, r.email),
    email: r.email,
    role: r.role,
    status: r.status as AdminUser['status'],
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    phone: r.phone,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The users table (spec §2 Users Management, §7 get_admin_users_data). Platform staff see every
 * school's users (optionally one school's); directors and principals only their own school's, and a
 * schoolId of another school is 404, as for any other school's row. The summary covers the caller's
 * whole scope, not the filters. Two queries: the page, and one scan of the scope for the summary and
 * (when filtered) the list's total.
 */
export async function listUsers(database: Database, actor: Actor, q: ListUsersQuery): Promise<ListUsersResponse> {
  let schoolId: string | null;
  if (isSchoolRole(actor.role)) {
    if (q.schoolId && !canAccessSchool(actor, q.schoolId)) throw notFound(messages.api.notFound);
    schoolId = ownSchool(actor);
  } else {
    schoolId = q.schoolId ?? null;
  }
  const filters = { search: q.search, role: q.role, status: q.status };
  const scopeSchool = isSchoolRole(actor.role) ? schoolId : null;
  const filtered = !!filters.search?.trim() || !!filters.role || !!filters.status || schoolId !== scopeSchool;
  return withScope(database.db, managerScope(actor), async (tx) => {
    const rows = await listUserPage(tx, schoolId, filters, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    // The list's total is the summary's total without a filter, and is known from a page that shows
    // the end of the list; otherwise the summary's scan counts it too.
    const endKnown = rows.length > 0 && rows.length < q.pageSize;
    const { summary, matching } = await summariseUsers(tx, scopeSchool, filtered && !endKnown ? { schoolId, filters } : undefined);
    const total = !filtered ? summary.total : endKnown ? (q.page - 1) * q.pageSize + rows.length : matching;
    return { users: rows.map(toAdminUser), total, page: q.page, pageSize: q.pageSize, summary };
  });
}

export interface RequestInfo {
  ip: string;
}

/**
 * Creates a user (spec §5 Create User form, §7 create-user): users, credential account and profile
 * rows plus the USER_CREATED audit entry, in one transaction (all or nothing). The account must change
 * its password at first sign-in. Throws 400 (school missing, inactive school, invalid phone), 403
 * (role not allowed), 404 (unknown school, or another school for a school-role creator), 409 (e-mail
 * taken).
 */
export async function createUser(database: Database, actor: Actor, body: CreateUserBody, req: RequestInfo): Promise<AdminUser> {
  const role = body.role;
  if (!creatableRoles(actor.role).includes(role)) throw forbidden(messages.users.roleNotAllowed, 'ROLE_NOT_ALLOWED');

  let schoolId: string | null = null;
  const requested = body.schoolId || null;
  if (role === 'edufam_admin') {
    schoolId = null;
  } else if (isAdminRole(actor.role)) {
    if (!requested) throw badRequest(messages.users.schoolRequiredAdmin, { schoolId: messages.users.schoolRequiredAdmin });
    schoolId = requested;
  } else {
    if (!actor.schoolId) throw badRequest(messages.users.schoolRequired, { schoolId: messages.users.schoolRequired });
    if (requested && requested !== actor.schoolId) throw notFound(messages.users.schoolNotFound);
    schoolId = actor.schoolId;
  }

  let phone: string | null = null;
  if (body.phone) {
    phone = normaliseKenyanPhone(body.phone);
    if (!phone) throw badRequest(messages.users.invalidPhone, { phone: messages.users.invalidPhone });
  }
  const email = body.email.trim().toLowerCase();
  const name = body.name.trim();
  // scrypt is slow on purpose: hash before the transaction opens.
  const passwordHash = await hashPassword(body.password);

  try {
    return await withScope(database.db, managerScope(actor), async (tx) => {
      if (schoolId) {
        const school = await findSchoolStatus(tx, schoolId);
        if (!school) throw notFound(messages.users.schoolNotFound);
        if (school.status !== 'active') throw badRequest(messages.users.schoolInactive, { schoolId: messages.users.schoolInactive });
      }
      if (await emailExists(tx, email)) throw emailTaken();
      const id = await insertAccount(tx, { email, name, role, schoolId, passwordHash, phone, status: 'active', mustChangePassword: true });
      await auditAccount(tx, actor, 'USER_CREATED', req.ip, { newValue: { id, email, name, role, schoolId, phone, status: 'active', mustChangePassword: true } }, { id, schoolId });
      const row = await findUser(tx, schoolId, id);
      if (!row) throw new Error(`created user ${id} not readable in scope`);
      return toAdminUser(row);
    });
  } catch (err) {
    // Two creations of one e-mail at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

function emailTaken(): AppError {
  return new AppError(409, 'EMAIL_TAKEN', messages.users.emailTaken, { fields: { email: messages.users.emailTaken } });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Activates or deactivates a user (spec §4 User status, §5 Other, §7 update_user_status). Deactivating
 * deletes all the user's sessions in the same transaction, so their open sessions end at once.
 * Idempotent: the same status again answers 200 and writes nothing. Throws 404 (unknown user, or
 * another school's user for a school-role caller), 403 ACTION_NOT_ALLOWED for platform admin targets,
 * 400 for deactivating oneself.
 */
export async function updateUserStatus(
  database: Database,
  actor: Actor,
  userId: string,
  status: Extract<UserStatus, 'active' | 'inactive'>,
  req: RequestInfo,
): Promise<{ user: AdminUser; message: string }> {
  const schoolId = isSchoolRole(actor.role) ? ownSchool(actor) : null;
  return withScope(database.db, managerScope(actor), async (tx) => {
    const target = await lockUserForStatus(tx, schoolId, userId);
    if (!target) throw notFound(messages.api.notFound);
    if (isAdminRole(target.role)) throw forbidden(messages.users.cannotDeactivateAdmin, 'ACTION_NOT_ALLOWED');
    if (target.id === actor.id && status !== 'active') throw badRequest(messages.users.cannotDeactivateSelf);
    if (target.status !== status) {
      await setUserStatus(tx, target.id, status);
      const endedSessions = status === 'active' ? 0 : await deleteUserSessions(tx, target.id);
      await auditAccount(tx, actor, 'USER_STATUS_CHANGED', req.ip, { oldValue: { status: target.status }, newValue: { status }, metadata: { email: target.email, endedSessions } }, target);
    }
    const row = await findUser(tx, schoolId, target.id);
    if (!row) throw new Error(`user ${target.id} vanished during a status change`);
    const user = toAdminUser(row);
    return { user, message: messages.users.statusUpdated(user.name, status === 'active') };
  });
}

/**
 * Edits a user's name, phone or role (issue 3 §1; PATCH /api/users/:id). Rules:
 * - the target must be in the caller's scope (school roles: their own school), else 404;
 * - a platform admin account's role never changes here (403 ACTION_NOT_ALLOWED); its name and phone
 *   may be edited by platform staff;
 * - a school account's new role must be one of the six school roles the caller may give
 *   (creatableRoles, never an admin role: the account keeps its school) → 403 ROLE_NOT_ALLOWED;
 * - nobody changes their own role (400);
 * - phone must be a Kenyan mobile number (400), '' clears it.
 * Writes one USER_UPDATED audit entry with the changed fields' old and new values, or USER_ROLE_CHANGED
 * when the role is among them; nothing is written when nothing changes. The new role applies to the
 * user's next request (the session reads the profile each time).
 */
export async function updateUser(
  database: Database,
  actor: Actor,
  userId: string,
  body: UpdateUserBody,
  req: RequestInfo,
): Promise<{ user: AdminUser; message: string }> {
  const schoolId = isSchoolRole(actor.role) ? ownSchool(actor) : null;
  let phone: string | null | undefined;
  if (body.phone !== undefined) {
    phone = body.phone === '' ? null : normaliseKenyanPhone(body.phone);
    if (phone === null && body.phone !== '') throw badRequest(messages.users.invalidPhone, { phone: messages.users.invalidPhone });
  }
  return withScope(database.db, managerScope(actor), async (tx) => {
    const target = await lockUserForStatus(tx, schoolId, userId);
    if (!target) throw notFound(messages.api.notFound);
    const current = await findUser(tx, schoolId, target.id);
    if (!current) throw notFound(messages.api.notFound);
    const roleChanges = body.role !== undefined && body.role !== target.role;
    if (roleChanges) {
      if (isAdminRole(target.role)) throw forbidden(messages.users.cannotEditAdmin, 'ACTION_NOT_ALLOWED');
      if (target.id === actor.id) throw badRequest(messages.users.cannotChangeOwnRole);
      const allowed = creatableRoles(actor.role).filter((r) => (CREATABLE_ROLES as readonly string[]).includes(r));
      if (!allowed.includes(body.role!)) throw forbidden(messages.users.roleNotAllowed, 'ROLE_NOT_ALLOWED');
    }
    const oldValue: Record<string, unknown> = {};
    const newValue: Record<string, unknown> = {};
    const fields: { name?: string; phone?: string | null; role?: NonNullable<UpdateUserBody['role']> } = {};
    if (body.name !== undefined && body.name !== current.name) {
      fields.name = body.name;
      oldValue.name = current.name;
      newValue.name = body.name;
    }
    if (phone !== undefined && phone !== current.phone) {
      fields.phone = phone;
      oldValue.phone = current.phone;
      newValue.phone = phone;
    }
    if (roleChanges) {
      fields.role = body.role!;
      oldValue.role = target.role;
      newValue.role = body.role;
    }
    if (Object.keys(fields).length > 0) {
      await updateUserFields(tx, target.id, fields);
      await auditAccount(tx, actor, roleChanges ? 'USER_ROLE_CHANGED' : 'USER_UPDATED', req.ip, { oldValue, newValue, metadata: { email: target.email } }, target);
    }
    const row = await findUser(tx, schoolId, target.id);
    if (!row) throw new Error(`user ${target.id} vanished during an edit`);
    const user = toAdminUser(row);
    return { user, message: messages.users.userUpdated(user.name) };
  });
}
