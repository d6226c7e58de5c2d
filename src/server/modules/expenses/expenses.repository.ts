import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { approvals, budgets, expenseCategories, expenses, files, financeOfficeSettings, pettyCashEntries, profiles, suppliers, terms, voteHeads, type BudgetRow, type ExpenseCategoryRow, type ExpenseRow, type PettyCashEntryRow, type TermRow } from '../../db/schema/index.js';
import type { Tx } from '../../db/tenant.js';
import { containsAny } from '../../lib/like.js';

/**
 * The expenses tables (issue 15 §1): expenses, expense categories, budgets, the petty-cash book and the
 * school's approval limit and float (finance_office_settings). Every function runs inside the caller's
 * school-scoped transaction (row-level security); money columns are KES cents.
 */

/** A spending period: a term (termId) or, when termId is null, the dates from..to (YYYY-MM-DD, inclusive). */
export interface SpendingPeriod {
  termId: string | null;
  from: string;
  to: string;
}

const inPeriod = (p: SpendingPeriod) => (p.termId ? eq(expenses.termId, p.termId) : and(gte(expenses.spentOn, p.from), lte(expenses.spentOn, p.to)));

// ------------------------------------------------------------------------------------------ settings

/** The school's finance-office settings row (approval limit and petty-cash float in cents), or undefined. */
export async function findFinanceOfficeSettings(tx: Tx, schoolId: string): Promise<typeof financeOfficeSettings.$inferSelect | undefined> {
  const [row] = await tx.select().from(financeOfficeSettings).where(eq(financeOfficeSettings.schoolId, schoolId));
  return row;
}

/** Saves the approval limit and the float (cents) only; other finance-office settings are left as they are. */
export async function upsertExpenseSettings(tx: Tx, schoolId: string, v: { approvalCents: number; floatCents: number; updatedBy: string }): Promise<void> {
  await tx
    .insert(financeOfficeSettings)
    .values({ schoolId, expenseApprovalCents: v.approvalCents, pettyCashFloatCents: v.floatCents, updatedBy: v.updatedBy })
    .onConflictDoUpdate({
      target: financeOfficeSettings.schoolId,
      set: { expenseApprovalCents: v.approvalCents, pettyCashFloatCents: v.floatCents, updatedBy: v.updatedBy, updatedAt: new Date() },
    });
}

// ------------------------------------------------------------------------------------------ petty cash

/** The sum of the school's petty-cash book (cents; 0 when empty). */
export async function sumPettyCash(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx.select({ s: sum(pettyCashEntries.amountCents) }).from(pettyCashEntries).where(eq(pettyCashEntries.schoolId, schoolId));
  return Number(row?.s ?? 0);
}

/** Adds an entry to the petty-cash book (amount in cents, negative for money out); returns it. */
export async function insertPettyCashEntry(tx: Tx, values: typeof pettyCashEntries.$inferInsert): Promise<PettyCashEntryRow> {
  const [row] = await tx.insert(pettyCashEntries).values(values).returning();
  return row!;
}

/** The school's petty-cash book with each entry's expense number and author, oldest first (entry date, then creation). */
export async function listPettyCashEntries(tx: Tx, schoolId: string): Promise<{ p: PettyCashEntryRow; number: string | null; createdBy: string | null }[]> {
  return tx
    .select({ p: pettyCashEntries, number: expenses.number, createdBy: profiles.name })
    .from(pettyCashEntries)
    .leftJoin(expenses, eq(expenses.id, pettyCashEntries.expenseId))
    .leftJoin(profiles, eq(profiles.id, pettyCashEntries.createdBy))
    .where(eq(pettyCashEntries.schoolId, schoolId))
    .orderBy(asc(pettyCashEntries.entryOn), asc(pettyCashEntries.createdAt));
}

// ------------------------------------------------------------------------------------------ expenses

/** Filters of the expenses list (all optional): category, date range, search text, one status or several. */
export interface ExpenseFilters {
  categoryId?: string;
  from?: string;
  to?: string;
  /** Matched case-insensitively anywhere in payee, description or number (LIKE wildcards escaped). */
  search?: string;
  status?: string;
  statuses?: string[];
}

export type ExpenseSort = 'spentOn_desc' | 'spentOn_asc' | 'amount_desc' | 'amount_asc';

function expenseConditions(f: ExpenseFilters): SQL | undefined {
  const base = and(
    f.categoryId ? eq(expenses.categoryId, f.categoryId) : undefined,
    f.from ? gte(expenses.spentOn, f.from) : undefined,
    f.to ? lte(expenses.spentOn, f.to) : undefined,
    f.search ? containsAny(f.search, [expenses.payee, expenses.description, expenses.number]) : undefined,
  );
  return and(base, f.status ? eq(expenses.status, f.status) : undefined, f.statuses ? inArray(expenses.status, f.statuses) : undefined);
}

const sortOrders = (): Record<ExpenseSort, SQL[]> => ({
  spentOn_desc: [desc(expenses.spentOn), desc(expenses.createdAt)],
  spentOn_asc: [asc(expenses.spentOn), asc(expenses.createdAt)],
  amount_desc: [desc(expenses.amountCents), desc(expenses.spentOn)],
  amount_asc: [asc(expenses.amountCents), desc(expenses.spentOn)],
});

const requester = alias(profiles, 'requester');
const decider = alias(profiles, 'decider');
const payer = alias(profiles, 'payer');

/** An expense with its category and term names, attachment file, the names of who asked, decided and paid, and its pending approval. */
export interface ExpenseWithNames {
  e: ExpenseRow;
  category: string;
  termName: string | null;
  termStartsOn: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  requestedBy: string | null;
  decidedBy: string | null;
  paidBy: string | null;
  approvalId: string | null;
}

async function selectExpenses(tx: Tx, schoolId: string, where: SQL | undefined, w: { limit: number; offset: number }, sort: ExpenseSort): Promise<ExpenseWithNames[]> {
  return tx
    .select({
      e: expenses,
      category: expenseCategories.name,
      termName: terms.name,
      termStartsOn: terms.startsOn,
      fileName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      requestedBy: requester.name,
      decidedBy: decider.name,
      paidBy: payer.name,
      approvalId: approvals.id,
    })
    .from(expenses)
    .innerJoin(expenseCategories, eq(expenseCategories.id, expenses.categoryId))
    .leftJoin(terms, eq(terms.id, expenses.termId))
    .leftJoin(files, eq(files.id, expenses.attachmentFileId))
    .leftJoin(requester, eq(requester.id, expenses.requestedBy))
    .leftJoin(decider, eq(decider.id, expenses.decidedBy))
    .leftJoin(payer, eq(payer.id, expenses.paidBy))
    .leftJoin(approvals, and(eq(approvals.kind, 'expense'), eq(approvals.subjectId, expenses.id), eq(approvals.status, 'pending')))
    .where(and(eq(expenses.schoolId, schoolId), where))
    .orderBy(...sortOrders()[sort], desc(expenses.id))
    .limit(w.limit)
    .offset(w.offset);
}

/** One page of the school's expenses matching `f` in `sort` order (ties broken by id, newest first). */
export async function listExpensesWithNames(tx: Tx, schoolId: string, f: ExpenseFilters, sort: ExpenseSort, w: { limit: number; offset: number }): Promise<ExpenseWithNames[]> {
  return selectExpenses(tx, schoolId, expenseConditions(f), w, sort);
}

/** The school's expense `id` with names, or undefined. */
export async function findExpenseWithNames(tx: Tx, schoolId: string, id: string): Promise<ExpenseWithNames | undefined> {
  const [row] = await selectExpenses(tx, schoolId, eq(expenses.id, id), { limit: 1, offset: 0 }, 'spentOn_desc');
  return row;
}

/** Count and sum (cents) of the school's expenses matching `f`, per status. */
export async function sumExpensesByStatus(tx: Tx, schoolId: string, f: ExpenseFilters): Promise<{ status: string; n: number; s: string | null }[]> {
  return tx
    .select({ status: expenses.status, n: count(), s: sum(expenses.amountCents) })
    .from(expenses)
    .where(and(eq(expenses.schoolId, schoolId), expenseConditions(f)))
    .groupBy(expenses.status);
}

/** Spending (cents) of the school's expenses in `statuses` in a period, optionally of one category and leaving one expense out. */
export async function sumSpending(tx: Tx, schoolId: string, opts: { categoryId: string | null; statuses: string[]; period: SpendingPeriod; excludeId?: string }): Promise<number> {
  const [row] = await tx
    .select({ s: sum(expenses.amountCents) })
    .from(expenses)
    .where(
      and(
        eq(expenses.schoolId, schoolId),
        opts.categoryId ? eq(expenses.categoryId, opts.categoryId) : undefined,
        inArray(expenses.status, opts.statuses),
        inPeriod(opts.period),
        opts.excludeId ? ne(expenses.id, opts.excludeId) : undefined,
      ),
    );
  return Number(row?.s ?? 0);
}

/** Spending (cents) of the school's expenses in `statuses` in a period, per category. */
export async function sumSpendingByCategory(tx: Tx, schoolId: string, statuses: string[], period: SpendingPeriod): Promise<Map<string, number>> {
  const rows = await tx
    .select({ categoryId: expenses.categoryId, s: sum(expenses.amountCents) })
    .from(expenses)
    .where(and(eq(expenses.schoolId, schoolId), inArray(expenses.status, statuses), inPeriod(period)))
    .groupBy(expenses.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.s ?? 0)]));
}

/** Inserts an expense (amount in cents) and returns it. */
export async function insertExpense(tx: Tx, values: typeof expenses.$inferInsert): Promise<ExpenseRow> {
  const [row] = await tx.insert(expenses).values(values).returning();
  return row!;
}

/** The school's expense `id` locked FOR UPDATE, or undefined. */
export async function lockExpense(tx: Tx, schoolId: string, id: string): Promise<ExpenseRow | undefined> {
  const [row] = await tx.select().from(expenses).where(and(eq(expenses.id, id), eq(expenses.schoolId, schoolId))).for('update');
  return row;
}

/** The school's expense `id` as status and requester, or undefined. */
export async function findExpenseStatus(tx: Tx, schoolId: string, id: string): Promise<{ id: string; status: string; requestedBy: string | null } | undefined> {
  const [row] = await tx.select({ id: expenses.id, status: expenses.status, requestedBy: expenses.requestedBy }).from(expenses).where(and(eq(expenses.id, id), eq(expenses.schoolId, schoolId)));
  return row;
}

/** The school's expense `id` as its attachment file id and number, or undefined. */
export async function findExpenseAttachment(tx: Tx, schoolId: string, id: string): Promise<{ fileId: string | null; number: string } | undefined> {
  const [row] = await tx.select({ fileId: expenses.attachmentFileId, number: expenses.number }).from(expenses).where(and(eq(expenses.id, id), eq(expenses.schoolId, schoolId)));
  return row;
}

/** The id of the pending approvals row (kind 'expense') of the school's expense, or undefined. */
export async function findPendingExpenseApprovalId(tx: Tx, schoolId: string, expenseId: string): Promise<string | undefined> {
  const [a] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.schoolId, schoolId), eq(approvals.kind, 'expense'), eq(approvals.subjectId, expenseId), eq(approvals.status, 'pending')));
  return a?.id;
}

/** Records the decision on an expense: approved or rejected by `decidedBy` now, with the comment. */
export async function markExpenseDecided(tx: Tx, id: string, v: { status: 'approved' | 'rejected'; decidedBy: string; note: string | null }): Promise<void> {
  await tx
    .update(expenses)
    .set({ status: v.status, decidedBy: v.decidedBy, decidedAt: new Date(), decisionNote: v.note, updatedAt: new Date() })
    .where(eq(expenses.id, id));
}

/** Marks an expense paid on `paidOn` by `paidBy` with the method and reference. */
export async function markExpensePaid(tx: Tx, id: string, v: { paidOn: string; paidBy: string; method: string; reference: string | null }): Promise<void> {
  await tx
    .update(expenses)
    .set({ status: 'paid', paidOn: v.paidOn, paidBy: v.paidBy, method: v.method, reference: v.reference, updatedAt: new Date() })
    .where(eq(expenses.id, id));
}

/** Points an expense at its (new) attachment file. */
export async function setExpenseAttachment(tx: Tx, id: string, fileId: string): Promise<void> {
  await tx.update(expenses).set({ attachmentFileId: fileId, updatedAt: new Date() }).where(eq(expenses.id, id));
}

/** Is `supplierId` a supplier of the school? */
export async function supplierExists(tx: Tx, schoolId: string, supplierId: string): Promise<boolean> {
  const [s] = await tx.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.id, supplierId), eq(suppliers.schoolId, schoolId)));
  return !!s;
}

// ------------------------------------------------------------------------------------------ categories

/** The school's expense category `id`, or undefined. */
export async function findCategory(tx: Tx, schoolId: string, id: string): Promise<ExpenseCategoryRow | undefined> {
  const [row] = await tx.select().from(expenseCategories).where(and(eq(expenseCategories.id, id), eq(expenseCategories.schoolId, schoolId)));
  return row;
}

/** The school's categories with how many expenses each has, by sort order then name. */
export async function listCategoriesWithCounts(tx: Tx, schoolId: string): Promise<{ c: ExpenseCategoryRow; n: number; voteHead: string | null }[]> {
  return tx
    .select({
      c: expenseCategories,
      n: sql<number>`(select count(*)::int from ${expenses} where ${expenses.categoryId} = ${expenseCategories.id})`,
      voteHead: sql<string | null>`(select ${voteHeads.name} from ${voteHeads} where ${voteHeads.id} = ${expenseCategories.voteHeadId})`,
    })
    .from(expenseCategories)
    .where(eq(expenseCategories.schoolId, schoolId))
    .orderBy(asc(expenseCategories.sortOrder), asc(expenseCategories.name));
}

/** Inserts categories (skipping any that exist). */
export async function insertCategoriesIfAbsent(tx: Tx, schoolId: string, rows: { name: string; sortOrder: number }[]): Promise<void> {
  await tx
    .insert(expenseCategories)
    .values(rows.map((r) => ({ schoolId, name: r.name, sortOrder: r.sortOrder })))
    .onConflictDoNothing();
}

/** The id of the school's category named `name` (case-insensitive), other than `exceptId`, or undefined. */
export async function findCategoryIdByName(tx: Tx, schoolId: string, name: string, exceptId?: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.schoolId, schoolId), sql`lower(${expenseCategories.name}) = lower(${name})`, exceptId ? ne(expenseCategories.id, exceptId) : undefined));
  return row?.id;
}

/** The highest sort order of the school's categories (0 when none). */
export async function maxCategorySortOrder(tx: Tx, schoolId: string): Promise<number> {
  const [max] = await tx.select({ n: sql<number>`coalesce(max(${expenseCategories.sortOrder}), 0)::int` }).from(expenseCategories).where(eq(expenseCategories.schoolId, schoolId));
  return Number(max?.n ?? 0);
}

/** Inserts a category and returns it. */
export async function insertCategory(tx: Tx, values: typeof expenseCategories.$inferInsert): Promise<ExpenseCategoryRow> {
  const [row] = await tx.insert(expenseCategories).values(values).returning();
  return row!;
}

/** Writes a category's changed fields and returns it. */
export async function updateCategoryRow(tx: Tx, id: string, changes: Partial<Pick<ExpenseCategoryRow, 'name' | 'description' | 'active' | 'sortOrder' | 'voteHeadId'>>): Promise<ExpenseCategoryRow> {
  const [after] = await tx.update(expenseCategories).set(changes).where(eq(expenseCategories.id, id)).returning();
  return after!;
}

/** Whether `id` is one of the school's active vote heads (issue 35 §3: a category is charged to one). */
export async function isActiveVoteHead(tx: Tx, schoolId: string, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: voteHeads.id }).from(voteHeads).where(and(eq(voteHeads.id, id), eq(voteHeads.schoolId, schoolId), eq(voteHeads.active, true)));
  return !!row;
}

// ------------------------------------------------------------------------------------------ budgets and terms

/**
 * The budgets of a category that cover a date: the term budget of `termId` (when not null) and the
 * calendar-year budget of `year`; the term budget first.
 */
export async function listBudgetsCovering(tx: Tx, schoolId: string, categoryId: string, termId: string | null, year: number): Promise<{ b: BudgetRow; termName: string | null; termStartsOn: string | null }[]> {
  return tx
    .select({ b: budgets, termName: terms.name, termStartsOn: terms.startsOn })
    .from(budgets)
    .leftJoin(terms, eq(terms.id, budgets.termId))
    .where(
      and(
        eq(budgets.schoolId, schoolId),
        eq(budgets.categoryId, categoryId),
        or(termId ? eq(budgets.termId, termId) : sql`false`, and(isNull(budgets.termId), eq(budgets.year, year))),
      ),
    )
    .orderBy(sql`${budgets.termId} is null`);
}

/** The budgets of a term (termId) or, when termId is null, of calendar year `year`, with category and term names; by category sort order, name. */
export async function listBudgetsOfPeriod(tx: Tx, schoolId: string, period: { termId: string | null; year: number }): Promise<{ b: BudgetRow; category: string; termName: string | null; termStartsOn: string | null }[]> {
  return tx
    .select({ b: budgets, category: expenseCategories.name, termName: terms.name, termStartsOn: terms.startsOn })
    .from(budgets)
    .innerJoin(expenseCategories, eq(expenseCategories.id, budgets.categoryId))
    .leftJoin(terms, eq(terms.id, budgets.termId))
    .where(and(eq(budgets.schoolId, schoolId), period.termId ? eq(budgets.termId, period.termId) : and(isNull(budgets.termId), eq(budgets.year, period.year))))
    .orderBy(asc(expenseCategories.sortOrder), asc(expenseCategories.name));
}

/** The school's budget `id`, or undefined. */
export async function findBudget(tx: Tx, schoolId: string, id: string): Promise<BudgetRow | undefined> {
  const [row] = await tx.select().from(budgets).where(and(eq(budgets.id, id), eq(budgets.schoolId, schoolId)));
  return row;
}

/** The id of the category's budget for term `termId` (or, when null, calendar year `year`), or undefined. */
export async function findBudgetIdOfPeriod(tx: Tx, schoolId: string, categoryId: string, termId: string | null, year: number): Promise<string | undefined> {
  const [dup] = await tx
    .select({ id: budgets.id })
    .from(budgets)
    .where(and(eq(budgets.schoolId, schoolId), eq(budgets.categoryId, categoryId), termId ? eq(budgets.termId, termId) : and(isNull(budgets.termId), eq(budgets.year, year))));
  return dup?.id;
}

/** Inserts a budget (amount in cents) and returns it. */
export async function insertBudget(tx: Tx, values: typeof budgets.$inferInsert): Promise<BudgetRow> {
  const [row] = await tx.insert(budgets).values(values).returning();
  return row!;
}

/** Writes a budget's amount (cents) and/or notes. */
export async function updateBudgetRow(tx: Tx, id: string, v: { amountCents?: number; notes?: string | null }): Promise<void> {
  await tx
    .update(budgets)
    .set({ ...(v.amountCents !== undefined ? { amountCents: v.amountCents } : {}), ...(v.notes !== undefined ? { notes: v.notes } : {}), updatedAt: new Date() })
    .where(eq(budgets.id, id));
}

/** Deletes the budget `id`. */
export async function deleteBudgetRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(budgets).where(eq(budgets.id, id));
}

/** The school's terms, newest start first. */
export async function listTerms(tx: Tx, schoolId: string): Promise<TermRow[]> {
  return tx.select().from(terms).where(eq(terms.schoolId, schoolId)).orderBy(desc(terms.startsOn));
}

/** The school's term `id`, or undefined. */
export async function findTerm(tx: Tx, schoolId: string, id: string): Promise<TermRow | undefined> {
  const [term] = await tx.select().from(terms).where(and(eq(terms.id, id), eq(terms.schoolId, schoolId)));
  return term;
}

/** The school's current term, or undefined. */
export async function findCurrentTerm(tx: Tx, schoolId: string): Promise<TermRow | undefined> {
  const [current] = await tx.select().from(terms).where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
  return current;
}
