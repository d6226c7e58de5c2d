import * as React from 'react';
import { messages } from '@shared/messages';
import { SlidersHorizontal } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { TermOption } from '../components/terms';

const c = messages.feeManagement.common;

/** A KES amount box: "KES" inside on the left, decimal keyboard on phones, figures aligned right. */
export const AmountInput = React.forwardRef<HTMLInputElement, Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>>(({ className, ...props }, ref) => (
  <div className={cn('relative min-w-0', className)}>
    <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs font-medium text-muted-foreground">{c.kes}</span>
    <Input ref={ref} type="text" inputMode="decimal" autoComplete="off" placeholder={c.amountPlaceholder} className="pl-11 text-right tabular-nums" {...props} />
  </div>
));
AmountInput.displayName = 'AmountInput';

/**
 * A term picker: the school's terms newest first, the current one marked. `allLabel` adds an "All
 * terms" choice (value 'all').
 */
export function TermSelect({
  terms,
  value,
  onChange,
  id,
  label,
  allLabel,
  testId,
  className,
  invalid,
  exclude,
}: {
  terms: TermOption[];
  value: string;
  onChange: (id: string) => void;
  id?: string;
  label?: string;
  allLabel?: string;
  testId?: string;
  className?: string;
  invalid?: boolean;
  exclude?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-label={id ? undefined : (label ?? c.term)} aria-invalid={invalid || undefined} className={cn('w-full', className)} data-testid={testId}>
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {allLabel && <SelectItem value="all">{allLabel}</SelectItem>}
        {terms
          .filter((t) => t.id !== exclude)
          .map((t) => (
            <SelectItem key={t.id} value={t.id}>
              {t.label}
              {t.isCurrent && <span className="ml-1.5 text-xs text-muted-foreground">({c.currentTerm})</span>}
            </SelectItem>
          ))}
      </SelectContent>
    </Select>
  );
}

/**
 * Phones fold a list's filters behind a "Filters" button (they would push the list off the screen);
 * from 640 px they are always shown. `toggle` goes among the toolbar's actions, `grid` below it.
 */
export function useFoldedFilters(active: number, labels: { filters: string; filtersCount: (n: number) => string }, testId: string) {
  const [open, setOpen] = React.useState(false);
  const toggle = (
    <Button variant="outline" size="sm" className="sm:hidden" onClick={() => setOpen((v) => !v)} aria-expanded={open} data-testid={`${testId}-filters-toggle`}>
      <SlidersHorizontal aria-hidden />
      {active ? labels.filtersCount(active) : labels.filters}
    </Button>
  );
  const grid = (children: React.ReactNode, className?: string) => (
    <div className={cn('min-w-0 grid-cols-1 gap-2 sm:grid sm:grid-cols-2', open ? 'grid' : 'hidden', className)} data-testid={`${testId}-filters`}>
      {children}
    </div>
  );
  return { toggle, grid };
}
