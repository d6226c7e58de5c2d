import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarResponse, LeaveRequest, LeaveRequestBody, LeaveStaffResponse, LeaveType, LeaveTypeBody, LeaveTypePatch, MyLeaveBody, MyLeaveResponse, BalancesResponse } from '@shared/contracts/leave';
import { api } from '@/lib/api';

/**
 * Calls of Leave (issue 14 §2):
 *   GET  /api/me/leave, POST /api/me/leave                 → the caller's balances, requests; a new request
 *   GET  /api/leave/requests?status=&staffId=&from=&to=    → { items } (HR, principal, director)
 *   POST /api/leave/requests                               → HR requests on behalf of staff
 *   POST /api/leave/requests/:id/approve | reject | cancel → the request
 *   GET  /api/leave/calendar?month=                        → days with leave
 *   GET  /api/leave/types, POST, PATCH /api/leave/types/:id → leave types (HR edits)
 *   GET  /api/leave/staff, GET /api/leave/balances         → the HR form's staff and their balances
 * Every key lives under LEAVE_KEY so any change refreshes every leave screen (and the Approvals card).
 */
export const LEAVE_KEY = ['leave'] as const;

const qs = (q: Record<string, string | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
};

export const useMyLeave = () => useQuery({ queryKey: [...LEAVE_KEY, 'me'], queryFn: () => api<MyLeaveResponse>('/api/me/leave'), staleTime: 15_000, retry: false });

export const useLeaveRequests = (q: { status?: string; staffId?: string; from?: string; to?: string }, enabled = true) =>
  useQuery({
    queryKey: [...LEAVE_KEY, 'requests', q],
    queryFn: () => api<{ items: LeaveRequest[] }>(`/api/leave/requests${qs(q)}`),
    staleTime: 15_000,
    enabled,
    placeholderData: keepPreviousData,
  });

export const useLeaveCalendar = (month: string) =>
  useQuery({ queryKey: [...LEAVE_KEY, 'calendar', month], queryFn: () => api<CalendarResponse>(`/api/leave/calendar${qs({ month })}`), staleTime: 15_000, placeholderData: keepPreviousData });

export const useLeaveTypes = () => useQuery({ queryKey: [...LEAVE_KEY, 'types'], queryFn: () => api<{ items: LeaveType[] }>('/api/leave/types'), staleTime: 60_000 });

export const useLeaveStaff = (enabled: boolean) =>
  useQuery({ queryKey: [...LEAVE_KEY, 'staff'], queryFn: () => api<LeaveStaffResponse>('/api/leave/staff'), staleTime: 60_000, enabled });

export const useStaffBalances = (staffId: string | null, year: number | null) =>
  useQuery({
    queryKey: [...LEAVE_KEY, 'balances', staffId, year],
    queryFn: () => api<BalancesResponse>(`/api/leave/balances${qs({ staffId, year: year ? String(year) : null })}`),
    enabled: !!staffId && !!year,
    staleTime: 15_000,
  });

/** Invalidates leave and the approvals the dashboards show. */
function useRefresh() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: LEAVE_KEY });
    await qc.invalidateQueries({ predicate: (q) => q.queryKey.includes('approvals') });
  };
}

export function useRequestMyLeave() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: MyLeaveBody) => api<LeaveRequest>('/api/me/leave', { method: 'POST', json: body }), onSuccess: refresh });
}

export function useRequestForStaff() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: LeaveRequestBody) => api<LeaveRequest>('/api/leave/requests', { method: 'POST', json: body }), onSuccess: refresh });
}

export function useDecideLeave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; approve: boolean; note: string | null }) => api<LeaveRequest>(`/api/leave/requests/${v.id}/${v.approve ? 'approve' : 'reject'}`, { method: 'POST', json: { note: v.note } }),
    onSuccess: refresh,
  });
}

export function useCancelLeave() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api<LeaveRequest>(`/api/leave/requests/${id}/cancel`, { method: 'POST' }), onSuccess: refresh });
}

export function useSaveLeaveType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string | null; body: LeaveTypeBody | LeaveTypePatch }) =>
      v.id ? api<LeaveType>(`/api/leave/types/${v.id}`, { method: 'PATCH', json: v.body }) : api<LeaveType>('/api/leave/types', { method: 'POST', json: v.body }),
    onSuccess: refresh,
  });
}
