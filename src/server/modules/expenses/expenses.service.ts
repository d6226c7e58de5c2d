import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../../shared/access.js';
import type {
  Budget,
  BudgetCheck,
  BudgetsResponse,
  Expense,
  ExpenseCategory,
  ExpenseSettings,
  ExpensesSummary,
  ListExpensesResponse,
  PettyCash,
  budgetBody,
  budgetPatch,
  budgetsQuery,
  categoryBody,
  categoryPatch,
  createExpenseBody,
  expenseSettingsBody,
  listExpensesQuery,
  payExpenseBody,
  topUpBody,
} from '../../../shared/contracts/expenses.js';
import { expensesMessages as m } from '../../../shared/messages/expenses.js';
import { centsToKes, formatKesLabel } from '../../../shared/money.js';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { termOn } from '../fees/index.js';
import { loadFile, readUpload, storeFile } from '../../lib/files.js';
import { auditSchool, inSchool, type SchoolCaller } from '../../lib/school-context.js';
import { documentNumber, takeDocumentNumbers } from '../../lib/document-numbers.js';
import { withIdempotency } from '../../lib/idempotency.js';
import { requestApproval } from '../approvals/index.js';
import { pageWindow } from '../../lib/paging.js';
import * as repo from './expenses.repository.js';
import type { ExpenseWithNames, SpendingPeriod } from './expenses.repository.js';

/**
 * Expenses, budgets and petty cash (issue 15 §1). Every call runs in one transaction confined to the
 * caller's school (inSchool); every write is audited (EXPENSES_AUDIT). Money is integer cents inside,
 * KES numbers at the edge.
 */

export const EXPENSES_AUDIT = {
  recorded: 'EXPENSE_RECORDED',
  approved: 'EXPENSE_APPROVED',
  rejected: 'EXPENSE_REJECTED',
  paid: 'EXPENSE_PAID',
  attachment: 'EXPENSE_ATTACHMENT_ADDED',
  budgetSet: 'BUDGET_SET',
  budgetDeleted: 'BUDGET_DELETED',
  categorySaved: 'EXPENSE_CATEGORY_SAVED',
  topUp: 'PETTY_CASH_TOPUP',
  settings: 'EXPENSE_SETTINGS_UPDATED',
} as const;

export const DEFAULT_CATEGORIES = [
  'Salaries (outside payroll)',
  'Food and catering',
  'Utilities',
  'Repairs and maintenance',
  'Transport fuel',
  'Stationery',
  'Examinations',
  'Other',
] as const;

export const EXPENSE_PREFIX = 'EXP-';
const COUNTED = ['paid', 'approved'];

export interface ExpenseCall {
  actor: Actor;
  ip: string;
}
const caller = (c: ExpenseCall, schoolId: string): SchoolCaller => ({ actor: c.actor, schoolId, ip: c.ip });

// ------------------------------------------------------------------------------------------ helpers

/** The school's approval limit and petty-cash float in cents (defaults when it never saved any). */
export async function loadExpenseSettings(tx: Tx, schoolId: string) {
  const row = await repo.findFinanceOfficeSettings(tx, schoolId);
  return { approvalCents: row?.expenseApprovalCents ?? 5_000_000, floatCents: row?.pettyCashFloatCents ?? 2_000_000 };
}

/** Petty cash held now (cents): the sum of the book. */
export async function pettyCashBalance(tx: Tx, schoolId: string): Promise<number> {
  return repo.sumPettyCash(tx, schoolId);
}

export const termLabel = (t: { name: string; startsOn: string }) => `${t.name} ${t.startsOn.slice(0, 4)}`;
const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });
/** A term's (termId) or, without one, a calendar year's spending period. */
const spendingPeriod = (period: { termId: string | null; year: number }): SpendingPeriod => ({ termId: period.termId, ...yearRange(period.year) });

/** Paid and approved spending of a category in a term or a year (cents), optionally leaving one expense out. */
async function actualCents(tx: Tx, schoolId: string, categoryId: string | null, period: { termId: string | null; year: number }, exclude?: string): Promise<number> {
  return repo.sumSpending(tx, schoolId, { categoryId, statuses: COUNTED, period: spendingPeriod(period), excludeId: exclude });
}

/**
 * What an expense of `amountCents` in `categoryId` on `spentOn` does to the category's budgets: the
 * term budget of the term containing the date and the calendar year's budget. Over when paid and
 * approved spending plus this expense passes the amount; the first such budget gives the warning.
 */
export async function checkBudgets(tx: Tx, schoolId: string, categoryId: string, amountCents: number, spentOn: string, exclude?: string) {
  const cat = await repo.findCategory(tx, schoolId, categoryId);
  const term = await termOn(tx, schoolId, spentOn);
  const year = Number(spentOn.slice(0, 4));
  const rows = await repo.listBudgetsCovering(tx, schoolId, categoryId, term ? term.id : null, year);
  const out: BudgetCheck['budgets'] = [];
  let warning: string | null = null;
  for (const { b, termName, termStartsOn } of rows) {
    const period = b.termId && termName && termStartsOn ? termLabel({ name: termName, startsOn: termStartsOn }) : String(b.year);
    const actual = await actualCents(tx, schoolId, categoryId, { termId: b.termId, year: b.year }, exclude);
    const after = actual + amountCents;
    out.push({ period, budget: centsToKes(b.amountCents), actual: centsToKes(actual), after: centsToKes(after) });
    if (after > b.amountCents && !warning) warning = m.overBudget(cat?.name ?? 'this category', period, formatKesLabel(b.amountCents), formatKesLabel(actual), formatKesLabel(after));
  }
  return { budgets: out, warning, term };
}

async function loadCategory(tx: Tx, schoolId: string, id: string, field = 'categoryId') {
  const row = await repo.findCategory(tx, schoolId, id);
  if (!row) throw badRequest(m.categoryNotFound, { [field]: m.categoryNotFound });
  return row;
}

/** Expenses in the API's shape; a pending one carries its budget warning. */
async function expenseRows(tx: Tx, schoolId: string, rows: ExpenseWithNames[]): Promise<Expense[]> {
  const out: Expense[] = [];
  for (const r of rows) {
    const e = r.e;
    const warning = e.status === 'pending' ? (await checkBudgets(tx, schoolId, e.categoryId, e.amountCents, e.spentOn, e.id)).warning : null;
    out.push({
      id: e.id,
      number: e.number,
      spentOn: e.spentOn,
      termId: e.termId,
      term: r.termName && r.termStartsOn ? termLabel({ name: r.termName, startsOn: r.termStartsOn }) : null,
      categoryId: e.categoryId,
      category: r.category,
      supplierId: e.supplierId,
      payee: e.payee,
      description: e.description,
      amount: centsToKes(e.amountCents),
      method: e.method as Expense['method'],
      reference: e.reference,
      notes: e.notes,
      attachment: e.attachmentFileId
        ? { fileId: e.attachmentFileId, fileName: r.fileName ?? 'attachment', contentType: r.contentType ?? 'application/octet-stream', sizeBytes: r.sizeBytes ?? 0, url: `/api/expenses/${e.id}/attachment` }
        : null,
      status: e.status as Expense['status'],
      overBudgetReason: e.overBudgetReason,
      budgetWarning: warning,
      paidOn: e.paidOn,
      paidBy: r.paidBy,
      requestedBy: r.requestedBy,
      requestedById: e.requestedBy,
      decidedBy: r.decidedBy,
      decidedAt: e.decidedAt?.toISOString() ?? null,
      decisionNote: e.decisionNote,
      approvalId: r.approvalId,
      createdAt: e.createdAt.toISOString(),
    });
  }
  return out;
}

export async function expenseById(tx: Tx, schoolId: string, id: string): Promise<Expense> {
  const found = await repo.findExpenseWithNames(tx, schoolId, id);
  const [row] = await expenseRows(tx, schoolId, found ? [found] : []);
  if (!row) throw notFound(m.expenseNotFound);
  return row;
}

/** Draws `amountCents` from petty cash for an expense (400 when the box holds less). */
async function drawPettyCash(tx: Tx, c: SchoolCaller, expense: { id: string; number: string; amountCents: number }, entryOn: string) {
  const balance = await pettyCashBalance(tx, c.schoolId);
  if (balance < expense.amountCents) {
    const msg = m.pettyCashShort(formatKesLabel(balance), formatKesLabel(expense.amountCents));
    throw badRequest(msg, { method: msg });
  }
  await repo.insertPettyCashEntry(tx, {
    schoolId: c.schoolId,
    kind: 'expense',
    amountCents: -expense.amountCents,
    entryOn,
    expenseId: expense.id,
    reference: expense.number,
    createdBy: c.actor.id,
  });
}

// ------------------------------------------------------------------------------------------ expenses

type ListQuery = z.output<typeof listExpensesQuery>;

/** GET /api/expenses: filtered, paged, sorted; totals over every match. */
export async function listExpenses(database: Database, actor: Actor, q: ListQuery): Promise<ListExpensesResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const filters = { categoryId: q.categoryId, from: q.from, to: q.to, search: q.q, status: q.status === 'all' ? undefined : q.status };
    const items = await expenseRows(tx, schoolId, await repo.listExpensesWithNames(tx, schoolId, filters, q.sort, pageWindow(q)));
    const byStatus = await repo.sumExpensesByStatus(tx, schoolId, filters);
    const get = (s: string) => Number(byStatus.find((r) => r.status === s)?.s ?? 0);
    const total = byStatus.reduce((a, r) => a + Number(r.n), 0);
    return {
      items,
      total,
      page: q.page,
      pageSize: q.pageSize,
      totals: {
        amount: centsToKes(byStatus.reduce((a, r) => a + Number(r.s ?? 0), 0)),
        paid: centsToKes(get('paid')),
        approved: centsToKes(get('approved')),
        pending: centsToKes(get('pending')),
        rejected: centsToKes(get('rejected')),
        pendingCount: Number(byStatus.find((r) => r.status === 'pending')?.n ?? 0),
      },
    };
  });
}

export async function getExpense(database: Database, actor: Actor, id: string): Promise<Expense> {
  return inSchool(database, actor, undefined, (tx, schoolId) => expenseById(tx, schoolId, id));
}

/** GET /api/expenses/budget-check: what recording this expense would do (the form warns before submit). */
export async function budgetCheckFor(database: Database, actor: Actor, q: { categoryId: string; amount: number; spentOn: string }): Promise<BudgetCheck> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    await loadCategory(tx, schoolId, q.categoryId);
    const settings = await loadExpenseSettings(tx, schoolId);
    const check = await checkBudgets(tx, schoolId, q.categoryId, q.amount, q.spentOn);
    return {
      needsApproval: q.amount >= settings.approvalCents,
      approvalLimit: centsToKes(settings.approvalCents),
      overBudget: check.warning !== null,
      warning: check.warning,
      budgets: check.budgets,
    };
  });
}

type CreateInput = z.output<typeof createExpenseBody>;

/**
 * POST /api/expenses (finance officer). At or above the approval limit: pending with an approvals row
 * for the principal or director; under it: paid on the day spent (petty cash drawn when the method is
 * petty_cash; 400 when it holds too little). Over a budget: 400 OVER_BUDGET with the warning on field
 * overBudgetReason unless a reason is given. Idempotency-Key: a retry returns the first answer.
 */
export async function createExpense(database: Database, c: ExpenseCall, body: CreateInput, idempotencyKey: string | undefined) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const fc = caller(c, schoolId);
    return withIdempotency(tx, { schoolId, userId: c.actor.id, key: idempotencyKey, route: 'POST /api/expenses', body, status: 201 }, async () => {
      const category = await loadCategory(tx, schoolId, body.categoryId);
      if (!category.active) throw badRequest(m.categoryInactive, { categoryId: m.categoryInactive });
      if (body.supplierId) {
        if (!(await repo.supplierExists(tx, schoolId, body.supplierId))) throw badRequest(m.supplierNotFound, { supplierId: m.supplierNotFound });
      }
      const settings = await loadExpenseSettings(tx, schoolId);
      const check = await checkBudgets(tx, schoolId, category.id, body.amount, body.spentOn);
      if (check.warning && !body.overBudgetReason) throw new AppError(400, 'OVER_BUDGET', check.warning, { fields: { overBudgetReason: check.warning } });
      const pending = body.amount >= settings.approvalCents;
      const number = documentNumber(EXPENSE_PREFIX, await takeDocumentNumbers(tx, schoolId, 'expense'));
      const row = await repo.insertExpense(tx, {
        schoolId,
        number,
        spentOn: body.spentOn,
        termId: check.term?.id ?? null,
        categoryId: category.id,
        supplierId: body.supplierId ?? null,
        payee: body.payee,
        description: body.description,
        amountCents: body.amount,
        method: body.method,
        reference: body.reference,
        notes: body.notes,
        status: pending ? 'pending' : 'paid',
        overBudgetReason: check.warning ? body.overBudgetReason : null,
        paidOn: pending ? null : body.spentOn,
        paidBy: pending ? null : c.actor.id,
        requestedBy: c.actor.id,
      });
      if (!pending && body.method === 'petty_cash') await drawPettyCash(tx, fc, row, body.spentOn);
      if (pending) {
        await requestApproval(tx, {
          schoolId,
          kind: 'expense',
          subjectId: row.id,
          title: m.approvalTitle(category.name, body.payee, formatKesLabel(body.amount)),
          summary: m.approvalSummary(number, body.description, row.overBudgetReason),
          amountCents: body.amount,
          requestedBy: c.actor.id,
        });
      }
      const expense = await expenseById(tx, schoolId, row.id);
      await auditSchool(tx, fc, EXPENSES_AUDIT.recorded, `expense:${row.id}`, null, expense);
      return { expense, message: pending ? m.recordedPending(number) : m.recorded(number) };
    });
  });
}

/**
 * Approves or rejects a pending expense (the approvals service's decider for kind 'expense', run in its
 * transaction). Refuses the requester (403), a decided expense (409) and a rejection without a comment (400).
 */
export async function decideExpense(tx: Tx, c: SchoolCaller, expenseId: string, approve: boolean, note: string | null): Promise<void> {
  const row = await repo.lockExpense(tx, c.schoolId, expenseId);
  if (!row) throw notFound(m.expenseNotFound);
  if (row.requestedBy === c.actor.id) throw new AppError(403, 'OWN_EXPENSE', m.ownExpense);
  if (row.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', m.notPending);
  const comment = note?.trim() || null;
  if (!approve && !comment) throw badRequest(m.noteRequired, { note: m.noteRequired });
  const before = await expenseById(tx, c.schoolId, expenseId);
  await repo.markExpenseDecided(tx, expenseId, { status: approve ? 'approved' : 'rejected', decidedBy: c.actor.id, note: comment });
  const after = await expenseById(tx, c.schoolId, expenseId);
  await auditSchool(tx, c, approve ? EXPENSES_AUDIT.approved : EXPENSES_AUDIT.rejected, `expense:${expenseId}`, before, after, { note: comment });
}

/** The pending approvals row of an expense (POST /api/expenses/:id/approve|reject go through it). */
export async function pendingApprovalOf(database: Database, actor: Actor, expenseId: string): Promise<string> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const row = await repo.findExpenseStatus(tx, schoolId, expenseId);
    if (!row) throw notFound(m.expenseNotFound);
    if (row.requestedBy === actor.id) throw new AppError(403, 'OWN_EXPENSE', m.ownExpense);
    if (row.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', m.notPending);
    const approvalId = await repo.findPendingExpenseApprovalId(tx, schoolId, expenseId);
    if (!approvalId) throw new AppError(409, 'ALREADY_DECIDED', m.noApprovalRow);
    return approvalId;
  });
}

/** POST /api/expenses/:id/pay: an approved expense is paid (petty cash drawn for method petty_cash). */
export async function payExpense(database: Database, c: ExpenseCall, id: string, body: z.output<typeof payExpenseBody>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const fc = caller(c, schoolId);
    const row = await repo.lockExpense(tx, schoolId, id);
    if (!row) throw notFound(m.expenseNotFound);
    if (row.status !== 'approved') throw new AppError(409, 'NOT_APPROVED', m.notApproved);
    const before = await expenseById(tx, schoolId, id);
    if (body.method === 'petty_cash') await drawPettyCash(tx, fc, row, body.paidOn);
    await repo.markExpensePaid(tx, id, { paidOn: body.paidOn, paidBy: c.actor.id, method: body.method, reference: body.reference ?? row.reference });
    const expense = await expenseById(tx, schoolId, id);
    await auditSchool(tx, fc, EXPENSES_AUDIT.paid, `expense:${id}`, before, expense);
    return { expense, message: m.paid };
  });
}

/** POST /api/expenses/:id/attachment (multipart `file`: PDF, JPEG or PNG up to 10 MB) → the expense. */
export async function attachToExpense(database: Database, storage: FileStorage, c: ExpenseCall, id: string, request: FastifyRequest) {
  const upload = await readUpload(request, 'document');
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const before = await expenseById(tx, schoolId, id);
    const file = await storeFile(tx, storage, { schoolId, kind: 'document', buffer: upload.buffer, contentType: upload.contentType, originalName: upload.filename, createdBy: c.actor.id });
    await repo.setExpenseAttachment(tx, id, file.id);
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.attachment, `expense:${id}`, before.attachment, { fileId: file.id, fileName: upload.filename });
    return { expense: await expenseById(tx, schoolId, id), message: m.attachmentSaved };
  });
}

/** GET /api/expenses/:id/attachment → the receipt or invoice bytes (404 when none). */
export async function expenseAttachment(database: Database, storage: FileStorage, actor: Actor, id: string) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const row = await repo.findExpenseAttachment(tx, schoolId, id);
    if (!row?.fileId) throw notFound(m.expenseNotFound);
    const { row: f, body } = await loadFile(tx, storage, schoolId, row.fileId);
    return { body, contentType: f.contentType, fileName: f.originalName || row.number };
  });
}

// ------------------------------------------------------------------------------------------ summary

/** GET /api/expenses/summary: the KPIs of the page header. */
export async function expensesSummary(database: Database, actor: Actor): Promise<ExpensesSummary> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const current = await repo.findCurrentTerm(tx, schoolId);
    const settings = await loadExpenseSettings(tx, schoolId);
    const spent = current ? await actualCents(tx, schoolId, null, { termId: current.id, year: Number(current.startsOn.slice(0, 4)) }) : 0;
    const st = await repo.sumExpensesByStatus(tx, schoolId, { statuses: ['pending', 'approved'] });
    let over = 0;
    if (current) {
      const list = await budgetItems(tx, schoolId, { termId: current.id, year: Number(current.startsOn.slice(0, 4)) });
      over = list.filter((b) => b.variance < 0).length;
    }
    return {
      term: current ? { id: current.id, name: termLabel(current) } : null,
      spentThisTerm: centsToKes(spent),
      pendingCount: Number(st.find((r) => r.status === 'pending')?.n ?? 0),
      pendingAmount: centsToKes(Number(st.find((r) => r.status === 'pending')?.s ?? 0)),
      approvedUnpaidCount: Number(st.find((r) => r.status === 'approved')?.n ?? 0),
      pettyCashBalance: centsToKes(await pettyCashBalance(tx, schoolId)),
      pettyCashFloat: centsToKes(settings.floatCents),
      overBudgetCategories: over,
      approvalLimit: centsToKes(settings.approvalCents),
    };
  });
}

// ------------------------------------------------------------------------------------------ categories

async function categoryList(tx: Tx, schoolId: string): Promise<ExpenseCategory[]> {
  const rows = await repo.listCategoriesWithCounts(tx, schoolId);
  return rows.map(({ c, n, voteHead }) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    active: c.active,
    sortOrder: c.sortOrder,
    expenseCount: Number(n),
    voteHeadId: c.voteHeadId,
    voteHead: c.voteHeadId ? voteHead : null,
  }));
}

/** A category's vote head must be one of the school's active vote heads (another school's → 400 too). */
async function checkVoteHead(tx: Tx, schoolId: string, voteHeadId: string | null | undefined) {
  if (voteHeadId && !(await repo.isActiveVoteHead(tx, schoolId, voteHeadId))) throw badRequest(m.voteHeadNotFound, { voteHeadId: m.voteHeadNotFound });
}

/** GET /api/expenses/categories (a school without any gets the defaults). */
export async function listCategories(database: Database, actor: Actor) {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    let items = await categoryList(tx, schoolId);
    if (items.length === 0) {
      await repo.insertCategoriesIfAbsent(
        tx,
        schoolId,
        DEFAULT_CATEGORIES.map((name, i) => ({ name, sortOrder: (i + 1) * 10 })),
      );
      items = await categoryList(tx, schoolId);
    }
    return { items };
  });
}

async function nameTaken(tx: Tx, schoolId: string, name: string, except?: string) {
  if (await repo.findCategoryIdByName(tx, schoolId, name, except)) throw new AppError(409, 'CATEGORY_TAKEN', m.categoryTaken, { fields: { name: m.categoryTaken } });
}

export async function createCategory(database: Database, c: ExpenseCall, body: z.output<typeof categoryBody>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    await nameTaken(tx, schoolId, body.name);
    await checkVoteHead(tx, schoolId, body.voteHeadId);
    const max = await repo.maxCategorySortOrder(tx, schoolId);
    const row = await repo.insertCategory(tx, {
      schoolId,
      name: body.name,
      description: body.description,
      active: body.active,
      sortOrder: body.sortOrder ?? max + 10,
      voteHeadId: body.voteHeadId ?? null,
    });
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.categorySaved, `expense_category:${row.id}`, null, row);
    return (await categoryList(tx, schoolId)).find((x) => x.id === row.id)!;
  });
}

export async function updateCategory(database: Database, c: ExpenseCall, id: string, body: z.output<typeof categoryPatch>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const before = await repo.findCategory(tx, schoolId, id);
    if (!before) throw notFound(m.categoryNotFound);
    if (body.name) await nameTaken(tx, schoolId, body.name, id);
    // Keeping the category's current vote head is allowed even when that vote head was deactivated since.
    if (body.voteHeadId !== before.voteHeadId) await checkVoteHead(tx, schoolId, body.voteHeadId);
    const changes = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
      ...(body.voteHeadId !== undefined ? { voteHeadId: body.voteHeadId } : {}),
    };
    // An empty patch changes nothing (issue 32 §5: it was a 500, "no values to set").
    if (Object.keys(changes).length === 0) return (await categoryList(tx, schoolId)).find((x) => x.id === id)!;
    const after = await repo.updateCategoryRow(tx, id, changes);
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.categorySaved, `expense_category:${id}`, before, after);
    return (await categoryList(tx, schoolId)).find((x) => x.id === id)!;
  });
}

// ------------------------------------------------------------------------------------------ budgets

async function budgetItems(tx: Tx, schoolId: string, period: { termId: string | null; year: number }): Promise<Budget[]> {
  const rows = await repo.listBudgetsOfPeriod(tx, schoolId, period);
  const actuals = await actualByCategory(tx, schoolId, period);
  return rows.map(({ b, category, termName, termStartsOn }) => {
    const actual = actuals.get(b.categoryId) ?? 0;
    return {
      id: b.id,
      categoryId: b.categoryId,
      category,
      termId: b.termId,
      term: termName && termStartsOn ? termLabel({ name: termName, startsOn: termStartsOn }) : null,
      year: b.year,
      amount: centsToKes(b.amountCents),
      actual: centsToKes(actual),
      variance: centsToKes(b.amountCents - actual),
      usedPercent: b.amountCents > 0 ? Math.round((actual / b.amountCents) * 1000) / 10 : actual > 0 ? 100 : 0,
      notes: b.notes,
    };
  });
}

async function actualByCategory(tx: Tx, schoolId: string, period: { termId: string | null; year: number }) {
  return repo.sumSpendingByCategory(tx, schoolId, COUNTED, spendingPeriod(period));
}

/** GET /api/expenses/budgets?termId=|year=: a term's (default: the current term) or a year's budgets, actual vs budget. */
export async function listBudgets(database: Database, actor: Actor, q: z.output<typeof budgetsQuery>): Promise<BudgetsResponse> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const termRows = await repo.listTerms(tx, schoolId);
    let period: BudgetsResponse['period'];
    if (q.termId || q.year === undefined) {
      const term = q.termId ? termRows.find((t) => t.id === q.termId) : (termRows.find((t) => t.isCurrent) ?? termRows[0]);
      if (!term) throw notFound(m.termNotFound);
      period = { termId: term.id, year: Number(term.startsOn.slice(0, 4)), label: termLabel(term), from: term.startsOn, to: term.endsOn };
    } else {
      period = { termId: null, year: q.year, label: String(q.year), ...yearRange(q.year) };
    }
    const items = await budgetItems(tx, schoolId, period);
    const actuals = await actualByCategory(tx, schoolId, period);
    const cats = await categoryList(tx, schoolId);
    const budgeted = new Set(items.map((b) => b.categoryId));
    const unbudgeted = cats.filter((c) => !budgeted.has(c.id) && (actuals.get(c.id) ?? 0) > 0).map((c) => ({ categoryId: c.id, category: c.name, actual: centsToKes(actuals.get(c.id)!) }));
    const totalBudget = items.reduce((a, b) => a + Math.round(b.amount * 100), 0);
    const totalActual = items.reduce((a, b) => a + Math.round(b.actual * 100), 0);
    return {
      period,
      terms: termRows.map((t) => ({ id: t.id, name: termLabel(t), year: Number(t.startsOn.slice(0, 4)), isCurrent: t.isCurrent })),
      items,
      unbudgeted,
      totals: { budget: centsToKes(totalBudget), actual: centsToKes(totalActual), variance: centsToKes(totalBudget - totalActual) },
    };
  });
}

async function budgetById(tx: Tx, schoolId: string, id: string): Promise<Budget> {
  const row = await repo.findBudget(tx, schoolId, id);
  if (!row) throw notFound(m.budgetNotFound);
  return (await budgetItems(tx, schoolId, { termId: row.termId, year: row.year })).find((b) => b.id === id)!;
}

/** POST /api/expenses/budgets: one per category and term (termId) or calendar year (year); 409 when it exists. */
export async function createBudget(database: Database, c: ExpenseCall, body: z.output<typeof budgetBody>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    await loadCategory(tx, schoolId, body.categoryId);
    let year: number;
    if (body.termId) {
      const term = await repo.findTerm(tx, schoolId, body.termId);
      if (!term) throw badRequest(m.termNotFound, { termId: m.termNotFound });
      year = Number(term.startsOn.slice(0, 4));
    } else if (body.year) {
      year = body.year;
    } else {
      throw badRequest(m.budgetPeriodRequired, { termId: m.budgetPeriodRequired });
    }
    const dup = await repo.findBudgetIdOfPeriod(tx, schoolId, body.categoryId, body.termId ?? null, year);
    if (dup) throw new AppError(409, 'BUDGET_EXISTS', m.budgetExists, { fields: { categoryId: m.budgetExists } });
    const row = await repo.insertBudget(tx, { schoolId, categoryId: body.categoryId, termId: body.termId ?? null, year, amountCents: body.amount, notes: body.notes, createdBy: c.actor.id });
    const after = await budgetById(tx, schoolId, row.id);
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.budgetSet, `budget:${row.id}`, null, after);
    return { budget: after, message: m.budgetSaved };
  });
}

export async function updateBudget(database: Database, c: ExpenseCall, id: string, body: z.output<typeof budgetPatch>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const before = await budgetById(tx, schoolId, id);
    await repo.updateBudgetRow(tx, id, { amountCents: body.amount, notes: body.notes });
    const after = await budgetById(tx, schoolId, id);
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.budgetSet, `budget:${id}`, before, after);
    return { budget: after, message: m.budgetSaved };
  });
}

export async function deleteBudget(database: Database, c: ExpenseCall, id: string) {
  await inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const before = await budgetById(tx, schoolId, id);
    await repo.deleteBudgetRow(tx, id);
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.budgetDeleted, `budget:${id}`, before, null);
  });
}

// ------------------------------------------------------------------------------------------ petty cash

async function pettyCashOf(tx: Tx, schoolId: string): Promise<PettyCash> {
  const settings = await loadExpenseSettings(tx, schoolId);
  const rows = await repo.listPettyCashEntries(tx, schoolId);
  let running = 0;
  const entries = rows.map(({ p, number, createdBy }) => {
    running += p.amountCents;
    return {
      id: p.id,
      kind: p.kind as 'top_up' | 'expense' | 'adjustment',
      amount: centsToKes(p.amountCents),
      entryOn: p.entryOn,
      reference: p.reference,
      note: p.note,
      expenseId: p.expenseId,
      expenseNumber: number,
      balanceAfter: centsToKes(running),
      createdBy,
    };
  });
  return { float: centsToKes(settings.floatCents), balance: centsToKes(running), entries: entries.reverse() };
}

export async function getPettyCash(database: Database, actor: Actor) {
  return inSchool(database, actor, undefined, (tx, schoolId) => pettyCashOf(tx, schoolId));
}

/** POST /api/expenses/petty-cash/top-ups: allowed past the float, with a warning. */
export async function topUpPettyCash(database: Database, c: ExpenseCall, body: z.output<typeof topUpBody>) {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const settings = await loadExpenseSettings(tx, schoolId);
    const balance = await pettyCashBalance(tx, schoolId);
    const after = balance + body.amount;
    const row = await repo.insertPettyCashEntry(tx, { schoolId, kind: 'top_up', amountCents: body.amount, entryOn: body.entryOn, reference: body.reference, note: body.note, createdBy: c.actor.id });
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.topUp, `petty_cash:${row.id}`, { balance: centsToKes(balance) }, { amount: centsToKes(body.amount), balance: centsToKes(after), reference: body.reference });
    return {
      pettyCash: await pettyCashOf(tx, schoolId),
      message: m.toppedUp,
      warning: after > settings.floatCents ? m.topUpOverFloat(formatKesLabel(after), formatKesLabel(settings.floatCents)) : null,
    };
  });
}

// ------------------------------------------------------------------------------------------ settings

export async function getExpenseSettings(database: Database, actor: Actor): Promise<ExpenseSettings> {
  return inSchool(database, actor, undefined, async (tx, schoolId) => {
    const s = await loadExpenseSettings(tx, schoolId);
    return { approvalLimit: centsToKes(s.approvalCents), pettyCashFloat: centsToKes(s.floatCents) };
  });
}

/** PUT /api/expenses/settings: writes only the approval limit and the float (transport_charge is another module's). */
export async function putExpenseSettings(database: Database, c: ExpenseCall, body: z.output<typeof expenseSettingsBody>): Promise<ExpenseSettings> {
  return inSchool(database, c.actor, undefined, async (tx, schoolId) => {
    const before = await loadExpenseSettings(tx, schoolId);
    await repo.upsertExpenseSettings(tx, schoolId, { approvalCents: body.approvalLimit, floatCents: body.pettyCashFloat, updatedBy: c.actor.id });
    const after = { approvalLimit: centsToKes(body.approvalLimit), pettyCashFloat: centsToKes(body.pettyCashFloat) };
    await auditSchool(tx, caller(c, schoolId), EXPENSES_AUDIT.settings, `finance_office_settings:${schoolId}`, { approvalLimit: centsToKes(before.approvalCents), pettyCashFloat: centsToKes(before.floatCents) }, after);
    return after;
  });
}
