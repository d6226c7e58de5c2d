let instantFormat: Intl.DateTimeFormat | undefined;

/** "27 Nov 2026, 09:14" in Africa/Nairobi. */
export function formatInstant(iso: string): string {
  instantFormat ??= new Intl.DateTimeFormat('en-KE', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
  return instantFormat.format(new Date(iso));
}
