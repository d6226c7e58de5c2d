import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendanceSettings, CalendarResponse, PutRegisterBody, PutRegisterResponse, Register, StreamsResponse } from '@shared/contracts/attendance';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the register screens (issue 13 §1) and of the principal's pages that reuse them:
 *   GET /api/attendance/streams?date=            → StreamsResponse (the caller's streams and that day's state;
 *                                                   `date` defaults server-side to the latest school day up to today)
 *   GET /api/attendance/registers?classId=&date=&session=&subjectId= → Register (every learner, status null when unmarked)
 *   PUT /api/attendance/registers (Idempotency-Key) → PutRegisterResponse (sent only through the outbox: ../register/outbox.ts)
 *   GET /api/attendance/calendar?from=&to=        → CalendarResponse (terms, the school's own days, closed days with why)
 *   GET /api/attendance/settings                  → AttendanceSettings
 * Every query key starts with ATTENDANCE_KEY so one invalidation refreshes every attendance screen.
 */
export const ATTENDANCE_KEY = ['attendance'] as const;

/** 400/401/403/404/409 are answers, not hiccups: no automatic retry. */
export const retry = retryUnless([400, 401, 403, 404, 409]);

/** `?a=1&b=2` of the parameters that have a value ('' when none). */
export const qs = (params: Record<string, string | null | undefined>) => {
  const p = Object.entries(params).filter(([, v]) => v);
  return p.length ? `?${p.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}` : '';
};

/** What identifies one register: a stream's session on a school day (and the lesson's learning area). */
export interface RegisterRef {
  classId: string;
  date: string;
  session: string;
  subjectId?: string | null;
}

/** The query key of a register (the editor writes the PUT's answer under it). */
export const registerKey = (r: RegisterRef) => [...ATTENDANCE_KEY, 'register', r.classId, r.date, r.session, r.subjectId ?? null];

/** GET /api/attendance/streams?date= — omit `date` for the server's default day (its `date` answer). */
export const useAttendanceStreams = (date?: string | null, opts: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'streams', date ?? null],
    queryFn: () => api<StreamsResponse>(`/api/attendance/streams${qs({ date })}`),
    enabled: opts.enabled ?? true,
    staleTime: 15_000,
    retry,
    placeholderData: keepPreviousData,
  });

/** GET /api/attendance/registers — null `ref` (nothing chosen yet) fetches nothing. */
export const useRegister = (ref: RegisterRef | null) =>
  useQuery({
    queryKey: ref ? registerKey(ref) : [...ATTENDANCE_KEY, 'register', null],
    queryFn: () => api<Register>(`/api/attendance/registers${qs({ classId: ref!.classId, date: ref!.date, session: ref!.session, subjectId: ref!.subjectId })}`),
    enabled: !!ref,
    staleTime: 0,
    retry,
  });

/** GET /api/attendance/calendar?from=&to= (YYYY-MM-DD, inclusive). */
export const useAttendanceCalendar = (from: string | null, to: string | null) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'calendar', from, to],
    queryFn: () => api<CalendarResponse>(`/api/attendance/calendar${qs({ from, to })}`),
    enabled: !!from && !!to,
    staleTime: 5 * 60_000,
    retry,
    placeholderData: keepPreviousData,
  });

/** GET /api/attendance/settings (the defaults until the principal saves). */
export const useAttendanceSettings = () =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'settings'],
    queryFn: () => api<AttendanceSettings>('/api/attendance/settings'),
    staleTime: 5 * 60_000,
    retry,
  });

/**
 * PUT /api/attendance/registers with the outbox item's id as Idempotency-Key: a retry with the same key
 * is applied once (the server answers the first result again). Throws ApiError (status 0 on no network).
 */
export const putRegister = (body: PutRegisterBody, idempotencyKey: string) =>
  api<PutRegisterResponse>('/api/attendance/registers', { method: 'PUT', json: body, headers: { 'Idempotency-Key': idempotencyKey } });
