import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { HrDashboardResponse, HrSummaryResponse } from '@shared/contracts/hr-reports';
import { api } from '@/lib/api';
import { qs, retry } from '@/features/attendance';
import { downloadFile } from '@/lib/download';

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

/** Downloads of the reports with a busy flag per format; failures show a toast with the server's reason. */
export function useHrExport(failedTitle: string) {
  const [busy, setBusy] = React.useState<'pdf' | 'xlsx' | null>(null);
  const start = React.useCallback(
    async (p: Period, format: 'pdf' | 'xlsx') => {
      setBusy(format);
      try {
        await downloadFile(`/api/hr-reports/export.${format}${qs({ from: p.from, to: p.to })}`, `hr-reports.${format}`);
      } catch (err) {
        toast.error(failedTitle, { description: err instanceof Error ? err.message : undefined });
      } finally {
        setBusy(null);
      }
    },
    [failedTitle],
  );
  return { busy, start };
}
