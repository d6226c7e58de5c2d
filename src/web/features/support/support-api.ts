import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CannedReply,
  CannedReplyBody,
  CreateReplyBody,
  CreateTicketBody,
  ListTicketsResponse,
  RateTicketBody,
  SupportAttachment,
  SupportReply,
  SupportStaffResponse,
  SupportStats,
  SupportTicketDetail,
  UpdateTicketBody,
} from '@shared/contracts/support';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';
import { useLiveEvent } from '@/lib/live-events';

/**
 * Calls of the support screens (issue 17 §3; server/modules/support):
 *   GET/POST /api/support/tickets, GET/PATCH /api/support/tickets/:id,
 *   POST /api/support/tickets/:id/replies | /rating, GET …/attachments/:fileId (links),
 *   GET/POST/PUT/DELETE /api/support/canned-replies, GET /api/support/stats | /staff (EduFam staff),
 *   POST /api/attachments (uploads before sending).
 * Everything lives under SUPPORT_KEY: the live event `support.changed` and every write refresh it, and
 * the lists poll every 30 s as the fallback when the live stream is down.
 */
export const SUPPORT_KEY = ['support'] as const;

/** Fallback poll of lists and the open ticket when live events are missed. */
const POLL_MS = 30_000;

const retry = retryUnlessClientError();

/** Refetches every support query when any ticket changes (another user, another tab, EduFam staff). */
export function useSupportLiveRefresh() {
  const qc = useQueryClient();
  useLiveEvent('support.changed', () => {
    void qc.invalidateQueries({ queryKey: SUPPORT_KEY });
  });
}

/** One page of tickets (GET /api/support/tickets) for the given query string. */
export function useTickets(qs: URLSearchParams) {
  const path = `/api/support/tickets?${qs.toString()}`;
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'tickets', path],
    queryFn: () => api<ListTicketsResponse>(path),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    retry,
  });
}

/** The number of active tickets past a target (the "Breached SLA" card). */
export function useOverdueCount(enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'overdue-count'],
    queryFn: async () => (await api<ListTicketsResponse>('/api/support/tickets?overdue=true&pageSize=1')).total,
    refetchInterval: POLL_MS,
    enabled,
    retry,
  });
}

/** A ticket with its thread (GET /api/support/tickets/:id). */
export function useTicket(id: string | null) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'ticket', id],
    queryFn: () => api<SupportTicketDetail>(`/api/support/tickets/${id}`),
    enabled: !!id,
    refetchInterval: POLL_MS,
    retry,
  });
}

export function useSupportStats(enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'stats'],
    queryFn: () => api<SupportStats>('/api/support/stats'),
    refetchInterval: POLL_MS,
    enabled,
    retry,
  });
}

export function useSupportStaff(enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'staff'],
    queryFn: async () => (await api<SupportStaffResponse>('/api/support/staff')).staff,
    staleTime: 5 * 60_000,
    enabled,
    retry,
  });
}

export function useCannedReplies(enabled: boolean) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'canned'],
    queryFn: async () => (await api<{ cannedReplies: CannedReply[] }>('/api/support/canned-replies')).cannedReplies,
    staleTime: 60_000,
    enabled,
    retry,
  });
}

function useSupportMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: SUPPORT_KEY }),
  });
}

export const useCreateTicket = () =>
  useSupportMutation((body: CreateTicketBody) => api<SupportTicketDetail>('/api/support/tickets', { method: 'POST', json: body }));

export const useReply = () =>
  useSupportMutation((v: { id: string; body: CreateReplyBody }) => api<SupportReply>(`/api/support/tickets/${v.id}/replies`, { method: 'POST', json: v.body }));

export const useUpdateTicket = () =>
  useSupportMutation((v: { id: string; body: UpdateTicketBody }) => api<SupportTicketDetail>(`/api/support/tickets/${v.id}`, { method: 'PATCH', json: v.body }));

export const useRateTicket = () =>
  useSupportMutation((v: { id: string; body: RateTicketBody }) => api<SupportTicketDetail>(`/api/support/tickets/${v.id}/rating`, { method: 'POST', json: v.body }));

export const useSaveCannedReply = () =>
  useSupportMutation((v: { id: string | null; body: CannedReplyBody }) =>
    v.id
      ? api<CannedReply>(`/api/support/canned-replies/${v.id}`, { method: 'PUT', json: v.body })
      : api<CannedReply>('/api/support/canned-replies', { method: 'POST', json: v.body }),
  );

export const useDeleteCannedReply = () => useSupportMutation((id: string) => api<void>(`/api/support/canned-replies/${id}`, { method: 'DELETE' }));

/**
 * Uploads one file to POST /api/attachments. EduFam staff name the ticket's school (the multipart
 * field `schoolId` goes before the file, as the server reads fields in order).
 */
export function uploadAttachment(file: File, schoolId: string | null): Promise<SupportAttachment> {
  const form = new FormData();
  if (schoolId) form.append('schoolId', schoolId);
  form.append('file', file);
  return api<SupportAttachment>('/api/attachments', { method: 'POST', body: form, timeoutMs: 120_000 });
}

/** Where a ticket's attachment opens (inline for images and PDFs). */
export const attachmentHref = (ticketId: string, fileId: string) => `/api/support/tickets/${ticketId}/attachments/${fileId}`;
