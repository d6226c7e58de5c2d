const TIME_ZONE = 'Africa/Nairobi';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

/** A time of day in Nairobi with seconds ("14:03:27"), for "Last checked" and the event log. */
export function formatClock(at: number | Date): string {
  return timeFormat.format(at);
}

/** A date and time in Nairobi ("22 Nov 2026, 14:03"), or null. */
export function formatDateTime(iso: string | null): string | null {
  return iso ? dateTimeFormat.format(new Date(iso)) : null;
}
