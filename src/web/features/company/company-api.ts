import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Company,
  CompanyWriteResponse,
  CreatePlatformStaffBody,
  PlatformStaffResponse,
  PlatformStaffWriteResponse,
  UpdateCompanyBody,
  UpdatePlatformStaffBody,
} from '@shared/contracts/company';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of Company Management (issue 18 §4; server/modules/company): GET/PUT /api/company, POST
 * /api/company/logo, GET/POST /api/company/staff, PATCH /api/company/staff/:id. Every write refreshes
 * everything under COMPANY_KEY.
 */
export const COMPANY_KEY = ['company'] as const;
const retry = retryUnlessClientError();

export const useCompany = () => useQuery({ queryKey: [...COMPANY_KEY, 'details'], queryFn: () => api<Company>('/api/company'), retry });
export const usePlatformStaff = () => useQuery({ queryKey: [...COMPANY_KEY, 'staff'], queryFn: () => api<PlatformStaffResponse>('/api/company/staff'), retry });

function useCompanyMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: COMPANY_KEY }) });
}

export const useSaveCompany = () => useCompanyMutation((body: UpdateCompanyBody) => api<CompanyWriteResponse>('/api/company', { method: 'PUT', json: body }));

export const useUploadLogo = () =>
  useCompanyMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<CompanyWriteResponse>('/api/company/logo', { method: 'POST', body: form, timeoutMs: 120_000 });
  });

export const useInviteStaff = () => useCompanyMutation((body: CreatePlatformStaffBody) => api<PlatformStaffWriteResponse>('/api/company/staff', { method: 'POST', json: body }));

export const useUpdateStaff = () =>
  useCompanyMutation((v: { id: string; body: UpdatePlatformStaffBody }) => api<PlatformStaffWriteResponse>(`/api/company/staff/${v.id}`, { method: 'PATCH', json: v.body }));
