/**
 * Kenyan number plates for school vehicles (issue 15 §4). Accepted, whatever the spaces or case:
 * - civilian plates "KDA 123A": K, two letters, three digits, a letter (older "KAA 123A" likewise);
 * - government plates "GK A123B" / "GKA 123B" / "GK 1234": GK, an optional letter, three or four
 *   digits, an optional letter.
 * Stored normalised as letters, one space, digits and the suffix letter: "KDA 123A", "GKA 123B", "GK 1234".
 */
export function normalisePlate(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-.]/g, '');
  const civilian = /^(K[A-Z]{2})(\d{3})([A-Z])$/.exec(compact);
  if (civilian) return `${civilian[1]} ${civilian[2]}${civilian[3]}`;
  const gk = /^(GK[A-Z]?)(\d{3,4})([A-Z]?)$/.exec(compact);
  if (gk) return `${gk[1]} ${gk[2]}${gk[3]}`;
  return null;
}

/** 'HH:MM' on a 24-hour clock (stop pick-up and drop-off times). */
export function isClockTime(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
}

/** Whole days from `today` to `day` (YYYY-MM-DD; negative when `day` is past). */
export function daysUntil(day: string, today: string): number {
  const t = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((t(day) - t(today)) / 86_400_000);
}

/** How many days before an expiry date the transport screens warn (insurance, inspection, licence). */
export const EXPIRY_ALERT_DAYS = 30;
