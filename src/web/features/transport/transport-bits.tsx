import { cn } from '@/lib/utils';
import { InputField, FormErrorAlert, useFormError } from '@/components/form-feedback';
import { Badge } from '@/components/ui/badge';
import { EXPIRY_ALERT_DAYS, daysUntil } from '@shared/transport-plates';
import { formatDay as formatSchoolDay, schoolToday } from '@shared/dates';
import { formatKenyanPhone } from '@shared/phone';
import { transportMessages as tm } from '@shared/messages/transport';

/** The form kit's field and write-error hook, re-exported for this feature's forms. */
export { InputField, useFormError };

/** Shared pieces of the transport screens: a labelled input with its server error, dates, expiry badges. */

export const formatDay = (day: string | null | undefined) =>
  day ? formatSchoolDay(day) : tm.ui.notSet;

/** A stored 2547XXXXXXXX as 0712 345 678 (the shared formatter, local style; '' for none). */
export const formatPhone = (p: string | null | undefined) => formatKenyanPhone(p);

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
