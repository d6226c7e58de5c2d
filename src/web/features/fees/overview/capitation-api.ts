import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CapitationReceipt, CapitationResponse, CreateCapitationReceiptBody, PutCapitationRatesBody, PutCapitationSettingsBody } from '@shared/contracts/capitation';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the capitation card and report (issue 35 §3; server/modules/vote-heads/capitation.*):
 * GET /api/capitation?year=, POST /api/capitation/receipts, PUT /api/capitation/rates and /settings.
 */
const key = (year: number | null) => ['capitation', year] as const;

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
    onSuccess: () => qc.invalidateQueries({ queryKey: ['capitation'] }),
  });
}

export function usePutRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCapitationRatesBody) => api<CapitationResponse>('/api/capitation/rates', { method: 'PUT', json: body }),
    onSuccess: (data) => {
      qc.setQueryData(key(data.year), data);
      return qc.invalidateQueries({ queryKey: ['capitation'] });
    },
  });
}

/** PUT /api/capitation/settings: the year's term shares (percent) and count date (finance officer). */
export function usePutSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutCapitationSettingsBody) => api<CapitationResponse>('/api/capitation/settings', { method: 'PUT', json: body }),
    onSuccess: (data) => {
      qc.setQueryData(key(data.year), data);
      return qc.invalidateQueries({ queryKey: ['capitation'] });
    },
  });
}

/** The shortfall report's download address. */
export const capitationFileUrl = (year: number, format: 'pdf' | 'xlsx') => `/api/capitation?year=${year}&format=${format}`;
