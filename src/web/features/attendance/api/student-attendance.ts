import { useQuery } from '@tanstack/react-query';
import type { CalendarResponse, StudentAttendance } from '@shared/contracts/attendance';
import type { ListStudentsResponse } from '@shared/contracts/learners';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the parent's "Child Attendance" screen (issue 13 §2): the parent's children, the school's
 * calendar (terms, half-terms, closed days) and one learner's attendance over a term. Keys start with
 * ['attendance'] so a register saved in the same tab refreshes them.
 */

export const ATTENDANCE_KEY = ['attendance'] as const;

const retry = retryUnless([400, 401, 403, 404]);

const qs = (params: Record<string, string | null | undefined>) => {
  const p = Object.entries(params).filter(([, v]) => v);
  return p.length ? `?${p.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join('&')}` : '';
};

/** A child as the switcher shows it. */
export interface ChildItem {
  studentId: string;
  name: string;
  className: string | null;
  admissionNumber: string;
}

/** GET of the parent's children (also the key of its offline copy, src/web/pwa/last-synced.tsx). */
export const MY_CHILDREN_PATH = '/api/students?pageSize=200';

/** GET of one learner's attendance over a term (also the key of its offline copy). */
export const studentAttendancePath = (studentId: string, termId: string | null) => `/api/students/${studentId}/attendance${qs({ termId })}`;

/**
 * GET /api/students?pageSize=200 as a parent → their own active children (the learners service narrows
 * the list to the caller's children), as { studentId, name, className, admissionNumber }, by name.
 */
export const useMyChildren = () =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'my-children'],
    queryFn: async (): Promise<ChildItem[]> => {
      const res = await api<ListStudentsResponse>(MY_CHILDREN_PATH);
      return res.items.map((s) => ({
        studentId: s.id,
        name: [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' '),
        className: s.className,
        admissionNumber: s.admissionNumber,
      }));
    },
    staleTime: 5 * 60_000,
    retry,
  });

/**
 * GET /api/attendance/calendar?from=&to= → the school's terms (with half-terms and which is current),
 * its own closed/open days, Kenya public holidays and every closed day with its reason in the range,
 * and today (Africa/Nairobi). Any school user, parents included.
 */
export const useAttendanceCalendar = (range: { from?: string; to?: string } = {}) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'calendar', range.from ?? null, range.to ?? null],
    queryFn: () => api<CalendarResponse>(`/api/attendance/calendar${qs(range)}`),
    staleTime: 5 * 60_000,
    retry,
  });

/**
 * GET /api/students/:id/attendance?termId= → the learner's counts over the term up to today (days
 * open, present, absent, late, excused, rate in % with one decimal or null), each marked day with its
 * status, note and arrival time, the school days not yet marked and the closed days with why. A parent
 * gets their own children only (others 404).
 */
export const useStudentAttendance = (studentId: string | null, termId: string | null) =>
  useQuery({
    queryKey: [...ATTENDANCE_KEY, 'student', studentId, termId],
    queryFn: () => api<StudentAttendance>(studentAttendancePath(studentId!, termId)),
    enabled: !!studentId && !!termId,
    staleTime: 30_000,
    retry,
  });
