import { formatInstant, formatInstantDay, schoolTimeFormat } from './format';
import { relativeTimeMessages as rt } from '@shared/messages/dates';
/**
 * Dates of the communications screens: instants shown in Africa/Nairobi (EAT, UTC+03:00 all year, no
 * daylight saving), and the expiry field's local date-time read as Nairobi time.
 */
const NAIROBI_OFFSET = '+03:00';


/** "12/03/2026 14:30" in Nairobi. */
export function formatDateTime(iso: string): string {
  return formatInstant(iso);
}

/** "12/03/2026" in Nairobi. */
export function formatDate(iso: string): string {
  return formatInstantDay(iso);
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "2 days ago" (words: relativeTimeMessages), else the date. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const s = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (s < 60) return rt.justNow;
  if (s < 3600) return rt.minutesAgo(Math.floor(s / 60));
  if (s < 86_400) return rt.hoursAgo(Math.floor(s / 3600));
  const days = Math.floor(s / 86_400);
  if (days < 7) return days === 1 ? rt.yesterday : rt.daysAgo(days);
  return formatDate(iso);
}

/** The value of an <input type="datetime-local"> showing this instant in Nairobi ("2026-03-12T14:30"). */
export function toNairobiInput(iso: string | null): string {
  if (!iso) return '';
  const parts = Object.fromEntries(
    schoolTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }, 'en-CA')
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.year}-${parts.month}-${parts.day}T${hour}:${parts.minute}`;
}

/** The instant (ISO, UTC) of a datetime-local value read as Nairobi time, or null when empty/invalid. */
export function fromNairobiInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(`${value.length === 16 ? `${value}:00` : value}${NAIROBI_OFFSET}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
