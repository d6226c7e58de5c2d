import * as React from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { Eye, EyeOff, type LucideIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { placeFieldErrors } from '@/components/form-feedback';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { mm } from '../mpesa/common';

/** Form pieces of the Finance Settings cards: radio cards, a write-only secret input, server errors. */

export interface Choice<T extends string> {
  value: T;
  label: string;
  text: string;
  icon?: LucideIcon;
}

/**
 * One choice of a few as cards (label and a line explaining it), on a radix radio group: arrow keys
 * move, the chosen card is outlined. `columns` sets the grid from `sm` up.
 */
export function ChoiceCards<T extends string>({
  value,
  onChange,
  choices,
  label,
  columns = 2,
  disabled,
  testId,
  tone,
}: {
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  label: string;
  columns?: 2 | 3;
  disabled?: boolean;
  testId: string;
  /** Extra classes of the checked card per value (e.g. production in amber). */
  tone?: Partial<Record<T, string>>;
}) {
  return (
    <RadioGroupPrimitive.Root
      value={value}
      onValueChange={(v) => onChange(v as T)}
      aria-label={label}
      disabled={disabled}
      className={cn('grid gap-2.5', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}
      data-testid={testId}
    >
      {choices.map((c) => {
        const Icon = c.icon;
        return (
          <RadioGroupPrimitive.Item
            key={c.value}
            value={c.value}
            className={cn(
              'group flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border bg-card p-3.5 text-left shadow-xs transition-colors outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-70',
              'data-[state=checked]:border-primary data-[state=checked]:bg-primary/5 data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              value === c.value && tone?.[c.value],
            )}
            data-testid={`${testId}-${c.value}`}
          >
            <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-input group-data-[state=checked]:border-primary">
              <span className="size-2 rounded-full bg-primary opacity-0 group-data-[state=checked]:opacity-100" />
            </span>
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 text-sm font-medium">
                {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden />}
                {c.label}
              </span>
              <span className="mt-0.5 block text-xs leading-relaxed text-muted-foreground">{c.text}</span>
            </span>
          </RadioGroupPrimitive.Item>
        );
      })}
    </RadioGroupPrimitive.Root>
  );
}

/**
 * A write-only secret: a password box (with Show), empty by default; the stored value's masked hint
 * ("••••••••c919") is shown beside the label, never the secret itself.
 */
export const SecretInput = React.forwardRef<HTMLInputElement, React.ComponentProps<typeof Input> & { stored: string | null }>(({ stored, className, ...props }, ref) => {
  const [shown, setShown] = React.useState(false);
  return (
    <div className="relative min-w-0">
      <Input
        ref={ref}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        spellCheck={false}
        placeholder={stored ? mm.mpesaSetup.keepPlaceholder : mm.mpesaSetup.enterPlaceholder}
        className={cn('pr-11 font-mono', className)}
        {...props}
      />
      <button
        type="button"
        className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? mm.mpesaSetup.hide : mm.mpesaSetup.show}
        aria-pressed={shown}
      >
        {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
});
SecretInput.displayName = 'SecretInput';

/**
 * Puts the server's field errors (400 `fields`, or a 409 about one field) on the fields the form knows
 * and returns the text for the form's alert when none matched ('' when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, known: readonly string[], fallback: string, codeFields: Record<string, string> = {}): string {
  if (err instanceof ApiError && err.status > 0) {
    const fromCode = codeFields[err.code];
    if (fromCode && known.includes(fromCode)) {
      setError(fromCode as Path<T>, { type: 'server', message: err.message }, { shouldFocus: true });
      return '';
    }
    const { placed } = placeFieldErrors(err, known as readonly Path<T>[], setError);
    return placed.length ? '' : err.message || fallback;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

