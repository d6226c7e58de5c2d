import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type { bulkReportCardsBody, recordFormativeBody, saveReportCommentsBody } from '../../../shared/contracts/assessment.js';
import { DEFAULT_SCALES, gradeLabel, rollUpLevels } from '../../../shared/grading.js';
import type { Database } from '../../db/client.js';
import { withScope, type Tx } from '../../db/tenant.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { TaskHandler, TaskRunner } from '../../jobs/tasks.js';
import { loadLetterhead } from '../../lib/pdf.js';
import type { FileStorage } from '../../storage/storage.js';
import { recordAudit } from '../../lib/audit.js';
import { m, schoolScales, settingsOf } from './assessment-context.js';
import { fullName } from './marks.service.js';
import { assertCardVisible, assertCommentWriter, drawReportCards, termCards, type CardVerification, type TermCard, type TermInfo } from './report-cards.js';
import { inSchool } from '../../lib/school-context.js';
import * as examsRepo from './exams.repository.js';
import * as marksRepo from './marks.repository.js';
import * as reportCardsRepo from './report-cards.repository.js';
import type { ReportCommentChanges } from './report-cards.repository.js';
import * as scalesRepo from './scales.repository.js';

/**
 * Report-card calls (issue 12 §5): one learner's card, a stream's or level's cards in the background,
 * the class teacher's and principal's comments; and CBC formative assessment (§2).
 */

export const REPORT_CARDS_TASK = 'report-cards';

/**
 * Issues the signed records the cards' QR codes verify (modules/certificates), one per learner, in the
 * caller's transaction; returns learner id → { id, url }. Absent until the signing module is wired.
 */
export type ReportCardIssuer = (tx: Tx, schoolId: string, term: TermInfo, cards: TermCard[], generatedBy: string | null) => Promise<Map<string, CardVerification>>;

export interface ReportCardDeps {
  database: Database;
  storage: FileStorage;
  tasks: TaskRunner;
  issuer?: ReportCardIssuer;
}

/**
 * GET /api/students/:id/report-card?termId= → the PDF of one learner's term. Parents only for their
 * own children, teachers for their streams (404 otherwise); 404 'This learner has no released results
 * for the term.' when the term has none for the learner.
 */
export async function reportCardPdf(deps: ReportCardDeps, actor: Actor, studentId: string, termId: string, schoolId?: string): Promise<{ pdf: Buffer; fileName: string }> {
  const { term, cards, school, verification } = await inSchool(deps.database, actor, actor.role === 'parent' ? undefined : schoolId, async (tx, sid) => {
    await assertCardVisible(tx, actor, sid, studentId);
    const r = await termCards(tx, sid, termId, { studentIds: [studentId] });
    if (!r || r.cards.length === 0) throw notFound(m.reportCardNoResults);
    const verification = deps.issuer ? await deps.issuer(tx, sid, r.term, r.cards, actor.id) : undefined;
    return { ...r, school: await loadLetterhead(tx, deps.storage, sid), verification };
  });
  const pdf = await drawReportCards(school, term, cards, { verification });
  const card = cards[0]!;
  return { pdf, fileName: `Report card ${card.admissionNumber} ${term.name} ${term.academicYear}`.replace(/[/\\]/g, '-') };
}

/** GET /api/report-cards/comments?termId=&classId= → each learner of the stream with the mean, comments and a suggestion. */
export async function listComments(database: Database, actor: Actor, termId: string, classId: string, schoolId?: string) {
  return inSchool(database, actor, schoolId, async (tx, sid) => {
    await assertCommentWriter(tx, actor, sid, classId);
    const r = await termCards(tx, sid, termId, { classIds: [classId] });
    const cards = r?.cards ?? [];
    // Learners of the stream without results still get a row (comments can be written first).
    const inClass = await reportCardsRepo.listActiveLearnersOfClass(tx, sid, classId);
    const stored = inClass.length
      ? await reportCardsRepo.listTermComments(
          tx,
          termId,
          inClass.map((s) => s.id),
        )
      : [];
    const ids = new Set(cards.map((c) => c.studentId));
    const items = [
      ...cards.map((c) => ({ studentId: c.studentId, name: c.name, admissionNumber: c.admissionNumber, mean: c.mean, meanGradeLabel: c.meanGradeLabel, classTeacherComment: c.classTeacherComment || null, principalComment: c.principalComment || null, suggested: c.suggested })),
      ...inClass
        .filter((s) => !ids.has(s.id))
        .map((s) => {
          const cm = stored.find((x) => x.studentId === s.id);
          return { studentId: s.id, name: fullName(s), admissionNumber: s.admissionNumber, mean: null, meanGradeLabel: null, classTeacherComment: cm?.classTeacherComment ?? null, principalComment: cm?.principalComment ?? null, suggested: '' };
        }),
    ].sort((a, b) => a.name.localeCompare(b.name));
    return { items };
  });
}

/**
 * PUT /api/report-cards/comments { termId, comments } → { saved }. Teachers write the class teacher's
 * comment of their own stream's learners; the principal writes both. Audited.
 */
export async function saveComments(database: Database, actor: Actor, body: z.output<typeof saveReportCommentsBody>, ip: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const ids = [...new Set(body.comments.map((c) => c.studentId))];
    const learners = await reportCardsRepo.learnerClassesOf(tx, schoolId, ids, body.termId);
    if (learners.length !== ids.length) throw notFound(m.learnerNotFound);
    for (const classId of new Set(learners.map((l) => l.classId).filter((c): c is string => !!c))) await assertCommentWriter(tx, actor, schoolId, classId);
    if (actor.role === 'teacher' && body.comments.some((c) => c.principalComment !== undefined)) throw forbidden(m.notYourClass);
    let saved = 0;
    for (const c of body.comments) {
      const set: ReportCommentChanges = { updatedBy: actor.id, updatedAt: new Date() };
      if (c.classTeacherComment !== undefined) set.classTeacherComment = c.classTeacherComment || null;
      if (c.principalComment !== undefined) set.principalComment = c.principalComment || null;
      await reportCardsRepo.upsertReportComment(tx, schoolId, c.studentId, body.termId, set);
      saved++;
    }
    await recordAudit(tx, { schoolId, action: 'REPORT_COMMENTS_SAVED', performedByUserId: actor.id, performedByRole: actor.role, targetEntity: `term:${body.termId}`, newValue: { learners: saved }, ipAddress: ip });
    return { saved };
  });
}

type BulkInput = { termId: string; classIds: string[]; label: string };

/**
 * POST /api/report-cards/bulk { termId, classId | levelId } → 202 { taskId, total }: the cards of a
 * stream or a whole level as one PDF, made in the background (GET /api/tasks/:id shows progress; its
 * resultFileUrl downloads the PDF). Teachers: their own streams (class teacher).
 */
export async function startBulkReportCards(deps: ReportCardDeps, actor: Actor, body: z.output<typeof bulkReportCardsBody>, ip: string) {
  if (!body.classId && !body.levelId) throw badRequest(m.streamNotFound, { classId: m.streamNotFound });
  const task = await inSchool(deps.database, actor, undefined, async (tx, schoolId) => {
    let classIds: string[];
    let label: string;
    if (body.classId) {
      await assertCommentWriter(tx, actor, schoolId, body.classId);
      const c = await examsRepo.findClassName(tx, schoolId, body.classId);
      classIds = [body.classId];
      label = c!.name;
    } else {
      if (actor.role === 'teacher') throw forbidden(m.notYourClass);
      const lv = await scalesRepo.findLevelName(tx, schoolId, body.levelId!);
      if (!lv) throw notFound(m.levelNotFound);
      const r = await termCards(tx, schoolId, body.termId);
      const cls = await reportCardsRepo.listClassIdsOfLevel(tx, schoolId, body.levelId!);
      classIds = cls.map((c) => c.id).filter((id) => r?.cards.some((x) => x.classId === id));
      label = lv.name;
    }
    const r = await termCards(tx, schoolId, body.termId, { classIds });
    const total = r?.cards.length ?? 0;
    if (total === 0) throw notFound(m.reportCardNoResults);
    const input: BulkInput = { termId: body.termId, classIds, label: `${label} ${r!.term.name} ${r!.term.academicYear}` };
    const row = await deps.tasks.create(tx, { schoolId, kind: REPORT_CARDS_TASK, createdBy: actor.id, input, total });
    await recordAudit(tx, { schoolId, action: 'REPORT_CARDS_REQUESTED', performedByUserId: actor.id, performedByRole: actor.role, targetEntity: `task:${row.id}`, newValue: { ...input, total }, ipAddress: ip });
    return row;
  });
  await deps.tasks.dispatch(task.id);
  return { taskId: task.id, total: task.total };
}

/** The `report-cards` task: computes the term once, issues the verifications, draws every card, stores the PDF. */
export function reportCardsTaskHandler(deps: Omit<ReportCardDeps, 'tasks'>): TaskHandler {
  return async (ctx) => {
    const { task, database, storage } = ctx;
    const input = task.input as BulkInput;
    const scope = { schoolId: task.schoolId, userId: task.createdBy, allSchools: false };
    const { r, school, verification } = await withScope(database.db, scope, async (tx) => {
      const r = await termCards(tx, task.schoolId, input.termId, { classIds: input.classIds });
      if (!r || r.cards.length === 0) throw notFound(m.reportCardNoResults);
      const verification = deps.issuer ? await deps.issuer(tx, task.schoolId, r.term, r.cards, task.createdBy) : undefined;
      return { r, school: await loadLetterhead(tx, storage, task.schoolId), verification };
    });
    await ctx.progress(0, r.cards.length);
    const pdf = await drawReportCards(school, r.term, r.cards, { verification, onCard: (done, total) => (done % 10 === 0 || done === total ? ctx.progress(done, total) : undefined) });
    // Stored by the runner with the task's completion, in one transaction (no second PDF after an interrupted run).
    return { result: { cards: r.cards.length, label: input.label }, resultFile: { buffer: pdf, contentType: 'application/pdf', originalName: `Report cards ${input.label}.pdf` } };
  };
}

// -- CBC formative assessment (§2) ------------------------------------------------------------------

async function assertTeachesSubject(tx: Tx, actor: Actor, classId: string, subjectId: string) {
  if (actor.role !== 'teacher') return;
  const a = await marksRepo.findAssignmentId(tx, actor.id, classId, subjectId);
  if (!a) throw forbidden(m.notYourClass);
}

/**
 * GET /api/formative?termId=&classId=&subjectId= → the stream's learners with their strand assessments
 * this term and the term level rolled up by the school's method (latest, mean or mode).
 */
export async function listFormative(database: Database, actor: Actor, q: { termId: string; classId: string; subjectId: string }) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const c = await examsRepo.findClassId(tx, schoolId, q.classId);
    if (!c) throw notFound(m.streamNotFound);
    await assertTeachesSubject(tx, actor, q.classId, q.subjectId);
    const settings = await settingsOf(tx, schoolId);
    const scales = await schoolScales(tx, schoolId);
    const rubric = scales.get('cbc4')?.bands ?? DEFAULT_SCALES.cbc4.bands;
    const learners = await reportCardsRepo.listActiveLearnersOfClass(tx, schoolId, q.classId);
    const entries = learners.length
      ? await reportCardsRepo.listFormativeEntries(
          tx,
          q.termId,
          q.subjectId,
          learners.map((l) => l.id),
        )
      : [];
    return {
      method: settings.rollupMethod,
      learners: learners
        .map((l) => {
          const mine = entries.filter((e) => e.f.studentId === l.id);
          const p = rollUpLevels(mine.map((e) => ({ points: e.f.points, on: e.f.assessedOn })), settings.rollupMethod);
          const band = p === null ? null : rubric.find((b) => b.points === p) ?? null;
          return {
            studentId: l.id,
            name: fullName(l),
            admissionNumber: l.admissionNumber,
            termLevel: band?.code ?? null,
            termLevelLabel: band ? gradeLabel(band) : null,
            entries: mine
              .sort((a, b) => a.f.assessedOn.localeCompare(b.f.assessedOn))
              .map((e) => ({ id: e.f.id, studentId: l.id, strand: e.f.strand, subStrand: e.f.subStrand, level: e.f.level, points: e.f.points, comment: e.f.comment, assessedOn: e.f.assessedOn, assessedBy: e.by })),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

/** POST /api/formative { termId, classId, subjectId, strand, subStrand?, assessedOn, entries: [{ studentId, level, comment? }] } → { saved }. */
export async function recordFormative(database: Database, actor: Actor, body: z.output<typeof recordFormativeBody>) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const c = await examsRepo.findClassId(tx, schoolId, body.classId);
    if (!c) throw notFound(m.streamNotFound);
    await assertTeachesSubject(tx, actor, body.classId, body.subjectId);
    const term = await examsRepo.findTermId(tx, schoolId, body.termId);
    if (!term) throw notFound(m.termNotFound);
    const ids = [...new Set(body.entries.map((e) => e.studentId))];
    const inClass = await reportCardsRepo.learnerIdsInClass(tx, schoolId, body.classId, ids);
    if (inClass.length !== ids.length) throw badRequest(m.learnerNotFound, { entries: m.learnerNotFound });
    const points = { EE: 4, ME: 3, AE: 2, BE: 1 } as const;
    await reportCardsRepo.insertFormative(
      tx,
      body.entries.map((e) => ({ schoolId, termId: body.termId, studentId: e.studentId, subjectId: body.subjectId, strand: body.strand, subStrand: body.subStrand ?? null, level: e.level, points: points[e.level], comment: e.comment ?? null, assessedOn: body.assessedOn, assessedBy: actor.id })),
    );
    return { saved: body.entries.length };
  });
}
