import { messages } from '@shared/messages';

const TIME_ZONE = 'Africa/Nairobi';

/** The hour (0-23) of an instant in Africa/Nairobi, where EduFam's schools keep their day. */
export function nairobiHour(now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: TIME_ZONE }).format(now);
  return Number(hour) % 24;
}

/** Good Morning before 12, Good Afternoon before 18, otherwise Good Evening (spec §2 Shell chrome). */
export function greetingFor(now: Date): string {
  const h = nairobiHour(now);
  if (h < 12) return messages.shell.goodMorning;
  if (h < 18) return messages.shell.goodAfternoon;
  return messages.shell.goodEvening;
}

/** Today's date in Kenyan English, in Africa/Nairobi ("Tuesday, 3 March 2026"). */
export function formatToday(now: Date): string {
  return new Intl.DateTimeFormat('en-KE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(now);
}

/** The same date, short ("Tue, 3 Mar 2026"), for narrow screens. */
export function formatTodayShort(now: Date): string {
  return new Intl.DateTimeFormat('en-KE', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE }).format(now);
}
