import * as React from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reportCommentsResponse, saveReportCommentsBody } from '@shared/contracts/assessment';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';
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
