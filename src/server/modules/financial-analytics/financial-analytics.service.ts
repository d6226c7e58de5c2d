import type { Actor } from '../../../shared/access.js';
import type { AnalyticsTerm, FinancialAnalytics, FinancialAnalyticsQuery } from '../../../shared/contracts/financial-analytics.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { financialAnalyticsMessages as m } from '../../../shared/messages/financial-analytics.js';
import { messages } from '../../../shared/messages.js';
import { centsToKes } from '../../../shared/money.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { inSchool } from '../../lib/school-context.js';
import { collectedByDay, collectedByMethod } from '../fees/index.js';
import * as repo from './financial-analytics.repository.js';
import type { AnalyticsTermRow } from './financial-analytics.repository.js';

/**
 * Financial analytics (issue 15 §3 "Collection trend by week across the term against last year's,
 * collection rate by level, payment methods share, expense by category, projected term-end collection
 * from the current pace, top arrears"). Read-only, in one RLS-scoped transaction (fees-context inSchool).
 * Money is summed in integer cents and answered in KES with two decimals; rates and shares are fractions
 * 0..1 with three decimals; dates are calendar dates in Africa/Nairobi.
 *
 * Source rules:
 * - Collections are payments (reversal rows count negative) whose paid_on falls within the term's dates.
 * - Weeks run from the term's first day in blocks of seven days (week 1 = starts_on .. starts_on + 6).
 *   Weeks that have not started yet have null figures. "Last year" is the term with the same number in
 *   the previous academic year; its week k is compared with this term's week k, and anything it
 *   received after this term's last week counts in the last week. No such term: last-year figures null.
 * - Rate by level: the term's issued invoices (invoice_balances: paid_cents against due_cents, due =
 *   invoice less adjustments) grouped through invoices.class_id → classes.level_id → levels.
 * - Expenses by category: expenses with status approved or paid whose spent_on is within the term.
 * - Projection (linear pace): pace = collected to date ÷ school days elapsed; projected term-end =
 *   pace × school days in the term, capped at the term's invoiced amount and never below what has
 *   already been collected. School days are Monday to Friday within the term's dates, half-term break
 *   excluded; days elapsed count up to today (or the whole term once it has ended; 0 before it starts,
 *   when the projection is what has been collected). projectedRate = projected ÷ invoiced (0 when
 *   nothing was invoiced).
 * - Collection (the headline figures, each on its base): "Collected to date" is the money received in
 *   the term's dates up to today (the weekly and projection figures, any invoice it paid); "Collection
 *   rate" is paid ÷ due over every invoice of the term (invoice_balances), whenever the money came in.
 * - Top arrears: the 10 learners with the largest unpaid balance on the term's invoices (due − paid),
 *   with the stream they were invoiced in and the days since the invoice's due date (0 when not yet due).
 */

export const TOP_ARREARS = 10;

export type { AnalyticsTermRow };

export interface FinancialAnalyticsResult extends FinancialAnalytics {
  schoolId: string;
}

const rate3 = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

const publicTerm = (t: AnalyticsTermRow): AnalyticsTerm => ({ id: t.id, name: t.name, number: t.number, academicYear: t.academicYear, startsOn: t.startsOn, endsOn: t.endsOn });

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** School days (Monday–Friday, half-term break excluded) of the term from its first day to `until` inclusive. */
export function schoolDays(term: Pick<AnalyticsTermRow, 'startsOn' | 'endsOn' | 'halfTermStartsOn' | 'halfTermEndsOn'>, until: string = term.endsOn): number {
  const last = until < term.endsOn ? until : term.endsOn;
  let n = 0;
  for (let d = term.startsOn; d <= last; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (term.halfTermStartsOn && term.halfTermEndsOn && d >= term.halfTermStartsOn && d <= term.halfTermEndsOn) continue;
    n++;
  }
  return n;
}

/** The projection of a term's collection at today's pace (rule in the module docstring). Amounts in cents. */
export function projectionOf(invoicedCents: number, collectedCents: number, term: Parameters<typeof schoolDays>[0], today: string): FinancialAnalytics['projection'] {
  const daysInTerm = schoolDays(term);
  const daysElapsed = today < term.startsOn ? 0 : schoolDays(term, today);
  const pace = daysElapsed > 0 ? collectedCents / daysElapsed : 0;
  const linear = daysElapsed > 0 ? Math.round(pace * daysInTerm) : collectedCents;
  const projected = Math.max(collectedCents, invoicedCents > 0 ? Math.min(linear, invoicedCents) : linear);
  return {
    invoiced: centsToKes(invoicedCents),
    collectedToDate: centsToKes(collectedCents),
    daysElapsed,
    daysInTerm,
    pacePerDay: centsToKes(Math.round(pace)),
    projectedTermEnd: centsToKes(projected),
    projectedRate: rate3(projected, invoicedCents),
  };
}

/**
 * The headline figures on their stated bases (contract `collection`): money received from the term's
 * first day to today (capped at its last day) against the term's invoices, and what was paid on the
 * term's invoices against what they ask. Amounts in cents.
 */
export function collectionOf(dueCents: number, paidCents: number, receivedCents: number, term: { startsOn: string; endsOn: string }, today: string): NonNullable<FinancialAnalytics['collection']> {
  return {
    invoiced: centsToKes(dueCents),
    paidOnInvoices: centsToKes(paidCents),
    rate: rate3(paidCents, dueCents),
    receivedFrom: term.startsOn,
    receivedTo: today < term.startsOn ? term.startsOn : today > term.endsOn ? term.endsOn : today,
    receivedToDate: centsToKes(receivedCents),
    receivedShare: rate3(receivedCents, dueCents),
  };
}

/** Number of seven-day weeks of a term (the last one may be short). */
export const weeksOf = (t: { startsOn: string; endsOn: string }) => Math.floor(daysBetween(t.startsOn, t.endsOn) / 7) + 1;

/** The term asked for (404 when it is not the school's), or the current one (null when the school has none). */
async function resolveTerm(tx: Tx, schoolId: string, termId: string | undefined): Promise<AnalyticsTermRow | null> {
  if (termId) {
    const row = await repo.findTerm(tx, schoolId, termId);
    if (!row) throw notFound(m.api.termNotFound);
    return row;
  }
  const row = await repo.findCurrentOrLatestTerm(tx, schoolId);
  return row ?? null;
}

/** The term with the same number in the academic year before the term's own, or null. */
async function lastYearTermOf(tx: Tx, schoolId: string, term: AnalyticsTermRow): Promise<AnalyticsTermRow | null> {
  const year = await repo.findYearStart(tx, term.academicYearId);
  if (!year) return null;
  const prev = await repo.findPreviousYear(tx, schoolId, year.startsOn);
  if (!prev) return null;
  const row = await repo.findTermOfYear(tx, schoolId, prev.id, term.number);
  return row ?? null;
}

/** Money received per day within the term's dates (cents, net of reversals). */
function dailyCollections(tx: Tx, schoolId: string, t: AnalyticsTermRow) {
  return collectedByDay(tx, schoolId, t.startsOn, t.endsOn);
}

/** Cents per week index (0-based) of a term; days past `weeks` weeks count in the last one. */
function byWeek(rows: { day: string; amount: number }[], startsOn: string, weeks: number): number[] {
  const out = new Array<number>(weeks).fill(0);
  for (const r of rows) {
    const i = Math.min(weeks - 1, Math.max(0, Math.floor(daysBetween(startsOn, r.day) / 7)));
    out[i] = (out[i] ?? 0) + r.amount;
  }
  return out;
}

/** Every figure of the analytics for one term of the school (see the module docstring). */
export async function analyticsOf(tx: Tx, schoolId: string, termId: string | undefined, today: string = schoolToday()): Promise<FinancialAnalytics> {
  const term = await resolveTerm(tx, schoolId, termId);
  if (!term) return { term: null, lastYearTerm: null, weekly: [], byLevel: [], methods: [], expensesByCategory: [], projection: null, collection: null, topArrears: [] };
  const lastYear = await lastYearTermOf(tx, schoolId, term);

  const [daily, lastDaily, levelRows, methodRows, expenseRows, arrears, [allDue]] = await Promise.all([
    dailyCollections(tx, schoolId, term),
    lastYear ? dailyCollections(tx, schoolId, lastYear) : Promise.resolve([]),
    repo.dueAndPaidByLevel(tx, schoolId, term.id),
    collectedByMethod(tx, schoolId, term.startsOn, term.endsOn),
    repo.expensesByCategory(tx, schoolId, term.startsOn, term.endsOn),
    repo.topUnpaidBalances(tx, schoolId, term.id, TOP_ARREARS),
    // The projection's and the collection rate's base: every invoice of the term (also one whose stream has no level).
    repo.termDueAndPaid(tx, schoolId, term.id),
  ]);

  // Weekly: this term's weeks; last year's term bucketed on its own calendar into as many weeks.
  const weeks = weeksOf(term);
  const thisWeeks = byWeek(daily, term.startsOn, weeks);
  const lastWeeks = lastYear ? byWeek(lastDaily, lastYear.startsOn, weeks) : null;
  let cum = 0;
  let lastCum = 0;
  const weekly = thisWeeks.map((cents, i) => {
    const weekStart = addDays(term.startsOn, i * 7);
    const started = weekStart <= today;
    cum += cents;
    const last = lastWeeks ? lastWeeks[i]! : null;
    if (last !== null) lastCum += last;
    return {
      week: i + 1,
      weekStart,
      collected: started ? centsToKes(cents) : null,
      cumulative: started ? centsToKes(cum) : null,
      lastYearCollected: last === null ? null : centsToKes(last),
      lastYearCumulative: last === null ? null : centsToKes(lastCum),
    };
  });

  const collectedCents = daily.reduce((s, d) => s + d.amount, 0);

  const methodTotal = methodRows.reduce((s, r) => s + r.amount, 0);
  const expenseTotal = expenseRows.reduce((s, r) => s + r.amount, 0);
  return {
    term: publicTerm(term),
    lastYearTerm: lastYear ? publicTerm(lastYear) : null,
    weekly,
    byLevel: levelRows.map((l) => ({ levelId: l.levelId, level: l.level, invoiced: centsToKes(l.due), collected: centsToKes(l.paid), rate: rate3(l.paid, l.due) })),
    methods: methodRows
      .map((r) => ({ method: r.method, amount: centsToKes(r.amount), count: r.n, share: rate3(r.amount, methodTotal) }))
      .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method)),
    expensesByCategory: expenseRows
      .map((r) => ({ category: r.category, amount: centsToKes(r.amount), share: rate3(r.amount, expenseTotal) }))
      .sort((a, b) => b.amount - a.amount || a.category.localeCompare(b.category)),
    projection: projectionOf(allDue?.due ?? 0, collectedCents, term, today),
    collection: collectionOf(allDue?.due ?? 0, allDue?.paid ?? 0, collectedCents, term, today),
    topArrears: arrears.map((a) => ({
      studentId: a.studentId,
      name: learnerName(a),
      admissionNumber: a.admissionNumber,
      stream: a.stream,
      balance: centsToKes(a.balance),
      daysOverdue: Math.max(0, daysBetween(a.dueOn, today)),
    })),
  };
}

/**
 * GET /api/finance/analytics: the school of the call (a school role's own; platform staff name it with
 * ?schoolId=, 400 without one). A school role naming another school's id gets 404, never its figures.
 */
export async function getFinancialAnalytics(database: Database, actor: Actor, q: FinancialAnalyticsQuery): Promise<FinancialAnalyticsResult> {
  if (q.schoolId && !isAdminRole(actor.role) && q.schoolId !== actor.schoolId) throw notFound(messages.schoolSetup.schoolNotFound);
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => ({ schoolId, ...(await analyticsOf(tx, schoolId, q.termId)) }));
}
