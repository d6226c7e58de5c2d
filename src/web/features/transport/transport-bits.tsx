import * as React from 'react';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Badge } from '@/components/ui/badge';
import { EXPIRY_ALERT_DAYS, daysUntil } from '@shared/transport-plates';
import { schoolToday } from '@shared/dates';
import { transportMessages as tm } from '@shared/messages/transport';

/** Shared pieces of the transport screens: a labelled input with its server error, dates, expiry badges. */

export const formatDay = (day: string | null | undefined) =>
  day ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : tm.ui.notSet;

/** A stored 2547XXXXXXXX as 0712 345 678. */
export const formatPhone = (p: string | null | undefined) => {
  if (!p) return '';
  const m = /^254(\d{3})(\d{3})(\d{3})$/.exec(p);
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : p;
};

/** The error of a failed write: the server's fields and message. */
export function useFormError() {
  const [error, setError] = React.useState<{ message: string; fields: Record<string, string> } | null>(null);
  return {
    error,
    clear: () => setError(null),
    fail: (err: unknown) => setError({ message: err instanceof Error ? err.message : String(err), fields: err instanceof ApiError ? (err.fields ?? {}) : {} }),
    field: (name: string) => error?.fields[name],
  };
}

export function Field({
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

export function FormError({ error, title, testId }: { error: { message: string } | null; title: string; testId: string }) {
  return error ? <FormErrorAlert title={title} detail={error.message} testId={testId} /> : null;
}

/** "Expired" (red) or "Expiring soon" (amber) for a date within 30 days; nothing otherwise. */
export function ExpiryBadge({ day }: { day: string | null }) {
  if (!day) return null;
  const left = daysUntil(day, schoolToday());
  if (left > EXPIRY_ALERT_DAYS) return null;
  return (
    <Badge className={cn(left < 0 ? 'bg-destructive/10 text-destructive' : 'bg-amber-500/15 text-amber-700 dark:text-amber-400')} data-testid="expiry-badge">
      {left < 0 ? tm.ui.expired : tm.ui.expiringSoon}
    </Badge>
  );
}

/** A date with its expiry badge. */
export function ExpiryDate({ day }: { day: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{formatDay(day)}</span>
      <ExpiryBadge day={day} />
    </span>
  );
}
