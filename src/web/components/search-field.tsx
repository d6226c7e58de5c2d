import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';

/**
 * A search box with a leading magnifier. Without `id` the placeholder doubles as its accessible name;
 * with `id` a visible <label htmlFor> names it.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  id,
  testId,
  maxLength,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  id?: string;
  testId?: string;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={cn('relative min-w-0', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={id ? undefined : placeholder}
        maxLength={maxLength}
        className="pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        data-testid={testId}
      />
    </div>
  );
}
