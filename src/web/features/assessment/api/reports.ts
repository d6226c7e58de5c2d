import * as React from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from 'sonner';
import type { reportCommentsResponse, saveReportCommentsBody } from '@shared/contracts/assessment';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { messages } from '@shared/messages';
import { api, ApiError } from '@/lib/api';
import { ASSESSMENT_KEY, qs, retry, useAssessmentMutation, useAssessmentQuery, useExams } from './assessment';

/**
 * Calls of the report-card screens (issue 12 §5): the terms with released results, the comments of a
 * stream, saving them, one learner's card as a PDF, and a stream's or level's cards made in the
 * background (POST /api/report-cards/bulk → GET /api/tasks/:id until it succeeds → resultFileUrl).
 */

export type ReportCommentRow = z.infer<typeof reportCommentsResponse>['items'][number];
export type SaveReportCommentsInput = z.input<typeof saveReportCommentsBody>;

export const REPORT_CARDS_TASK = 'report-cards';

/** A term with released results, as the staff screens pick it, and the levels that sat its released series. */
export interface ReportTerm {
  termId: string;
  termName: string;
  academicYear: string;
  label: string;
  levelIds: string[];
}

/** GET /api/students/:id/report-card?termId= → the learner's term report card (PDF). */
export const reportCardUrl = (studentId: string, termId: string) => `/api/students/${encodeURIComponent(studentId)}/report-card${qs({ termId })}`;

/**
 * Terms with results for the staff screens, newest first, from GET /api/exams?status=released (the
 * parent's come with GET /api/grades/my-children as reportTerms).
 */
export function useReportTerms() {
  const exams = useExams({ status: 'released' });
  const terms = React.useMemo<ReportTerm[]>(() => {
    const byId = new Map<string, ReportTerm & { releasedAt: string }>();
    for (const e of exams.data?.items ?? []) {
      if (e.status !== 'released') continue;
      const t = byId.get(e.termId);
      if (t) {
        for (const id of e.levelIds) if (!t.levelIds.includes(id)) t.levelIds.push(id);
        if ((e.releasedAt ?? '') > t.releasedAt) t.releasedAt = e.releasedAt ?? '';
      } else {
        byId.set(e.termId, { termId: e.termId, termName: e.termName, academicYear: e.academicYear, label: `${e.termName} ${e.academicYear}`, levelIds: [...e.levelIds], releasedAt: e.releasedAt ?? '' });
      }
    }
    return [...byId.values()]
      .sort((a, b) => b.academicYear.localeCompare(a.academicYear) || b.termName.localeCompare(a.termName, undefined, { numeric: true }) || b.releasedAt.localeCompare(a.releasedAt))
      .map(({ releasedAt: _released, ...t }) => t);
  }, [exams.data]);
  return { terms, isPending: exams.isPending, error: exams.error, refetch: exams.refetch };
}

const commentsPath = (termId: string, classId: string) => `/api/report-cards/comments${qs({ termId, classId })}`;

/** GET /api/report-cards/comments?termId=&classId= → the stream's learners with mean, comments and a suggestion. */
export const useReportComments = (termId: string | null, classId: string | null) =>
  useAssessmentQuery<{ items: ReportCommentRow[] }>(['report-comments', termId, classId], termId && classId ? commentsPath(termId, classId) : null, { keepPrevious: true });

/** The comments of several streams at once (a whole level), in the order of `classIds`. */
export function useLevelReportComments(termId: string | null, classIds: string[]) {
  return useQueries({
    queries: classIds.map((classId) => ({
      queryKey: [...ASSESSMENT_KEY, 'report-comments', termId, classId],
      queryFn: () => api<{ items: ReportCommentRow[] }>(commentsPath(termId!, classId)),
      enabled: !!termId,
      staleTime: 15_000,
      retry,
    })),
  });
}

/** PUT /api/report-cards/comments { termId, comments } → { saved }. */
export const useSaveReportComments = () =>
  useAssessmentMutation((body: SaveReportCommentsInput) => api<{ saved: number }>('/api/report-cards/comments', { method: 'PUT', json: body }));

/** POST /api/report-cards/bulk { termId, classId | levelId } → 202 { taskId, total }. */
export function useStartBulkReportCards() {
  return useMutation({
    mutationFn: (body: { termId: string; classId?: string; levelId?: string }) => api<{ taskId: string; total: number }>('/api/report-cards/bulk', { method: 'POST', json: body }),
  });
}

/** GET /api/tasks/:id, polled every 700 ms while the task is queued or running. */
export function useReportCardsTask(taskId: string | null) {
  return useQuery({
    queryKey: ['tasks', taskId],
    queryFn: () => api<Task>(`/api/tasks/${encodeURIComponent(taskId!)}`),
    enabled: !!taskId,
    retry,
    refetchInterval: (q) => (!q.state.data || isTaskRunning(q.state.data) ? 700 : false),
    refetchIntervalInBackground: true,
    staleTime: (q) => (q.state.data && !isTaskRunning(q.state.data) ? Infinity : 0),
  });
}

/** GET /api/tasks?kind=report-cards&limit=5: the caller's recent bulk runs (one still going after a reload is picked up). */
export function useRecentReportCardTasks() {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['tasks', 'list', REPORT_CARDS_TASK],
    queryFn: async () => {
      const { items } = await api<{ items: Task[] }>(`/api/tasks${qs({ kind: REPORT_CARDS_TASK, limit: '5' })}`);
      for (const t of items) qc.setQueryData(['tasks', t.id], t);
      return items;
    },
    staleTime: 60_000,
    retry,
  });
}

/** The file name of a Content-Disposition header ("…pdf.pdf" from the server becomes "….pdf"). */
function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  const raw = star ? decodeURIComponent(star[1]!) : plain?.[1];
  return raw ? raw.replace(/(\.pdf)+$/i, '.pdf') : null;
}

/**
 * Fetches a file with the session cookie and saves it: GET, or POST with `json` as the body (a batch of
 * certificates); throws ApiError with the server's message (e.g. no released results).
 */
export async function downloadFile(url: string, fallbackName: string, json?: unknown): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: json === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: json === undefined ? undefined : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.friendly.network);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(res.status, body?.error?.code ?? `HTTP_${res.status}`, body?.error?.message ?? messages.api.serverError);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Report-card downloads with a busy state per file: `start(key, url, name)`; a failure (404 "This
 * learner has no released results for the term.", network) shows a toast with the server's reason.
 */
export function useFileDownload(failedTitle: string) {
  const [busy, setBusy] = React.useState<ReadonlySet<string>>(new Set());
  const start = React.useCallback(
    async (key: string, url: string, fallbackName: string) => {
      setBusy((s) => new Set(s).add(key));
      try {
        await downloadFile(url, fallbackName);
      } catch (err) {
        toast.error(failedTitle, { description: err instanceof Error ? err.message : undefined });
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }
    },
    [failedTitle],
  );
  return { start, isBusy: (key: string) => busy.has(key) };
}
