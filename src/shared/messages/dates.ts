import { localized } from '../i18n/localized.js';
import { plural } from '../plural.js';
import * as sw from './sw/dates.js';

/**
 * Words of the date fields (issue 34): people in Kenya write days as dd/mm/yyyy, so every date field
 * shows and accepts that (components/date-field.tsx) while the API keeps YYYY-MM-DD.
 */
export const dateFieldMessages = localized('dates/dateFieldMessages', {
  /** The field's placeholder and the format it asks for. */
  placeholder: 'dd/mm/yyyy',
  /** Shown under a date field whose text is not a real day in that format (31/04/2026, 29/02/2027). */
  invalid: 'Enter a real date as dd/mm/yyyy, e.g. 28/11/2026.',
  /** The calendar button's accessible name. */
  openCalendar: 'Choose a date on a calendar',
  /** The time box beside a date field (a day with its time, 24-hour, Nairobi). */
  time: 'Time (24-hour)',
} as const, { sw: sw.dateFieldMessages });

/**
 * Words of the time fields (issue 34): times are written 24-hour as HH:MM ("07:30", "14:05") whatever the
 * browser's own locale (components/time-field.tsx), as the API keeps them.
 */
export const timeFieldMessages = localized('dates/timeFieldMessages', {
  /** The field's placeholder and the format it asks for. */
  placeholder: 'HH:MM',
  /** Shown under a time field whose text is not a time of day in that format (25:00, 7:3, 2pm). */
  invalid: 'Enter the time as HH:MM, 24-hour, e.g. 14:05.',
} as const, { sw: sw.timeFieldMessages });

/**
 * How long ago something happened, in a list or the notification bell ("just now", "5 min ago",
 * "3 h ago", "yesterday", "2 days ago"; web/lib/message-format formatRelative picks one). The counts
 * take their plural form from Intl.PluralRules (shared/plural), so a translation can give "min" and
 * "h" their own forms.
 */
export const relativeTimeMessages = localized('dates/relativeTimeMessages', {
  justNow: 'just now',
  minutesAgo: (n: number) => `${plural(n, 'min', 'min')} ago`,
  hoursAgo: (n: number) => `${plural(n, 'h', 'h')} ago`,
  yesterday: 'yesterday',
  daysAgo: (n: number) => `${plural(n, 'day', 'days')} ago`,
} as const, { sw: sw.relativeTimeMessages });
