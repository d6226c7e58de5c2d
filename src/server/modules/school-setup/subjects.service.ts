import type { Actor } from '../../../shared/access.js';
import type { Subject } from '../../../shared/contracts/school-setup.js';
import { catalogueSubjects } from '../../../shared/curriculum-catalogue.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { audit, writeSchool } from './setup-context.js';
import { changes, conflict, readSchool } from '../../lib/school-context.js';
import { departmentExists, listDepartmentNames } from './departments.repository.js';
import { findBandCurriculum } from './structure.repository.js';
import * as repo from './subjects.repository.js';

const m = messages.schoolSetup;

/** Audit actions of learning areas. */
export const SUBJECT_AUDIT = {
  created: 'SUBJECT_CREATED',
  updated: 'SUBJECT_UPDATED',
  retired: 'SUBJECT_RETIRED',
  restored: 'SUBJECT_RESTORED',
} as const;

type SubjectRow = repo.SubjectRow;

async function subjectsOf(tx: Tx, schoolId: string, where: repo.SubjectFilters): Promise<Subject[]> {
  const rows = await repo.listSubjectsWithCounts(tx, schoolId, where);
  return rows.map(({ s, departmentName, assignmentCount }) => ({
    id: s.id,
    name: s.name,
    code: s.code,
    band: s.band,
    lessonsPerWeek: s.lessonsPerWeek,
    isCore: s.isCore,
    curriculum: s.curriculum,
    departmentId: s.departmentId,
    departmentName: departmentName ?? null,
    retiredAt: s.retiredAt?.toISOString() ?? null,
    assignmentCount,
  }));
}

async function one(tx: Tx, schoolId: string, id: string): Promise<Subject> {
  const [s] = await subjectsOf(tx, schoolId, { ids: [id], includeRetired: true });
  return s!;
}

async function subjectRow(tx: Tx, schoolId: string, id: string): Promise<SubjectRow> {
  const row = await repo.findSubject(tx, schoolId, id);
  if (!row) throw notFound(m.subjectNotFound);
  return row;
}

/** The curriculum of a band the school teaches (from its levels), or 400 naming `band`. */
async function bandCurriculum(tx: Tx, schoolId: string, band: string): Promise<string> {
  const curriculum = await findBandCurriculum(tx, schoolId, band);
  if (curriculum === undefined) throw badRequest(m.unknownBand, { band: m.unknownBand });
  return curriculum;
}

async function checkCodeFree(tx: Tx, schoolId: string, band: string, code: string, exceptId?: string) {
  const dup = await repo.findSubjectByCode(tx, schoolId, band, code, exceptId);
  if (dup) throw conflict('SUBJECT_CODE_TAKEN', m.subjectCodeTaken(code, band), 'code');
}

async function checkDepartment(tx: Tx, schoolId: string, id: string | null | undefined) {
  if (!id) return;
  if (!(await departmentExists(tx, schoolId, id))) throw badRequest(m.departmentNotFound, { departmentId: m.departmentNotFound });
}

function snapshot(s: SubjectRow) {
  return { name: s.name, code: s.code, band: s.band, lessonsPerWeek: s.lessonsPerWeek, isCore: s.isCore, departmentId: s.departmentId };
}

/** GET /api/school-setup/subjects?band=&includeRetired=true: learning areas by band (retired ones only when asked). */
export async function listSubjects(database: Database, actor: Actor, q: { band?: string; includeRetired?: 'true' | 'false'; schoolId?: string }): Promise<Subject[]> {
  return readSchool(database, actor, q.schoolId, (tx, id) => subjectsOf(tx, id, { band: q.band, includeRetired: q.includeRetired === 'true' }));
}

/**
 * POST /api/school-setup/subjects (principal): a custom learning area of one of the school's bands
 * (400 unknown band), code unique in the band (409 SUBJECT_CODE_TAKEN), lessons per week 1-15, core or
 * elective, department of the school.
 */
export async function createSubject(
  database: Database,
  actor: Actor,
  body: { band: string; name: string; code: string; lessonsPerWeek: number; isCore: boolean; departmentId?: string | null },
  ip: string,
): Promise<Subject> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const curriculum = await bandCurriculum(tx, w.schoolId, body.band);
    await checkCodeFree(tx, w.schoolId, body.band, body.code);
    await checkDepartment(tx, w.schoolId, body.departmentId);
    const [row] = await repo.insertSubjects(tx, [
      { schoolId: w.schoolId, band: body.band, name: body.name, code: body.code, lessonsPerWeek: body.lessonsPerWeek, isCore: body.isCore, curriculum, departmentId: body.departmentId ?? null },
    ]);
    await audit(tx, w, SUBJECT_AUDIT.created, `subject:${row!.id}`, null, snapshot(row!));
    return one(tx, w.schoolId, row!.id);
  });
}

/**
 * POST /api/school-setup/subjects/catalogue (principal): adds the catalogue's learning areas with these
 * codes to a band of the school (shared/curriculum-catalogue.ts, by the band's curriculum). Codes the
 * band already has are skipped (idempotent); a code the catalogue does not list for the band is 400.
 * Each gets the school's department of the catalogue's department name, when the school has one.
 */
export async function addFromCatalogue(database: Database, actor: Actor, body: { band: string; codes: string[] }, ip: string): Promise<{ created: Subject[]; skipped: string[] }> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const curriculum = await bandCurriculum(tx, w.schoolId, body.band);
    const catalogue = catalogueSubjects(body.band, curriculum);
    const wanted = [...new Set(body.codes.map((c) => c.toUpperCase()))];
    const entries = wanted.map((code) => {
      const entry = catalogue.find((x) => x.code.toUpperCase() === code);
      if (!entry) throw badRequest(m.unknownCatalogueCode(code), { codes: m.unknownCatalogueCode(code) });
      return entry;
    });
    const have = await repo.listSubjectCodesOfBand(tx, w.schoolId, body.band);
    const haveCodes = new Set(have.map((code) => code.toUpperCase()));
    const depts = await listDepartmentNames(tx, w.schoolId);
    const deptOf = (name: string) => depts.find((d) => d.name.toLowerCase() === name.toLowerCase())?.id ?? null;
    const fresh = entries.filter((e) => !haveCodes.has(e.code.toUpperCase()));
    const skipped = entries.filter((e) => haveCodes.has(e.code.toUpperCase())).map((e) => e.code);
    if (!fresh.length) return { created: [], skipped };
    const rows = await repo.insertSubjects(
      tx,
      fresh.map((e) => ({
        schoolId: w.schoolId,
        band: body.band,
        name: e.name,
        code: e.code,
        lessonsPerWeek: e.lessonsPerWeek,
        isCore: e.isCore,
        curriculum,
        departmentId: deptOf(e.department),
      })),
    );
    for (const row of rows) await audit(tx, w, SUBJECT_AUDIT.created, `subject:${row.id}`, null, snapshot(row), { from: 'catalogue' });
    return { created: await subjectsOf(tx, w.schoolId, { ids: rows.map((r) => r.id) }), skipped };
  });
}

/** PATCH /api/school-setup/subjects/:id (principal): name, code (unique in its band), lessons per week, core, department. */
export async function updateSubject(
  database: Database,
  actor: Actor,
  id: string,
  body: Partial<{ name: string; code: string; lessonsPerWeek: number; isCore: boolean; departmentId: string | null }>,
  ip: string,
): Promise<Subject> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await subjectRow(tx, w.schoolId, id);
    if (body.code !== undefined) await checkCodeFree(tx, w.schoolId, row.band, body.code, id);
    if (body.departmentId !== undefined) await checkDepartment(tx, w.schoolId, body.departmentId);
    const diff = changes(snapshot(row), body);
    if (Object.keys(diff.new).length) {
      await repo.updateSubjectRow(tx, id, diff.new);
      await audit(tx, w, SUBJECT_AUDIT.updated, `subject:${id}`, diff.old, diff.new, { name: row.name, band: row.band });
    }
    return one(tx, w.schoolId, id);
  });
}

/**
 * POST /api/school-setup/subjects/:id/retire and /restore (principal): a retired learning area stays on
 * old records (assignments, marks, reports) but is not offered for new assignments. 409 when it already
 * is (or is not) retired.
 */
export async function setRetired(database: Database, actor: Actor, id: string, retire: boolean, ip: string): Promise<Subject> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const row = await subjectRow(tx, w.schoolId, id);
    if (retire && row.retiredAt) throw conflict('ALREADY_RETIRED', m.alreadyRetired);
    if (!retire && !row.retiredAt) throw conflict('NOT_RETIRED', m.notRetired);
    const retiredAt = retire ? new Date() : null;
    await repo.updateSubjectRow(tx, id, { retiredAt });
    await audit(tx, w, retire ? SUBJECT_AUDIT.retired : SUBJECT_AUDIT.restored, `subject:${id}`, { retiredAt: row.retiredAt?.toISOString() ?? null }, { retiredAt: retiredAt?.toISOString() ?? null }, { name: row.name, band: row.band });
    return one(tx, w.schoolId, id);
  });
}
