import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BellScheduleBody, FixedSlotBody, LessonOptionsBody, PrecheckResult, RoomBody, RuleBody, TimetableSetup, UnavailabilityBody } from '@shared/contracts/timetable-setup';
import type { fetImportResponse, ProblemSummary } from '@shared/contracts/timetable';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the timetable setup screens (issue 16 §1, §3; server/modules/timetable):
 *   GET  /api/timetables/setup                                  → TimetableSetup (everything the tabs show)
 *   PUT  /api/timetables/setup/bell-schedules                   { levelId|null, days, periods }
 *   POST /api/timetables/setup/fixed-slots; DELETE …/:id
 *   POST /api/timetables/setup/rooms; PUT/DELETE …/:id
 *   PUT  /api/timetables/setup/lessons/:assignmentId            { doubleLessons, roomType, roomId, combineKey }
 *   PUT  /api/timetables/setup/teachers/:teacherId/unavailability { slots, note }
 *   POST /api/timetables/setup/rules; PUT/DELETE …/:id
 *   POST /api/timetables/setup/check                            → PrecheckResult
 *   POST /api/timetables/import-fet (multipart `file`)          → FetImport
 *   GET  /api/timetables/problems                               → imported problems (normalised below)
 *   POST /api/timetables/generate { problemId, timeLimitSeconds } → { jobId }
 * Every write refreshes the setup (and problems after an import).
 */

export const SETUP_KEY = ['timetable', 'setup'] as const;
export const PROBLEMS_KEY = ['timetable', 'problems'] as const;

export type FetImport = z.infer<typeof fetImportResponse>;

/** One imported (or saved) timetable problem as the list shows it (contracts/timetable.ts). */
export type ProblemItem = ProblemSummary;

const retry = retryUnlessClientError();

export const useSetup = () => useQuery({ queryKey: SETUP_KEY, queryFn: () => api<TimetableSetup>('/api/timetables/setup'), staleTime: 15_000, retry });

/** GET /api/timetables/problems → { items: ProblemSummary[] }, newest first. */
export const useProblems = () =>
  useQuery({
    queryKey: PROBLEMS_KEY,
    queryFn: async () => (await api<{ items: ProblemSummary[] }>('/api/timetables/problems')).items,
    staleTime: 15_000,
    retry,
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>, extra?: readonly string[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: SETUP_KEY }), extra ? qc.invalidateQueries({ queryKey: extra }) : null]);
    },
  });
}

const base = '/api/timetables/setup';
export const useSaveBellSchedule = () => useWrite((body: BellScheduleBody) => api<unknown>(`${base}/bell-schedules`, { method: 'PUT', json: body }));
export const useAddFixedSlot = () => useWrite((body: FixedSlotBody) => api<unknown>(`${base}/fixed-slots`, { method: 'POST', json: body }));
export const useDeleteFixedSlot = () => useWrite((id: string) => api<void>(`${base}/fixed-slots/${id}`, { method: 'DELETE' }));
export const useSaveRoom = () => useWrite(({ id, body }: { id?: string; body: RoomBody }) => api<unknown>(id ? `${base}/rooms/${id}` : `${base}/rooms`, { method: id ? 'PUT' : 'POST', json: body }));
export const useDeleteRoom = () => useWrite((id: string) => api<void>(`${base}/rooms/${id}`, { method: 'DELETE' }));
export const useSaveLesson = () => useWrite(({ assignmentId, body }: { assignmentId: string; body: LessonOptionsBody }) => api<unknown>(`${base}/lessons/${assignmentId}`, { method: 'PUT', json: body }));
export const useSaveUnavailability = () =>
  useWrite(({ teacherId, body }: { teacherId: string; body: UnavailabilityBody }) => api<unknown>(`${base}/teachers/${teacherId}/unavailability`, { method: 'PUT', json: body }));
export const useSaveRule = () => useWrite(({ id, body }: { id?: string; body: RuleBody }) => api<unknown>(id ? `${base}/rules/${id}` : `${base}/rules`, { method: id ? 'PUT' : 'POST', json: body }));
export const useDeleteRule = () => useWrite((id: string) => api<void>(`${base}/rules/${id}`, { method: 'DELETE' }));
export const usePrecheck = () => useMutation({ mutationFn: () => api<PrecheckResult>(`${base}/check`, { method: 'POST', timeoutMs: 60_000 }) });

/** Multipart upload of a .fet file (field `file`); a big file may take a while to parse. */
export const useImportFet = () =>
  useWrite(
    (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<FetImport>('/api/timetables/import-fet', { method: 'POST', body: form, timeoutMs: 120_000 });
    },
    PROBLEMS_KEY,
  );

/**
 * Starts a generation from a problem; the Generate tab follows the job. The `timetable:job` window event
 * (detail `{ jobId }`) tells that tab which job to show.
 */
export const useGenerateFromProblem = () =>
  useMutation({
    mutationFn: ({ problemId, timeLimitSeconds }: { problemId: string; timeLimitSeconds: number }) =>
      api<{ jobId: string }>('/api/timetables/generate', { method: 'POST', json: { problemId, timeLimitSeconds } }),
    onSuccess: ({ jobId }) => {
      window.dispatchEvent(new CustomEvent('timetable:job', { detail: { jobId } }));
    },
  });

export const exportFetHref = (problemId: string) => `/api/timetables/problems/${problemId}/export.fet`;
