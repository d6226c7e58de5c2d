import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import {
  analyticsResponse,
  approvalQueueResponse,
  assessmentSettingsSchema,
  createExamBody,
  examSchema,
  gradeAuditResponse,
  gradingScaleSchema,
  gradingScalesResponse,
  listExamsQuery,
  listExamsResponse,
  listSheetsQuery,
  listSheetsResponse,
  markSheetSchema,
  marksGridSchema,
  marksQuery,
  myChildrenGradesResponse,
  mySheetsResponse,
  resultsQuery,
  resultsResponse,
  returnSheetBody,
  saveMarksBody,
  saveMarksResponse,
  setLevelScaleBody,
  sheetBody,
  updateAssessmentSettingsBody,
  updateExamBody,
  updateScaleBody,
  saveTimetableBody,
  timetableResponse,
  reportCardQuery,
  reportCommentsQuery,
  reportCommentsResponse,
  saveReportCommentsBody,
  bulkReportCardsBody,
  formativeQuery,
  formativeResponse,
  recordFormativeBody,
} from '../../../shared/contracts/assessment.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import { createExam, deleteExam, getExam, listExams, updateExam } from './exams.service.js';
import { approvalQueue, decideSheet, gradeAuditLog, listSheets, marksGrid, mySheets, saveMarks, submitSheet, decideMarksApproval } from './marks.service.js';
import { examAnalytics, examResults, myChildrenGrades, releaseExam, releasedResultsSweep } from './results.service.js';
import { getSettings, listScales, setLevelScale, updateScale, updateSettings } from './scales.service.js';
import { broadsheetPdf, broadsheetXlsx } from './broadsheet.js';
import { getTimetable, saveTimetable, timetablePdf } from './timetable.service.js';
import { REPORT_CARDS_TASK, listComments, listFormative, recordFormative, reportCardPdf, reportCardsTaskHandler, saveComments, startBulkReportCards, type ReportCardIssuer } from './report-cards.service.js';
import { sendPdf } from '../../lib/pdf.js';
import { registerApprovalKind } from '../approvals/index.js';
import { cachedRead } from '../../lib/read-cache.js';

const examParams = z.object({ examId: z.uuid('Exam not found') });
const schoolQuery = z.object({ schoolId: z.uuid('Invalid school id').optional() });

/**
 * Assessment routes (issue 12 §1-§4, §7). Reads need viewAssessment (principal, director, teachers —
 * narrowed to their streams — and platform staff with ?schoolId=); set-up, approval and release need
 * manageExams (principal); marks need enterMarks (teacher for their own stream x subject, principal).
 * Parents read only released results of their own children (GET /api/grades/my-children).
 * Errors: `{ error: { code, message, fields? } }`; another school's exam, stream or learner is 404.
 */
export async function assessmentRoutes(app: FastifyInstance, deps: ModuleDeps, opts: { issuer?: ReportCardIssuer } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  // Issue 37 §1: series released before released_results existed get their results stored.
  deps.tasks.schedule(releasedResultsSweep(database));
  const tags = ['assessment'];
  // Issue 12 §3: a stream x subject's marks; rejecting returns them to the teacher with the note.
  registerApprovalKind('marks', { decide: decideMarksApproval, deciders: ['principal'] });
  const cardDeps = { database, storage: deps.storage, tasks: deps.tasks, issuer: opts.issuer };
  deps.tasks.register(REPORT_CARDS_TASK, reportCardsTaskHandler(cardDeps));

  // -- Grading scales (§1) ----------------------------------------------------------------------
  /**
   * GET /api/grading/scales → { scales: [{ key, name, version, bands: [{ code, descriptor, min, max, points, label }] }], levels }.
   * viewExamCalendar: also the finance officer and HR (their grades section, spec §6 "others"); parents 403.
   */
  r.get('/api/grading/scales', { config: { permission: 'viewExamCalendar' }, schema: { querystring: schoolQuery, response: { 200: gradingScalesResponse }, tags } }, async (req) =>
    listScales(database, actorOf(req), req.query.schoolId),
  );
  /** PUT /api/grading/scales/:key { name?, bands } (principal) → the scale's new version; 400 bands that do not make a scale. */
  r.put(
    '/api/grading/scales/:key',
    { config: { permission: 'manageExams' }, schema: { params: z.object({ key: z.string() }), body: updateScaleBody, response: { 200: gradingScaleSchema }, tags } },
    async (req) => updateScale(database, actorOf(req), req.params.key, req.body, req.ip),
  );
  /** PUT /api/grading/levels/:levelId { scaleKey, subjectId? } (principal) → which scale grades the level or one subject of it. */
  r.put(
    '/api/grading/levels/:levelId',
    { config: { permission: 'manageExams' }, schema: { params: z.object({ levelId: z.uuid('Level not found') }), body: setLevelScaleBody, tags } },
    async (req) => setLevelScale(database, actorOf(req), req.params.levelId, req.body, req.ip),
  );
  /** GET /api/assessment/settings → { rollupMethod, publishPositions, showFeeBalance }. */
  r.get('/api/assessment/settings', { config: { permission: 'viewAssessment' }, schema: { querystring: schoolQuery, response: { 200: assessmentSettingsSchema }, tags } }, async (req) =>
    getSettings(database, actorOf(req), req.query.schoolId),
  );
  /** PUT /api/assessment/settings (principal) → the saved settings. */
  r.put('/api/assessment/settings', { config: { permission: 'manageExams' }, schema: { body: updateAssessmentSettingsBody, response: { 200: assessmentSettingsSchema }, tags } }, async (req) =>
    updateSettings(database, actorOf(req), req.body, req.ip),
  );

  // -- Exam series (§2) -------------------------------------------------------------------------
  /**
   * GET /api/exams?termId=&status= → { items }: series with subjects, levels, window state and sheet counts.
   * viewExamCalendar: also the finance officer and HR (their grades section, spec §6 "others"); parents 403.
   */
  r.get('/api/exams', { config: { permission: 'viewExamCalendar' }, schema: { querystring: listExamsQuery, response: { 200: listExamsResponse }, tags } }, async (req) =>
    listExams(database, actorOf(req), req.query),
  );
  /** POST /api/exams (principal) → 201 the series; 400 no subjects or bad dates; 404 term, level or subject. */
  r.post('/api/exams', { config: { permission: 'manageExams' }, schema: { body: createExamBody, response: { 201: examSchema }, tags } }, async (req, reply) =>
    reply.status(201).send(await createExam(database, actorOf(req), req.body, req.ip)),
  );
  /** GET /api/exams/:examId → the series. */
  r.get('/api/exams/:examId', { config: { permission: 'viewAssessment' }, schema: { params: examParams, querystring: schoolQuery, response: { 200: examSchema }, tags } }, async (req) =>
    getExam(database, actorOf(req), req.params.examId, req.query.schoolId),
  );
  /** PATCH /api/exams/:examId (principal) → the series; 409 once released. */
  r.patch('/api/exams/:examId', { config: { permission: 'manageExams' }, schema: { params: examParams, body: updateExamBody, response: { 200: examSchema }, tags } }, async (req) =>
    updateExam(database, actorOf(req), req.params.examId, req.body, req.ip),
  );
  /** DELETE /api/exams/:examId (principal) → { deleted }; 409 when marks exist. */
  r.delete('/api/exams/:examId', { config: { permission: 'manageExams' }, schema: { params: examParams, tags } }, async (req) =>
    deleteExam(database, actorOf(req), req.params.examId, req.ip),
  );
  /** GET /api/exams/:examId/sheets?status= → { items }: every stream x subject with its approval state (teachers: theirs). */
  r.get(
    '/api/exams/:examId/sheets',
    { config: { permission: 'viewAssessment' }, schema: { params: examParams, querystring: listSheetsQuery.extend({ schoolId: z.uuid().optional() }), response: { 200: listSheetsResponse }, tags } },
    async (req) => listSheets(database, actorOf(req), req.params.examId, req.query.status, req.query.schoolId),
  );

  // -- Marks (§3) ---------------------------------------------------------------------------------
  /** GET /api/exams/:examId/marks?classId=&subjectId= → the grid; 403 a teacher's other stream x subject. */
  r.get('/api/exams/:examId/marks', { config: { permission: 'enterMarks' }, schema: { params: examParams, querystring: marksQuery, response: { 200: marksGridSchema }, tags } }, async (req) =>
    marksGrid(database, actorOf(req), req.params.examId, req.query.classId, req.query.subjectId),
  );
  /**
   * PUT /api/exams/:examId/marks { classId, subjectId, marks: [{ studentId, score, status }], reason? } →
   * { saved, unchanged, sheet }. All or nothing; the same marks again change nothing. Header Idempotency-Key
   * (the marks grid's offline outbox): a retry with the same key and body answers the first result.
   */
  r.put(
    '/api/exams/:examId/marks',
    {
      config: { permission: 'enterMarks' },
      schema: { params: examParams, body: saveMarksBody, headers: z.object({ 'idempotency-key': z.string().optional() }), response: { 200: saveMarksResponse }, tags },
    },
    async (req) => saveMarks(database, actorOf(req), req.params.examId, req.body, req.ip, req.headers['idempotency-key']),
  );
  /** POST /api/exams/:examId/submit { classId, subjectId } → the sheet, submitted; 400 learners without marks; 409 submitted or approved. */
  r.post('/api/exams/:examId/submit', { config: { permission: 'enterMarks' }, schema: { params: examParams, body: sheetBody, response: { 200: markSheetSchema }, tags } }, async (req) =>
    submitSheet(database, actorOf(req), req.params.examId, req.body.classId, req.body.subjectId, req.ip),
  );
  /** POST /api/exams/:examId/approve { classId, subjectId } (principal) → the sheet, approved and locked; 409 approving twice. */
  r.post(
    '/api/exams/:examId/approve',
    { config: { permission: 'manageExams' }, schema: { params: examParams, body: sheetBody.extend({ comment: z.string().trim().max(1000).optional() }), response: { 200: markSheetSchema }, tags } },
    async (req) => decideSheet(database, actorOf(req), req.params.examId, req.body.classId, req.body.subjectId, true, req.body.comment ?? null, req.ip),
  );
  /** POST /api/exams/:examId/return { classId, subjectId, comment } (principal) → the sheet, returned to the teacher. */
  r.post('/api/exams/:examId/return', { config: { permission: 'manageExams' }, schema: { params: examParams, body: returnSheetBody, response: { 200: markSheetSchema }, tags } }, async (req) =>
    decideSheet(database, actorOf(req), req.params.examId, req.body.classId, req.body.subjectId, false, req.body.comment, req.ip),
  );
  /** POST /api/exams/:examId/release (principal) → { id, status, releasedAt, sheets }; 409 unapproved sheets or already released. */
  r.post('/api/exams/:examId/release', { config: { permission: 'manageExams' }, schema: { params: examParams, tags } }, async (req) =>
    releaseExam(database, actorOf(req), req.params.examId, req.ip),
  );
  /** GET /api/exams/:examId/audit → { items }: changes after approval (who, when, old, new, why). */
  r.get('/api/exams/:examId/audit', { config: { permission: 'manageExams' }, schema: { params: examParams, response: { 200: gradeAuditResponse }, tags } }, async (req) =>
    gradeAuditLog(database, actorOf(req), req.params.examId),
  );
  /** GET /api/grades/my-sheets → the caller's streams x subjects in recent exams (teacher: theirs; principal: all). */
  r.get('/api/grades/my-sheets', { config: { permission: 'enterMarks' }, schema: { response: { 200: mySheetsResponse }, tags } }, async (req) => mySheets(database, actorOf(req)));
  /** GET /api/grades/queue → submitted sheets waiting for the principal, oldest first. */
  r.get('/api/grades/queue', { config: { permission: 'viewApprovals' }, schema: { response: { 200: approvalQueueResponse }, tags } }, async (req) => approvalQueue(database, actorOf(req)));

  // -- Results (§4) -------------------------------------------------------------------------------
  /**
   * GET /api/exams/:examId/results?classId= | ?levelId= [&format=pdf|xlsx] → { exam, scope, subjects,
   * rows: [{ studentId, admissionNumber, total, mean, meanGrade, points, position, subjects: [...] }],
   * summary }; or the broadsheet as PDF / Excel. Parents: ?classId= of a stream a child of theirs sat
   * a released series in, and only their own children's rows.
   */
  r.get('/api/exams/:examId/results', { config: { permission: 'viewExamResults' }, schema: { params: examParams, querystring: resultsQuery.extend({ schoolId: z.uuid().optional() }), tags } }, async (req, reply) => {
    const results = await examResults(database, actorOf(req), req.params.examId, req.query);
    if (req.query.format === 'pdf') return broadsheetPdf(reply, database, deps.storage, actorOf(req), results, req.query.schoolId);
    if (req.query.format === 'xlsx') return broadsheetXlsx(reply, results);
    return resultsResponse.parse(results);
  });
  /** GET /api/exams/:examId/analytics?classId=|levelId= → grade distribution, subject means, gender, most improved, trend. */
  r.get('/api/exams/:examId/analytics', { config: { permission: 'viewAssessment' }, schema: { params: examParams, querystring: resultsQuery.extend({ schoolId: z.uuid().optional() }), response: { 200: analyticsResponse }, tags } }, async (req) =>
    examAnalytics(database, actorOf(req), req.params.examId, req.query),
  );
  /** GET /api/grades/my-children (parent) → each child's released series only; kept in memory per parent (lib/read-cache.ts). */
  r.get('/api/grades/my-children', { config: { permission: 'viewChildGrades' }, schema: { response: { 200: myChildrenGradesResponse }, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    return cachedRead(deps.readCache, 'grades', reply, actor, () => myChildrenGrades(database, actor));
  });

  // -- Exam timetable (§2) ------------------------------------------------------------------------
  /** GET /api/exams/:examId/timetable → { items }: papers with date, time, room and invigilator. */
  r.get('/api/exams/:examId/timetable', { config: { permission: 'viewAssessment' }, schema: { params: examParams, querystring: schoolQuery, response: { 200: timetableResponse }, tags } }, async (req) =>
    getTimetable(database, actorOf(req), req.params.examId, req.query.schoolId),
  );
  /** PUT /api/exams/:examId/timetable { entries } (principal) → { items }; 400 room or invigilator clashes. */
  r.put('/api/exams/:examId/timetable', { config: { permission: 'manageExams' }, schema: { params: examParams, body: saveTimetableBody, response: { 200: timetableResponse }, tags } }, async (req) =>
    saveTimetable(database, actorOf(req), req.params.examId, req.body, req.ip),
  );
  /** GET /api/exams/:examId/timetable.pdf → the printable exam timetable. */
  r.get('/api/exams/:examId/timetable.pdf', { config: { permission: 'viewAssessment' }, schema: { params: examParams, querystring: schoolQuery, tags } }, async (req, reply) =>
    timetablePdf(reply, database, deps.storage, actorOf(req), req.params.examId, req.query.schoolId),
  );

  // -- Report cards (§5) --------------------------------------------------------------------------
  /** GET /api/students/:id/report-card?termId= → the learner's term report card (PDF); parents: own children only. */
  r.get(
    '/api/students/:id/report-card',
    { config: { permission: 'viewReportCard' }, schema: { params: z.object({ id: z.uuid(messages.assessment.learnerNotFound) }), querystring: reportCardQuery.extend({ schoolId: z.uuid().optional() }), tags } },
    async (req, reply) => {
      const { pdf, fileName } = await reportCardPdf(cardDeps, actorOf(req), req.params.id, req.query.termId, req.query.schoolId);
      return sendPdf(reply, pdf, fileName);
    },
  );
  /** GET /api/report-cards/comments?termId=&classId= → { items }: learners with mean, comments and a suggestion. */
  r.get('/api/report-cards/comments', { config: { permission: 'viewAssessment' }, schema: { querystring: reportCommentsQuery.extend({ schoolId: z.uuid().optional() }), response: { 200: reportCommentsResponse }, tags } }, async (req) =>
    listComments(database, actorOf(req), req.query.termId, req.query.classId, req.query.schoolId),
  );
  /** PUT /api/report-cards/comments { termId, comments } → { saved }; class teachers their streams, the principal any. */
  r.put('/api/report-cards/comments', { config: { permission: 'writeReportComments' }, schema: { body: saveReportCommentsBody, tags } }, async (req) =>
    saveComments(database, actorOf(req), req.body, req.ip),
  );
  /** POST /api/report-cards/bulk { termId, classId | levelId } → 202 { taskId, total } (GET /api/tasks/:id for progress and the file). */
  r.post('/api/report-cards/bulk', { config: { permission: 'viewAssessment' }, schema: { body: bulkReportCardsBody, tags } }, async (req, reply) =>
    reply.status(202).send(await startBulkReportCards(cardDeps, actorOf(req), req.body, req.ip)),
  );

  // -- CBC formative assessment (§2) ----------------------------------------------------------------
  /** GET /api/formative?termId=&classId=&subjectId= → learners with their strand levels and the term level. */
  r.get('/api/formative', { config: { permission: 'enterMarks' }, schema: { querystring: formativeQuery, response: { 200: formativeResponse }, tags } }, async (req) => listFormative(database, actorOf(req), req.query));
  /** POST /api/formative { termId, classId, subjectId, strand, subStrand?, assessedOn, entries } → 201 { saved }. */
  r.post('/api/formative', { config: { permission: 'enterMarks' }, schema: { body: recordFormativeBody, tags } }, async (req, reply) =>
    reply.status(201).send(await recordFormative(database, actorOf(req), req.body)),
  );
}
