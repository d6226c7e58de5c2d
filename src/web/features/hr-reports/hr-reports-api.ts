import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HrDashboardResponse, HrSummaryResponse } from '@shared/contracts/hr-reports';
import { api } from '@/lib/api';
import { qs, retry } from '@/features/attendance';
import { useFileDownload } from '@/lib/download';

/**
 * Calls of HR reports, analytics and the HR dashboard (issue 14 §4):
 *   GET /api/hr-reports/summary?from=&to=      → HrSummaryResponse (default: this year to date)
 *   GET /api/hr-reports/export.pdf|xlsx?from=&to= → the same as a PDF / an Excel workbook
 *   GET /api/hr-reports/dashboard              → HrDashboardResponse
 */

const KEY = ['hr-reports'] as const;

/** A period (YYYY-MM-DD, inclusive); nulls ask for the server's default (this year to date). */
export interface Period {
  from: string | null;
  to: string | null;
}

export const useHrSummary = (p: Period, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'summary', p.from, p.to],
    queryFn: () => api<HrSummaryResponse>(`/api/hr-reports/summary${qs({ from: p.from, to: p.to })}`),
    enabled,
    staleTime: 30_000,
    retry,
    placeholderData: keepPreviousData,
  });

export const useHrDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'dashboard'],
    queryFn: () => api<HrDashboardResponse>('/api/hr-reports/dashboard'),
    enabled,
    staleTime: 30_000,
    retry,
  });

/** Downloads of the reports (PDF or Excel) with a busy state per format; failures show a toast with the server's reason. */
export function useHrExport(failedTitle: string) {
  const { start, isBusy } = useFileDownload(failedTitle);
  return { start: (p: Period, format: 'pdf' | 'xlsx') => start(format, `/api/hr-reports/export.${format}${qs({ from: p.from, to: p.to })}`, `hr-reports.${format}`), isBusy };
}
