import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { guardians, mpesaConfigs, mpesaStkRequests, payments, studentGuardians, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import type { PageWindow } from '../../lib/paging.js';
import type { MpesaConfigRow } from './config.repository.js';

/** An STK Push request (mpesa_stk_requests; amount in KES cents). */
export type StkRow = typeof mpesaStkRequests.$inferSelect;

/** What a new STK Push request stores (status starts pending). */
export type NewStkRequest = Pick<
  typeof mpesaStkRequests.$inferInsert,
  'schoolId' | 'studentId' | 'phone' | 'amountCents' | 'accountReference' | 'merchantRequestId' | 'checkoutRequestId' | 'requestedBy' | 'requestedByGuardianId'
>;

/** How a request was resolved (by its callback or the STK query); columns left out keep their value. */
export type StkResolution = Pick<typeof mpesaStkRequests.$inferInsert, 'resultCode' | 'resultDesc' | 'mpesaReceipt' | 'paymentId' | 'lastQueryAt' | 'queryAttempts'> & {
  status: string;
  resolvedAt: Date;
};

/** Filters of the STK request list: status, and Nairobi days of creation (YYYY-MM-DD, inclusive). */
export interface StkFilters {
  status?: string;
  from?: string;
  to?: string;
}

/** An STK request with the learner it was for, as the list shows it. */
export interface StkListRow {
  r: StkRow;
  firstName: string;
  middleName: string | null;
  lastName: string;
  admissionNumber: string;
}

/** The school's request `checkoutRequestId`, locked for update, or undefined. */
export async function lockStkRequestByCheckoutId(tx: Tx, schoolId: string, checkoutRequestId: string): Promise<StkRow | undefined> {
  const [req] = await tx
    .select()
    .from(mpesaStkRequests)
    .where(and(eq(mpesaStkRequests.schoolId, schoolId), eq(mpesaStkRequests.checkoutRequestId, checkoutRequestId)))
    .for('update');
  return req;
}

/** The request `id`, locked for update (row-level security keeps it to the transaction's school), or undefined. */
export async function lockStkRequest(tx: Tx, id: string): Promise<StkRow | undefined> {
  const [req] = await tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.id, id)).for('update');
  return req;
}

/** The request `checkoutRequestId` (row-level security scopes it), or undefined. */
export async function findStkRequestByCheckoutId(tx: Tx, checkoutRequestId: string): Promise<StkRow | undefined> {
  const [row] = await tx.select().from(mpesaStkRequests).where(eq(mpesaStkRequests.checkoutRequestId, checkoutRequestId));
  return row;
}

/** The learner and school of the requests `checkoutRequestId` (platform scope: across every school). */
export async function listStkRequestOwners(tx: Tx, checkoutRequestId: string): Promise<{ studentId: string; schoolId: string }[]> {
  return tx.select({ studentId: mpesaStkRequests.studentId, schoolId: mpesaStkRequests.schoolId }).from(mpesaStkRequests).where(eq(mpesaStkRequests.checkoutRequestId, checkoutRequestId));
}

/**
 * The guardian `guardianId` when they are a guardian of the learner `studentId` (row-level security
 * keeps both to the transaction's school), with their sign-in account (null without one); else undefined.
 */
export async function findGuardianOfLearner(tx: Tx, guardianId: string, studentId: string): Promise<{ profileId: string | null } | undefined> {
  const [row] = await tx
    .select({ profileId: guardians.profileId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(studentGuardians.guardianId, guardianId), eq(studentGuardians.studentId, studentId)));
  return row;
}

/** Stores a new pending request; undefined when its CheckoutRequestID is already stored (nothing written). */
export async function insertStkRequest(tx: Tx, values: NewStkRequest): Promise<StkRow | undefined> {
  const [row] = await tx.insert(mpesaStkRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** Records how the request `id` was resolved. */
export async function resolveStkRequest(tx: Tx, id: string, resolution: StkResolution): Promise<void> {
  await tx.update(mpesaStkRequests).set(resolution).where(eq(mpesaStkRequests.id, id));
}

/** Records an STK query that got no answer yet: the attempt count and its time. */
export async function noteStkQueryAttempt(tx: Tx, id: string, queryAttempts: number, at: Date): Promise<void> {
  await tx.update(mpesaStkRequests).set({ queryAttempts, lastQueryAt: at }).where(eq(mpesaStkRequests.id, id));
}

/** Fills in the M-Pesa receipt of the request `id`. */
export async function setStkReceipt(tx: Tx, id: string, mpesaReceipt: string): Promise<void> {
  await tx.update(mpesaStkRequests).set({ mpesaReceipt }).where(eq(mpesaStkRequests.id, id));
}

function stkConditions(schoolId: string, f: StkFilters): SQL[] {
  const where: SQL[] = [eq(mpesaStkRequests.schoolId, schoolId)];
  if (f.status) where.push(eq(mpesaStkRequests.status, f.status));
  if (f.from) where.push(gte(sql`(${mpesaStkRequests.createdAt} at time zone 'Africa/Nairobi')::date`, f.from));
  if (f.to) where.push(lte(sql`(${mpesaStkRequests.createdAt} at time zone 'Africa/Nairobi')::date`, f.to));
  return where;
}

/** One page of the school's requests matching `f`, with their learners; newest first, then by id. */
export async function listStkRequests(tx: Tx, schoolId: string, f: StkFilters, w: PageWindow): Promise<StkListRow[]> {
  return tx
    .select({ r: mpesaStkRequests, firstName: students.firstName, middleName: students.middleName, lastName: students.lastName, admissionNumber: students.admissionNumber })
    .from(mpesaStkRequests)
    .innerJoin(students, eq(students.id, mpesaStkRequests.studentId))
    .where(and(...stkConditions(schoolId, f)))
    .orderBy(desc(mpesaStkRequests.createdAt), desc(mpesaStkRequests.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** How many of the school's requests match `f`. */
export async function countStkRequests(tx: Tx, schoolId: string, f: StkFilters): Promise<number> {
  const [n] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(mpesaStkRequests).where(and(...stkConditions(schoolId, f)));
  return n?.n ?? 0;
}

/**
 * Up to 50 pending requests of every school created before `createdBefore` and not queried since
 * `queriedBefore`, with their school's set-up; oldest first (platform scope).
 */
export async function listStalePendingPushes(tx: Tx, createdBefore: Date, queriedBefore: Date): Promise<{ r: StkRow; cfg: MpesaConfigRow }[]> {
  return tx
    .select({ r: mpesaStkRequests, cfg: mpesaConfigs })
    .from(mpesaStkRequests)
    .innerJoin(mpesaConfigs, eq(mpesaConfigs.schoolId, mpesaStkRequests.schoolId))
    .where(and(eq(mpesaStkRequests.status, 'pending'), lt(mpesaStkRequests.createdAt, createdBefore), sql`(${mpesaStkRequests.lastQueryAt} is null or ${mpesaStkRequests.lastQueryAt} < ${queriedBefore})`))
    .orderBy(mpesaStkRequests.createdAt)
    .limit(50);
}

/** The receipt number of the fees payment `paymentId`: null when it has none, undefined when there is no such payment. */
export async function findPaymentReceiptNumber(tx: Tx, paymentId: string): Promise<string | null | undefined> {
  const [p] = await tx.select({ receipt: payments.receiptNumber }).from(payments).where(eq(payments.id, paymentId));
  return p?.receipt;
}
