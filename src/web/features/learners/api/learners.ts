import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { LearnerFigures } from '@shared/contracts/learner-figures';
import type {
  ClassHistoryEntry,
  CreateStudentBody,
  GuardianInput,
  GuardianLookup,
  ListStudentsResponse,
  StudentDetail,
  UpdateGuardianBody,
  UpdateStudentBody,
} from '@shared/contracts/learners';
import { normaliseKenyanPhone } from '@shared/phone';
import { api } from '@/lib/api';
import { retryUnless } from '@/lib/query-retry';

/**
 * Calls of the learner register (issue 10 §2, §4): one hook per call. Every key starts with
 * LEARNERS_KEY, so a write refreshes the register, profiles, figures and class counts at once.
 */
export const LEARNERS_KEY = ['learners'] as const;
const CLASSES_KEY = ['learners', 'classes'] as const;

const STALE_MS = 30_000;

/** No retries for answers that will not change (bad input, no access, not found). */
const retry = retryUnless([400, 401, 403, 404]);

/** `path` with ?schoolId= for platform staff (school roles never send one). */
function withSchool(path: string, schoolId: string | null | undefined): string {
  if (!schoolId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}schoolId=${encodeURIComponent(schoolId)}`;
}

/** GET /api/students with the register's query (filters, sort, page, pageSize, schoolId). */
export function useStudents(query: URLSearchParams, enabled = true) {
  const qs = query.toString();
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'list', qs],
    queryFn: () => api<ListStudentsResponse>(`/api/students?${qs}`),
    enabled,
    staleTime: STALE_MS,
    retry,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/students/:id (null id: nothing to load). */
export function useStudent(id: string | null) {
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'detail', id],
    queryFn: () => api<StudentDetail>(`/api/students/${encodeURIComponent(id!)}`),
    enabled: !!id,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/students/:id/history: class history, newest year first. */
export function useClassHistory(id: string | null, enabled = true) {
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'history', id],
    queryFn: async () => (await api<{ items: ClassHistoryEntry[] }>(`/api/students/${encodeURIComponent(id!)}/history`)).items,
    enabled: !!id && enabled,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/classes: the current year's streams with learner counts and capacity. */
export function useClasses(schoolId?: string | null, enabled = true) {
  return useQuery({
    queryKey: [...CLASSES_KEY, schoolId ?? null],
    queryFn: () => api<ClassItem[]>(withSchool('/api/classes', schoolId)),
    enabled,
    staleTime: STALE_MS,
    retry,
  });
}

/** GET /api/students/figures: active learners by level, gender and boarding; admissions this term. */
export function useLearnerFigures(schoolId?: string | null, enabled = true) {
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'figures', schoolId ?? null],
    queryFn: () => api<LearnerFigures>(withSchool('/api/students/figures', schoolId)),
    enabled,
    staleTime: STALE_MS,
    retry,
  });
}

/**
 * GET /api/guardians/lookup?phone=: the school's guardian with this phone. Asks only once `phone` is a
 * valid Kenyan number (the caller debounces typing); the key is the normalised number, so "0720…" and
 * "+254 720…" share one answer.
 */
export function useGuardianLookup(phone: string) {
  const normalised = normaliseKenyanPhone(phone.trim());
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'guardian-lookup', normalised],
    queryFn: async () => (await api<{ guardian: GuardianLookup }>(`/api/guardians/lookup?phone=${encodeURIComponent(normalised!)}`)).guardian,
    enabled: !!normalised,
    staleTime: STALE_MS,
    retry: false,
  });
}

export type AdmissionResult = StudentDetail & { notices: string[] };

function useRegisterMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, onSaved?: (result: TResult, vars: TVars) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result, vars) => {
      onSaved?.(result, vars);
      void qc.invalidateQueries({ queryKey: LEARNERS_KEY });
    },
  });
}

/** POST /api/students (admission) → 201 the record and its notices. */
export function useAdmitStudent() {
  return useRegisterMutation((body: CreateStudentBody) => api<AdmissionResult>('/api/students', { method: 'POST', json: body }));
}

/** Puts a saved record straight into the profile's cache (no flash of the old values). */
function useSetDetail() {
  const qc = useQueryClient();
  return (detail: StudentDetail) => qc.setQueryData([...LEARNERS_KEY, 'detail', detail.id], detail);
}

/** PATCH /api/students/:id with only the changed fields. */
export function useUpdateStudent() {
  const setDetail = useSetDetail();
  return useRegisterMutation(
    ({ id, body }: { id: string; body: UpdateStudentBody }) => api<StudentDetail>(`/api/students/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    (detail) => setDetail(detail),
  );
}

/** POST /api/students/:id/guardians → 201 the record. */
export function useAddGuardian() {
  const setDetail = useSetDetail();
  return useRegisterMutation(
    ({ id, body }: { id: string; body: GuardianInput }) => api<StudentDetail>(`/api/students/${encodeURIComponent(id)}/guardians`, { method: 'POST', json: body }),
    (detail) => setDetail(detail),
  );
}

/** PATCH /api/students/:id/guardians/:guardianId → the record. */
export function useUpdateGuardian() {
  const setDetail = useSetDetail();
  return useRegisterMutation(
    ({ id, guardianId, body }: { id: string; guardianId: string; body: UpdateGuardianBody }) =>
      api<StudentDetail>(`/api/students/${encodeURIComponent(id)}/guardians/${encodeURIComponent(guardianId)}`, { method: 'PATCH', json: body }),
    (detail) => setDetail(detail),
  );
}

/** DELETE /api/students/:id/guardians/:guardianId → the record. */
export function useRemoveGuardian() {
  const setDetail = useSetDetail();
  return useRegisterMutation(
    ({ id, guardianId }: { id: string; guardianId: string }) =>
      api<StudentDetail>(`/api/students/${encodeURIComponent(id)}/guardians/${encodeURIComponent(guardianId)}`, { method: 'DELETE' }),
    (detail) => setDetail(detail),
  );
}

/**
 * The school's admission-number pattern and next number (GET /api/school-setup/profile), shown beside
 * "Generate from the school's pattern". Optional: the form works without it.
 */
export function useAdmissionPattern(enabled = true) {
  return useQuery({
    queryKey: [...LEARNERS_KEY, 'admission-pattern'],
    queryFn: async () => {
      const p = await api<{ admissionNumberPattern: string; nextAdmissionNumber: string | null }>('/api/school-setup/profile');
      return { pattern: p.admissionNumberPattern, next: p.nextAdmissionNumber };
    },
    enabled,
    staleTime: 0,
    retry: false,
  });
}
