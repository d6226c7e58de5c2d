import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentSummary, ConsentsResponse, PutConsentsBody } from '@shared/contracts/consents';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the consent screens (issue 35 §5; server/modules/data-protection/consents.*):
 * GET and PUT /api/students/:id/consents.
 */
const consentsKey = (studentId: string) => ['consents', studentId] as const;

export function useConsents(studentId: string) {
  return useQuery({
    queryKey: consentsKey(studentId),
    queryFn: () => api<ConsentsResponse>(`/api/students/${studentId}/consents`),
    retry: retryUnlessClientError(),
  });
}

export function usePutConsents(studentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutConsentsBody) => api<ConsentsResponse>(`/api/students/${studentId}/consents`, { method: 'PUT', json: body }),
    onSuccess: (data) => qc.setQueryData(consentsKey(studentId), data),
  });
}

/** The counts of the Data Protection panel's Consent register card (principal, director). */
export function useConsentSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['consents', 'summary'] as const,
    queryFn: () => api<ConsentSummary>('/api/data-protection/consent-summary'),
    enabled,
    retry: retryUnlessClientError(),
  });
}

/** The consent register as Excel (principal, director). */
export const CONSENT_REGISTER_XLSX = '/api/data-protection/consent-register?format=xlsx';
