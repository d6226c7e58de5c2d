import ExcelJS from 'exceljs';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENHILL_SESSIONS, openDemoApp, system, type TestApp } from '../../../../tests/helpers.js';
import { demo } from '../../../../tests/demo.js';
import type { FinancialAnalytics } from '../../../shared/contracts/financial-analytics.js';
import type { RecordPaymentResponse } from '../../../shared/contracts/fees.js';
import { addDays, formatDay, schoolToday } from '../../../shared/dates.js';
import { financialAnalyticsMessages as fm } from '../../../shared/messages/financial-analytics.js';
import { academicYears, expenseCategories, expenses, invoiceBalances, payments, terms } from '../../db/schema/index.js';
import { collectionOf, projectionOf, schoolDays, weeksOf } from './financial-analytics.service.js';

/**
 * Financial analytics (issue 15 §3): the figures agree with the records (payments in the term's dates,
 * the term's invoice balances, approved/paid expenses), a payment recorded through the fees API raises
 * its week, its method and the projection by exactly its amount, the projection follows the linear-pace
 * rule, the Excel export holds the same figures, and only the finance officer, principal, director and
 * platform staff of the school read it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let greenhill: string;
let riverside: string;
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ({ t, greenhill, riverside } = await openDemoApp(cookie, [...GREENHILL_SESSIONS, 'rsFinance', 'admin']));
});
afterAll(async () => {
  await t?.close();
});

const get = (who: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who]! } : {} });
const analytics = async (who = 'finance', query = '') => {
  const res = await get(who, `/api/finance/analytics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FinancialAnalytics>();
};
const cents = (kes: number) => Math.round(kes * 100);

async function termsOf(schoolId: string) {
  return system(t.database, (tx) =>
    tx
      .select({ id: terms.id, number: terms.number, year: academicYears.name, startsOn: terms.startsOn, endsOn: terms.endsOn, isCurrent: terms.isCurrent })
      .from(terms)
      .innerJoin(academicYears, eq(academicYears.id, terms.academicYearId))
      .where(eq(terms.schoolId, schoolId)),
  );
}

async function paymentsCents(schoolId: string, from: string, to: string, method?: string) {
  const [row] = await system(t.database, (tx) =>
    tx
      .select({ s: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.schoolId, schoolId), gte(payments.paidOn, from), lte(payments.paidOn, to), method ? eq(payments.method, method) : undefined)),
  );
  return row!.s;
}

describe('projection rule and school days', () => {
  const term = { startsOn: '2026-08-24', endsOn: '2026-10-23', halfTermStartsOn: null, halfTermEndsOn: null };
  it('counts Monday–Friday school days and skips the half-term break', () => {
    expect(schoolDays(term)).toBe(45); // nine whole weeks
    expect(schoolDays(term, '2026-08-30')).toBe(5); // first week, Sunday
    expect(schoolDays({ startsOn: '2026-01-05', endsOn: '2026-01-16', halfTermStartsOn: '2026-01-12', halfTermEndsOn: '2026-01-13' })).toBe(8);
    expect(weeksOf(term)).toBe(9);
    expect(weeksOf({ startsOn: '2026-01-05', endsOn: '2026-04-02' })).toBe(13);
  });

  it('projects collected ÷ days elapsed × days in term, capped at invoiced and never below collected', () => {
    // 10 school days elapsed, KES 100,000 collected → KES 10,000 a day × 45 = KES 450,000.
    expect(projectionOf(100_000_000, 10_000_000, term, '2026-09-04')).toEqual({
      invoiced: 1_000_000,
      collectedToDate: 100_000,
      daysElapsed: 10,
      daysInTerm: 45,
      pacePerDay: 10_000,
      projectedTermEnd: 450_000,
      projectedRate: 0.45,
    });
    // Capped at what was invoiced.
    expect(projectionOf(30_000_000, 10_000_000, term, '2026-09-04')).toMatchObject({ projectedTermEnd: 300_000, projectedRate: 1 });
    // Already collected more than invoiced (arrears of earlier terms): what was collected.
    expect(projectionOf(5_000_000, 10_000_000, term, '2026-09-04')).toMatchObject({ projectedTermEnd: 100_000, projectedRate: 2 });
    // Before the term: no pace. After it: all days elapsed, the projection is what was collected.
    expect(projectionOf(30_000_000, 0, term, '2026-08-01')).toMatchObject({ daysElapsed: 0, pacePerDay: 0, projectedTermEnd: 0, projectedRate: 0 });
    expect(projectionOf(30_000_000, 12_345_678, term, '2026-11-26')).toMatchObject({ daysElapsed: 45, projectedTermEnd: 123_456.78 });
  });
});

describe('headline figures on stated bases (issue 34)', () => {
  const term = { startsOn: '2026-08-24', endsOn: '2026-10-23' };
  it('collected to date is what was received in the term so far; the collection rate is paid ÷ due on the term’s invoices', () => {
    // By hand: the term's invoices ask KES 100,000 and KES 54,500 has been paid on them (some before the
    // term began); KES 51,600 came in since 24 Aug (some of it for last term's arrears).
    expect(collectionOf(10_000_000, 5_450_000, 5_160_000, term, '2026-09-30')).toEqual({
      invoiced: 100_000,
      paidOnInvoices: 54_500,
      rate: 0.545,
      receivedFrom: '2026-08-24',
      receivedTo: '2026-09-30',
      receivedToDate: 51_600,
      receivedShare: 0.516,
    });
    // The window ends on the term's last day once it is over; nothing invoiced is a rate of 0, not NaN.
    expect(collectionOf(0, 0, 12_345, term, '2026-12-01')).toMatchObject({ receivedTo: '2026-10-23', rate: 0, receivedShare: 0, receivedToDate: 123.45 });
    expect(collectionOf(300, 100, 0, term, '2026-08-01')).toMatchObject({ receivedTo: '2026-08-24', rate: 0.333 });
  });
});

describe('GET /api/finance/analytics', () => {
  it('defaults to the current term and compares with the same term of last year', async () => {
    const a = await analytics();
    const all = await termsOf(greenhill);
    const current = all.find((x) => x.isCurrent)!;
    const last = all.find((x) => x.year === String(Number(current.year) - 1) && x.number === current.number)!;
    expect(a.term).toMatchObject({ id: current.id, number: current.number, startsOn: current.startsOn, endsOn: current.endsOn });
    expect(a.lastYearTerm).toMatchObject({ id: last.id, number: current.number });
    expect(a.weekly).toHaveLength(weeksOf(current));
    expect(a.weekly[0]!.weekStart).toBe(current.startsOn);
    expect(a.weekly[1]!.weekStart).toBe(addDays(current.startsOn, 7));
  });

  it('weekly collections add up to the payments in the term’s dates, for this year and last year', async () => {
    const a = await analytics();
    const term = a.term!;
    const last = a.lastYearTerm!;
    const total = await paymentsCents(greenhill, term.startsOn, term.endsOn);
    expect(total).toBeGreaterThan(0);
    const started = a.weekly.filter((w) => w.collected !== null);
    expect(started.reduce((s, w) => s + cents(w.collected!), 0)).toBe(total);
    expect(cents(started.at(-1)!.cumulative!)).toBe(total);
    expect(cents(a.projection!.collectedToDate)).toBe(total);
    // Week 2 is exactly the payments of its seven days.
    expect(cents(a.weekly[1]!.collected!)).toBe(await paymentsCents(greenhill, addDays(term.startsOn, 7), addDays(term.startsOn, 13)));
    // Last year: the same-numbered 2025 term, bucketed on its own calendar.
    expect(cents(a.weekly.at(-1)!.lastYearCumulative!)).toBe(await paymentsCents(greenhill, last.startsOn, last.endsOn));
    expect(cents(a.weekly[0]!.lastYearCollected!)).toBe(await paymentsCents(greenhill, last.startsOn, addDays(last.startsOn, 6)));
  });

  it('gives the collection rate by level from the term’s invoice balances, and methods that add up with shares', async () => {
    const a = await analytics();
    const [totals] = await system(t.database, (tx) =>
      tx
        .select({ due: sql<number>`sum(${invoiceBalances.dueCents})`.mapWith(Number), paid: sql<number>`sum(${invoiceBalances.paidCents})`.mapWith(Number) })
        .from(invoiceBalances)
        .where(and(eq(invoiceBalances.schoolId, greenhill), eq(invoiceBalances.termId, a.term!.id))),
    );
    expect(a.byLevel.length).toBeGreaterThan(3);
    expect(a.byLevel.reduce((s, l) => s + cents(l.invoiced), 0)).toBe(totals!.due);
    expect(a.byLevel.reduce((s, l) => s + cents(l.collected), 0)).toBe(totals!.paid);
    for (const l of a.byLevel) expect(l.rate).toBeCloseTo(l.invoiced ? l.collected / l.invoiced : 0, 3);
    expect(cents(a.projection!.invoiced)).toBe(totals!.due);
    const mpesa = a.methods.find((x) => x.method === 'mpesa')!;
    expect(cents(mpesa.amount)).toBe(await paymentsCents(greenhill, a.term!.startsOn, a.term!.endsOn, 'mpesa'));
    expect(a.methods.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1, 2);
  });

  it('answers both headline figures from their stated bases, as computed by hand from the records', async () => {
    const a = await analytics();
    const term = a.term!;
    const today = schoolToday();
    const [totals] = await system(t.database, (tx) =>
      tx
        .select({ due: sql<number>`sum(${invoiceBalances.dueCents})`.mapWith(Number), paid: sql<number>`sum(${invoiceBalances.paidCents})`.mapWith(Number) })
        .from(invoiceBalances)
        .where(and(eq(invoiceBalances.schoolId, greenhill), eq(invoiceBalances.termId, term.id))),
    );
    const to = today < term.endsOn ? today : term.endsOn;
    const received = await paymentsCents(greenhill, term.startsOn, to);
    const c = a.collection!;
    expect(c).toEqual({
      invoiced: totals!.due / 100,
      paidOnInvoices: totals!.paid / 100,
      rate: Math.round((totals!.paid / totals!.due) * 1000) / 1000,
      receivedFrom: term.startsOn,
      receivedTo: to,
      receivedToDate: received / 100,
      receivedShare: Math.round((received / totals!.due) * 1000) / 1000,
    });
    // The same bases as the charts: the projection's invoiced and collected, the levels' paid and due.
    expect(cents(c.invoiced)).toBe(cents(a.projection!.invoiced));
    expect(cents(c.receivedToDate)).toBe(cents(a.projection!.collectedToDate));
    expect(cents(a.byLevel.reduce((s, l) => s + l.collected, 0))).toBeLessThanOrEqual(cents(c.paidOnInvoices));
  });

  it('a payment recorded through POST /api/fees/payments raises its week, its method and the projection by exactly its amount', async () => {
    const before = await analytics();
    const term = before.term!;
    const today = schoolToday();
    const paidOn = addDays(term.startsOn, 15) < today ? addDays(term.startsOn, 15) : today;
    const weekIndex = Math.floor((Date.parse(paidOn) - Date.parse(term.startsOn)) / (7 * 86_400_000));
    const learner = before.topArrears[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fees/payments',
      headers: { cookie: cookie.finance! },
      payload: { studentId: learner.studentId, amount: 1234.56, method: 'cheque', reference: 'CHQ 5501', paidOn },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<RecordPaymentResponse>().amount).toBe(1234.56);
    const after = await analytics();
    expect(cents(after.weekly[weekIndex]!.collected!) - cents(before.weekly[weekIndex]!.collected!)).toBe(123_456);
    for (const [i, w] of after.weekly.entries()) if (i !== weekIndex) expect(w.collected).toBe(before.weekly[i]!.collected);
    const cheque = (x: FinancialAnalytics) => x.methods.find((mth) => mth.method === 'cheque') ?? { amount: 0, count: 0 };
    expect(cents(cheque(after).amount) - cents(cheque(before).amount)).toBe(123_456);
    expect(cheque(after).count - cheque(before).count).toBe(1);
    const p = after.projection!;
    expect(cents(p.collectedToDate) - cents(before.projection!.collectedToDate)).toBe(123_456);
    // The projection rule, recomputed from the answer's own figures.
    const linear = Math.round((cents(p.collectedToDate) / p.daysElapsed) * p.daysInTerm);
    expect(cents(p.projectedTermEnd)).toBe(Math.max(cents(p.collectedToDate), Math.min(linear, cents(p.invoiced))));
    expect(p.projectedRate).toBeCloseTo(p.projectedTermEnd / p.invoiced, 3);
    // The learner's unpaid balance on the term is lower by the part allocated to this term: payments
    // clear the oldest invoices first, so a learner owing for an earlier term sees less of it here.
    const still = after.topArrears.find((x) => x.studentId === learner.studentId);
    if (still) {
      const drop = cents(learner.balance) - cents(still.balance);
      expect(drop).toBeGreaterThanOrEqual(0);
      expect(drop).toBeLessThanOrEqual(123_456);
    }
  });

  it('counts approved and paid expenses dated in the term by category, not pending or rejected ones', async () => {
    const a0 = await analytics();
    const term = a0.term!;
    await system(t.database, async (tx) => {
      const [cat] = await tx.insert(expenseCategories).values({ schoolId: greenhill, name: 'Analytics test: Repairs' }).returning({ id: expenseCategories.id });
      const [other] = await tx.insert(expenseCategories).values({ schoolId: greenhill, name: 'Analytics test: Fuel' }).returning({ id: expenseCategories.id });
      const base = { schoolId: greenhill, payee: 'Fundi', description: 'Test', method: 'cash' as const };
      await tx.insert(expenses).values([
        { ...base, number: 'EXP-AT-1', spentOn: addDays(term.startsOn, 3), categoryId: cat!.id, amountCents: 1_500_000, status: 'paid' },
        { ...base, number: 'EXP-AT-2', spentOn: addDays(term.startsOn, 9), categoryId: cat!.id, amountCents: 500_050, status: 'approved' },
        { ...base, number: 'EXP-AT-3', spentOn: addDays(term.startsOn, 9), categoryId: cat!.id, amountCents: 999_900, status: 'pending' },
        { ...base, number: 'EXP-AT-4', spentOn: addDays(term.startsOn, 9), categoryId: other!.id, amountCents: 700_000, status: 'rejected' },
        { ...base, number: 'EXP-AT-5', spentOn: addDays(term.startsOn, -30), categoryId: other!.id, amountCents: 250_000, status: 'paid' },
        { ...base, number: 'EXP-AT-6', spentOn: addDays(term.startsOn, 20), categoryId: other!.id, amountCents: 250_000, status: 'paid' },
      ]);
    });
    const a = await analytics();
    const repairs = a.expensesByCategory.find((c) => c.category === 'Analytics test: Repairs');
    const fuel = a.expensesByCategory.find((c) => c.category === 'Analytics test: Fuel');
    expect(repairs?.amount).toBe(20_000.5);
    expect(fuel?.amount).toBe(2_500);
    expect(a.expensesByCategory.reduce((s, c) => s + c.share, 0)).toBeCloseTo(1, 2);
    // The other school sees none of them.
    const rs = await analytics('rsFinance');
    expect(rs.expensesByCategory.find((c) => c.category.startsWith('Analytics test'))).toBeUndefined();
    await system(t.database, (tx) => tx.delete(expenses).where(inArray(expenses.number, ['EXP-AT-1', 'EXP-AT-2', 'EXP-AT-3', 'EXP-AT-4', 'EXP-AT-5', 'EXP-AT-6'])));
  });

  it('lists the top arrears of the term’s invoices, largest first, with stream and days overdue', async () => {
    const a = await analytics();
    expect(a.topArrears.length).toBeGreaterThan(0);
    expect(a.topArrears.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < a.topArrears.length; i++) expect(a.topArrears[i - 1]!.balance).toBeGreaterThanOrEqual(a.topArrears[i]!.balance);
    const [row] = await system(t.database, (tx) =>
      tx
        .select({ max: sql<number>`max(${invoiceBalances.dueCents} - ${invoiceBalances.paidCents})`.mapWith(Number) })
        .from(invoiceBalances)
        .where(and(eq(invoiceBalances.schoolId, greenhill), eq(invoiceBalances.termId, a.term!.id))),
    );
    expect(cents(a.topArrears[0]!.balance)).toBe(row!.max);
    expect(a.topArrears[0]!.stream).toBeTruthy();
    expect(a.topArrears[0]!.daysOverdue).toBeGreaterThanOrEqual(0);
  });

  it('answers a term picked from the list; the first year has no last-year figures', async () => {
    // This year's Term 1 (opened by today) and last year's, the first year the demo holds.
    const all = await termsOf(greenhill);
    const t1 = all.find((x) => x.year === demo.yearName && x.number === 1)!;
    const old = all.find((x) => x.year === demo.lastYearName && x.number === 1)!;
    const a = await analytics('principal', `?termId=${t1.id}`);
    expect(a.term?.id).toBe(t1.id);
    expect(a.lastYearTerm?.id).toBe(old.id);
    // Every week that has started has its figures; only weeks still to come (Term 1 in progress) have none.
    const today = schoolToday();
    expect(a.weekly[0]!.collected).not.toBeNull();
    expect(a.weekly.every((w) => (w.collected !== null) === (w.weekStart <= today))).toBe(true);
    const b = await analytics('director', `?termId=${old.id}`);
    expect(b.term?.id).toBe(old.id);
    expect(b.lastYearTerm).toBeNull();
    expect(b.weekly.every((w) => w.lastYearCollected === null && w.lastYearCumulative === null)).toBe(true);
  });
});

describe('access', () => {
  it('401 signed out; 403 for the teacher, parent and HR; 200 for finance, principal and director', async () => {
    expect((await get(undefined, '/api/finance/analytics')).statusCode).toBe(401);
    expect((await get(undefined, '/api/finance/analytics/export.xlsx')).statusCode).toBe(401);
    for (const who of ['teacher', 'parent', 'hr']) {
      expect((await get(who, '/api/finance/analytics')).statusCode).toBe(403);
      expect((await get(who, '/api/finance/analytics/export.xlsx?chart=weekly')).statusCode).toBe(403);
    }
    for (const who of ['principal', 'director']) expect((await get(who, '/api/finance/analytics')).statusCode).toBe(200);
  });

  it("another school's term or id is 404; platform staff must name the school", async () => {
    const rsTerm = (await termsOf(riverside)).find((x) => x.isCurrent)!;
    const res = await get('finance', `/api/finance/analytics?termId=${rsTerm.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(rsTerm.startsOn);
    expect((await get('finance', `/api/finance/analytics?schoolId=${riverside}`)).statusCode).toBe(404);
    expect((await get('finance', `/api/finance/analytics/export.xlsx?termId=${rsTerm.id}`)).statusCode).toBe(404);
    expect((await get('admin', '/api/finance/analytics')).statusCode).toBe(400);
    const a = await analytics('admin', `?schoolId=${riverside}`);
    expect(a.term?.id).toBe(rsTerm.id);
  });

  it('400 with fields for a malformed term id or an unknown chart', async () => {
    const res = await get('finance', '/api/finance/analytics?termId=term-3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.termId).toBe(fm.api.termInvalid);
    const bad = await get('finance', '/api/finance/analytics/export.xlsx?chart=pie');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.chart).toBe(fm.api.chartInvalid);
  });
});

describe('GET /api/finance/analytics/export.xlsx', () => {
  const workbook = async (query: string) => {
    const res = await get('finance', `/api/finance/analytics/export.xlsx${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return { wb, disposition: String(res.headers['content-disposition']) };
  };

  it('exports one chart as a sheet holding the same figures', async () => {
    const a = await analytics();
    const { wb, disposition } = await workbook('?chart=weekly');
    expect(disposition).toContain(`financial-analytics-weekly-${a.term!.academicYear}-term-${a.term!.number}.xlsx`);
    expect(wb.worksheets.map((w) => w.name)).toEqual([fm.sheets.weekly]);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe(fm.cols.week);
    expect(ws.rowCount).toBe(a.weekly.length + 1);
    // A real Excel date (shown dd/mm/yyyy), not text.
    const weekCell = ws.getRow(3).getCell(2);
    expect((weekCell.value as Date).toISOString().slice(0, 10)).toBe(a.weekly[1]!.weekStart);
    expect(weekCell.numFmt).toBe('dd/mm/yyyy');
    // Every week's figures as the screen has them; a week not started yet (null) is an empty cell.
    a.weekly.forEach((w, i) => {
      const row = ws.getRow(i + 2);
      expect([3, 4, 5, 6].map((n) => row.getCell(n).value)).toEqual([w.collected, w.cumulative, w.lastYearCollected, w.lastYearCumulative]);
    });

    const levels = (await workbook('?chart=byLevel')).wb.worksheets[0]!;
    expect(levels.getRow(2).getCell(1).value).toBe(a.byLevel[0]!.level);
    expect(levels.getRow(2).getCell(2).value).toBe(a.byLevel[0]!.invoiced);
    expect(levels.getRow(2).getCell(4).value).toBe(Math.round(a.byLevel[0]!.rate * 1000) / 10);
  });

  it('exports every chart, one sheet each, for the term asked for', async () => {
    const t1 = (await termsOf(greenhill)).find((x) => x.year === demo.yearName && x.number === 1)!;
    const a = await analytics('finance', `?termId=${t1.id}`);
    const { wb, disposition } = await workbook(`?termId=${t1.id}`);
    expect(disposition).toContain(`financial-analytics-all-${demo.yearName}-term-1.xlsx`);
    expect(wb.worksheets.map((w) => w.name)).toEqual(Object.values(fm.sheets));
    const projection = wb.getWorksheet(fm.sheets.projection)!;
    expect(projection.getRow(8).getCell(1).value).toBe(fm.projectionRows.projectedTermEnd);
    expect(projection.getRow(8).getCell(2).value).toBe(a.projection!.projectedTermEnd);
    const arrears = wb.getWorksheet(fm.sheets.topArrears)!;
    expect(arrears.rowCount).toBe(a.topArrears.length + 1);
    if (a.topArrears[0]) expect(arrears.getRow(2).getCell(4).value).toBe(a.topArrears[0].balance);
  });

  it('the projection sheet states the bases of "Collected to date" and "Collection rate" as the screen does (issue 34)', async () => {
    const a = await analytics();
    const c = a.collection!;
    const ws = (await workbook('?chart=projection')).wb.worksheets[0]!;
    const byLabel = new Map<string, unknown>();
    ws.eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(byLabel.get(fm.projectionRows.collectionRate)).toBe(Math.round(c.rate * 1000) / 10);
    const whole = (kes: number) => Math.round(kes).toLocaleString('en-KE');
    const [y, mo, d] = c.receivedFrom.split('-');
    const collected = String(byLabel.get(fm.projectionRows.collectedBasis));
    expect(collected).toBe(fm.web.kpiCollectedBasis(formatDay(c.receivedFrom), formatDay(c.receivedTo), c.receivedShare));
    expect(collected).toContain(`${d}/${mo}/${y} – `);
    expect(byLabel.get(fm.projectionRows.rateBasis)).toBe(fm.web.kpiRateBasis(whole(c.paidOnInvoices), whole(c.invoiced)));
    expect(String(byLabel.get(fm.projectionRows.rateBasis))).toContain(`KES ${whole(c.invoiced)}`);
  });
});
