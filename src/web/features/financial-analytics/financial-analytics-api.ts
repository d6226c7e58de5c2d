import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AnalyticsChart, FinancialAnalytics } from '@shared/contracts/financial-analytics';
import { financialAnalyticsMessages as fm } from '@shared/messages/financial-analytics';
import { api, ApiError } from '@/lib/api';
import { FEES_KEY, withSchool } from '@/features/fees';
import { downloadFile } from '@/lib/download';

/**
 * Calls of Financial Analytics (issue 15 §3):
 *   GET /api/finance/analytics?termId=                      → FinancialAnalytics (default: the current term)
 *   GET /api/finance/analytics/export.xlsx?termId=&chart=   → one chart (or all) as an Excel workbook
 * Keys start with FEES_KEY, so a payment (and the live `fees.changed` event) refreshes the charts too.
 * Platform staff pass the school picked in the header as `schoolId`.
 */

function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404].includes(error.status)) return false;
  return failureCount < 2;
}

const query = (termId: string | null, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams({ ...(termId ? { termId } : {}), ...extra }).toString();
  return p ? `?${p}` : '';
};

export const useFinancialAnalytics = (termId: string | null, schoolId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...FEES_KEY, 'analytics', termId, schoolId],
    queryFn: () => api<FinancialAnalytics>(withSchool(`/api/finance/analytics${query(termId)}`, schoolId)),
    enabled,
    staleTime: 20_000,
    retry,
    placeholderData: keepPreviousData,
  });

/** Excel downloads with the chart that is busy; failures show a toast with the server's reason. */
export function useAnalyticsXlsx(termId: string | null, schoolId: string | null) {
  const [busy, setBusy] = React.useState<AnalyticsChart | 'all' | null>(null);
  const start = React.useCallback(
    async (chart: AnalyticsChart | 'all') => {
      setBusy(chart);
      try {
        await downloadFile(withSchool(`/api/finance/analytics/export.xlsx${query(termId, { chart })}`, schoolId), `financial-analytics-${chart}.xlsx`);
      } catch (err) {
        toast.error(fm.web.exportFailed, { description: err instanceof Error ? err.message : undefined });
      } finally {
        setBusy(null);
      }
    },
    [termId, schoolId],
  );
  return { busy, start };
}
