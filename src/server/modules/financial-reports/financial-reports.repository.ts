import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/tenant.js';
import { collectedByMethod as feesCollectedByMethod } from '../fees/index.js';

/**
 * The SQL of the financial reports: read-only queries over the school's rows, run inside the caller's
 * school-scoped transaction (row-level security) with explicit school_id predicates on top. Amounts are
 * KES cents as PostgreSQL returns them (bigint sums as strings: callers convert with Number()).
 */

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A term with its academic year's name and dates (YYYY-MM-DD). */
export interface TermRow {
  id: string;
  name: string;
  year: string;
  startsOn: string;
  endsOn: string;
}

/** A level and/or stream (the learner's current class) to narrow learner rows by. */
export interface StreamFilter {
  levelId?: string;
  classId?: string;
}

/** `and …` conditions on a learner's current class (alias c) for level and stream filters. */
function streamWhere(q: StreamFilter, studentAlias = 's'): SQL {
  const parts: SQL[] = [];
  if (q.levelId) parts.push(sql`and c.level_id = ${q.levelId}`);
  if (q.classId) parts.push(sql`and ${sql.raw(studentAlias)}.class_id = ${q.classId}`);
  return sql.join(parts, sql` `);
}

const fullName = sql`concat_ws(' ', s.first_name, s.middle_name, s.last_name)`;

/** The school's term `termId` with its year's name, or undefined. */
export async function findTerm(tx: Tx, schoolId: string, termId: string): Promise<TermRow | undefined> {
  const [t] = await rows<TermRow>(
    tx,
    sql`select t.id, t.name, y.name as year, t.starts_on::text as "startsOn", t.ends_on::text as "endsOn"
        from terms t join academic_years y on y.id = t.academic_year_id where t.school_id = ${schoolId} and t.id = ${termId}`,
  );
  return t;
}

/** The name of the school's level `levelId`, or undefined. */
export async function findLevelName(tx: Tx, schoolId: string, levelId: string): Promise<{ name: string } | undefined> {
  const [l] = await rows<{ name: string }>(tx, sql`select name from levels where school_id = ${schoolId} and id = ${levelId}`);
  return l;
}

/** The name of the school's class (stream) `classId`, or undefined. */
export async function findClassName(tx: Tx, schoolId: string, classId: string): Promise<{ name: string } | undefined> {
  const [c] = await rows<{ name: string }>(tx, sql`select name from classes where school_id = ${schoolId} and id = ${classId}`);
  return c;
}

/** A payment or reversal (negative amount, KES cents) with its learner's current class and level. */
export interface CollectionPaymentRow {
  kind: string;
  amount: string;
  method: string;
  paidOn: string;
  studentId: string;
  classId: string | null;
  className: string | null;
  levelId: string | null;
  levelName: string | null;
  levelOrder: number | null;
}

/** Payments and reversals paid from `from` to `to` (inclusive), optionally of one method and level/stream; unordered. */
export async function listCollectionPayments(tx: Tx, schoolId: string, f: StreamFilter & { from: string; to: string; method?: string }): Promise<CollectionPaymentRow[]> {
  return rows<CollectionPaymentRow>(
    tx,
    sql`select p.kind, p.amount_cents as amount, p.method, p.paid_on::text as "paidOn", p.student_id as "studentId",
               c.id as "classId", c.name as "className", coalesce(l.id::text, c.grade_level) as "levelId", coalesce(l.name, c.grade_level) as "levelName",
               coalesce(l.level_order, c.level_order) as "levelOrder"
        from payments p
        join students s on s.id = p.student_id
        left join classes c on c.id = s.class_id
        left join levels l on l.id = c.level_id
        where p.school_id = ${schoolId} and p.paid_on between ${f.from} and ${f.to}
        ${f.method ? sql`and p.method = ${f.method}` : sql``}
        ${streamWhere(f)}`,
  );
}

/** An issued invoice's due and paid amounts (KES cents) as at a date, with its learner. */
export interface OpenInvoiceRow {
  invoiceId: string;
  studentId: string;
  dueOn: string;
  dueCents: string;
  paidCents: string;
  name: string;
  admissionNumber: string;
  stream: string | null;
  level: string | null;
}

/**
 * Every issued invoice with a balance as at `asOf` (the invoice_balances allocation replayed with the
 * invoices, applied adjustments and payments known on that day), for learners of the level/stream;
 * ordered by admission number, then due date.
 */
export async function listOpenInvoicesAsOf(tx: Tx, schoolId: string, asOf: string, q: StreamFilter): Promise<OpenInvoiceRow[]> {
  return rows<OpenInvoiceRow>(
    tx,
    sql`with inv as (
          select i.id as invoice_id, i.student_id, i.total_cents, i.due_on, i.issued_on, i.invoice_number, t.starts_on,
                 coalesce((select sum(a.amount_cents) from fee_adjustments a
                           where a.invoice_id = i.id and a.status = 'applied' and a.effective_on <= ${asOf}), 0)::bigint as adjusted_cents,
                 case when fs.allocation_rule = 'current_term_first' and t.is_current then 0 else 1 end as priority
          from invoices i
          join terms t on t.id = i.term_id
          left join finance_settings fs on fs.school_id = i.school_id
          where i.school_id = ${schoolId} and i.status = 'issued' and i.issued_on <= ${asOf}
        ), due as (
          select inv.*, greatest(total_cents - adjusted_cents, 0)::bigint as due_cents,
                 sum(greatest(total_cents - adjusted_cents, 0)) over (
                   partition by student_id order by priority, starts_on, issued_on, invoice_number rows unbounded preceding)::bigint as cum_cents
          from inv
        ), credit as (
          select st.id as student_id,
                 (coalesce((select sum(p.amount_cents) from payments p where p.student_id = st.id and p.paid_on <= ${asOf}), 0)
                  + coalesce((select sum(a.amount_cents) from fee_adjustments a
                              where a.student_id = st.id and a.status = 'applied' and a.invoice_id is null and a.effective_on <= ${asOf}), 0))::bigint as credit_cents
          from students st where st.id in (select student_id from inv)
        ), bal as (
          select d.invoice_id, d.student_id, d.due_on, d.due_cents,
                 greatest(0, least(d.due_cents, c.credit_cents - (d.cum_cents - d.due_cents)))::bigint as paid_cents
          from due d join credit c on c.student_id = d.student_id
        )
        select b.invoice_id as "invoiceId", b.student_id as "studentId", b.due_on::text as "dueOn", b.due_cents as "dueCents", b.paid_cents as "paidCents",
               ${fullName} as name, s.admission_number as "admissionNumber", c.name as stream, coalesce(l.name, c.grade_level) as level
        from bal b
        join students s on s.id = b.student_id
        left join classes c on c.id = s.class_id
        left join levels l on l.id = c.level_id
        where b.due_cents > b.paid_cents ${streamWhere(q)}
        order by s.admission_number, b.due_on`,
  );
}

/** A learner's last payment up to a date (KES cents) and primary (else first) guardian's contact. */
export interface DefaulterContactRow {
  studentId: string;
  lastOn: string | null;
  lastAmount: string | null;
  gName: string | null;
  gPhone: string | null;
  gEmail: string | null;
}

/** For each of the school's learners `ids` (non-empty): the last payment paid on or before `asOf`, and a guardian. Unordered. */
export async function listDefaulterContacts(tx: Tx, schoolId: string, asOf: string, ids: string[]): Promise<DefaulterContactRow[]> {
  return rows<DefaulterContactRow>(
    tx,
    sql`select s.id as "studentId", lp.paid_on::text as "lastOn", lp.amount_cents as "lastAmount", g.name as "gName", g.phone as "gPhone", g.email as "gEmail"
        from students s
        left join lateral (select p.paid_on, p.amount_cents from payments p
                           where p.student_id = s.id and p.kind = 'payment' and p.paid_on <= ${asOf}
                           order by p.paid_on desc, p.created_at desc limit 1) lp on true
        left join lateral (select gu.name, gu.phone, gu.email from student_guardians sg join guardians gu on gu.id = sg.guardian_id
                           where sg.student_id = s.id order by sg.is_primary desc, gu.name limit 1) g on true
        where s.school_id = ${schoolId} and s.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

const expensePaidOn = sql`coalesce(e.paid_on, e.spent_on)`;

/** All money in (payments less reversals) and all money out (paid expenses, on the day paid) before `from`, KES cents. */
export async function cashBeforeDate(tx: Tx, schoolId: string, from: string): Promise<{ inCents: string; outCents: string } | undefined> {
  const [opening] = await rows<{ inCents: string; outCents: string }>(
    tx,
    sql`select (select coalesce(sum(amount_cents), 0) from payments where school_id = ${schoolId} and paid_on < ${from})::bigint as "inCents",
               (select coalesce(sum(e.amount_cents), 0) from expenses e where e.school_id = ${schoolId} and e.status = 'paid' and ${expensePaidOn} < ${from})::bigint as "outCents"`,
  );
  return opening;
}

/** A payment or reversal in the cash book (KES cents), with its (reversed payment's) receipt and learner. */
export interface CashInRow {
  date: string;
  amount: string;
  method: string;
  kind: string;
  receipt: string | null;
  origReceipt: string | null;
  name: string;
  adm: string;
}

/** Payments and reversals paid from `from` to `to`, oldest first (paid_on, created_at). */
export async function listCashIn(tx: Tx, schoolId: string, from: string, to: string): Promise<CashInRow[]> {
  return rows<CashInRow>(
    tx,
    sql`select p.paid_on::text as date, p.amount_cents as amount, p.method, p.kind, p.receipt_number as receipt, o.receipt_number as "origReceipt",
               ${fullName} as name, s.admission_number as adm
        from payments p join students s on s.id = p.student_id left join payments o on o.id = p.reverses_payment_id
        where p.school_id = ${schoolId} and p.paid_on between ${from} and ${to}
        order by p.paid_on, p.created_at`,
  );
}

/** A paid expense in the cash book (KES cents) on the day paid, with its category name. */
export interface CashOutRow {
  date: string;
  amount: string;
  method: string;
  number: string;
  payee: string;
  description: string;
  category: string;
}

/** Paid expenses paid (paid_on, else spent_on) from `from` to `to`, oldest first (that day, created_at). */
export async function listCashOut(tx: Tx, schoolId: string, from: string, to: string): Promise<CashOutRow[]> {
  return rows<CashOutRow>(
    tx,
    sql`select ${expensePaidOn}::text as date, e.amount_cents as amount, e.method, e.number, e.payee, e.description, ec.name as category
        from expenses e join expense_categories ec on ec.id = e.category_id
        where e.school_id = ${schoolId} and e.status = 'paid' and ${expensePaidOn} between ${from} and ${to}
        order by ${expensePaidOn}, e.created_at`,
  );
}

/** Payments less reversals paid in the period per method (count of payments, KES cents as a number), largest first. */
export async function collectedByMethod(tx: Tx, schoolId: string, from: string, to: string): Promise<{ method: string; count: number; cents: number }[]> {
  // The fees module's query (same predicates and grouping), largest amount (its 2nd column) first.
  const collected = await feesCollectedByMethod(tx, schoolId, from, to).orderBy(sql`2 desc`);
  return collected.map((r) => ({ method: r.method, count: r.n, cents: r.amount }));
}

/** Lines of issued invoices issued in the period per fee category (count, KES cents), largest first. */
export async function invoicedByCategory(tx: Tx, schoolId: string, from: string, to: string): Promise<{ category: string; count: number; cents: string }[]> {
  return rows<{ category: string; count: number; cents: string }>(
    tx,
    sql`select il.category, count(*)::int as count, sum(il.amount_cents)::bigint as cents
        from invoice_lines il join invoices i on i.id = il.invoice_id
        where i.school_id = ${schoolId} and i.status = 'issued' and i.issued_on between ${from} and ${to}
        group by il.category order by 3 desc`,
  );
}

/** Paid expenses paid in the period per category (count, KES cents), largest first, then by name. */
export async function paidExpensesByCategory(tx: Tx, schoolId: string, from: string, to: string): Promise<{ id: string; name: string; count: number; cents: string }[]> {
  return rows<{ id: string; name: string; count: number; cents: string }>(
    tx,
    sql`select ec.id, ec.name, count(*)::int as count, sum(e.amount_cents)::bigint as cents
        from expenses e join expense_categories ec on ec.id = e.category_id
        where e.school_id = ${schoolId} and e.status = 'paid' and ${expensePaidOn} between ${from} and ${to}
        group by ec.id, ec.name order by 4 desc, 2`,
  );
}

/** Approved payroll runs with a pay date in the period: how many, and their employer cost in KES cents. */
export async function approvedPayrollCost(tx: Tx, schoolId: string, from: string, to: string): Promise<{ count: number; cents: string } | undefined> {
  const [payroll] = await rows<{ count: number; cents: string }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(employer_cost_cents), 0)::bigint as cents
        from payroll_runs where school_id = ${schoolId} and status = 'approved' and pay_date between ${from} and ${to}`,
  );
  return payroll;
}

const txDay = sql`(t.trans_time at time zone 'Africa/Nairobi')::date`;

/** An M-Pesa transaction (KES cents) on its Nairobi day, with the payment posted from it (if any). */
export interface MpesaTransactionRow {
  day: string;
  amount: string;
  status: string;
  transId: string;
  msisdn: string | null;
  payerName: string | null;
  billRef: string | null;
  note: string | null;
  posted: string | null;
}

/** M-Pesa transactions whose Nairobi day is in the period, newest first (trans_time desc). */
export async function listMpesaTransactions(tx: Tx, schoolId: string, from: string, to: string): Promise<MpesaTransactionRow[]> {
  return rows<MpesaTransactionRow>(
    tx,
    sql`select ${txDay}::text as day, t.amount_cents as amount, t.status, t.trans_id as "transId", t.msisdn, t.payer_name as "payerName", t.bill_ref as "billRef", t.note,
               (select p.amount_cents from payments p where p.mpesa_transaction_id = t.id and p.kind = 'payment') as posted
        from mpesa_transactions t
        where t.school_id = ${schoolId} and ${txDay} between ${from} and ${to}
        order by t.trans_time desc`,
  );
}

/** M-Pesa payments recorded by hand (no transaction) paid in the period: how many, KES cents. */
export async function manualMpesaPayments(tx: Tx, schoolId: string, from: string, to: string): Promise<{ count: number; cents: string } | undefined> {
  const [manual] = await rows<{ count: number; cents: string }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(amount_cents), 0)::bigint as cents from payments
        where school_id = ${schoolId} and kind = 'payment' and method = 'mpesa' and mpesa_transaction_id is null and paid_on between ${from} and ${to}`,
  );
  return manual;
}

/** Approved and paid expenses of a term (its term_id, or no term and spent within its dates) or a period. */
function expenseScope(p: { termId?: string; from: string; to: string }): SQL {
  if (p.termId) return sql`(e.term_id = ${p.termId} or (e.term_id is null and e.spent_on between ${p.from} and ${p.to}))`;
  return sql`e.spent_on between ${p.from} and ${p.to}`;
}

/** Approved and paid expenses of the scope (see expenseScope) per category: count, KES cents total, paid, approved. Unordered. */
export async function expensesByCategory(tx: Tx, schoolId: string, scope: { termId?: string; from: string; to: string }) {
  return rows<{ id: string; name: string; count: number; cents: string; paid: string; approved: string }>(
    tx,
    sql`select ec.id, ec.name, count(*)::int as count, sum(e.amount_cents)::bigint as cents,
               coalesce(sum(e.amount_cents) filter (where e.status = 'paid'), 0)::bigint as paid,
               coalesce(sum(e.amount_cents) filter (where e.status = 'approved'), 0)::bigint as approved
        from expenses e join expense_categories ec on ec.id = e.category_id
        where e.school_id = ${schoolId} and e.status in ('paid', 'approved') and ${expenseScope(scope)}
        group by ec.id, ec.name`,
  );
}

/** The id of the school's current term, or undefined. */
export async function findCurrentTermId(tx: Tx, schoolId: string): Promise<string | undefined> {
  const [cur] = await rows<{ id: string }>(tx, sql`select id from terms where school_id = ${schoolId} and is_current limit 1`);
  return cur?.id;
}

/** The term's budget per expense category (KES cents). */
export async function termBudgets(tx: Tx, schoolId: string, termId: string): Promise<{ id: string; cents: string }[]> {
  return rows(tx, sql`select category_id as id, amount_cents as cents from budgets where school_id = ${schoolId} and term_id = ${termId}`);
}

/** The year's budget per expense category (KES cents): its year budget, else the sum of its term budgets that year. */
export async function yearBudgets(tx: Tx, schoolId: string, year: number): Promise<{ id: string; cents: string }[]> {
  return rows(
    tx,
    sql`select category_id as id,
               coalesce(max(amount_cents) filter (where term_id is null), sum(amount_cents) filter (where term_id is not null))::bigint as cents
        from budgets where school_id = ${schoolId} and year = ${year} group by category_id`,
  );
}

/** The school's expense categories (id, name, sort order), unordered. */
export async function listExpenseCategories(tx: Tx, schoolId: string): Promise<{ id: string; name: string; sortOrder: number }[]> {
  return rows<{ id: string; name: string; sortOrder: number }>(tx, sql`select id, name, sort_order as "sortOrder" from expense_categories where school_id = ${schoolId}`);
}

/** The school's terms with their year's name, newest first (starts_on desc). */
export async function listTerms(tx: Tx, schoolId: string): Promise<(TermRow & { isCurrent: boolean })[]> {
  return rows<TermRow & { isCurrent: boolean }>(
    tx,
    sql`select t.id, t.name, y.name as year, t.starts_on::text as "startsOn", t.ends_on::text as "endsOn", t.is_current as "isCurrent"
        from terms t join academic_years y on y.id = t.academic_year_id where t.school_id = ${schoolId} order by t.starts_on desc`,
  );
}

/** The school's grade levels, in level order, then by name. */
export async function listLevels(tx: Tx, schoolId: string): Promise<{ id: string; name: string }[]> {
  return rows<{ id: string; name: string }>(tx, sql`select id, name from levels where school_id = ${schoolId} order by level_order, name`);
}

/** The school's streams of the current academic year, in level order, then by name. */
export async function listCurrentStreams(tx: Tx, schoolId: string): Promise<{ id: string; name: string; levelId: string | null }[]> {
  return rows<{ id: string; name: string; levelId: string | null }>(
    tx,
    sql`select c.id, c.name, c.level_id as "levelId" from classes c join academic_years y on y.id = c.academic_year_id
        where c.school_id = ${schoolId} and y.is_current order by c.level_order, c.name`,
  );
}
