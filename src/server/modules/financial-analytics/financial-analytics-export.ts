import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AnalyticsChart } from '../../../shared/contracts/financial-analytics.js';
import { ANALYTICS_CHARTS } from '../../../shared/contracts/financial-analytics.js';
import { METHOD_LABELS, financialAnalyticsMessages as msg } from '../../../shared/messages/financial-analytics.js';
import { formatDay } from '../../../shared/dates.js';
import { addSheetRow, CONTENT_TYPES } from '../../lib/spreadsheet.js';
import type { FinancialAnalyticsResult } from './financial-analytics.service.js';

/**
 * Financial analytics as Excel (issue 15 §3 "Charts, each exportable"): one sheet per chart (the one
 * asked for, or all of them), money as numbers in KES with two decimals, rates and shares as percent
 * with one decimal. Files are named financial-analytics-<chart>-<year>-term-<n>.xlsx.
 */

const c = msg.cols;
type Column<T> = { header: string; width: number; value: (x: T) => string | number | null; money?: boolean };
type A = FinancialAnalyticsResult;

const pct = (v: number) => Math.round(v * 1000) / 10;
/** KES in whole shillings as the screen writes them in its bases (web lib/kes-format kesWhole): "18,836,651". */
const kesWhole = (kes: number) => Math.round(kes).toLocaleString('en-KE', { maximumFractionDigits: 0 });

/** financial-analytics-all-2026-term-3 (no extension). */
export function analyticsFileBase(a: Pick<A, 'term'>, chart: AnalyticsChart | 'all'): string {
  const term = a.term ? `${a.term.academicYear}-term-${a.term.number}` : 'no-term';
  return `financial-analytics-${chart}-${term}`.replace(/[^\w.-]+/g, '-');
}

/** The workbook of the chart(s) as a Buffer. */
export async function analyticsWorkbook(a: A, chart: AnalyticsChart | 'all'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EduFam';
  wb.created = new Date();
  const sheet = <T>(name: string, columns: Column<T>[], rows: readonly T[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((col) => ({ header: col.header, width: col.width, style: col.money ? { numFmt: '#,##0.00' } : undefined }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) {
      const values = columns.map((col) => col.value(row));
      const added = addSheetRow(ws, values);
      // A figure that does not exist yet (a week not started) is an empty cell, not empty text: Excel
      // leaves it out of a chart drawn from the sheet instead of plotting a 0.
      values.forEach((v, i) => {
        if (v === null) added.getCell(i + 1).value = null;
      });
    }
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  };
  const wanted = chart === 'all' ? ANALYTICS_CHARTS : [chart];
  for (const ch of wanted) {
    if (ch === 'weekly') {
      sheet<A['weekly'][number]>(
        msg.sheets.weekly,
        [
          { header: c.week, width: 8, value: (x) => x.week },
          { header: c.weekStart, width: 14, value: (x) => x.weekStart },
          { header: c.collected, width: 18, money: true, value: (x) => x.collected },
          { header: c.cumulative, width: 18, money: true, value: (x) => x.cumulative },
          { header: c.lastYearCollected, width: 24, money: true, value: (x) => x.lastYearCollected },
          { header: c.lastYearCumulative, width: 26, money: true, value: (x) => x.lastYearCumulative },
        ],
        a.weekly,
      );
    } else if (ch === 'byLevel') {
      sheet<A['byLevel'][number]>(
        msg.sheets.byLevel,
        [
          { header: c.level, width: 16, value: (x) => x.level },
          { header: c.invoiced, width: 18, money: true, value: (x) => x.invoiced },
          { header: c.collected, width: 18, money: true, value: (x) => x.collected },
          { header: c.rate, width: 18, value: (x) => pct(x.rate) },
        ],
        a.byLevel,
      );
    } else if (ch === 'methods') {
      sheet<A['methods'][number]>(
        msg.sheets.methods,
        [
          { header: c.method, width: 16, value: (x) => METHOD_LABELS[x.method] ?? x.method },
          { header: c.amount, width: 18, money: true, value: (x) => x.amount },
          { header: c.payments, width: 10, value: (x) => x.count },
          { header: c.share, width: 10, value: (x) => pct(x.share) },
        ],
        a.methods,
      );
    } else if (ch === 'expensesByCategory') {
      sheet<A['expensesByCategory'][number]>(
        msg.sheets.expensesByCategory,
        [
          { header: c.category, width: 26, value: (x) => x.category },
          { header: c.amount, width: 18, money: true, value: (x) => x.amount },
          { header: c.share, width: 10, value: (x) => pct(x.share) },
        ],
        a.expensesByCategory,
      );
    } else if (ch === 'projection') {
      const p = a.projection;
      const col = a.collection;
      const r = msg.projectionRows;
      const rows: { label: string; value: string | number }[] = p
        ? [
            { label: r.term, value: a.term ? `${a.term.name} ${a.term.academicYear}` : '' },
            { label: r.invoiced, value: p.invoiced },
            { label: r.collectedToDate, value: p.collectedToDate },
            { label: r.daysElapsed, value: p.daysElapsed },
            { label: r.daysInTerm, value: p.daysInTerm },
            { label: r.pacePerDay, value: p.pacePerDay },
            { label: r.projectedTermEnd, value: p.projectedTermEnd },
            { label: r.projectedRate, value: pct(p.projectedRate) },
            { label: r.rule, value: r.ruleText },
            // The bases of the headline figures, in the screen's words (issue 34).
            ...(col
              ? [
                  { label: r.collectionRate, value: pct(col.rate) },
                  { label: r.collectedBasis, value: msg.web.kpiCollectedBasis(formatDay(col.receivedFrom), formatDay(col.receivedTo), col.receivedShare) },
                  { label: r.rateBasis, value: msg.web.kpiRateBasis(kesWhole(col.paidOnInvoices), kesWhole(col.invoiced)) },
                ]
              : []),
          ]
        : [];
      sheet<{ label: string; value: string | number }>(
        msg.sheets.projection,
        [
          { header: c.figure, width: 36, value: (x) => x.label },
          { header: c.value, width: 22, value: (x) => x.value },
        ],
        rows,
      );
      const ws = wb.getWorksheet(msg.sheets.projection)!;
      for (const i of [3, 4, 7, 8]) ws.getCell(`B${i}`).numFmt = '#,##0.00';
    } else {
      sheet<A['topArrears'][number]>(
        msg.sheets.topArrears,
        [
          { header: c.admissionNumber, width: 12, value: (x) => x.admissionNumber },
          { header: c.name, width: 30, value: (x) => x.name },
          { header: c.stream, width: 16, value: (x) => x.stream ?? '' },
          { header: c.balance, width: 16, money: true, value: (x) => x.balance },
          { header: c.daysOverdue, width: 14, value: (x) => x.daysOverdue },
        ],
        a.topArrears,
      );
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends the workbook as an attachment. */
export async function sendAnalyticsXlsx(reply: FastifyReply, a: A, chart: AnalyticsChart | 'all'): Promise<FastifyReply> {
  reply.header('content-type', CONTENT_TYPES.xlsx);
  reply.header('content-disposition', `attachment; filename="${analyticsFileBase(a, chart)}.xlsx"`);
  reply.header('cache-control', 'no-store');
  return reply.send(await analyticsWorkbook(a, chart));
}
