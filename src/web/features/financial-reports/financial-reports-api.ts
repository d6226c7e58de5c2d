import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportOptions } from '@shared/contracts/financial-reports';
import type { ReportId } from '@shared/messages/financial-reports';
import { api } from '@/lib/api';
import { qs, retry } from '@/features/attendance';
import { useFileDownload } from '@/lib/download';
import type { ExportFormat } from '@/components/export-buttons';

/**
 * Calls of Financial Reports (issue 15):
 *   GET /api/reports/<report>?…filters           → the report (json)
 *   GET /api/reports/<report>?…&format=pdf|xlsx → the same as a PDF / an Excel workbook (attachment)
 *   GET /api/reports/options                    → terms, levels and streams for the filters
 */

const KEY = ['financial-reports'] as const;

/** The filters of a report as query parameters (empty values left out). */
export type ReportParams = Record<string, string | null | undefined>;

export const useReport = <T,>(report: ReportId, params: ReportParams) =>
  useQuery({
    queryKey: [...KEY, report, params],
    queryFn: () => api<T>(`/api/reports/${report}${qs(params)}`),
    staleTime: 30_000,
    retry,
    placeholderData: keepPreviousData,
  });

export const useReportOptions = () =>
  useQuery({ queryKey: [...KEY, 'options'], queryFn: () => api<ReportOptions>('/api/reports/options'), staleTime: 5 * 60_000, retry });

/** Downloads of a report as PDF or Excel with a busy flag per format; failures show a toast with the server's reason. */
export function useReportDownload(failedTitle: string) {
  const { start, isBusy } = useFileDownload(failedTitle);
  return {
    isBusy,
    start: (report: ReportId, params: ReportParams, format: ExportFormat) => start(format, `/api/reports/${report}${qs({ ...params, format })}`, `${report}.${format}`),
  };
}
