import type { Actor } from '../../../shared/access.js';
import { checkTerms, type AcademicYear, type CreateYearInput, type TermInput } from '../../../shared/contracts/school-setup.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { copyStreamsToYear } from './school-setup.service.js';
import { audit, writeSchool } from './setup-context.js';
import { conflict, readSchool, type SchoolCaller } from '../../lib/school-context.js';
import * as repo from './years.repository.js';

export { currentYearId } from './years.repository.js';

const m = messages.schoolSetup;

/** Audit actions of years and terms. */
export const YEAR_AUDIT = {
  created: 'ACADEMIC_YEAR_CREATED',
  updated: 'ACADEMIC_YEAR_UPDATED',
  closed: 'ACADEMIC_YEAR_CLOSED',
  currentTerm: 'CURRENT_TERM_CHANGED',
} as const;

async function yearsOf(tx: Tx, schoolId: string, onlyId?: string): Promise<AcademicYear[]> {
  const rows = await repo.listYearsWithStreamCounts(tx, schoolId, onlyId);
  const termRows = await repo.listTerms(tx, schoolId, onlyId);
  return rows.map(({ year, streamCount }) => ({
    id: year.id,
    name: year.name,
    startsOn: year.startsOn,
    endsOn: year.endsOn,
    isCurrent: year.isCurrent,
    status: year.status as AcademicYear['status'],
    closedAt: year.closedAt?.toISOString() ?? null,
    streamCount,
    terms: termRows
      .filter((t) => t.academicYearId === year.id)
      .map((t) => ({
        id: t.id,
        number: t.number,
        name: t.name,
        startsOn: t.startsOn,
        endsOn: t.endsOn,
        halfTermStartsOn: t.halfTermStartsOn,
        halfTermEndsOn: t.halfTermEndsOn,
        isCurrent: t.isCurrent,
      })),
  }));
}

async function oneYear(tx: Tx, schoolId: string, id: string): Promise<AcademicYear> {
  const [year] = await yearsOf(tx, schoolId, id);
  if (!year) throw notFound(m.yearNotFound);
  return year;
}

/** The year of the school, or 404. */
async function yearRow(tx: Tx, schoolId: string, id: string): Promise<repo.YearRow> {
  const row = await repo.findYear(tx, schoolId, id);
  if (!row) throw notFound(m.yearNotFound);
  return row;
}

/** 409 YEAR_CLOSED: a closed year is read-only history. */
export function yearClosed(name: string) {
  return conflict('YEAR_CLOSED', m.yearClosedError(name));
}

/** The terms' rules (checkTerms) and no overlap with the school's other years; 400 with field errors. */
async function checkYearTerms(tx: Tx, schoolId: string, list: TermInput[], exceptYearId?: string): Promise<void> {
  const errors = checkTerms(list);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const startsOn = list[0]!.startsOn;
  const endsOn = list[list.length - 1]!.endsOn;
  const clash = await repo.findOverlappingYear(tx, schoolId, startsOn, endsOn, exceptYearId);
  if (clash) throw badRequest(m.yearsOverlap(clash.name), { 'terms.0.startsOn': m.yearsOverlap(clash.name) });
}

/** GET /api/school-setup/years: every academic year of the school, newest first, with its terms. */
export async function listYears(database: Database, actor: Actor, schoolId?: string): Promise<AcademicYear[]> {
  return readSchool(database, actor, schoolId, (tx, id) => yearsOf(tx, id));
}

/**
 * POST /api/school-setup/years (principal): a year named e.g. "2027" with its terms (checkTerms: in
 * order, no overlaps, half-terms inside their terms; not overlapping another year), running from the
 * first term's start to the last term's end. The new year is open and not current. With
 * copyStreamsFromYearId, that year's streams (and with copyAssignments their assignments) are copied
 * (copyStreamsToYear). 409 YEAR_EXISTS for a name the school already has.
 */
export async function createYear(database: Database, actor: Actor, body: CreateYearInput, ip: string): Promise<AcademicYear> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const dup = await repo.findYearByName(tx, w.schoolId, body.name);
    if (dup) throw conflict('YEAR_EXISTS', m.yearNameTaken(body.name), 'name');
    await checkYearTerms(tx, w.schoolId, body.terms);
    if (body.copyStreamsFromYearId) {
      if (!(await repo.yearExists(tx, w.schoolId, body.copyStreamsFromYearId))) throw badRequest(m.yearNotFound, { copyStreamsFromYearId: m.yearNotFound });
    }
    const year = await repo.insertYear(tx, { schoolId: w.schoolId, name: body.name, startsOn: body.terms[0]!.startsOn, endsOn: body.terms[body.terms.length - 1]!.endsOn });
    await repo.insertTerms(tx, w.schoolId, year.id, body.terms);
    await audit(tx, w, YEAR_AUDIT.created, `academic_year:${year.id}`, null, { name: body.name, terms: body.terms });
    if (body.copyStreamsFromYearId) {
      await copyStreamsToYear(tx, w.schoolId, body.copyStreamsFromYearId, year.id, { withAssignments: body.copyAssignments, audit: { actor, ip } });
    }
    return oneYear(tx, w.schoolId, year.id);
  });
}

/**
 * PATCH /api/school-setup/years/:id (principal): rename the year and move its terms' dates (the same
 * terms by number: a year keeps its terms once created). Closed years are read-only (409 YEAR_CLOSED).
 */
export async function updateYear(database: Database, actor: Actor, id: string, body: { name?: string; terms?: TermInput[] }, ip: string): Promise<AcademicYear> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const year = await yearRow(tx, w.schoolId, id);
    if (year.status === 'closed') throw yearClosed(year.name);
    const before = await oneYear(tx, w.schoolId, id);
    if (body.name !== undefined && body.name.toLowerCase() !== year.name.toLowerCase()) {
      const dup = await repo.findYearByName(tx, w.schoolId, body.name, id);
      if (dup) throw conflict('YEAR_EXISTS', m.yearNameTaken(body.name), 'name');
    }
    const set: Partial<repo.YearRow> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.terms) {
      const numbers = before.terms.map((t) => t.number).join(',');
      if (body.terms.map((t) => t.number).join(',') !== numbers) throw badRequest(m.termsInUseChanged, { terms: m.termsInUseChanged });
      await checkYearTerms(tx, w.schoolId, body.terms, id);
      set.startsOn = body.terms[0]!.startsOn;
      set.endsOn = body.terms[body.terms.length - 1]!.endsOn;
      for (const t of body.terms) await repo.updateTermDates(tx, id, t);
    }
    if (Object.keys(set).length) await repo.updateYearRow(tx, id, set);
    const after = await oneYear(tx, w.schoolId, id);
    const strip = (y: AcademicYear) => ({ name: y.name, terms: y.terms.map(({ id: _id, isCurrent: _c, ...t }) => t) });
    await audit(tx, w, YEAR_AUDIT.updated, `academic_year:${id}`, strip(before), strip(after));
    return after;
  });
}

/** Makes `termId` the school's current term and its year the current year (unique indexes keep one each). */
async function makeCurrent(tx: Tx, w: SchoolCaller, termId: string): Promise<{ term: string; year: string }> {
  const row = await repo.findTermWithYear(tx, w.schoolId, termId);
  if (!row) throw notFound(m.termNotFound);
  if (row.year.status === 'closed') throw yearClosed(row.year.name);
  const was = await repo.findCurrentTerm(tx, w.schoolId);
  await repo.clearCurrentTerm(tx, w.schoolId);
  await repo.clearCurrentYear(tx, w.schoolId);
  await repo.markYearCurrent(tx, row.year.id);
  await repo.markTermCurrent(tx, termId);
  await audit(tx, w, YEAR_AUDIT.currentTerm, `term:${termId}`, was ? { term: was.term, year: was.year } : null, { term: row.term.name, year: row.year.name });
  return { term: row.term.name, year: row.year.name };
}

/**
 * POST /api/school-setup/terms/:id/current (principal): the term becomes the school's current term
 * and its year the current year (at most one of each per school). 404 for another school's term; 409
 * YEAR_CLOSED for a term of a closed year. Returns every year.
 */
export async function markCurrentTerm(database: Database, actor: Actor, termId: string, ip: string): Promise<AcademicYear[]> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    await makeCurrent(tx, w, termId);
    return yearsOf(tx, w.schoolId);
  });
}

/**
 * POST /api/school-setup/years/:id/close (principal): the year becomes read-only history (status
 * closed, closedAt now). The current year closes only together with making a term of another open
 * year current (nextCurrentTermId; 409 CLOSE_CURRENT_YEAR without it). 409 ALREADY_CLOSED.
 */
export async function closeYear(database: Database, actor: Actor, id: string, body: { nextCurrentTermId?: string | null }, ip: string): Promise<AcademicYear[]> {
  return writeSchool(database, actor, ip, async (tx, w) => {
    const year = await yearRow(tx, w.schoolId, id);
    if (year.status === 'closed') throw conflict('ALREADY_CLOSED', m.alreadyClosed(year.name));
    if (year.isCurrent) {
      if (!body.nextCurrentTermId) throw conflict('CLOSE_CURRENT_YEAR', m.closeCurrentYear, 'nextCurrentTermId');
      const next = await repo.findTermYearStatus(tx, w.schoolId, body.nextCurrentTermId);
      if (!next || next.yearId === id || next.status !== 'open') throw badRequest(m.nextTermNotOpen, { nextCurrentTermId: m.nextTermNotOpen });
      await makeCurrent(tx, w, body.nextCurrentTermId);
    }
    const closedAt = new Date();
    await repo.clearYearTermsCurrent(tx, id);
    await repo.markYearClosed(tx, id, closedAt);
    await audit(tx, w, YEAR_AUDIT.closed, `academic_year:${id}`, { status: 'open' }, { status: 'closed', closedAt: closedAt.toISOString() }, { name: year.name });
    return yearsOf(tx, w.schoolId);
  });
}
