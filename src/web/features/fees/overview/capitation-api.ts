import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CapitationReceipt, CapitationResponse, CreateCapitationReceiptBody, PutCapitationRatesBody, PutCapitationSettingsBody, VoidCapitationReceiptBody } from '@shared/contracts/capitation';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';
import { FEES_KEY } from '../api/fees';

/**
 * Calls of the capitation card and report (issue 35 §3; server/modules/vote-heads/capitation.*):
 * GET /api/capitation?year=, POST /api/capitation/receipts and /receipts/:id/void, PUT
 * /api/capitation/rates and /settings. Keyed under the fees screens' FEES_KEY, so the live
 * `fees.changed` event (a payment, a grant recorded or voided) refreshes the card and report too.
 */
const ALL = [...FEES_KEY, 'capitation'] as const;
const key = (year: number | null) => [...ALL, year] as const;

export function useCapitation(year: number | null, enabled = true) {
  return useQuery({
    queryKey: key(year),
    queryFn: () => api<CapitationResponse>(`/api/capitation${year ? `?year=${year}` : ''}`),
    enabled,
    retry: retryUnlessClientError(),
  });
}

export function useRecordGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCapitationReceiptBody) => api<CapitationReceipt>('/api/capitation/receipts', { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ALL }),
  });
}

export function usePutRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCapitationRatesBody) => api<CapitationResponse>('/api/capitation/rates', { method: 'PUT', json: body }),
    onSuccess: (data) => {
      qc.setQueryData(key(data.year), data);
      return qc.invalidateQueries({ queryKey: ALL });
    },
  });
}

/** POST /api/capitation/receipts/:id/void { reason } (finance officer): the grant stays listed, marked voided. */
export function useVoidGrant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VoidCapitationReceiptBody & { id: string }) => api<CapitationReceipt>(`/api/capitation/receipts/${id}/void`, { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ALL }),
  });
}

/** PUT /api/capitation/settings: the year's term shares (percent) and count date (finance officer). */
export function usePutSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCapitationSettingsBody) => api<CapitationResponse>('/api/capitation/settings', { method: 'PUT', json: body }),
    onSuccess: (data) => {
      qc.setQueryData(key(data.year), data);
      return qc.invalidateQueries({ queryKey: ALL });
    },
  });
}

/** The shortfall report's download address. */
export const capitationFileUrl = (year: number, format: 'pdf' | 'xlsx') => `/api/capitation?year=${year}&format=${format}`;
