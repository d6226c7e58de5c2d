import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';

/** The vote-head cash book's query (issue 35 §3): money in and out per vote head and day (KES cents). */

export interface Movement {
  voteHeadId: string | null;
  /** null: before the period (opening). */
  day: string | null;
  source: 'fees' | 'capitation' | 'expense';
  cents: string;
}

/** Money in and out per vote head (null: an expense category without a vote head) and day, up to `to`; days before `from` folded into one row. Voided capitation grants count nowhere. */
export async function movements(tx: Tx, schoolId: string, from: string, to: string): Promise<Movement[]> {
  const res = await tx.execute(sql`
    select vote_head_id as "voteHeadId", case when day < ${from} then null else day::text end as day, source, sum(cents)::bigint::text as cents
    from (
      select pa.vote_head_id, p.paid_on as day, 'fees' as source, pa.amount_cents as cents
        from payment_allocations pa join payments p on p.id = pa.payment_id
        where p.school_id = ${schoolId} and p.paid_on <= ${to}
      union all
      select cra.vote_head_id, cr.received_on, 'capitation', cra.amount_cents
        from capitation_receipt_allocations cra join capitation_receipts cr on cr.id = cra.receipt_id
        where cr.school_id = ${schoolId} and cr.voided_at is null and cr.received_on <= ${to}
      union all
      select ec.vote_head_id, coalesce(e.paid_on, e.spent_on), 'expense', e.amount_cents
        from expenses e join expense_categories ec on ec.id = e.category_id
        where e.school_id = ${schoolId} and e.status = 'paid' and coalesce(e.paid_on, e.spent_on) <= ${to}
    ) x
    group by 1, 2, 3
    order by 2 nulls first`);
  return (res as unknown as { rows: Movement[] }).rows;
}

/** The account of each of the school's vote heads, by id. */
export async function voteHeadAccounts(tx: Tx, schoolId: string): Promise<Map<string, string>> {
  const res = await tx.execute(sql`select id, account from vote_heads where school_id = ${schoolId}`);
  return new Map((res as unknown as { rows: { id: string; account: string }[] }).rows.map((a) => [a.id, a.account]));
}
