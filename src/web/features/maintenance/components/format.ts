import { formatClockSeconds, formatInstant } from '@/lib/format';

/** A time of day in Nairobi with seconds ("14:03:27"), for "Last checked" and the event log. */
export function formatClock(at: number | Date): string {
  return formatClockSeconds(at);
}

/** A date and time in Nairobi ("22 Nov 2026, 14:03"), or null. */
export function formatDateTime(iso: string | null): string | null {
  return iso ? formatInstant(iso) : null;
}
