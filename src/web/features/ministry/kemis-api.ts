import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassItem } from '@shared/contracts/classes';
import type { KemisLearnersResponse, KemisUpiImportResult } from '@shared/contracts/kemis';
import { api } from '@/lib/api';

/** Calls of the KEMIS card (issue 35 §1): the streams to pick, the missing-fields report, the UPI import. */

const KEY = ['ministry', 'kemis'] as const;

/** The export's query string for a stream, a level or the whole school. */
export function kemisQuery(scope: { classId?: string; levelId?: string }, format: 'xlsx' | 'csv' | 'json'): string {
  const q = new URLSearchParams();
  if (scope.classId) q.set('classId', scope.classId);
  else if (scope.levelId) q.set('levelId', scope.levelId);
  q.set('format', format);
  return `/api/ministry/kemis/learners?${q}`;
}

/** GET: a sample UPI file of this school's learners awaiting a UPI (demo and test schools only). */
export const KEMIS_UPI_SAMPLE = '/api/ministry/kemis/upis/sample';

/** GET /api/classes: this year's streams (levels come from them). */
export function useKemisClasses() {
  return useQuery({ queryKey: [...KEY, 'classes'], queryFn: () => api<ClassItem[]>('/api/classes'), staleTime: 60_000 });
}

/** GET /api/ministry/kemis/learners?format=json: rows, missing fields, awaiting UPI. */
export function useKemisReport(scope: { classId?: string; levelId?: string }) {
  return useQuery({ queryKey: [...KEY, 'report', scope.classId ?? null, scope.levelId ?? null], queryFn: () => api<KemisLearnersResponse>(kemisQuery(scope, 'json')) });
}

/** POST /api/ministry/kemis/upis?commit=: dry run or commit of the Ministry's UPI file. */
export function useImportUpis() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit }: { file: File; commit: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return api<KemisUpiImportResult>(`/api/ministry/kemis/upis?commit=${commit}`, { method: 'POST', body: form });
    },
    onSuccess: (r) => {
      if (r.committed) void qc.invalidateQueries({ queryKey: KEY });
    },
  });
}
