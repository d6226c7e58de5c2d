import * as React from 'react';
import { AlertCircle } from 'lucide-react';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { translateEnglish } from '@shared/i18n/localized';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A form field's error under the input, announced to screen readers; `id` is the input's aria-describedby.
 * A schema message fixed in English at load comes out in the language on screen (translateEnglish).
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive" role="alert">
      {translateEnglish(message)}
    </p>
  );
}

/**
 * The whole form's failure above its buttons: `title` (e.g. the spec's "Failed to create user"), and
 * the server's reason as `detail` when it says more than the title.
 */
export function FormErrorAlert({ title, detail, testId }: { title: string; detail?: string | null; testId: string }) {
  return (
    <Alert variant="destructive" className="flex items-start gap-2.5 leading-relaxed" data-testid={testId}>
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {detail && detail !== title && <p className="mt-0.5 opacity-90">{detail}</p>}
      </div>
    </Alert>
  );
}

/** A labelled input with its server error (under it, announced) and an optional hint. */
export function InputField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: { id: string; label: string; error?: string; hint?: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The error of a failed write: the server's message and field errors (`set` for a check made in the browser). */
export function useFormError() {
  const [error, setError] = React.useState<{ message: string; fields: Record<string, string> } | null>(null);
  return {
    error,
    clear: () => setError(null),
    set: (message: string) => setError({ message, fields: {} }),
    fail: (err: unknown) => setError({ message: err instanceof Error ? err.message : String(err), fields: err instanceof ApiError ? (err.fields ?? {}) : {} }),
    field: (name: string) => error?.fields[name],
  };
}

/**
 * Puts a server refusal's field errors (`ApiError.fields`) on the form fields named in `names`, through
 * react-hook-form's `setError` (focusing the first). `firstSegment` matches a nested key ("a.0") by its
 * first segment ("a"). Returns the [field, message] pairs placed and the others the server sent; both
 * empty when `err` is not an ApiError.
 */
export function placeFieldErrors<N extends string>(
  err: unknown,
  names: readonly N[],
  setError: (name: N, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
  { firstSegment = false }: { firstSegment?: boolean } = {},
): { placed: [string, string][]; others: [string, string][] } {
  const fields = err instanceof ApiError ? Object.entries(err.fields ?? {}) : [];
  const nameOf = (k: string) => (firstSegment ? k.split('.')[0]! : k);
  const placed = fields.filter(([k]) => (names as readonly string[]).includes(nameOf(k)));
  for (const [k, message] of placed) setError(nameOf(k) as N, { type: 'server', message }, { shouldFocus: true });
  return { placed, others: fields.filter((e) => !placed.includes(e)) };
}
