import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { ClassDetails } from '../../../shared/contracts/people.js';
import { messages } from '../../../shared/messages.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { forbidden, notFound } from '../../errors.js';
import { createDocument, displayPhone, drawLetterhead, drawTable, formatDay, loadLetterhead, renderPdf, type TableColumn } from '../../lib/pdf.js';
import type { ExportColumn } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';
import { audienceScope, learnerAudience } from '../learners/index.js';
import * as repo from './people.repository.js';

const m = messages.people;

/** Roles that see every learner of the school, hence every class list. */
const WHOLE_SCHOOL = new Set(['principal', 'school_director', 'finance_officer']);

/** May the caller see guardian phones on class lists (principal, director, the class teacher, platform staff)? */
function seesGuardianContacts(actor: Actor, cls: repo.ClassRow): boolean {
  return isAdminRole(actor.role) || actor.role === 'principal' || actor.role === 'school_director' || (actor.role === 'teacher' && cls.classTeacherId === actor.id);
}

/** May the caller print this stream's class list? Teachers: streams they lead or teach. */
async function mayListClass(tx: Tx, actor: Actor, cls: repo.ClassRow): Promise<boolean> {
  if (isAdminRole(actor.role) || WHOLE_SCHOOL.has(actor.role)) return true;
  if (actor.role === 'teacher') return repo.teachesClass(tx, actor.id, cls.id);
  return false;
}

async function classOf(tx: Tx, actor: Actor, id: string): Promise<repo.ClassRow> {
  const cls = await repo.findClass(tx, learnerAudience(actor).schoolId, id);
  if (!cls) throw notFound(m.classNotFound);
  return cls;
}

/**
 * GET /api/classes/:id/details (issue 10 §3 "/classes"): the stream with its class teacher (and their
 * contacts), learning areas with subject teachers and lessons per week, learner count against
 * capacity, gender and boarding splits of its active learners, and what the caller may do with it.
 * Any stream of the caller's school (teachers see every stream's structure); 404 otherwise.
 */
export async function classDetails(database: Database, actor: Actor, id: string): Promise<ClassDetails> {
  const audience = learnerAudience(actor);
  return withScope(database.db, audienceScope(audience), async (tx) => {
    const cls = await classOf(tx, actor, id);
    const subjects = await repo.classSubjects(tx, cls.id);
    const split = await repo.classSplits(tx, cls.id);
    return {
      id: cls.id,
      name: cls.name,
      level: cls.level,
      stream: cls.stream,
      academicYear: cls.academicYear,
      academicYearId: cls.academicYearId,
      homeRoom: cls.homeRoom,
      capacity: cls.capacity,
      learnerCount: split.total,
      classTeacher: cls.classTeacherId
        ? { id: cls.classTeacherId, name: cls.classTeacherName ?? '', phone: cls.classTeacherPhone, email: cls.classTeacherEmail ?? '' }
        : null,
      subjects,
      totalLessonsPerWeek: subjects.reduce((s, x) => s + x.lessonsPerWeek, 0),
      gender: split.gender,
      boarding: split.boarding,
      can: {
        classList: await mayListClass(tx, actor, cls),
        guardianContacts: seesGuardianContacts(actor, cls),
        idCards: actor.role === 'principal',
      },
    };
  });
}

export interface ClassList {
  cls: repo.ClassRow;
  rows: repo.ClassListRow[];
  withGuardianPhone: boolean;
}

/**
 * The learners of a stream for its class list: the active learners now in it, in name order, with a
 * guardian's phone for the principal, the director, the class teacher and platform staff. Parents are
 * refused (403); a teacher gets the streams they lead or teach and 404 for any other (as for
 * learners they do not teach); another school's stream is 404.
 */
export async function loadClassList(database: Database, actor: Actor, id: string, tx0?: Tx): Promise<ClassList> {
  if (actor.role === 'parent') throw forbidden(m.parentsNoAccess);
  const run = async (tx: Tx) => {
    const cls = await classOf(tx, actor, id);
    if (!(await mayListClass(tx, actor, cls))) throw notFound(m.classNotFound);
    const withGuardianPhone = seesGuardianContacts(actor, cls);
    return { cls, rows: await repo.classMembers(tx, cls.id, withGuardianPhone), withGuardianPhone };
  };
  return tx0 ? run(tx0) : withScope(database.db, audienceScope(learnerAudience(actor)), run);
}

/** The class list's columns (PDF and spreadsheet share them; the phone column only when allowed). */
function listColumns(withGuardianPhone: boolean) {
  const c = m.classListColumns;
  const cols: { header: string; width: number; xls: number; align?: 'right' | 'center'; value: (r: repo.ClassListRow, i: number) => string | number }[] = [
    { header: c.number, width: 0.55, xls: 5, align: 'right', value: (_r, i) => i + 1 },
    { header: c.admissionNumber, width: 2.1, xls: 18, value: (r) => r.admissionNumber },
    { header: c.name, width: 3.6, xls: 32, value: (r) => learnerName(r) },
    { header: c.gender, width: 1.3, xls: 8, align: 'center', value: (r) => m.genderShort[r.gender] ?? r.gender },
    { header: c.dateOfBirth, width: 1.65, xls: 14, value: (r) => r.dateOfBirth ?? '' },
    { header: c.upi, width: 1.4, xls: 14, value: (r) => r.upi ?? '' },
    { header: c.boarding, width: 1.4, xls: 10, value: (r) => m.boardingShort[r.boarding] ?? r.boarding },
  ];
  if (withGuardianPhone) cols.push({ header: c.guardianPhone, width: 2.3, xls: 16, value: (r) => displayPhone(r.guardianPhone) });
  return cols;
}

/** File name (without extension) of a class list. */
export function classListFileName(cls: repo.ClassRow): string {
  return m.classListFile(cls.name, cls.academicYear);
}

/** The class list as spreadsheet columns (dates stay YYYY-MM-DD so spreadsheets sort them). */
export function classListSheet(list: ClassList): ExportColumn<repo.ClassListRow & { index: number }>[] {
  return listColumns(list.withGuardianPhone).map((c) => ({ header: c.header, width: c.xls, value: (r) => c.value(r, r.index) }));
}

/**
 * GET /api/classes/:id/class-list.pdf: A4 portrait with the school's letterhead, the class, year,
 * count against capacity, class teacher and home room, then the table of learners (#, admission
 * number, name, gender, date of birth, UPI, boarding, and guardian phone for those who may see it),
 * its header repeated on every page, "Page n of m" and the generation time in the footer.
 */
export async function classListPdf(database: Database, storage: FileStorage, actor: Actor, id: string): Promise<{ pdf: Buffer; fileName: string }> {
  return withScope(database.db, audienceScope(learnerAudience(actor)), async (tx) => {
    const list = await loadClassList(database, actor, id, tx);
    const { cls, rows } = list;
    const school = await loadLetterhead(tx, storage, cls.schoolId);
    const doc = createDocument({ title: `${m.classListTitle}: ${cls.name} (${cls.academicYear})` });
    const lines = [
      m.classListLines.yearAndCount(cls.academicYear, rows.length, cls.capacity),
      [m.classListLines.classTeacher(cls.classTeacherName), cls.homeRoom ? m.classListLines.homeRoom(cls.homeRoom) : null].filter(Boolean).join('  ·  '),
    ];
    const y = drawLetterhead(doc, school, { title: `${m.classListTitle}: ${cls.name}`, lines });
    const columns: TableColumn<repo.ClassListRow>[] = listColumns(list.withGuardianPhone).map((c) => ({
      header: c.header,
      width: c.width,
      align: c.align,
      value: c.header === m.classListColumns.dateOfBirth ? (r) => formatDay(r.dateOfBirth) : c.value,
    }));
    drawTable(doc, columns, rows, {
      y,
      fontSize: 8.5,
      emptyText: m.classListEmpty,
      onNewPage: (d) => drawLetterhead(d, school, { compact: true, title: `${m.classListTitle}: ${cls.name} (${cls.academicYear})` }),
    });
    const pdf = await renderPdf(doc, { footerNote: `${school.name} · ${cls.name} ${cls.academicYear}` });
    return { pdf, fileName: classListFileName(cls) };
  });
}
