import type { SummaryResponse, SummaryRow } from '../../../shared/contracts/attendance.js';
import type { Tx } from '../../db/tenant.js';
import { contentBox, createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, PDF_COLORS, renderPdf } from '../../lib/pdf.js';
import type { ExportColumn } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';

/**
 * Attendance summary documents (issue 13 §4 "exports to PDF and Excel"): the per-learner rows of a term
 * (days open, present, absent, late, excused, rate) with the per-stream and school totals.
 */

const rate = (r: number | null) => (r === null ? '–' : `${r.toFixed(1)}%`);

/** Spreadsheet columns of the per-learner summary (Excel export). */
export const SUMMARY_COLUMNS: ExportColumn<SummaryRow>[] = [
  { header: 'Admission No.', value: (r) => r.admissionNumber, width: 16 },
  { header: 'Learner', value: (r) => r.name, width: 28 },
  { header: 'Stream', value: (r) => r.className, width: 18 },
  { header: 'Days open', value: (r) => r.daysOpen, width: 10 },
  { header: 'Present', value: (r) => r.present, width: 10 },
  { header: 'Absent', value: (r) => r.absent, width: 10 },
  { header: 'Late', value: (r) => r.late, width: 8 },
  { header: 'Excused', value: (r) => r.excused, width: 10 },
  { header: 'Rate (%)', value: (r) => r.rate, width: 10 },
];

/** The summary as an A4 PDF: school letterhead, the stream totals, then every learner (header repeated per page). */
export async function summaryPdf(tx: Tx, storage: FileStorage, schoolId: string, s: SummaryResponse): Promise<Buffer> {
  const school = await loadLetterhead(tx, storage, schoolId);
  const title = `Attendance summary · ${s.term.name}`;
  const doc = createDocument({ title });
  let y = drawLetterhead(doc, school, {
    title: 'Attendance Summary',
    lines: [`${s.term.name}: ${formatDay(s.term.startsOn)} to ${formatDay(s.term.endsOn)}`, `School rate ${rate(s.totals.rate)} · ${s.totals.learners} learners · ${s.totals.chronic} below ${s.threshold}%`],
  });
  const again = (d: PDFKit.PDFDocument) => drawLetterhead(d, school, { compact: true, title });
  y = drawTable(
    doc,
    [
      { header: 'Stream', width: 22, value: (r) => r.className },
      { header: 'Learners', width: 10, align: 'right', value: (r) => r.learners },
      { header: 'Days open', width: 11, align: 'right', value: (r) => r.daysOpen },
      { header: 'Absent', width: 10, align: 'right', value: (r) => r.absent },
      { header: 'Late', width: 9, align: 'right', value: (r) => r.late },
      { header: 'Excused', width: 10, align: 'right', value: (r) => r.excused },
      { header: 'Rate', width: 10, align: 'right', value: (r) => rate(r.rate) },
      { header: `Below ${s.threshold}%`, width: 12, align: 'right', value: (r) => r.chronic },
    ],
    s.streams,
    { y: y + 4, onNewPage: again, emptyText: 'No streams' },
  );
  const box = contentBox(doc);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(PDF_COLORS.text).text('Learners', box.left, y + 12);
  drawTable(
    doc,
    [
      { header: 'Adm. No.', width: 14, value: (r) => r.admissionNumber },
      { header: 'Learner', width: 26, value: (r) => r.name },
      { header: 'Stream', width: 16, value: (r) => r.className },
      { header: 'Days', width: 8, align: 'right', value: (r) => r.daysOpen },
      { header: 'Present', width: 9, align: 'right', value: (r) => r.present },
      { header: 'Absent', width: 9, align: 'right', value: (r) => r.absent },
      { header: 'Late', width: 7, align: 'right', value: (r) => r.late },
      { header: 'Excused', width: 9, align: 'right', value: (r) => r.excused },
      { header: 'Rate', width: 9, align: 'right', value: (r) => rate(r.rate) },
    ],
    s.items,
    { y: doc.y + 4, onNewPage: again, emptyText: 'No learners' },
  );
  return renderPdf(doc, { footerNote: school.name });
}
