import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalculatePayBody, CalculatePayResponse } from '@shared/contracts/payroll';
import { api, ApiError } from '@/lib/api';

/** Calls of the payroll screens (issue 14). Every key starts with PAYROLL_KEY. */
export const PAYROLL_KEY = ['payroll'] as const;

/** A calculation with the body it answers (so a breakdown always shows the inputs it was made from). */
export interface Calculation {
  body: CalculatePayBody;
  result: CalculatePayResponse;
}

function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404, 409].includes(error.status)) return false;
  return failureCount < 2;
}

/**
 * POST /api/payroll/calculate for `body` (none while it is null). A pure calculation, so it is a query:
 * the same inputs reuse the answer, and the previous breakdown stays on screen while the next loads.
 */
export function useStatutoryCalculation(body: CalculatePayBody | null) {
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'calculate', body],
    queryFn: async (): Promise<Calculation> => ({ body: body!, result: await api<CalculatePayResponse>('/api/payroll/calculate', { method: 'POST', json: body }) }),
    enabled: body !== null,
    staleTime: 5 * 60_000,
    retry,
    placeholderData: keepPreviousData,
  });
}
