import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BroadcastBody,
  BroadcastRecipients,
  BroadcastResult,
  Contact,
  ConversationAttachment,
  ConversationDetail,
  ConversationMessage,
  ConversationReview,
  ConversationSummary,
  CreateConversationBody,
  MessagePage,
  MessageReport,
  OfficeHours,
  OfficeHoursBody,
  ReviewableConversation,
  UnreadCount,
} from '@shared/contracts/conversations';
import { CONVERSATIONS_PAGE_SIZE, IDEMPOTENCY_HEADER, MESSAGES_DEFAULT_LIMIT } from '@shared/contracts/conversations';
import type { AnnouncementUnreadCount } from '@shared/contracts/announcements';
import type { ClassItem } from '@shared/contracts/classes';
import type { TeacherListItem } from '@shared/contracts/people';
import type { ListSmsRepliesResponse, MarkSmsReplyReadResponse } from '@shared/contracts/sms';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useLiveEvent } from '@/lib/live-events';

/**
 * The messages screens' calls (issue 17 §2):
 *   GET  /api/conversations?q=&archived=&page=          → ConversationSummary[] (30 a page)
 *   GET  /api/conversations/contacts?q=                 → Contact[]
 *   POST /api/conversations                             → ConversationDetail
 *   GET  /api/conversations/:id, /:id/messages?before=  → ConversationDetail, MessagePage (oldest → newest)
 *   POST /api/conversations/:id/messages (Idempotency-Key), /:id/read, /:id/archive
 *   GET  /api/conversations/unread-count                → { unread, conversations }
 *   POST /api/conversations/broadcast, GET /api/conversations/broadcasts/:id/recipients, GET|PUT /api/conversations/office-hours
 *   POST /api/messages/:id/report, GET /api/conversations/reports, POST /api/conversations/reports/:id
 *   GET  /api/conversations/reviewable?q=&page=          → the principal's metadata-only finder
 *   GET  /api/conversations/:id/review?reason=          → the principal's audited review
 * Every query refreshes on the live event `messages.changed`.
 */
export const MESSAGES_KEY = ['conversations'] as const;
const listKey = (archived: boolean, q: string) => [...MESSAGES_KEY, 'list', { archived, q }] as const;
const threadKey = (id: string) => [...MESSAGES_KEY, 'thread', id] as const;
const detailKey = (id: string) => [...MESSAGES_KEY, 'detail', id] as const;
export const UNREAD_KEY = [...MESSAGES_KEY, 'unread-count'] as const;
export const ANNOUNCEMENTS_UNREAD_KEY = ['announcements', 'unread-count'] as const;

const retry = (count: number, err: Error) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/** Refetches every conversation query when the server says a conversation changed. */
export function useMessagesLive(onEvent?: (conversationId: string | null) => void) {
  const qc = useQueryClient();
  useLiveEvent('messages.changed', (data) => {
    // Contacts, streams and office hours do not change with a message: leave them cached.
    void qc.invalidateQueries({ queryKey: MESSAGES_KEY, predicate: (q) => !['contacts', 'streams', 'office-hours'].includes(String(q.queryKey[1])) });
    const id = data && typeof data === 'object' && 'conversationId' in data ? String((data as { conversationId: unknown }).conversationId) : null;
    onEvent?.(id);
  });
}

/** The conversation list (inbox or archived, searched), page by page. Polls every 60 s as a fallback. */
export function useConversations(archived: boolean, q: string) {
  return useInfiniteQuery({
    queryKey: listKey(archived, q),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const qs = new URLSearchParams({ page: String(pageParam) });
      if (archived) qs.set('archived', 'true');
      if (q) qs.set('q', q);
      return api<ConversationSummary[]>(`/api/conversations?${qs}`);
    },
    getNextPageParam: (last, pages) => (last.length >= CONVERSATIONS_PAGE_SIZE ? pages.length + 1 : undefined),
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry,
  });
}

/** One conversation's header data. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: () => api<ConversationDetail>(`/api/conversations/${id}`),
    enabled: !!id,
    staleTime: 15_000,
    retry,
  });
}

/** A conversation's messages: the newest page first, older pages on demand (`before` = oldest id). */
export function useThread(id: string | null) {
  return useInfiniteQuery({
    queryKey: threadKey(id ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const qs = new URLSearchParams({ limit: String(MESSAGES_DEFAULT_LIMIT) });
      if (pageParam) qs.set('before', pageParam);
      return api<MessagePage>(`/api/conversations/${id}/messages?${qs}`);
    },
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : undefined),
    enabled: !!id,
    staleTime: 10_000,
    refetchInterval: 60_000,
    retry,
  });
}

/** Puts a message the server confirmed into the cached thread (no duplicate when it is there already). */
export function useAddSentMessage() {
  const qc = useQueryClient();
  return (message: ConversationMessage) => {
    qc.setQueryData<{ pages: MessagePage[]; pageParams: unknown[] }>(threadKey(message.conversationId), (old) => {
      if (!old || old.pages.length === 0) return old;
      if (old.pages.some((p) => p.messages.some((x) => x.id === message.id))) return old;
      const [first, ...rest] = old.pages;
      return { ...old, pages: [{ ...first!, messages: [...first!.messages, message] }, ...rest] };
    });
  };
}

/** POST /api/conversations/:id/messages with the pending message's own Idempotency-Key. */
export function sendMessage(conversationId: string, key: string, body: string, attachmentIds: string[]) {
  return api<ConversationMessage>(`/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    json: { body, ...(attachmentIds.length ? { attachmentIds } : {}) },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

/** POST /api/attachments (multipart `file`) → the reference to attach by fileId. */
export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api<ConversationAttachment>('/api/attachments', { method: 'POST', body: form, timeoutMs: 120_000 });
}

/** Where an attachment of a message opens (inline for PDFs and images). */
export const attachmentUrl = (conversationId: string, messageId: string, fileId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/attachments/${fileId}`;

/** POST /:id/read; the list and the sidebar badge refresh. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/conversations/${id}/read`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'] });
      void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}

export function useArchive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => api<unknown>(`/api/conversations/${id}/archive`, { method: 'POST', json: { archived } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** Who the caller may start a conversation with (searched on the server). */
export function useContacts(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'contacts', q],
    queryFn: () => api<Contact[]>(`/api/conversations/contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    enabled,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
    retry,
  });
}

export function useCreateConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => api<ConversationDetail>('/api/conversations', { method: 'POST', json: body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

export function useBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastBody) => api<BroadcastResult>('/api/conversations/broadcast', { method: 'POST', json: body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/**
 * GET /api/conversations/broadcasts/:id/recipients?page=&pageSize=50: who a broadcast reached, by which
 * channel, and each delivery status (issue 36 §2; the sender and the principal). Polls every 10 s while
 * open, so SMS delivery reports show up.
 */
export function useBroadcastRecipients(id: string | null, page: number) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'broadcast-recipients', id, page],
    queryFn: () => api<BroadcastRecipients>(`/api/conversations/broadcasts/${id}/recipients?page=${page}&pageSize=50`),
    enabled: !!id,
    refetchInterval: 10_000,
    retry,
  });
}

/**
 * The streams the caller may broadcast to, as { id, name }: a teacher's own (class teacher of, or
 * teaching in, this year; from their row of GET /api/teachers, found by e-mail), the principal's every
 * stream (GET /api/classes).
 */
export function useBroadcastStreams(email: string, role: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'streams', email],
    enabled,
    staleTime: 5 * 60_000,
    retry,
    queryFn: async (): Promise<{ id: string; name: string }[]> => {
      if (role !== 'teacher') return (await api<ClassItem[]>('/api/classes')).map((c) => ({ id: c.id, name: c.name }));
      const list = await api<{ items: TeacherListItem[] }>(`/api/teachers?search=${encodeURIComponent(email)}`);
      const me = list.items.find((t) => t.email.toLowerCase() === email.toLowerCase());
      const byId = new Map([...(me?.classTeacherOf ?? []), ...(me?.streams ?? [])].map((s) => [s.id, s.name]));
      return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    },
  });
}

export function useOfficeHours(enabled: boolean) {
  return useQuery({ queryKey: [...MESSAGES_KEY, 'office-hours'], queryFn: () => api<OfficeHours>('/api/conversations/office-hours'), enabled, retry });
}

export function useSaveOfficeHours() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeHoursBody) => api<OfficeHours>('/api/conversations/office-hours', { method: 'PUT', json: body }),
    onSuccess: (data) => qc.setQueryData([...MESSAGES_KEY, 'office-hours'], data),
  });
}

export function useReportMessage() {
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) => api<unknown>(`/api/messages/${messageId}/report`, { method: 'POST', json: { reason } }),
  });
}

export function useReports(status: string, enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'reports', status],
    queryFn: () => api<MessageReport[]>(`/api/conversations/reports?status=${status}`),
    enabled,
    staleTime: 15_000,
    retry,
  });
}

export function useUpdateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'reviewed' | 'dismissed' }) => api<unknown>(`/api/conversations/reports/${id}`, { method: 'POST', json: { status } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'reports'] }),
  });
}

/** The principal's "Find a conversation": the school's conversations involving a parent (metadata only), page by page. */
export function useReviewable(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...MESSAGES_KEY, 'reviewable', q],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const qs = new URLSearchParams({ page: String(pageParam) });
      if (q) qs.set('q', q);
      return api<ReviewableConversation[]>(`/api/conversations/reviewable?${qs}`);
    },
    getNextPageParam: (last, pages) => (last.length >= CONVERSATIONS_PAGE_SIZE ? pages.length + 1 : undefined),
    enabled,
    staleTime: 15_000,
    placeholderData: (prev) => prev,
    retry,
  });
}

/** GET /:id/review?reason= (audited on the server): called only after the principal gave a reason. */
export function reviewConversation(id: string, reason: string) {
  return api<ConversationReview>(`/api/conversations/${id}/review?reason=${encodeURIComponent(reason)}`);
}

/** The sidebar's unread-messages count; polls every 60 s and follows `messages.changed`. */
export function useUnreadMessages(enabled: boolean) {
  const qc = useQueryClient();
  const { state } = useAuth();
  // Issue 36 §2: staff also count their unread SMS replies (a parent has no SMS inbox).
  const staff = !!state.user && state.user.role !== 'parent';
  useLiveEvent('messages.changed', () => void qc.invalidateQueries({ queryKey: UNREAD_KEY }));
  return useQuery({
    queryKey: [...UNREAD_KEY, { staff }],
    queryFn: async () => {
      const counts = await api<UnreadCount>('/api/conversations/unread-count');
      if (!staff) return counts;
      const sms = await api<ListSmsRepliesResponse>('/api/sms/replies?pageSize=1').catch(() => null);
      return { ...counts, unread: counts.unread + (sms?.unread ?? 0) };
    },
    enabled,
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: false,
  });
}

/**
 * The sidebar's unread-announcements count (GET /api/announcements/unread-count); 0 while that
 * endpoint does not exist yet (404). Follows `announcements.changed`.
 */
export function useUnreadAnnouncements(enabled: boolean) {
  const qc = useQueryClient();
  useLiveEvent('announcements.changed', () => void qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_UNREAD_KEY }));
  return useQuery({
    queryKey: ANNOUNCEMENTS_UNREAD_KEY,
    queryFn: async () => {
      try {
        return await api<AnnouncementUnreadCount>('/api/announcements/unread-count');
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return { unread: 0 };
        throw err;
      }
    },
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** Query key of the SMS replies list (issue 36 §2). */
export const SMS_REPLIES_KEY = ['sms-replies'] as const;
const SMS_REPLIES_PAGE = 25;

/**
 * The SMS replies the signed-in staff member reads (GET /api/sms/replies: the principal and director
 * the whole school's, other staff replies to what they sent), page by page, newest first. Polls every
 * 60 s (no live event for replies).
 */
export function useSmsReplies(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: SMS_REPLIES_KEY,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api<ListSmsRepliesResponse>(`/api/sms/replies?page=${pageParam}&pageSize=${SMS_REPLIES_PAGE}`),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry,
  });
}

/** POST /api/sms/replies/:id/read; refreshes the list and the unread badge. */
export function useMarkSmsReplyRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MarkSmsReplyReadResponse>(`/api/sms/replies/${id}/read`, { method: 'POST' }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: SMS_REPLIES_KEY });
      void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}
