import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { MarkRow, MarkSheet, MarksGrid, MySheet, saveMarksBody } from '../../../shared/contracts/assessment.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { bandFor, gradeLabel, percentOf, roundHalfUp, type GradeBand } from '../../../shared/grading.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { formatDay } from '../../lib/pdf.js';
import { ASSESSMENT_AUDIT, m, scaleResolver, scaleVersionBands, schoolScales } from './assessment-context.js';
import { entryStateOf, examClasses, examOf, examSubjectList, sheetsOf, type ExamRow } from './exams.service.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { decidePendingApproval, requestApproval } from '../approvals/index.js';
import * as examsRepo from './exams.repository.js';
import * as marksRepo from './marks.repository.js';

/**
 * Marks entry and approval (issue 12 §3). A teacher enters marks for the streams and subjects they teach
 * (teacher_assignments), inside the exam's marks-entry window; saving is an upsert, so a retried save
 * changes nothing twice. Submitting sends the stream x subject to the principal (an `approvals` row of
 * kind marks, shown on the Approvals card); approving locks it; returning sends it back with a comment.
 * A change after approval needs the principal and a reason and lands in grade_audit. Releasing makes the
 * series visible to parents and freezes the scale versions it is graded with.
 */

/** The stream of the exam, or 404 (another school's, or a stream that does not sit it). */
async function streamOf(tx: Tx, schoolId: string, e: ExamRow, classId: string) {
  const cls = await examClasses(tx, schoolId, e);
  const c = cls.find((x) => x.id === classId);
  if (!c) {
    const other = await examsRepo.findClassId(tx, schoolId, classId);
    if (!other) throw notFound(m.streamNotFound);
    throw badRequest(m.streamNotInExam, { classId: m.streamNotInExam });
  }
  return c;
}

/** A teacher may touch a stream x subject they are assigned to; the principal any. 403 otherwise. */
async function assertTeaches(tx: Tx, actor: Actor, classId: string, subjectId: string) {
  if (actor.role === 'principal') return;
  const a = await marksRepo.findAssignmentId(tx, actor.id, classId, subjectId);
  if (!a) throw forbidden(m.notYourClass);
}

/** The school's grading scales and scale resolver: what bandsForExam reads besides the exam's frozen versions. */
export async function schoolGrading(tx: Tx, schoolId: string) {
  const [scales, resolver] = await Promise.all([schoolScales(tx, schoolId), scaleResolver(tx, schoolId)]);
  return { scales, resolver };
}

/**
 * Bands of a (level, subject) for an exam: the versions frozen at release, else the school's current ones.
 * `school`: schoolGrading() already read in this transaction (several exams of one school, issue 19).
 */
export async function bandsForExam(tx: Tx, schoolId: string, e: Pick<ExamRow, 'scaleVersions'>, school?: Awaited<ReturnType<typeof schoolGrading>>) {
  const { scales, resolver } = school ?? (await schoolGrading(tx, schoolId));
  const frozen = e.scaleVersions ? await scaleVersionBands(tx, Object.values(e.scaleVersions)) : new Map<string, GradeBand[]>();
  const bandsOfKey = (key: string): GradeBand[] => {
    const v = e.scaleVersions?.[key];
    return (v && frozen.get(v)) || scales.get(key as never)?.bands || [];
  };
  return {
    resolver,
    scales,
    bandsOfKey,
    /** { key, bands } grading one subject of a level. */
    scaleFor(levelId: string | null, subjectId: string) {
      const key = resolver.scaleOf(levelId, subjectId);
      return { key, name: scales.get(key)?.name ?? key, bands: bandsOfKey(key) };
    },
  };
}

/** A learner's display name: first, middle, last (the shared learnerName, under the name assessment uses). */
export const fullName: (s: { firstName: string; middleName: string | null; lastName: string }) => string = learnerName;

async function sheetOne(tx: Tx, schoolId: string, e: ExamRow, classId: string, subjectId: string, known?: Parameters<typeof sheetsOf>[4]): Promise<MarkSheet> {
  const [s] = await sheetsOf(tx, schoolId, e, { classIds: [classId], pairs: new Set([`${classId}:${subjectId}`]) }, known);
  if (!s) throw badRequest(m.subjectNotInExam, { subjectId: m.subjectNotInExam });
  return s;
}

/** GET /api/exams/:examId/marks?classId=&subjectId= → the grid (teachers: their own stream x subject only). */
export async function marksGrid(database: Database, actor: Actor, examId: string, classId: string, subjectId: string): Promise<MarksGrid> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    const c = await streamOf(tx, schoolId, e, classId);
    const subject = (await examSubjectList(tx, [examId])).find((s) => s.subjectId === subjectId);
    if (!subject) throw badRequest(m.subjectNotInExam, { subjectId: m.subjectNotInExam });
    if (actor.role === 'teacher') await assertTeaches(tx, actor, classId, subjectId);
    if (subject.band !== c.band) throw badRequest(m.subjectNotInExam, { subjectId: m.subjectNotInExam });
    const { examId: _x, band: _b, ...subj } = subject;
    const grading = await bandsForExam(tx, schoolId, e);
    const scale = grading.scaleFor(c.levelId, subjectId);
    const [learners, marks, sheet] = await Promise.all([
      marksRepo.listGridLearners(tx, schoolId, examId, classId, subjectId),
      marksRepo.listSheetMarks(tx, examId, classId, subjectId),
      sheetOne(tx, schoolId, e, classId, subjectId),
    ]);
    const byStudent = new Map(marks.map((mk) => [mk.studentId, mk]));
    const rows: MarkRow[] = learners.map((l) => {
      const mk = byStudent.get(l.id);
      const band = mk?.status === 'present' && mk.percent !== null ? bandFor(scale.bands, Number(mk.percent)) : null;
      return {
        studentId: l.id,
        admissionNumber: l.admissionNumber,
        name: fullName(l),
        gender: l.gender,
        status: (mk?.status ?? null) as MarkRow['status'],
        score: mk?.score ?? null,
        paperScores: mk?.paperScores ?? null,
        percent: mk?.percent ?? null,
        grade: band?.code ?? null,
        gradeLabel: band ? gradeLabel(band) : null,
        points: band?.points ?? null,
        updatedAt: mk?.updatedAt.toISOString() ?? null,
      };
    });
    const state = entryStateOf(e);
    const editableSheet = sheet.status === 'draft' || sheet.status === 'returned';
    const canEdit = (editableSheet && state === 'open' && e.status !== 'released') || (actor.role === 'principal' && sheet.status === 'approved');
    return {
      exam: { id: e.id, name: e.name, status: e.status as MarksGrid['exam']['status'], entryOpensOn: e.entryOpensOn, entryClosesOn: e.entryClosesOn, entryState: state },
      subject: subj,
      className: c.name,
      sheet,
      canEdit,
      needsReason: sheet.status === 'approved',
      scale: { key: scale.key, name: scale.name, bands: scale.bands },
      rows,
    };
  });
}

interface CleanMark {
  studentId: string;
  status: 'present' | 'absent' | 'exempt';
  score: number | null;
  paperScores: (number | null)[] | null;
  percent: number | null;
  /** Remove the stored mark (the teacher blanked the cell). */
  clear?: boolean;
}

/**
 * Checks every mark against the subject's papers and maximum; all problems at once as field errors
 * (`marks.3.score`), so nothing is saved when any mark is wrong.
 */
function cleanMarks(input: z.output<typeof saveMarksBody>['marks'], subject: { papers: { name: string; maxMarks: number }[]; maxMarks: number }): CleanMark[] {
  const fields: Record<string, string> = {};
  const out: CleanMark[] = [];
  const multi = subject.papers.length > 1;
  input.forEach((mk, i) => {
    if (mk.clear) {
      out.push({ studentId: mk.studentId, status: 'present', score: null, paperScores: null, percent: null, clear: true });
      return;
    }
    if (mk.status !== 'present') {
      out.push({ studentId: mk.studentId, status: mk.status, score: null, paperScores: null, percent: null });
      return;
    }
    let score = mk.score ?? null;
    let paperScores: (number | null)[] | null = null;
    if (multi && mk.paperScores) {
      if (mk.paperScores.length !== subject.papers.length) {
        fields[`marks.${i}.paperScores`] = m.paperScoresInvalid(subject.papers.length);
        return;
      }
      paperScores = mk.paperScores;
      for (const [j, p] of mk.paperScores.entries()) {
        if (p === null) continue;
        if (!Number.isFinite(p)) fields[`marks.${i}.paperScores.${j}`] = m.scoreNotNumber;
        else if (p < 0) fields[`marks.${i}.paperScores.${j}`] = m.scoreNegative;
        else if (p > subject.papers[j]!.maxMarks) fields[`marks.${i}.paperScores.${j}`] = m.scoreAboveMax(subject.papers[j]!.maxMarks);
      }
      if (mk.paperScores.every((p) => p === null)) score = null;
      else score = roundHalfUp(mk.paperScores.reduce<number>((t, p) => t + (p ?? 0), 0), 2);
    }
    if (score === null) {
      fields[`marks.${i}.score`] = m.scoreRequired;
      return;
    }
    if (!Number.isFinite(score)) fields[`marks.${i}.score`] = m.scoreNotNumber;
    else if (score < 0) fields[`marks.${i}.score`] = m.scoreNegative;
    else if (score > subject.maxMarks) fields[`marks.${i}.score`] = m.scoreAboveMax(subject.maxMarks);
    const rounded = roundHalfUp(score, 2);
    out.push({ studentId: mk.studentId, status: 'present', score: rounded, paperScores, percent: percentOf(rounded, subject.maxMarks) });
  });
  const keys = Object.keys(fields);
  if (keys.length) throw badRequest(fields[keys[0]!]!, fields);
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.studentId)) throw badRequest('Each learner can appear only once.', { marks: 'Each learner can appear only once.' });
    seen.add(c.studentId);
  }
  return out;
}

/**
 * PUT /api/exams/:examId/marks { classId, subjectId, marks: [{ studentId, score, status, paperScores?, clear? }], reason? }
 * → { saved, unchanged, sheet }. All or nothing: 400 with per-mark field errors (above the maximum,
 * negative, not a number, missing), 400 a learner not in the stream, 403 not the teacher's stream x
 * subject, 409 outside the window / submitted / approved (approved marks: the principal with a reason,
 * written to the grade audit log). Saving the same marks again changes nothing (idempotent); with an
 * Idempotency-Key (../../lib/idempotency.ts) a retry answers the first result again without running. `clear: true`
 * removes a learner's mark (a blank cell is no mark, never zero); 400 on an approved sheet.
 */
export async function saveMarks(database: Database, actor: Actor, examId: string, body: z.output<typeof saveMarksBody>, ip: string, idempotencyKey?: string) {
  const result = await inSchool(database, actor, undefined, async (tx, schoolId) =>
    withIdempotency(tx, { schoolId, userId: actor.id, key: idempotencyKey, route: `PUT /api/exams/${examId}/marks`, body, status: 200 }, () => saveMarksIn(tx, schoolId, actor, examId, body, ip)),
  );
  return result.body;
}

/** saveMarks' work inside the school's transaction (once per Idempotency-Key). */
async function saveMarksIn(tx: Tx, schoolId: string, actor: Actor, examId: string, body: z.output<typeof saveMarksBody>, ip: string) {
  const e = await examOf(tx, schoolId, examId);
  const stream = await streamOf(tx, schoolId, e, body.classId);
  const subjects = await examSubjectList(tx, [examId]);
  const subject = subjects.find((s) => s.subjectId === body.subjectId);
  if (!subject || subject.band !== stream.band) throw badRequest(m.subjectNotInExam, { subjectId: m.subjectNotInExam });
  await assertTeaches(tx, actor, body.classId, body.subjectId);
  const clean = cleanMarks(body.marks, subject);

  // Lock the sheet row (create it on first save) so a submit cannot slip between check and write.
  const sheetRow = await marksRepo.lockSheet(tx, schoolId, examId, body.classId, body.subjectId);
  const approved = sheetRow.status === 'approved';
  if (approved) {
    if (actor.role !== 'principal') throw new AppError(409, 'MARKS_LOCKED', m.sheetLocked);
    if (!body.reason?.trim()) throw badRequest(m.reasonRequired, { reason: m.reasonRequired });
    const cleared = clean.findIndex((c) => c.clear);
    if (cleared >= 0) throw badRequest(m.cannotClearApproved, { [`marks.${cleared}.score`]: m.cannotClearApproved });
  } else {
    if (sheetRow.status === 'submitted') throw new AppError(409, 'MARKS_SUBMITTED', m.sheetSubmitted);
    if (e.status === 'released') throw new AppError(409, 'EXAM_RELEASED', m.examReleased);
    const state = entryStateOf(e);
    if (state === 'not_yet') throw new AppError(409, 'ENTRY_NOT_OPEN', m.windowNotOpen(formatDay(e.entryOpensOn)));
    if (state === 'closed') throw new AppError(409, 'ENTRY_CLOSED', m.windowClosed(formatDay(e.entryClosesOn)));
  }

  const learners = clean.length
    ? await marksRepo.listGridLearners(
        tx,
        schoolId,
        examId,
        body.classId,
        body.subjectId,
        clean.map((c) => c.studentId),
      )
    : [];
  const inStream = new Set(learners.map((l) => l.id));
  const stranger = clean.find((c) => !inStream.has(c.studentId));
  if (stranger) {
    const s = await marksRepo.findLearnerNames(tx, schoolId, stranger.studentId);
    const msg = s ? m.learnerNotInStream(fullName(s)) : m.learnerNotFound;
    throw badRequest(msg, { marks: msg });
  }

  const existing = await marksRepo.listLearnerMarks(
    tx,
    examId,
    body.subjectId,
    clean.map((c) => c.studentId),
  );
  const before = new Map(existing.map((x) => [x.studentId, x]));
  // Blanked cells: the stored marks go (nothing to do where there was none).
  const removed = clean.filter((c) => c.clear && before.has(c.studentId)).map((c) => c.studentId);
  if (removed.length) {
    await marksRepo.deleteLearnerMarks(tx, examId, body.subjectId, removed);
    await marksRepo.touchSheet(tx, sheetRow.id, new Date());
  }
  const changed = clean.filter((c) => {
    if (c.clear) return false;
    const old = before.get(c.studentId);
    return !old || old.status !== c.status || (old.score ?? null) !== c.score || JSON.stringify(old.paperScores ?? null) !== JSON.stringify(c.paperScores) || old.classId !== body.classId;
  });
  if (changed.length) {
    const now = new Date();
    await marksRepo.upsertMarks(
      tx,
      changed.map((c) => ({ schoolId, examId, subjectId: body.subjectId, studentId: c.studentId, classId: body.classId, status: c.status, score: c.score, paperScores: c.paperScores, percent: c.percent, updatedBy: actor.id, updatedAt: now })),
      { updatedBy: actor.id, updatedAt: now },
    );
    if (approved) {
      const reason = body.reason!.trim();
      await marksRepo.insertGradeAudit(
        tx,
        changed.map((c) => {
          const old = before.get(c.studentId);
          return { schoolId, examId, subjectId: body.subjectId, studentId: c.studentId, oldStatus: old?.status ?? null, oldScore: old?.score ?? null, newStatus: c.status, newScore: c.score, reason, changedBy: actor.id };
        }),
      );
      await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.markChangedAfterApproval, `mark_sheet:${sheetRow.id}`, changed.map((c) => ({ studentId: c.studentId, old: before.get(c.studentId)?.score ?? null })), changed.map((c) => ({ studentId: c.studentId, new: c.score, status: c.status })), { reason });
    }
    await marksRepo.touchSheet(tx, sheetRow.id, now);
  }
  return {
    saved: changed.length + removed.length,
    unchanged: clean.length - changed.length - removed.length,
    sheet: await sheetOne(tx, schoolId, e, body.classId, body.subjectId, { classes: [stream], subjects: [subject] }),
  };
}

/**
 * POST /api/exams/:examId/submit { classId, subjectId } (the teacher of the stream x subject, or the
 * principal) → the sheet, status submitted, and a pending approval on the principal's Approvals card.
 * 400 when a learner has no mark (absent and exempt count as marked); 409 already submitted or approved.
 */
export async function submitSheet(database: Database, actor: Actor, examId: string, classId: string, subjectId: string, ip: string): Promise<MarkSheet> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    const stream = await streamOf(tx, schoolId, e, classId);
    const subject = (await examSubjectList(tx, [examId])).find((s) => s.subjectId === subjectId);
    if (!subject || subject.band !== stream.band) throw badRequest(m.subjectNotInExam, { subjectId: m.subjectNotInExam });
    await assertTeaches(tx, actor, classId, subjectId);
    if (e.status === 'released') throw new AppError(409, 'EXAM_RELEASED', m.examReleased);
    const sheet = await marksRepo.lockSheet(tx, schoolId, examId, classId, subjectId);
    if (sheet.status === 'approved') throw new AppError(409, 'ALREADY_APPROVED', m.alreadyApproved);
    if (sheet.status === 'submitted') throw new AppError(409, 'ALREADY_SUBMITTED', m.sheetSubmitted);
    const learners = await marksRepo.listGridLearners(tx, schoolId, examId, classId, subjectId);
    const marked = new Set((await marksRepo.listMarkedLearnerIds(tx, examId, classId, subjectId)).map((r) => r.id));
    if (marked.size === 0) throw badRequest(m.nothingToSubmit);
    const missing = learners.filter((l) => !marked.has(l.id)).length;
    if (missing > 0) throw badRequest(m.missingMarks(missing));
    const now = new Date();
    await marksRepo.markSheetSubmitted(tx, sheet.id, actor.id, now);
    const cls = await examsRepo.findClassName(tx, schoolId, classId);
    const me = await marksRepo.findProfileName(tx, actor.id);
    const title = m.approvalTitle(subject.name, cls?.name ?? '');
    const summary = m.approvalSummary(e.name, me?.name ?? '', marked.size);
    await requestApproval(tx, { schoolId, kind: 'marks', subjectId: sheet.id, title, summary, requestedBy: actor.id, requestedAt: now });
    await auditSchool(tx, { actor, schoolId, ip }, ASSESSMENT_AUDIT.marksSubmitted, `mark_sheet:${sheet.id}`, { status: sheet.status }, { status: 'submitted' }, { examId, classId, subjectId });
    return sheetOne(tx, schoolId, e, classId, subjectId);
  });
}

/**
 * Approve or return a submitted sheet, in the caller's transaction (used by the exam routes and by the
 * Approvals card's decider). 409 when not submitted, or already approved ("approving twice").
 */
export async function decideSheetInTx(tx: Tx, c: SchoolCaller, sheetId: string, approve: boolean, comment: string | null) {
  const sheet = await marksRepo.lockSheetById(tx, c.schoolId, sheetId);
  if (!sheet) throw notFound(m.examNotFound);
  if (sheet.status === 'approved') throw new AppError(409, 'ALREADY_APPROVED', m.alreadyApproved);
  if (sheet.status !== 'submitted') throw new AppError(409, 'NOT_SUBMITTED', m.notSubmitted);
  if (!approve && !comment?.trim()) throw badRequest(m.commentRequired, { comment: m.commentRequired });
  const now = new Date();
  await marksRepo.markSheetDecided(tx, c.schoolId, sheetId, { status: approve ? 'approved' : 'returned', decidedBy: c.actor.id, decidedAt: now, comment: approve ? (comment?.trim() || null) : comment!.trim() });
  await auditSchool(tx, c, approve ? ASSESSMENT_AUDIT.marksApproved : ASSESSMENT_AUDIT.marksReturned, `mark_sheet:${sheetId}`, { status: 'submitted' }, { status: approve ? 'approved' : 'returned', comment }, { examId: sheet.examId, classId: sheet.classId, subjectId: sheet.subjectId });
  return sheet;
}

/** The Approvals card's decider for kind marks: approve, or reject = return with the note. */
export async function decideMarksApproval(tx: Tx, c: SchoolCaller, sheetId: string, approve: boolean, note: string | null) {
  await decideSheetInTx(tx, c, sheetId, approve, approve ? note : note?.trim() || m.returnedForCorrections);
}

/**
 * POST /api/exams/:examId/approve | /return { classId, subjectId, comment? } (principal) → the sheet.
 * The matching approval on the Approvals card is decided with it.
 */
export async function decideSheet(database: Database, actor: Actor, examId: string, classId: string, subjectId: string, approve: boolean, comment: string | null, ip: string): Promise<MarkSheet> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const e = await examOf(tx, schoolId, examId);
    await streamOf(tx, schoolId, e, classId);
    const sheet = await marksRepo.findSheetId(tx, examId, classId, subjectId);
    if (!sheet) throw new AppError(409, 'NOT_SUBMITTED', m.notSubmitted);
    await decideSheetInTx(tx, { actor, schoolId, ip }, sheet.id, approve, comment);
    await decidePendingApproval(tx, { schoolId, kind: 'marks', subjectId: sheet.id, approve, decidedBy: actor.id, note: comment });
    return sheetOne(tx, schoolId, e, classId, subjectId);
  });
}

/** GET /api/exams/:examId/sheets?status= → every stream x subject of the series (teachers: their own). */
export async function listSheets(database: Database, actor: Actor, examId: string, status?: MarkSheet['status'], schoolId?: string) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const e = await examOf(tx, sid, examId);
    let pairs: Set<string> | undefined;
    if (actor.role === 'teacher') {
      const mine = await marksRepo.listAssignedPairs(tx, { teacherId: actor.id });
      pairs = new Set(mine.map((a) => `${a.classId}:${a.subjectId}`));
    }
    return { items: await sheetsOf(tx, sid, e, { pairs, status }) };
  });
}

/**
 * Sheets of not-yet-released exams (and released ones of the current year) for a set of pairs, with the
 * exam's name and window. Used by the teacher's "My Class Grades" and the principal's queue.
 */
async function sheetsAcrossExams(tx: Tx, schoolId: string, opts: { pairs?: Set<string>; status?: MarkSheet['status'] }): Promise<MySheet[]> {
  const exams = await examsRepo.listRecentExamIds(tx, schoolId);
  const out: MySheet[] = [];
  for (const x of exams) {
    const e = await examOf(tx, schoolId, x.id);
    const sheets = await sheetsOf(tx, schoolId, e, { pairs: opts.pairs, status: opts.status });
    for (const s of sheets) out.push({ ...s, examId: e.id, examName: e.name, termName: `${e.termName} ${e.academicYear}`, entryState: entryStateOf(e), entryOpensOn: e.entryOpensOn, entryClosesOn: e.entryClosesOn, examStatus: e.status as MySheet['examStatus'] });
  }
  return out;
}

/** GET /api/grades/my-sheets (teacher) → their streams x subjects in recent exams with each sheet's state. */
export async function mySheets(database: Database, actor: Actor) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const mine = await marksRepo.listAssignedPairs(tx, actor.role === 'teacher' ? { teacherId: actor.id } : { schoolId });
    return { items: await sheetsAcrossExams(tx, schoolId, { pairs: actor.role === 'teacher' ? new Set(mine.map((a) => `${a.classId}:${a.subjectId}`)) : undefined }) };
  });
}

/** GET /api/grades/queue (principal, director) → submitted sheets waiting for approval, oldest first. */
export async function approvalQueue(database: Database, actor: Actor, schoolId?: string) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    const items = await sheetsAcrossExams(tx, sid, { status: 'submitted' });
    items.sort((a, b) => (a.submittedAt ?? '').localeCompare(b.submittedAt ?? ''));
    return { items };
  });
}

/** GET /api/exams/:examId/audit → changes made after approval (who, when, old, new, why), newest first. */
export async function gradeAuditLog(database: Database, actor: Actor, examId: string, schoolId?: string) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    await examOf(tx, sid, examId);
    const rows = await marksRepo.listGradeAudit(tx, sid, examId);
    return {
      items: rows.map((r) => ({
        id: r.a.id,
        studentName: fullName(r),
        admissionNumber: r.admissionNumber,
        subjectName: r.subjectName,
        className: r.className,
        oldStatus: r.a.oldStatus,
        oldScore: r.a.oldScore,
        newStatus: r.a.newStatus,
        newScore: r.a.newScore,
        reason: r.a.reason,
        changedBy: r.changedBy,
        changedAt: r.a.changedAt.toISOString(),
      })),
    };
  });
}
