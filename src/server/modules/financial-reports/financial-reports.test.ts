import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENHILL_SESSIONS, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { demo } from '../../../../tests/demo.js';
import { addDays } from '../../../shared/dates.js';
import type {
  ArrearsReport,
  BudgetVsActualReport,
  CashBookReport,
  DefaultersReport,
  ExpensesByCategoryReport,
  FeeCollectionReport,
  IncomeExpenditureReport,
  MpesaReconciliationReport,
  ReportOptions,
} from '../../../shared/contracts/financial-reports.js';
import { financialReportsMessages as fm } from '../../../shared/messages/financial-reports.js';
import { classes, expenseCategories, expenses, guardians, invoices, mpesaTransactions, payments, payrollRuns, studentGuardians, students, terms, budgets } from '../../db/schema/index.js';
import { inspectPdf } from '../../lib/pdf.js';
import { ageBucket, budgetStatus, resolvePeriod } from './financial-reports.service.js';

/**
 * Financial reports (issue 15): every report's figures checked by hand on a few records this file
 * creates in quiet periods (March–April 2019, and one learner of its own with invoices of the demo's last
 * school year, whose terms hold no other fees), the PDF
 * and Excel downloads, and access (finance officer of the school only). Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
const cookie: Record<string, string> = {};
let classId: string;
let className: string;
let term1: string;
let term2: string;
let ownerX: string; // learner with last school year's invoices (arrears, defaulters)
let payerY: string; // learner paying in 2019 (collection, cash book)
let categoryId: string;

/**
 * A day of the story as written (on the 2026 calendar, Term 1 opening Monday 5 January) on the demo's
 * last school year: moved by whole weeks with its terms, so weekdays and the days between dates stay
 * (the hand-computed ages below), and always in the past.
 */
const lastYear = (day: string) => addDays(demo.cal.historyTerms[0]!.startsOn, Math.round((Date.parse(day) - Date.parse('2026-01-05')) / 86_400_000));

const get = (who: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who]! } : {} });
async function json<T>(url: string, who = 'finance'): Promise<T> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
async function pay(studentId: string, amount: number, method: string, paidOn: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/fees/payments', headers: { cookie: cookie.finance! }, payload: { studentId, amount, method, paidOn, reference: `T-${paidOn}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

beforeAll(async () => {
  ({ t, greenhill } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance', 'admin']));

  await system(t.database, async (tx) => {
    const [c] = await tx.select().from(classes).where(eq(classes.schoolId, greenhill)).limit(1);
    classId = c!.id;
    className = c!.name;
    const ts = await tx.select().from(terms).where(eq(terms.schoolId, greenhill)).orderBy(terms.startsOn);
    term1 = ts.find((x) => x.startsOn === demo.cal.historyTerms[0]!.startsOn)!.id;
    term2 = ts.find((x) => x.startsOn === demo.cal.historyTerms[1]!.startsOn)!.id;
    const [x, y] = await tx
      .insert(students)
      .values([
        { schoolId: greenhill, admissionNumber: 'FR/TEST/001', firstName: 'Zawadi', lastName: 'Reportson', gender: 'female', classId },
        { schoolId: greenhill, admissionNumber: 'FR/TEST/002', firstName: 'Baraka', lastName: 'Payer', gender: 'male', classId },
      ])
      .returning();
    ownerX = x!.id;
    payerY = y!.id;
    const [g] = await tx.insert(guardians).values({ schoolId: greenhill, name: 'Mama Zawadi', phone: '254700000991', email: 'mama.zawadi@example.com' }).returning();
    await tx.insert(studentGuardians).values({ schoolId: greenhill, studentId: ownerX, guardianId: g!.id, relationship: 'mother', isPrimary: true });
    await tx.insert(invoices).values([
      { schoolId: greenhill, studentId: ownerX, termId: term1, classId, invoiceNumber: 'FR-INV-1', issuedOn: lastYear('2026-01-05'), dueOn: lastYear('2026-03-01'), totalCents: 1_000_000 },
      { schoolId: greenhill, studentId: ownerX, termId: term2, classId, invoiceNumber: 'FR-INV-2', issuedOn: lastYear('2026-05-01'), dueOn: lastYear('2026-06-20'), totalCents: 600_000 },
    ]);
    const [cat] = await tx.insert(expenseCategories).values({ schoolId: greenhill, name: 'Report test supplies', sortOrder: 99 }).returning();
    categoryId = cat!.id;
    await tx.insert(expenses).values([
      { schoolId: greenhill, number: 'FR-EXP-1', spentOn: '2019-03-05', paidOn: '2019-03-05', categoryId, payee: 'Duka', description: 'Chalk', amountCents: 80_000, method: 'cash', status: 'paid' },
      { schoolId: greenhill, number: 'FR-EXP-2', spentOn: '2019-03-06', categoryId, payee: 'Duka', description: 'Paper', amountCents: 30_000, method: 'cash', status: 'approved' },
      { schoolId: greenhill, number: 'FR-EXP-3', spentOn: '2019-03-07', categoryId, payee: 'Duka', description: 'Pens', amountCents: 50_000, method: 'cash', status: 'pending' },
      { schoolId: greenhill, number: 'FR-EXP-4', spentOn: '2019-03-08', categoryId, payee: 'Duka', description: 'Ink', amountCents: 20_000, method: 'cash', status: 'rejected' },
      { schoolId: greenhill, number: 'FR-EXP-5', spentOn: lastYear('2026-02-10'), paidOn: lastYear('2026-02-10'), termId: term1, categoryId, payee: 'Duka', description: 'Exercise books', amountCents: 450_000, method: 'mpesa', status: 'paid' },
    ]);
    await tx.insert(budgets).values([
      { schoolId: greenhill, categoryId, termId: null, year: 2019, amountCents: 100_000 },
      { schoolId: greenhill, categoryId, termId: term1, year: Number(lastYear('2026-01-05').slice(0, 4)), amountCents: 500_000 },
    ]);
    await tx.insert(payrollRuns).values({ schoolId: greenhill, month: '2019-03', payDate: '2019-03-28', status: 'approved', staffCount: 2, grossCents: 4_500_000, netCents: 4_000_000, employerCostCents: 5_000_000, settings: { shifRounding: 'cents', nitaLevy: false } });
    await tx.insert(payrollRuns).values({ schoolId: greenhill, month: '2019-02', payDate: '2019-03-01', status: 'draft', staffCount: 2, grossCents: 4_500_000, netCents: 4_000_000, employerCostCents: 9_000_000, settings: { shifRounding: 'cents', nitaLevy: false } });
    const [matched, , ] = await tx
      .insert(mpesaTransactions)
      .values([
        { schoolId: greenhill, source: 'c2b', transId: 'FRT0000001', amountCents: 120_000, msisdn: '254711000001', payerName: 'Paid Parent', billRef: 'FR/TEST/002', transTime: new Date('2019-04-10T09:00:00+03:00'), status: 'matched', studentId: payerY },
        { schoolId: greenhill, source: 'c2b', transId: 'FRT0000002', amountCents: 70_000, msisdn: '254711000002', payerName: 'Lost Parent', billRef: 'NOSUCH', transTime: new Date('2019-04-11T23:30:00+03:00'), status: 'unmatched' },
        { schoolId: greenhill, source: 'c2b', transId: 'FRT0000003', amountCents: 30_000, msisdn: '254711000003', payerName: 'Wrong School', billRef: 'X1', transTime: new Date('2019-04-12T08:00:00+03:00'), status: 'refunded', note: 'Paid to the wrong paybill' },
      ])
      .returning();
    const [p] = await tx
      .insert(payments)
      .values({ schoolId: greenhill, studentId: payerY, amountCents: 120_000, method: 'mpesa', paidOn: '2019-04-10', receiptNumber: 'FR-RCT-M1', source: 'mpesa_c2b', mpesaTransactionId: matched!.id, reference: 'FRT0000001' })
      .returning();
    await tx.update(mpesaTransactions).set({ paymentId: p!.id }).where(eq(mpesaTransactions.id, matched!.id));
  });

  // Learner X: KES 4,000 on 1 April and 5,000 on 1 August (through the fees API).
  await pay(ownerX, 4000, 'bank_deposit', lastYear('2026-04-01'));
  await pay(ownerX, 5000, 'bank_deposit', lastYear('2026-08-01'));
  // Learner Y: KES 1,000 cash on 4 March 2019, 2,500 M-Pesa on 5 March; the cash one reversed on 6 March.
  const cashId = await pay(payerY, 1000, 'cash', '2019-03-04');
  await pay(payerY, 2500, 'mpesa', '2019-03-05');
  await system(t.database, (tx) =>
    tx.insert(payments).values({ schoolId: greenhill, studentId: payerY, kind: 'reversal', amountCents: -100_000, method: 'cash', paidOn: '2019-03-06', reversesPaymentId: cashId, reason: 'Bounced' }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('rules', () => {
  it('ages balances into 0-30 (not yet due included), 31-60, 61-90 and Over 90', () => {
    expect([-10, 0, 30, 31, 60, 61, 90, 91, 400].map(ageBucket)).toEqual(['0-30', '0-30', '0-30', '31-60', '31-60', '61-90', '61-90', 'Over 90', 'Over 90']);
  });
  it('defaults the period to this year to date and refuses to before from', () => {
    expect(resolvePeriod({}, undefined, '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(resolvePeriod({}, { from: '2026-05-04', to: '2026-08-07' }, '2026-11-26')).toEqual({ from: '2026-05-04', to: '2026-08-07' });
    expect(() => resolvePeriod({ from: '2026-05-02', to: '2026-05-01' })).toThrow(fm.api.toBeforeFrom);
  });
  it('gives a budget status', () => {
    expect([budgetStatus(1000, 500), budgetStatus(1000, 900), budgetStatus(1000, 1001), budgetStatus(0, 5), budgetStatus(0, 0)]).toEqual(['under', 'near', 'over', 'unbudgeted', 'under']);
  });
});

describe('fee collection', () => {
  it('counts payments less reversals of the period, by method and by day', async () => {
    const r = await json<FeeCollectionReport>('/api/reports/fee-collection?from=2019-03-01&to=2019-03-31');
    expect(r.totals).toEqual({ receipts: 2, learners: 1, payments: 3500, reversals: -1000, collected: 2500 });
    expect(r.byMethod).toEqual([
      { key: 'mpesa', label: 'M-Pesa', count: 1, amount: 2500 },
      { key: 'cash', label: 'Cash', count: 1, amount: 0 },
    ]);
    expect(r.groupBy).toBe('day');
    expect(r.groups.map((g) => [g.key, g.amount])).toEqual([
      ['2019-03-06', -1000],
      ['2019-03-05', 2500],
      ['2019-03-04', 1000],
    ]);
  });
  it('filters by method and stream and groups by stream', async () => {
    const mpesa = await json<FeeCollectionReport>('/api/reports/fee-collection?from=2019-03-01&to=2019-03-31&method=mpesa');
    expect(mpesa.totals.collected).toBe(2500);
    const byClass = await json<FeeCollectionReport>(`/api/reports/fee-collection?from=2019-03-01&to=2019-03-31&classId=${classId}&groupBy=class`);
    expect(byClass.groups).toEqual([{ key: classId, label: className, count: 2, amount: 2500 }]);
    const other = await system(t.database, (tx) => tx.select().from(classes).where(eq(classes.schoolId, greenhill)));
    const elsewhere = other.find((c) => c.id !== classId)!;
    const none = await json<FeeCollectionReport>(`/api/reports/fee-collection?from=2019-03-01&to=2019-03-31&classId=${elsewhere.id}`);
    expect(none.totals.receipts).toBe(0);
  });
  it('uses the term’s dates for termId and agrees with the payments table', async () => {
    const term = await system(t.database, (tx) => tx.select().from(terms).where(eq(terms.id, term1)));
    const r = await json<FeeCollectionReport>(`/api/reports/fee-collection?termId=${term1}&groupBy=month`);
    expect([r.from, r.to]).toEqual([term[0]!.startsOn, term[0]!.endsOn]);
    const rows = await system(t.database, (tx) => tx.select().from(payments).where(eq(payments.schoolId, greenhill)));
    const inTerm = rows.filter((p) => p.paidOn >= r.from && p.paidOn <= r.to);
    expect(r.totals.collected).toBeCloseTo(inTerm.reduce((s, p) => s + p.amountCents, 0) / 100, 2);
    expect(r.groups.reduce((s, g) => s + g.amount, 0)).toBeCloseTo(r.totals.collected, 2);
  });
});

describe('arrears and defaulters', () => {
  const mine = (r: ArrearsReport) => r.rows.find((x) => x.studentId === ownerX);
  it('ages the balance as at the date with only the payments made by then', async () => {
    // 15 Jul: paid 4,000 → INV-1 owes 6,000 (136 days past 1 Mar: Over 90), INV-2 owes 6,000 (25 days: 0-30).
    const jul = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-07-15')}`);
    expect(mine(jul)).toMatchObject({ admissionNumber: 'FR/TEST/001', name: 'Zawadi Reportson', stream: className, d0to30: 6000, d31to60: 0, d61to90: 0, over90: 6000, total: 12000 });
    expect(jul.buckets.map((b) => b.key)).toEqual(['0-30', '31-60', '61-90', 'Over 90']);
    expect(jul.buckets.reduce((s, b) => s + b.amount, 0)).toBeCloseTo(jul.totals.outstanding, 2);
    expect(jul.rows.reduce((s, b) => s + b.total, 0)).toBeCloseTo(jul.totals.outstanding, 2);
    // 10 Aug: 9,000 paid → INV-1 owes 1,000 (Over 90), INV-2 6,000 (51 days: 31-60).
    const aug = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-08-10')}`);
    expect(mine(aug)).toMatchObject({ d0to30: 0, d31to60: 6000, d61to90: 0, over90: 1000, total: 7000 });
    // 15 Mar: INV-2 not issued yet, nothing paid → 10,000 14 days past due.
    const mar = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-03-15')}`);
    expect(mine(mar)).toMatchObject({ d0to30: 10000, over90: 0, total: 10000 });
  });
  it('filters by stream and minimum balance', async () => {
    const big = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-07-15')}&classId=${classId}&minBalance=12000`);
    expect(mine(big)?.total).toBe(12000);
    expect(big.rows.every((x) => x.total >= 12000 && x.stream === className)).toBe(true);
    const bigger = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-07-15')}&minBalance=12000.01`);
    expect(mine(bigger)).toBeUndefined();
  });
  it('lists defaulters with days overdue, last payment and the primary guardian', async () => {
    const r = await json<DefaultersReport>(`/api/reports/defaulters?asOf=${lastYear('2026-07-15')}`);
    expect(r.rows.find((x) => x.studentId === ownerX)).toEqual({
      studentId: ownerX,
      name: 'Zawadi Reportson',
      admissionNumber: 'FR/TEST/001',
      stream: className,
      level: expect.any(String),
      balance: 12000,
      overdue: 12000,
      daysOverdue: 136,
      lastPaymentOn: lastYear('2026-04-01'),
      lastPaymentAmount: 4000,
      guardianName: 'Mama Zawadi',
      guardianPhone: '254700000991',
      guardianEmail: 'mama.zawadi@example.com',
    });
    expect(r.totals.learners).toBe(r.rows.length);
    // 15 Mar it was 14 days overdue; 20 Feb nothing was due yet, so not a defaulter.
    const mar = await json<DefaultersReport>(`/api/reports/defaulters?asOf=${lastYear('2026-03-15')}`);
    expect(mar.rows.find((x) => x.studentId === ownerX)).toMatchObject({ daysOverdue: 14, balance: 10000, lastPaymentOn: null });
    const feb = await json<DefaultersReport>(`/api/reports/defaulters?asOf=${lastYear('2026-02-20')}`);
    expect(feb.rows.find((x) => x.studentId === ownerX)).toBeUndefined();
  });
});

describe('cash book, income & expenditure, M-Pesa', () => {
  it('gives opening balance, money in and out per day and the closing balance', async () => {
    const r = await json<CashBookReport>('/api/reports/cash-book?from=2019-03-01&to=2019-03-31');
    expect(r.openingBalance).toBe(0);
    expect(r.totals).toEqual({ moneyIn: 2500, moneyOut: 800, net: 1700, closingBalance: 1700 });
    expect(r.days).toEqual([
      { date: '2019-03-04', moneyIn: 1000, moneyOut: 0, net: 1000, closing: 1000 },
      { date: '2019-03-05', moneyIn: 2500, moneyOut: 800, net: 1700, closing: 2700 },
      { date: '2019-03-06', moneyIn: -1000, moneyOut: 0, net: -1000, closing: 1700 },
    ]);
    expect(r.entries.map((e) => [e.date, e.direction, e.amount])).toEqual([
      ['2019-03-04', 'in', 1000],
      ['2019-03-05', 'in', 2500],
      ['2019-03-05', 'out', 800],
      ['2019-03-06', 'in', -1000],
    ]);
    expect(r.entries[2]).toMatchObject({ reference: 'FR-EXP-1', method: 'Cash' });
    const later = await json<CashBookReport>('/api/reports/cash-book?from=2019-03-05&to=2019-03-31');
    expect(later.openingBalance).toBe(1000);
    expect(later.totals.closingBalance).toBe(1700);
  });
  it('sets fees collected against paid expenses and approved payroll', async () => {
    const r = await json<IncomeExpenditureReport>('/api/reports/income-expenditure?from=2019-03-01&to=2019-03-31');
    expect(r.income.collected).toBe(2500);
    expect(r.income.byMethod.map((x) => [x.key, x.amount])).toEqual([
      ['mpesa', 2500],
      ['cash', 0],
    ]);
    expect(r.expenditure.lines).toEqual([
      { key: categoryId, label: 'Report test supplies', count: 1, amount: 800 },
      { key: 'payroll', label: 'Salaries (payroll)', count: 1, amount: 50000 },
    ]);
    expect(r.expenditure.total).toBe(50800);
    expect(r.surplus).toBe(-48300);
  });
  it('reconciles M-Pesa received with posted, unmatched and refunded', async () => {
    const r = await json<MpesaReconciliationReport>('/api/reports/mpesa-reconciliation?from=2019-03-01&to=2019-04-30');
    expect(r.totals).toEqual({
      received: { count: 3, amount: 2200 },
      matched: { count: 1, amount: 1200 },
      postedToLearners: { count: 1, amount: 1200 },
      unmatched: { count: 1, amount: 700 },
      refunded: { count: 1, amount: 300 },
      manualMpesa: { count: 1, amount: 2500 },
      difference: 0,
    });
    // 23:30 EAT on 11 April is the 11th in Nairobi (20:30 UTC).
    expect(r.days.map((d) => [d.date, d.received])).toEqual([
      ['2019-04-12', 300],
      ['2019-04-11', 700],
      ['2019-04-10', 1200],
    ]);
    expect(r.exceptions.map((x) => [x.transId, x.status])).toEqual([
      ['FRT0000003', 'refunded'],
      ['FRT0000002', 'unmatched'],
    ]);
  });
});

describe('expenses and budgets', () => {
  it('sums approved and paid expenses by category with their share', async () => {
    const r = await json<ExpensesByCategoryReport>('/api/reports/expenses-by-category?from=2019-03-01&to=2019-03-31');
    expect(r.rows).toEqual([{ categoryId, name: 'Report test supplies', count: 2, amount: 1100, paid: 800, approved: 300, share: 100 }]);
    expect(r.totals).toEqual({ count: 2, amount: 1100, paid: 800, approved: 300 });
  });
  it('compares a year’s and a term’s spending with the budget', async () => {
    const year = await json<BudgetVsActualReport>('/api/reports/budget-vs-actual?year=2019');
    expect(year.rows).toEqual([{ categoryId, name: 'Report test supplies', budget: 1000, actual: 1100, variance: -100, percentUsed: 110, status: 'over' }]);
    expect([year.from, year.to, year.periodLabel]).toEqual(['2019-01-01', '2019-12-31', 'Year 2019']);
    const term = await json<BudgetVsActualReport>(`/api/reports/budget-vs-actual?termId=${term1}`);
    expect(term.rows.find((x) => x.categoryId === categoryId)).toEqual({ categoryId, name: 'Report test supplies', budget: 5000, actual: 4500, variance: 500, percentUsed: 90, status: 'near' });
    const ebc = await json<ExpensesByCategoryReport>(`/api/reports/expenses-by-category?termId=${term1}`);
    expect(ebc.rows.find((x) => x.categoryId === categoryId)?.amount).toBe(4500);
    // A year without a year budget sums its term budgets.
    const termYear = await json<BudgetVsActualReport>(`/api/reports/budget-vs-actual?year=${lastYear('2026-01-05').slice(0, 4)}`);
    expect(termYear.rows.find((x) => x.categoryId === categoryId)).toMatchObject({ budget: 5000, actual: 4500 });
  });
  it('offers the filters’ terms, levels and streams', async () => {
    const o = await json<ReportOptions>('/api/reports/options');
    expect(o.terms.map((x) => x.id)).toEqual(expect.arrayContaining([term1, term2]));
    expect(o.classes.map((x) => x.id)).toContain(classId);
    expect(o.levels.length).toBeGreaterThan(0);
  });
});

describe('PDF and Excel', () => {
  it('sends the arrears as a PDF attachment with the letterhead', async () => {
    const res = await get('finance', `/api/reports/arrears?asOf=${lastYear('2026-07-15')}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fee-arrears-as-at-${lastYear('2026-07-15')}.pdf"`);
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.text).toContain('Greenhill');
    expect(pdf.text).toContain('Fee arrears (ageing)');
    expect(pdf.text).toContain('Over 90');
    expect(pdf.text).toContain('Zawadi Reportson');
  });
  it('sends the arrears as a workbook with the ageing buckets', async () => {
    const res = await get('finance', `/api/reports/arrears?asOf=${lastYear('2026-07-15')}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fee-arrears-as-at-${lastYear('2026-07-15')}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Ageing', 'By learner']);
    const ageing = wb.getWorksheet('Ageing')!;
    expect(ageing.getRow(1).getCell(1).value).toBe('Age');
    expect([2, 3, 4, 5].map((i) => ageing.getRow(i).getCell(1).value)).toEqual(['0-30', '31-60', '61-90', 'Over 90']);
    const learner = wb.getWorksheet('By learner')!;
    const row = learner.getRows(2, learner.rowCount - 1)!.find((r) => r.getCell(1).value === 'FR/TEST/001')!;
    expect([4, 5, 6, 7, 8].map((i) => row.getCell(i).value)).toEqual([6000, 0, 0, 6000, 12000]);
  });
  it('exports every report as PDF and Excel', async () => {
    const urls = [
      '/api/reports/fee-collection?from=2019-03-01&to=2019-03-31',
      `/api/reports/defaulters?asOf=${lastYear('2026-07-15')}`,
      '/api/reports/cash-book?from=2019-03-01&to=2019-03-31',
      '/api/reports/income-expenditure?from=2019-03-01&to=2019-03-31',
      '/api/reports/mpesa-reconciliation?from=2019-03-01&to=2019-04-30',
      '/api/reports/expenses-by-category?from=2019-03-01&to=2019-03-31',
      '/api/reports/budget-vs-actual?year=2019',
    ];
    for (const url of urls) {
      const pdf = await get('finance', `${url}&format=pdf`);
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const xlsx = await get('finance', `${url}&format=xlsx`);
      expect(xlsx.statusCode, url).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(wb.getWorksheet('Summary')!.getRow(1).getCell(1).value).toBeTruthy();
    }
    const cb = await get('finance', '/api/reports/cash-book?from=2019-03-01&to=2019-03-31&format=xlsx');
    expect(cb.headers['content-disposition']).toBe('attachment; filename="cash-book-2019-03-01-to-2019-03-31.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(cb.rawPayload as unknown as ArrayBuffer);
    const days = wb.getWorksheet('By day')!;
    expect(days.getRow(4).values).toEqual([undefined, new Date('2019-03-06T00:00:00Z'), -1000, 0, -1000, 1700]);
    expect(days.getRow(4).getCell(1).numFmt).toBe('dd/mm/yyyy');
  });
});

describe('access and bad input', () => {
  const all = ['fee-collection', 'arrears', 'defaulters', 'cash-book', 'income-expenditure', 'mpesa-reconciliation', 'expenses-by-category', 'budget-vs-actual', 'options'];
  it('answers 401 signed out and 403 to every role but the finance officer', async () => {
    for (const report of all) {
      expect((await get(undefined, `/api/reports/${report}`)).statusCode, report).toBe(401);
      for (const who of ['principal', 'director', 'teacher', 'parent', 'hr', 'admin']) {
        expect((await get(who, `/api/reports/${report}`)).statusCode, `${report} ${who}`).toBe(403);
      }
      expect((await get('finance', `/api/reports/${report}`)).statusCode, report).toBe(200);
    }
  });
  it('shows another school’s finance officer only their own figures', async () => {
    const r = await json<FeeCollectionReport>('/api/reports/fee-collection?from=2019-03-01&to=2019-03-31', 'rsFinance');
    expect(r.totals.receipts).toBe(0);
    const a = await json<ArrearsReport>(`/api/reports/arrears?asOf=${lastYear('2026-07-15')}`, 'rsFinance');
    expect(a.rows.find((x) => x.studentId === ownerX)).toBeUndefined();
    const e = await json<ExpensesByCategoryReport>('/api/reports/expenses-by-category?from=2019-03-01&to=2019-03-31', 'rsFinance');
    expect(e.rows).toEqual([]);
    expect((await get('rsFinance', `/api/reports/fee-collection?termId=${term1}`)).statusCode).toBe(404);
    expect((await get('rsFinance', `/api/reports/arrears?classId=${classId}`)).statusCode).toBe(404);
  });
  it('answers 400 with a clear message for bad dates, periods, formats and filters', async () => {
    const cases: [string, string, string][] = [
      ['/api/reports/fee-collection?from=2019-13-01', 'from', fm.api.fromInvalid],
      ['/api/reports/cash-book?from=2019-03-10&to=2019-03-01', 'to', fm.api.toBeforeFrom],
      ['/api/reports/arrears?format=doc', 'format', fm.api.formatInvalid],
      ['/api/reports/fee-collection?method=bitcoin', 'method', fm.api.methodInvalid],
      ['/api/reports/fee-collection?groupBy=week', 'groupBy', fm.api.groupByInvalid],
      ['/api/reports/defaulters?minBalance=-5', 'minBalance', fm.api.minBalanceInvalid],
      ['/api/reports/arrears?asOf=yesterday', 'asOf', fm.api.asOfInvalid],
      [`/api/reports/budget-vs-actual?termId=${'0'.repeat(8)}-0000-4000-8000-000000000000&year=2019`, 'termId', fm.api.termOrYear],
      ['/api/reports/budget-vs-actual?year=1850', 'year', fm.api.yearInvalid],
      ['/api/reports/income-expenditure?from=2010-01-01&to=2019-01-01', 'from', fm.api.rangeTooLong],
    ];
    for (const [url, field, message] of cases) {
      const res = await get('finance', url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ error: { message: string; fields?: Record<string, string> } }>();
      expect(body.error.fields?.[field], url).toBe(message);
    }
  });
  it('404s an unknown term', async () => {
    const res = await get('finance', '/api/reports/income-expenditure?termId=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    const rows = await system(t.database, (tx) => tx.select().from(invoices).where(and(eq(invoices.schoolId, greenhill), eq(invoices.studentId, ownerX))));
    expect(rows).toHaveLength(2);
  });
});
