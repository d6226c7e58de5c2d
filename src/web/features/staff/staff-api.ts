import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContractAlertsResponse,
  CreateStaffAccountBody,
  CreateStaffBody,
  ExitStaffBody,
  ListStaffResponse,
  StaffDetail,
  StaffDocument,
  StaffDocumentKind,
  StaffWriteResponse,
  UpdateClearanceBody,
  UpdateStaffBody,
} from '@shared/contracts/staff';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of Staff Management and HR's User Management (issue 14 §1; server/modules/staff):
 *   GET    /api/staff?…                     → ListStaffResponse
 *   GET    /api/staff/alerts                → ContractAlertsResponse
 *   GET    /api/staff/:id                   → StaffDetail
 *   POST   /api/staff, PATCH /api/staff/:id → { staff, message }
 *   POST   /api/staff/:id/documents (multipart kind, title, file); DELETE …/documents/:documentId
 *   POST   /api/staff/:id/exit, PATCH …/clearance
 *   POST   /api/staff/:id/account { role }, …/account/disable, …/account/enable
 * Every write refreshes everything under STAFF_KEY.
 */

export const STAFF_KEY = ['staff'] as const;

/** 4xx answers are final: no automatic retry. */
const retry = retryUnlessClientError();

export const useStaffList = (query: string) =>
  useQuery({
    queryKey: [...STAFF_KEY, 'list', query],
    queryFn: () => api<ListStaffResponse>(`/api/staff?${query}`),
    staleTime: 15_000,
    retry,
    placeholderData: keepPreviousData,
  });

export const useContractAlerts = () =>
  useQuery({ queryKey: [...STAFF_KEY, 'alerts'], queryFn: () => api<ContractAlertsResponse>('/api/staff/alerts'), staleTime: 60_000, retry });

export const useStaffMember = (id: string | null) =>
  useQuery({ queryKey: [...STAFF_KEY, 'detail', id], queryFn: () => api<StaffDetail>(`/api/staff/${id}`), enabled: !!id, retry });

function useStaffMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (data) => {
      const staff = (data as { staff?: StaffDetail } | undefined)?.staff;
      if (staff) qc.setQueryData([...STAFF_KEY, 'detail', staff.id], staff);
      await qc.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
}

export const useCreateStaff = () => useStaffMutation((body: CreateStaffBody) => api<StaffWriteResponse>('/api/staff', { method: 'POST', json: body }));

export const useUpdateStaff = (id: string) => useStaffMutation((body: UpdateStaffBody) => api<StaffWriteResponse>(`/api/staff/${id}`, { method: 'PATCH', json: body }));

export const useUploadDocument = (id: string) =>
  useStaffMutation((v: { kind: StaffDocumentKind; title: string; file: File }) => {
    const form = new FormData();
    // The fields go before the file: the server reads them with it.
    form.append('kind', v.kind);
    form.append('title', v.title);
    form.append('file', v.file);
    return api<StaffDocument>(`/api/staff/${id}/documents`, { method: 'POST', body: form, timeoutMs: 120_000 });
  });

export const useDeleteDocument = (id: string) => useStaffMutation((documentId: string) => api<void>(`/api/staff/${id}/documents/${documentId}`, { method: 'DELETE' }));

export const useExitStaff = (id: string) => useStaffMutation((body: ExitStaffBody) => api<StaffWriteResponse>(`/api/staff/${id}/exit`, { method: 'POST', json: body }));

export const useUpdateClearance = (id: string) =>
  useStaffMutation((body: UpdateClearanceBody) => api<StaffWriteResponse>(`/api/staff/${id}/clearance`, { method: 'PATCH', json: body }));

export const useGiveAccount = () =>
  useStaffMutation((v: { id: string } & CreateStaffAccountBody) => api<StaffWriteResponse>(`/api/staff/${v.id}/account`, { method: 'POST', json: { role: v.role } }));

export const useAccountStatus = () =>
  useStaffMutation((v: { id: string; enable: boolean }) => api<StaffWriteResponse>(`/api/staff/${v.id}/account/${v.enable ? 'enable' : 'disable'}`, { method: 'POST' }));
