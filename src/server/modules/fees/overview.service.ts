import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { FinancialOverview, PaymentMethod } from '../../../shared/contracts/fees.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { currentTerm, termOf, type TermRow } from './structures.service.js';
import { inSchool } from '../../lib/school-context.js';
import { pendingApprovalCount } from '../approvals/index.js';
import * as repo from './overview.repository.js';

/**
 * The financial overview (issue 11 §2: finance officer, principal, director): the term's expected fees
 * against what has been paid, by level, stream and method, daily collections, top defaulters and the
 * collection rate. "Expected" is the term's invoices less adjustments; "paid against the term" is what
 * the allocation rule has settled of them; "collected" is money received during the term's dates.
 */

const DAILY_DAYS = 30;
/** Learners listed as top defaulters. */
const TOP_DEFAULTERS = 10;

function rate(paid: number, expected: number): number {
  return expected > 0 ? Math.round((paid / expected) * 1000) / 1000 : 0;
}

/** Figures for one term (or the current one). */
export async function overviewOf(tx: Tx, schoolId: string, term: TermRow | null): Promise<FinancialOverview> {
  // Daily collections: the last 30 days up to today for the current term; for a term picked from the
  // past, the last 30 days of that term.
  const today = term && !term.isCurrent && term.endsOn < schoolToday() ? term.endsOn : schoolToday();
  const termId = term ? term.id : null;
  const [[totals], streams, methods, daily, defaulters, [arrears], [mpesa], [pendingStk], [bank]] = await Promise.all([
    repo.termInvoiceTotals(tx, schoolId, termId),
    repo.termInvoiceTotalsByStream(tx, schoolId, termId),
    term ? repo.collectedByMethod(tx, schoolId, term.startsOn, term.endsOn) : Promise.resolve([]),
    repo.collectedByDay(tx, schoolId, addDays(today, -(DAILY_DAYS - 1)), today),
    repo.topDefaulters(tx, schoolId, TOP_DEFAULTERS),
    repo.arrearsTotals(tx, schoolId),
    repo.unmatchedMpesaTotals(tx, schoolId),
    repo.pendingStkCount(tx, schoolId),
    repo.unmatchedBankTotals(tx, schoolId),
  ]);
  // The approvals module's count, read last as before (its function runs its query when called).
  const pending = await pendingApprovalCount(tx, schoolId);
  const expected = totals?.expected ?? 0;
  const paid = totals?.paid ?? 0;
  const levelMap = new Map<string, { id: string; name: string; expected: number; paid: number }>();
  for (const s of streams) {
    const l = levelMap.get(s.levelId) ?? { id: s.levelId, name: s.levelName, expected: 0, paid: 0 };
    l.expected += s.expected;
    l.paid += s.paid;
    levelMap.set(s.levelId, l);
  }
  const row = (r: { id: string; name: string; expected: number; paid: number }) => ({
    id: r.id,
    name: r.name,
    expected: centsToKes(r.expected),
    paid: centsToKes(r.paid),
    balance: centsToKes(r.expected - r.paid),
    rate: rate(r.paid, r.expected),
  });
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days: FinancialOverview['daily'] = [];
  for (let i = DAILY_DAYS - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    const d = byDay.get(date);
    days.push({ date, amount: centsToKes(d?.amount ?? 0), count: d?.n ?? 0 });
  }
  const collected = methods.reduce((s, mth) => s + mth.amount, 0);
  return {
    term: term ? { id: term.id, name: term.name, academicYear: term.academicYear, startsOn: term.startsOn, endsOn: term.endsOn } : null,
    expected: centsToKes(expected),
    paidAgainstTerm: centsToKes(paid),
    collected: centsToKes(collected),
    outstanding: centsToKes(expected - paid),
    totalArrears: centsToKes(arrears?.owed ?? 0),
    collectionRate: rate(paid, expected),
    learnersInvoiced: totals?.learners ?? 0,
    learnersCleared: totals?.cleared ?? 0,
    learnersOwing: arrears?.owing ?? 0,
    byLevel: [...levelMap.values()].map(row),
    byStream: streams.map((s) => ({ ...row({ id: s.classId, name: s.className, expected: s.expected, paid: s.paid }), levelName: s.levelName })),
    byMethod: methods.map((mth) => ({ method: mth.method as PaymentMethod, amount: centsToKes(mth.amount), count: mth.n })).sort((a, b) => b.amount - a.amount),
    daily: days,
    topDefaulters: defaulters.map((d) => ({
      studentId: d.studentId,
      name: learnerName(d),
      admissionNumber: d.admissionNumber,
      className: d.className,
      balance: centsToKes(Number(d.balance)),
      lastPaymentOn: d.lastPaidOn,
    })),
    mpesa: { unmatched: Number(mpesa?.n ?? 0), unmatchedAmount: centsToKes(mpesa?.amount ?? 0), pendingStk: Number(pendingStk?.n ?? 0) },
    bank: { unmatched: Number(bank?.n ?? 0), unmatchedAmount: centsToKes(bank?.amount ?? 0) },
    pendingApprovals: pending,
  };
}

/** GET /api/fees/overview?termId= */
export async function getOverview(database: Database, actor: Actor, q: { termId?: string; schoolId?: string }): Promise<FinancialOverview> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => overviewOf(tx, schoolId, q.termId ? await termOf(tx, schoolId, q.termId) : await currentTerm(tx, schoolId)));
}
