import { monthName } from '../../../shared/dates.js';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Actor } from '../../../shared/access.js';
import type { HrSummaryResponse } from '../../../shared/contracts/hr-reports.js';
import { EMPLOYMENT_TYPE_LABELS, EMPLOYER_LABELS, EXIT_TYPE_LABELS, hrReportsMessages as msg } from '../../../shared/messages/hr-reports.js';
import { formatKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { createDocument, drawLetterhead, drawTable, formatDay, loadLetterhead, renderPdf, sendPdf, type TableColumn } from '../../lib/pdf.js';
import { addSheetRow, CONTENT_TYPES } from '../../lib/spreadsheet.js';
import type { FileStorage } from '../../storage/storage.js';
import type { HrSummary } from './hr-reports.service.js';
import { inSchool } from '../../lib/school-context.js';

/**
 * HR reports as documents (issue 14 §4 "PDF and Excel"): the same tables the HR Reports screen shows.
 * The PDF (A4 landscape) has the school's letterhead, a heading per table and "Page n of m" on every
 * page; the workbook has one sheet per table with money as numbers (KES, two decimals). Files are named
 * hr-reports-<from>-to-<to>.
 */

const r = msg.reports;
type Summary = HrSummaryResponse;
type Person = Summary['joiners']['items'][number];
type Leaver = Summary['leavers']['items'][number];
type Contract = Summary['contractsEnding']['items'][number];
type LeaveRow = Summary['leave']['byType'][number];
type PayRow = Summary['payroll']['months'][number];
type AttRow = Summary['attendance']['byMonth'][number];

/** hr-reports-2026-01-01-to-2026-11-26, without the extension. */
export function hrReportsFileBase(s: Pick<Summary, 'from' | 'to'>): string {
  return `hr-reports-${s.from}-to-${s.to}`;
}


const kes = (n: number) => formatKes(Math.round(n * 100));
const rate = (v: number | null) => (v === null ? msg.dash : v.toFixed(1));
const typeLabel = (t: string) => EMPLOYMENT_TYPE_LABELS[t] ?? t;
const employerLabel = (e: string) => EMPLOYER_LABELS[e] ?? e;

/** One headcount group's rows with a "Group" column, for the single headcount sheet and table. */
function headcountRows(s: Summary): { group: string; label: string; count: number }[] {
  const h = s.headcount;
  return [
    ...h.byDepartment.map((x) => ({ group: r.byDepartment, label: x.label, count: x.count })),
    ...h.byEmploymentType.map((x) => ({ group: r.byEmploymentType, label: x.label, count: x.count })),
    ...h.byGender.map((x) => ({ group: r.byGender, label: x.label, count: x.count })),
    ...h.byEmployer.map((x) => ({ group: r.byEmployer, label: x.label, count: x.count })),
  ];
}

/** GET /api/hr-reports/export.pdf → every HR report of the period as an A4 landscape PDF with the letterhead. */
export async function hrReportsPdf(reply: FastifyReply, database: Database, storage: FileStorage, actor: Actor, s: HrSummary): Promise<FastifyReply> {
  const school = await inSchool(database, actor, s.schoolId, (tx, sid) => loadLetterhead(tx, storage, sid));
  const period = r.periodLine(formatDay(s.from), formatDay(s.to));
  const doc = createDocument({ title: `${r.title}: ${period}`, layout: 'landscape', margin: 32 });
  let y = drawLetterhead(doc, school, { title: r.title, lines: [period] });
  const onNewPage = (d: PDFKit.PDFDocument) => drawLetterhead(d, school, { compact: true, title: r.title });
  const heading = (title: string, note?: string) => {
    if (y + 80 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = onNewPage(doc);
    }
    doc.font('Helvetica-Bold').fontSize(11.5).fillColor('#0f766e').text(title, doc.page.margins.left, y);
    y = doc.y + 1;
    if (note) {
      doc.font('Helvetica').fontSize(8.5).fillColor('#4b5563').text(note, doc.page.margins.left, y);
      y = doc.y;
    }
    y += 3;
  };
  const table = <T>(columns: TableColumn<T>[], rows: readonly T[], emptyText: string) => {
    y = drawTable(doc, columns, rows, { y, fontSize: 8.5, emptyText, onNewPage }) + 6;
  };

  heading(`${r.headcountTitle}: ${r.staffCount(s.headcount.total)}`, r.headcountHint);
  table<{ group: string; label: string; count: number }>(
    [
      { header: r.colGroup, width: 6, value: (x) => x.group },
      { header: r.colValue, width: 10, value: (x) => x.label },
      { header: r.colStaff, width: 3, align: 'right', value: (x) => x.count },
      { header: r.colShare, width: 3, align: 'right', value: (x) => (s.headcount.total ? `${((x.count / s.headcount.total) * 100).toFixed(1)}%` : msg.dash) },
    ],
    headcountRows(s),
    r.headcountHint,
  );

  const personColumns = <T extends Person | Leaver | Contract>(extra: TableColumn<T>[]): TableColumn<T>[] => [
    { header: r.colStaffNumber, width: 4, value: (x) => x.staffNumber },
    { header: r.colName, width: 9, value: (x) => x.name },
    { header: r.colDepartment, width: 6, value: (x) => x.department ?? msg.noDepartment },
    { header: r.colJobTitle, width: 7, value: (x) => x.jobTitle },
    { header: r.colEmploymentType, width: 4, value: (x) => typeLabel(x.employmentType) },
    { header: r.colEmployer, width: 5, value: (x) => employerLabel(x.employer) },
    ...extra,
  ];
  heading(`${r.joinersTitle}: ${s.joiners.count}`);
  table<Person>(personColumns<Person>([{ header: r.colStartDate, width: 4, value: (x) => formatDay(x.startDate) }]), s.joiners.items, r.joinersEmpty);
  heading(`${r.leaversTitle}: ${s.leavers.count}`);
  table<Leaver>(
    personColumns<Leaver>([
      { header: r.colExitDate, width: 4, value: (x) => formatDay(x.exitDate) },
      { header: r.colExitType, width: 4, value: (x) => (x.exitType ? (EXIT_TYPE_LABELS[x.exitType] ?? x.exitType) : msg.dash) },
    ]),
    s.leavers.items,
    r.leaversEmpty,
  );

  heading(r.leaveTitle, r.leaveHint);
  table<LeaveRow>(
    [
      { header: r.colLeaveType, width: 10, value: (x) => x.name },
      { header: r.colDays, width: 3, align: 'right', value: (x) => x.days },
      { header: r.colRequests, width: 3, align: 'right', value: (x) => x.requests },
      { header: r.colPeople, width: 3, align: 'right', value: (x) => x.staff },
    ],
    s.leave.byType,
    r.leaveEmpty,
  );

  heading(r.payrollTitle, r.payrollHint);
  const payTotal: PayRow = { month: r.total, ...s.payroll.totals };
  table<PayRow>(
    [
      { header: r.colMonth, width: 5, value: (x) => (x.month === r.total ? r.total : monthName(x.month)) },
      { header: r.colStaff, width: 2.5, align: 'right', value: (x) => (x.month === r.total ? '' : x.staffCount) },
      { header: r.colGross, width: 5, align: 'right', value: (x) => kes(x.gross) },
      { header: r.colPaye, width: 4.5, align: 'right', value: (x) => kes(x.paye) },
      { header: r.colNssf, width: 4, align: 'right', value: (x) => kes(x.nssf) },
      { header: r.colShif, width: 4, align: 'right', value: (x) => kes(x.shif) },
      { header: r.colAhl, width: 4, align: 'right', value: (x) => kes(x.ahl) },
      { header: r.colOther, width: 4.5, align: 'right', value: (x) => kes(x.otherDeductions) },
      { header: r.colNet, width: 5, align: 'right', value: (x) => kes(x.net) },
      { header: r.colEmployerCost, width: 5, align: 'right', value: (x) => kes(x.employerCost) },
    ],
    s.payroll.months.length ? [...s.payroll.months, payTotal] : [],
    r.payrollEmpty,
  );

  heading(r.componentsTitle, r.componentsHint);
  type CompRow = { code: string; name: string; total: number };
  table<CompRow>(
    [
      { header: r.colComponent, width: 7, value: (x) => x.name },
      ...s.payroll.byComponent.map((mo) => ({ header: monthName(mo.month), width: 4, align: 'right' as const, value: (x: CompRow) => kes(mo.amounts[x.code] ?? 0) })),
      { header: r.total, width: 4.5, align: 'right', value: (x) => kes(x.total) },
    ],
    s.payroll.components,
    r.payrollEmpty,
  );

  heading(`${r.attendanceTitle}: ${rate(s.attendance.rate)}%`, r.attendanceHint);
  const attTotal: AttRow = { month: r.total, ...s.attendance };
  table<AttRow>(
    [
      { header: r.colMonth, width: 6, value: (x) => (x.month === r.total ? r.total : monthName(x.month)) },
      { header: r.colMarked, width: 3, align: 'right', value: (x) => x.marked },
      { header: r.colPresent, width: 3, align: 'right', value: (x) => x.present },
      { header: r.colLate, width: 3, align: 'right', value: (x) => x.late },
      { header: r.colAbsent, width: 3, align: 'right', value: (x) => x.absent },
      { header: r.colOnLeave, width: 3, align: 'right', value: (x) => x.onLeave },
      { header: r.colOfficialDuty, width: 3, align: 'right', value: (x) => x.officialDuty },
      { header: r.colRate, width: 3, align: 'right', value: (x) => rate(x.rate) },
    ],
    s.attendance.byMonth.length ? [...s.attendance.byMonth, attTotal] : [],
    r.attendanceEmpty,
  );

  const c = s.contractsEnding;
  heading(`${r.contractsTitle}: ${r.within(30)} ${c.within30} · ${r.within(60)} ${c.within60} · ${r.within(90)} ${c.within90}`, r.contractsHint);
  table<Contract>(
    personColumns<Contract>([
      { header: r.colContractEnd, width: 4, value: (x) => formatDay(x.contractEnd) },
      { header: r.colDaysLeft, width: 3, align: 'right', value: (x) => x.daysLeft },
    ]),
    c.items,
    r.contractsEmpty,
  );

  return sendPdf(reply, await renderPdf(doc, { footerNote: school.name }), hrReportsFileBase(s));
}

type SheetColumn<T> = { header: string; width: number; value: (x: T) => string | number | null; money?: boolean };

/** GET /api/hr-reports/export.xlsx → a workbook with one sheet per table (money as numbers, KES 0.00). */
export async function hrReportsXlsx(reply: FastifyReply, s: HrSummary): Promise<FastifyReply> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const sheet = <T>(name: string, columns: SheetColumn<T>[], rows: readonly T[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((col) => ({ header: col.header, width: col.width, style: col.money ? { numFmt: '#,##0.00' } : undefined }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) addSheetRow(ws, columns.map((col) => col.value(row)));
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  };
  const person = <T extends Person | Leaver | Contract>(extra: SheetColumn<T>[]): SheetColumn<T>[] => [
    { header: r.colStaffNumber, width: 14, value: (x) => x.staffNumber },
    { header: r.colName, width: 30, value: (x) => x.name },
    { header: r.colDepartment, width: 20, value: (x) => x.department ?? '' },
    { header: r.colJobTitle, width: 24, value: (x) => x.jobTitle },
    { header: r.colEmploymentType, width: 16, value: (x) => typeLabel(x.employmentType) },
    { header: r.colEmployer, width: 20, value: (x) => employerLabel(x.employer) },
    ...extra,
  ];

  sheet(
    r.sheetHeadcount,
    [
      { header: r.colGroup, width: 20, value: (x: { group: string }) => x.group },
      { header: r.colValue, width: 26, value: (x: { label: string }) => x.label },
      { header: r.colStaff, width: 10, value: (x: { count: number }) => x.count },
    ],
    headcountRows(s),
  );
  sheet<Person>(r.sheetJoiners, person<Person>([{ header: r.colStartDate, width: 12, value: (x) => x.startDate }]), s.joiners.items);
  sheet<Leaver>(
    r.sheetLeavers,
    person<Leaver>([
      { header: r.colExitDate, width: 12, value: (x) => x.exitDate },
      { header: r.colExitType, width: 16, value: (x) => (x.exitType ? (EXIT_TYPE_LABELS[x.exitType] ?? x.exitType) : '') },
    ]),
    s.leavers.items,
  );
  sheet<LeaveRow>(
    r.sheetLeave,
    [
      { header: r.colLeaveType, width: 24, value: (x) => x.name },
      { header: r.colDays, width: 10, value: (x) => x.days },
      { header: r.colRequests, width: 10, value: (x) => x.requests },
      { header: r.colPeople, width: 10, value: (x) => x.staff },
    ],
    s.leave.byType,
  );
  sheet<PayRow>(
    r.sheetPayroll,
    [
      { header: r.colMonth, width: 10, value: (x) => x.month },
      { header: r.colStaff, width: 8, value: (x) => x.staffCount },
      { header: `${r.colGross} (KES)`, width: 16, money: true, value: (x) => x.gross },
      { header: `${r.colPaye} (KES)`, width: 14, money: true, value: (x) => x.paye },
      { header: `${r.colNssf} (KES)`, width: 14, money: true, value: (x) => x.nssf },
      { header: `${r.colShif} (KES)`, width: 14, money: true, value: (x) => x.shif },
      { header: `${r.colAhl} (KES)`, width: 14, money: true, value: (x) => x.ahl },
      { header: `${r.colOther} (KES)`, width: 18, money: true, value: (x) => x.otherDeductions },
      { header: `${r.colNet} (KES)`, width: 16, money: true, value: (x) => x.net },
      { header: `${r.colEmployerCost} (KES)`, width: 18, money: true, value: (x) => x.employerCost },
    ],
    s.payroll.months,
  );
  type CompMonth = Summary['payroll']['byComponent'][number];
  sheet<CompMonth>(
    r.sheetComponents,
    [
      { header: r.colMonth, width: 10, value: (x) => x.month },
      ...s.payroll.components.map((comp) => ({ header: `${comp.name} (KES)`, width: 18, money: true, value: (x: CompMonth) => x.amounts[comp.code] ?? 0 })),
    ],
    s.payroll.byComponent,
  );
  sheet<AttRow>(
    r.sheetAttendance,
    [
      { header: r.colMonth, width: 10, value: (x) => x.month },
      { header: r.colMarked, width: 12, value: (x) => x.marked },
      { header: r.colPresent, width: 10, value: (x) => x.present },
      { header: r.colLate, width: 8, value: (x) => x.late },
      { header: r.colAbsent, width: 10, value: (x) => x.absent },
      { header: r.colOnLeave, width: 10, value: (x) => x.onLeave },
      { header: r.colOfficialDuty, width: 14, value: (x) => x.officialDuty },
      { header: r.colRate, width: 9, value: (x) => x.rate },
    ],
    s.attendance.byMonth,
  );
  sheet<Contract>(
    r.sheetContracts,
    person<Contract>([
      { header: r.colContractEnd, width: 14, value: (x) => x.contractEnd },
      { header: r.colDaysLeft, width: 10, value: (x) => x.daysLeft },
    ]),
    s.contractsEnding.items,
  );

  reply.header('content-type', CONTENT_TYPES.xlsx);
  reply.header('content-disposition', `attachment; filename="${hrReportsFileBase(s)}.xlsx"`);
  reply.header('cache-control', 'no-store');
  return reply.send(Buffer.from(await wb.xlsx.writeBuffer()));
}
