import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccount, BankLine, BankMapping, CreateBankAccountBody, ImportStatementResponse, ListBankLinesResponse, StatementColumns, StatementImport, UnmatchedSummary } from '@shared/contracts/bank-statements';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the Bank statements tab and the bank lines of the unmatched queue (issue 35 §4). Keys start
 * with the fees screens' ['fees'], so the fees screens' writes and live `fees.changed` refresh them too,
 * and a bank write refreshes every fees list (balances, payments, the overview).
 */
const KEY = ['fees', 'bank'] as const;
const retry = retryUnless([400, 401, 403, 404, 409]);

function withSchool(path: string, schoolId: string | null | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}

export const useBankAccounts = (schoolId: string | null) =>
  useQuery({ queryKey: [...KEY, 'accounts', schoolId], queryFn: () => api<{ items: BankAccount[] }>(withSchool('/api/fees/bank-accounts', schoolId)), retry, staleTime: 20_000 });

export const useStatementImports = (schoolId: string | null) =>
  useQuery({ queryKey: [...KEY, 'imports', schoolId], queryFn: () => api<{ items: StatementImport[] }>(withSchool('/api/fees/bank-statements', schoolId)), retry, staleTime: 20_000 });

export const useBankUnmatched = (qs: string, schoolId: string | null) =>
  useQuery({
    queryKey: [...KEY, 'unmatched', qs, schoolId],
    queryFn: () => api<ListBankLinesResponse>(withSchool(`/api/fees/bank-statements/unmatched?${qs}`, schoolId)),
    retry,
    staleTime: 20_000,
    placeholderData: keepPreviousData,
  });

/**
 * The whole unmatched queue, M-Pesa payments and bank deposits (GET /api/fees/unmatched-summary), for
 * M-Pesa Payments' Unmatched badge and overview strip. Its key is under ['fees'] (live `fees.changed`
 * and every fees write refresh it); M-Pesa Payments' slow poll refreshes it too.
 */
export const UNMATCHED_SUMMARY_KEY = ['fees', 'unmatched-summary'] as const;
export const useUnmatchedSummary = (schoolId: string | null) =>
  useQuery({
    queryKey: [...UNMATCHED_SUMMARY_KEY, schoolId],
    queryFn: () => api<UnmatchedSummary>(withSchool('/api/fees/unmatched-summary', schoolId)),
    retry,
    staleTime: 20_000,
    placeholderData: keepPreviousData,
  });

function useBankMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['fees'] });
      void qc.invalidateQueries({ queryKey: ['learners'] });
    },
  });
}

export const useCreateBankAccount = () => useBankMutation((body: CreateBankAccountBody) => api<BankAccount>('/api/fees/bank-accounts', { method: 'POST', json: body }));

/** The mapping step's choices for a file (nothing written). */
export const useStatementColumns = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<StatementColumns>('/api/fees/bank-statements/columns', { method: 'POST', body: form, timeoutMs: 120_000 });
    },
  });

/** Dry run (commit false) or commit of a statement; the mapping goes before the file. */
export const useImportStatement = () =>
  useBankMutation(({ file, mapping, bankAccountId, commit }: { file: File; mapping: BankMapping; bankAccountId: string; commit: boolean }) => {
    const form = new FormData();
    form.append('mapping', JSON.stringify(mapping));
    form.append('file', file);
    return api<ImportStatementResponse>(`/api/fees/bank-statements?commit=${commit}&bankAccountId=${encodeURIComponent(bankAccountId)}`, { method: 'POST', body: form, timeoutMs: 120_000 });
  });

export const useAllocateBankLine = () =>
  useBankMutation(({ id, studentId, note }: { id: string; studentId: string; note?: string }) =>
    api<BankLine>(`/api/fees/bank-statement-lines/${id}/allocate`, { method: 'POST', json: note ? { studentId, note } : { studentId } }),
  );

export const useIgnoreBankLine = () => useBankMutation(({ id, reason }: { id: string; reason: string }) => api<BankLine>(`/api/fees/bank-statement-lines/${id}/ignore`, { method: 'POST', json: { reason } }));
