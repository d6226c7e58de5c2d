import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MyStaffDay, putStaffDayBody, StaffDayResponse, StaffReportResponse } from '@shared/contracts/attendance';
import { api } from '@/lib/api';
import { ATTENDANCE_KEY, qs, retry } from '../api/registers';
import { useFileDownload } from '@/lib/download';

/**
 * Calls of staff attendance (issue 13 §3):
 *   GET /api/staff-attendance?date=                      → StaffDayResponse (default: the latest school day)
 *   PUT /api/staff-attendance { date, entries }           → StaffDayResponse (HR)
 *   GET /api/staff-attendance/report?month=&departmentId= → StaffReportResponse; &format=pdf|xlsx downloads
 *   GET /api/staff-attendance/me, POST …/check-in, …/check-out → MyStaffDay (self check-in card)
 *   GET /api/school-setup/departments                     → the department filter's choices
 * Keys live under ATTENDANCE_KEY so a save refreshes every attendance screen.
 */

export type PutStaffDayInput = z.input<typeof putStaffDayBody>;
const STAFF_KEY = [...ATTENDANCE_KEY, 'staff'] as const;

/** The day's staff register; `date` null asks for the server's default day (its `date` answer). */
export const useStaffDay = (date: string | null) =>
  useQuery({
    queryKey: [...STAFF_KEY, 'day', date],
    queryFn: () => api<StaffDayResponse>(`/api/staff-attendance${qs({ date })}`),
    staleTime: 15_000,
    retry,
    placeholderData: keepPreviousData,
  });

/** Saves a day; the answer replaces the cached day (under its date and, when it was the default, under null too). */
export function useSaveStaffDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutStaffDayInput) => api<StaffDayResponse>('/api/staff-attendance', { method: 'PUT', json: body }),
    onSuccess: async (day) => {
      qc.setQueryData([...STAFF_KEY, 'day', day.date], day);
      await qc.invalidateQueries({ queryKey: STAFF_KEY, predicate: (q) => !(q.queryKey[2] === 'day' && q.queryKey[3] === day.date) });
    },
  });
}

export const staffReportPath = (month: string, departmentId: string | null, format?: 'pdf' | 'xlsx') => `/api/staff-attendance/report${qs({ month, departmentId, format })}`;

/** The monthly report of `month` (YYYY-MM), optionally one department's. */
export const useStaffReport = (month: string | null, departmentId: string | null) =>
  useQuery({
    queryKey: [...STAFF_KEY, 'report', month, departmentId],
    queryFn: () => api<StaffReportResponse>(staffReportPath(month!, departmentId)),
    enabled: !!month,
    staleTime: 15_000,
    retry,
    placeholderData: keepPreviousData,
  });

/** The school's departments (id and name) for the report's filter. */
export const useDepartments = () =>
  useQuery({
    queryKey: ['school-setup', 'departments', 'names'],
    queryFn: async () => (await api<{ items: { id: string; name: string }[] }>('/api/school-setup/departments')).items.map((d) => ({ id: d.id, name: d.name })),
    staleTime: 5 * 60_000,
    retry,
  });

/** Downloads of the report (PDF or Excel) with a busy state per format; failures show a toast with the server's reason. */
export function useReportDownload(failedTitle: string) {
  const { start, isBusy } = useFileDownload(failedTitle);
  return {
    start: (month: string, departmentId: string | null, format: 'pdf' | 'xlsx') => start(format, staffReportPath(month, departmentId, format), `staff-attendance-${month}.${format}`),
    isBusy,
  };
}

const MY_KEY = [...STAFF_KEY, 'me'] as const;

/** The caller's own day (self check-in card). */
export const useMyStaffDay = (enabled: boolean) =>
  useQuery({
    queryKey: MY_KEY,
    queryFn: () => api<MyStaffDay>('/api/staff-attendance/me'),
    enabled,
    staleTime: 60_000,
    retry,
  });

/** POST /api/staff-attendance/check-in | check-out; the answer is the card's new state. */
export function useSelfCheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'in' | 'out') => api<MyStaffDay>(`/api/staff-attendance/check-${kind}`, { method: 'POST' }),
    onSuccess: async (me) => {
      qc.setQueryData(MY_KEY, me);
      await qc.invalidateQueries({ queryKey: STAFF_KEY, predicate: (q) => q.queryKey[2] !== 'me' });
    },
  });
}
