import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSchoolBody,
  Curriculum,
  ListSchoolsResponse,
  School,
  SchoolLeader,
  SchoolStatus,
  UpdateSchoolBody,
} from '@shared/contracts/schools';
import { SCHOOL_FETCH_TIMEOUT_MS } from '@shared/constants';
import { api, ApiError } from '@/lib/api';
import { SCHOOL_CONTEXT_KEY } from '@/lib/school-context';

/** Root of every Schools Management query key (invalidated after any change). */
export const SCHOOLS_KEY = ['schools-management'] as const;

/** Search, filters and page of the schools list (empty values mean "any"). */
export interface SchoolsParams {
  search: string;
  status: SchoolStatus | '';
  curriculum: Curriculum | '';
  page: number;
  pageSize: number;
}

export function schoolsPath(p: SchoolsParams): string {
  const qs = new URLSearchParams();
  if (p.search.trim()) qs.set('search', p.search.trim());
  if (p.status) qs.set('status', p.status);
  if (p.curriculum) qs.set('curriculum', p.curriculum);
  qs.set('page', String(p.page));
  qs.set('pageSize', String(p.pageSize));
  return `/api/schools?${qs.toString()}`;
}

const NO_RETRY_STATUSES = [400, 401, 403, 404];

function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && NO_RETRY_STATUSES.includes(error.status)) return false;
  return failureCount < 1;
}

/** GET /api/schools, one page; the previous page stays on screen while the next one loads. */
export function useSchools(params: SchoolsParams) {
  return useQuery({
    queryKey: [...SCHOOLS_KEY, 'list', params],
    queryFn: () => api<ListSchoolsResponse>(schoolsPath(params), { timeoutMs: SCHOOL_FETCH_TIMEOUT_MS }),
    retry: shouldRetry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/schools/:id/leaders: the owner and principal choices of a school (edit dialog). */
export function useSchoolLeaders(schoolId: string | null) {
  return useQuery({
    queryKey: [...SCHOOLS_KEY, 'leaders', schoolId],
    queryFn: async () => (await api<{ leaders: SchoolLeader[] }>(`/api/schools/${encodeURIComponent(schoolId!)}/leaders`)).leaders,
    enabled: !!schoolId,
    staleTime: 30_000,
    retry: shouldRetry,
  });
}

/** After a change: the management list and the header's school context both refresh. */
function useInvalidateSchools() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: SCHOOLS_KEY }), qc.invalidateQueries({ queryKey: SCHOOL_CONTEXT_KEY })]);
}

/** POST /api/schools → 201 {school}. */
export function useCreateSchool() {
  const invalidate = useInvalidateSchools();
  return useMutation({
    mutationFn: (body: CreateSchoolBody) => api<{ school: School }>('/api/schools', { method: 'POST', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** PATCH /api/schools/:id → {school}. */
export function useUpdateSchool() {
  const invalidate = useInvalidateSchools();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSchoolBody }) =>
      api<{ school: School }>(`/api/schools/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    onSuccess: () => void invalidate(),
  });
}

/** PATCH /api/schools/:id/status → {school, message}. Updates the row in place, then refreshes. */
export function useUpdateSchoolStatus() {
  const qc = useQueryClient();
  const invalidate = useInvalidateSchools();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SchoolStatus }) =>
      api<{ school: School; message: string }>(`/api/schools/${encodeURIComponent(id)}/status`, { method: 'PATCH', json: { status } }),
    onSuccess: ({ school }) => {
      qc.setQueriesData<ListSchoolsResponse>({ queryKey: [...SCHOOLS_KEY, 'list'] }, (old) =>
        old ? { ...old, schools: old.schools.map((s) => (s.id === school.id ? school : s)) } : old,
      );
      void invalidate();
    },
  });
}
