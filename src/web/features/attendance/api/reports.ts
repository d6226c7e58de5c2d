import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AttendanceSettings,
  CalendarEventItem,
  CalendarResponse,
  StreamsResponse,
  SummaryResponse,
  TrendsResponse,
  createCalendarEventBody,
  updateAttendanceSettingsBody,
} from '@shared/contracts/attendance';
import type { ClassItem } from '@shared/contracts/classes';
import { api } from '@/lib/api';
import { useFileDownload } from '@/lib/download';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the principal's attendance screen (issue 13 §1, §4): the streams' registers of a day, term
 * summaries (JSON, PDF, Excel), weekly trends, the attendance settings and the school calendar. Every
 * key starts with ATTENDANCE_KEY, so saving a register, the settings or a calendar day refreshes every
 * attendance figure on screen. `schoolId` is the school platform staff picked in the header (null for
 * school roles, whose school comes from the session).
 */
export const ATTENDANCE_KEY = ['attendance'] as const;

export type UpdateAttendanceSettings = z.input<typeof updateAttendanceSettingsBody>;
export type CreateCalendarDay = z.input<typeof createCalendarEventBody>;
export type SummaryFormat = 'pdf' | 'xlsx';

/** No retries for answers that will not change (bad input, no access, not found). */
const retry = retryUnless([400, 401, 403, 404, 409]);

/** `?a=1&b=2` of the non-empty values (empty string when none). */
export function qs(params: Record<string, string | null | undefined>): string {
  const p = Object.entries(params).filter(([, v]) => v);
  return p.length ? `?${p.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}` : '';
}

function useAttendanceQuery<T>(key: unknown[], path: string | null, opts: { keepPrevious?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: [...ATTENDANCE_KEY, ...key],
    queryFn: () => api<T>(path!),
    enabled: !!path,
    staleTime: opts.staleTime ?? 15_000,
    retry,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
}

/** A write that refreshes every attendance query when it succeeds. */
function useAttendanceMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ATTENDANCE_KEY });
    },
  });
}

/** Refreshes every attendance figure (after a register is saved in the sheet). */
export function useRefreshAttendance() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ATTENDANCE_KEY });
}

/**
 * GET /api/attendance/streams?date= → every stream with that day's register state and counts; without
 * `date` the server picks the latest school day up to today (returned as `date`). A day that is not a
 * school day answers 200 with `notSchoolDay` set to why.
 */
export const useAttendanceStreams = (date: string | null, schoolId: string | null, enabled = true) =>
  useAttendanceQuery<StreamsResponse>(['streams', schoolId, date], enabled ? `/api/attendance/streams${qs({ date, schoolId })}` : null, { keepPrevious: true });

/** Filters of GET /api/attendance/summary. */
export interface SummaryParams {
  termId: string | null;
  classId?: string | null;
  levelId?: string | null;
  belowThreshold?: boolean;
}

const summaryParams = (p: SummaryParams, schoolId: string | null, format?: string) =>
  qs({ termId: p.termId, classId: p.classId, levelId: p.levelId, belowThreshold: p.belowThreshold ? 'true' : null, format, schoolId });

/**
 * GET /api/attendance/summary?termId=&classId=|levelId=&belowThreshold= → a row per learner (days open,
 * present, absent, late, excused, rate %), the streams' summaries and the totals. `belowThreshold`
 * keeps the learners under the school's chronic-absence threshold (the chronic absentees).
 */
export const useAttendanceSummary = (params: SummaryParams, schoolId: string | null) =>
  useAttendanceQuery<SummaryResponse>(['summary', schoolId, params], params.termId ? `/api/attendance/summary${summaryParams(params, schoolId)}` : null, { keepPrevious: true });

/** The summary as a file: GET /api/attendance/summary?…&format=pdf|xlsx. */
export const summaryFileUrl = (params: SummaryParams, schoolId: string | null, format: SummaryFormat) => `/api/attendance/summary${summaryParams(params, schoolId, format)}`;

/**
 * Summary downloads (PDF or Excel) with a busy state per format, through the report cards' shared
 * downloadFile (session cookie, the server's file name); a failure shows a toast with the server's reason.
 */
export function useSummaryDownload(failedTitle: string) {
  const { start, isBusy } = useFileDownload(failedTitle);
  return {
    start: (params: SummaryParams, schoolId: string | null, format: SummaryFormat, fallbackName: string) => start(format, summaryFileUrl(params, schoolId, format), fallbackName),
    isBusy: (format: SummaryFormat) => isBusy(format),
  };
}

/** GET /api/attendance/trends?termId=&groupBy=stream|level → the term's weeks and each group's weekly rate (%). */
export const useAttendanceTrends = (termId: string | null, groupBy: 'stream' | 'level', schoolId: string | null) =>
  useAttendanceQuery<TrendsResponse>(['trends', schoolId, termId, groupBy], termId ? `/api/attendance/trends${qs({ termId, groupBy, schoolId })}` : null, { keepPrevious: true });

/** GET /api/attendance/settings → the school's settings (defaults until the principal saves). */
export const useAttendanceSettings = (schoolId: string | null) =>
  useAttendanceQuery<AttendanceSettings>(['settings', schoolId], `/api/attendance/settings${qs({ schoolId })}`, { staleTime: 60_000 });

/** PUT /api/attendance/settings (principal) with the changed fields → the saved settings; 400 with field errors. */
export const useSaveAttendanceSettings = () =>
  useAttendanceMutation((body: UpdateAttendanceSettings) => api<AttendanceSettings>('/api/attendance/settings', { method: 'PUT', json: body }));

/**
 * GET /api/attendance/calendar?from=&to= → the school's terms, its own closed/open days, Kenya's public
 * holidays and every day that is not a school day with why, for the range (YYYY-MM-DD).
 */
export const useAttendanceCalendar = (range: { from: string; to: string }, schoolId: string | null, enabled = true) =>
  useAttendanceQuery<CalendarResponse>(['calendar', schoolId, range.from, range.to], enabled ? `/api/attendance/calendar${qs({ from: range.from, to: range.to, schoolId })}` : null, {
    staleTime: 60_000,
  });

/** POST /api/attendance/calendar (principal) { startsOn, endsOn, name, kind } → 201 the day; 400 with field errors. */
export const useAddCalendarDay = () => useAttendanceMutation((body: CreateCalendarDay) => api<CalendarEventItem>('/api/attendance/calendar', { method: 'POST', json: body }));

/** DELETE /api/attendance/calendar/:id (principal) → 204; 404 when it is already gone. */
export const useDeleteCalendarDay = () => useAttendanceMutation((id: string) => api<void>(`/api/attendance/calendar/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** GET /api/classes → the current year's streams with their level ids (the summaries' stream and level filter). */
export const useSchoolStreams = (schoolId: string | null, enabled = true) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'classes', schoolId],
    queryFn: () => api<ClassItem[]>(`/api/classes${qs({ schoolId })}`),
    enabled,
    staleTime: 5 * 60_000,
    retry,
  });
