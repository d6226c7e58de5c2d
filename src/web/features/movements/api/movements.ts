import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { ListStudentsResponse } from '@shared/contracts/learners';
import type {
  AcceptTransferBody,
  ApplyPromotionBody,
  ApplyPromotionResponse,
  DirectorySchool,
  ExitBody,
  ExitResponse,
  ListExitsResponse,
  ListTransfersResponse,
  PromotionBatch,
  PromotionPlan,
  PromotionPreview,
  PromotionPreviewBody,
  ReadmitBody,
  TransferCheck,
  TransferDecisionResponse,
  TransferInBody,
  TransferInResponse,
  TransferOutBody,
  TransferOutResponse,
  TransferRequest,
} from '@shared/contracts/movements';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the movements screens (issue 10 §2 Promotion, Transfers, Exit), one hook per call. Writes
 * refresh every movements query and the learner register (keys starting with 'learners'), since a
 * movement changes who is active and where.
 */
export const MOVEMENTS_KEY = ['movements'] as const;
const LEARNERS_KEY = ['learners'] as const;
const STALE_MS = 30_000;

const retry = retryUnless([400, 401, 403, 404, 409]);

function useRefreshAfterWrite() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: MOVEMENTS_KEY });
    void qc.invalidateQueries({ queryKey: LEARNERS_KEY });
  };
}

// ---- Shared ------------------------------------------------------------------------------------

/** GET /api/students?search= (active learners) for the learner picker; nothing under 2 characters. */
export function useLearnerSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'learner-search', term],
    queryFn: () => api<ListStudentsResponse>(`/api/students?${new URLSearchParams({ search: term, pageSize: '8', status: 'active' })}`),
    enabled: term.length >= 2,
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/students?classId=&pageSize=200: the active learners of one stream (promotion exceptions). */
export function useStreamLearners(classId: string | null) {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'stream-learners', classId],
    queryFn: () => api<ListStudentsResponse>(`/api/students?${new URLSearchParams({ classId: classId!, pageSize: '200', status: 'active' })}`),
    enabled: !!classId,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/classes: the current year's streams with learners and capacity (placement pickers). */
export function useCurrentClasses(enabled = true) {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'classes'],
    queryFn: () => api<ClassItem[]>('/api/classes'),
    enabled,
    staleTime: STALE_MS,
    retry,
  });
}

// ---- Promotion ---------------------------------------------------------------------------------

/** GET /api/movements/promotions/plan?fromYearId=&toYearId= (empty: the defaults). */
export function usePromotionPlan(fromYearId: string, toYearId: string) {
  const qs = new URLSearchParams();
  if (fromYearId) qs.set('fromYearId', fromYearId);
  if (toYearId) qs.set('toYearId', toYearId);
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'promotion-plan', fromYearId, toYearId],
    queryFn: () => api<PromotionPlan>(`/api/movements/promotions/plan?${qs}`),
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/movements/promotions/preview: the dry run for `body` (null: nothing to preview yet). */
export function usePromotionPreview(body: PromotionPreviewBody | null) {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'promotion-preview', body],
    queryFn: () => api<PromotionPreview>('/api/movements/promotions/preview', { method: 'POST', json: body, timeoutMs: 60_000 }),
    enabled: !!body,
    staleTime: 0,
    gcTime: 0,
    retry,
  });
}

/** POST /api/movements/promotions → 201 { batch, preview, message }. */
export function useApplyPromotion() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: ApplyPromotionBody) => api<ApplyPromotionResponse>('/api/movements/promotions', { method: 'POST', json: body, timeoutMs: 120_000 }),
    onSuccess: refresh,
  });
}

/** GET /api/movements/promotions: recent batches with whether each can be undone. */
export function usePromotionBatches() {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'promotion-batches'],
    queryFn: async () => (await api<{ items: PromotionBatch[] }>('/api/movements/promotions')).items,
    staleTime: STALE_MS,
    retry,
  });
}

/** POST /api/movements/promotions/:id/undo. */
export function useUndoPromotion() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: string) => api<{ batch: PromotionBatch; message: string }>(`/api/movements/promotions/${encodeURIComponent(id)}/undo`, { method: 'POST', timeoutMs: 120_000 }),
    onSuccess: refresh,
  });
}

// ---- Transfers ---------------------------------------------------------------------------------

/** GET /api/movements/schools-directory: other active EduFam schools. */
export function useSchoolsDirectory() {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'schools-directory'],
    queryFn: async () => (await api<{ schools: DirectorySchool[] }>('/api/movements/schools-directory')).schools,
    staleTime: 5 * 60_000,
    retry,
  });
}

/** GET /api/movements/transfers/check?studentId=: the learner and the fee warning. */
export function useTransferCheck(studentId: string | null) {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'transfer-check', studentId],
    queryFn: () => api<TransferCheck>(`/api/movements/transfers/check?studentId=${encodeURIComponent(studentId!)}`),
    enabled: !!studentId,
    staleTime: STALE_MS,
    retry,
  });
}

export function useTransferOut() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: TransferOutBody) => api<TransferOutResponse>('/api/movements/transfers/out', { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useTransferIn() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: TransferInBody) => api<TransferInResponse>('/api/movements/transfers/in', { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

/** GET /api/movements/transfers with the list's query (filters and page). */
export function useTransfers(query: URLSearchParams) {
  const qs = query.toString();
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'transfers', qs],
    queryFn: () => api<ListTransfersResponse>(`/api/movements/transfers?${qs}`),
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/movements/transfer-requests?box=incoming|outgoing. */
export function useTransferRequests(box: 'incoming' | 'outgoing') {
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'transfer-requests', box],
    queryFn: async () => (await api<{ items: TransferRequest[] }>(`/api/movements/transfer-requests?box=${box}`)).items,
    staleTime: STALE_MS,
    retry,
  });
}

export function useAcceptTransfer() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AcceptTransferBody }) =>
      api<TransferDecisionResponse>(`/api/movements/transfer-requests/${encodeURIComponent(id)}/accept`, { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useDeclineTransfer() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api<TransferDecisionResponse>(`/api/movements/transfer-requests/${encodeURIComponent(id)}/decline`, { method: 'POST', json: { note } }),
    onSuccess: refresh,
  });
}

// ---- Exits -------------------------------------------------------------------------------------

/** GET /api/movements/exits with the list's query (filters and page). */
export function useExits(query: URLSearchParams) {
  const qs = query.toString();
  return useQuery({
    queryKey: [...MOVEMENTS_KEY, 'exits', qs],
    queryFn: () => api<ListExitsResponse>(`/api/movements/exits?${qs}`),
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

export function useExitLearner() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: ExitBody) => api<ExitResponse>('/api/movements/exits', { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useReadmit() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReadmitBody }) => api<ExitResponse>(`/api/movements/exits/${encodeURIComponent(id)}/readmit`, { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}
