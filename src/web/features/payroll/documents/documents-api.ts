import { useMutation, useQuery } from '@tanstack/react-query';
import type { BankFilesResponse, EmailPayslipsResponse, MyPayslipsResponse } from '@shared/contracts/payroll-documents';
import { api, ApiError } from '@/lib/api';

/**
 * Calls of the payroll documents (issue 14 §3):
 *   GET  /api/me/payslips                         → MyPayslipsResponse (approved runs, newest first)
 *   GET  /api/me/payslips/:lineId.pdf, /api/me/p9.pdf?year=   (downloads)
 *   GET  /api/payroll/runs/:id/payslips/:staffId.pdf  one member of staff's payslip of a run (HR; download)
 *   GET  /api/payroll/runs/:id/bank-files         → BankFilesResponse (approved runs; 409 otherwise)
 *   POST /api/payroll/runs/:id/payslips/email     → EmailPayslipsResponse
 * File paths for downloads come from `documentPaths`.
 */
export const DOCUMENTS_KEY = ['payroll', 'documents'] as const;

function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404, 409].includes(error.status)) return false;
  return failureCount < 2;
}

export const documentPaths = {
  myPayslipPdf: (lineId: string) => `/api/me/payslips/${lineId}.pdf`,
  myP9: (year: number) => `/api/me/p9.pdf?year=${year}`,
  payslipsPdf: (runId: string) => `/api/payroll/runs/${runId}/payslips.pdf`,
  payslipPdf: (runId: string, staffId: string) => `/api/payroll/runs/${runId}/payslips/${staffId}.pdf`,
  bankFile: (runId: string, bank: string) => `/api/payroll/runs/${runId}/bank-file.csv?bank=${encodeURIComponent(bank)}`,
  runFile: (runId: string, file: 'p10.csv' | 'p10-ahl.csv' | 'nssf.csv' | 'shif.csv' | 'journal.xlsx') => `/api/payroll/runs/${runId}/${file}`,
};

/** The signed-in member of staff's payslips. */
export const useMyPayslips = () =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'me'],
    queryFn: () => api<MyPayslipsResponse>('/api/me/payslips'),
    staleTime: 60_000,
    retry,
  });

/** The banks of an approved run (disabled for other runs). */
export const useBankFiles = (runId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, 'banks', runId],
    queryFn: () => api<BankFilesResponse>(`/api/payroll/runs/${runId}/bank-files`),
    enabled,
    staleTime: 5 * 60_000,
    retry,
  });

/** E-mails a run's payslips (skipping staff already e-mailed unless `resend`). */
export const useEmailPayslips = (runId: string) =>
  useMutation({
    mutationFn: (resend: boolean) => api<EmailPayslipsResponse>(`/api/payroll/runs/${runId}/payslips/email`, { method: 'POST', json: { resend }, timeoutMs: 120_000 }),
  });
