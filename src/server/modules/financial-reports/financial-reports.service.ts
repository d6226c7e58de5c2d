import type { Actor } from '../../../shared/access.js';
import {
  AGE_BUCKETS,
  type AgeBucket,
  type ArrearsQuery,
  type ArrearsReport,
  type BudgetVsActualQuery,
  type BudgetVsActualReport,
  type CashBookQuery,
  type CashBookReport,
  type DefaultersReport,
  type ExpensesByCategoryReport,
  type FeeCollectionQuery,
  type FeeCollectionReport,
  type GroupBy,
  type IncomeExpenditureQuery,
  type IncomeExpenditureReport,
  type LabelledAmount,
  type MpesaReconciliationReport,
  type ReportOptions,
} from '../../../shared/contracts/financial-reports.js';
import { monthName, schoolToday } from '../../../shared/dates.js';
import { FEE_CATEGORY_LABELS, METHOD_LABELS, financialReportsMessages as m } from '../../../shared/messages/financial-reports.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { badRequest, notFound } from '../../errors.js';
import { inSchool } from '../../lib/school-context.js';
import * as repo from './financial-reports.repository.js';
import type { TermRow } from './financial-reports.repository.js';

/**
 * Financial reports (issue 15 "Financial reports"), read-only: every figure is computed from the
 * school's rows in one RLS-scoped transaction (fees-context inSchool), summed in integer cents and
 * answered in KES with two decimals. Dates are calendar dates in Africa/Nairobi.
 *
 * Rules (the route docstrings repeat them for /api/docs):
 * - A learner's level and stream are those of the learner's current class (students.class_id).
 * - Balances "as at" a date (arrears, defaulters) replay the invoice_balances allocation with only what
 *   was known then: invoices issued on or before the date (still issued today), adjustments applied and
 *   effective on or before it, payments (and reversals) paid on or before it. Credits settle invoices in
 *   the school's allocation order (oldest first, or the current term first).
 * - Ageing: an unpaid invoice balance is aged by the days from its due date to the as-at date. Buckets
 *   "0-30" (also invoices not yet due), "31-60", "61-90" and "Over 90".
 * - An expense counts when approved or paid; cash book and income & expenditure count paid expenses only,
 *   on the day paid (paid_on, else spent_on).
 */

/** Everything the exports need besides the figures. */
export interface ReportContext {
  schoolId: string;
  /** Filter descriptions printed under the title ("Term 1 2026", "Stream: Grade 7 East"...). */
  filterLines: string[];
}

export type WithContext<T> = T & { ctx: ReportContext };

const MAX_DAYS = 5 * 366;

const n = (v: unknown) => Number(v ?? 0);
const kes = centsToKes;
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The ageing bucket of a balance `days` past its due date (not yet due, negative days, is "0-30"). */
export function ageBucket(days: number): AgeBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'Over 90';
}

/**
 * A period from/to (inclusive): `to` defaults to today, `from` to 1 January of `to`'s year. 400 (field
 * `to`) when `to` is before `from`; 400 (field `from`) for more than five years.
 */
export function resolvePeriod(q: { from?: string; to?: string }, fallback?: { from: string; to: string }, today: string = schoolToday()): { from: string; to: string } {
  const to = q.to ?? fallback?.to ?? today;
  const from = q.from ?? fallback?.from ?? `${to.slice(0, 4)}-01-01`;
  if (to < from) throw badRequest(m.api.toBeforeFrom, { to: m.api.toBeforeFrom });
  if (daysBetween(from, to) > MAX_DAYS) throw badRequest(m.api.rangeTooLong, { from: m.api.rangeTooLong });
  return { from, to };
}

async function termOf(tx: Tx, schoolId: string, termId: string): Promise<TermRow> {
  const t = await repo.findTerm(tx, schoolId, termId);
  if (!t) throw notFound(m.api.termNotFound);
  return t;
}

/** The named level and stream, 404 when not the school's; their filter lines. */
async function streamFilters(tx: Tx, schoolId: string, q: { levelId?: string; classId?: string }): Promise<string[]> {
  const lines: string[] = [];
  if (q.levelId) {
    const l = await repo.findLevelName(tx, schoolId, q.levelId);
    if (!l) throw notFound(m.api.levelNotFound);
    lines.push(`${m.filters.level}: ${l.name}`);
  }
  if (q.classId) {
    const c = await repo.findClassName(tx, schoolId, q.classId);
    if (!c) throw notFound(m.api.classNotFound);
    lines.push(`${m.filters.stream}: ${c.name}`);
  }
  return lines;
}

function labelledFrom(map: Map<string, { label: string; count: number; cents: number }>): LabelledAmount[] {
  return [...map.entries()].map(([key, v]) => ({ key, label: v.label, count: v.count, amount: kes(v.cents) }));
}

function bump(map: Map<string, { label: string; count: number; cents: number }>, key: string, label: string, cents: number, count = 1) {
  const cur = map.get(key) ?? { label, count: 0, cents: 0 };
  cur.count += count;
  cur.cents += cents;
  map.set(key, cur);
}

// ---------------------------------------------------------------------------------------------------
// Fee collection

/**
 * Payments (and reversals, negative) paid in the period, optionally of one method, level or stream,
 * with totals, a split by method and one row per `groupBy` group (day and month newest first; method,
 * level and stream largest first).
 */
export async function feeCollection(database: Database, actor: Actor, q: FeeCollectionQuery): Promise<WithContext<FeeCollectionReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const filterLines: string[] = [];
    let fallback: { from: string; to: string } | undefined;
    if (q.termId) {
      const t = await termOf(tx, schoolId, q.termId);
      fallback = { from: t.startsOn, to: t.endsOn };
      filterLines.push(m.termLine(`${t.name} ${t.year}`));
    }
    const { from, to } = resolvePeriod(q, fallback);
    filterLines.push(...(await streamFilters(tx, schoolId, q)));
    if (q.method) filterLines.push(`${m.filters.method}: ${METHOD_LABELS[q.method] ?? q.method}`);
    const list = await repo.listCollectionPayments(tx, schoolId, { from, to, method: q.method, levelId: q.levelId, classId: q.classId });
    const byMethod = new Map<string, { label: string; count: number; cents: number }>();
    const groups = new Map<string, { label: string; count: number; cents: number }>();
    const levelOrder = new Map<string, number>();
    let receipts = 0;
    let paymentsCents = 0;
    let reversalsCents = 0;
    const learners = new Set<string>();
    for (const p of list) {
      const cents = n(p.amount);
      const isPayment = p.kind === 'payment';
      if (isPayment) {
        receipts++;
        paymentsCents += cents;
        learners.add(p.studentId);
      } else reversalsCents += cents;
      const count = isPayment ? 1 : 0;
      bump(byMethod, p.method, METHOD_LABELS[p.method] ?? p.method, cents, count);
      const g = groupOf(q.groupBy, p);
      if (q.groupBy === 'level' && p.levelOrder !== null) levelOrder.set(g.key, p.levelOrder);
      bump(groups, g.key, g.label, cents, count);
    }
    let groupRows = labelledFrom(groups);
    if (q.groupBy === 'day' || q.groupBy === 'month') groupRows.sort((a, b) => b.key.localeCompare(a.key));
    else if (q.groupBy === 'level') groupRows.sort((a, b) => (levelOrder.get(a.key) ?? 999) - (levelOrder.get(b.key) ?? 999) || a.label.localeCompare(b.label));
    else groupRows = groupRows.sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
    return {
      from,
      to,
      groupBy: q.groupBy,
      totals: { receipts, learners: learners.size, payments: kes(paymentsCents), reversals: kes(reversalsCents), collected: kes(paymentsCents + reversalsCents) },
      byMethod: labelledFrom(byMethod).sort((a, b) => b.amount - a.amount),
      groups: groupRows,
      ctx: { schoolId, filterLines },
    };
  });
}

function groupOf(groupBy: GroupBy, p: { method: string; paidOn: string; classId: string | null; className: string | null; levelId: string | null; levelName: string | null }): { key: string; label: string } {
  switch (groupBy) {
    case 'day':
      return { key: p.paidOn, label: p.paidOn };
    case 'month':
      return { key: p.paidOn.slice(0, 7), label: monthName(p.paidOn.slice(0, 7)) };
    case 'method':
      return { key: p.method, label: METHOD_LABELS[p.method] ?? p.method };
    case 'level':
      return { key: p.levelId ?? 'none', label: p.levelName ?? m.unknownStream };
    case 'class':
      return { key: p.classId ?? 'none', label: p.className ?? m.unknownStream };
  }
}

// ---------------------------------------------------------------------------------------------------
// Balances as at a date

interface OpenInvoice {
  invoiceId: string;
  studentId: string;
  dueOn: string;
  outstanding: number;
  name: string;
  admissionNumber: string;
  stream: string | null;
  level: string | null;
}

/**
 * Every issued invoice with a balance as at `asOf` (the invoice_balances allocation replayed with the
 * invoices, applied adjustments and payments known on that day), for learners of the level/stream.
 */
async function openInvoices(tx: Tx, schoolId: string, asOf: string, q: { levelId?: string; classId?: string }): Promise<OpenInvoice[]> {
  const list = await repo.listOpenInvoicesAsOf(tx, schoolId, asOf, q);
  return list.map((r) => ({ ...r, outstanding: n(r.dueCents) - n(r.paidCents) }));
}

async function asOfContext(tx: Tx, schoolId: string, q: ArrearsQuery) {
  const asOf = q.asOf ?? schoolToday();
  const filterLines = await streamFilters(tx, schoolId, q);
  if (q.minBalance) filterLines.push(`${m.filters.minBalance}: ${kes(q.minBalance).toFixed(2)}`);
  return { asOf, filterLines };
}

/**
 * Arrears with ageing as at `asOf` (default today): every unpaid invoice balance aged by the days from
 * its due date to `asOf` — "0-30" (including invoices not yet due), "31-60", "61-90", "Over 90" — per
 * bucket and per learner (largest total first). minBalance keeps learners owing at least that much.
 */
export async function arrears(database: Database, actor: Actor, q: ArrearsQuery): Promise<WithContext<ArrearsReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { asOf, filterLines } = await asOfContext(tx, schoolId, q);
    const open = await openInvoices(tx, schoolId, asOf, q);
    type Row = ArrearsReport['rows'][number] & { cents: Record<AgeBucket, number> };
    const byLearner = new Map<string, { row: Omit<Row, 'd0to30' | 'd31to60' | 'd61to90' | 'over90' | 'total'>; invoices: { bucket: AgeBucket; cents: number }[] }>();
    for (const inv of open) {
      const entry = byLearner.get(inv.studentId) ?? {
        row: { studentId: inv.studentId, name: inv.name, admissionNumber: inv.admissionNumber, stream: inv.stream, level: inv.level, cents: { '0-30': 0, '31-60': 0, '61-90': 0, 'Over 90': 0 } },
        invoices: [],
      };
      const bucket = ageBucket(daysBetween(inv.dueOn, asOf));
      entry.row.cents[bucket] += inv.outstanding;
      entry.invoices.push({ bucket, cents: inv.outstanding });
      byLearner.set(inv.studentId, entry);
    }
    const kept = [...byLearner.values()].filter((e) => Object.values(e.row.cents).reduce((s, c) => s + c, 0) >= (q.minBalance ?? 1));
    const buckets = AGE_BUCKETS.map((key) => ({ key, label: m.bucketLabels[key] ?? key, invoices: 0, learners: 0, cents: 0 }));
    let invoiceCount = 0;
    for (const e of kept) {
      for (const b of buckets) {
        const its = e.invoices.filter((i) => i.bucket === b.key);
        if (!its.length) continue;
        b.invoices += its.length;
        b.learners += 1;
        b.cents += its.reduce((s, i) => s + i.cents, 0);
      }
      invoiceCount += e.invoices.length;
    }
    const rowsOut = kept
      .map(({ row }) => {
        const c = row.cents;
        const total = c['0-30'] + c['31-60'] + c['61-90'] + c['Over 90'];
        return {
          studentId: row.studentId,
          name: row.name,
          admissionNumber: row.admissionNumber,
          stream: row.stream,
          level: row.level,
          d0to30: kes(c['0-30']),
          d31to60: kes(c['31-60']),
          d61to90: kes(c['61-90']),
          over90: kes(c['Over 90']),
          total: kes(total),
          _total: total,
        };
      })
      .sort((a, b) => b._total - a._total || a.admissionNumber.localeCompare(b.admissionNumber))
      .map(({ _total, ...r }) => r);
    return {
      asOf,
      totals: { learners: kept.length, invoices: invoiceCount, outstanding: kes(buckets.reduce((s, b) => s + b.cents, 0)) },
      buckets: buckets.map(({ cents, ...b }) => ({ ...b, amount: kes(cents) })),
      rows: rowsOut,
      ctx: { schoolId, filterLines },
    };
  });
}

/**
 * Defaulters as at `asOf` (default today): learners with a balance past its due date (due_on before
 * `asOf`) and a total balance of at least minBalance, largest balance first, with days overdue (from
 * the oldest unpaid invoice's due date), the last payment up to `asOf`, and the primary guardian
 * (else the first linked) with phone and e-mail.
 */
export async function defaulters(database: Database, actor: Actor, q: ArrearsQuery): Promise<WithContext<DefaultersReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { asOf, filterLines } = await asOfContext(tx, schoolId, q);
    const open = await openInvoices(tx, schoolId, asOf, q);
    const byLearner = new Map<string, { inv: OpenInvoice; balance: number; overdue: number; oldestDue: string | null }>();
    for (const inv of open) {
      const e = byLearner.get(inv.studentId) ?? { inv, balance: 0, overdue: 0, oldestDue: null };
      e.balance += inv.outstanding;
      if (inv.dueOn < asOf) {
        e.overdue += inv.outstanding;
        if (!e.oldestDue || inv.dueOn < e.oldestDue) e.oldestDue = inv.dueOn;
      }
      byLearner.set(inv.studentId, e);
    }
    const list = [...byLearner.values()].filter((e) => e.overdue > 0 && e.balance >= (q.minBalance ?? 1));
    const ids = list.map((e) => e.inv.studentId);
    const extra = ids.length
      ? await repo.listDefaulterContacts(tx, schoolId, asOf, ids)
      : [];
    const extraOf = new Map(extra.map((x) => [x.studentId, x]));
    const rowsOut = list
      .sort((a, b) => b.balance - a.balance || a.inv.admissionNumber.localeCompare(b.inv.admissionNumber))
      .map((e) => {
        const x = extraOf.get(e.inv.studentId);
        return {
          studentId: e.inv.studentId,
          name: e.inv.name,
          admissionNumber: e.inv.admissionNumber,
          stream: e.inv.stream,
          level: e.inv.level,
          balance: kes(e.balance),
          overdue: kes(e.overdue),
          daysOverdue: e.oldestDue ? daysBetween(e.oldestDue, asOf) : 0,
          lastPaymentOn: x?.lastOn ?? null,
          lastPaymentAmount: x?.lastAmount == null ? null : kes(n(x.lastAmount)),
          guardianName: x?.gName ?? null,
          guardianPhone: x?.gPhone ?? null,
          guardianEmail: x?.gEmail ?? null,
        };
      });
    return {
      asOf,
      totals: { learners: list.length, balance: kes(list.reduce((s, e) => s + e.balance, 0)), overdue: kes(list.reduce((s, e) => s + e.overdue, 0)) },
      rows: rowsOut,
      ctx: { schoolId, filterLines },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Cash book

/**
 * The cash book of the period: money in = fee payments by method (reversals negative), money out = paid
 * expenses on the day paid; opening balance = all money in less all money out before `from`; per day
 * in, out, net and closing balance (oldest first), and every entry.
 */
export async function cashBook(database: Database, actor: Actor, q: CashBookQuery): Promise<WithContext<CashBookReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { from, to } = resolvePeriod(q);
    const opening = await repo.cashBeforeDate(tx, schoolId, from);
    const ins = await repo.listCashIn(tx, schoolId, from, to);
    const outs = await repo.listCashOut(tx, schoolId, from, to);
    const openingCents = n(opening?.inCents) - n(opening?.outCents);
    const inByMethod = new Map<string, { label: string; count: number; cents: number }>();
    const outByMethod = new Map<string, { label: string; count: number; cents: number }>();
    const days = new Map<string, { inC: number; outC: number }>();
    const entries: CashBookReport['entries'] = [];
    for (const p of ins) {
      const cents = n(p.amount);
      bump(inByMethod, p.method, METHOD_LABELS[p.method] ?? p.method, cents, p.kind === 'payment' ? 1 : 0);
      const d = days.get(p.date) ?? { inC: 0, outC: 0 };
      d.inC += cents;
      days.set(p.date, d);
      entries.push({
        date: p.date,
        direction: 'in',
        reference: p.kind === 'payment' ? p.receipt : p.origReceipt,
        description: `${p.kind === 'payment' ? m.feesCollected : `${m.stat.reversals}`}: ${p.name} (${p.adm})`,
        method: METHOD_LABELS[p.method] ?? p.method,
        amount: kes(cents),
      });
    }
    for (const e of outs) {
      const cents = n(e.amount);
      bump(outByMethod, e.method, METHOD_LABELS[e.method] ?? e.method, cents);
      const d = days.get(e.date) ?? { inC: 0, outC: 0 };
      d.outC += cents;
      days.set(e.date, d);
      entries.push({ date: e.date, direction: 'out', reference: e.number, description: `${e.category}: ${e.payee} (${e.description})`, method: METHOD_LABELS[e.method] ?? e.method, amount: kes(cents) });
    }
    entries.sort((a, b) => a.date.localeCompare(b.date) || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1));
    let running = openingCents;
    let totalIn = 0;
    let totalOut = 0;
    const dayRows = [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, d]) => {
        running += d.inC - d.outC;
        totalIn += d.inC;
        totalOut += d.outC;
        return { date, moneyIn: kes(d.inC), moneyOut: kes(d.outC), net: kes(d.inC - d.outC), closing: kes(running) };
      });
    return {
      from,
      to,
      openingBalance: kes(openingCents),
      totals: { moneyIn: kes(totalIn), moneyOut: kes(totalOut), net: kes(totalIn - totalOut), closingBalance: kes(openingCents + totalIn - totalOut) },
      inByMethod: labelledFrom(inByMethod).sort((a, b) => b.amount - a.amount),
      outByMethod: labelledFrom(outByMethod).sort((a, b) => b.amount - a.amount),
      days: dayRows,
      entries,
      ctx: { schoolId, filterLines: [] },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Income and expenditure

async function termPeriod(tx: Tx, schoolId: string, q: { from?: string; to?: string; termId?: string }) {
  let fallback: { from: string; to: string } | undefined;
  const filterLines: string[] = [];
  if (q.termId) {
    const t = await termOf(tx, schoolId, q.termId);
    fallback = { from: t.startsOn, to: t.endsOn };
    filterLines.push(m.termLine(`${t.name} ${t.year}`));
  }
  return { ...resolvePeriod(q, fallback), filterLines };
}

/**
 * Income and expenditure of the period (from/to, or the term's dates): income = fees collected
 * (payments less reversals paid in the period) by method, with fees invoiced (issued invoices' lines
 * issued in the period) by category for reference; expenditure = paid expenses by category (on the day
 * paid) and "Salaries (payroll)" = employer cost of approved payroll runs with a pay date in the
 * period; surplus = income − expenditure.
 */
export async function incomeExpenditure(database: Database, actor: Actor, q: IncomeExpenditureQuery): Promise<WithContext<IncomeExpenditureReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { from, to, filterLines } = await termPeriod(tx, schoolId, q);
    const collected = await repo.collectedByMethod(tx, schoolId, from, to);
    const invoiced = await repo.invoicedByCategory(tx, schoolId, from, to);
    const spent = await repo.paidExpensesByCategory(tx, schoolId, from, to);
    const payroll = await repo.approvedPayrollCost(tx, schoolId, from, to);
    const collectedCents = collected.reduce((s, r) => s + n(r.cents), 0);
    const lines: LabelledAmount[] = spent.map((r) => ({ key: r.id, label: r.name, count: r.count, amount: kes(n(r.cents)) }));
    const payrollCents = n(payroll?.cents);
    if (payrollCents > 0 || (payroll?.count ?? 0) > 0) lines.push({ key: 'payroll', label: m.salaries, count: payroll!.count, amount: kes(payrollCents) });
    const expenditureCents = spent.reduce((s, r) => s + n(r.cents), 0) + payrollCents;
    return {
      from,
      to,
      termId: q.termId ?? null,
      income: {
        collected: kes(collectedCents),
        byMethod: collected.map((r) => ({ key: r.method, label: METHOD_LABELS[r.method] ?? r.method, count: r.count, amount: kes(n(r.cents)) })),
        invoiced: kes(invoiced.reduce((s, r) => s + n(r.cents), 0)),
        invoicedByCategory: invoiced.map((r) => ({ key: r.category, label: FEE_CATEGORY_LABELS[r.category] ?? r.category, count: r.count, amount: kes(n(r.cents)) })),
      },
      expenditure: { total: kes(expenditureCents), lines },
      surplus: kes(collectedCents - expenditureCents),
      ctx: { schoolId, filterLines },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// M-Pesa reconciliation

/**
 * M-Pesa reconciliation of the period (by the transaction's day in Africa/Nairobi): received (every
 * transaction), matched, posted to learners (payments made from matched transactions), unmatched and
 * refunded, M-Pesa payments recorded by hand, per day (newest first), and the unmatched and refunded
 * transactions to follow up.
 */
export async function mpesaReconciliation(database: Database, actor: Actor, q: { from?: string; to?: string }): Promise<WithContext<MpesaReconciliationReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { from, to } = resolvePeriod(q);
    const list = await repo.listMpesaTransactions(tx, schoolId, from, to);
    const manual = await repo.manualMpesaPayments(tx, schoolId, from, to);
    const tot = { received: [0, 0], matched: [0, 0], postedToLearners: [0, 0], unmatched: [0, 0], refunded: [0, 0] } as Record<string, [number, number]>;
    const add = (k: string, cents: number) => {
      tot[k]![0] += 1;
      tot[k]![1] += cents;
    };
    const days = new Map<string, { count: number; received: number; posted: number; unmatched: number; refunded: number }>();
    const exceptions: MpesaReconciliationReport['exceptions'] = [];
    for (const t of list) {
      const cents = n(t.amount);
      add('received', cents);
      if (t.status === 'matched' || t.status === 'unmatched' || t.status === 'refunded') add(t.status, cents);
      if (t.posted !== null) add('postedToLearners', n(t.posted));
      const d = days.get(t.day) ?? { count: 0, received: 0, posted: 0, unmatched: 0, refunded: 0 };
      d.count++;
      d.received += cents;
      d.posted += n(t.posted);
      if (t.status === 'unmatched') d.unmatched += cents;
      if (t.status === 'refunded') d.refunded += cents;
      days.set(t.day, d);
      if (t.status !== 'matched') exceptions.push({ transId: t.transId, receivedOn: t.day, amount: kes(cents), msisdn: t.msisdn, payerName: t.payerName, billRef: t.billRef, status: t.status, note: t.note });
    }
    const ca = (k: string) => ({ count: tot[k]![0], amount: kes(tot[k]![1]) });
    return {
      from,
      to,
      totals: {
        received: ca('received'),
        matched: ca('matched'),
        postedToLearners: ca('postedToLearners'),
        unmatched: ca('unmatched'),
        refunded: ca('refunded'),
        manualMpesa: { count: manual?.count ?? 0, amount: kes(n(manual?.cents)) },
        difference: kes(tot.matched![1] - tot.postedToLearners![1]),
      },
      days: [...days.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([date, d]) => ({ date, count: d.count, received: kes(d.received), posted: kes(d.posted), unmatched: kes(d.unmatched), refunded: kes(d.refunded) })),
      exceptions,
      ctx: { schoolId, filterLines: [] },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Expenses and budgets

/**
 * Expenses by category (approved and paid, by the day spent) of the period, or of a term (expenses
 * filed under it, or without a term and spent within its dates): count, amount, paid, approved but not
 * yet paid, and share of the total; largest first.
 */
export async function expensesByCategory(database: Database, actor: Actor, q: { from?: string; to?: string; termId?: string }): Promise<WithContext<ExpensesByCategoryReport>> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const { from, to, filterLines } = await termPeriod(tx, schoolId, q);
    const list = await repo.expensesByCategory(tx, schoolId, { termId: q.termId, from, to });
    const total = list.reduce((s, r) => s + n(r.cents), 0);
    return {
      from,
      to,
      termId: q.termId ?? null,
      totals: { count: list.reduce((s, r) => s + r.count, 0), amount: kes(total), paid: kes(list.reduce((s, r) => s + n(r.paid), 0)), approved: kes(list.reduce((s, r) => s + n(r.approved), 0)) },
      rows: list
        .map((r) => ({ categoryId: r.id, name: r.name, count: r.count, amount: kes(n(r.cents)), paid: kes(n(r.paid)), approved: kes(n(r.approved)), share: pct(n(r.cents), total) }))
        .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
      ctx: { schoolId, filterLines },
    };
  });
}

/** Budget status of a category: over (actual above budget), near (90% or more used), under, or unbudgeted. */
export function budgetStatus(budgetCents: number, actualCents: number): BudgetVsActualReport['rows'][number]['status'] {
  if (budgetCents <= 0) return actualCents > 0 ? 'unbudgeted' : 'under';
  if (actualCents > budgetCents) return 'over';
  if (actualCents * 10 >= budgetCents * 9) return 'near';
  return 'under';
}

/**
 * Budget vs actual of a term (termId; its term budgets) or a calendar year (year; its year budgets, or
 * where a category has none, the sum of its term budgets that year). Default: the current term, else
 * this year. Actual = approved and paid expenses of the period. Per category: budget, actual, variance
 * (budget − actual) and % used (null without a budget), with a status; 400 when both termId and year.
 */
export async function budgetVsActual(database: Database, actor: Actor, q: BudgetVsActualQuery): Promise<WithContext<BudgetVsActualReport>> {
  if (q.termId && q.year) throw badRequest(m.api.termOrYear, { termId: m.api.termOrYear, year: m.api.termOrYear });
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    let termId = q.termId;
    if (!termId && !q.year) {
      termId = await repo.findCurrentTermId(tx, schoolId);
    }
    let budgetsList: { id: string; cents: string }[];
    let from: string;
    let to: string;
    let year: number;
    let periodLabel: string;
    if (termId) {
      const t = await termOf(tx, schoolId, termId);
      ({ startsOn: from, endsOn: to } = t);
      year = Number(t.startsOn.slice(0, 4));
      periodLabel = `${t.name} ${t.year}`;
      budgetsList = await repo.termBudgets(tx, schoolId, termId);
    } else {
      year = q.year ?? Number(schoolToday().slice(0, 4));
      from = `${year}-01-01`;
      to = `${year}-12-31`;
      periodLabel = m.yearLine(year);
      budgetsList = await repo.yearBudgets(tx, schoolId, year);
    }
    const actual = await repo.expensesByCategory(tx, schoolId, { termId, from, to });
    const names = await repo.listExpenseCategories(tx, schoolId);
    const budgetOf = new Map(budgetsList.map((b) => [b.id, n(b.cents)]));
    const actualOf = new Map(actual.map((a) => [a.id, n(a.cents)]));
    const ids = new Set([...budgetOf.keys(), ...actualOf.keys()]);
    const out = names
      .filter((c) => ids.has(c.id))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
      .map((c) => {
        const b = budgetOf.get(c.id) ?? 0;
        const a = actualOf.get(c.id) ?? 0;
        return { categoryId: c.id, name: c.name, budget: kes(b), actual: kes(a), variance: kes(b - a), percentUsed: b > 0 ? pct(a, b) : null, status: budgetStatus(b, a) };
      });
    const tb = [...budgetOf.values()].reduce((s, v) => s + v, 0);
    const ta = [...actualOf.values()].reduce((s, v) => s + v, 0);
    return {
      termId: termId ?? null,
      year,
      periodLabel,
      from,
      to,
      totals: { budget: kes(tb), actual: kes(ta), variance: kes(tb - ta), percentUsed: tb > 0 ? pct(ta, tb) : null },
      rows: out,
      ctx: { schoolId, filterLines: [periodLabel] },
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Filter options

/** Terms (newest first), grade levels and the current year's streams of the school, for the filters. */
export async function reportOptions(database: Database, actor: Actor): Promise<ReportOptions> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const terms = await repo.listTerms(tx, schoolId);
    const levels = await repo.listLevels(tx, schoolId);
    const classes = await repo.listCurrentStreams(tx, schoolId);
    return {
      today: schoolToday(),
      currentTermId: terms.find((t) => t.isCurrent)?.id ?? null,
      terms: terms.map(({ isCurrent: _c, ...t }) => t),
      levels,
      classes,
    };
  });
}
