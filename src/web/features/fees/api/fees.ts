import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Adjustment,
  CreateAdjustmentBody,
  CreateFeeStructureBody,
  FeeStructure,
  FinanceSettings,
  FinancialOverview,
  GenerateInvoicesBody,
  GenerateInvoicesResponse,
  Invoice,
  ListAccountsResponse,
  ListInvoicesResponse,
  ListPaymentsResponse,
  ListSmsResponse,
  MyChildrenFees,
  Approval,
  Payment,
  RecordPaymentBody,
  RecordPaymentResponse,
  RemindersBody,
  RemindersResponse,
  Statement,
  StudentAccount,
  UpdateFeeStructureBody,
  UpdateFinanceSettingsBody,
} from '@shared/contracts/fees';
import type { ListTransactionsResponse, MpesaConfig, MpesaTransaction, PutMpesaConfigBody, Reconciliation, StkPushBody, StkRequest } from '@shared/contracts/mpesa';
import { api, ApiError } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the fees and M-Pesa screens (issue 11): one hook per call. Every key starts with FEES_KEY,
 * so any write (and the live `fees.changed` event) refreshes balances, lists and the overview at once.
 * Platform staff pass the school picked in the header as `schoolId`; school roles never send one.
 */
export const FEES_KEY = ['fees'] as const;
const STALE_MS = 20_000;

const retry = retryUnless([400, 401, 403, 404, 409]);

/** `path` with ?schoolId= (platform staff only). */
export function withSchool(path: string, schoolId: string | null | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}

function useFeesQuery<T>(key: unknown[], path: string | null, opts: { keepPrevious?: boolean; staleTime?: number; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: [...FEES_KEY, ...key],
    queryFn: () => api<T>(path!),
    enabled: !!path,
    staleTime: opts.staleTime ?? STALE_MS,
    retry,
    refetchInterval: opts.refetchInterval,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

function useFeesMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: FEES_KEY });
      // Learner lists show fee figures too (profile fees tab, transfer warning).
      void qc.invalidateQueries({ queryKey: ['learners'] });
    },
  });
}

/** Refetches every fees query when the server says a learner's fees changed (SSE `fees.changed`). */
export function useFeesLiveRefresh(): void {
  const qc = useQueryClient();
  const onEvent = React.useCallback(() => void qc.invalidateQueries({ queryKey: FEES_KEY }), [qc]);
  useLiveEvent('fees.changed', onEvent);
}

// -- Settings ---------------------------------------------------------------------------------------

export const useFinanceSettings = (schoolId?: string | null) => useFeesQuery<FinanceSettings>(['settings', schoolId ?? null], withSchool('/api/fees/settings', schoolId));
export const useSaveFinanceSettings = () => useFeesMutation((body: UpdateFinanceSettingsBody) => api<FinanceSettings>('/api/fees/settings', { method: 'PUT', json: body }));

// -- Structures -------------------------------------------------------------------------------------

export const useFeeStructures = (termId: string | null, schoolId?: string | null) =>
  useFeesQuery<FeeStructure[]>(['structures', termId, schoolId ?? null], termId ? withSchool(`/api/fees/structures?termId=${termId}`, schoolId) : null);
export const useCreateStructure = () => useFeesMutation((body: CreateFeeStructureBody) => api<FeeStructure>('/api/fees/structures', { method: 'POST', json: body }));
export const useUpdateStructure = () =>
  useFeesMutation(({ id, body }: { id: string; body: UpdateFeeStructureBody }) => api<FeeStructure>(`/api/fees/structures/${id}`, { method: 'PATCH', json: body }));
export const useDeleteStructure = () => useFeesMutation((id: string) => api<{ deleted: boolean }>(`/api/fees/structures/${id}`, { method: 'DELETE' }));
export const useCopyStructures = () =>
  useFeesMutation((body: { fromTermId: string; toTermId: string }) => api<{ copied: number; skipped: number; total: number }>('/api/fees/structures/copy', { method: 'POST', json: body }));

// -- Invoices ---------------------------------------------------------------------------------------

/** GET /api/fees/invoices with the list's query string (filters, page, pageSize). */
export const useInvoices = (qs: string, schoolId?: string | null) => useFeesQuery<ListInvoicesResponse>(['invoices', qs, schoolId ?? null], withSchool(`/api/fees/invoices?${qs}`, schoolId), { keepPrevious: true });
export const useInvoice = (id: string | null, schoolId?: string | null) => useFeesQuery<Invoice>(['invoice', id, schoolId ?? null], id ? withSchool(`/api/fees/invoices/${id}`, schoolId) : null);
export const useGenerateInvoices = () => useFeesMutation((body: GenerateInvoicesBody) => api<GenerateInvoicesResponse>('/api/fees/invoices/generate', { method: 'POST', json: body }));
/** The preview of generating invoices: a mutation (POST) that writes nothing, so nothing is refreshed. */
export const usePreviewInvoices = () => useMutation({ mutationFn: (body: GenerateInvoicesBody) => api<GenerateInvoicesResponse>('/api/fees/invoices/generate', { method: 'POST', json: { ...body, preview: true } }) });
export const useCreateInvoice = () => useFeesMutation((body: { studentId: string; termId: string }) => api<Invoice>('/api/fees/invoices', { method: 'POST', json: body }));
export const useCancelInvoice = () => useFeesMutation(({ id, reason }: { id: string; reason: string }) => api<Invoice>(`/api/fees/invoices/${id}/cancel`, { method: 'POST', json: { reason } }));
export const invoicePdfUrl = (id: string, schoolId?: string | null) => withSchool(`/api/fees/invoices/${id}/invoice.pdf`, schoolId);

// -- Adjustments and approvals ------------------------------------------------------------------------

export const useAdjustments = (qs: string, schoolId?: string | null) =>
  useFeesQuery<{ items: Adjustment[]; total: number }>(['adjustments', qs, schoolId ?? null], withSchool(`/api/fees/adjustments?${qs}`, schoolId), { keepPrevious: true });
export const useCreateAdjustment = () => useFeesMutation((body: CreateAdjustmentBody) => api<Adjustment>('/api/fees/adjustments', { method: 'POST', json: body }));
export const useApprovals = (status: 'pending' | 'approved' | 'rejected' | 'all' = 'pending', enabled = true) =>
  useFeesQuery<{ items: Approval[]; total: number; pending: number }>(['approvals', status], enabled ? `/api/approvals?status=${status}&pageSize=50` : null);
/** Decide an approval; the fees, payroll and leave screens refresh (issue 14 adds payroll runs and leave). */
export const useDecideApproval = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note?: string }) =>
      api<Approval>(`/api/approvals/${id}/${approve ? 'approve' : 'reject'}`, { method: 'POST', json: note ? { note } : {} }),
    onSuccess: () => {
      for (const key of [FEES_KEY, ['learners'], ['payroll'], ['leave'], ['expenses'], ['finance-office']]) void qc.invalidateQueries({ queryKey: key });
    },
  });
};

// -- Payments and accounts ------------------------------------------------------------------------------

export const usePayments = (qs: string, schoolId?: string | null) => useFeesQuery<ListPaymentsResponse>(['payments', qs, schoolId ?? null], withSchool(`/api/fees/payments?${qs}`, schoolId), { keepPrevious: true });

/**
 * POST /api/fees/payments with an Idempotency-Key: the caller keeps one key per filled-in form (a new
 * key after success), so a double click or a retry after a dropped connection records the payment once.
 */
export const useRecordPayment = () =>
  useFeesMutation(({ body, idempotencyKey }: { body: RecordPaymentBody; idempotencyKey: string }) =>
    api<RecordPaymentResponse>('/api/fees/payments', { method: 'POST', json: body, headers: { 'idempotency-key': idempotencyKey } }),
  );
export const useReversePayment = () =>
  useFeesMutation(({ id, reason }: { id: string; reason: string }) =>
    api<{ reversal: Payment; original: Payment; balance: number }>(`/api/fees/payments/${id}/reverse`, { method: 'POST', json: { reason } }),
  );
export const receiptPdfUrl = (paymentId: string, schoolId?: string | null) => withSchool(`/api/fees/payments/${paymentId}/receipt.pdf`, schoolId);

export const useAccounts = (qs: string, schoolId?: string | null) => useFeesQuery<ListAccountsResponse>(['accounts', qs, schoolId ?? null], withSchool(`/api/fees/accounts?${qs}`, schoolId), { keepPrevious: true });
export const useStudentAccount = (studentId: string | null, schoolId?: string | null) =>
  useFeesQuery<StudentAccount>(['account', studentId, schoolId ?? null], studentId ? withSchool(`/api/students/${studentId}/account`, schoolId) : null);
export const useStatement = (studentId: string | null, range: { from?: string; to?: string }, schoolId?: string | null) => {
  const qs = new URLSearchParams(Object.entries(range).filter(([, v]) => !!v) as [string, string][]).toString();
  return useFeesQuery<Statement>(['statement', studentId, qs, schoolId ?? null], studentId ? withSchool(`/api/students/${studentId}/statement?${qs}`, schoolId) : null);
};
export const statementPdfUrl = (studentId: string, range: { from?: string; to?: string }, schoolId?: string | null) => {
  const qs = new URLSearchParams({ format: 'pdf', ...Object.fromEntries(Object.entries(range).filter(([, v]) => !!v)) }).toString();
  return withSchool(`/api/students/${studentId}/statement?${qs}`, schoolId);
};
export const useSetFeeOption = () =>
  useFeesMutation(({ studentId, key, chosen }: { studentId: string; key: string; chosen: boolean }) =>
    api<StudentAccount>(`/api/students/${studentId}/fee-options`, { method: 'PUT', json: { key, chosen } }),
  );
/** GET of a parent's children's fee balances (also the key of its offline copy, src/web/pwa/last-synced.tsx). */
export const MY_CHILDREN_FEES_PATH = '/api/fees/my-children';
export const useMyChildrenFees = (enabled = true) => useFeesQuery<MyChildrenFees>(['my-children'], enabled ? MY_CHILDREN_FEES_PATH : null);

// -- Overview ------------------------------------------------------------------------------------------

export const useOverview = (termId: string | null, schoolId?: string | null, enabled = true) =>
  useFeesQuery<FinancialOverview>(['overview', termId, schoolId ?? null], enabled ? withSchool(`/api/fees/overview${termId ? `?termId=${termId}` : ''}`, schoolId) : null, { keepPrevious: true });

// -- M-Pesa --------------------------------------------------------------------------------------------

/** GET /api/mpesa/config: null while the school has not set M-Pesa up (404 MPESA_NOT_CONFIGURED). */
export function useMpesaConfig(schoolId?: string | null, enabled = true) {
  return useQuery({
    queryKey: [...FEES_KEY, 'mpesa-config', schoolId ?? null],
    queryFn: async () => {
      try {
        return await api<MpesaConfig>(withSchool('/api/mpesa/config', schoolId));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'MPESA_NOT_CONFIGURED') return null;
        throw err;
      }
    },
    enabled,
    staleTime: STALE_MS,
    retry,
  });
}
export const useSaveMpesaConfig = () => useFeesMutation((body: PutMpesaConfigBody) => api<MpesaConfig>('/api/mpesa/config', { method: 'PUT', json: body }));
export const useRotateToken = () => useFeesMutation(() => api<MpesaConfig>('/api/mpesa/config/rotate-token', { method: 'POST' }));
export const useRegisterUrls = () => useFeesMutation(() => api<MpesaConfig>('/api/mpesa/register-urls', { method: 'POST' }));
export const useStkPush = () => useFeesMutation((body: StkPushBody) => api<StkRequest>('/api/mpesa/stk-push', { method: 'POST', json: body }));

/** GET /api/mpesa/stk-push/:id, polled every 2 s while pending (the live event usually answers sooner). */
export function useStkStatus(checkoutRequestId: string | null) {
  return useQuery({
    queryKey: [...FEES_KEY, 'stk', checkoutRequestId],
    queryFn: () => api<StkRequest>(`/api/mpesa/stk-push/${encodeURIComponent(checkoutRequestId!)}`),
    enabled: !!checkoutRequestId,
    retry,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : 2000),
  });
}
export const useStkRequests = (qs: string, schoolId?: string | null) =>
  useFeesQuery<{ items: (StkRequest & { studentName: string; admissionNumber: string })[]; total: number }>(['stk-requests', qs, schoolId ?? null], withSchool(`/api/mpesa/stk-requests?${qs}`, schoolId), { keepPrevious: true });
export const useMpesaTransactions = (qs: string, schoolId?: string | null) =>
  useFeesQuery<ListTransactionsResponse>(['mpesa-transactions', qs, schoolId ?? null], withSchool(`/api/mpesa/transactions?${qs}`, schoolId), { keepPrevious: true });
export const useUnmatched = (qs: string, schoolId?: string | null) =>
  useFeesQuery<ListTransactionsResponse>(['mpesa-unmatched', qs, schoolId ?? null], withSchool(`/api/mpesa/unmatched?${qs}`, schoolId), { keepPrevious: true });
export const useAllocateTransaction = () =>
  useFeesMutation(({ id, studentId, note }: { id: string; studentId: string; note?: string }) =>
    api<MpesaTransaction>(`/api/mpesa/unmatched/${id}/allocate`, { method: 'POST', json: note ? { studentId, note } : { studentId } }),
  );
export const useRefundTransaction = () =>
  useFeesMutation(({ id, note }: { id: string; note: string }) => api<MpesaTransaction>(`/api/mpesa/unmatched/${id}/refund`, { method: 'POST', json: { note } }));
export const useReconciliation = (range: { from?: string; to?: string }, schoolId?: string | null) => {
  const qs = new URLSearchParams(Object.entries(range).filter(([, v]) => !!v) as [string, string][]).toString();
  return useFeesQuery<Reconciliation>(['reconciliation', qs, schoolId ?? null], withSchool(`/api/mpesa/reconciliation?${qs}`, schoolId), { keepPrevious: true });
};
export const useSimulateC2b = () =>
  useFeesMutation((body: { amount: number; phone: string; accountReference: string }) => api<{ accepted: boolean }>('/api/mpesa/simulate-c2b', { method: 'POST', json: body }));

// -- Reminders and SMS ------------------------------------------------------------------------------

export const useReminders = () => useFeesMutation((body: RemindersBody) => api<RemindersResponse>('/api/fees/reminders', { method: 'POST', json: body }));
export const useSmsLog = (qs: string, schoolId?: string | null) => useFeesQuery<ListSmsResponse>(['sms', qs, schoolId ?? null], withSchool(`/api/sms/messages?${qs}`, schoolId), { keepPrevious: true });
