import { messages } from '@shared/messages';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import type { TermOption } from '../components/terms';

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
