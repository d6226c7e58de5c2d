import type { ReportData } from '../../../shared/contracts/financial-report-data.js';
import { BUDGET_STATUS_LABELS, GROUP_BY_LABELS, MPESA_STATUS_LABELS, financialReportsMessages as m, type ReportId } from '../../../shared/messages/financial-reports.js';
import { formatDay } from '../../lib/pdf.js';
import type { DocTable, ReportDoc } from '../../lib/report-doc.js';
import type { ReportContext, WithContext } from './financial-reports.service.js';

/**
 * Financial reports as documents (issue 15 "as PDF (with the school header) and Excel"). Every report
 * is first described as a ReportDoc (title, period lines, headline figures, tables) and the same
 * description is printed as an A4 PDF with the school's letterhead and "Page n of m", or written as a
 * workbook: a Summary sheet, then one sheet per table with money as numbers (KES, two decimals). Files
 * are attachments named <report>-<from>-to-<to> (or <report>-as-at-<date>).
 */

const col = m.col;
const st = m.stat;

const periodLine = (from: string, to: string) => m.period(formatDay(from), formatDay(to));
const labelledTable = (title: string, sheet: string, first: string, rows: { label: string; count: number; amount: number }[], countHeader: string = col.count): DocTable => {
  const total = rows.reduce((s, r) => s + r.amount, 0);
  return {
    title,
    sheet,
    columns: [
      { header: first, width: 8 },
      { header: countHeader, width: 3, kind: 'int' },
      { header: col.amount, width: 5, kind: 'money' },
      { header: col.share, width: 3, kind: 'pct' },
    ],
    rows: rows.map((r) => [r.label, r.count, r.amount, total ? Math.round((r.amount / total) * 1000) / 10 : 0]),
    total: rows.length ? [m.total, rows.reduce((s, r) => s + r.count, 0), Math.round(total * 100) / 100, null] : undefined,
  };
};

export function feeCollectionDoc(r: ReportData['fee-collection'], ctx: ReportContext): ReportDoc {
  const g = GROUP_BY_LABELS[r.groupBy] ?? r.groupBy;
  return {
    fileBase: `${m.reports['fee-collection'].file}-${r.from}-to-${r.to}`,
    title: m.reports['fee-collection'].title,
    lines: [periodLine(r.from, r.to), ...ctx.filterLines],
    summary: [
      { label: st.collected, value: r.totals.collected, kind: 'money' },
      { label: st.receipts, value: r.totals.receipts, kind: 'int' },
      { label: st.reversals, value: r.totals.reversals, kind: 'money' },
      { label: st.learnersPaying, value: r.totals.learners, kind: 'int' },
    ],
    tables: [labelledTable(m.section.byMethod, 'By method', col.method, r.byMethod, col.receipts), labelledTable(m.section.groups(g), `By ${r.groupBy}`, g, r.groups, col.receipts)],
  };
}

export function arrearsDoc(r: ReportData['arrears'], ctx: ReportContext): ReportDoc {
  return {
    fileBase: `${m.reports.arrears.file}-as-at-${r.asOf}`,
    title: m.reports.arrears.title,
    lines: [m.asAt(formatDay(r.asOf)), ...ctx.filterLines],
    summary: [
      { label: st.outstanding, value: r.totals.outstanding, kind: 'money' },
      { label: st.learnersOwing, value: r.totals.learners, kind: 'int' },
      { label: st.invoicesOwing, value: r.totals.invoices, kind: 'int' },
      { label: st.over90, value: r.buckets.find((b) => b.key === 'Over 90')?.amount ?? 0, kind: 'money' },
    ],
    note: m.ageingRule,
    tables: [
      {
        title: m.section.buckets,
        sheet: 'Ageing',
        columns: [
          { header: col.bucket, width: 5 },
          { header: col.invoices, width: 3, kind: 'int' },
          { header: col.learners, width: 3, kind: 'int' },
          { header: col.amount, width: 5, kind: 'money' },
        ],
        rows: r.buckets.map((b) => [b.key, b.invoices, b.learners, b.amount]),
        total: [m.total, r.totals.invoices, r.totals.learners, r.totals.outstanding],
      },
      {
        title: m.section.byLearner,
        sheet: 'By learner',
        columns: [
          { header: col.admission, width: 4 },
          { header: col.learner, width: 8 },
          { header: col.stream, width: 5 },
          { header: '0-30 (KES)', width: 4, kind: 'money' },
          { header: '31-60 (KES)', width: 4, kind: 'money' },
          { header: '61-90 (KES)', width: 4, kind: 'money' },
          { header: 'Over 90 (KES)', width: 4, kind: 'money' },
          { header: col.balance, width: 4.5, kind: 'money' },
        ],
        rows: r.rows.map((x) => [x.admissionNumber, x.name, x.stream, x.d0to30, x.d31to60, x.d61to90, x.over90, x.total]),
        total: r.rows.length ? [m.total, null, null, ...r.buckets.map((b) => b.amount), r.totals.outstanding] : undefined,
      },
    ],
  };
}

export function defaultersDoc(r: ReportData['defaulters'], ctx: ReportContext): ReportDoc {
  return {
    fileBase: `${m.reports.defaulters.file}-as-at-${r.asOf}`,
    title: m.reports.defaulters.title,
    lines: [m.asAt(formatDay(r.asOf)), ...ctx.filterLines],
    summary: [
      { label: st.defaulters, value: r.totals.learners, kind: 'int' },
      { label: st.overdueTotal, value: r.totals.overdue, kind: 'money' },
      { label: st.balanceTotal, value: r.totals.balance, kind: 'money' },
    ],
    note: m.defaulterRule,
    tables: [
      {
        title: m.reports.defaulters.title,
        sheet: 'Defaulters',
        columns: [
          { header: col.admission, width: 4 },
          { header: col.learner, width: 7 },
          { header: col.stream, width: 4.5 },
          { header: col.balance, width: 4, kind: 'money' },
          { header: col.overdue, width: 4, kind: 'money' },
          { header: col.daysOverdue, width: 2.8, kind: 'int' },
          { header: col.lastPayment, width: 3.8, kind: 'date' },
          { header: col.guardian, width: 6 },
          { header: col.phone, width: 4.2 },
          { header: col.email, width: 6 },
        ],
        rows: r.rows.map((x) => [x.admissionNumber, x.name, x.stream, x.balance, x.overdue, x.daysOverdue, x.lastPaymentOn, x.guardianName, x.guardianPhone, x.guardianEmail]),
      },
    ],
  };
}

export function cashBookDoc(r: ReportData['cash-book']): ReportDoc {
  return {
    fileBase: `${m.reports['cash-book'].file}-${r.from}-to-${r.to}`,
    title: m.reports['cash-book'].title,
    lines: [periodLine(r.from, r.to)],
    summary: [
      { label: st.opening, value: r.openingBalance, kind: 'money' },
      { label: st.moneyIn, value: r.totals.moneyIn, kind: 'money' },
      { label: st.moneyOut, value: r.totals.moneyOut, kind: 'money' },
      { label: st.closing, value: r.totals.closingBalance, kind: 'money' },
    ],
    note: m.cashBookRule,
    tables: [
      labelledTable(m.section.byMethod, 'Money in by method', col.method, r.inByMethod, col.receipts),
      {
        title: m.section.days,
        sheet: 'By day',
        columns: [
          { header: col.date, width: 4, kind: 'date' },
          { header: col.moneyIn, width: 4, kind: 'money' },
          { header: col.moneyOut, width: 4, kind: 'money' },
          { header: col.net, width: 4, kind: 'money' },
          { header: col.closing, width: 4.5, kind: 'money' },
        ],
        rows: r.days.map((d) => [d.date, d.moneyIn, d.moneyOut, d.net, d.closing]),
        total: r.days.length ? [m.total, r.totals.moneyIn, r.totals.moneyOut, r.totals.net, r.totals.closingBalance] : undefined,
      },
      {
        title: m.section.entries,
        sheet: 'Entries',
        columns: [
          { header: col.date, width: 3.5, kind: 'date' },
          { header: col.kind, width: 2 },
          { header: col.reference, width: 4 },
          { header: col.description, width: 12 },
          { header: col.method, width: 3.5 },
          { header: col.amount, width: 4, kind: 'money' },
        ],
        rows: r.entries.map((e) => [e.date, m.directionLabels[e.direction] ?? e.direction, e.reference, e.description, e.method, e.amount]),
      },
    ],
  };
}

export function incomeExpenditureDoc(r: ReportData['income-expenditure'], ctx: ReportContext): ReportDoc {
  return {
    fileBase: `${m.reports['income-expenditure'].file}-${r.from}-to-${r.to}`,
    title: m.reports['income-expenditure'].title,
    lines: [periodLine(r.from, r.to), ...ctx.filterLines],
    summary: [
      { label: st.income, value: r.income.collected, kind: 'money' },
      { label: st.expenditure, value: r.expenditure.total, kind: 'money' },
      { label: r.surplus < 0 ? st.deficit : st.surplus, value: r.surplus, kind: 'money' },
      { label: st.invoiced, value: r.income.invoiced, kind: 'money' },
    ],
    note: m.incomeRule,
    tables: [
      labelledTable(m.section.incomeByMethod, 'Income', col.method, r.income.byMethod, col.receipts),
      labelledTable(m.section.expenditure, 'Expenditure', col.category, r.expenditure.lines),
      labelledTable(m.section.invoicedByCategory, 'Invoiced', col.item, r.income.invoicedByCategory, col.count),
    ],
  };
}

export function mpesaDoc(r: ReportData['mpesa-reconciliation']): ReportDoc {
  const t = r.totals;
  return {
    fileBase: `${m.reports['mpesa-reconciliation'].file}-${r.from}-to-${r.to}`,
    title: m.reports['mpesa-reconciliation'].title,
    lines: [periodLine(r.from, r.to)],
    summary: [
      { label: st.received, value: t.received.amount, kind: 'money' },
      { label: st.posted, value: t.postedToLearners.amount, kind: 'money' },
      { label: st.unmatched, value: t.unmatched.amount, kind: 'money' },
      { label: st.refunded, value: t.refunded.amount, kind: 'money' },
      { label: st.manualMpesa, value: t.manualMpesa.amount, kind: 'money' },
      { label: st.difference, value: t.difference, kind: 'money' },
    ],
    note: m.mpesaRule,
    tables: [
      {
        title: m.section.days,
        sheet: 'By day',
        columns: [
          { header: col.date, width: 4, kind: 'date' },
          { header: col.count, width: 2.5, kind: 'int' },
          { header: col.received, width: 4, kind: 'money' },
          { header: col.posted, width: 4, kind: 'money' },
          { header: col.unmatched, width: 4, kind: 'money' },
          { header: col.refunded, width: 4, kind: 'money' },
        ],
        rows: r.days.map((d) => [d.date, d.count, d.received, d.posted, d.unmatched, d.refunded]),
        total: r.days.length ? [m.total, t.received.count, t.received.amount, t.postedToLearners.amount, t.unmatched.amount, t.refunded.amount] : undefined,
      },
      {
        title: m.section.exceptions,
        sheet: 'Exceptions',
        columns: [
          { header: col.date, width: 3.5, kind: 'date' },
          { header: col.transId, width: 4 },
          { header: col.payer, width: 5 },
          { header: col.phoneNumber, width: 4 },
          { header: col.account, width: 3.5 },
          { header: col.amount, width: 3.5, kind: 'money' },
          { header: col.status, width: 3 },
          { header: col.note, width: 6 },
        ],
        rows: r.exceptions.map((x) => [x.receivedOn, x.transId, x.payerName, x.msisdn, x.billRef, x.amount, MPESA_STATUS_LABELS[x.status] ?? x.status, x.note]),
      },
    ],
  };
}

export function expensesDoc(r: ReportData['expenses-by-category'], ctx: ReportContext): ReportDoc {
  return {
    fileBase: `${m.reports['expenses-by-category'].file}-${r.from}-to-${r.to}`,
    title: m.reports['expenses-by-category'].title,
    lines: [periodLine(r.from, r.to), ...ctx.filterLines],
    summary: [
      { label: st.spent, value: r.totals.amount, kind: 'money' },
      { label: st.expenses, value: r.totals.count, kind: 'int' },
      { label: st.categories, value: r.rows.length, kind: 'int' },
    ],
    note: m.expensesRule,
    tables: [
      {
        title: m.section.byCategory,
        sheet: 'By category',
        columns: [
          { header: col.category, width: 7 },
          { header: col.count, width: 2.5, kind: 'int' },
          { header: col.paid, width: 4, kind: 'money' },
          { header: col.approvedUnpaid, width: 4.5, kind: 'money' },
          { header: col.amount, width: 4, kind: 'money' },
          { header: col.share, width: 2.5, kind: 'pct' },
        ],
        rows: r.rows.map((x) => [x.name, x.count, x.paid, x.approved, x.amount, x.share]),
        total: r.rows.length ? [m.total, r.totals.count, r.totals.paid, r.totals.approved, r.totals.amount, 100] : undefined,
      },
    ],
  };
}

export function budgetDoc(r: ReportData['budget-vs-actual']): ReportDoc {
  return {
    fileBase: `${m.reports['budget-vs-actual'].file}-${r.from}-to-${r.to}`,
    title: m.reports['budget-vs-actual'].title,
    lines: [r.periodLabel, periodLine(r.from, r.to)],
    summary: [
      { label: st.budget, value: r.totals.budget, kind: 'money' },
      { label: st.actual, value: r.totals.actual, kind: 'money' },
      { label: st.variance, value: r.totals.variance, kind: 'money' },
      { label: st.used, value: r.totals.percentUsed ?? 0, kind: 'pct' },
    ],
    note: m.budgetRule,
    tables: [
      {
        title: m.section.byCategory,
        sheet: 'Budget vs actual',
        columns: [
          { header: col.category, width: 7 },
          { header: col.budget, width: 4, kind: 'money' },
          { header: col.actual, width: 4, kind: 'money' },
          { header: col.variance, width: 4, kind: 'money' },
          { header: col.percentUsed, width: 2.5, kind: 'pct' },
          { header: col.status, width: 3.5 },
        ],
        rows: r.rows.map((x) => [x.name, x.budget, x.actual, x.variance, x.percentUsed, BUDGET_STATUS_LABELS[x.status] ?? x.status]),
        total: r.rows.length ? [m.total, r.totals.budget, r.totals.actual, r.totals.variance, r.totals.percentUsed, null] : undefined,
      },
    ],
  };
}

/** Each report's document renderer (the context names the school, period and filters). */
const DOCS: { [K in ReportId]: (r: ReportData[K], ctx: ReportContext) => ReportDoc } = {
  'fee-collection': feeCollectionDoc,
  arrears: arrearsDoc,
  defaulters: defaultersDoc,
  'cash-book': cashBookDoc,
  'income-expenditure': incomeExpenditureDoc,
  'mpesa-reconciliation': mpesaDoc,
  'expenses-by-category': expensesDoc,
  'budget-vs-actual': budgetDoc,
};

/** The document of a report's result (`data` is that report's body with its context). */
export function docOf(report: ReportId, data: WithContext<object>): ReportDoc {
  const render = DOCS[report] as (r: ReportData[ReportId], ctx: ReportContext) => ReportDoc;
  return render(data as unknown as ReportData[ReportId], data.ctx);
}

export { reportPdf, reportXlsx, sendReport, type ReportDoc } from '../../lib/report-doc.js';
