import type { Actor } from '../../../shared/access.js';
import type { VoteHeadAccount, VoteHeadCashBook, VoteHeadCashBookQuery } from '../../../shared/contracts/vote-heads.js';
import { schoolToday } from '../../../shared/dates.js';
import { VOTE_HEAD_ACCOUNT_LABELS, voteHeadsMessages } from '../../../shared/messages/vote-heads.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { formatDay } from '../../lib/pdf.js';
import type { ReportDoc } from '../../lib/report-doc.js';
import { inSchool } from '../../lib/school-context.js';
import { schoolVoteHeads } from './allocation.repository.js';
import { movements, voteHeadAccounts } from './cash-book.repository.js';

const m = voteHeadsMessages;
const r = m.report;
const MAX_DAYS = 366 * 5;

/**
 * The vote-head cash book (issue 35 §3, §6; decision 0028): for each vote head of the school, money in
 * (fee payments less reversals as allocated to it, by the day paid; capitation grants as split over
 * vote heads, by the day received) and money out (paid expenses whose category is charged to it, on
 * the day paid, else the day spent), with the opening balance (everything before `from`), the period's
 * days and the closing balance; totals; and income by vote head (fees, capitation, share of income).
 * Cents internally; the answer in KES.
 */

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** from/to (inclusive): `to` defaults to today, `from` to 1 January of `to`'s year; 400 when reversed or longer than five years. */
export function cashBookPeriod(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? schoolToday();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (to < from) throw badRequest(m.periodInvalid, { to: m.periodInvalid });
  if (daysBetween(from, to) > MAX_DAYS) throw badRequest(m.periodTooLong, { from: m.periodTooLong });
  return { from, to };
}

/** GET /api/reports/vote-head-cash-book?from=&to= (finance officer): the cash book in the API's shape, with the school id for exports. */
export async function voteHeadCashBook(database: Database, actor: Actor, q: VoteHeadCashBookQuery): Promise<VoteHeadCashBook & { schoolId: string }> {
  const { from, to } = cashBookPeriod(q);
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const heads = await schoolVoteHeads(tx, schoolId);
    const [rows, accountOf] = await Promise.all([movements(tx, schoolId, from, to), voteHeadAccounts(tx, schoolId)]);
    interface Acc {
      opening: number;
      fees: number;
      capitation: number;
      out: number;
      days: Map<string, { in: number; out: number }>;
    }
    const acc = new Map<string, Acc>(heads.map((h) => [h.id, { opening: 0, fees: 0, capitation: 0, out: 0, days: new Map() }]));
    let unassignedOut = 0;
    for (const row of rows) {
      const cents = Number(row.cents);
      if (!row.voteHeadId) {
        if (row.day && row.source === 'expense') unassignedOut += cents;
        continue;
      }
      const a = acc.get(row.voteHeadId);
      if (!a) continue;
      const signed = row.source === 'expense' ? -cents : cents;
      if (!row.day) {
        a.opening += signed;
        continue;
      }
      if (row.source === 'fees') a.fees += cents;
      else if (row.source === 'capitation') a.capitation += cents;
      else a.out += cents;
      const d = a.days.get(row.day) ?? { in: 0, out: 0 };
      if (row.source === 'expense') d.out += cents;
      else d.in += cents;
      a.days.set(row.day, d);
    }
    const voteHeads = heads
      .map((h) => {
        const a = acc.get(h.id)!;
        let running = a.opening;
        const days = [...a.days.entries()]
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([date, d]) => {
            running += d.in - d.out;
            return { date, moneyIn: centsToKes(d.in), moneyOut: centsToKes(d.out), closing: centsToKes(running) };
          });
        const moneyIn = a.fees + a.capitation;
        return {
          voteHeadId: h.id,
          code: h.code,
          name: h.name,
          account: (accountOf.get(h.id) ?? 'operations') as VoteHeadAccount,
          opening: centsToKes(a.opening),
          moneyIn: centsToKes(moneyIn),
          moneyOut: centsToKes(a.out),
          closing: centsToKes(a.opening + moneyIn - a.out),
          days,
          active: h.active,
          cents: { opening: a.opening, fees: a.fees, capitation: a.capitation, out: a.out },
        };
      })
      // Inactive vote heads with nothing on them stay out of the book.
      .filter((v) => v.active || v.cents.opening || v.cents.fees || v.cents.capitation || v.cents.out);
    const sum = (f: (v: (typeof voteHeads)[number]) => number) => voteHeads.reduce((s, v) => s + f(v), 0);
    const opening = sum((v) => v.cents.opening);
    const moneyIn = sum((v) => v.cents.fees + v.cents.capitation);
    const moneyOut = sum((v) => v.cents.out);
    const income = voteHeads.filter((v) => v.cents.fees || v.cents.capitation);
    return {
      schoolId,
      from,
      to,
      voteHeads: voteHeads.map(({ active: _a, cents: _c, ...v }) => v),
      totals: { opening: centsToKes(opening), moneyIn: centsToKes(moneyIn), moneyOut: centsToKes(moneyOut), closing: centsToKes(opening + moneyIn - moneyOut) },
      incomeByVoteHead: income.map((v) => ({
        voteHeadId: v.voteHeadId,
        name: v.name,
        fees: centsToKes(v.cents.fees),
        capitation: centsToKes(v.cents.capitation),
        total: centsToKes(v.cents.fees + v.cents.capitation),
        share: moneyIn ? Math.round(((v.cents.fees + v.cents.capitation) / moneyIn) * 1000) / 10 : 0,
      })),
      unassignedOut: centsToKes(unassignedOut),
    };
  });
}

/** The cash book as a report document (PDF with the letterhead, or a workbook): lib/report-doc.ts. */
export function voteHeadCashBookDoc(b: VoteHeadCashBook): ReportDoc {
  const incomeTotal = b.incomeByVoteHead.reduce((s, x) => s + x.total, 0);
  return {
    fileBase: `${r.file}-${b.from}-to-${b.to}`,
    title: r.title,
    lines: [r.period(formatDay(b.from), formatDay(b.to))],
    summary: [
      { label: r.opening, value: b.totals.opening, kind: 'money' },
      { label: r.moneyIn, value: b.totals.moneyIn, kind: 'money' },
      { label: r.moneyOut, value: b.totals.moneyOut, kind: 'money' },
      { label: r.closing, value: b.totals.closing, kind: 'money' },
    ],
    note: b.unassignedOut ? `${r.rule} ${r.unassigned}: KES ${b.unassignedOut.toFixed(2)}.` : r.rule,
    tables: [
      {
        title: r.summarySection,
        sheet: r.summarySection,
        columns: [
          { header: r.voteHead, width: 7 },
          { header: r.account, width: 4 },
          { header: r.opening, width: 3.5, kind: 'money' },
          { header: r.moneyIn, width: 3.5, kind: 'money' },
          { header: r.moneyOut, width: 3.5, kind: 'money' },
          { header: r.closing, width: 3.5, kind: 'money' },
        ],
        rows: b.voteHeads.map((v) => [v.name, VOTE_HEAD_ACCOUNT_LABELS[v.account] ?? v.account, v.opening, v.moneyIn, v.moneyOut, v.closing]),
        total: [r.total, null, b.totals.opening, b.totals.moneyIn, b.totals.moneyOut, b.totals.closing],
      },
      {
        title: r.incomeSection,
        sheet: r.incomeSection,
        columns: [
          { header: r.voteHead, width: 7 },
          { header: r.fees, width: 3.5, kind: 'money' },
          { header: r.capitation, width: 3.5, kind: 'money' },
          { header: r.total, width: 3.5, kind: 'money' },
          { header: r.share, width: 2.5, kind: 'pct' },
        ],
        rows: b.incomeByVoteHead.map((x) => [x.name, x.fees, x.capitation, x.total, x.share]),
        total: b.incomeByVoteHead.length
          ? [r.total, b.incomeByVoteHead.reduce((s, x) => s + x.fees, 0), b.incomeByVoteHead.reduce((s, x) => s + x.capitation, 0), Math.round(incomeTotal * 100) / 100, null]
          : undefined,
      },
      {
        title: r.daysSection,
        sheet: r.daysSection,
        columns: [
          { header: r.voteHead, width: 7 },
          { header: r.date, width: 3.5, kind: 'date' },
          { header: r.moneyIn, width: 3.5, kind: 'money' },
          { header: r.moneyOut, width: 3.5, kind: 'money' },
          { header: r.closing, width: 3.5, kind: 'money' },
        ],
        rows: b.voteHeads.flatMap((v) => v.days.map((d) => [v.name, d.date, d.moneyIn, d.moneyOut, d.closing])),
      },
    ],
  };
}
