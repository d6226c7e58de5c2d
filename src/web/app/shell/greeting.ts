import { messages } from '@shared/messages';
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

/** Today's date in Kenyan English, in Africa/Nairobi ("Tuesday, 3 March 2026"). */
export function formatToday(now: Date): string {
  return schoolTimeFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, 'en-KE').format(now);
}

/** The same date, short ("Tue, 3 Mar 2026"), for narrow screens. */
export function formatTodayShort(now: Date): string {
  return schoolTimeFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, 'en-KE').format(now);
}
