import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { ListStudentsResponse } from '@shared/contracts/learners';
import { api } from '@/lib/api';
import { CERTIFICATES_KEY, retry } from './certificates';

/**
 * What the certificate screens pick from: the school's streams this year (GET /api/classes), a
 * stream's active learners and a search across the school (GET /api/students, as the learner register
 * asks it), and, for platform staff, the schools (GET /api/schools) to filter by.
 */

const SETUP_STALE = 5 * 60_000;

/** GET /api/classes: the current year's streams with their learner counts. */
export const useStreams = (enabled = true) =>
  useQuery({
    queryKey: [...CERTIFICATES_KEY, 'streams'],
    queryFn: () => api<ClassItem[]>('/api/classes'),
    enabled,
    staleTime: SETUP_STALE,
    retry,
  });

/** GET /api/students?classId=&status=active&sort=name&pageSize=200: a stream's learners, by name. */
export const useStreamLearners = (classId: string | null) =>
  useQuery({
    queryKey: [...CERTIFICATES_KEY, 'stream-learners', classId],
    queryFn: () => api<ListStudentsResponse>(`/api/students?${new URLSearchParams({ classId: classId!, status: 'active', sort: 'name', pageSize: '200' })}`),
    enabled: !!classId,
    staleTime: 30_000,
    retry,
  });

/** GET /api/students?search=&status=active&pageSize=8: learners matching a name or admission number. */
export const useLearnerSearch = (search: string) =>
  useQuery({
    queryKey: [...CERTIFICATES_KEY, 'learner-search', search],
    queryFn: () => api<ListStudentsResponse>(`/api/students?${new URLSearchParams({ search, status: 'active', sort: 'name', pageSize: '8' })}`),
    enabled: search.length >= 2,
    staleTime: 30_000,
    retry,
    placeholderData: keepPreviousData,
  });

export interface SchoolOption {
  id: string;
  name: string;
}

/** GET /api/schools: every school, by name (the platform's school filter). */
export const useSchoolOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...CERTIFICATES_KEY, 'schools'],
    queryFn: async () => (await api<{ schools: SchoolOption[] }>('/api/schools')).schools,
    enabled,
    staleTime: SETUP_STALE,
    retry,
  });
