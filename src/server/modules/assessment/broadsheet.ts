import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import type { ExamResults, ResultRow } from '../../../shared/contracts/assessment.js';
import { broadsheetPdfMessages as bm } from '../../../shared/messages/pdf-documents.js';
import type { Database } from '../../db/client.js';
import { createDocument, drawLetterhead, drawTable, loadLetterhead, renderPdf, sendPdf, type TableColumn } from '../../lib/pdf.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';
import { inSchool } from '../../lib/school-context.js';

/**
 * The broadsheet of a stream or level (issue 12 §4) as PDF (A4 landscape, school letterhead, one row per
 * learner: every subject's mark and grade, total, mean, mean grade, points, positions; subject means
 * and grade counts below) and as Excel, its words in the language of the request (messages/pdf-documents.ts).
 */

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : Number.isInteger(v) ? String(v) : v.toFixed(2));
const fileBase = (r: ExamResults) => bm.fileBase(r.exam.name, r.scope.name);

function subjectCell(row: ResultRow, subjectId: string) {
  const s = row.subjects.find((x) => x.subjectId === subjectId);
  if (!s?.status) return '–';
  if (s.status === 'absent') return bm.absent;
  if (s.status === 'exempt') return bm.exempt;
  return `${num(s.score)} ${s.grade ?? ''}`.trim();
}

/** GET /api/exams/:examId/results?format=pdf → the broadsheet PDF. */
export async function broadsheetPdf(reply: FastifyReply, database: Database, storage: FileStorage, actor: Actor, r: ExamResults, schoolId?: string) {
  const school = await inSchool(database, actor, schoolId, (tx, sid) => loadLetterhead(tx, storage, sid));
  const doc = createDocument({ title: fileBase(r), layout: 'landscape', margin: 28 });
  const title = bm.title(r.exam.name);
  const lines = [`${r.scope.kind === 'stream' ? bm.stream : bm.level}: ${r.scope.name}`, `${r.exam.termName} ${r.exam.academicYear}${r.exam.status === 'released' ? '' : ` · ${bm.provisional}`}`];
  drawLetterhead(doc, school, { title, lines });
  const level = r.scope.kind === 'level';
  const columns: TableColumn<ResultRow>[] = [
    { header: bm.pos, width: 3, align: 'right', value: (x) => (level ? x.levelPosition : x.position) ?? '' },
    { header: bm.admNo, width: 6, value: (x) => x.admissionNumber },
    { header: bm.name, width: 11, value: (x) => x.name },
    ...(level ? [{ header: bm.stream, width: 6, value: (x: ResultRow) => x.className }] : []),
    ...r.subjects.map((s) => ({ header: s.code || s.name.slice(0, 6), width: 4, align: 'center' as const, value: (x: ResultRow) => subjectCell(x, s.subjectId) })),
    { header: bm.total, width: 4, align: 'right', value: (x) => num(x.total) },
    { header: bm.mean, width: 4, align: 'right', value: (x) => num(x.mean) },
    { header: bm.grade, width: 4, align: 'center', value: (x) => x.meanGrade ?? '' },
    { header: bm.pts, width: 3, align: 'right', value: (x) => x.points ?? '' },
    { header: bm.dev, width: 4, align: 'right', value: (x) => (x.deviation === null ? '' : `${x.deviation > 0 ? '+' : ''}${num(x.deviation)}`) },
    ...(level ? [] : [{ header: bm.levelPos, width: 4, align: 'right' as const, value: (x: ResultRow) => x.levelPosition ?? '' }]),
  ];
  drawTable(doc, columns, r.rows, { fontSize: r.subjects.length > 10 ? 6.5 : 7.5, emptyText: bm.noMarks, onNewPage: (d) => drawLetterhead(d, school, { compact: true, title }) });
  doc.font('Helvetica-Bold').fontSize(10).text(bm.subjectMeans);
  drawTable(
    doc,
    [
      { header: bm.subject, width: 12, value: (s: ExamResults['subjects'][number]) => s.name },
      { header: bm.entries, width: 4, align: 'right', value: (s) => s.entries },
      { header: bm.meanPercent, width: 4, align: 'right', value: (s) => num(s.mean) },
      { header: bm.grade, width: 8, value: (s) => s.meanGradeLabel ?? '' },
      { header: bm.deviation, width: 4, align: 'right', value: (s) => (s.deviation === null ? '' : num(s.deviation)) },
      { header: bm.teacher, width: 10, value: (s) => s.teacherName ?? '' },
    ],
    r.subjects,
    { fontSize: 8 },
  );
  doc.font('Helvetica-Bold').fontSize(10).text(bm.gradeCounts(num(r.summary.mean), r.summary.meanGradeLabel ?? null));
  doc.font('Helvetica').fontSize(9).text(r.summary.gradeCounts.map((g) => `${g.grade}: ${g.count}`).join('   '));
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), fileBase(r));
}

/** GET /api/exams/:examId/results?format=xlsx → the broadsheet workbook (marks, grades, totals, positions). */
export async function broadsheetXlsx(reply: FastifyReply, r: ExamResults) {
  const columns: ExportColumn<ResultRow>[] = [
    { header: bm.position, value: (x) => (r.scope.kind === 'level' ? x.levelPosition : x.position) ?? '' },
    { header: bm.admissionNumber, value: (x) => x.admissionNumber, width: 18 },
    { header: bm.name, value: (x) => x.name, width: 28 },
    { header: bm.stream, value: (x) => x.className, width: 16 },
    ...r.subjects.flatMap((s) => [
      { header: bm.subjectMark(s.name), value: (x: ResultRow) => { const v = x.subjects.find((y) => y.subjectId === s.subjectId); return v?.status === 'present' ? v.score : v?.status ? v.status.toUpperCase() : ''; } },
      { header: bm.subjectGrade(s.name), value: (x: ResultRow) => x.subjects.find((y) => y.subjectId === s.subjectId)?.grade ?? '' },
    ]),
    { header: bm.total, value: (x) => x.total },
    { header: bm.mean, value: (x) => x.mean },
    { header: bm.meanGrade, value: (x) => x.meanGradeLabel },
    { header: bm.points, value: (x) => x.points },
    { header: bm.streamPosition, value: (x) => x.position },
    { header: bm.levelPosition, value: (x) => x.levelPosition },
    { header: bm.deviation, value: (x) => x.deviation },
  ];
  return sendSpreadsheet(reply, 'xlsx', fileBase(r), columns, r.rows, bm.sheet);
}
