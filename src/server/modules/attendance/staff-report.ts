import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import { staffAttendanceScreens as sm } from '../../../shared/messages/staff-attendance-screens.js';
import { roleDisplayName } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { createDocument, drawLetterhead, drawTable, loadLetterhead, renderPdf, sendPdf, type TableColumn } from '../../lib/pdf.js';
import { addSheetRow, CONTENT_TYPES } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';
import { monthLabel, type StaffReport } from './staff-attendance.service.js';
import { inSchool } from '../../lib/school-context.js';

/**
 * The monthly staff attendance report (issue 13 §3 "monthly staff attendance report per person and
 * department in PDF and Excel"): the school's letterhead, a row per member of staff, then a row per
 * department, "Page n of m" on every page (lib/pdf.ts); the workbook has a sheet per table. Files are
 * named staff-attendance-YYYY-MM (with the department when filtered).
 */

const r = sm.report;
type Row = StaffReport['items'][number];
type Dept = StaffReport['departments'][number];

const rate = (v: number | null) => (v === null ? sm.common.dash : v.toFixed(1));

/** staff-attendance-2026-10 (or staff-attendance-2026-10-sciences), without the extension. */
export function staffReportFileBase(report: Pick<StaffReport, 'month' | 'departmentName'>): string {
  const dept = report.departmentName ? `-${report.departmentName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}` : '';
  return `staff-attendance-${report.month}${dept}`;
}

/** GET /api/staff-attendance/report?format=pdf → the report as an A4 PDF. */
export async function staffReportPdf(reply: FastifyReply, database: Database, storage: FileStorage, actor: Actor, report: StaffReport): Promise<FastifyReply> {
  const school = await inSchool(database, actor, report.schoolId, (tx, sid) => loadLetterhead(tx, storage, sid));
  const title = `${r.title}: ${monthLabel(report.month)}`;
  const doc = createDocument({ title, layout: 'landscape', margin: 32 });
  const lines = [r.monthLine(monthLabel(report.month), report.daysOpen), ...(report.departmentName ? [r.departmentLine(report.departmentName)] : []), r.lateLine(report.lateAfter)];
  const y = drawLetterhead(doc, school, { title: r.title, lines });
  const onNewPage = (d: PDFKit.PDFDocument) => drawLetterhead(d, school, { compact: true, title });
  const people: TableColumn<Row>[] = [
    { header: '#', width: 2, align: 'right', value: (_x, i) => i + 1 },
    { header: r.colName, width: 11, value: (x) => x.name },
    { header: r.colRole, width: 6, value: (x) => roleDisplayName(x.role) },
    { header: r.colDepartment, width: 8, value: (x) => x.department ?? sm.common.dash },
    { header: r.colDaysOpen, width: 4, align: 'right', value: (x) => x.daysOpen },
    { header: r.colPresent, width: 4, align: 'right', value: (x) => x.present },
    { header: r.colLate, width: 3, align: 'right', value: (x) => x.late },
    { header: r.colAbsent, width: 4, align: 'right', value: (x) => x.absent },
    { header: r.colOnLeave, width: 4, align: 'right', value: (x) => x.onLeave },
    { header: r.colOfficialDuty, width: 4, align: 'right', value: (x) => x.officialDuty },
    { header: r.colUnrecorded, width: 4, align: 'right', value: (x) => x.unrecorded },
    { header: r.colRate, width: 4, align: 'right', value: (x) => rate(x.rate) },
  ];
  drawTable(doc, people, report.items, { y, fontSize: 8.5, emptyText: r.noRows, onNewPage });
  const departments: TableColumn<Dept>[] = [
    { header: r.colDepartment, width: 12, value: (x) => x.name },
    { header: r.colStaff, width: 4, align: 'right', value: (x) => x.staff },
    { header: r.colPresent, width: 4, align: 'right', value: (x) => x.present },
    { header: r.colLate, width: 4, align: 'right', value: (x) => x.late },
    { header: r.colAbsent, width: 4, align: 'right', value: (x) => x.absent },
    { header: r.colRate, width: 4, align: 'right', value: (x) => rate(x.rate) },
  ];
  // The department table starts on a new page when its heading and a few rows would not fit.
  if (doc.y + 90 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = onNewPage(doc);
  }
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111827').text(r.departmentsHeading, doc.page.margins.left, doc.y + 4);
  drawTable(doc, departments, report.departments, { y: doc.y + 4, fontSize: 9, emptyText: r.noRows, onNewPage });
  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), staffReportFileBase(report));
}

/** GET /api/staff-attendance/report?format=xlsx → a workbook: "Staff" (a row per person) and "Departments". */
export async function staffReportXlsx(reply: FastifyReply, report: StaffReport): Promise<FastifyReply> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const sheet = <T>(name: string, columns: { header: string; width: number; value: (x: T) => string | number | null }[], rows: T[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) addSheetRow(ws, columns.map((c) => c.value(row)));
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  };
  sheet<Row>(
    r.sheetStaff,
    [
      { header: r.colName, width: 30, value: (x) => x.name },
      { header: r.colRole, width: 18, value: (x) => roleDisplayName(x.role) },
      { header: r.colDepartment, width: 22, value: (x) => x.department ?? '' },
      { header: r.colDaysOpen, width: 11, value: (x) => x.daysOpen },
      { header: r.colPresent, width: 10, value: (x) => x.present },
      { header: r.colLate, width: 8, value: (x) => x.late },
      { header: r.colAbsent, width: 10, value: (x) => x.absent },
      { header: r.colOnLeave, width: 10, value: (x) => x.onLeave },
      { header: r.colOfficialDuty, width: 14, value: (x) => x.officialDuty },
      { header: r.colUnrecorded, width: 14, value: (x) => x.unrecorded },
      { header: r.colRate, width: 9, value: (x) => x.rate },
    ],
    report.items,
  );
  sheet<Dept>(
    r.sheetDepartments,
    [
      { header: r.colDepartment, width: 30, value: (x) => x.name },
      { header: r.colStaff, width: 8, value: (x) => x.staff },
      { header: r.colPresent, width: 10, value: (x) => x.present },
      { header: r.colLate, width: 8, value: (x) => x.late },
      { header: r.colAbsent, width: 10, value: (x) => x.absent },
      { header: r.colRate, width: 9, value: (x) => x.rate },
    ],
    report.departments,
  );
  reply.header('content-type', CONTENT_TYPES.xlsx);
  reply.header('content-disposition', `attachment; filename="${staffReportFileBase(report)}.xlsx"`);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}
