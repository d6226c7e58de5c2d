import ExcelJS from 'exceljs';
import type { Actor } from '../../../shared/access.js';
import { normaliseAdmissionNumber } from '../../../shared/admission-number.js';
import {
  EXPORT_EXTRA_COLUMNS,
  IMPORT_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  type ExportFormat,
  type ExportQuery,
  type ImportIssue,
  type ImportResult,
} from '../../../shared/contracts/learner-files.js';
import { schoolToday } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { toCsv, type ExportColumn } from '../../lib/spreadsheet.js';
import { recordAudit } from '../../lib/audit.js';
import { allocateAdmissionNumbers } from '../learners/index.js';
import { audienceScope, learnerAudience, visibleLearners } from '../learners/index.js';
import { allStudentRows, registerFilters, type ListRow } from '../learners/index.js';
import type { ImportFile } from './import-file.js';
import { checkRow, classKey, type ValidRow } from './import-rows.js';
import * as repo from './learner-files.repository.js';

const m = messages.learnerFiles;
const lm = messages.learners;

/** Audit actions of import and export (the Audit Trail lists them). */
export const LEARNER_FILES_AUDIT = {
  imported: 'STUDENTS_IMPORTED',
  exported: 'STUDENTS_EXPORTED',
} as const;

/** Who imports: the principal of the school (manageLearners), or the task acting for them. */
export interface ImportActor {
  id: string;
  role: string;
  schoolId: string;
}

export interface ImportOptions {
  /** Write the good rows (one transaction); otherwise a dry run that writes nothing. */
  commit: boolean;
  fileName: string;
  ip?: string | null;
  /** The background task running the import (recorded in the audit entry; makes a retry idempotent). */
  taskId?: string;
  /** The stored upload (background imports). */
  fileId?: string | null;
  /**
   * Rows of the file done so far, of all its rows. Called between statements inside the import's
   * transaction, so it must use another connection (PostgreSQL); on PGlite, whose single backend runs
   * one transaction at a time, leave it out.
   */
  onProgress?: (done: number, total: number) => Promise<void>;
}

/** The principal's school (the only role that imports). */
export function importerOf(actor: Actor): ImportActor {
  if (actor.role !== 'principal' || !actor.schoolId) throw forbidden(messages.friendly.permission);
  return { id: actor.id, role: actor.role, schoolId: actor.schoolId };
}

const COLUMN_ORDER = new Map<string, number>(IMPORT_COLUMNS.map((c, i) => [c, i]));
const byRowAndColumn = (a: ImportIssue, b: ImportIssue) => a.row - b.row || (COLUMN_ORDER.get(a.column) ?? 99) - (COLUMN_ORDER.get(b.column) ?? 99);

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Who a row without an admission number is: first and last name (any case) and guardian phone. */
function learnerKey(firstName: string, lastName: string, phone: string): string {
  return `${firstName.trim().toLowerCase()}|${lastName.trim().toLowerCase()}|${phone}`;
}

interface UpdatePlan {
  v: ValidRow;
  existing: repo.ExistingStudent;
  next: repo.StudentUpdate;
  changed: boolean;
}

/**
 * Imports learners from a read file (POST /api/students/import, issue 10 §2 Import).
 *
 * Every row is checked (import-rows.ts, plus: an admission number twice in the file, a number that
 * belongs to a learner who has left). Bad rows are listed with row, column and reason and never
 * written. A good row whose admission number matches a learner of the school (case-insensitively) updates
 * that learner (names, gender, date of birth, class with this year's class history, UPI, birth
 * certificate, boarding; blank optional cells keep what is stored) and links the guardian; a row with a
 * new or blank number admits a learner (a blank number gets the next of the school's pattern, allocated
 * in bulk), with class history for the class's year and admittedOn today. Guardians are matched by
 * phone in the school: a known guardian is linked, not duplicated (siblings share a parent). A stream
 * that ends up over its capacity is a warning, not an error.
 *
 * With commit, all the good rows are written in one transaction (all or none of them), with one
 * STUDENTS_IMPORTED audit entry holding the counts and file name. 400 when the school has no open year.
 */
export async function importLearners(database: Database, actor: ImportActor, file: ImportFile, opts: ImportOptions): Promise<ImportResult> {
  const { schoolId } = actor;
  const today = schoolToday();
  try {
    return await withScope(database.db, { schoolId, userId: actor.id, allSchools: false }, async (tx) => {
      const year = await repo.openYear(tx, schoolId);
      if (!year) throw badRequest(m.noOpenYear);
      const classRows = await repo.yearClasses(tx, schoolId, year);
      const classMap = new Map(classRows.map((c) => [classKey(c.name), c.ref]));

      // 1. Rules of each row, and admission numbers repeated in the file.
      const errors: ImportIssue[] = [];
      const badRows = new Set<number>();
      const valid: ValidRow[] = [];
      const firstRowOf = new Map<string, number>();
      for (const r of file.rows) {
        const check = checkRow(r, classMap, today);
        const issues = check.ok ? [] : [...check.issues];
        const n = r.values.admission_number ? normaliseAdmissionNumber(r.values.admission_number) : '';
        if (n) {
          const first = firstRowOf.get(n.toLowerCase());
          if (first === undefined) firstRowOf.set(n.toLowerCase(), r.row);
          else issues.push({ row: r.row, column: 'admission_number', message: m.duplicateInFile(n, first) });
        }
        if (issues.length || !check.ok) {
          errors.push(...issues);
          badRows.add(r.row);
        } else valid.push(check.value);
      }

      // 2. Learners already in the school: by admission number, or (a row without one) by first and last
      // name among the children of the guardian with that phone.
      const existing = await repo.studentsByAdmission(
        tx,
        schoolId,
        valid.filter((v) => v.admissionNumber).map((v) => v.admissionNumber!.toLowerCase()),
      );
      const guardianByPhone = await repo.guardiansByPhone(tx, schoolId, valid.map((v) => v.guardianPhone));
      const phoneOf = new Map([...guardianByPhone.values()].map((g) => [g.id, g.phone]));
      const byNameAndPhone = new Map<string, repo.ExistingStudent[]>();
      for (const c of await repo.childrenOf(tx, [...guardianByPhone.values()].map((g) => g.id))) {
        if (c.status !== 'active') continue;
        const key = learnerKey(c.firstName, c.lastName, phoneOf.get(c.guardianId)!);
        byNameAndPhone.set(key, [...(byNameAndPhone.get(key) ?? []), c]);
      }
      const creates: ValidRow[] = [];
      const matched: { v: ValidRow; existing: repo.ExistingStudent }[] = [];
      const rowOfLearner = new Map<string, number>();
      const rowOfNewLearner = new Map<string, number>();
      const reject = (v: ValidRow, column: string, message: string) => {
        errors.push({ row: v.row, column, message });
        badRows.add(v.row);
      };
      for (const v of valid) {
        const key = learnerKey(v.firstName, v.lastName, v.guardianPhone);
        let ex = v.admissionNumber ? existing.get(v.admissionNumber.toLowerCase()) : undefined;
        if (!v.admissionNumber) {
          const same = byNameAndPhone.get(key);
          if (same?.length === 1) ex = same[0];
        }
        if (!ex) {
          const earlier = rowOfNewLearner.get(key);
          if (earlier !== undefined && !v.admissionNumber) reject(v, 'first_name', m.sameLearner(earlier));
          else {
            if (!rowOfNewLearner.has(key)) rowOfNewLearner.set(key, v.row);
            creates.push(v);
          }
        } else if (ex.status !== 'active') {
          const status = lm.statuses[ex.status as keyof typeof lm.statuses] ?? ex.status;
          reject(v, 'admission_number', m.notActive(ex.admissionNumber, status.toLowerCase()));
        } else if (rowOfLearner.has(ex.id)) {
          reject(v, v.admissionNumber ? 'admission_number' : 'first_name', m.sameLearner(rowOfLearner.get(ex.id)!));
        } else {
          rowOfLearner.set(ex.id, v.row);
          matched.push({ v, existing: ex });
        }
      }

      // 3. The matched learners' guardian links.
      const links = await repo.linksOf(tx, matched.map((x) => x.existing.id));
      const linksByStudent = new Map<string, repo.LinkRef[]>();
      for (const l of links) linksByStudent.set(l.studentId, [...(linksByStudent.get(l.studentId) ?? []), l]);

      const updates: UpdatePlan[] = matched.map(({ v, existing: ex }) => {
        const next: repo.StudentUpdate = {
          id: ex.id,
          firstName: v.firstName,
          middleName: v.middleName ?? ex.middleName,
          lastName: v.lastName,
          gender: v.gender,
          dateOfBirth: v.dateOfBirth ?? ex.dateOfBirth,
          classId: v.classRef.id,
          upi: v.upi ?? ex.upi,
          birthCertificateNumber: v.birthCertificateNumber ?? ex.birthCertificateNumber,
          boarding: v.boarding,
        };
        const fieldsChanged = (Object.keys(next) as (keyof repo.StudentUpdate)[]).some((k) => next[k] !== ex[k]);
        const g = guardianByPhone.get(v.guardianPhone);
        const link = g && linksByStudent.get(ex.id)?.find((l) => l.guardianId === g.id);
        const linkChanged = !link || link.relationship !== v.guardianRelationship || link.relationshipLabel !== v.guardianRelationshipLabel;
        return { v, existing: ex, next, changed: fieldsChanged || linkChanged };
      });
      const changed = updates.filter((u) => u.changed);

      // 4. Streams over capacity (warnings): this year's active learners, plus arrivals, minus departures.
      const warnings = capacityWarnings(classRows, creates, changed);

      errors.sort(byRowAndColumn);
      const result: ImportResult = {
        created: creates.length,
        updated: changed.length,
        errors,
        unchanged: updates.length - changed.length,
        warnings,
        rows: file.rows.length,
        badRows: badRows.size,
        goodRows: file.rows.length - badRows.size,
        committed: opts.commit,
        fileName: opts.fileName,
      };
      if (!opts.commit) return result;

      // 5. Write the good rows.
      // Progress counts the file's rows: bad and unchanged rows are done already.
      const total = file.rows.length;
      let done = total - creates.length - changed.length;
      const progress = async (n: number) => {
        done += n;
        await opts.onProgress?.(done, total);
      };
      await opts.onProgress?.(done, total);
      const toWrite = [...creates, ...changed.map((u) => u.v)];
      const newGuardians = new Map<string, { name: string; phone: string; email: string | null }>();
      const emails = new Map<string, string>();
      for (const v of toWrite) {
        const g = guardianByPhone.get(v.guardianPhone);
        if (!g) {
          if (!newGuardians.has(v.guardianPhone)) newGuardians.set(v.guardianPhone, { name: v.guardianName, phone: v.guardianPhone, email: v.guardianEmail });
        } else if (!g.email && v.guardianEmail && !emails.has(g.id)) emails.set(g.id, v.guardianEmail);
      }
      const guardianIds = new Map([...guardianByPhone].map(([phone, g]) => [phone, g.id]));
      for (const [phone, id] of await repo.insertGuardians(tx, schoolId, [...newGuardians.values()])) guardianIds.set(phone, id);
      await repo.fillGuardianEmails(tx, schoolId, [...emails].map(([id, email]) => ({ id, email })));

      // Typed numbers first, so the numbers allocated next skip them.
      const typed = creates.filter((v) => v.admissionNumber);
      const blank = creates.filter((v) => !v.admissionNumber);
      const newStudent = (v: ValidRow, admissionNumber: string): repo.NewStudent => ({
        admissionNumber,
        firstName: v.firstName,
        middleName: v.middleName,
        lastName: v.lastName,
        gender: v.gender,
        dateOfBirth: v.dateOfBirth,
        classId: v.classRef.id,
        upi: v.upi,
        birthCertificateNumber: v.birthCertificateNumber,
        boarding: v.boarding,
        status: 'active',
        admittedOn: today,
      });
      const typedIds = await repo.insertStudents(tx, schoolId, typed.map((v) => newStudent(v, v.admissionNumber!)), progress);
      const numbers = await allocateAdmissionNumbers(tx, schoolId, Number(today.slice(0, 4)), blank.length);
      const blankIds = await repo.insertStudents(tx, schoolId, blank.map((v, i) => newStudent(v, numbers[i]!)), progress);
      const created = [...typed.map((v, i) => ({ v, id: typedIds[i]! })), ...blank.map((v, i) => ({ v, id: blankIds[i]! }))];

      await repo.updateStudents(tx, schoolId, changed.map((u) => u.next), progress);

      const startedOn = (c: ValidRow['classRef']) => (today > c.yearStartsOn ? today : c.yearStartsOn);
      await repo.upsertEnrolments(tx, schoolId, [
        ...created.map(({ v, id }) => ({ studentId: id, academicYearId: v.classRef.academicYearId, classId: v.classRef.id, startedOn: startedOn(v.classRef) })),
        ...changed.map((u) => ({ studentId: u.existing.id, academicYearId: u.v.classRef.academicYearId, classId: u.v.classRef.id, startedOn: startedOn(u.v.classRef) })),
      ]);

      await repo.upsertLinks(tx, schoolId, [
        ...created.map(({ v, id }) => ({
          studentId: id,
          guardianId: guardianIds.get(v.guardianPhone)!,
          relationship: v.guardianRelationship,
          relationshipLabel: v.guardianRelationshipLabel,
          isPrimary: true,
        })),
        ...changed.map((u) => {
          const own = linksByStudent.get(u.existing.id) ?? [];
          return {
            studentId: u.existing.id,
            guardianId: guardianIds.get(u.v.guardianPhone)!,
            relationship: u.v.guardianRelationship,
            relationshipLabel: u.v.guardianRelationshipLabel,
            isPrimary: !own.some((l) => l.isPrimary),
          };
        }),
      ]);

      await recordAudit(tx, {
        schoolId,
        action: LEARNER_FILES_AUDIT.imported,
        performedByUserId: actor.id,
        performedByRole: actor.role,
        targetEntity: `school:${schoolId}`,
        resource: 'students',
        newValue: {
          fileName: opts.fileName,
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
          rows: result.rows,
          badRows: result.badRows,
          warnings: result.warnings.length,
          guardiansCreated: newGuardians.size,
        },
        metadata: { ...(opts.taskId ? { taskId: opts.taskId } : {}), ...(opts.fileId ? { fileId: opts.fileId } : {}) },
        ipAddress: opts.ip ?? null,
      });
      return result;
    });
  } catch (err) {
    // Someone admitted a learner with one of the file's numbers while the import ran: nothing was written.
    if (isUniqueViolation(err)) throw new AppError(409, 'CONFLICT', m.concurrentChange, {}, err);
    throw err;
  }
}

/**
 * One warning per stream the import leaves over its capacity, on the first row that takes it over,
 * naming the stream's final count (issue 10 "a stream over capacity (warning, principal may override)").
 */
function capacityWarnings(
  classRows: Awaited<ReturnType<typeof repo.yearClasses>>,
  creates: ValidRow[],
  changed: UpdatePlan[],
): ImportIssue[] {
  const count = new Map(classRows.map((c) => [c.id, c.learners]));
  const arrivals: ValidRow[] = [...creates];
  for (const u of changed) {
    if (u.existing.classId === u.next.classId) continue;
    arrivals.push(u.v);
    if (u.existing.classId && count.has(u.existing.classId)) count.set(u.existing.classId, count.get(u.existing.classId)! - 1);
  }
  arrivals.sort((a, b) => a.row - b.row);
  const firstOver = new Map<string, number>();
  for (const v of arrivals) {
    const n = count.get(v.classRef.id)! + 1;
    count.set(v.classRef.id, n);
    if (n > v.classRef.capacity && !firstOver.has(v.classRef.id)) firstOver.set(v.classRef.id, v.row);
  }
  const warnings: ImportIssue[] = [];
  for (const c of classRows) {
    const row = firstOver.get(c.id);
    if (row !== undefined) warnings.push({ row, column: 'class', message: m.overCapacity(c.name, count.get(c.id)!, c.capacity) });
  }
  return warnings.sort(byRowAndColumn);
}

// ---------------------------------------------------------------------------------------------
// Export

/** A learner as the export writes them. */
export interface ExportRow extends ListRow {
  birthCertificateNumber: string | null;
  guardianName: string | null;
  guardianRelationship: string | null;
  guardianPhone: string | null;
  guardianEmail: string | null;
}

/** 2547XXXXXXXX as 07XXXXXXXX (what the template takes back, and what people dial). */
export function localPhone(phone: string | null): string | null {
  return phone && /^254[17]\d{8}$/.test(phone) ? `0${phone.slice(3)}` : phone;
}

/** The export's columns: the template's, then status and admission date (EXPORT_EXTRA_COLUMNS). */
export const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: 'admission_number', value: (r) => r.admissionNumber, width: 18 },
  { header: 'first_name', value: (r) => r.firstName, width: 16 },
  { header: 'middle_name', value: (r) => r.middleName, width: 16 },
  { header: 'last_name', value: (r) => r.lastName, width: 16 },
  { header: 'gender', value: (r) => (r.gender === 'female' ? 'F' : 'M'), width: 8 },
  { header: 'date_of_birth', value: (r) => r.dateOfBirth, width: 14 },
  { header: 'class', value: (r) => r.className, width: 18 },
  { header: 'upi', value: (r) => r.upi, width: 14 },
  { header: 'birth_certificate_number', value: (r) => r.birthCertificateNumber, width: 24 },
  { header: 'boarding', value: (r) => r.boarding, width: 10 },
  { header: 'guardian_name', value: (r) => r.guardianName, width: 24 },
  { header: 'guardian_relationship', value: (r) => r.guardianRelationship, width: 20 },
  { header: 'guardian_phone', value: (r) => localPhone(r.guardianPhone), width: 16 },
  { header: 'guardian_email', value: (r) => r.guardianEmail, width: 28 },
  { header: EXPORT_EXTRA_COLUMNS[0], value: (r) => r.status, width: 12 },
  { header: EXPORT_EXTRA_COLUMNS[1], value: (r) => r.admittedOn, width: 14 },
];

/** Birth-certificate numbers, class teachers and the primary guardian (else the first by name) of a page of learners. */
async function exportExtras(tx: Tx, ids: string[]) {
  type FirstGuardian = Awaited<ReturnType<typeof repo.listFirstGuardians>>[number];
  if (!ids.length) return new Map<string, { bcn: string | null; classTeacherId: string | null; g: FirstGuardian | null }>();
  const base = await repo.listExportBase(tx, ids);
  const g = await repo.listFirstGuardians(tx, ids);
  const byStudent = new Map(g.map((x) => [x.studentId, x]));
  return new Map(base.map((b) => [b.id, { bcn: b.bcn, classTeacherId: b.classTeacherId, g: byStudent.get(b.id) ?? null }]));
}

/**
 * The learners of the register's current filters for GET /api/students/export (issue 10 §2 Export),
 * with the visibility of GET /api/students: the principal, director and finance officer export the
 * whole school, a teacher the learners they teach (guardian contacts only for the stream they lead, as
 * on the learner's record), platform staff any school. Staff only: a parent, who may read their own
 * children, gets 403 (a list is a staff tool). One STUDENTS_EXPORTED audit entry with the filters and
 * the count (personal data leaving the system).
 */
export async function exportStudents(database: Database, actor: Actor, q: ExportQuery, ip: string): Promise<ExportRow[]> {
  if (actor.role === 'parent') throw forbidden(m.staffOnly);
  const audience = learnerAudience(actor, q.schoolId);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const where = registerFilters(audience.schoolId, q);
    const visible = visibleLearners(audience);
    if (visible) where.push(visible);
    const out: ExportRow[] = [];
    for await (const page of allStudentRows(tx, where, q.sort)) {
      const extras = await exportExtras(tx, page.map((r) => r.id));
      for (const r of page) {
        const x = extras.get(r.id);
        const seesGuardian = actor.role !== 'teacher' || (!!x?.classTeacherId && x.classTeacherId === actor.id);
        const g = seesGuardian ? x?.g : null;
        out.push({
          ...r,
          birthCertificateNumber: x?.bcn ?? null,
          guardianName: g?.name ?? null,
          // The word the school typed (issue 34), else the vocabulary value (what the template takes back).
          guardianRelationship: g ? (g.relationshipLabel ?? g.relationship) : null,
          guardianPhone: g?.phone ?? null,
          guardianEmail: g?.email ?? null,
        });
      }
    }
    const { format, ...filters } = q;
    await recordAudit(tx, {
      schoolId: audience.schoolId,
      action: LEARNER_FILES_AUDIT.exported,
      performedByUserId: actor.id,
      performedByRole: actor.role,
      resource: 'students',
      newValue: { format, count: out.length, filters },
      ipAddress: ip,
    });
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Template

/** Two example rows in the school's own classes (of the open year), and the class names. */
async function templateData(database: Database, schoolId: string) {
  return withScope(database.db, { schoolId, userId: null, allSchools: false }, async (tx) => {
    const year = await repo.openYear(tx, schoolId);
    const list = year ? await repo.yearClasses(tx, schoolId, year) : [];
    const names = list.map((c) => c.name);
    const picks = names.length ? [names[Math.floor(names.length / 2)]!, names[names.length - 1]!] : ['Grade 7 East', 'Grade 8 West'];
    const rows = m.templateExamples.map((e, i) => ({
      admission_number: '',
      first_name: e.first,
      middle_name: e.middle,
      last_name: e.last,
      gender: e.gender,
      date_of_birth: e.dob,
      class: picks[i] ?? picks[0]!,
      upi: e.upi,
      birth_certificate_number: e.bcn,
      boarding: e.boarding,
      guardian_name: e.guardian,
      guardian_relationship: e.relationship,
      guardian_phone: e.phone,
      guardian_email: e.email,
    }));
    return { rows, classNames: names };
  });
}

type TemplateRow = Record<(typeof IMPORT_COLUMNS)[number], string>;

/**
 * The import template (GET /api/students/import/template): the header of IMPORT_COLUMNS exactly and two
 * example rows in the school's classes. The workbook adds an Instructions sheet (each column, whether it
 * is required, what to enter, and the classes of the year), text-formatted number columns (so Excel
 * keeps the leading 0 of phone numbers) and drop-down lists for gender, class and boarding.
 */
export async function buildTemplate(database: Database, schoolId: string, format: ExportFormat): Promise<Buffer> {
  const { rows, classNames } = await templateData(database, schoolId);
  const columns: ExportColumn<TemplateRow>[] = IMPORT_COLUMNS.map((c) => ({ header: c, value: (r) => r[c], width: Math.max(12, c.length + 4) }));
  if (format === 'csv') return toCsv(columns, rows);

  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const ws = wb.addWorksheet('Learners', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
  for (const c of ['admission_number', 'date_of_birth', 'upi', 'birth_certificate_number', 'guardian_phone'] as const) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);

  const info = wb.addWorksheet('Instructions');
  info.columns = [{ width: 26 }, { width: 10 }, { width: 100 }];
  info.addRow([m.instructionsTitle]).font = { bold: true, size: 14 };
  info.addRow([]);
  info.addRow(m.instructionsHeader).font = { bold: true };
  for (const c of IMPORT_COLUMNS) info.addRow([c, REQUIRED_IMPORT_COLUMNS.includes(c) ? m.yes : m.no, m.instructions[c] ?? '']);
  info.addRow([]);
  for (const note of m.instructionsNotes) info.addRow([note]);
  info.addRow([]);
  info.addRow([m.classesHeading]).font = { bold: true };
  const firstClassRow = info.rowCount + 1;
  for (const name of classNames) info.addRow([name]);
  info.getColumn(3).alignment = { wrapText: true, vertical: 'top' };

  // Drop-downs on the data rows (up to 5,000); typing something else is still allowed (the import checks it).
  const lists: [string, string][] = [
    ['gender', '"M,F"'],
    ['boarding', '"day,boarding"'],
  ];
  if (classNames.length) lists.push(['class', `Instructions!$A$${firstClassRow}:$A$${firstClassRow + classNames.length - 1}`]);
  for (const [key, formula] of lists) {
    const col = ws.getColumn(key).letter;
    (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${col}2:${col}5000`, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: false,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
