import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerateBody, Job, Lesson, TimetableSummary, TimetableView, TimetableViolation } from '@shared/contracts/timetable';
import { api, ApiError } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the timetable screens (issue 16; server/modules/timetable):
 *   GET  /api/timetables                   versions (principal, director)
 *   GET  /api/timetables/current           the published timetable narrowed to the caller, and who they are
 *   GET  /api/timetables/:id               one version (TimetableView)
 *   PUT  /api/timetables/:id/lessons       save an arrangement (409 TIMETABLE_CLASH)
 *   POST /api/timetables/:id/versions      save as a new version; POST …/publish; DELETE /:id
 *   POST /api/timetables/generate          start a generation → { jobId }; GET /api/jobs/:id; POST /api/jobs/:id/cancel
 *   GET  /api/timetables/:id/substitutes   free teachers for an absent teacher's lessons on a date
 *   POST /api/timetables/feed-token        a teacher's iCalendar feed address
 * Every write refreshes everything under TIMETABLE_KEY.
 */

export const TIMETABLE_KEY = ['timetable'] as const;

const retry = retryUnlessClientError();

export interface CurrentTimetable {
  timetable: TimetableView | null;
  me: { teacherId: string | null; children: { studentId: string; name: string; classId: string | null; className: string | null }[] };
}

export interface SubstituteLesson extends Partial<Lesson> {
  activityId: string;
  period: number;
  subjectId: string;
  subjectName?: string;
  className?: string;
  classNames?: string[];
  periodLabel?: string;
  start?: string | null;
  end?: string | null;
  candidates: { teacherId: string; name: string; teachesSubject: boolean; lessonsThatDay: number }[];
}

/** Every version, newest first (`{ items }`). */
export const useVersions = (enabled = true) =>
  useQuery({
    queryKey: [...TIMETABLE_KEY, 'versions'],
    queryFn: async () => {
      const body = await api<{ items: TimetableSummary[] }>('/api/timetables');
      return body.items;
    },
    retry,
    staleTime: 10_000,
    enabled,
  });

export const useTimetable = (id: string | null) =>
  useQuery({
    queryKey: [...TIMETABLE_KEY, 'view', id],
    queryFn: async () => unwrapView(await api<unknown>(`/api/timetables/${id}`))!,
    enabled: !!id,
    retry,
    staleTime: 30_000,
  });

export const useCurrentTimetable = () =>
  useQuery({ queryKey: [...TIMETABLE_KEY, 'current'], queryFn: () => api<CurrentTimetable>('/api/timetables/current'), retry, staleTime: 60_000 });

/** `TimetableView` or `{ timetable: TimetableView }` → the view (null when neither). */
export function unwrapView(body: unknown): TimetableView | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.lessons) && typeof b.id === 'string') return body as TimetableView;
  if (b.timetable && typeof b.timetable === 'object') return unwrapView(b.timetable);
  return null;
}

/** What a save answered: the updated view when sent, and the soft rules now broken. */
export function readSaveResponse(body: unknown): { view: TimetableView | null; soft: TimetableViolation[] | null; softScore: number | null } {
  const view = unwrapView(body);
  const b = (body ?? {}) as { soft?: TimetableViolation[]; violations?: TimetableViolation[]; softScore?: number; check?: { soft?: TimetableViolation[]; softScore?: number } };
  const soft = view?.violations ?? b.soft ?? b.check?.soft ?? b.violations ?? null;
  const softScore = view?.softScore ?? b.softScore ?? b.check?.softScore ?? null;
  return { view, soft: soft ? soft.filter((v) => !v.hard) : null, softScore };
}

export const toEditLessons = (lessons: Lesson[]) => lessons.map((l) => ({ activityId: l.activityId, day: l.day, period: l.period, roomId: l.roomId, locked: l.locked }));

/**
 * POST /api/timetables/:id/check: the server's verdict on a proposed arrangement (nothing saved) —
 * hard rules the client cannot see (teacher availability, room rules) and the soft rules it breaks.
 */
export const checkLessons = (id: string, lessons: Lesson[]) =>
  api<{ hard: TimetableViolation[]; soft: TimetableViolation[]; softScore: number }>(`/api/timetables/${id}/check`, { method: 'POST', json: { lessons: toEditLessons(lessons) } });
export const saveLessons = (id: string, lessons: Lesson[]) => api<unknown>(`/api/timetables/${id}/lessons`, { method: 'PUT', json: { lessons: toEditLessons(lessons) } });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: TIMETABLE_KEY }) });
}

export const useSaveVersion = () => useWrite(({ id, name }: { id: string; name: string }) => api<unknown>(`/api/timetables/${id}/versions`, { method: 'POST', json: { name } }));
export const usePublish = () => useWrite((id: string) => api<unknown>(`/api/timetables/${id}/publish`, { method: 'POST' }));
export const useDeleteVersion = () => useWrite((id: string) => api<void>(`/api/timetables/${id}`, { method: 'DELETE' }));
/** A refused generation: the server's message and, for TIMETABLE_IMPOSSIBLE, the issues found before the search. */
export class GenerateError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly issues: { message: string; code?: string }[],
  ) {
    super(status, code, message);
  }
}

/**
 * POST /api/timetables/generate → { jobId }. Raw fetch rather than api(): a 400 TIMETABLE_IMPOSSIBLE
 * carries `error.details` (the precheck's issues), which the screen lists.
 */
export async function startGeneration(body: GenerateBody): Promise<{ jobId: string }> {
  let res: Response;
  try {
    res = await fetch('/api/timetables/generate', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return api<{ jobId: string }>('/api/timetables/generate', { method: 'POST', json: body });
  }
  const json = (await res.json().catch(() => null)) as { jobId?: string; error?: { code?: string; message?: string; details?: unknown } } | null;
  if (res.ok && json?.jobId) return { jobId: json.jobId };
  const e = json?.error;
  const details = Array.isArray(e?.details) ? e.details : [];
  const issues = details.map((d: unknown) => (typeof d === 'string' ? { message: d } : (d as { message: string; code?: string })));
  throw new GenerateError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? res.statusText, issues);
}
export const useGenerate = () => useMutation({ mutationFn: startGeneration });
export const useCancelJob = () => useMutation({ mutationFn: (id: string) => api<unknown>(`/api/jobs/${id}/cancel`, { method: 'POST' }) });

const RUNNING = new Set(['queued', 'running']);
/** Polls a generation job every second until it stops. */
export const useJob = (id: string | null) =>
  useQuery({
    queryKey: [...TIMETABLE_KEY, 'job', id],
    queryFn: async () => {
      const body = await api<Job | { job: Job }>(`/api/jobs/${id}`);
      return 'job' in body ? body.job : body;
    },
    enabled: !!id,
    retry,
    refetchInterval: (q) => (q.state.data && !RUNNING.has(q.state.data.status) ? false : 1000),
  });

export const useSubstitutes = (id: string | null, teacherId: string, date: string) =>
  useQuery({
    queryKey: [...TIMETABLE_KEY, 'subs', id, teacherId, date],
    queryFn: () => api<{ lessons: SubstituteLesson[] }>(`/api/timetables/${id}/substitutes?teacherId=${encodeURIComponent(teacherId)}&date=${encodeURIComponent(date)}`),
    enabled: !!id && !!teacherId && !!date,
    retry,
  });

export const useFeedToken = () => useMutation({ mutationFn: () => api<{ url: string }>('/api/timetables/feed-token', { method: 'POST' }) });

/** The print-ready PDF of one stream, teacher or room (or the whole school when `kind` is 'school'). */
export const pdfHref = (id: string, kind: 'class' | 'teacher' | 'room' | 'school', entityId?: string) =>
  `/api/timetables/${id}/pdf?view=${kind}${entityId ? `&id=${encodeURIComponent(entityId)}` : ''}`;
