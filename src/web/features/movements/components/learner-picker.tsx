import * as React from 'react';
import { Loader2, UserRound, X } from 'lucide-react';
import { learnerName, type StudentListItem } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { useLearnerSearch } from '../api/movements';
import { IconBadge } from '@/components/icon-badge';

const m = messages.movements.picker;

/** The learner a movement is about, as the picker returns them. */
export interface PickedLearner {
  id: string;
  name: string;
  admissionNumber: string;
  className: string | null;
}

export function toPicked(s: StudentListItem): PickedLearner {
  return { id: s.id, name: learnerName(s), admissionNumber: s.admissionNumber, className: s.className };
}

/**
 * Finds an active learner by name, admission number or UPI (GET /api/students?search=, 300 ms after the
 * last key) and shows the choice as a card with "Change". Results are a listbox navigable with the
 * arrow keys and Enter.
 */
export function LearnerPicker({
  value,
  onChange,
  id,
  invalid,
  testId = 'learner-picker',
}: {
  value: PickedLearner | null;
  onChange: (learner: PickedLearner | null) => void;
  id: string;
  invalid?: boolean;
  testId?: string;
}) {
  const [text, setText] = React.useState('');
  const [active, setActive] = React.useState(0);
  const term = useDebouncedValue(text, 300);
  const query = useLearnerSearch(value ? '' : term);
  const items = term.trim().length >= 2 ? (query.data?.items ?? []) : [];
  const listId = `${id}-results`;

  if (value) {
    return (
      <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/30 p-3" data-testid={`${testId}-selected`}>
        <IconBadge icon={UserRound} className="size-9 rounded-full bg-primary/10 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{value.name}</p>
          <p className="truncate text-xs text-muted-foreground">
            {value.admissionNumber}
            {value.className && ` · ${value.className}`}
          </p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} data-testid={`${testId}-change`}>
          <X aria-hidden />
          {m.change}
        </Button>
      </div>
    );
  }

  const choose = (s: StudentListItem) => {
    onChange(toPicked(s));
    setText('');
  };

  return (
    <div className="grid min-w-0 gap-2">
      <div
        onKeyDown={(e) => {
          if (!items.length) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(items.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(items[Math.min(active, items.length - 1)]!);
          }
        }}
      >
        <SearchField
          id={id}
          value={text}
          onChange={(v) => {
            setText(v);
            setActive(0);
          }}
          placeholder={m.placeholder}
          testId={`${testId}-search`}
          maxLength={100}
          className={cn(invalid && '[&_input]:border-destructive')}
        />
      </div>
      {term.trim().length < 2 ? (
        <p className="text-xs text-muted-foreground">{m.hint}</p>
      ) : query.isFetching && !items.length ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          {m.searching}
        </p>
      ) : items.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid={`${testId}-none`}>
          {m.noMatch}
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-label={m.label} className="max-h-64 divide-y overflow-y-auto rounded-lg border" data-testid={`${testId}-results`}>
          {items.map((s, i) => (
            <li
              key={s.id}
              role="option"
              aria-selected={i === active}
              className={cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm', i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted/60')}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(s)}
              data-testid={`${testId}-option`}
            >
              <span className="min-w-0 flex-1 truncate font-medium">{learnerName(s)}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{s.admissionNumber}</span>
              <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{s.className}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
