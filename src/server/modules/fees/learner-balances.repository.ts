import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { learnerBalances, schools, studentBalancesComputed as sums, students } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';

/** A learner whose stored totals (learner_balances) differ from the sums (student_balances_computed); KES cents. */
export interface BalanceDrift {
  studentId: string;
  schoolId: string;
  storedBalanceCents: number;
  computedBalanceCents: number;
}

/** Every school (the reconciliation walks them one transaction each), by id. */
export async function allSchools(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: schools.id }).from(schools).orderBy(asc(schools.id));
  return rows.map((r) => r.id);
}

const zeroIfNone = (c: typeof learnerBalances.invoicedCents) => sql`coalesce(${c}, 0)`;
/** The stored row (zeros when there is none) is not the sums. */
const differs = sql`(${zeroIfNone(learnerBalances.invoicedCents)}, ${zeroIfNone(learnerBalances.adjustedCents)}, ${zeroIfNone(learnerBalances.paidCents)}, ${learnerBalances.lastPaidOn})
  is distinct from (${sums.invoicedCents}, ${sums.adjustedCents}, ${sums.paidCents}, ${sums.lastPaidOn})`;

/**
 * The school's learners whose stored fee totals differ from the sums of their invoices, adjustments and
 * payments (a learner with no stored row reads zeros). Ordered by learner id.
 */
export async function driftedLearners(tx: Tx, schoolId: string): Promise<BalanceDrift[]> {
  const rows = await tx
    .select({
      studentId: sums.studentId,
      schoolId: sums.schoolId,
      stored: sql<number>`${zeroIfNone(learnerBalances.invoicedCents)} - ${zeroIfNone(learnerBalances.adjustedCents)} - ${zeroIfNone(learnerBalances.paidCents)}`.mapWith(Number),
      computed: sums.balanceCents,
    })
    .from(sums)
    .leftJoin(learnerBalances, eq(learnerBalances.studentId, sums.studentId))
    .where(and(eq(sums.schoolId, schoolId), differs))
    .orderBy(asc(sums.studentId));
  return rows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId, storedBalanceCents: r.stored, computedBalanceCents: r.computed }));
}

/**
 * Sets the learners' stored totals to their sums. Safe beside concurrent payments (decision 0034): the
 * rows are locked first (created if missing), in learner order, and the sums are read by a later
 * statement, whose snapshot holds every payment whose difference is already in the locked row; a payment
 * still to add its difference waits for this transaction and adds it on top. Returns how many rows changed.
 */
export async function resetToSums(tx: Tx, schoolId: string, studentIds: string[]): Promise<number> {
  if (studentIds.length === 0) return 0;
  await tx.execute(sql`
    insert into ${learnerBalances} (student_id, school_id)
    select ${students.id}, ${students.schoolId} from ${students}
    where ${and(eq(students.schoolId, schoolId), inArray(students.id, studentIds))}
    order by ${students.id}
    on conflict (student_id) do nothing`);
  await tx.select({ id: learnerBalances.studentId }).from(learnerBalances).where(inArray(learnerBalances.studentId, studentIds)).orderBy(asc(learnerBalances.studentId)).for('update');
  const updated = await tx
    .update(learnerBalances)
    .set({ invoicedCents: sql`${sums.invoicedCents}`, adjustedCents: sql`${sums.adjustedCents}`, paidCents: sql`${sums.paidCents}`, lastPaidOn: sql`${sums.lastPaidOn}` })
    .from(sums)
    .where(and(eq(sums.studentId, learnerBalances.studentId), inArray(learnerBalances.studentId, studentIds), differs))
    .returning({ id: learnerBalances.studentId });
  return updated.length;
}
