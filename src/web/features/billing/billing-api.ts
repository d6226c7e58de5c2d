import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankPaymentBody,
  BillingDashboard,
  BillingPlan,
  BillingSettings,
  BillingStatusResponse,
  CreateCreditNoteBody,
  CreatePlanBody,
  GenerateInvoicesBody,
  GenerateInvoicesResponse,
  ListInvoicesResponse,
  ListPlansResponse,
  ListSubscriptionsResponse,
  PaymentResponse,
  PlatformInvoice,
  PlatformInvoiceDetail,
  PlatformStkBody,
  PlatformStkRequest,
  PutBillingSettingsBody,
  PutSubscriptionBody,
  Subscription,
  UpdatePlanBody,
} from '@shared/contracts/billing';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the billing screens (issue 18 §1; server/modules/billing). Every write refreshes everything
 * under BILLING_KEY (lists, the open invoice, the dashboard, the banner's status).
 */
export const BILLING_KEY = ['billing'] as const;
const retry = retryUnlessClientError();

function useBillingQuery<T>(key: unknown[], path: string | null, opts: { keepPrevious?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: [...BILLING_KEY, ...key],
    queryFn: () => api<T>(path!),
    enabled: !!path,
    staleTime: opts.staleTime ?? 15_000,
    retry,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

export const useBillingDashboard = (year: number, enabled = true) =>
  useBillingQuery<BillingDashboard>(['dashboard', year], enabled ? `/api/billing/dashboard?year=${year}` : null, { keepPrevious: true });
export const usePlans = (enabled = true) => useBillingQuery<ListPlansResponse>(['plans'], enabled ? '/api/billing/plans' : null);
export const useSubscriptions = () => useBillingQuery<ListSubscriptionsResponse>(['subscriptions'], '/api/billing/subscriptions');
export const useBillingInvoices = (qs: string) => useBillingQuery<ListInvoicesResponse>(['invoices', qs], `/api/billing/invoices?${qs}`, { keepPrevious: true });
export const useBillingInvoice = (id: string | null) => useBillingQuery<PlatformInvoiceDetail>(['invoice', id], id ? `/api/billing/invoices/${id}` : null);
export const useBillingSettings = () => useBillingQuery<BillingSettings>(['settings'], '/api/billing/settings');
/** The school's billing state for the banner and the dashboard card (school roles only; `enabled` false for others). */
export const useBillingStatus = (enabled: boolean) =>
  useBillingQuery<BillingStatusResponse>(['status'], enabled ? '/api/billing/status' : null, { staleTime: 60_000 });

export const invoicePdfUrl = (id: string) => `/api/billing/invoices/${id}/pdf`;
export const receiptPdfUrl = (paymentId: string) => `/api/billing/payments/${paymentId}/receipt`;

function useBillingMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: BILLING_KEY });
    },
  });
}

export const useGenerateInvoices = () =>
  useBillingMutation((body: GenerateInvoicesBody) => api<GenerateInvoicesResponse>('/api/billing/invoices/generate', { method: 'POST', json: body, timeoutMs: 120_000 }));

/** Bank payment; one Idempotency-Key per form submission (the server is idempotent on the reference too). */
export const useRecordBankPayment = () =>
  useBillingMutation((v: { id: string; body: BankPaymentBody; key: string }) =>
    api<PaymentResponse>(`/api/billing/invoices/${v.id}/payments`, { method: 'POST', json: v.body, headers: { 'Idempotency-Key': v.key } }),
  );

export const useCreateCreditNote = () =>
  useBillingMutation((v: { id: string; body: CreateCreditNoteBody }) => api<{ invoice: PlatformInvoice }>(`/api/billing/invoices/${v.id}/credit-notes`, { method: 'POST', json: v.body }));

export const useVoidInvoice = () => useBillingMutation((v: { id: string; reason: string }) => api<PlatformInvoice>(`/api/billing/invoices/${v.id}/void`, { method: 'POST', json: { reason: v.reason } }));

export const useSavePlan = () =>
  useBillingMutation((v: { id: string; body: UpdatePlanBody } | { id: null; body: CreatePlanBody }) =>
    v.id ? api<BillingPlan>(`/api/billing/plans/${v.id}`, { method: 'PATCH', json: v.body }) : api<BillingPlan>('/api/billing/plans', { method: 'POST', json: v.body }),
  );

export const usePutSubscription = () =>
  useBillingMutation((v: { schoolId: string; body: PutSubscriptionBody }) => api<Subscription>(`/api/billing/subscriptions/${v.schoolId}`, { method: 'PUT', json: v.body }));

export const useSaveBillingSettings = () => useBillingMutation((body: PutBillingSettingsBody) => api<BillingSettings>('/api/billing/settings', { method: 'PUT', json: body }));

export const useBillingStkPush = () =>
  useBillingMutation((v: { id: string; body: PlatformStkBody }) => api<PlatformStkRequest>(`/api/billing/invoices/${v.id}/mpesa`, { method: 'POST', json: v.body }));

/** GET /api/billing/mpesa/:checkoutRequestId, polled every 2 s while pending; the invoice data refresh once it settles. */
export function useBillingStkStatus(checkoutRequestId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...BILLING_KEY, 'stk', checkoutRequestId],
    queryFn: async () => {
      const res = await api<PlatformStkRequest>(`/api/billing/mpesa/${encodeURIComponent(checkoutRequestId!)}`);
      if (res.status !== 'pending') {
        void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === BILLING_KEY[0] && q.queryKey[1] !== 'stk' });
      }
      return res;
    },
    enabled: !!checkoutRequestId,
    retry,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : 2000),
  });
}
