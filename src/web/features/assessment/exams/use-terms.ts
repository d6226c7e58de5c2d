import * as React from 'react';
import { schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { useSchoolYears } from '../api/exams';

/** A term as the exam screens pick it: "Term 2 · 2026". */
export interface TermChoice {
  id: string;
  name: string;
  yearName: string;
  startsOn: string;
  endsOn: string;
  isCurrent: boolean;
  label: string;
}

/** The school's terms, newest first, and the default one (the current term, else the latest started). */
export function useTermChoices() {
  const years = useSchoolYears();
  const terms = React.useMemo<TermChoice[]>(
    () =>
      (years.data?.items ?? []).flatMap((y) =>
        [...y.terms]
          .sort((a, b) => b.number - a.number)
          .map((t) => ({ id: t.id, name: t.name, yearName: y.name, startsOn: t.startsOn, endsOn: t.endsOn, isCurrent: t.isCurrent, label: messages.examsScreens.common.termLabel(t.name, y.name) })),
      ),
    [years.data],
  );
  const current = React.useMemo(() => {
    const today = schoolToday();
    return terms.find((t) => t.isCurrent) ?? terms.find((t) => t.startsOn <= today) ?? terms[0] ?? null;
  }, [terms]);
  return { terms, current, isLoading: years.isPending, error: years.error, refetch: years.refetch };
}
