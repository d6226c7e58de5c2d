import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { KemisLearnersResponse, KemisRow, KemisUpiImportResult } from '../../../shared/contracts/kemis.js';
import { relationshipText } from '../../../shared/contracts/learners.js';
import { schoolToday } from '../../../shared/dates.js';
import { countyName } from '../../../shared/kenya-counties.js';
import type { KemisRequiredField } from '../../../shared/kemis.js';
import { kemisMessages } from '../../../shared/messages/kemis.js';
import { formatKenyanPhone } from '../../../shared/phone.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { assertDemoSchool } from '../../lib/demo-aids.js';
import { auditSchool, type RequestCaller } from '../../lib/school-context.js';
import type { ExportColumn } from '../../lib/spreadsheet.js';
import { readCsv, readXlsx } from '../learner-files/index.js';
import * as repo from './kemis.repository.js';
import { perLocale } from '../../../shared/i18n/localized.js';

/**
 * The Ministry's learner data (KEMIS / NEMIS; issue 35 §1, §6; docs/decisions/0026-kemis.md): the
 * learner sheet in the Ministry's column order with the report of learners missing a field KEMIS
 * requires, and the import of the UPIs the Ministry assigned. Principal and director read (route
 * permission viewMinistryReturns); the principal imports (manageMinistryReturns). Another school's
 * stream or level is 404.
 */

const m = kemisMessages.api;
const im = kemisMessages.import;
const col = kemisMessages.columns;

function schoolOf(c: RequestCaller): string {
  if (!c.actor.schoolId) throw forbidden(m.notAllowed);
  return c.actor.schoolId;
}

const fullName = (s: { firstName: string; middleName: string | null; lastName: string }) => [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');
/** A stored phone (2547XXXXXXXX) as the Ministry's forms take it: 0722334455. */
const localPhone = (p: string | null | undefined) => (p ? formatKenyanPhone(p).replace(/\s+/g, '') : null);

/** The KEMIS sheet's columns in the Ministry's order (docs/decisions/0026-kemis.md). Dates are YYYY-MM-DD and written dd/mm/yyyy. */
export const KEMIS_COLUMNS = perLocale((): ExportColumn<KemisRow>[] => ([
  { header: col.upi, value: (r) => r.upi, width: 16 },
  { header: col.admissionNumber, value: (r) => r.admissionNumber, width: 16 },
  { header: col.firstName, value: (r) => r.firstName, width: 16 },
  { header: col.middleName, value: (r) => r.middleName, width: 16 },
  { header: col.lastName, value: (r) => r.lastName, width: 16 },
  { header: col.gender, value: (r) => (r.gender === 'male' ? kemisMessages.values.male : kemisMessages.values.female), width: 8 },
  { header: col.dateOfBirth, value: (r) => r.dateOfBirth, width: 14 },
  { header: col.birthCertificateNumber, value: (r) => r.birthCertificateNumber, width: 20 },
  { header: col.assessmentNumber, value: (r) => r.assessmentNumber, width: 16 },
  { header: col.nationality, value: (r) => r.nationality, width: 12 },
  { header: col.residenceCountyCode, value: (r) => r.residenceCountyCode, width: 12 },
  { header: col.residenceCounty, value: (r) => r.residenceCounty, width: 18 },
  { header: col.residenceSubCounty, value: (r) => r.residenceSubCounty, width: 20 },
  { header: col.specialNeeds, value: (r) => r.specialNeedsCodes.join(';'), width: 20 },
  { header: col.medicalCondition, value: (r) => r.medicalCondition, width: 24 },
  { header: col.shaNumber, value: (r) => r.shaNumber, width: 16 },
  { header: col.kcpeIndexNumber, value: (r) => r.kcpeIndexNumber, width: 16 },
  { header: col.kpseaIndexNumber, value: (r) => r.kpseaIndexNumber, width: 16 },
  { header: col.level, value: (r) => r.level, width: 12 },
  { header: col.stream, value: (r) => r.stream, width: 12 },
  { header: col.boarding, value: (r) => (r.boarding === 'boarding' ? kemisMessages.values.boarding : kemisMessages.values.day), width: 10 },
  { header: col.admittedOn, value: (r) => r.admittedOn, width: 14 },
  { header: col.fatherName, value: (r) => r.fatherName, width: 22 },
  { header: col.fatherIdNumber, value: (r) => r.fatherIdNumber, width: 14 },
  { header: col.fatherPhone, value: (r) => r.fatherPhone, width: 14 },
  { header: col.motherName, value: (r) => r.motherName, width: 22 },
  { header: col.motherIdNumber, value: (r) => r.motherIdNumber, width: 14 },
  { header: col.motherPhone, value: (r) => r.motherPhone, width: 14 },
  { header: col.guardianName, value: (r) => r.guardianName, width: 22 },
  { header: col.guardianIdNumber, value: (r) => r.guardianIdNumber, width: 14 },
  { header: col.guardianPhone, value: (r) => r.guardianPhone, width: 14 },
  { header: col.guardianRelationship, value: (r) => r.guardianRelationship, width: 16 },
]));

/** What the export covers: a stream, a level or the whole school, and the file-name part naming it. */
export interface KemisSheet extends KemisLearnersResponse {
  scope: string;
}

/**
 * GET /api/ministry/kemis/learners: the active learners of stream `classId`, of level `levelId`, or of
 * the whole school, one row each in the Ministry's column order, with the father's, mother's and another
 * guardian's name, ID number and phone (0XXXXXXXXX). `missing`: learners lacking a field KEMIS requires
 * (birth certificate number, date of birth, gender, nationality, county of residence, a guardian with an
 * ID number and a phone); `awaitingUpi`: learners without a UPI. 404 for another school's stream or level.
 */
export async function kemisSheet(tx: Tx, c: RequestCaller, filter: { classId?: string; levelId?: string }): Promise<KemisSheet> {
  const schoolId = schoolOf(c);
  let scope = 'school';
  if (filter.classId) {
    const cls = await repo.findClass(tx, schoolId, filter.classId);
    if (!cls) throw notFound(m.classNotFound);
    scope = cls.name;
  }
  if (filter.levelId) {
    const level = await repo.findLevel(tx, schoolId, filter.levelId);
    if (!level) throw notFound(m.levelNotFound);
    if (!filter.classId) scope = level.name;
  }
  const learners = await repo.listLearners(tx, schoolId, filter);
  const links = await repo.guardiansOf(tx, learners.map((l) => l.student.id));
  const byStudent = new Map<string, typeof links>();
  for (const g of links) byStudent.set(g.studentId, [...(byStudent.get(g.studentId) ?? []), g]);

  const rows: KemisRow[] = [];
  const missing: KemisLearnersResponse['missing'] = [];
  const awaitingUpi: KemisLearnersResponse['awaitingUpi'] = [];
  for (const l of learners) {
    const s = l.student;
    const gs = byStudent.get(s.id) ?? [];
    const father = gs.find((g) => g.relationship === 'father');
    const mother = gs.find((g) => g.relationship === 'mother');
    const others = gs.filter((g) => g !== father && g !== mother);
    const guardian = others.find((g) => g.isPrimary) ?? others[0];
    rows.push({
      studentId: s.id,
      upi: s.upi,
      admissionNumber: s.admissionNumber,
      firstName: s.firstName,
      middleName: s.middleName,
      lastName: s.lastName,
      gender: s.gender,
      dateOfBirth: s.dateOfBirth,
      birthCertificateNumber: s.birthCertificateNumber,
      assessmentNumber: s.assessmentNumber,
      nationality: s.nationality,
      residenceCountyCode: s.residenceCountyCode,
      residenceCounty: countyName(s.residenceCountyCode),
      residenceSubCounty: s.residenceSubCounty,
      specialNeedsCodes: s.specialNeedsCodes ?? [],
      medicalCondition: s.medicalCondition,
      shaNumber: s.shaNumber,
      kcpeIndexNumber: s.kcpeIndexNumber,
      kpseaIndexNumber: s.kpseaIndexNumber,
      level: l.gradeLevel,
      stream: l.stream,
      boarding: s.boarding,
      admittedOn: s.admittedOn,
      fatherName: father?.name ?? null,
      fatherIdNumber: father?.idNumber ?? null,
      fatherPhone: localPhone(father?.phone),
      motherName: mother?.name ?? null,
      motherIdNumber: mother?.idNumber ?? null,
      motherPhone: localPhone(mother?.phone),
      guardianName: guardian?.name ?? null,
      guardianIdNumber: guardian?.idNumber ?? null,
      guardianPhone: localPhone(guardian?.phone),
      guardianRelationship: guardian ? relationshipText(guardian.relationship, guardian.relationshipLabel) : null,
    });
    const who = { studentId: s.id, name: fullName(s), admissionNumber: s.admissionNumber, stream: l.className };
    const fields: KemisRequiredField[] = [];
    if (!s.birthCertificateNumber) fields.push('birthCertificateNumber');
    if (!s.dateOfBirth) fields.push('dateOfBirth');
    if (!s.gender) fields.push('gender');
    if (!s.nationality) fields.push('nationality');
    if (!s.residenceCountyCode) fields.push('residenceCountyCode');
    if (!gs.some((g) => g.idNumber && g.phone)) fields.push(gs.some((g) => g.phone) ? 'guardianIdNumber' : 'guardianPhone');
    if (fields.length) missing.push({ ...who, fields });
    if (!s.upi) awaitingUpi.push(who);
  }
  return { rows, missing, awaitingUpi, scope };
}

/** The file-name of a KEMIS export: kemis-learners-<stream, level or school>-<YYYY-MM-DD>. */
export function kemisFileName(scope: string): string {
  return kemisMessages.fileName(scope.toLowerCase().replace(/\s+/g, '-'), schoolToday());
}

// ── UPI import ──────────────────────────────────────────────────────────────────────────────────

type Cell = string | number | boolean | Date | null;
const MAX_ROWS = 20_000;

/** A header as compared: lower case, letters and digits only ("Birth Certificate No." → "birthcertificateno"). */
const headerKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The import's columns and the headers each is known by (the Ministry's files and EduFam's own export). */
const IMPORT_ALIASES = {
  upi: ['upi', 'learnerupi', 'uniquepersonalidentifier', 'nemisupi', 'kemisupi'],
  birthCertificateNumber: ['birthcertificateno', 'birthcertificatenumber', 'birthcertno', 'birthcertificate', 'bcno', 'bcn'],
  admissionNumber: ['admissionno', 'admissionnumber', 'admno', 'admnumber'],
  name: ['name', 'learnername', 'fullname', 'studentname', 'learner'],
} as const;
type ImportKey = keyof typeof IMPORT_ALIASES;

/** Headers of EduFam's KEMIS export that the import accepts and ignores (so the exported sheet can come back). */
const IGNORED = new Set(Object.values(col).map(headerKey));

function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  return String(cell).replace(/\u00a0/g, ' ').trim();
}

interface UpiRow {
  row: number;
  upi: string;
  birthCertificateNumber: string;
  admissionNumber: string;
  name: string;
}

/**
 * Reads the Ministry's UPI file (CSV or the first sheet of an .xlsx): headers matched case- and
 * punctuation-insensitively (IMPORT_ALIASES); 400 COLUMNS naming the unknown ones and the missing ones
 * (UPI, and Birth Certificate No or Admission No). Rows numbered as the spreadsheet does (header 1);
 * blank rows skipped.
 */
export async function readUpiFile(buffer: Buffer, contentType: string): Promise<UpiRow[]> {
  const cells = contentType === 'text/csv' ? readCsv(buffer) : await readXlsx(buffer);
  const headerAt = cells.findIndex((r) => r.some((c) => cellText(c) !== ''));
  if (headerAt < 0) throw badRequest(m.noRows, { file: m.noRows });
  const header = cells[headerAt]!;
  const index: Partial<Record<ImportKey, number>> = {};
  const unknown: string[] = [];
  header.forEach((cell, i) => {
    const raw = cellText(cell);
    if (!raw) return;
    const k = headerKey(raw);
    const key = (Object.keys(IMPORT_ALIASES) as ImportKey[]).find((x) => (IMPORT_ALIASES[x] as readonly string[]).includes(k));
    if (key) {
      if (index[key] === undefined) index[key] = i;
    } else if (!IGNORED.has(k)) unknown.push(raw);
  });
  const missing: string[] = [];
  if (index.upi === undefined) missing.push(col.upi);
  if (index.birthCertificateNumber === undefined && index.admissionNumber === undefined) missing.push(`${col.birthCertificateNumber} / ${col.admissionNumber}`);
  if (missing.length || unknown.length) {
    const message = m.columnsProblem(missing, unknown);
    throw new AppError(400, 'COLUMNS', message, { fields: { file: message } });
  }
  const at = (r: Cell[], k: ImportKey) => (index[k] === undefined ? '' : cellText(r[index[k]!]));
  const rows: UpiRow[] = [];
  for (let i = headerAt + 1; i < cells.length; i++) {
    const r = cells[i] ?? [];
    if (!r.some((c) => cellText(c) !== '')) continue;
    rows.push({ row: i + 1, upi: at(r, 'upi'), birthCertificateNumber: at(r, 'birthCertificateNumber'), admissionNumber: at(r, 'admissionNumber'), name: at(r, 'name') });
  }
  if (!rows.length) throw badRequest(m.noRows, { file: m.noRows });
  if (rows.length > MAX_ROWS) throw badRequest(m.tooManyRows(MAX_ROWS), { file: m.tooManyRows(MAX_ROWS) });
  return rows;
}

const certKey = (s: string | null) => (s ? s.toUpperCase().replace(/[\s-]+/g, '') : '');
const admKey = (s: string | null) => (s ? s.toUpperCase().replace(/\s+/g, '') : '');
const upiKey = (s: string | null) => (s ? s.toUpperCase().replace(/\s+/g, '') : '');

/**
 * POST /api/ministry/kemis/upis: applies the Ministry's UPIs. Each row is matched to a learner of the
 * school by birth certificate number, then by admission number (spaces, dashes and case ignored);
 * a row with no UPI or no such learner is unmatched. Conflicts, never overwritten: the UPI is already
 * held by another learner (or given to another learner on an earlier row), or the learner already holds
 * a different UPI (or got one on an earlier row). A learner already holding the same UPI is matched and
 * not updated (so importing a file twice updates nothing the second time). `commit` false: nothing is
 * written and `updated` says what would be; true: the UPIs are set in the caller's one transaction and
 * one audit entry (KEMIS_UPIS_IMPORTED) records the counts.
 */
export async function importUpis(tx: Tx, c: RequestCaller, rows: UpiRow[], opts: { commit: boolean; fileName: string }): Promise<KemisUpiImportResult> {
  const schoolId = schoolOf(c);
  const learners = await repo.learnersForMatching(tx, schoolId);
  const byCert = new Map<string, (typeof learners)[number]>();
  const byAdm = new Map<string, (typeof learners)[number]>();
  const byUpi = new Map<string, (typeof learners)[number]>();
  // Active learners win a shared key (a re-admitted learner's old record).
  const ordered = [...learners].sort((a, b) => Number(a.status === 'active') - Number(b.status === 'active'));
  for (const l of ordered) {
    if (l.birthCertificateNumber) byCert.set(certKey(l.birthCertificateNumber), l);
    byAdm.set(admKey(l.admissionNumber), l);
    if (l.upi) byUpi.set(upiKey(l.upi), l);
  }
  const result: KemisUpiImportResult = { committed: opts.commit, rows: rows.length, matched: 0, updated: 0, conflicts: [], unmatched: [], matches: [] };
  const upiRow = new Map<string, { row: number; studentId: string }>();
  const learnerRow = new Map<string, { row: number; upi: string }>();
  const toSet: { id: string; upi: string }[] = [];
  for (const r of rows) {
    const problem = (reason: string) => ({ row: r.row, reason, upi: r.upi, name: r.name || null });
    if (!r.upi) {
      result.unmatched.push(problem(im.noUpi));
      continue;
    }
    if (!r.birthCertificateNumber && !r.admissionNumber) {
      result.unmatched.push(problem(im.noKey));
      continue;
    }
    const learner = (r.birthCertificateNumber && byCert.get(certKey(r.birthCertificateNumber))) || (r.admissionNumber && byAdm.get(admKey(r.admissionNumber))) || undefined;
    if (!learner) {
      result.unmatched.push(problem(im.noLearner));
      continue;
    }
    const key = upiKey(r.upi);
    const holder = byUpi.get(key);
    if (holder && holder.id !== learner.id) {
      result.conflicts.push(problem(im.heldByOther(fullName(holder), holder.admissionNumber)));
      continue;
    }
    const earlier = upiRow.get(key);
    if (earlier && earlier.studentId !== learner.id) {
      result.conflicts.push(problem(im.twiceInFile(earlier.row)));
      continue;
    }
    if (learner.upi && upiKey(learner.upi) !== key) {
      result.conflicts.push(problem(im.learnerHasOther(learner.upi)));
      continue;
    }
    const sameLearner = learnerRow.get(learner.id);
    if (sameLearner && upiKey(sameLearner.upi) !== key) {
      result.conflicts.push(problem(im.learnerTwiceInFile(sameLearner.row)));
      continue;
    }
    result.matched++;
    const change = learner.upi || sameLearner ? 'same' : 'new';
    result.matches.push({ row: r.row, studentId: learner.id, name: fullName(learner), admissionNumber: learner.admissionNumber, upi: r.upi, change });
    upiRow.set(key, { row: r.row, studentId: learner.id });
    learnerRow.set(learner.id, { row: r.row, upi: r.upi });
    if (change === 'new') toSet.push({ id: learner.id, upi: r.upi });
  }
  result.updated = toSet.length;
  if (opts.commit) {
    for (const u of toSet) await repo.setUpi(tx, schoolId, u.id, u.upi);
    await auditSchool(
      tx,
      { actor: c.actor, schoolId, ip: c.ip },
      kemisMessages.audit.upisImported,
      `school:${schoolId}`,
      undefined,
      { updated: toSet.map((u) => ({ studentId: u.id, upi: u.upi })) },
      { fileName: opts.fileName, rows: rows.length, matched: result.matched, updated: result.updated, conflicts: result.conflicts.length, unmatched: result.unmatched.length },
      'ministry',
    );
  }
  return result;
}

/** A made-up UPI for the sample file: seven letters and digits, the same for a learner every time. */
function sampleUpi(schoolId: string, studentId: string): string {
  return createHash('sha256').update(`${schoolId}|upi|${studentId}`).digest('hex').slice(0, 7).toUpperCase();
}

/**
 * GET /api/ministry/kemis/upis/sample → a CSV "as the Ministry sends it" to try Import UPIs with:
 * UPI, Birth Certificate No, Admission No, Name, one row per active learner awaiting a UPI (at most 40;
 * birth certificate number where the learner has one, else the admission number) with a made-up UPI
 * that is the same every time (a second import updates nothing), plus a row whose UPI another learner
 * already holds (a conflict, where a learner holds one) and a row matching no learner. A demo aid: 409
 * DEMO_ONLY for a live school (lib/demo-aids.ts).
 */
export async function sampleUpiFile(tx: Tx, c: RequestCaller): Promise<{ csv: string; fileName: string }> {
  const schoolId = schoolOf(c);
  await assertDemoSchool(tx, schoolId);
  const learners = (await repo.learnersForMatching(tx, schoolId)).filter((l) => l.status === 'active').sort((a, b) => a.admissionNumber.localeCompare(b.admissionNumber));
  const awaiting = learners.filter((l) => !l.upi).slice(0, 40);
  const holder = learners.find((l) => l.upi);
  const rows: string[][] = [[col.upi, col.birthCertificateNumber, col.admissionNumber, im.sampleName]];
  for (const l of awaiting) rows.push([sampleUpi(schoolId, l.id), l.birthCertificateNumber ?? '', l.birthCertificateNumber ? '' : l.admissionNumber, fullName(l)]);
  const other = learners.find((l) => l.id !== holder?.id && !awaiting.includes(l));
  if (holder && other) rows.push([holder.upi!, other.birthCertificateNumber ?? '', other.admissionNumber, fullName(other)]);
  rows.push([sampleUpi(schoolId, 'no-such-learner'), '', 'NO/SUCH/0001', im.sampleNobody]);
  return { csv: stringify(rows), fileName: 'kemis-upis-sample.csv' };
}
