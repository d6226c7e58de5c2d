import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from 'sonner';
import type { CertificateListItem, createCertificatesBody } from '@shared/contracts/assessment';
import { api, ApiError } from '@/lib/api';
import { downloadFile, useBusyDownloads } from '@/lib/download';

/**
 * Calls of the certificates screens (issue 12 §6): the issued certificates (GET /api/certificates),
 * one certificate, generating a batch (principal), revoking (principal, edufam_admin), and the PDFs of
 * one certificate or of a batch. Every key starts with CERTIFICATES_KEY so a write refreshes them all.
 */
export const CERTIFICATES_KEY = ['certificates'] as const;

export type CreateCertificatesInput = z.input<typeof createCertificatesBody>;
export interface CertificatesPage {
  items: CertificateListItem[];
  total: number;
}

export function retry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && [400, 401, 403, 404, 409].includes(error.status)) return false;
  return failureCount < 2;
}

/** GET /api/certificates?kind=&search=&status=&page=&pageSize=&schoolId=: one page, the previous one shown while the next loads. */
export function useCertificates(query: string) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'list', query],
    queryFn: () => api<CertificatesPage>(`/api/certificates?${query}`),
    staleTime: 15_000,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/certificates/:id, showing the list's copy (`row`) while it loads. */
export function useCertificate(id: string | null, row: CertificateListItem | null) {
  return useQuery({
    queryKey: [...CERTIFICATES_KEY, 'detail', id],
    queryFn: () => api<CertificateListItem>(`/api/certificates/${encodeURIComponent(id!)}`),
    enabled: !!id,
    staleTime: 15_000,
    retry,
    placeholderData: row && row.id === id ? row : undefined,
  });
}

/** POST /api/certificates { kind, studentIds, attendancePercentage?, note? } → 201 { items }. */
export function useCreateCertificates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCertificatesInput) => api<{ items: CertificateListItem[] }>('/api/certificates', { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...CERTIFICATES_KEY, 'list'] }),
  });
}

/** POST /api/certificates/:id/revoke { reason } → the certificate, revoked (409 when it already was). */
export function useRevokeCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api<CertificateListItem>(`/api/certificates/${encodeURIComponent(id)}/revoke`, { method: 'POST', json: { reason } }),
    onSuccess: (cert) => {
      qc.setQueryData([...CERTIFICATES_KEY, 'detail', cert.id], cert);
      return qc.invalidateQueries({ queryKey: [...CERTIFICATES_KEY, 'list'] });
    },
    // Someone else got there first (409 already revoked, 404 gone): show what is true now.
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void qc.invalidateQueries({ queryKey: CERTIFICATES_KEY });
    },
  });
}

/** GET /api/certificates/:id/pdf: the certificate to print. */
export const certificatePdfUrl = (id: string) => `/api/certificates/${encodeURIComponent(id)}/pdf`;

/** GET a certificate's PDF, or POST { ids } for a batch; the server's reason on failure (ApiError). */
export const savePdf = downloadFile;

/**
 * Certificate downloads with a busy state per key: one certificate (GET /api/certificates/:id/pdf) or a
 * batch as one PDF (POST /api/certificates/pdf { ids }); a failure shows a toast with the server's reason.
 */
export function useCertificateDownload(failedTitle: string) {
  const { run, isBusy } = useBusyDownloads(failedTitle);
  const one = React.useCallback(
    (cert: Pick<CertificateListItem, 'id' | 'student'>) => run(cert.id, () => savePdf(certificatePdfUrl(cert.id), `Certificate ${cert.student.name}.pdf`)),
    [run],
  );
  const batch = React.useCallback((key: string, ids: string[]) => run(key, () => savePdf('/api/certificates/pdf', 'Certificates.pdf', { ids })), [run]);
  return { one, batch, isBusy };
}

/** Copies a certificate's verification link, with a toast either way. */
export async function copyVerifyLink(url: string, copied: string, failed: string): Promise<void> {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(url);
    else {
      // Plain-http deployments have no Clipboard API: the old way.
      const area = document.createElement('textarea');
      area.value = url;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      if (!ok) throw new Error('copy');
    }
    toast.success(copied, { description: url });
  } catch {
    toast.error(failed, { description: url });
  }
}
