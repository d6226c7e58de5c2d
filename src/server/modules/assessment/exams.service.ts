import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { createExamBody, Exam, ExamSubject, MarkSheet, SheetStatus, updateExamBody } from '../../../shared/contracts/assessment.js';
import { schoolToday } from '../../../shared/dates.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { ASSESSMENT_AUDIT, m } from './assessment-context.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';
import * as examsRepo from './exams.repository.js';
import type { ExamRow } from './exams.repository.js';
import * as marksRepo from './marks.repository.js';
import * as scalesRepo from './scales.repository.js';

/**
 * Exam series (issue 12 §2): a series per term for chosen levels with its subjects and papers, dates,
 * a marks-entry window and a weight in the term result; its mark sheets (stream x subject) and their
 * approval state.
 */

export type { ExamRow } from './exams.repository.js';

/** The exam of the school with its term, or 404 'Exam not found'. */
export async function examOf(tx: Tx, schoolId: string, examId: string): Promise<ExamRow> {
  const row = await examsRepo.findExam(tx, schoolId, examId);
  if (!row) throw notFound(m.examNotFound);
  return row;
}

/** Is marks entry open today (Africa/Nairobi)? */
export function entryStateOf(e: { entryOpensOn: string; entryClosesOn: string }, today = schoolToday()): 'not_yet' | 'open' | 'closed' {
  if (today < e.entryOpensOn) return 'not_yet';
  if (today > e.entryClosesOn) return 'closed';
  return 'open';
}

/** The exam's subjects with names and papers, in the subject catalogue's order. */
export async function examSubjectList(tx: Tx, examIds: string[]): Promise<(ExamSubject & { examId: string; band: string })[]> {
  if (examIds.length === 0) return [];
  const rows = await examsRepo.listExamSubjects(tx, examIds);
  return rows.map((r) => ({ ...r, maxMarks: Number(r.maxMarks) }));
}

/** Streams that sit the exam: the streams of its levels in its term's academic year. */
export async function examClasses(tx: Tx, schoolId: string, e: Pick<ExamRow, 'levelIds' | 'academicYearId'>) {
  if (e.levelIds.length === 0) return [];
  return examsRepo.listStreamsOfLevels(tx, schoolId, e.academicYearId, e.levelIds);
}

/**
 * Every stream x subject of an exam with its sheet: status (draft when none yet), learners in the
 * stream, learners with a mark, teacher, who submitted and decided. Optionally only some streams or
 * subjects (a teacher's own).
 */
export async function sheetsOf(
  tx: Tx,
  schoolId: string,
  e: ExamRow,
  filter?: { classIds?: string[]; pairs?: Set<string>; status?: SheetStatus },
  known?: { classes?: Awaited<ReturnType<typeof examClasses>>; subjects?: Awaited<ReturnType<typeof examSubjectList>> },
): Promise<MarkSheet[]> {
  // `known`: the exam's streams and subjects the caller has just read in this transaction (a mark save), not read twice.
  const cls = (known?.classes ?? (await examClasses(tx, schoolId, e))).filter((c) => !filter?.classIds || filter.classIds.includes(c.id));
  const subs = known?.subjects ?? (await examSubjectList(tx, [e.id]));
  if (cls.length === 0 || subs.length === 0) return [];
  const classIds = cls.map((c) => c.id);
  const [sheetRows, learnerCounts, markCounts, teachers] = await Promise.all([
    marksRepo.listSheetsWithNames(tx, e.id, classIds),
    marksRepo.countActiveLearnersByClass(tx, schoolId, e.id, classIds),
    marksRepo.countMarksByStreamSubject(tx, e.id, classIds),
    marksRepo.listSubjectTeachers(tx, classIds),
  ]);
  const out: MarkSheet[] = [];
  for (const c of cls) {
    for (const s of subs) {
      // A stream sits the subjects of its curriculum band (an exam for several levels lists them all).
      if (s.band !== c.band) continue;
      const key = `${c.id}:${s.subjectId}`;
      if (filter?.pairs && !filter.pairs.has(key)) continue;
      const sheet = sheetRows.find((r) => r.s.classId === c.id && r.s.subjectId === s.subjectId);
      const status = (sheet?.s.status ?? 'draft') as SheetStatus;
      if (filter?.status && status !== filter.status) continue;
      const marked = Number(markCounts.find((r) => r.classId === c.id && r.subjectId === s.subjectId)?.n ?? 0);
      out.push({
        id: sheet?.s.id ?? null,
        classId: c.id,
        className: c.name,
        subjectId: s.subjectId,
        subjectName: s.name,
        teacherName: teachers.find((t) => t.classId === c.id && t.subjectId === s.subjectId)?.name ?? null,
        status,
        learners: Math.max(Number(learnerCounts.find((r) => r.classId === c.id)?.n ?? 0), marked),
        marked,
        submittedBy: sheet?.submittedBy ?? null,
        submittedAt: sheet?.s.submittedAt?.toISOString() ?? null,
        decidedBy: sheet?.decidedBy ?? null,
        decidedAt: sheet?.s.decidedAt?.toISOString() ?? null,
        comment: sheet?.s.comment ?? null,
      });
    }
  }
  return out;
}

/** Exams in the API's shape, with subjects, levels and sheet counts. */
async function toExams(tx: Tx, schoolId: string, rows: ExamRow[]): Promise<Exam[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [subs, lv, sheetCounts] = await Promise.all([examSubjectList(tx, ids), scalesRepo.listLevelNames(tx, schoolId), marksRepo.countSheetsByStatus(tx, ids)]);
  // Total sheets = streams of the exam's levels x subjects.
  const out: Exam[] = [];
  for (const r of rows) {
    const mySubs = subs.filter((s) => s.examId === r.id).map(({ examId: _e, band: _b, ...s }) => s);
    const streams = await examsRepo.countStreamsByBand(tx, schoolId, r.academicYearId, r.levelIds);
    const total = streams.reduce((t, st) => t + Number(st.n) * subs.filter((s) => s.examId === r.id && s.band === st.band).length, 0);
    const by = (st: string) => Number(sheetCounts.find((c) => c.examId === r.id && c.status === st)?.n ?? 0);
    const submitted = by('submitted');
    const returned = by('returned');
    const approved = by('approved');
    out.push({
      id: r.id,
      termId: r.termId,
      termName: r.termName,
      academicYear: r.academicYear,
      name: r.name,
      kind: r.kind as Exam['kind'],
      levelIds: r.levelIds,
      levels: lv.filter((l) => r.levelIds.includes(l.id)).sort((a, b) => a.order - b.order).map((l) => ({ id: l.id, name: l.name })),
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      entryOpensOn: r.entryOpensOn,
      entryClosesOn: r.entryClosesOn,
      entryState: entryStateOf(r),
      weight: r.weight,
      status: r.status as Exam['status'],
      releasedAt: r.releasedAt?.toISOString() ?? null,
      subjects: mySubs,
      sheets: { total, draft: Math.max(0, total - submitted - returned - approved), submitted, returned, approved },
      createdAt: r.createdAt.toISOString(),
    });
  }
  return out;
}

/** GET /api/exams?termId=&status= → the school's exam series, newest term first. */
export async function listExams(database: Database, actor: Actor, q: { termId?: string; status?: string; schoolId?: string }): Promise<{ items: Exam[] }> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => {
    const rows = await examsRepo.listExams(tx, schoolId, { termId: q.termId, status: q.status });
    return { items: await toExams(tx, schoolId, rows) };
  });
}

/** GET /api/exams/:examId → the series. */
export async function getExam(database: Database, actor: Actor, examId: string, schoolId?: string): Promise<Exam> {
  return inSchool(database, actor, schoolId, async (tx, sid) => (await toExams(tx, sid, [await examOf(tx, sid, examId)]))[0]!);
}

type SubjectInput = { subjectId: string; papers?: { name: string; maxMarks: number }[] };

/** Checks levels and subjects belong to the school and returns the subject rows to store. */
async function checkSetup(tx: Tx, schoolId: string, levelIds: string[], subjectInputs: SubjectInput[]) {
  const lv = await scalesRepo.levelIdsOf(tx, schoolId, levelIds);
  if (lv.length !== new Set(levelIds).size) throw notFound(m.levelNotFound);
  const ids = subjectInputs.map((s) => s.subjectId);
  if (new Set(ids).size !== ids.length) throw badRequest(m.subjectsUnique, { subjects: m.subjectsUnique });
  const subs = await scalesRepo.subjectIdsOf(tx, schoolId, ids);
  if (subs.length !== ids.length) throw notFound(m.subjectNotFound);
  return subjectInputs.map((s) => {
    const papers = s.papers?.length ? s.papers : [{ name: 'Paper 1', maxMarks: 100 }];
    return { subjectId: s.subjectId, papers, maxMarks: papers.reduce((t, p) => t + p.maxMarks, 0) };
  });
}

/** POST /api/exams (principal) → 201 the series, status open. 404 term, level or subject of another school. */
export async function createExam(database: Database, actor: Actor, body: z.output<typeof createExamBody>, ip: string): Promise<Exam> {
  return inSchool(database, actor, body.schoolId, async (tx, schoolId) => {
    const term = await examsRepo.findTermId(tx, schoolId, body.termId);
    if (!term) throw notFound(m.termNotFound);
    const subs = await checkSetup(tx, schoolId, body.levelIds, body.subjects);
    const row = await examsRepo.insertExam(tx, {
      schoolId,
      termId: body.termId,
      name: body.name,
      kind: body.kind,
      levelIds: [...new Set(body.levelIds)],
      startsOn: body.startsOn ?? null,
      endsOn: body.endsOn ?? null,
      entryOpensOn: body.entryOpensOn,
      entryClosesOn: body.entryClosesOn,
      weight: body.weight,
      status: 'open',
      createdBy: actor.id,
    });
    await examsRepo.insertExamSubjects(
      tx,
      subs.map((s) => ({ schoolId, examId: row!.id, ...s })),
    );
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.examCreated, `exam:${row!.id}`, null, { name: body.name, kind: body.kind, subjects: subs.length });
    return (await toExams(tx, schoolId, [await examOf(tx, schoolId, row!.id)]))[0]!;
  });
}

/**
 * PATCH /api/exams/:examId (principal) → the series. 409 once released. Removing a subject that has
 * marks is refused (409); papers of a subject with marks may change only if its maximum stays (marks
 * are totals over the papers).
 */
export async function updateExam(database: Database, actor: Actor, examId: string, body: z.output<typeof updateExamBody>, ip: string): Promise<Exam> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    if (e.status === 'released') throw new AppError(409, 'EXAM_RELEASED', m.examReleased);
    const opens = body.entryOpensOn ?? e.entryOpensOn;
    const closes = body.entryClosesOn ?? e.entryClosesOn;
    if (closes < opens) throw badRequest(m.windowInvalid, { entryClosesOn: m.windowInvalid });
    const startsOn = body.startsOn === undefined ? e.startsOn : body.startsOn;
    const endsOn = body.endsOn === undefined ? e.endsOn : body.endsOn;
    if (startsOn && endsOn && endsOn < startsOn) throw badRequest(m.datesInvalid, { endsOn: m.datesInvalid });
    const levelIds = body.levelIds ? [...new Set(body.levelIds)] : e.levelIds;
    if (body.subjects || body.levelIds) {
      const current = await examSubjectList(tx, [examId]);
      const subs = await checkSetup(tx, schoolId, levelIds, body.subjects ?? current.map((s) => ({ subjectId: s.subjectId, papers: s.papers })));
      const withMarks = await marksRepo.countMarksBySubject(tx, examId);
      for (const wm of withMarks) {
        const next = subs.find((s) => s.subjectId === wm.subjectId);
        const before = current.find((s) => s.subjectId === wm.subjectId);
        if (!next || (before && next.maxMarks !== before.maxMarks)) throw new AppError(409, 'EXAM_HAS_MARKS', m.examHasMarks);
      }
      await examsRepo.deleteExamSubjects(tx, schoolId, examId);
      await examsRepo.insertExamSubjects(
        tx,
        subs.map((s) => ({ schoolId, examId, ...s })),
      );
    }
    const next = {
      name: body.name ?? e.name,
      kind: body.kind ?? e.kind,
      levelIds,
      startsOn,
      endsOn,
      entryOpensOn: opens,
      entryClosesOn: closes,
      weight: body.weight ?? e.weight,
      updatedAt: new Date(),
    };
    await examsRepo.updateExam(tx, schoolId, examId, next);
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.examUpdated, `exam:${examId}`, { name: e.name, entryOpensOn: e.entryOpensOn, entryClosesOn: e.entryClosesOn, weight: e.weight }, { name: next.name, entryOpensOn: opens, entryClosesOn: closes, weight: next.weight });
    return (await toExams(tx, schoolId, [await examOf(tx, schoolId, examId)]))[0]!;
  });
}

/** DELETE /api/exams/:examId (principal) → { deleted: true }; 409 once any mark is entered. */
export async function deleteExam(database: Database, actor: Actor, examId: string, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    if ((await marksRepo.countExamMarks(tx, examId)) > 0) throw new AppError(409, 'EXAM_HAS_MARKS', m.examHasMarks);
    await examsRepo.deleteExam(tx, schoolId, examId);
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.examDeleted, `exam:${examId}`, { name: e.name }, null);
    return { deleted: true };
  });
}
