import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { ClassDetails, ListTeachersResponse, TeacherDetail } from '@shared/contracts/people';
import { isTaskRunning, type Task } from '@shared/contracts/tasks';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/** Root of the teachers and classes queries. */
export const PEOPLE_KEY = ['people'] as const;

const STALE_MS = 60_000;
const retry = retryUnless([400, 401, 403, 404]);

/** GET /api/teachers?… (`path` with filters, sort, page); the previous page stays while the next loads. */
export function useTeachers(path: string, enabled = true) {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'teachers', path],
    queryFn: () => api<ListTeachersResponse>(path),
    enabled,
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/teachers/:id (the detail sheet). */
export function useTeacher(id: string | null) {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'teacher', id],
    queryFn: () => api<TeacherDetail>(`/api/teachers/${id}`),
    enabled: !!id,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/classes (the current year's streams; `path` carries an admin's schoolId). */
export function useStreams(path: string, enabled = true) {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'classes', path],
    queryFn: () => api<ClassItem[]>(path),
    enabled,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/classes/:id/details (the stream sheet). */
export function useClassDetails(id: string | null) {
  return useQuery({
    queryKey: [...PEOPLE_KEY, 'class', id],
    queryFn: () => api<ClassDetails>(`/api/classes/${id}/details`),
    enabled: !!id,
    staleTime: STALE_MS,
    retry,
  });
}

/** POST /api/id-cards { classId } → { taskId, total }. */
export function useStartIdCards() {
  return useMutation({
    mutationFn: (classId: string) => api<{ taskId: string; total: number }>('/api/id-cards', { method: 'POST', json: { classId } }),
  });
}

/** GET /api/tasks/:id, polled every 700 ms while the task is queued or running. */
export function useTask(taskId: string | null) {
  return useQuery({
    queryKey: ['tasks', taskId],
    queryFn: () => api<Task>(`/api/tasks/${taskId}`),
    enabled: !!taskId,
    retry,
    refetchInterval: (q) => (isTaskRunning(q.state.data) || !q.state.data ? 700 : false),
    // A finished task never changes again.
    staleTime: (q) => (q.state.data && !isTaskRunning(q.state.data) ? Infinity : 0),
  });
}

/** Download URLs of a stream's class list. */
export const classListUrl = {
  pdf: (classId: string) => `/api/classes/${classId}/class-list.pdf`,
  sheet: (classId: string, format: 'csv' | 'xlsx') => `/api/classes/${classId}/class-list?format=${format}`,
};
