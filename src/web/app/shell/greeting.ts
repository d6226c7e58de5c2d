import { messages } from '@shared/messages';
import { formatDay, formatLongDay, formatWeekday } from '@shared/dates';
import { schoolTimeFormat } from '@/lib/format';

/** The hour (0-23) of an instant in Africa/Nairobi, where EduFam's schools keep their day. */
export function nairobiHour(now: Date): number {
  const hour = schoolTimeFormat({ hour: 'numeric', hourCycle: 'h23' }).format(now);
  return Number(hour) % 24;
}

/** Good Morning before 12, Good Afternoon before 18, otherwise Good Evening (spec §2 Shell chrome). */
export function greetingFor(now: Date): string {
  const h = nairobiHour(now);
  if (h < 12) return messages.shell.goodMorning;
  if (h < 18) return messages.shell.goodAfternoon;
  return messages.shell.goodEvening;
}

/** Today's date in Kenyan English, in Africa/Nairobi ("Tuesday, 3 March 2026"; shared formatLongDay). */
export function formatToday(now: Date): string {
  return formatLongDay(now);
}

/** The same day, short ("Tue 03/03/2026": the weekday and the day as dd/mm/yyyy), for narrow screens. */
export function formatTodayShort(now: Date): string {
  return `${formatWeekday(now)} ${formatDay(now)}`;
}
