import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditActionsResponse, AuditListResponse } from '@shared/contracts/audit';
import { api, ApiError } from '@/lib/api';

/** Root of every audit query key. */
export const AUDIT_KEY = ['audit'] as const;

/** Filters of the Audit Trail screen; empty strings mean "any". Dates are Nairobi days (YYYY-MM-DD). */
export interface AuditFilters {
  action: string;
  actor: string;
  entity: string;
  from: string;
  to: string;
  success: '' | 'true' | 'false';
  schoolId: string;
}

export const EMPTY_FILTERS: AuditFilters = { action: '', actor: '', entity: '', from: '', to: '', success: '', schoolId: '' };

/** GET /api/audit URL for the filters and page (empty filters left out). */
export function auditPath(f: AuditFilters, page: number, pageSize: number): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f) as [keyof AuditFilters, string][]) {
    const value = v.trim();
    if (value) qs.set(k, value);
  }
  qs.set('page', String(page));
  qs.set('pageSize', String(pageSize));
  return `/api/audit?${qs.toString()}`;
}

/** No retries for answers that will not change: bad input, signed out, denied, not found. */
function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 2;
}

/** One page of the audit trail; the previous page stays on screen while the next one loads. */
export function useAuditLogs(filters: AuditFilters, page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'list', filters, page, pageSize],
    queryFn: () => api<AuditListResponse>(auditPath(filters, page, pageSize)),
    enabled,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit/actions: the distinct actions in the caller's scope, for the action filter. */
export function useAuditActions(enabled = true) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'actions'],
    queryFn: async () => (await api<AuditActionsResponse>('/api/audit/actions')).actions,
    enabled,
    retry,
    staleTime: 60_000,
  });
}

export interface AuditSchoolOption {
  id: string;
  name: string;
}

/** Schools for the platform admin's school filter (GET /api/schools, ordered by name). */
export function useAuditSchools(enabled: boolean) {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'schools'],
    queryFn: async () => (await api<{ schools: AuditSchoolOption[] }>('/api/schools')).schools,
    enabled,
    retry,
    staleTime: 5 * 60_000,
  });
}
