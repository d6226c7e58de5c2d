import { formatClock, formatDateTime } from '@/lib/format';
const numberFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 1 });
const integerFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 1234.56 → "1,234.6". */
export const formatNumber = (n: number) => numberFormat.format(n);

/** 1234.56 → "1,235". */
export const formatInteger = (n: number) => integerFormat.format(n);

/** Milliseconds for people: "0.42 ms", "12.3 ms", "240 ms", "1.35 s". */
export function formatMs(ms: number): string {
  if (ms >= 1_000) return `${(ms / 1_000).toFixed(2)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** Bytes for people: "812 KB", "7.6 MB", "1.24 GB" (binary units). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Mebibytes for people: "182 MB", "4.0 GB". */
export const formatMb = (mb: number) => formatBytes(mb * 1024 * 1024);

/** Seconds as an uptime: "42s", "5m 10s", "3h 12m", "2d 4h". */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** Start of a minute in Nairobi time, "14:05". */
export const formatMinute = (iso: string) => formatClock(iso);

/** An instant in Nairobi time, "22 Nov, 08:15". */
export { formatDateTime };
