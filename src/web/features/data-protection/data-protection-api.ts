import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import type { DpSubjectType, ErasureBody, ErasureResponse, ExportBody, ListRequestsResponse, SubjectsResponse } from '@shared/contracts/data-protection';
import { api, ApiError } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';
import { saveBlob } from '@/lib/save-blob';

/**
 * Calls of the data protection screens (issue 18 §2; server/modules/data-protection, contracts/data-protection):
 * GET /api/data-protection/subjects?q=&type=, POST /api/data-protection/exports (a JSON download),
 * POST /api/data-protection/erasures, GET /api/data-protection/requests?kind=&page=&pageSize=.
 */
export const DP_KEY = ['data-protection'] as const;

const retry = retryUnlessClientError();

/** Learners and users matching `q` (2+ characters; nothing is asked before). */
export function useDpSubjects(q: string, type: DpSubjectType | '') {
  const term = q.trim();
  return useQuery({
    queryKey: [...DP_KEY, 'subjects', term, type],
    queryFn: () => api<SubjectsResponse>(`/api/data-protection/subjects?${new URLSearchParams({ q: term, ...(type ? { type } : {}) }).toString()}`),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useDpRequests(params: URLSearchParams) {
  return useQuery({
    queryKey: [...DP_KEY, 'requests', params.toString()],
    queryFn: () => api<ListRequestsResponse>(`/api/data-protection/requests?${params.toString()}`),
    placeholderData: keepPreviousData,
    retry,
  });
}

function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * POST /api/data-protection/exports: fetches the JSON document with the session cookie and saves it
 * under the server's file name. Returns that name; throws ApiError with the server's reason.
 */
export async function downloadPersonalData(body: ExportBody): Promise<string> {
  let res: Response;
  try {
    res = await fetch('/api/data-protection/exports', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.friendly.network);
  }
  if (!res.ok) {
    const err = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
    throw new ApiError(res.status, err?.error?.code ?? `HTTP_${res.status}`, err?.error?.message ?? messages.api.serverError, err?.error?.fields);
  }
  const name = fileNameOf(res.headers.get('content-disposition')) ?? 'personal-data.json';
  saveBlob(await res.blob(), name);
  return name;
}

export function useExportPersonalData() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: downloadPersonalData, onSuccess: () => qc.invalidateQueries({ queryKey: DP_KEY }) });
}

export function useErasePersonalData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureBody) => api<ErasureResponse>('/api/data-protection/erasures', { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DP_KEY }),
  });
}
