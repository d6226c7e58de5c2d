import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalculatePayBody, CalculatePayResponse, ComponentBody, ComponentPatch, PayComponent, PayrollRunDetail, PayrollRunSummary, PayrollSettingsBody, PayrollStaff } from '@shared/contracts/payroll';
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

/** GET /api/payroll/runs: every run of the school, newest month first. */
export function usePayrollRuns() {
  return useQuery({ queryKey: [...PAYROLL_KEY, 'runs'], queryFn: () => api<{ items: PayrollRunSummary[] }>('/api/payroll/runs'), retry });
}

/** GET /api/payroll/runs/:id (none while id is null). */
export function usePayrollRun(id: string | null) {
  return useQuery({ queryKey: [...PAYROLL_KEY, 'run', id], queryFn: () => api<PayrollRunDetail>(`/api/payroll/runs/${id}`), enabled: !!id, retry });
}

/** Run-changing calls; each refreshes every payroll query (lists, runs, staff) on success. */
export function usePayrollMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: PAYROLL_KEY });
      await qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('approvals') });
    },
  });
}

export const createRun = (month: string) => api<PayrollRunDetail>('/api/payroll/runs', { method: 'POST', json: { month } });
export const runAction = ({ id, action }: { id: string; action: 'recompute' | 'submit' }) => api<PayrollRunDetail>(`/api/payroll/runs/${id}/${action}`, { method: 'POST' });
export const deleteRun = (id: string) => api<void>(`/api/payroll/runs/${id}`, { method: 'DELETE' });

/** GET /api/payroll/staff?month=: active staff with the month's pay. */
export function usePayrollStaff(month: string) {
  return useQuery({ queryKey: [...PAYROLL_KEY, 'staff', month], queryFn: () => api<{ month: string; items: PayrollStaff[] }>(`/api/payroll/staff?month=${month}`), retry, placeholderData: keepPreviousData });
}

/** GET /api/payroll/components?staffId= (none while staffId is null). */
export function usePayComponents(staffId: string | null) {
  return useQuery({ queryKey: [...PAYROLL_KEY, 'components', staffId], queryFn: () => api<{ items: PayComponent[] }>(`/api/payroll/components?staffId=${staffId}`), enabled: !!staffId, retry });
}

export const createComponent = (body: ComponentBody) => api<PayComponent>('/api/payroll/components', { method: 'POST', json: body });
export const updateComponent = ({ id, patch }: { id: string; patch: ComponentPatch }) => api<PayComponent>(`/api/payroll/components/${id}`, { method: 'PATCH', json: patch });
export const deleteComponent = (id: string) => api<void>(`/api/payroll/components/${id}`, { method: 'DELETE' });

/** GET /api/payroll/settings. */
export function usePayrollSettings() {
  return useQuery({ queryKey: [...PAYROLL_KEY, 'settings'], queryFn: () => api<PayrollSettingsBody>('/api/payroll/settings'), retry });
}
export const saveSettings = (body: PayrollSettingsBody) => api<PayrollSettingsBody>('/api/payroll/settings', { method: 'PUT', json: body });
