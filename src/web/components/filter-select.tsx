import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Radix Select forbids an empty item value, so "all" travels as this token and comes back as ''. */
const ALL = '__all__';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  /** Extra classes for the item (e.g. monospace action codes). */
  className?: string;
}

/**
 * A list filter: the "All …" choice first (value ''), then `options`. `label` names the control for
 * screen readers when there is no visible <label>; pass `id` instead to tie it to one.
 */
export function FilterSelect<T extends string>({
  value,
  onChange,
  all,
  options,
  label,
  id,
  testId,
  className,
}: {
  value: T | '';
  onChange: (value: T | '') => void;
  all: string;
  options: readonly FilterOption<T>[];
  label?: string;
  id?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : (v as T))}>
      <SelectTrigger id={id} aria-label={label} className={cn('w-full', className)} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{all}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} className={o.className}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
