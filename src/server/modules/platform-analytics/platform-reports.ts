import type { FastifyReply } from 'fastify';
import type { AuditReportQuery, Period } from '../../../shared/contracts/platform-analytics.js';
import { centsToKes } from '../../../shared/money.js';
import { AUDIT_EXPORT_CAP, MODULE_LABELS, platformAnalyticsMessages as msg, type PlatformModule } from '../../../shared/messages/platform-analytics.js';
import { createDocument, drawLetterhead, drawTable, formatDay, formatGeneratedAt, renderPdf, sendPdf, type Letterhead, type TableColumn } from '../../lib/pdf.js';
import { sendSpreadsheet, type ExportColumn } from '../../lib/spreadsheet.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import * as repo from './platform-analytics.repository.js';
import { iso, resolvePeriod } from './platform-analytics.service.js';

/**
 * System reports for EduFam staff (issue 18 §3 "System reports as PDF and Excel: schools list, usage
 * by school, audit extracts"; the billing statement is the billing module's). Each report is built
 * from the same rows for both formats: the PDF (A4, EduFam's letterhead from platform_company, page
 * numbers, landscape for the wide ones) and the Excel sheet (bold frozen header, filters; money in KES
 * with two decimals). The audit extract holds at most AUDIT_EXPORT_CAP (50,000) entries, newest first,
 * in Excel and AUDIT_PDF_CAP (5,000) in a PDF, with a note saying so when the cap cut it.
 */

export const AUDIT_PDF_CAP = 5_000;
const c = msg.reports.cols;
type Format = 'pdf' | 'xlsx';

async function letterheadOf(tx: Tx): Promise<Letterhead> {
  const co = await repo.companyRow(tx);
  return { name: co?.name ?? msg.reports.platform, motto: null, address: co?.address ?? null, county: null, phone: co?.phone ?? null, email: co?.email ?? null, logo: null };
}

interface Column<T> {
  header: string;
  width: number;
  align?: 'left' | 'right';
  /** What the PDF prints (defaults to `value`). */
  text?: (row: T) => string | number | null;
  value: (row: T) => string | number | null;
}

/** Sends one report in the format asked for, from one set of rows and columns. */
async function sendReport<T>(
  tx: Tx,
  reply: FastifyReply,
  format: Format,
  r: { title: string; file: string; sheet: string; lines: string[]; columns: Column<T>[]; rows: readonly T[]; landscape?: boolean; note?: string | null },
): Promise<FastifyReply> {
  if (format === 'xlsx') {
    const cols: ExportColumn<T>[] = r.columns.map((col) => ({ header: col.header, width: Math.max(10, Math.round(col.width * 1.6)), value: col.value }));
    return sendSpreadsheet(reply, 'xlsx', r.file, cols, r.rows, r.sheet);
  }
  const head = await letterheadOf(tx);
  const doc = createDocument({ title: r.title, layout: r.landscape ? 'landscape' : 'portrait' });
  const lines = [...r.lines, msg.reports.rows(r.rows.length)];
  let y = drawLetterhead(doc, head, { title: r.title, lines });
  if (r.note) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#b91c1c');
    doc.text(r.note, doc.page.margins.left, y, { width: doc.page.width - doc.page.margins.left - doc.page.margins.right, align: 'center' });
    y = doc.y + 8;
  }
  const pdfCols: TableColumn<T>[] = r.columns.map((col) => ({ header: col.header, width: col.width, align: col.align, value: (row) => (col.text ?? col.value)(row) }));
  drawTable(doc, pdfCols, r.rows, { y, fontSize: 8, emptyText: msg.reports.none, onNewPage: (d) => drawLetterhead(d, head, { compact: true, title: r.title }) });
  const pdf = await renderPdf(doc, { footerNote: head.name });
  return sendPdf(reply, pdf, r.file);
}

const kes = (cents: number) => centsToKes(cents);
const kesText = (cents: number) => centsToKes(cents).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const statusLabel = (s: string) => msg.reports.statusLabels[s] ?? s;

/** GET /api/platform/reports/schools: every school with its county, curriculum, status, learners, staff and creation date. */
export async function schoolsReport(tx: Tx, reply: FastifyReply, format: Format) {
  const rows = await repo.schoolRows(tx);
  const columns: Column<repo.SchoolRow>[] = [
    { header: c.name, width: 26, value: (s) => s.name },
    { header: c.code, width: 10, value: (s) => s.code },
    { header: c.county, width: 12, value: (s) => s.county ?? '' },
    { header: c.curriculum, width: 10, value: (s) => s.curriculum },
    { header: c.status, width: 9, value: (s) => statusLabel(s.status) },
    { header: c.learners, width: 9, align: 'right', value: (s) => s.learners },
    { header: c.staff, width: 8, align: 'right', value: (s) => s.staff },
    { header: c.created, width: 11, value: (s) => iso(s.created_at).slice(0, 10), text: (s) => formatDay(iso(s.created_at).slice(0, 10)) },
  ];
  return sendReport(tx, reply, format, {
    title: msg.reports.schoolsTitle,
    file: msg.reports.schoolsFile,
    sheet: msg.reports.schoolsSheet,
    lines: [formatGeneratedAt(new Date())],
    columns,
    rows,
  });
}

interface UsageRow {
  name: string;
  code: string;
  users: number;
  logins: number;
  modules: PlatformModule[];
  messages: number;
  feeCents: number;
  feeCount: number;
}

/** Usage per school over the period (built from set-based statements, merged by school). */
export async function usageRows(tx: Tx, period: Period): Promise<UsageRow[]> {
  const schools = await repo.schoolRows(tx);
  const usage = new Map((await repo.usageBySchool(tx, period.from, period.to)).map((u) => [u.school_id, u]));
  const messages = new Map((await repo.messagesBySchool(tx, period.from, period.to)).map((x) => [x.school_id, x]));
  const modules = new Map<string, PlatformModule[]>();
  for (const u of await repo.moduleUse(tx, period.from, period.to)) modules.set(u.school_id, [...(modules.get(u.school_id) ?? []), u.module]);
  return schools.map((s) => {
    const u = usage.get(s.id);
    const mm = messages.get(s.id);
    return {
      name: s.name,
      code: s.code,
      users: u?.users ?? 0,
      logins: u?.logins ?? 0,
      modules: modules.get(s.id) ?? [],
      messages: mm ? mm.sms + mm.email + mm.announcements + mm.conversation_messages : 0,
      feeCents: Number(u?.fee_amount ?? 0),
      feeCount: u?.fee_count ?? 0,
    };
  });
}

/** GET /api/platform/reports/usage?from&to: active users, sign-in days, modules used, messages and fees per school. */
export async function usageReport(tx: Tx, reply: FastifyReply, q: { from?: string; to?: string; format: Format }) {
  const period = resolvePeriod(q);
  const rows = await usageRows(tx, period);
  const columns: Column<UsageRow>[] = [
    { header: c.name, width: 22, value: (r) => r.name },
    { header: c.code, width: 9, value: (r) => r.code },
    { header: c.activeUsers, width: 8, align: 'right', value: (r) => r.users },
    { header: c.logins, width: 8, align: 'right', value: (r) => r.logins },
    { header: c.modulesCount, width: 6, align: 'right', value: (r) => r.modules.length },
    { header: c.modulesUsed, width: 34, value: (r) => r.modules.map((x) => MODULE_LABELS[x]).join(', ') },
    { header: c.messages, width: 8, align: 'right', value: (r) => r.messages },
    { header: c.feeCount, width: 8, align: 'right', value: (r) => r.feeCount },
    { header: c.feeVolume, width: 13, align: 'right', value: (r) => kes(r.feeCents), text: (r) => kesText(r.feeCents) },
  ];
  return sendReport(tx, reply, q.format, {
    title: msg.reports.usageTitle,
    file: msg.reports.usageFile(period.from, period.to),
    sheet: msg.reports.usageSheet,
    lines: [msg.reports.period(formatDay(period.from), formatDay(period.to))],
    columns,
    rows,
    landscape: true,
  });
}

const eat = (v: string | Date) => formatGeneratedAt(new Date(iso(v))).replace(/ EAT$/, '');

/** GET /api/platform/reports/audit?from&to&schoolId&action: the audit extract, newest first, capped (see the module docstring). */
export async function auditReport(tx: Tx, reply: FastifyReply, q: AuditReportQuery) {
  const period = resolvePeriod(q);
  const cap = q.format === 'pdf' ? AUDIT_PDF_CAP : AUDIT_EXPORT_CAP;
  const schoolName = q.schoolId ? ((await repo.schoolRows(tx, q.schoolId))[0]?.name ?? null) : null;
  if (q.schoolId && !schoolName) throw notFound(msg.api.schoolNotFound);
  const rows = await repo.auditRows(tx, { from: period.from, to: period.to, schoolId: q.schoolId, action: q.action }, cap + 1);
  const capped = rows.length > cap;
  if (capped) rows.length = cap;
  const filters = [schoolName, q.action ? `${c.action}: ${q.action}*` : null].filter(Boolean).join(' · ');
  const columns: Column<AuditLine>[] = [
    { header: c.when, width: 14, value: (r) => r.note ?? iso(r.created_at), text: (r) => eat(r.created_at) },
    { header: c.school, width: 16, value: (r) => (r.note !== undefined ? '' : (r.school ?? msg.reports.platformWide)) },
    { header: c.action, width: 18, value: (r) => r.action },
    { header: c.user, width: 18, value: (r) => [r.user_name, r.user_email].filter(Boolean).join(' · ') },
    { header: c.role, width: 10, value: (r) => r.role ?? '' },
    { header: c.target, width: 14, value: (r) => r.target ?? '' },
    { header: c.result, width: 6, value: (r) => (r.note !== undefined ? '' : r.success ? c.ok : c.failed) },
    { header: c.ip, width: 10, value: (r) => r.ip ?? '' },
  ];
  if (capped) reply.header('x-report-capped', String(cap));
  return sendReport(tx, reply, q.format, {
    title: msg.reports.auditTitle,
    file: msg.reports.auditFile(period.from, period.to),
    sheet: msg.reports.auditSheet,
    lines: [msg.reports.period(formatDay(period.from), formatDay(period.to)), msg.reports.filtered(filters || msg.reports.allSchools)],
    columns,
    rows: capped && q.format === 'xlsx' ? [...rows, capNoteRow(msg.reports.capped(cap))] : rows,
    landscape: true,
    note: capped ? msg.reports.capped(cap) : null,
  });
}

/** An audit row; `note` marks the last row of a capped Excel extract (the note in the first column). */
type AuditLine = repo.AuditRow & { note?: string };
const capNoteRow = (note: string): AuditLine => ({ note, created_at: new Date(0), school: '', action: '', role: null, user_name: null, user_email: null, target: null, success: true, ip: null });
