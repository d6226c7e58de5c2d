import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Announcement,
  AnnouncementList,
  AnnouncementPreview,
  AnnouncementRecipients,
  AnnouncementStatus,
  AudienceOptions,
  CreateAnnouncementBody,
  PreviewAnnouncementBody,
} from '@shared/contracts/announcements';
import { api } from '@/lib/api';
import { useLiveEvent } from '@/lib/live-events';

/** Root of every school-announcement query; the live event and every write invalidate it. */
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

/** Fallback polling while the live stream is down (spec §9: 30 s). */
const REFETCH_MS = 30_000;

/** An uploaded attachment (POST /api/attachments). */
export interface UploadedAttachment {
  fileId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
}

/** Refetches the announcement queries on the SSE event `announcements.changed`. */
export function useAnnouncementsLiveRefresh(): void {
  const qc = useQueryClient();
  const onEvent = React.useCallback(() => void qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }), [qc]);
  useLiveEvent('announcements.changed', onEvent);
}

function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '' && v !== false) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** GET /api/announcements: what the caller may read (or, with mine, what they wrote), pinned first. */
export function useAnnouncements(params: { q?: string; mine?: boolean; unread?: boolean; status?: AnnouncementStatus | ''; pageSize?: number }, enabled = true) {
  const search = qs({ q: params.q?.trim(), mine: params.mine, unread: params.unread, status: params.status, pageSize: params.pageSize ?? 50 });
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'list', search],
    queryFn: () => api<AnnouncementList>(`/api/announcements${search}`),
    enabled,
    refetchInterval: REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** GET /api/announcements/:id */
export function useAnnouncement(id: string | null) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'one', id],
    queryFn: () => api<Announcement>(`/api/announcements/${id}`),
    enabled: !!id,
    retry: 1,
  });
}

/** GET /api/announcements/:id/recipients (author, principal, director). */
export function useRecipients(id: string | null, params: { q?: string; read?: 'read' | 'unread' | '' }) {
  const search = qs({ q: params.q?.trim(), read: params.read, pageSize: 500 });
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'recipients', id, search],
    queryFn: () => api<AnnouncementRecipients>(`/api/announcements/${id}/recipients${search}`),
    enabled: !!id,
    refetchInterval: REFETCH_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** GET /api/announcements/audience-options: what the caller may address (posting roles only). */
export function useAudienceOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'audience-options'],
    queryFn: () => api<AudienceOptions>('/api/announcements/audience-options'),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** POST /api/announcements/preview: how many people an audience reaches (nothing is written). */
export function usePreview(body: PreviewAnnouncementBody | null) {
  const key = body ? JSON.stringify(body) : null;
  return useQuery({
    queryKey: [...ANNOUNCEMENTS_KEY, 'preview', key],
    queryFn: () => api<AnnouncementPreview>('/api/announcements/preview', { method: 'POST', json: body }),
    enabled: !!body,
    retry: false,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

function useAnnouncementsMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}

/** POST /api/announcements */
export const useCreateAnnouncement = () => useAnnouncementsMutation((body: CreateAnnouncementBody) => api<Announcement>('/api/announcements', { method: 'POST', json: body }));

/** POST /api/announcements/:id/pin */
export const usePinAnnouncement = () =>
  useAnnouncementsMutation((v: { id: string; pinned: boolean }) => api<unknown>(`/api/announcements/${v.id}/pin`, { method: 'POST', json: { pinned: v.pinned } }));

/** POST /api/announcements/:id/cancel (scheduled ones only). */
export const useCancelAnnouncement = () => useAnnouncementsMutation((id: string) => api<unknown>(`/api/announcements/${id}/cancel`, { method: 'POST' }));

/**
 * POST /api/announcements/:id/read, marking it read in the cached lists at once (the unread dot goes
 * without waiting for the refetch).
 */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ readAt: string }>(`/api/announcements/${id}/read`, { method: 'POST' }),
    onMutate: (id) => {
      qc.setQueriesData<AnnouncementList>({ queryKey: [...ANNOUNCEMENTS_KEY, 'list'] }, (old) => {
        if (!old) return old;
        const hit = old.items.find((a) => a.id === id && !a.read);
        if (!hit) return old;
        return { ...old, unread: Math.max(0, old.unread - 1), items: old.items.map((a) => (a.id === id ? { ...a, read: true } : a)) };
      });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}

/** POST /api/attachments (multipart `file`): a PDF or image up to 10 MB; 413/415 come back as ApiError with the server's message. */
export function uploadAttachment(file: File): Promise<UploadedAttachment> {
  const form = new FormData();
  form.append('file', file);
  return api<UploadedAttachment>('/api/attachments', { method: 'POST', body: form, timeoutMs: 120_000 });
}

/** The address that serves one attachment of an announcement (inline for PDFs and images). */
export const attachmentHref = (announcementId: string, fileId: string) => `/api/announcements/${announcementId}/attachments/${fileId}`;
