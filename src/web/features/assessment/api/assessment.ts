import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exam, ExamAnalytics, ExamResults, GradingScalesResponse, MarksGrid, MySheet, MyChildrenGrades, MarkSheet, AssessmentSettings } from '@shared/contracts/assessment';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the assessment screens (issue 12): exams, marks, approval, results, analytics, the parent's
 * grades. Every key starts with ASSESSMENT_KEY so a write refreshes every list at once. Screens add
 * their own hooks in files beside this one (one file per area) using `useAssessmentQuery` and
 * `useAssessmentMutation`.
 */
export const ASSESSMENT_KEY = ['assessment'] as const;

export const retry = retryUnless([400, 401, 403, 404, 409]);

export function useAssessmentQuery<T>(key: unknown[], path: string | null, opts: { keepPrevious?: boolean; staleTime?: number; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: [...ASSESSMENT_KEY, ...key],
    queryFn: () => api<T>(path!),
    enabled: !!path,
    staleTime: opts.staleTime ?? 15_000,
    retry,
    refetchInterval: opts.refetchInterval,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

/** A write that refreshes every assessment query (and the approvals card) when it succeeds. */
export function useAssessmentMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ASSESSMENT_KEY }), qc.invalidateQueries({ queryKey: ['fees', 'approvals'] })]);
    },
  });
}

export const qs = (params: Record<string, string | null | undefined>) => {
  const p = Object.entries(params).filter(([, v]) => v);
  return p.length ? `?${p.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}` : '';
};

export const useExams = (params: { termId?: string; status?: string } = {}) => useAssessmentQuery<{ items: Exam[] }>(['exams', params], `/api/exams${qs(params)}`);
export const useExam = (examId: string | null) => useAssessmentQuery<Exam>(['exam', examId], examId ? `/api/exams/${examId}` : null);
export const useScales = () => useAssessmentQuery<GradingScalesResponse>(['scales'], '/api/grading/scales', { staleTime: 60_000 });
export const useAssessmentSettings = () => useAssessmentQuery<AssessmentSettings>(['settings'], '/api/assessment/settings', { staleTime: 60_000 });
export const useSheets = (examId: string | null, status?: string) => useAssessmentQuery<{ items: MarkSheet[] }>(['sheets', examId, status], examId ? `/api/exams/${examId}/sheets${qs({ status })}` : null);
export const useMySheets = () => useAssessmentQuery<{ items: MySheet[] }>(['my-sheets'], '/api/grades/my-sheets');
export const useApprovalQueue = () => useAssessmentQuery<{ items: MySheet[] }>(['queue'], '/api/grades/queue');
export const useMarksGrid = (examId: string | null, classId: string | null, subjectId: string | null) =>
  useAssessmentQuery<MarksGrid>(['marks', examId, classId, subjectId], examId && classId && subjectId ? `/api/exams/${examId}/marks${qs({ classId, subjectId })}` : null, { staleTime: 0 });
export const useResults = (examId: string | null, scope: { classId?: string | null; levelId?: string | null }) =>
  useAssessmentQuery<ExamResults>(['results', examId, scope], examId && (scope.classId || scope.levelId) ? `/api/exams/${examId}/results${qs({ classId: scope.classId, levelId: scope.levelId })}` : null, { keepPrevious: true });
export const useAnalytics = (examId: string | null, scope: { classId?: string | null; levelId?: string | null }) =>
  useAssessmentQuery<ExamAnalytics>(['analytics', examId, scope], examId && (scope.classId || scope.levelId) ? `/api/exams/${examId}/analytics${qs({ classId: scope.classId, levelId: scope.levelId })}` : null, { keepPrevious: true });
export const useMyChildrenGrades = () => useAssessmentQuery<MyChildrenGrades>(['my-children'], '/api/grades/my-children');
