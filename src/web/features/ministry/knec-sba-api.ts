import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SbaFormat, SbaOptions, SbaResponse } from '@shared/contracts/knec';
import { api } from '@/lib/api';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * Calls of the principal's KNEC school-based assessment card (issue 35 §2;
 * server/modules/ministry/knec.routes.ts): the levels and series to pick from, the preview (json) and
 * the upload file's address (xlsx, csv).
 */

/** What the principal picks: a level, the series (in order) and a weight per series (as typed). */
export interface SbaPick {
  levelId: string;
  examIds: string[];
  weights: string[];
}

/** GET /api/ministry/knec/sba?… for a pick in a format. */
export function sbaUrl(pick: SbaPick, format: SbaFormat): string {
  const q = new URLSearchParams({ levelId: pick.levelId, examIds: pick.examIds.join(','), weights: pick.weights.map((w) => w.trim()).join(','), format });
  return `/api/ministry/knec/sba?${q.toString()}`;
}

export function useSbaOptions() {
  return useQuery({
    queryKey: ['knec-sba', 'options'] as const,
    queryFn: () => api<SbaOptions>('/api/ministry/knec/sba/options'),
    retry: retryUnlessClientError(),
  });
}

/** The preview of a pick (nothing is asked while no level or series is picked). */
export function useSbaPreview(pick: SbaPick) {
  const ready = !!pick.levelId && pick.examIds.length > 0;
  return useQuery({
    queryKey: ['knec-sba', 'preview', pick.levelId, pick.examIds.join(','), pick.weights.join(',')] as const,
    queryFn: () => api<SbaResponse>(sbaUrl(pick, 'json')),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError(),
  });
}
