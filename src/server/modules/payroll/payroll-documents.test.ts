import ExcelJS from 'exceljs';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, createTestApp, profileIdOf, schoolIdOf, signIn, system, type TestApp } from '../../../../tests/helpers.js';
import type { BankFilesResponse, EmailPayslipsResponse, MyPayslipsResponse, YtdResponse } from '../../../shared/contracts/payroll-documents.js';
import { formatKes } from '../../../shared/money.js';
import { payrollLines, payrollRuns, profiles, staffMembers } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { demoPayrollMonths } from '../../seed/demo-calendar.js';
import { formatMonth, schoolToday } from '../../../shared/dates.js';

/** The demo's approved runs: the three months before today's (seed/hr.ts); this month has no run yet. */
const [M1, M2, M3] = demoPayrollMonths(schoolToday()) as [string, string, string];
const THIS_MONTH = schoolToday().slice(0, 7);

/**
 * Payroll documents (issue 14 §3): payslip PDFs (one, bulk, draft watermark, e-mailed once), bank files,
 * KRA P10 with the Housing Levy sheet, NSSF and SHIF returns, the journal, year-to-date, the P9A and
 * My Payslips, all printed from the demo's stored lines (approved runs: the three months before today's). Access: HR of the
 * school; the staff member reads only their own; other roles 403; another school's run 404.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let octRun: typeof payrollRuns.$inferSelect;
let octLines: (typeof payrollLines.$inferSelect)[];
let teacherStaffId: string;
let teacherLine: typeof payrollLines.$inferSelect;
let otherLine: typeof payrollLines.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  greenhill = await schoolIdOf(t.database, 'greenhill');
  for (const [who, email] of Object.entries({ hr: DEMO.greenhill.hr, principal: DEMO.greenhill.principal, teacher: DEMO.greenhill.teacher, finance: DEMO.greenhill.finance, rsHr: DEMO.riverside.hr })) {
    cookie[who] = await signIn(t.app, email, 'school');
  }
  const teacherProfile = await profileIdOf(t.database, DEMO.greenhill.teacher);
  await system(t.database, async (tx) => {
    [octRun] = await tx.select().from(payrollRuns).where(and(eq(payrollRuns.schoolId, greenhill), eq(payrollRuns.month, M3)));
    octLines = await tx.select().from(payrollLines).where(eq(payrollLines.runId, octRun.id));
    const [me] = await tx.select().from(staffMembers).where(eq(staffMembers.profileId, teacherProfile));
    teacherStaffId = me!.id;
  });
  teacherLine = octLines.find((l) => l.staffId === teacherStaffId)!;
  otherLine = octLines.find((l) => l.staffId !== teacherStaffId)!;
});
afterAll(async () => {
  await t?.close();
});

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookie[who]! } });
const post = (who: string, url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: { cookie: cookie[who]! }, payload: payload as Record<string, unknown> | undefined });
const csvLines = (body: string) => body.replace(/^\ufeff/, '').trimEnd().split('\r\n');

describe('payslip PDFs', () => {
  it('gives HR one payslip printed from the stored line: net pay, PAYE and the staff details', async () => {
    expect(teacherLine, 'the demo teacher has an October line').toBeTruthy();
    const res = await get('hr', `/api/payroll/runs/${octRun.id}/payslips/${teacherStaffId}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`KES ${formatKes(teacherLine.netCents)}`);
    expect(pdf.text).toContain(formatKes(teacherLine.payeCents));
    expect(pdf.text).toContain(teacherLine.staff.name);
    expect(pdf.text).toContain(formatMonth(M3));
    expect(pdf.text).toContain('NSSF Tier I');
    expect(pdf.text).toContain(`YEAR TO DATE (${M3.slice(0, 4)})`);
    expect(pdf.text).not.toContain('DRAFT');
  });

  it("gives HR any one employee's payslip of the run as one page named after the month and staff number", async () => {
    const res = await get('hr', `/api/payroll/runs/${octRun.id}/payslips/${otherLine.staffId}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`payslip-${M3}-${otherLine.staff.staffNumber.replace(/[^\w.\- ]+/g, '_')}.pdf`);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(otherLine.staff.name);
    expect(pdf.text).toContain(`KES ${formatKes(otherLine.netCents)}`);
    expect(pdf.text).not.toContain(teacherLine.staff.name);
  });

  it('answers 404 for a member of staff with no line in the run: another school\'s, not paid this month, or a bad id', async () => {
    const riverside = await schoolIdOf(t.database, 'riverside');
    const paid = new Set(octLines.map((l) => l.staffId));
    const [rsStaff, unpaid] = await system(t.database, async (tx) => [
      (await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.schoolId, riverside)).limit(1))[0]!,
      (await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.schoolId, greenhill))).find((x) => !paid.has(x.id)),
    ]);
    expect(unpaid, 'a Greenhill member of staff without an October line (TSC)').toBeTruthy();
    for (const staffId of [rsStaff.id, unpaid!.id, 'not-a-staff-id']) {
      const res = await get('hr', `/api/payroll/runs/${octRun.id}/payslips/${staffId}.pdf`);
      expect(res.statusCode, staffId).toBe(404);
      expect(res.json().error.message).toBe('Payslip not found.');
    }
  });

  it('prints every payslip of a run, one page each', async () => {
    const res = await get('hr', `/api/payroll/runs/${octRun.id}/payslips.pdf`);
    expect(res.statusCode).toBe(200);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.pages).toBe(octLines.length);
    expect(pdf.text).toContain(otherLine.staff.name);
  });

  it('watermarks a draft run DRAFT and keeps returns and e-mail for approved runs (409)', async () => {
    const draft = await system(t.database, async (tx) => {
      const [run] = await tx
        .insert(payrollRuns)
        .values({ schoolId: greenhill, month: THIS_MONTH, payDate: `${THIS_MONTH}-28`, status: 'draft', settings: octRun.settings, staffCount: 1 })
        .returning();
      const { id: _id, runId: _r, createdAt: _c, emailedAt: _e, ...copy } = teacherLine;
      await tx.insert(payrollLines).values({ ...copy, runId: run!.id });
      return run!;
    });
    try {
      const res = await get('hr', `/api/payroll/runs/${draft.id}/payslips.pdf`);
      expect(res.statusCode).toBe(200);
      expect(inspectPdf(res.rawPayload).text).toContain('DRAFT');
      const one = await get('hr', `/api/payroll/runs/${draft.id}/payslips/${teacherStaffId}.pdf`);
      expect(one.statusCode).toBe(200);
      expect(inspectPdf(one.rawPayload)).toMatchObject({ pages: 1 });
      expect(inspectPdf(one.rawPayload).text).toContain('DRAFT');
      for (const file of ['p10.csv', 'p10-ahl.csv', 'nssf.csv', 'shif.csv', 'journal.xlsx', 'bank-files']) {
        const r = await get('hr', `/api/payroll/runs/${draft.id}/${file}`);
        expect(r.statusCode, file).toBe(409);
        expect(r.json().error.code).toBe('RUN_NOT_APPROVED');
      }
      expect((await post('hr', `/api/payroll/runs/${draft.id}/payslips/email`, {})).statusCode).toBe(409);
    } finally {
      await system(t.database, (tx) => tx.delete(payrollRuns).where(eq(payrollRuns.id, draft.id)));
    }
  });

  it('e-mails payslips once with the PDF attached; a second call skips them unless resend', async () => {
    const withEmail = octLines.filter((l) => l.staff.email).length;
    const before = t.mailbox.length;
    const first = await post('hr', `/api/payroll/runs/${octRun.id}/payslips/email`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<EmailPayslipsResponse>()).toEqual({ sent: withEmail, skipped: 0, withoutEmail: octLines.length - withEmail });
    const mails = t.mailbox.slice(before);
    expect(mails).toHaveLength(withEmail);
    const mine = mails.find((x) => x.to === teacherLine.staff.email) as (typeof mails)[number] & { attachments?: { filename: string; content: Buffer }[] };
    expect(mine?.subject).toContain(formatMonth(M3));
    expect(mine?.attachments?.[0]?.filename).toMatch(new RegExp(`^payslip-${M3}-.+\\.pdf$`));
    expect(inspectPdf(mine!.attachments![0]!.content).text).toContain(`KES ${formatKes(teacherLine.netCents)}`);
    const marked = await system(t.database, (tx) => tx.select({ id: payrollLines.id }).from(payrollLines).where(and(eq(payrollLines.runId, octRun.id), isNotNull(payrollLines.emailedAt))));
    expect(marked).toHaveLength(withEmail);

    const again = await post('hr', `/api/payroll/runs/${octRun.id}/payslips/email`, {});
    expect(again.json<EmailPayslipsResponse>()).toMatchObject({ sent: 0, skipped: withEmail });
    expect(t.mailbox.length).toBe(before + withEmail);
    const resend = await post('hr', `/api/payroll/runs/${octRun.id}/payslips/email`, { resend: true });
    expect(resend.json<EmailPayslipsResponse>()).toMatchObject({ sent: withEmail, skipped: 0 });
  });
});

describe('returns', () => {
  it('writes the KRA P10 employee sheet in iTax column order with a row per member of staff', async () => {
    const res = await get('hr', `/api/payroll/runs/${octRun.id}/p10.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvLines(res.body);
    expect(rows[0]!.startsWith('PIN of Employee,Name of Employee,Residential Status,Type of Employee,Basic Salary,Housing Allowance')).toBe(true);
    expect(rows[0]!.endsWith('Taxable Pay,Tax Payable,Monthly Personal Relief,Amount of Insurance Relief,PAYE Tax')).toBe(true);
    expect(rows).toHaveLength(octLines.length + 1);
    const row = rows.find((r) => r.includes(teacherLine.staff.name))!;
    expect(row.startsWith(`${teacherLine.staff.kraPin ?? ''},`)).toBe(true);
    expect(row.endsWith(`,${(teacherLine.payeCents / 100).toFixed(2)}`)).toBe(true);
    expect(row).toContain(`,${(teacherLine.taxablePayCents / 100).toFixed(2)},`);
  });

  it('writes the Housing Levy, NSSF and SHIF returns', async () => {
    const ahl = csvLines((await get('hr', `/api/payroll/runs/${octRun.id}/p10-ahl.csv`)).body);
    expect(ahl[0]).toBe('PIN of Employee,Name of Employee,ID Number,Gross Pay,Employee Contribution,Employer Contribution,Total');
    expect(ahl.find((r) => r.includes(teacherLine.staff.name))).toContain(`,${(teacherLine.ahlCents / 100).toFixed(2)},`);
    const nssf = csvLines((await get('hr', `/api/payroll/runs/${octRun.id}/nssf.csv`)).body);
    expect(nssf[0]).toContain('Tier I Employee,Tier II Employee');
    expect(nssf).toHaveLength(octLines.length + 1);
    const shif = csvLines((await get('hr', `/api/payroll/runs/${octRun.id}/shif.csv`)).body);
    expect(shif[0]).toBe('Payroll Number,First Name,Last Name,ID Number,KRA PIN,SHIF Number,Gross Pay,SHIF Contribution');
    expect(shif.find((r) => r.startsWith(`${teacherLine.staff.staffNumber},`))).toMatch(new RegExp(`,${(teacherLine.shifCents / 100).toFixed(2)}$`));
  });

  it('lists the bank files and writes one per bank whose amounts add up to the net pay', async () => {
    const banks = (await get('hr', `/api/payroll/runs/${octRun.id}/bank-files`)).json<BankFilesResponse>().items;
    expect(banks.reduce((s, b) => s + b.count, 0)).toBe(octLines.length);
    expect(Math.round(banks.reduce((s, b) => s + b.total, 0) * 100)).toBe(octLines.reduce((s, l) => s + l.netCents, 0));
    let rowsTotal = 0;
    for (const b of banks) {
      const res = await get('hr', `/api/payroll/runs/${octRun.id}/bank-file.csv?bank=${encodeURIComponent(b.bank)}`);
      expect(res.statusCode, b.bank).toBe(200);
      const rows = csvLines(res.body);
      expect(rows[0]).toBe('Account Name,Account Number,Bank Code,Branch,Amount,Reference');
      expect(rows).toHaveLength(b.count + 1);
      rowsTotal += rows.slice(1).reduce((s, r) => s + Math.round(Number(r.split(',')[4]) * 100), 0);
    }
    expect(rowsTotal).toBe(octLines.reduce((s, l) => s + l.netCents, 0));
    expect((await get('hr', `/api/payroll/runs/${octRun.id}/bank-file.csv?bank=nobank`)).statusCode).toBe(404);
  });

  it('writes the payroll journal with a TOTAL row equal to the run', async () => {
    const res = await get('hr', `/api/payroll/runs/${octRun.id}/journal.xlsx`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(octLines.length + 2);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const last = (ws.getRow(ws.rowCount).values as unknown[]).slice(1);
    expect(last[1]).toBe('TOTAL');
    expect(Math.round(Number(last[header.indexOf('Net pay')]) * 100)).toBe(octLines.reduce((s, l) => s + l.netCents, 0));
    expect(Math.round(Number(last[header.indexOf('PAYE')]) * 100)).toBe(octLines.reduce((s, l) => s + l.payeCents, 0));
  });

  it('sums the year to date over approved runs (JSON and Excel)', async () => {
    // The year of the latest approved run (in January and February also last year's December is approved).
    const year = M3.slice(0, 4);
    const res = await get('hr', `/api/payroll/ytd?year=${year}`);
    expect(res.statusCode, res.body).toBe(200);
    const ytd = res.json<YtdResponse>();
    expect(ytd.runMonths).toEqual(expect.arrayContaining([M1, M2, M3].filter((x) => x.slice(0, 4) === M3.slice(0, 4))));
    const lines = await system(t.database, (tx) =>
      tx
        .select({ net: payrollLines.netCents, paye: payrollLines.payeCents })
        .from(payrollLines)
        .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
        .where(and(eq(payrollLines.staffId, teacherStaffId), eq(payrollRuns.status, 'approved'), like(payrollRuns.month, `${year}-%`))),
    );
    const me = ytd.items.find((i) => i.staffId === teacherStaffId)!;
    expect(me.months).toBe(lines.length);
    expect(Math.round(me.net * 100)).toBe(lines.reduce((s, l) => s + l.net, 0));
    expect(Math.round(me.paye * 100)).toBe(lines.reduce((s, l) => s + l.paye, 0));
    const xlsx = await get('hr', `/api/payroll/ytd.xlsx?year=${year}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('prints the P9A for HR and for the member of staff', async () => {
    const hr = await get('hr', `/api/payroll/p9/${teacherStaffId}.pdf?year=${M3.slice(0, 4)}`);
    expect(hr.statusCode, hr.body).toBe(200);
    const text = inspectPdf(hr.rawPayload).text;
    expect(text).toContain('P9A');
    expect(text).toContain(teacherLine.staff.name);
    expect(text).toContain(formatKes(teacherLine.payeCents));
    const mine = await get('teacher', `/api/me/p9.pdf?year=${M3.slice(0, 4)}`);
    expect(mine.statusCode).toBe(200);
    expect(inspectPdf(mine.rawPayload).text).toContain(teacherLine.staff.name);
    // The year before the first approved run: no pay that year.
    expect((await get('teacher', `/api/me/p9.pdf?year=${Number(M1.slice(0, 4)) - 1}`)).statusCode).toBe(404);
  });
});

describe('My Payslips', () => {
  it('lists the signed-in member of staff their approved payslips, newest first, with the stored figures', async () => {
    const res = await get('teacher', '/api/me/payslips');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MyPayslipsResponse>();
    expect(body.hasStaffRecord).toBe(true);
    expect(body.items.map((i) => i.month).slice(0, 3)).toEqual([M3, M2, M1]);
    const oct = body.items[0]!;
    expect(oct.lineId).toBe(teacherLine.id);
    expect(Math.round(oct.net * 100)).toBe(teacherLine.netCents);
    expect(Math.round(oct.gross * 100)).toBe(teacherLine.grossCents);
    expect(Math.round(oct.paye * 100)).toBe(teacherLine.payeCents);
    const pdf = await get('teacher', `/api/me/payslips/${oct.lineId}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(inspectPdf(pdf.rawPayload).pages).toBe(1);
    expect(inspectPdf(pdf.rawPayload).text).toContain(`KES ${formatKes(teacherLine.netCents)}`);
    expect(inspectPdf(pdf.rawPayload).text).toContain(teacherLine.staff.name);
  });

  it("gives 404 for someone else's payslip", async () => {
    expect((await get('teacher', `/api/me/payslips/${otherLine.id}.pdf`)).statusCode).toBe(404);
    expect((await get('teacher', '/api/me/payslips/not-an-id.pdf')).statusCode).toBe(404);
  });

  it('shows a TSC teacher no payslips', async () => {
    const tsc = await system(t.database, (tx) =>
      tx
        .select({ email: profiles.email })
        .from(staffMembers)
        .innerJoin(profiles, eq(profiles.id, staffMembers.profileId))
        .where(and(eq(staffMembers.schoolId, greenhill), eq(staffMembers.employer, 'tsc'))),
    );
    expect(tsc.length).toBeGreaterThan(0);
    const c = await signIn(t.app, tsc[0]!.email!, 'school');
    const res = await t.app.inject({ method: 'GET', url: '/api/me/payslips', headers: { cookie: c } });
    expect(res.statusCode).toBe(200);
    expect(res.json<MyPayslipsResponse>().items).toEqual([]);
  });
});

describe('access', () => {
  it('refuses other roles the HR documents (403)', async () => {
    const urls = [
      `/api/payroll/runs/${octRun.id}/payslips.pdf`,
      `/api/payroll/runs/${octRun.id}/payslips/${teacherStaffId}.pdf`,
      `/api/payroll/runs/${octRun.id}/p10.csv`,
      `/api/payroll/runs/${octRun.id}/bank-files`,
      `/api/payroll/runs/${octRun.id}/journal.xlsx`,
      `/api/payroll/ytd?year=${M3.slice(0, 4)}`,
      `/api/payroll/p9/${teacherStaffId}.pdf?year=${M3.slice(0, 4)}`,
    ];
    for (const who of ['teacher', 'principal', 'finance']) {
      for (const url of urls) expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
      expect((await post(who, `/api/payroll/runs/${octRun.id}/payslips/email`, {})).statusCode).toBe(403);
    }
  });

  it("gives another school's HR 404 on a Greenhill run and staff member", async () => {
    for (const url of [
      `/api/payroll/runs/${octRun.id}/payslips.pdf`,
      `/api/payroll/runs/${octRun.id}/payslips/${teacherStaffId}.pdf`,
      `/api/payroll/runs/${octRun.id}/p10.csv`,
      `/api/payroll/runs/${octRun.id}/bank-files`,
      `/api/payroll/p9/${teacherStaffId}.pdf?year=${M3.slice(0, 4)}`,
    ]) {
      expect((await get('rsHr', url)).statusCode, url).toBe(404);
    }
    expect((await post('rsHr', `/api/payroll/runs/${octRun.id}/payslips/email`, {})).statusCode).toBe(404);
    expect((await get('rsHr', `/api/payroll/runs/not-a-run/p10.csv`)).statusCode).toBe(404);
  });
});
