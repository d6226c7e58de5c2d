import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import {
  checkCompany,
  type Company,
  type CompanyWriteResponse,
  type CreatePlatformStaffBody,
  type PlatformStaff,
  type PlatformStaffWriteResponse,
  type UpdateCompanyBody,
  type UpdatePlatformStaffBody,
} from '../../../shared/contracts/company.js';
import { companyMessages as cm } from '../../../shared/messages/company.js';
import { roleDisplayName } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import type { ScopedRequestCaller } from '../../lib/school-context.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { recordAudit } from '../../lib/audit.js';
import { insertAccount } from '../auth/index.js';
import type { Upload } from '../../lib/files.js';
import { deleteUserSessions, emailExists, setUserStatus, updateUserFields } from '../users/index.js';
import { findCompany, findPlatformStaff, listPlatformStaff, lockCompany, lockPlatformStaff, saveCompany, type CompanyRow, type StaffRow } from './company.repository.js';
import { type AuthDeps } from '../../lib/module-deps.js';
import { sendAccountSetupLink } from '../../lib/account-setup-mail.js';
import { accountLocale } from '../../lib/recipient-locale.js';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locale.js';

/** Audit actions of Company Management (role and status changes use the users module's names). */
export const COMPANY_AUDIT = {
  updated: 'COMPANY_UPDATED',
  logo: 'COMPANY_LOGO_UPDATED',
  staffCreated: 'USER_CREATED',
  roleChanged: 'USER_ROLE_CHANGED',
  statusChanged: 'USER_STATUS_CHANGED',
} as const;

const by = (c: ScopedRequestCaller) => ({ performedByUserId: c.actor.id, performedByRole: c.actor.role, ipAddress: c.ip });

const EDITABLE = ['name', 'kraPin', 'address', 'email', 'phone', 'website', 'paybill', 'bankName', 'bankBranch', 'bankAccountName', 'bankAccountNumber'] as const;

function toCompany(row: CompanyRow | null): Company {
  return {
    name: row?.name ?? '',
    kraPin: row?.kraPin ?? null,
    address: row?.address ?? null,
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    website: row?.website ?? null,
    paybill: row?.paybill ?? null,
    bankName: row?.bankName ?? null,
    bankBranch: row?.bankBranch ?? null,
    bankAccountName: row?.bankAccountName ?? null,
    bankAccountNumber: row?.bankAccountNumber ?? null,
    logoUrl: row?.logoFileKey ? `/api/company/logo?v=${row.updatedAt.getTime()}` : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET /api/company: EduFam's details (empty name and nulls before anything is saved). */
export async function getCompany(database: Database, c: ScopedRequestCaller): Promise<Company> {
  return withScope(database.db, c.scope, async (tx) => toCompany(await findCompany(tx)));
}

/**
 * PUT /api/company: checks and normalises every field (shared checkCompany: KRA PIN ^[AP]\d{9}[A-Z]$
 * after upper-casing and removing spaces/dashes, paybill 5-7 digits, e-mail, Kenyan phone stored as
 * 2547XXXXXXXX, http(s) website; 400 with `fields`, nothing written), then saves the one row. Audited
 * as COMPANY_UPDATED with the changed fields' old and new values; no change, no entry.
 */
export async function updateCompany(database: Database, c: ScopedRequestCaller, body: UpdateCompanyBody): Promise<CompanyWriteResponse> {
  const check = checkCompany(body);
  if (!check.ok) throw badRequest(Object.values(check.fields)[0] ?? cm.api.invalid, check.fields);
  const values = check.values;
  return withScope(database.db, c.scope, async (tx) => {
    const current = await lockCompany(tx);
    const oldValue: Record<string, unknown> = {};
    const newValue: Record<string, unknown> = {};
    for (const k of EDITABLE) {
      const before = current ? current[k] : null;
      if (before !== values[k]) {
        oldValue[k] = before;
        newValue[k] = values[k];
      }
    }
    let row = current;
    if (!current || Object.keys(newValue).length) {
      row = await saveCompany(tx, current?.id ?? null, { ...values, updatedBy: c.actor.id });
      await recordAudit(tx, { schoolId: null, action: COMPANY_AUDIT.updated, targetEntity: 'platform_company', oldValue, newValue, ...by(c) });
    }
    return { company: toCompany(row), message: cm.api.saved };
  });
}

const LOGO_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const LOGO_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * POST /api/company/logo: stores the checked image (files module's readUpload 'logo' rules: PNG, JPEG
 * or WebP up to 2 MB, checked from its bytes) under platform/company-logo/<uuid>.<ext> and points the
 * company at it. Audited as COMPANY_LOGO_UPDATED (old and new storage keys). The old image is removed
 * after the commit (best effort).
 */
export async function updateLogo(database: Database, storage: FileStorage, c: ScopedRequestCaller, upload: Upload): Promise<CompanyWriteResponse> {
  const key = `platform/company-logo/${randomUUID()}.${LOGO_EXTENSIONS[upload.contentType] ?? 'png'}`;
  await storage.put(key, upload.buffer, upload.contentType);
  let oldKey: string | null = null;
  try {
    const result = await withScope(database.db, c.scope, async (tx) => {
      const current = await lockCompany(tx);
      oldKey = current?.logoFileKey ?? null;
      const row = await saveCompany(tx, current?.id ?? null, { logoFileKey: key, updatedBy: c.actor.id });
      await recordAudit(tx, {
        schoolId: null,
        action: COMPANY_AUDIT.logo,
        targetEntity: 'platform_company',
        oldValue: { logoFileKey: oldKey },
        newValue: { logoFileKey: key },
        metadata: { originalName: upload.filename, contentType: upload.contentType, sizeBytes: upload.buffer.length },
        ...by(c),
      });
      return { company: toCompany(row), message: cm.api.logoSaved };
    });
    if (oldKey && oldKey !== key) await storage.delete(oldKey).catch(() => undefined);
    return result;
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * The company's logo bytes and type (for GET /api/company/logo and platform documents), or null when
 * none is set or its object is gone. Reads in the platform scope.
 */
export async function companyLogo(tx: Tx, storage: FileStorage): Promise<{ body: Buffer; contentType: string } | null> {
  const row = await findCompany(tx);
  if (!row?.logoFileKey) return null;
  const body = await storage.get(row.logoFileKey);
  if (!body) return null;
  const ext = row.logoFileKey.split('.').pop() ?? '';
  return { body, contentType: LOGO_TYPES[ext] ?? 'application/octet-stream' };
}

function toStaff(r: StaffRow): PlatformStaff {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as PlatformStaff['role'],
    status: r.status,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    twoFactorEnabled: r.mfaEnabled,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/company/staff: edufam_admin and elimisha_admin accounts, by name. */
export async function listStaff(database: Database, c: ScopedRequestCaller): Promise<PlatformStaff[]> {
  return withScope(database.db, c.scope, async (tx) => (await listPlatformStaff(tx)).map(toStaff));
}

function emailTaken(): AppError {
  return new AppError(409, 'EMAIL_TAKEN', cm.api.emailTaken, { fields: { email: cm.api.emailTaken } });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /api/company/staff { name, email, role }: creates a platform staff account through the
 * platform's account path (auth/accounts.repository insertAccount: user, credential and profile rows;
 * no school) with an unknown random password and the USER_CREATED audit entry, in one transaction;
 * then e-mails a link to choose a password (the password-reset mechanism, valid one hour). 409
 * EMAIL_TAKEN when the address has an account. A mail failure keeps the account and answers `notice`.
 */
export async function createStaff(deps: AuthDeps, c: ScopedRequestCaller, body: CreatePlatformStaffBody): Promise<PlatformStaffWriteResponse> {
  const email = body.email.trim().toLowerCase();
  const name = body.name.trim();
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  let staff: PlatformStaff;
  let locale: Locale = DEFAULT_LOCALE;
  try {
    staff = await withScope(deps.database.db, c.scope, async (tx) => {
      if (await emailExists(tx, email)) throw emailTaken();
      const id = await insertAccount(tx, { email, name, role: body.role, schoolId: null, passwordHash, status: 'active' });
      await recordAudit(tx, {
        schoolId: null,
        action: COMPANY_AUDIT.staffCreated,
        targetEntity: `user:${id}`,
        newValue: { id, email, name, role: body.role, schoolId: null, status: 'active' },
        metadata: { via: 'company-management' },
        ...by(c),
      });
      const row = await findPlatformStaff(tx, id);
      locale = accountLocale(row!.locale);
      return toStaff(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  let notice: string | null = null;
  try {
    await sendPlatformStaffSetupMail(deps, { email, name, role: body.role, locale });
  } catch {
    notice = cm.api.inviteMailFailed;
  }
  return { staff, message: cm.api.invited(name, email), notice };
}

/**
 * E-mails a new platform staff account's holder a link to choose their password: a password-reset
 * link (better-auth requestPasswordReset, valid one hour; the mechanism of "Forgot password?" and of
 * the parents' and school staff's set-up e-mails), written in the account's language (`user.locale`,
 * its profiles.locale: English unless the profile says otherwise), not that of the admin who made it
 * (issue 36 §2). Throws when the mail server refuses.
 */
export async function sendPlatformStaffSetupMail(deps: AuthDeps, user: { email: string; name: string; role: string; locale?: Locale }): Promise<void> {
  await sendAccountSetupLink(deps, {
    email: user.email,
    name: user.name,
    subject: () => cm.mail.subject,
    intro: () => cm.mail.body(roleDisplayName(user.role)),
    area: 'Admin',
    locale: user.locale ?? DEFAULT_LOCALE,
  });
}

/**
 * PATCH /api/company/staff/:id { role?, status? }: changes a platform staff account's role
 * (edufam_admin ↔ elimisha_admin) or status (active/inactive). 404 not a platform staff account; 400
 * changing one's own role or deactivating oneself; 400 when it would leave no active edufam_admin.
 * Deactivating ends the account's sessions at once. Audited as USER_ROLE_CHANGED / USER_STATUS_CHANGED
 * with old and new values (the security log lists them); the same values again change nothing.
 */
export async function updateStaff(database: Database, c: ScopedRequestCaller, id: string, body: UpdatePlatformStaffBody): Promise<PlatformStaffWriteResponse> {
  if (!body.role && !body.status) throw badRequest(cm.api.nothingToChange);
  return withScope(database.db, c.scope, async (tx) => {
    const all = await lockPlatformStaff(tx);
    const target = all.find((s) => s.id === id);
    if (!target) throw notFound(cm.api.staffNotFound);
    const roleChanges = !!body.role && body.role !== target.role;
    const statusChanges = !!body.status && body.status !== target.status;
    if (target.id === c.actor.id && (roleChanges || (statusChanges && body.status !== 'active'))) throw badRequest(cm.api.cannotChangeSelf);
    const stillAdmin = (roleChanges ? body.role : target.role) === 'edufam_admin' && (statusChanges ? body.status : target.status) === 'active';
    if (target.role === 'edufam_admin' && target.status === 'active' && !stillAdmin) {
      const others = all.filter((s) => s.id !== target.id && s.role === 'edufam_admin' && s.status === 'active').length;
      if (others === 0) throw badRequest(cm.api.lastAdmin);
    }
    if (roleChanges) {
      await updateUserFields(tx, target.id, { role: body.role! });
      await recordAudit(tx, {
        schoolId: null,
        action: COMPANY_AUDIT.roleChanged,
        targetEntity: `user:${target.id}`,
        oldValue: { role: target.role },
        newValue: { role: body.role },
        metadata: { email: target.email },
        ...by(c),
      });
    }
    if (statusChanges) {
      await setUserStatus(tx, target.id, body.status!);
      const endedSessions = body.status === 'active' ? 0 : await deleteUserSessions(tx, target.id);
      await recordAudit(tx, {
        schoolId: null,
        action: COMPANY_AUDIT.statusChanged,
        targetEntity: `user:${target.id}`,
        oldValue: { status: target.status },
        newValue: { status: body.status },
        metadata: { email: target.email, endedSessions },
        ...by(c),
      });
    }
    const row = await findPlatformStaff(tx, target.id);
    return { staff: toStaff(row!), message: cm.api.updated(target.name), notice: null };
  });
}
