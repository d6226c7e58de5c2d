import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Budget,
  BudgetCheck,
  BudgetsResponse,
  CreateExpenseInput,
  Expense,
  ExpenseCategory,
  ExpenseMethod,
  ExpenseSettings,
  ExpensesSummary,
  ExpenseWriteResponse,
  ListExpensesResponse,
  PettyCash,
} from '@shared/contracts/expenses';
import type { ListVoteHeadsResponse } from '@shared/contracts/vote-heads';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the Expenses screens (issue 15 §1; server/modules/expenses). Every write refreshes
 * everything under EXPENSES_KEY, and the fees queries (the Approvals card lives there).
 */
export const EXPENSES_KEY = ['expenses'] as const;
const retry = retryUnlessClientError();

function useExpensesQuery<T>(key: unknown[], path: string | null, keepPrevious = false) {
  return useQuery({
    queryKey: [...EXPENSES_KEY, ...key],
    queryFn: () => api<T>(path!),
    enabled: !!path,
    staleTime: 15_000,
    retry,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

export const useExpenses = (qs: string) => useExpensesQuery<ListExpensesResponse>(['list', qs], `/api/expenses?${qs}`, true);
export const useExpense = (id: string | null) => useExpensesQuery<Expense>(['detail', id], id ? `/api/expenses/${id}` : null);
export const useExpensesSummary = () => useExpensesQuery<ExpensesSummary>(['summary'], '/api/expenses/summary');
export const useCategories = () => useExpensesQuery<{ items: ExpenseCategory[] }>(['categories'], '/api/expenses/categories');
export const useBudgets = (qs: string) => useExpensesQuery<BudgetsResponse>(['budgets', qs], `/api/expenses/budgets?${qs}`, true);
export const usePettyCash = () => useExpensesQuery<PettyCash>(['petty-cash'], '/api/expenses/petty-cash');
export const useExpenseSettings = () => useExpensesQuery<ExpenseSettings>(['settings'], '/api/expenses/settings');
export const useBudgetCheck = (q: { categoryId: string; amount: string; spentOn: string } | null) =>
  useExpensesQuery<BudgetCheck>(
    ['budget-check', q],
    q ? `/api/expenses/budget-check?${new URLSearchParams({ categoryId: q.categoryId, amount: q.amount, spentOn: q.spentOn }).toString()}` : null,
    true,
  );

function useExpensesMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      void qc.invalidateQueries({ queryKey: ['fees'] });
      await qc.invalidateQueries({ queryKey: EXPENSES_KEY });
    },
  });
}

/** Records the expense (one Idempotency-Key per form submission), then uploads the attachment if any. */
export const useRecordExpense = () =>
  useExpensesMutation(async (v: { body: CreateExpenseInput; file: File | null; key: string }) => {
    const res = await api<ExpenseWriteResponse>('/api/expenses', { method: 'POST', json: v.body, headers: { 'Idempotency-Key': v.key } });
    if (!v.file) return res;
    const form = new FormData();
    form.append('file', v.file);
    const withFile = await api<ExpenseWriteResponse>(`/api/expenses/${res.expense.id}/attachment`, { method: 'POST', body: form, timeoutMs: 120_000 });
    return { ...withFile, message: res.message };
  });

export const useAttach = () =>
  useExpensesMutation((v: { id: string; file: File }) => {
    const form = new FormData();
    form.append('file', v.file);
    return api<ExpenseWriteResponse>(`/api/expenses/${v.id}/attachment`, { method: 'POST', body: form, timeoutMs: 120_000 });
  });

export const useDecideExpense = () =>
  useExpensesMutation((v: { id: string; approve: boolean; note: string }) =>
    api<ExpenseWriteResponse>(`/api/expenses/${v.id}/${v.approve ? 'approve' : 'reject'}`, { method: 'POST', json: v.note ? { note: v.note } : {} }),
  );

export const usePayExpense = () =>
  useExpensesMutation((v: { id: string; paidOn: string; method: ExpenseMethod; reference: string }) =>
    api<ExpenseWriteResponse>(`/api/expenses/${v.id}/pay`, { method: 'POST', json: { paidOn: v.paidOn, method: v.method, reference: v.reference || null } }),
  );

export const useSaveBudget = () =>
  useExpensesMutation((v: { id?: string; categoryId: string; termId: string | null; year: number | null; amount: string; notes: string }) =>
    v.id
      ? api<{ budget: Budget; message: string }>(`/api/expenses/budgets/${v.id}`, { method: 'PATCH', json: { amount: v.amount, notes: v.notes || null } })
      : api<{ budget: Budget; message: string }>('/api/expenses/budgets', {
          method: 'POST',
          json: { categoryId: v.categoryId, termId: v.termId, year: v.year, amount: v.amount, notes: v.notes || null },
        }),
  );
export const useDeleteBudget = () => useExpensesMutation((id: string) => api<void>(`/api/expenses/budgets/${id}`, { method: 'DELETE' }));

export const useTopUp = () =>
  useExpensesMutation((v: { amount: string; entryOn: string; reference: string; note: string }) =>
    api<{ pettyCash: PettyCash; message: string; warning: string | null }>('/api/expenses/petty-cash/top-ups', {
      method: 'POST',
      json: { amount: v.amount, entryOn: v.entryOn, reference: v.reference || null, note: v.note || null },
    }),
  );

/** voteHeadId: undefined leaves the category's vote head as it is; null charges it to none. */
export const useSaveCategory = () =>
  useExpensesMutation((v: { id?: string; name: string; description: string; active?: boolean; voteHeadId?: string | null }) =>
    v.id
      ? api<ExpenseCategory>(`/api/expenses/categories/${v.id}`, { method: 'PATCH', json: { name: v.name, description: v.description || null, active: v.active, voteHeadId: v.voteHeadId } })
      : api<ExpenseCategory>('/api/expenses/categories', { method: 'POST', json: { name: v.name, description: v.description || null, voteHeadId: v.voteHeadId ?? null } }),
  );

/** The school's vote heads (GET /api/fees/vote-heads) for the category's vote-head select (issue 35 §3). */
export const useVoteHeadOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['expenses', 'vote-head-options'], queryFn: () => api<ListVoteHeadsResponse>('/api/fees/vote-heads'), enabled, staleTime: 20_000, retry: 1 });

export const useSaveSettings = () =>
  useExpensesMutation((v: { approvalLimit: string; pettyCashFloat: string }) => api<ExpenseSettings>('/api/expenses/settings', { method: 'PUT', json: v }));
