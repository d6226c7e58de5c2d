import { canAccessSchool, type Actor } from '../../../shared/access.js';
import {
  codeFromName,
  SCHOOL_CODE_MAX,
  type CreateSchoolInput,
  type ListSchoolsQuery,
  type ListSchoolsResponse,
  type School,
  type SchoolLeader,
  type SchoolStatus,
  type UpdateSchoolInput,
} from '../../../shared/contracts/schools.js';
import { messages } from '../../../shared/messages.js';
import { normaliseKenyanPhone } from '../../../shared/phone.js';
import { isSchoolRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type TenantScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { recordAudit, type AuditEntry } from '../../lib/audit.js';
import { applyNewSchoolDefaults } from '../system-settings/index.js';
import {
  codesLike,
  codeTaken,
  countPeople,
  deleteSchoolSessions,
  findSchoolRow,
  insertSchool,
  listLeaders,
  listSchoolRows,
  lockSchool,
  memberRole,
  summariseSchools,
  updateSchoolRow,
  type SchoolRow,
  type SchoolValues,
} from './schools.repository.js';

const m = messages.schoolsManagement;

/** What a school change's audit entry adds: old and new values, metadata. */
type AuditDetails = Pick<AuditEntry, 'oldValue' | 'newValue' | 'metadata'>;

export interface RequestInfo {
  ip: string;
}

/** Audits `actor`'s change `action` of school `schoolId` (target `school:<id>`, in that school), from `req.ip`. */
async function auditSchoolChange(tx: Tx, actor: Actor, schoolId: string, action: string, req: RequestInfo, details: AuditDetails): Promise<void> {
  await recordAudit(tx, { schoolId, action, performedByUserId: actor.id, performedByRole: actor.role, targetEntity: `school:${schoolId}`, ...details, ipAddress: req.ip });
}

/** Platform staff see every school; school roles only their own (wall 2; RLS is wall 3). */
function scopeFor(actor: Actor): TenantScope {
  return isSchoolRole(actor.role)
    ? { schoolId: actor.schoolId, userId: actor.id, allSchools: false }
    : { schoolId: null, userId: actor.id, allSchools: true };
}

/** A row plus its counts as the API returns it. */
function toSchool(r: SchoolRow, counts?: { users: number; students: number }): School {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    curriculum: r.curriculum as School['curriculum'],
    address: r.address,
    county: r.county,
    phone: r.phone,
    email: r.email,
    logoUrl: r.logoUrl,
    motto: r.motto,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    principalId: r.principalId,
    principalName: r.principalName,
    status: r.status as SchoolStatus,
    userCount: counts?.users ?? 0,
    studentCount: counts?.students ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Schools of the caller's scope (spec §7 table read 3; §2 Schools Management): platform staff every
 * school, school roles their own. Filtered by search/status/curriculum, by name; one page when
 * pageSize is given, else every match. Each row carries its account and active-student counts, counted
 * for the returned rows only (so a page costs the same with 10 or 10,000 schools). The summary covers
 * the whole scope. Three queries: the rows, the summary (one scan of schools), the counts.
 */
export async function listSchools(database: Database, actor: Actor, q: ListSchoolsQuery): Promise<ListSchoolsResponse> {
  const filters = { search: q.search, status: q.status, curriculum: q.curriculum };
  const paged = q.pageSize !== undefined;
  return withScope(database.db, scopeFor(actor), async (tx) => {
    const rows = await listSchoolRows(tx, filters, paged ? { limit: q.pageSize!, offset: (q.page - 1) * q.pageSize! } : undefined);
    const { summary, matching } = await summariseSchools(tx, filters);
    const counts = await countPeople(
      tx,
      rows.map((r) => r.id),
    );
    return {
      schools: rows.map((r) => toSchool(r, counts.get(r.id))),
      total: matching,
      page: paged ? q.page : 1,
      pageSize: paged ? q.pageSize! : null,
      summary,
    };
  });
}

/** One school with its counts. 404 for an unknown id or another school's id (school roles). */
export async function getSchool(database: Database, actor: Actor, schoolId: string): Promise<School> {
  if (!canAccessSchool(actor, schoolId)) throw notFound(messages.api.notFound);
  return withScope(database.db, scopeFor(actor), async (tx) => {
    const row = await findSchoolRow(tx, schoolId);
    if (!row) throw notFound(messages.api.notFound);
    const counts = await countPeople(tx, [row.id]);
    return toSchool(row, counts.get(row.id));
  });
}

/** The school directors and principals of a school (owner and principal pickers). 404 unknown school. */
export async function getLeaders(database: Database, actor: Actor, schoolId: string): Promise<SchoolLeader[]> {
  return withScope(database.db, scopeFor(actor), async (tx) => {
    if (!(await findSchoolRow(tx, schoolId))) throw notFound(messages.api.notFound);
    const rows = await listLeaders(tx, schoolId);
    return rows.map((r) => ({ ...r, role: r.role as SchoolLeader['role'] }));
  });
}

function codeTakenError(): AppError {
  return new AppError(409, 'CODE_TAKEN', m.codeTaken, { fields: { code: m.codeTaken } });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The stored phone for an input: null stays null; otherwise 2547XXXXXXXX or a 400. */
function phoneOf(input: string | null): string | null {
  if (input === null) return null;
  const phone = normaliseKenyanPhone(input);
  if (!phone) throw badRequest(m.invalidPhone, { phone: m.invalidPhone });
  return phone;
}

/** The first free code among base, base-2, base-3, … (base from the name). */
async function freeCode(tx: Tx, name: string): Promise<string> {
  const base = codeFromName(name);
  const taken = await codesLike(tx, base);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`.slice(0, SCHOOL_CODE_MAX);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Creates a school (spec §2 Schools Management), active, with the SCHOOL_CREATED audit entry, in one
 * transaction. The code is the given one (409 CODE_TAKEN when used) or one made from the name (first
 * free of name, name-2, …). The phone is stored as 2547XXXXXXXX (400 otherwise). A new school has no
 * accounts, so owner and principal must be empty (400).
 */
export async function createSchool(database: Database, actor: Actor, body: CreateSchoolInput, req: RequestInfo): Promise<School> {
  if (body.ownerId || body.principalId) {
    const fields: Record<string, string> = {};
    if (body.ownerId) fields.ownerId = m.leadersOnCreate;
    if (body.principalId) fields.principalId = m.leadersOnCreate;
    throw badRequest(m.leadersOnCreate, fields);
  }
  const phone = phoneOf(body.phone ?? null);
  try {
    return await withScope(database.db, scopeFor(actor), async (tx) => {
      let code = body.code;
      if (code) {
        if (await codeTaken(tx, code)) throw codeTakenError();
      } else {
        code = await freeCode(tx, body.name);
      }
      const values: SchoolValues = {
        name: body.name,
        code,
        curriculum: body.curriculum,
        address: body.address ?? null,
        county: body.county ?? null,
        phone,
        email: body.email ?? null,
        logoUrl: body.logoUrl ?? null,
        motto: body.motto ?? null,
        status: 'active',
      };
      const id = await insertSchool(tx, values);
      // Issue 18 §4: System Settings' defaults for new schools (curricula, terms, grading scales, SMS sender).
      await applyNewSchoolDefaults(tx, id);
      await auditSchoolChange(tx, actor, id, 'SCHOOL_CREATED', req, { newValue: { id, ...values } });
      const row = await findSchoolRow(tx, id);
      if (!row) throw new Error(`created school ${id} not readable in scope`);
      return toSchool(row);
    });
  } catch (err) {
    // Two creations with one code at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw codeTakenError();
    throw err;
  }
}

const EDITABLE = ['name', 'code', 'curriculum', 'address', 'county', 'phone', 'email', 'logoUrl', 'motto', 'ownerId', 'principalId'] as const;
type Editable = (typeof EDITABLE)[number];

/**
 * Edits a school (spec §2 Schools Management): only the fields present change. Rules as for create,
 * plus: ownerId must be a school director and principalId a principal of this school (400 otherwise;
 * null clears). No change → 200 with no write and no audit entry. Otherwise one transaction with the
 * SCHOOL_UPDATED entry (old_value/new_value: the changed fields only). 404 unknown school; 409 code
 * taken.
 */
export async function updateSchool(database: Database, actor: Actor, schoolId: string, body: UpdateSchoolInput, req: RequestInfo): Promise<School> {
  const phone = body.phone === undefined ? undefined : phoneOf(body.phone);
  const wanted: Partial<Record<Editable, string | null>> = { ...body, phone };
  try {
    return await withScope(database.db, scopeFor(actor), async (tx) => {
      const current = await lockSchool(tx, schoolId);
      if (!current) throw notFound(messages.api.notFound);
      const oldValue: Record<string, unknown> = {};
      const newValue: Record<string, unknown> = {};
      for (const key of EDITABLE) {
        const next = wanted[key];
        if (next === undefined || next === current[key]) continue;
        oldValue[key] = current[key];
        newValue[key] = next;
      }
      if (typeof newValue.code === 'string' && (await codeTaken(tx, newValue.code, schoolId))) throw codeTakenError();
      const fields: Record<string, string> = {};
      if (typeof newValue.ownerId === 'string' && (await memberRole(tx, schoolId, newValue.ownerId)) !== 'school_director') {
        fields.ownerId = m.ownerNotInSchool;
      }
      if (typeof newValue.principalId === 'string' && (await memberRole(tx, schoolId, newValue.principalId)) !== 'principal') {
        fields.principalId = m.principalNotInSchool;
      }
      if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields).join(' '), fields);

      if (Object.keys(newValue).length > 0) {
        await updateSchoolRow(tx, schoolId, newValue as Partial<SchoolValues>);
        await auditSchoolChange(tx, actor, schoolId, 'SCHOOL_UPDATED', req, {
          oldValue,
          newValue,
          metadata: { name: (newValue.name as string | undefined) ?? current.name, changed: Object.keys(newValue) },
        });
      }
      const row = await findSchoolRow(tx, schoolId);
      if (!row) throw new Error(`school ${schoolId} vanished during an update`);
      const counts = await countPeople(tx, [schoolId]);
      return toSchool(row, counts.get(schoolId));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTakenError();
    throw err;
  }
}

/**
 * Activates or deactivates a school. Deactivating deletes every session of the school's accounts in
 * the same transaction, so they are signed out at once; while inactive, sign-in answers "Your school
 * account is inactive. Please contact EduFam support." and every API call 403 SCHOOL_INACTIVE.
 * Idempotent: the same status again is 200 with no write. Audited as SCHOOL_STATUS_CHANGED (old/new
 * {status}, metadata {name, endedSessions}). 404 unknown school.
 */
export async function setSchoolStatus(
  database: Database,
  actor: Actor,
  schoolId: string,
  status: SchoolStatus,
  req: RequestInfo,
): Promise<{ school: School; message: string }> {
  return withScope(database.db, scopeFor(actor), async (tx) => {
    const current = await lockSchool(tx, schoolId);
    if (!current) throw notFound(messages.api.notFound);
    if (current.status !== status) {
      await updateSchoolRow(tx, schoolId, { status });
      const endedSessions = status === 'inactive' ? await deleteSchoolSessions(tx, schoolId) : 0;
      await auditSchoolChange(tx, actor, schoolId, 'SCHOOL_STATUS_CHANGED', req, { oldValue: { status: current.status }, newValue: { status }, metadata: { name: current.name, endedSessions } });
    }
    const row = await findSchoolRow(tx, schoolId);
    if (!row) throw new Error(`school ${schoolId} vanished during a status change`);
    const counts = await countPeople(tx, [schoolId]);
    const school = toSchool(row, counts.get(schoolId));
    return { school, message: m.statusUpdated(school.name, status === 'active') };
  });
}
