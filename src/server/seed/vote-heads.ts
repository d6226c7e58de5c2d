import { asc, eq, sql } from 'drizzle-orm';
import { paymentAllocations, payments } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { loadLedgers, owedOf, PREPAYMENT_CODE, schoolVoteHeads, splitPayment, VOTE_HEAD_OF_CATEGORY, voteHeadRuleOf } from '../modules/vote-heads/index.js';

/**
 * Demo vote heads (issue 35 §3 "Demo data"): the school gets the Ministry's default vote heads, its fee
 * items and invoice lines are mapped by category (VOTE_HEAD_OF_CATEGORY), its expense categories by
 * name, and every seeded payment is allocated with the same function the API posts payments with
 * (oldest first, so each fills what the earlier ones left), reversals negated: the vote-head cash book
 * then ties to the payments. Runs after the fees and finance-office seeds; set-based SQL apart from the
 * allocation itself, which runs in memory over the learners' ledgers.
 */

/** The vote head a default expense category is charged to (src/server/modules/expenses DEFAULT_CATEGORIES). */
const VOTE_HEAD_OF_EXPENSE_CATEGORY: Record<string, string> = {
  'Salaries (outside payroll)': 'OPERATIONS',
  'Food and catering': 'BOARDING',
  Utilities: 'OPERATIONS',
  'Repairs and maintenance': 'MAINTENANCE',
  'Transport fuel': 'TRANSPORT',
  Stationery: 'TUITION',
  Examinations: 'EXAMINATIONS',
  Other: 'OTHER',
};

const valuesOf = (map: Record<string, string>) =>
  sql.join(
    Object.entries(map).map(([k, code]) => sql`(${k}, ${code})`),
    sql`, `,
  );

export async function seedVoteHeads(tx: Tx, plan: { schoolId: string }): Promise<void> {
  const { schoolId } = plan;
  const heads = await schoolVoteHeads(tx, schoolId);
  const categories = valuesOf(VOTE_HEAD_OF_CATEGORY);
  await tx.execute(sql`update fee_structure_items i set vote_head_id = coalesce(vh.id, other.id)
    from fee_structure_items x
    left join (values ${categories}) as m(category, code) on m.category = x.category
    left join vote_heads vh on vh.school_id = ${schoolId} and vh.code = m.code
    join vote_heads other on other.school_id = ${schoolId} and other.code = 'OTHER'
    where i.id = x.id and i.school_id = ${schoolId} and i.vote_head_id is null`);
  await tx.execute(sql`update invoice_lines l set vote_head_id = coalesce(vh.id, other.id)
    from invoice_lines x
    left join (values ${categories}) as m(category, code) on m.category = x.category
    left join vote_heads vh on vh.school_id = ${schoolId} and vh.code = m.code
    join vote_heads other on other.school_id = ${schoolId} and other.code = 'OTHER'
    where l.id = x.id and l.school_id = ${schoolId} and l.vote_head_id is null`);
  await tx.execute(sql`update expense_categories c set vote_head_id = vh.id
    from (values ${valuesOf(VOTE_HEAD_OF_EXPENSE_CATEGORY)}) as m(name, code)
    join vote_heads vh on vh.school_id = ${schoolId} and vh.code = m.code
    where c.school_id = ${schoolId} and c.name = m.name and c.vote_head_id is null`);

  const rows = await tx
    .select({ id: payments.id, studentId: payments.studentId, kind: payments.kind, amountCents: payments.amountCents, reverses: payments.reversesPaymentId })
    .from(payments)
    .where(eq(payments.schoolId, schoolId))
    .orderBy(asc(payments.paidOn), asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0) return;
  const [ledgers, rule] = await Promise.all([loadLedgers(tx, heads, [...new Set(rows.map((r) => r.studentId))]), voteHeadRuleOf(tx, schoolId)]);
  const overflow = heads.find((h) => h.code === PREPAYMENT_CODE)!.id;
  const byPayment = new Map<string, { voteHeadId: string; cents: number }[]>();
  const out: (typeof paymentAllocations.$inferInsert)[] = [];
  const apply = (studentId: string, split: { voteHeadId: string; cents: number }[]) => {
    let ledger = ledgers.get(studentId);
    if (!ledger) ledgers.set(studentId, (ledger = { invoiced: new Map(), adjustedCents: 0, allocated: new Map() }));
    for (const s of split) ledger.allocated.set(s.voteHeadId, (ledger.allocated.get(s.voteHeadId) ?? 0) + s.cents);
  };
  for (const p of rows) {
    let split: { voteHeadId: string; cents: number }[];
    if (p.kind === 'reversal') split = (byPayment.get(p.reverses ?? '') ?? []).map((s) => ({ voteHeadId: s.voteHeadId, cents: -s.cents }));
    else if (p.amountCents > 0) split = splitPayment(p.amountCents, owedOf(ledgers.get(p.studentId), heads), rule, overflow);
    else continue;
    byPayment.set(p.id, split);
    apply(p.studentId, split);
    for (const s of split) out.push({ schoolId, paymentId: p.id, voteHeadId: s.voteHeadId, amountCents: s.cents });
  }
  for (let i = 0; i < out.length; i += 1000) await tx.insert(paymentAllocations).values(out.slice(i, i + 1000));
}
