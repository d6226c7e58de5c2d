import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/access.js';
import { learnerName } from '../../../shared/contracts/learners.js';
import type { FinancialOverview, PaymentMethod } from '../../../shared/contracts/fees.js';
import { addDays, schoolToday } from '../../../shared/dates.js';
import { centsToKes } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import { approvals, classes, invoiceBalances, levels, mpesaStkRequests, mpesaTransactions, payments, studentBalances, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { currentTerm, termOf, type TermRow } from './structures.service.js';
import { inSchool } from '../../lib/school-context.js';

/**
 * The financial overview (issue 11 §2: finance officer, principal, director): the term's expected fees
 * against what has been paid, by level, stream and method, daily collections, top defaulters and the
 * collection rate. "Expected" is the term's invoices less adjustments; "paid against the term" is what
 * the allocation rule has settled of them; "collected" is money received during the term's dates.
 */

const DAILY_DAYS = 30;

function rate(paid: number, expected: number): number {
  return expected > 0 ? Math.round((paid / expected) * 1000) / 1000 : 0;
}

/** Figures for one term (or the current one). */
export async function overviewOf(tx: Tx, schoolId: string, term: TermRow | null): Promise<FinancialOverview> {
  // Daily collections: the last 30 days up to today for the current term; for a term picked from the
  // past, the last 30 days of that term.
  const today = term && !term.isCurrent && term.endsOn < schoolToday() ? term.endsOn : schoolToday();
  const termWhere = term ? eq(invoiceBalances.termId, term.id) : sql`false`;
  const [[totals], streams, methods, daily, defaulters, [arrears], [mpesa], [pendingStk], [pending]] = await Promise.all([
    tx
      .select({
        expected: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
        learners: sql<number>`count(distinct ${invoiceBalances.studentId})`.mapWith(Number),
        cleared: sql<number>`count(*) filter (where ${invoiceBalances.paidCents} >= ${invoiceBalances.dueCents})`.mapWith(Number),
      })
      .from(invoiceBalances)
      .where(and(eq(invoiceBalances.schoolId, schoolId), termWhere)),
    tx
      .select({
        classId: classes.id,
        className: classes.name,
        levelId: levels.id,
        levelName: levels.name,
        levelOrder: levels.levelOrder,
        expected: sql<number>`coalesce(sum(${invoiceBalances.dueCents}), 0)`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${invoiceBalances.paidCents}), 0)`.mapWith(Number),
      })
      .from(invoiceBalances)
      .innerJoin(classes, eq(classes.id, invoiceBalances.classId))
      .innerJoin(levels, eq(levels.id, classes.levelId))
      .where(and(eq(invoiceBalances.schoolId, schoolId), termWhere))
      .groupBy(classes.id, classes.name, levels.id, levels.name, levels.levelOrder)
      .orderBy(asc(levels.levelOrder), asc(classes.name)),
    term
      ? tx
          .select({ method: payments.method, amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number), n: sql<number>`count(*) filter (where ${payments.kind} = 'payment')`.mapWith(Number) })
          .from(payments)
          .where(and(eq(payments.schoolId, schoolId), gte(payments.paidOn, term.startsOn), lte(payments.paidOn, term.endsOn)))
          .groupBy(payments.method)
      : Promise.resolve([]),
    tx
      .select({ day: payments.paidOn, amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number), n: sql<number>`count(*) filter (where ${payments.kind} = 'payment')`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.schoolId, schoolId), gte(payments.paidOn, addDays(today, -(DAILY_DAYS - 1))), lte(payments.paidOn, today)))
      .groupBy(payments.paidOn),
    tx
      .select({
        studentId: students.id,
        firstName: students.firstName,
        middleName: students.middleName,
        lastName: students.lastName,
        admissionNumber: students.admissionNumber,
        className: classes.name,
        balance: studentBalances.balanceCents,
        lastPaidOn: studentBalances.lastPaidOn,
      })
      .from(studentBalances)
      .innerJoin(students, eq(students.id, studentBalances.studentId))
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, schoolId), eq(students.status, 'active'), sql`${studentBalances.balanceCents} > 0`))
      .orderBy(desc(studentBalances.balanceCents), asc(students.lastName))
      .limit(10),
    tx
      .select({
        owed: sql<number>`coalesce(sum(${studentBalances.balanceCents}) filter (where ${studentBalances.balanceCents} > 0), 0)`.mapWith(Number),
        owing: sql<number>`count(*) filter (where ${studentBalances.balanceCents} > 0)`.mapWith(Number),
      })
      .from(studentBalances)
      .where(eq(studentBalances.schoolId, schoolId)),
    tx
      .select({ n: count(), amount: sql<number>`coalesce(sum(${mpesaTransactions.amountCents}), 0)`.mapWith(Number) })
      .from(mpesaTransactions)
      .where(and(eq(mpesaTransactions.schoolId, schoolId), eq(mpesaTransactions.status, 'unmatched'))),
    tx.select({ n: count() }).from(mpesaStkRequests).where(and(eq(mpesaStkRequests.schoolId, schoolId), eq(mpesaStkRequests.status, 'pending'))),
    tx.select({ n: count() }).from(approvals).where(and(eq(approvals.schoolId, schoolId), eq(approvals.status, 'pending'))),
  ]);
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
    pendingApprovals: Number(pending?.n ?? 0),
  };
}

/** GET /api/fees/overview?termId= */
export async function getOverview(database: Database, actor: Actor, q: { termId?: string; schoolId?: string }): Promise<FinancialOverview> {
  return inSchool(database, actor, q.schoolId, async (tx, schoolId) => overviewOf(tx, schoolId, q.termId ? await termOf(tx, schoolId, q.termId) : await currentTerm(tx, schoolId)));
}
