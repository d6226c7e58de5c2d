import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  budgetBody,
  budgetCheck,
  budgetCheckQuery,
  budgetIdParams,
  budgetPatch,
  budgetsQuery,
  budgetsResponse,
  budget,
  categoriesResponse,
  categoryBody,
  categoryIdParams,
  categoryPatch,
  createExpenseBody,
  decideExpenseBody,
  expense,
  expenseCategory,
  expenseIdParams,
  expenseSettings,
  expenseSettingsBody,
  expensesSummary,
  expenseWriteResponse,
  listExpensesQuery,
  listExpensesResponse,
  payExpenseBody,
  pettyCashResponse,
  topUpBody,
  topUpResponse,
} from '../../../shared/contracts/expenses.js';
import { expensesMessages as m } from '../../../shared/messages/expenses.js';
import { actorOf } from '../../plugins/access.js';
import { badRequest } from '../../errors.js';
import { decideApproval, registerApprovalKind } from '../approvals/index.js';
import { decideExpenseApproval } from './expense-approval.js';
import type { ModuleDeps } from '../../lib/module-deps.js';
import {
  attachToExpense,
  budgetCheckFor,
  createBudget,
  createCategory,
  createExpense,
  deleteBudget,
  expenseAttachment,
  expensesSummary as summaryOf,
  getExpense,
  getExpenseSettings,
  getPettyCash,
  listBudgets,
  listCategories,
  listExpenses,
  payExpense,
  pendingApprovalOf,
  putExpenseSettings,
  topUpPettyCash,
  updateBudget,
  updateCategory,
} from './expenses.service.js';
import { requestCallerOf } from '../../lib/request-caller.js';

/**
 * Expenses, budgets and petty cash (issue 15 §1). Writes: the finance officer of the school
 * (manageExpenses); reads: the finance officer, the principal and the director (viewExpenses); approve
 * and reject: the principal or the director (approveExpenses), never the expense's own requester (403
 * OWN_EXPENSE). Other roles 403; another school's id 404; bad input 400 naming the field, nothing
 * written. Money: KES numbers with two decimals; dates YYYY-MM-DD (Africa/Nairobi).
 *
 * Status rule: an expense at or above the school's approval limit (finance_office_settings, default
 * KES 50,000) is `pending` with a row on the Approvals card; under it, it is recorded `paid` on the day
 * spent. Approved expenses are paid with POST /pay. Method petty_cash draws from petty cash (400 when
 * the box holds too little). Actual spending against budgets counts paid and approved expenses.
 */
export async function expensesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database, storage } = deps;
  const tags = ['expenses'];
  // Issue 15 §1: an expense at or above the school's limit; approving lets the finance officer pay it.
  registerApprovalKind('expense', { decide: decideExpenseApproval, deciders: ['principal', 'school_director'] });
  const call = requestCallerOf;

  /**
   * GET /api/expenses?status=pending|approved|rejected|paid|all&categoryId=&from=&to=&q=&page=&pageSize=&sort=
   * → { items: Expense[], total, page, pageSize, totals: { amount, paid, approved, pending, rejected, pendingCount } }.
   * q matches payee, description or number. Pending items carry budgetWarning when approving would pass a budget.
   */
  r.get('/api/expenses', { config: { permission: 'viewExpenses' }, schema: {
        querystring: listExpensesQuery,
        response: { 200: listExpensesResponse },
        tags,
        description:
          'Expenses of the school (finance officer, principal, director). status=pending|approved|rejected|paid|all, categoryId, from/to (YYYY-MM-DD), q (payee, description, number), page, pageSize, sort. Amounts in KES. totals sum every match by status.',
      } }, async (req) =>
    listExpenses(database, actorOf(req), req.query),
  );

  /**
   * POST /api/expenses { spentOn, categoryId, supplierId?, payee, description, amount (KES > 0), method
   * (cash|mpesa|bank_transfer|cheque|petty_cash), reference?, notes?, overBudgetReason? } → 201 { expense, message }.
   * 400 OVER_BUDGET (fields.overBudgetReason = the warning) when it takes its category over a term or year
   * budget and no reason is given; 400 when petty cash holds too little. Header Idempotency-Key: a retry
   * with the same key and body returns the first answer (header idempotent-replayed: true); another body 422.
   * Attach the receipt afterwards with POST /api/expenses/:id/attachment.
   */
  r.post(
    '/api/expenses',
    {
      config: { permission: 'manageExpenses' },
      schema: {
        body: createExpenseBody,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        response: { 201: expenseWriteResponse },
        tags,
        description:
          'Record an expense (finance officer). amount in KES > 0. At or above the approval limit (default KES 50,000) status is pending and the principal or director must approve; below it, paid. Over a term or year budget: 400 OVER_BUDGET with fields.overBudgetReason = the warning unless overBudgetReason is given. petty_cash: 400 when petty cash holds too little. Idempotency-Key header: a retry returns the first answer.',
      },
    },
    async (req, reply) => {
      const result = await createExpense(database, call(req), req.body, req.headers['idempotency-key']);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  /** GET /api/expenses/summary → KPIs: spent this term (paid + approved), pending count/amount, petty cash balance vs float, categories over budget. */
  r.get('/api/expenses/summary', { config: { permission: 'viewExpenses' }, schema: { response: { 200: expensesSummary }, tags } }, async (req) => summaryOf(database, actorOf(req)));

  /**
   * GET /api/expenses/budget-check?categoryId=&amount=&spentOn= → { needsApproval, approvalLimit, overBudget,
   * warning, budgets: [{ period, budget, actual, after }] }: what recording this expense would do, so the form warns before submit.
   */
  r.get('/api/expenses/budget-check', { config: { permission: 'manageExpenses' }, schema: { querystring: budgetCheckQuery, response: { 200: budgetCheck }, tags } }, async (req) =>
    budgetCheckFor(database, actorOf(req), req.query),
  );

  /** GET /api/expenses/categories → { items: [{ id, name, description, active, sortOrder, expenseCount, voteHeadId, voteHead }] } (defaults created on first use). */
  r.get('/api/expenses/categories', { config: { permission: 'viewExpenses' }, schema: { response: { 200: categoriesResponse }, tags } }, async (req) => listCategories(database, actorOf(req)));
  /** POST /api/expenses/categories { name, description?, active?, sortOrder?, voteHeadId? } → 201 category; 409 CATEGORY_TAKEN for a duplicate name; 400 when voteHeadId is not an active vote head of the school. */
  r.post('/api/expenses/categories', { config: { permission: 'manageExpenses' }, schema: { body: categoryBody, response: { 201: expenseCategory }, tags } }, async (req, reply) =>
    reply.status(201).send(await createCategory(database, call(req), req.body)),
  );
  /** PATCH /api/expenses/categories/:id { name?, description?, active?, sortOrder?, voteHeadId? (null: none) } → category (deactivate instead of delete); 400 for a vote head not active in the school. */
  r.patch(
    '/api/expenses/categories/:id',
    { config: { permission: 'manageExpenses' }, schema: { params: categoryIdParams, body: categoryPatch, response: { 200: expenseCategory }, tags } },
    async (req) => updateCategory(database, call(req), req.params.id, req.body),
  );

  /**
   * GET /api/expenses/budgets?termId=|year= → { period, terms, items: [{ category, amount, actual, variance, usedPercent }], unbudgeted, totals }.
   * Default: the current term. year alone: the calendar year's budgets (termId null). actual = paid + approved.
   */
  r.get('/api/expenses/budgets', { config: { permission: 'viewExpenses' }, schema: { querystring: budgetsQuery, response: { 200: budgetsResponse }, tags } }, async (req) =>
    listBudgets(database, actorOf(req), req.query),
  );
  /** POST /api/expenses/budgets { categoryId, termId? | year?, amount (KES ≥ 0), notes? } → 201 { budget, message }; 409 BUDGET_EXISTS. */
  r.post(
    '/api/expenses/budgets',
    { config: { permission: 'manageExpenses' }, schema: { body: budgetBody, response: { 201: z.object({ budget, message: z.string() }) }, tags } },
    async (req, reply) => reply.status(201).send(await createBudget(database, call(req), req.body)),
  );
  /** PATCH /api/expenses/budgets/:id { amount?, notes? } → { budget, message }. */
  r.patch(
    '/api/expenses/budgets/:id',
    { config: { permission: 'manageExpenses' }, schema: { params: budgetIdParams, body: budgetPatch, response: { 200: z.object({ budget, message: z.string() }) }, tags } },
    async (req) => updateBudget(database, call(req), req.params.id, req.body),
  );
  /** DELETE /api/expenses/budgets/:id → 204. */
  r.delete('/api/expenses/budgets/:id', { config: { permission: 'manageExpenses' }, schema: { params: budgetIdParams, tags } }, async (req, reply) => {
    await deleteBudget(database, call(req), req.params.id);
    return reply.status(204).send();
  });

  /** GET /api/expenses/petty-cash → { float, balance, entries (newest first, with balanceAfter) }. */
  r.get('/api/expenses/petty-cash', { config: { permission: 'viewExpenses' }, schema: { response: { 200: pettyCashResponse }, tags } }, async (req) => getPettyCash(database, actorOf(req)));
  /** POST /api/expenses/petty-cash/top-ups { amount, entryOn, reference?, note? } → 201 { pettyCash, message, warning } (warning when past the float; allowed). */
  r.post(
    '/api/expenses/petty-cash/top-ups',
    { config: { permission: 'manageExpenses' }, schema: { body: topUpBody, response: { 201: topUpResponse }, tags } },
    async (req, reply) => reply.status(201).send(await topUpPettyCash(database, call(req), req.body)),
  );

  /** GET /api/expenses/settings → { approvalLimit, pettyCashFloat } (KES; defaults 50,000 and 20,000). */
  r.get('/api/expenses/settings', { config: { permission: 'viewExpenses' }, schema: { response: { 200: expenseSettings }, tags } }, async (req) => getExpenseSettings(database, actorOf(req)));
  /** PUT /api/expenses/settings { approvalLimit, pettyCashFloat } → the settings. */
  r.put('/api/expenses/settings', { config: { permission: 'manageExpenses' }, schema: { body: expenseSettingsBody, response: { 200: expenseSettings }, tags } }, async (req) =>
    putExpenseSettings(database, call(req), req.body),
  );

  /** GET /api/expenses/:id → Expense. */
  r.get('/api/expenses/:id', { config: { permission: 'viewExpenses' }, schema: { params: expenseIdParams, response: { 200: expense }, tags } }, async (req) =>
    getExpense(database, actorOf(req), req.params.id),
  );

  /** The approve and reject routes' options: one permission, params, body and response; `description` for the API docs. */
  const decideOptions = (description: string) => ({
    config: { permission: 'approveExpenses' } as const,
    schema: { params: expenseIdParams, body: decideExpenseBody, response: { 200: expenseWriteResponse }, tags, description },
  });
  /** Decides expense `id`'s pending approval (and with it the expense) → { expense, message }. */
  const decide = async (req: FastifyRequest, id: string, approve: boolean, note: Parameters<typeof decideApproval>[4], message: string) => {
    const approvalId = await pendingApprovalOf(database, actorOf(req), id);
    await decideApproval(database, actorOf(req), approvalId, approve, note, req.ip);
    return { expense: await getExpense(database, actorOf(req), id), message };
  };
  /**
   * POST /api/expenses/:id/approve { note? } (principal or director) → { expense, message }. Decides the
   * expense's row on the Approvals card too. 403 OWN_EXPENSE for the requester; 409 when no longer pending.
   */
  r.post(
    '/api/expenses/:id/approve',
    decideOptions('Approve a pending expense (principal or director; also decides its Approvals-card row). 403 OWN_EXPENSE for the requester, 404 another school, 409 not pending.'),
    async (req) => decide(req, req.params.id, true, req.body.note, m.approved),
  );
  /** POST /api/expenses/:id/reject { note } (principal or director; comment required, 400 otherwise) → { expense, message }. */
  r.post(
    '/api/expenses/:id/reject',
    decideOptions('Reject a pending expense with a comment (note required: 400 otherwise). Principal or director; 403 OWN_EXPENSE for the requester, 404 another school, 409 not pending.'),
    async (req) => {
      if (!req.body.note) throw badRequest(m.noteRequired, { note: m.noteRequired });
      return decide(req, req.params.id, false, req.body.note, m.rejected);
    },
  );
  /** POST /api/expenses/:id/pay { paidOn, method, reference? } (finance officer) → { expense, message }; 409 unless approved. */
  r.post(
    '/api/expenses/:id/pay',
    { config: { permission: 'manageExpenses' }, schema: { params: expenseIdParams, body: payExpenseBody, response: { 200: expenseWriteResponse }, tags } },
    async (req) => payExpense(database, call(req), req.params.id, req.body),
  );

  /** POST /api/expenses/:id/attachment (multipart `file`: PDF, JPEG or PNG ≤ 10 MB; 413/415/400) → { expense, message }. */
  r.post(
    '/api/expenses/:id/attachment',
    { config: { permission: 'manageExpenses' }, schema: { params: expenseIdParams, response: { 200: expenseWriteResponse }, tags, consumes: ['multipart/form-data'] } },
    async (req) => attachToExpense(database, storage, call(req), req.params.id, req),
  );
  /** GET /api/expenses/:id/attachment → the receipt or invoice (inline), 404 when none. */
  r.get('/api/expenses/:id/attachment', { config: { permission: 'viewExpenses' }, schema: { params: expenseIdParams, tags } }, async (req, reply) => {
    const file = await expenseAttachment(database, storage, actorOf(req), req.params.id);
    const safe = file.fileName.replace(/["\\\r\n]/g, '_');
    reply.header('content-type', file.contentType);
    reply.header('content-disposition', `inline; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    reply.header('cache-control', 'private, no-store');
    return reply.send(file.body);
  });
}
