import { messages } from '@shared/messages';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { useSearchParams } from 'react-router';
import type { Role } from '@shared/roles';
import { isAdminRole } from '@shared/roles';
import { useSchoolContext } from '@/lib/school-context';
import { useFeesLiveRefresh } from '../api/fees';
import { useTerms, type TermOption } from '../components/terms';

const m = messages.financeOverview.overview;

/** The overview's term: every term of the school, newest first, the current one marked. */
export function TermPicker({ terms, value, onChange, className }: { terms: TermOption[]; value: string | null; onChange: (termId: string) => void; className?: string }) {
  const years = [...new Set(terms.map((t) => t.yearName))];
  return (
    <Select value={value ?? undefined} onValueChange={onChange} disabled={terms.length === 0}>
      <SelectTrigger aria-label={m.termPicker} className={cn('w-full bg-card sm:w-52', className)} data-testid="term-picker">
        <SelectValue placeholder={m.termPicker} />
      </SelectTrigger>
      <SelectContent>
        {years.map((year) => (
          <SelectGroup key={year}>
            {terms
              .filter((t) => t.yearName === year)
              .map((t) => (
                <SelectItem key={t.id} value={t.id} data-testid="term-option">
                  {m.termOption(t.name, t.yearName)}
                  {t.isCurrent && <span className="ml-1.5 text-xs text-muted-foreground">({m.currentTerm})</span>}
                </SelectItem>
              ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The school and term a finance page shows (the overview, the analytics): platform staff need the
 * school picked in the header (`ready` false until then, `schoolId` null for school staff); the term
 * is `?term=` (null: the current one), and `pickTerm` sets it, dropping it for the current term.
 * Live: every `fees.changed` refetches the page's queries.
 */
export function useFinanceTerm(role: Role) {
  useFeesLiveRefresh();
  const school = useSchoolContext();
  const platform = isAdminRole(role);
  const schoolId = platform ? school.currentSchoolId : null;
  const ready = !platform || !!schoolId;
  const [params, setParams] = useSearchParams();
  const termParam = params.get('term');
  const terms = useTerms();
  const pickTerm = (termId: string) => {
    const next = new URLSearchParams(params);
    if (termId === terms.current?.id) next.delete('term');
    else next.set('term', termId);
    setParams(next, { replace: true });
  };
  return { schoolId, ready, termParam, terms, pickTerm };
}
