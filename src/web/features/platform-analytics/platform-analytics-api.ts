import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ComparisonResponse, PlatformAnalytics, SchoolHealth, SchoolsHealthResponse } from '@shared/contracts/platform-analytics';
import type { ComparisonMetric } from '@shared/messages/platform-analytics';
import { api, ApiError } from '@/lib/api';

/**
 * Calls of the platform analytics pages (issue 18 §3):
 *   GET /api/platform/analytics?from&to                      → PlatformAnalytics
 *   GET /api/platform/schools/health                         → { asOf, schools: SchoolHealth[] }
 *   GET /api/platform/schools/:id/health                     → SchoolHealth
 *   GET /api/platform/comparisons?metric&schoolId&from&to    → ComparisonResponse
 *   GET /api/platform/reports/{schools|usage|audit}?…&format → a PDF or an Excel file
 *   GET /api/billing/statement?from&to&format                → the billing module's statement
 */

export const PLATFORM_ANALYTICS_KEY = ['platform-analytics'] as const;

function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 2;
}

/** A query string from the defined values ('' when none). */
export function qs(params: Record<string, string | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const text = p.toString();
  return text ? `?${text}` : '';
}

export const usePlatformAnalytics = (from: string, to: string) =>
  useQuery({
    queryKey: [...PLATFORM_ANALYTICS_KEY, 'analytics', from, to],
    queryFn: () => api<PlatformAnalytics>(`/api/platform/analytics${qs({ from, to })}`),
    staleTime: 60_000,
    retry,
    placeholderData: keepPreviousData,
  });

export const useSchoolsHealth = () =>
  useQuery({
    queryKey: [...PLATFORM_ANALYTICS_KEY, 'health'],
    queryFn: () => api<SchoolsHealthResponse>('/api/platform/schools/health'),
    staleTime: 60_000,
    retry,
  });

export const useSchoolHealth = (schoolId: string | null) =>
  useQuery({
    queryKey: [...PLATFORM_ANALYTICS_KEY, 'health', schoolId],
    queryFn: () => api<SchoolHealth>(`/api/platform/schools/${encodeURIComponent(schoolId!)}/health`),
    enabled: !!schoolId,
    staleTime: 60_000,
    retry,
  });

export const useComparison = (metric: ComparisonMetric, schoolId: string | null, from: string, to: string) =>
  useQuery({
    queryKey: [...PLATFORM_ANALYTICS_KEY, 'comparison', metric, schoolId, from, to],
    queryFn: () => api<ComparisonResponse>(`/api/platform/comparisons${qs({ metric, schoolId, from, to })}`),
    staleTime: 60_000,
    retry,
    placeholderData: keepPreviousData,
  });
