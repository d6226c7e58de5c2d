import { ageOn } from '@shared/contracts/learners';
import { schoolToday } from '@shared/dates';

export { formatDate, formatNumber, formatPhone, formatShortDate, initials } from '@/lib/format';

/** Age in whole years today (Africa/Nairobi), or null without a date of birth. */
export function ageToday(dateOfBirth: string | null): number | null {
  return dateOfBirth ? ageOn(dateOfBirth, schoolToday()) : null;
}

/** `value` or null when blank (form text → API). */
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}
