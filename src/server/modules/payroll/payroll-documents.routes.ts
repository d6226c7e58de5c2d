import { monthName } from '../../../shared/dates.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankFileQuery,
  bankFilesResponse,
  emailPayslipsBody,
  emailPayslipsResponse,
  myPayslipsResponse,
  payrollYearQuery,
  ytdResponse,
} from '../../../shared/contracts/payroll-documents.js';
import { schoolToday } from '../../../shared/dates.js';
import { payrollDocumentsMessages as m } from '../../../shared/messages/payroll-documents.js';
import { loadLetterhead, sendPdf } from '../../lib/pdf.js';
import { accountLocale, schoolDefaultLocale } from '../../lib/recipient-locale.js';
import { withLocale } from '../../lib/request-locale.js';
import { sendSpreadsheet } from '../../lib/spreadsheet.js';
import { notFound } from '../../errors.js';
import { actorOf } from '../../plugins/access.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import type { Tx } from '../../db/tenant.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { p9Pdf } from './p9.js';
import { listStaffLocales } from './payroll.repository.js';
import {
  approvedLinesOfYear,
  loadEmployerNumbers,
  loadLines,
  loadRun,
  markPayslipEmailed,
  myLine,
  myPayslips,
  myStaffRecord,
  requireApproved,
  staffForP9,
  ytdForLines,
  type LineRow,
  type RunRow,
} from './payroll-documents.service.js';
import { bankFileColumns, bankKeyOf, bankSummary, journalColumns, journalRows, nssfColumns, p10AhlColumns, p10Columns, runFileName, shifColumns, ytdColumns, ytdReport } from './payroll-returns.js';
import { payslipsPdf } from './payslip-pdf.js';
import { auditSchool, inSchool } from '../../lib/school-context.js';

const runParams = z.object({ id: z.string() });
const payslipParams = z.object({ id: z.string(), staffId: z.string() });
const staffParams = z.object({ staffId: z.string() });
const lineParams = z.object({ lineId: z.string() });
const uuidLike = (v: string) => /^[0-9a-f-]{36}$/i.test(v);

/** A mail with file attachments (nodemailer's shape; see the report: MailMessage gains `attachments`). */
/**
 * Payslips, My Payslips, bank files and statutory returns (issue 14 §3). Every document prints from
 * the stored payroll lines (figures, breakdown, staff snapshot), never recomputed.
 *
 * HR of the school (managePayroll; other roles 403; another school's run 404):
 *   GET  /api/payroll/runs/:id/payslips/:staffId.pdf   one payslip (draft runs too, watermarked DRAFT)
 *   GET  /api/payroll/runs/:id/payslips.pdf            every payslip of the run, one page each
 *   POST /api/payroll/runs/:id/payslips/email { resend? } → { sent, skipped, withoutEmail } (approved only)
 *   GET  /api/payroll/runs/:id/bank-files               → { items: [{ bank, bankName, count, total }] }
 *   GET  /api/payroll/runs/:id/bank-file.csv?bank=      one bank's transfer file (code or 'mpesa')
 *   GET  /api/payroll/runs/:id/p10.csv | p10-ahl.csv | nssf.csv | shif.csv   statutory returns
 *   GET  /api/payroll/runs/:id/journal.xlsx             the payroll journal with totals
 *   GET  /api/payroll/ytd?year= (JSON) and /api/payroll/ytd.xlsx?year=   year-to-date per staff
 *   GET  /api/payroll/p9/:staffId.pdf?year=             the P9A of a member of staff
 * Returns, bank files, journal and e-mailing need an approved run: 409 RUN_NOT_APPROVED otherwise.
 *
 * The member of staff themself (staffSelfService; found by staff_members.profile_id):
 *   GET /api/me/payslips → { hasStaffRecord, items } from APPROVED runs, newest first
 *   GET /api/me/payslips/:lineId.pdf   only their own line (anyone else's: 404)
 *   GET /api/me/p9.pdf?year=           their P9A (404 when the year has no approved line)
 */
export async function payrollDocumentsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['payroll'];
  const hr = { permission: 'managePayroll' as const };

  /** One payslip of a run (HR). 404 when the member of staff has no line in the run. */
  r.get('/api/payroll/runs/:id/payslips/:staffId.pdf', { config: hr, schema: { params: payslipParams, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const { pdf, name } = await inSchool(database, actor, null, async (tx, schoolId) => {
      const run = await loadRun(tx, schoolId, req.params.id);
      if (!uuidLike(req.params.staffId)) throw notFound(m.payslipNotFound);
      const [line] = await loadLines(tx, run.id, req.params.staffId);
      if (!line) throw notFound(m.payslipNotFound);
      return { pdf: await onePayslip(tx, schoolId, run, line), name: `payslip-${run.month}-${line.staff.staffNumber}` };
    });
    return sendPdf(reply, pdf, name);
  });

  /** Every payslip of a run, one page each (HR; draft runs watermarked). */
  r.get('/api/payroll/runs/:id/payslips.pdf', { config: hr, schema: { params: runParams, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const { pdf, name } = await inSchool(database, actor, null, async (tx, schoolId) => {
      const run = await loadRun(tx, schoolId, req.params.id);
      const lines = await loadLines(tx, run.id);
      const ytd = await ytdForLines(tx, schoolId, run, lines);
      const school = await loadLetterhead(tx, storage, schoolId);
      const employer = await loadEmployerNumbers(tx, schoolId);
      const slips = lines.map((line) => ({ run, line, ytd: ytd.get(line.staffId)! }));
      return { pdf: await payslipsPdf(school, employer, slips, m.pdf.payslipsTitle(monthName(run.month))), name: `payslips-${run.month}` };
    });
    return sendPdf(reply, pdf, name);
  });

  /**
   * E-mails each member of staff with an e-mail address their payslip (approved runs only) and marks
   * the line's emailed_at. Idempotent: lines already e-mailed are skipped unless `resend`. Each line is
   * marked right after its mail is handed over, so a failure part-way leaves the sent ones marked.
   */
  r.post('/api/payroll/runs/:id/payslips/email', { config: hr, schema: { params: runParams, body: emailPayslipsBody, response: { 200: emailPayslipsResponse }, tags } }, async (req) => {
    const actor = actorOf(req);
    const resend = req.body?.resend === true;
    const prepared = await inSchool(database, actor, null, async (tx, schoolId) => {
      const run = await loadRun(tx, schoolId, req.params.id);
      requireApproved(run);
      const lines = await loadLines(tx, run.id);
      const ytd = await ytdForLines(tx, schoolId, run, lines);
      const school = await loadLetterhead(tx, storage, schoolId);
      const employer = await loadEmployerNumbers(tx, schoolId);
      // Each payslip e-mail (and its PDF) in the reader's language: their account's, else the school's default (issue 36 §2).
      const locales = await listStaffLocales(tx, lines.map((l) => l.staffId));
      const schoolLocale = await schoolDefaultLocale(tx, schoolId);
      return { run, lines, ytd, school, employer, schoolId, locales, schoolLocale };
    });
    const { run, lines, ytd, school, employer, schoolId, locales, schoolLocale } = prepared;
    let sent = 0;
    let skipped = 0;
    let withoutEmail = 0;
    for (const line of lines) {
      if (!line.staff.email) {
        withoutEmail += 1;
        continue;
      }
      if (line.emailedAt && !resend) {
        skipped += 1;
        continue;
      }
      const email = line.staff.email;
      const mail: MailMessage = await withLocale(accountLocale(locales.get(line.staffId) ?? schoolLocale), async () => {
        const period = monthName(run.month);
        const pdf = await payslipsPdf(school, employer, [{ run, line, ytd: ytd.get(line.staffId)! }], m.pdf.payslipTitle(period, line.staff.name));
        return {
          to: email,
          subject: m.mail.subject(period, school.name),
          text: m.mail.text(line.staff.name, period, school.name),
          attachments: [{ filename: `payslip-${run.month}-${line.staff.staffNumber}.pdf`, content: pdf, contentType: 'application/pdf' }],
        };
      });
      await deps.mailer.send(mail);
      await inSchool(database, actor, null, (tx) => markPayslipEmailed(tx, line.id));
      sent += 1;
    }
    await inSchool(database, actor, null, (tx) => auditSchool(tx, { actor, schoolId, ip: req.ip }, 'PAYSLIPS_EMAILED', `payroll_run:${run.id}`, null, { month: run.month, sent, skipped, withoutEmail, resend }));
    return { sent, skipped, withoutEmail };
  });

  /** The banks (and M-Pesa) of an approved run with how many staff and the total each transfers. */
  r.get('/api/payroll/runs/:id/bank-files', { config: hr, schema: { params: runParams, response: { 200: bankFilesResponse }, tags } }, async (req) =>
    inSchool(database, actorOf(req), null, async (tx, schoolId) => {
      const run = await loadRun(tx, schoolId, req.params.id);
      requireApproved(run);
      return { items: bankSummary(await loadLines(tx, run.id)) };
    }),
  );

  /** One bank's transfer file of an approved run (?bank=<code>|mpesa); 404 when nobody uses that bank. */
  r.get('/api/payroll/runs/:id/bank-file.csv', { config: hr, schema: { params: runParams, querystring: bankFileQuery, tags } }, async (req, reply) => {
    const { run, lines } = await approvedRunLines(req.params.id, actorOf(req));
    const bank = req.query.bank.toLowerCase() === 'mpesa' ? 'mpesa' : req.query.bank;
    const mine = lines.filter((l) => bankKeyOf(l) === bank);
    if (mine.length === 0) throw notFound(m.noBankLines);
    return sendSpreadsheet(reply, 'csv', `${runFileName('bank', run)}-${bank}`, bankFileColumns(run), mine);
  });

  const returns: [string, string, () => ReturnType<typeof p10Columns>][] = [
    ['p10.csv', 'p10', p10Columns],
    ['p10-ahl.csv', 'p10-ahl', p10AhlColumns],
    ['nssf.csv', 'nssf', nssfColumns],
    ['shif.csv', 'shif', shifColumns],
  ];
  for (const [file, kind, columns] of returns) {
    /** A statutory return of an approved run as CSV (columns: payroll-returns.ts). */
    r.get(`/api/payroll/runs/:id/${file}`, { config: hr, schema: { params: runParams, tags } }, async (req, reply) => {
      const { run, lines } = await approvedRunLines(req.params.id, actorOf(req));
      return sendSpreadsheet(reply, 'csv', runFileName(kind, run), columns(), lines);
    });
  }

  /** The payroll journal of an approved run (Excel): one row per member of staff, then totals. */
  r.get('/api/payroll/runs/:id/journal.xlsx', { config: hr, schema: { params: runParams, tags } }, async (req, reply) => {
    const { run, lines } = await approvedRunLines(req.params.id, actorOf(req));
    return sendSpreadsheet(reply, 'xlsx', runFileName('journal', run), journalColumns, journalRows(lines), `Journal ${run.month}`);
  });

  /** Year-to-date per member of staff over the year's approved runs (JSON). */
  r.get('/api/payroll/ytd', { config: hr, schema: { querystring: payrollYearQuery, response: { 200: ytdResponse }, tags } }, async (req) => ytd(req.query.year, actorOf(req)));

  /** The same year-to-date as Excel. */
  r.get('/api/payroll/ytd.xlsx', { config: hr, schema: { querystring: payrollYearQuery, tags } }, async (req, reply) => {
    const report = await ytd(req.query.year, actorOf(req));
    const total = { staffId: '', staffNumber: '', name: 'TOTAL', kraPin: null, ...report.totals };
    return sendSpreadsheet(reply, 'xlsx', `payroll-ytd-${report.year}`, ytdColumns, [...report.items, total], `YTD ${report.year}`);
  });

  /** The P9A of a member of staff (HR); 404 when they have no approved line that year. */
  r.get('/api/payroll/p9/:staffId.pdf', { config: hr, schema: { params: staffParams, querystring: payrollYearQuery, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const year = req.query.year ?? Number(schoolToday().slice(0, 4));
    const { pdf, name } = await inSchool(database, actor, null, async (tx, schoolId) => {
      const staff = await staffForP9(tx, schoolId, req.params.staffId);
      return p9For(tx, schoolId, staff.id, year);
    });
    return sendPdf(reply, pdf, name);
  });

  /** My payslips from approved runs, newest first. */
  r.get('/api/me/payslips', { config: { permission: 'staffSelfService' }, schema: { response: { 200: myPayslipsResponse }, tags } }, async (req) =>
    inSchool(database, actorOf(req), null, (tx, schoolId) => myPayslips(tx, actorOf(req), schoolId)),
  );

  /** One of my payslips as PDF (anyone else's line, or a line of a run not approved: 404). */
  r.get('/api/me/payslips/:lineId.pdf', { config: { permission: 'staffSelfService' }, schema: { params: lineParams, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const { pdf, name } = await inSchool(database, actor, null, async (tx, schoolId) => {
      const { run, line } = await myLine(tx, actor, schoolId, req.params.lineId);
      return { pdf: await onePayslip(tx, schoolId, run, line), name: `payslip-${run.month}` };
    });
    return sendPdf(reply, pdf, name);
  });

  /** My P9A for a year (404 without a staff record or an approved line that year). */
  r.get('/api/me/p9.pdf', { config: { permission: 'staffSelfService' }, schema: { querystring: payrollYearQuery, tags } }, async (req, reply) => {
    const actor = actorOf(req);
    const year = req.query.year ?? Number(schoolToday().slice(0, 4));
    const { pdf, name } = await inSchool(database, actor, null, async (tx, schoolId) => {
      const me = await myStaffRecord(tx, actor, schoolId);
      if (!me) throw notFound(m.noStaffRecord);
      return p9For(tx, schoolId, me.id, year);
    });
    return sendPdf(reply, pdf, name);
  });

  /**
   * One member of staff's payslip of `run` as a one-page PDF: the run's payslip builder with a single
   * slip, its year-to-date over the year's approved runs before the run's month plus the line itself.
   */
  async function onePayslip(tx: Tx, schoolId: string, run: RunRow, line: LineRow): Promise<Buffer> {
    const ytd = await ytdForLines(tx, schoolId, run, [line]);
    const school = await loadLetterhead(tx, storage, schoolId);
    const employer = await loadEmployerNumbers(tx, schoolId);
    return payslipsPdf(school, employer, [{ run, line, ytd: ytd.get(line.staffId)! }], m.pdf.payslipTitle(monthName(run.month), line.staff.name));
  }

  async function approvedRunLines(runId: string, actor: ReturnType<typeof actorOf>) {
    return inSchool(database, actor, null, async (tx, schoolId) => {
      const run = await loadRun(tx, schoolId, runId);
      requireApproved(run);
      return { run, lines: await loadLines(tx, run.id) };
    });
  }

  async function ytd(year: number | undefined, actor: ReturnType<typeof actorOf>) {
    const y = year ?? Number(schoolToday().slice(0, 4));
    return inSchool(database, actor, null, async (tx, schoolId) => {
      const rows = await approvedLinesOfYear(tx, schoolId, y);
      return ytdReport(
        y,
        rows.map((x) => ({ line: x.line, month: x.month })),
      );
    });
  }

  async function p9For(tx: Parameters<Parameters<typeof inSchool>[3]>[0], schoolId: string, staffId: string, year: number) {
    const rows = await approvedLinesOfYear(tx, schoolId, year, { staffIds: [staffId] });
    if (rows.length === 0) throw notFound(m.noP9Lines);
    const school = await loadLetterhead(tx, storage, schoolId);
    const employer = await loadEmployerNumbers(tx, schoolId);
    const pdf = await p9Pdf(school, employer, { year, lines: rows.map((x) => ({ month: x.month, line: x.line })) });
    return { pdf, name: `P9-${year}-${rows.at(-1)!.line.staff.staffNumber}` };
  }
}
