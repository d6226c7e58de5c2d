import { wingi } from '../../i18n/plural-sw.js';

/**
 * Kiswahili of ../dates.ts: the date and time fields and "how long ago". `localized` in ../dates.ts
 * checks each table against the English one (same keys, same parameters).
 */
export const dateFieldMessages = {
  placeholder: 'dd/mm/yyyy',
  invalid: 'Andika tarehe halisi kwa mpangilio dd/mm/yyyy, mfano 28/11/2026.',
  openCalendar: 'Chagua tarehe kwenye kalenda',
  time: 'Saa (mfumo wa saa 24)',
};

export const timeFieldMessages = {
  placeholder: 'HH:MM',
  invalid: 'Andika saa kwa mpangilio HH:MM, mfumo wa saa 24, mfano 14:05.',
};

export const relativeTimeMessages = {
  justNow: 'sasa hivi',
  minutesAgo: (n: number) => `${wingi(n, 'dakika', 'dakika')} zilizopita`,
  hoursAgo: (n: number) => `${wingi(n, 'saa', 'saa')} zilizopita`,
  yesterday: 'jana',
  daysAgo: (n: number) => `${wingi(n, 'siku', 'siku')} zilizopita`,
};
