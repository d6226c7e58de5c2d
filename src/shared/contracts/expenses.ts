import { z } from 'zod';
import { expensesMessages as m } from '../messages/expenses.js';
import { MAX_AMOUNT_CENTS, kesToCents } from '../money.js';
import { isCalendarDate } from './learners.js';

/**
 * Expenses, budgets and petty cash (issue 15 §1), shared by the API (server/modules/expenses) and the
 * screens (web/features/expenses). Requests and responses speak KES as numbers with two decimals; the
 * server stores integer cents. Dates are calendar dates (YYYY-MM-DD, Africa/Nairobi); instants are ISO
 * strings. Status: pending (at or above the school's approval limit, waits for the principal or
 * director), approved (may be paid), rejected, paid (under the limit an expense is recorded as paid).
 */

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_METHODS = ['cash', 'mpesa', 'bank_transfer', 'cheque', 'petty_cash'] as const;
export type ExpenseMethod = (typeof EXPENSE_METHODS)[number];
export const EXPENSE_SORTS = ['spentOn_desc', 'spentOn_asc', 'amount_desc', 'amount_asc'] as const;

/** A KES amount in a request (number or decimal string, at most two decimals), parsed to integer cents. */
function kes(allowZero: boolean) {
  return z.union([z.number(m.amountInvalid), z.string(m.amountInvalid)], m.amountInvalid).transform((v, ctx) => {
    const cents = kesToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: m.amountInvalid });
      return z.NEVER;
    }
    if (cents < 0 || (!allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message: cents < 0 ? m.amountNegative : m.amountPositive });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: m.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });
}
export const expenseAmount = kes(false);
export const limitAmount = kes(true);

const day = z.string(m.dateInvalid).trim().refine(isCalendarDate, m.dateInvalid);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.textTooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const money = z.number();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(25);

export const expenseIdParams = z.object({ id: z.uuid(m.expenseNotFound) });

// ---------------------------------------------------------------- categories
export const expenseCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  expenseCount: z.number().int(),
  /** The vote head the category's spending is charged to in the vote-head cash book (issue 35 §3); null: none. */
  voteHeadId: z.string().nullable(),
  /** That vote head's name (null when none). */
  voteHead: z.string().nullable(),
});
export type ExpenseCategory = z.infer<typeof expenseCategory>;
export const categoriesResponse = z.object({ items: z.array(expenseCategory) });
export const categoryBody = z.object({
  name: z.string(m.categoryName).trim().min(1, m.categoryName).max(80, m.categoryName),
  description: optionalText(300),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  /** One of the school's active vote heads, or null (not charged to a vote head). */
  voteHeadId: z.uuid(m.voteHeadNotFound).nullable().optional(),
});
export const categoryPatch = z.object({
  name: z.string(m.categoryName).trim().min(1, m.categoryName).max(80, m.categoryName).optional(),
  description: optionalText(300).optional(),
  active: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  voteHeadId: z.uuid(m.voteHeadNotFound).nullable().optional(),
});
export const categoryIdParams = z.object({ id: z.uuid(m.categoryNotFound) });

// ---------------------------------------------------------------- expenses
export const expenseAttachment = z.object({ fileId: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), url: z.string() });

export const expense = z.object({
  id: z.string(),
  number: z.string(),
  spentOn: z.string(),
  termId: z.string().nullable(),
  term: z.string().nullable(),
  categoryId: z.string(),
  category: z.string(),
  supplierId: z.string().nullable(),
  payee: z.string(),
  description: z.string(),
  amount: money,
  method: z.enum(EXPENSE_METHODS),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  attachment: expenseAttachment.nullable(),
  status: z.enum(EXPENSE_STATUSES),
  overBudgetReason: z.string().nullable(),
  /** For a pending expense: the budget warning it would raise if approved now (null when within budget). */
  budgetWarning: z.string().nullable(),
  paidOn: z.string().nullable(),
  paidBy: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedById: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The pending approvals row (Approvals card) while the expense waits. */
  approvalId: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expense>;

export const createExpenseBody = z.object({
  spentOn: day,
  categoryId: z.uuid(m.categoryRequired),
  supplierId: z.uuid(m.supplierNotFound).nullish(),
  payee: z.string(m.payeeRequired).trim().min(1, m.payeeRequired).max(160, m.payeeRequired),
  description: z.string(m.descriptionRequired).trim().min(1, m.descriptionRequired).max(300, m.textTooLong),
  amount: expenseAmount,
  method: z.enum(EXPENSE_METHODS, m.methodInvalid),
  reference: optionalText(100),
  notes: optionalText(500),
  /** Required when the expense takes its category over a budget (400 naming this field otherwise). */
  overBudgetReason: optionalText(500),
});
export type CreateExpenseInput = z.input<typeof createExpenseBody>;
export const expenseWriteResponse = z.object({ expense, message: z.string() });
export type ExpenseWriteResponse = z.infer<typeof expenseWriteResponse>;

export const listExpensesQuery = z.object({
  status: z.enum([...EXPENSE_STATUSES, 'all']).default('all'),
  categoryId: z.uuid(m.categoryNotFound).optional(),
  from: day.optional(),
  to: day.optional(),
  q: z.string().trim().max(100).optional(),
  page,
  pageSize,
  sort: z.enum(EXPENSE_SORTS).default('spentOn_desc'),
});
export const listExpensesResponse = z.object({
  items: z.array(expense),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sums over every expense the filters match (not just this page), by status. */
  totals: z.object({ amount: money, paid: money, approved: money, pending: money, rejected: money, pendingCount: z.number().int() }),
});
export type ListExpensesResponse = z.infer<typeof listExpensesResponse>;

export const payExpenseBody = z.object({ paidOn: day, method: z.enum(EXPENSE_METHODS, m.methodInvalid), reference: optionalText(100) });
export const decideExpenseBody = z.object({ note: optionalText(500) });

export const budgetCheckQuery = z.object({ categoryId: z.uuid(m.categoryRequired), amount: expenseAmount, spentOn: day });
/** What recording this expense would do: need approval, go over a budget (the warning to show). */
export const budgetCheck = z.object({
  needsApproval: z.boolean(),
  approvalLimit: money,
  overBudget: z.boolean(),
  warning: z.string().nullable(),
  budgets: z.array(z.object({ period: z.string(), budget: money, actual: money, after: money })),
});
export type BudgetCheck = z.infer<typeof budgetCheck>;

export const expensesSummary = z.object({
  term: z.object({ id: z.string(), name: z.string() }).nullable(),
  spentThisTerm: money,
  pendingCount: z.number().int(),
  pendingAmount: money,
  approvedUnpaidCount: z.number().int(),
  pettyCashBalance: money,
  pettyCashFloat: money,
  overBudgetCategories: z.number().int(),
  approvalLimit: money,
});
export type ExpensesSummary = z.infer<typeof expensesSummary>;

// ---------------------------------------------------------------- budgets
export const budget = z.object({
  id: z.string(),
  categoryId: z.string(),
  category: z.string(),
  termId: z.string().nullable(),
  term: z.string().nullable(),
  year: z.number().int(),
  amount: money,
  /** Paid and approved expenses of the category in the period. */
  actual: money,
  /** amount − actual (negative = over budget). */
  variance: money,
  usedPercent: z.number(),
  notes: z.string().nullable(),
});
export type Budget = z.infer<typeof budget>;
export const budgetsQuery = z.object({
  termId: z.uuid(m.termNotFound).optional(),
  year: z.coerce.number(m.yearInvalid).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid).optional(),
});
export const budgetsResponse = z.object({
  period: z.object({ termId: z.string().nullable(), year: z.number().int(), label: z.string(), from: z.string(), to: z.string() }),
  terms: z.array(z.object({ id: z.string(), name: z.string(), year: z.number().int(), isCurrent: z.boolean() })),
  items: z.array(budget),
  /** Categories with spending in the period but no budget. */
  unbudgeted: z.array(z.object({ categoryId: z.string(), category: z.string(), actual: money })),
  totals: z.object({ budget: money, actual: money, variance: money }),
});
export type BudgetsResponse = z.infer<typeof budgetsResponse>;
export const budgetBody = z.object({
  categoryId: z.uuid(m.categoryRequired),
  termId: z.uuid(m.termNotFound).nullish(),
  year: z.number(m.yearInvalid).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid).nullish(),
  amount: limitAmount,
  notes: optionalText(300),
});
export const budgetPatch = z.object({ amount: limitAmount.optional(), notes: optionalText(300).optional() });
export const budgetIdParams = z.object({ id: z.uuid(m.budgetNotFound) });

// ---------------------------------------------------------------- petty cash
export const pettyCashEntry = z.object({
  id: z.string(),
  kind: z.enum(['top_up', 'expense', 'adjustment']),
  amount: money,
  entryOn: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  expenseId: z.string().nullable(),
  expenseNumber: z.string().nullable(),
  balanceAfter: money,
  createdBy: z.string().nullable(),
});
export const pettyCashResponse = z.object({ float: money, balance: money, entries: z.array(pettyCashEntry) });
export type PettyCash = z.infer<typeof pettyCashResponse>;
export const topUpBody = z.object({ amount: expenseAmount, entryOn: day, reference: optionalText(100), note: optionalText(300) });
export const topUpResponse = z.object({ pettyCash: pettyCashResponse, message: z.string(), warning: z.string().nullable() });

// ---------------------------------------------------------------- settings
export const expenseSettings = z.object({ approvalLimit: money, pettyCashFloat: money });
export type ExpenseSettings = z.infer<typeof expenseSettings>;
export const expenseSettingsBody = z.object({ approvalLimit: limitAmount, pettyCashFloat: limitAmount });
