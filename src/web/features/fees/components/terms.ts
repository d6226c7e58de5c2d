import * as React from 'react';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { useLevels, useStreams } from '@/features/school-setup';
import { useYears } from '@/features/school-setup';

const c = messages.feeManagement.common;

/** A term of the school's calendar with its year, as the fee screens pick it. */
export interface TermOption {
  id: string;
  name: string;
  number: number;
  yearId: string;
  yearName: string;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
  /** "Term 3 · 2026". */
  label: string;
}

/**
 * The school's terms, newest year first (GET /api/school-setup/years, scoped to the header's school for
 * platform staff), and the default term: the current one, else the latest that has started.
 */
export function useTerms() {
  const years = useYears();
  const terms = React.useMemo<TermOption[]>(() => {
    const out: TermOption[] = [];
    for (const y of years.data ?? []) {
      for (const t of [...y.terms].sort((a, b) => b.number - a.number)) {
        out.push({
          id: t.id,
          name: t.name,
          number: t.number,
          yearId: y.id,
          yearName: y.name,
          startsOn: t.startsOn,
          endsOn: t.endsOn,
          isCurrent: t.isCurrent,
          label: c.termLabel(t.name, y.name),
        });
      }
    }
    return out;
  }, [years.data]);
  const current = React.useMemo(() => {
    const today = schoolToday();
    return terms.find((t) => t.isCurrent) ?? terms.find((t) => t.startsOn <= today) ?? terms[0] ?? null;
  }, [terms]);
  return { terms, current, isLoading: years.isLoading, error: years.error, refetch: years.refetch };
}

/** Levels lowest first (GET /api/school-setup/levels). */
export function useLevelOptions() {
  const levels = useLevels();
  return React.useMemo(() => (levels.data ?? []).map((l) => ({ value: l.id, label: l.name, order: l.levelOrder })), [levels.data]);
}

/** The streams of a year ('' = the current year), optionally of one level, as select options. */
export function useStreamOptions(yearId: string, levelId: string) {
  const streams = useStreams(yearId);
  return React.useMemo(
    () => (streams.data ?? []).filter((s) => !levelId || s.levelId === levelId).map((s) => ({ value: s.id, label: s.name, levelId: s.levelId })),
    [streams.data, levelId],
  );
}
