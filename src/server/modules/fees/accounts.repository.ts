import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListAccountsQuery } from '../../../shared/contracts/fees.js';
import {
  classes,
  feeAdjustments,
  feeStructureItems,
  feeStructures,
  guardians,
  invoices,
  levels,
  mpesaConfigs,
  payments,
  profiles,
  studentBalances,
  studentFeeOptions,
  students,
  terms,
  transportAssignments,
  transportRoutes,
  transportStops,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { learnerNameColumns } from '../../lib/learner-columns.js';
import type { PageWindow } from '../../lib/paging.js';
import { registerFilters, visibleLearners, type LearnerAudience } from '../learners/index.js';

/**
 * Learner fee accounts: optional items, statements, the accounts list and a parent's view, inside the
 * caller's school-scoped transaction. Amounts are KES cents.
 */

/** The optional items (name, cents) of the term's structures for the level; unordered. */
export async function optionalItemsOfLevel(tx: Tx, termId: string, levelId: string) {
  return tx
    .select({ name: feeStructureItems.name, amountCents: feeStructureItems.amountCents })
    .from(feeStructureItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeStructureItems.structureId))
    .where(and(eq(feeStructures.termId, termId), eq(feeStructures.levelId, levelId), eq(feeStructureItems.optional, true)));
}

/** The keys of the optional items the learner takes; unordered. */
export async function chosenOptionKeys(tx: Tx, studentId: string): Promise<string[]> {
  const rows = await tx.select({ key: studentFeeOptions.itemKey }).from(studentFeeOptions).where(eq(studentFeeOptions.studentId, studentId));
  return rows.map((r) => r.key);
}

/** The learner takes optional item `itemKey` (nothing changes when they already do). */
export async function insertFeeOption(tx: Tx, schoolId: string, studentId: string, itemKey: string): Promise<void> {
  await tx.insert(studentFeeOptions).values({ schoolId, studentId, itemKey }).onConflictDoNothing();
}

/** The learner stops taking optional item `itemKey`. */
export async function deleteFeeOption(tx: Tx, studentId: string, itemKey: string): Promise<void> {
  await tx.delete(studentFeeOptions).where(and(eq(studentFeeOptions.studentId, studentId), eq(studentFeeOptions.itemKey, itemKey)));
}

/** The learner's active route assignments: route and stop names, the route's term fee and the stop's zone fee (cents), since when. */
export function activeRoutesOf(tx: Tx, studentId: string) {
  return tx
    .select({ route: transportRoutes.name, stop: transportStops.name, routeFee: transportRoutes.termFeeCents, zoneFee: transportStops.zoneFeeCents, since: transportAssignments.startsOn })
    .from(transportAssignments)
    .innerJoin(transportRoutes, eq(transportRoutes.id, transportAssignments.routeId))
    .innerJoin(transportStops, eq(transportStops.id, transportAssignments.stopId))
    .where(and(eq(transportAssignments.studentId, studentId), eq(transportAssignments.status, 'active')));
}

/** The learner's student_balances rows (invoiced, adjusted, paid, balance in cents): one, or none. */
export function studentBalanceRows(tx: Tx, studentId: string) {
  return tx.select().from(studentBalances).where(eq(studentBalances.studentId, studentId));
}

/** The learner's issued invoices with their term's name (statements); unordered. */
export function issuedInvoicesWithTerm(tx: Tx, studentId: string) {
  return tx
    .select({ i: invoices, termName: terms.name })
    .from(invoices)
    .innerJoin(terms, eq(terms.id, invoices.termId))
    .where(and(eq(invoices.studentId, studentId), eq(invoices.status, 'issued')));
}

/** Every payment and reversal of the learner (statements); unordered. */
export function paymentRowsOfStudent(tx: Tx, studentId: string) {
  return tx.select().from(payments).where(eq(payments.studentId, studentId));
}

/** The learner's applied adjustments (statements); unordered. */
export function appliedAdjustmentsOf(tx: Tx, studentId: string) {
  return tx.select().from(feeAdjustments).where(and(eq(feeAdjustments.studentId, studentId), eq(feeAdjustments.status, 'applied')));
}

/** What the accounts list may be narrowed by (the register's search, level, stream and status; the balance). */
export type AccountFilters = Pick<ListAccountsQuery, 'search' | 'classId' | 'levelId' | 'status' | 'balance'>;

function accountConditions(schoolId: string, f: AccountFilters): SQL | undefined {
  const where: SQL[] = registerFilters(schoolId, { search: f.search, classId: f.classId, levelId: f.levelId, status: f.status === 'all' ? 'all' : 'active' });
  if (f.balance === 'owing') where.push(sql`${studentBalances.balanceCents} > 0`);
  if (f.balance === 'cleared') where.push(sql`${studentBalances.balanceCents} = 0`);
  if (f.balance === 'credit') where.push(sql`${studentBalances.balanceCents} < 0`);
  return and(...where);
}

function accountOrder(sort: ListAccountsQuery['sort']): SQL[] {
  switch (sort) {
    case 'balance_desc':
      return [desc(studentBalances.balanceCents), asc(students.lastName), asc(students.id)];
    case 'balance_asc':
      return [asc(studentBalances.balanceCents), asc(students.lastName), asc(students.id)];
    case 'admission':
      return [asc(students.admissionNumber), asc(students.id)];
    default:
      return [asc(students.lastName), asc(students.firstName), asc(students.id)];
  }
}

/** One page of the school's learners with their balance figures (cents), matching the filters, in `sort` order (ending on id). */
export async function listAccountPage(tx: Tx, schoolId: string, f: AccountFilters, sort: ListAccountsQuery['sort'], w: PageWindow) {
  return tx
    .select({
      studentId: students.id,
      admissionNumber: students.admissionNumber,
      ...learnerNameColumns,
      className: classes.name,
      levelName: levels.name,
      status: students.status,
      boarding: students.boarding,
      invoicedCents: studentBalances.invoicedCents,
      adjustedCents: studentBalances.adjustedCents,
      paidCents: studentBalances.paidCents,
      balanceCents: studentBalances.balanceCents,
      lastPaidOn: studentBalances.lastPaidOn,
    })
    .from(students)
    .innerJoin(studentBalances, eq(studentBalances.studentId, students.id))
    .leftJoin(classes, eq(classes.id, students.classId))
    .leftJoin(levels, eq(levels.id, classes.levelId))
    .where(accountConditions(schoolId, f))
    .orderBy(...accountOrder(sort))
    .limit(w.limit)
    .offset(w.offset);
}

/** Over every learner matching the filters: how many, the sum of balances, how many owe and what they owe (cents). */
export async function accountTotals(tx: Tx, schoolId: string, f: AccountFilters) {
  const [agg] = await tx
    .select({
      n: count(),
      balance: sql<number>`coalesce(sum(${studentBalances.balanceCents}), 0)`.mapWith(Number),
      owing: sql<number>`count(*) filter (where ${studentBalances.balanceCents} > 0)`.mapWith(Number),
      owed: sql<number>`coalesce(sum(${studentBalances.balanceCents}) filter (where ${studentBalances.balanceCents} > 0), 0)`.mapWith(Number),
    })
    .from(students)
    .innerJoin(studentBalances, eq(studentBalances.studentId, students.id))
    .where(accountConditions(schoolId, f));
  return agg;
}

/** The ids of the school's learners the audience sees (a parent: their children), by first name. */
export async function listVisibleLearnerIds(tx: Tx, schoolId: string, audience: LearnerAudience): Promise<{ id: string }[]> {
  return tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), visibleLearners(audience)))
    .orderBy(asc(students.firstName));
}

/** The phone of the school's (first) guardian linked to account `profileId`, or undefined. */
export async function findGuardianPhoneOfAccount(tx: Tx, schoolId: string, profileId: string): Promise<{ phone: string } | undefined> {
  const [me] = await tx.select({ phone: guardians.phone }).from(guardians).where(and(eq(guardians.schoolId, schoolId), eq(guardians.profileId, profileId))).limit(1);
  return me;
}

/** The phone on account `profileId`, or undefined when there is no such account. */
export async function findProfilePhone(tx: Tx, profileId: string): Promise<{ phone: string | null } | undefined> {
  const [own] = await tx.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, profileId));
  return own;
}

/** How parents pay the school by M-Pesa: shortcode, its type, till number and environment, or undefined. */
export async function findMpesaPayOptions(tx: Tx, schoolId: string) {
  const [cfg] = await tx
    .select({ shortcode: mpesaConfigs.shortcode, type: mpesaConfigs.shortcodeType, tillNumber: mpesaConfigs.tillNumber, environment: mpesaConfigs.environment })
    .from(mpesaConfigs)
    .where(eq(mpesaConfigs.schoolId, schoolId));
  return cfg;
}
