import { describe, expect, it } from 'vitest';
import { formatRelative } from './message-format';

const NOW = new Date('2026-11-27T09:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('formatRelative (words from relativeTimeMessages)', () => {
  it('says how long ago, in minutes, hours and days, with the plural the count takes', () => {
    expect(formatRelative(ago(0), NOW)).toBe('just now');
    expect(formatRelative(ago(59), NOW)).toBe('just now');
    expect(formatRelative(ago(60), NOW)).toBe('1 min ago');
    expect(formatRelative(ago(5 * 60 + 30), NOW)).toBe('5 min ago');
    expect(formatRelative(ago(3600), NOW)).toBe('1 h ago');
    expect(formatRelative(ago(3 * 3600), NOW)).toBe('3 h ago');
    expect(formatRelative(ago(86_400), NOW)).toBe('yesterday');
    expect(formatRelative(ago(2 * 86_400), NOW)).toBe('2 days ago');
    expect(formatRelative(ago(6 * 86_400 + 3600), NOW)).toBe('6 days ago');
  });

  it('gives the Nairobi date from a week on, and "just now" for a moment a clock ahead puts in the future', () => {
    expect(formatRelative('2026-11-20T08:00:00Z', NOW)).toBe('20/11/2026');
    expect(formatRelative('2026-11-19T22:30:00Z', NOW)).toBe('20/11/2026');
    expect(formatRelative(new Date(NOW.getTime() + 90_000).toISOString(), NOW)).toBe('just now');
  });
});
