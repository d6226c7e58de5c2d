import { formatLongDay, formatShortDay, formatWeekday, schoolToday } from '@shared/dates';
import { conversationScreens } from '@shared/messages/conversations-screens';
import { formatClock, formatInstant } from '@/lib/format';
/**
 * Times of the messages screens, all in Africa/Nairobi (EAT, UTC+03:00 all year): the list's short
 * relative stamps, the thread's day headings and each message's clock time.
 */
const words = conversationScreens.days;

/** The Nairobi calendar day of an instant, "2026-03-12" (the thread groups messages by it). */
export function nairobiDay(iso: string | Date): string {
  return schoolToday(typeof iso === 'string' ? new Date(iso) : iso);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** "14:05" in Nairobi; "12/03/2026 14:05" in Nairobi. */
export { formatClock, formatInstant as formatDateTime };

/** The list's stamp: "14:05" today, "Yesterday", "Tue" within a week, else "12 Mar". */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const diff = daysBetween(nairobiDay(iso), nairobiDay(now));
  if (diff <= 0) return formatClock(iso);
  if (diff === 1) return words.yesterday;
  if (diff < 7) return formatWeekday(iso);
  return formatShortDay(iso);
}

/** A day heading in the thread: "Today", "Yesterday", "Tuesday" within a week, else "Thursday, 12 March 2026". */
export function formatDayHeading(day: string, now: Date = new Date()): string {
  const diff = daysBetween(day, nairobiDay(now));
  if (diff <= 0) return words.today;
  if (diff === 1) return words.yesterday;
  if (diff < 7) return formatWeekday(day, 'long');
  return formatLongDay(day);
}

/** "2.4 MB", "312 KB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}
