import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentsResponse, PutConsentsBody } from '@shared/contracts/consents';
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

/** The consent register as Excel (principal, director). */
export const CONSENT_REGISTER_XLSX = '/api/data-protection/consent-register?format=xlsx';
