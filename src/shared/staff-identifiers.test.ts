import { describe, expect, it } from 'vitest';
import { isKraPin, normalizeKraPin, normalizeTscNumber } from './staff-identifiers.js';

describe('KRA PIN (identifiers.md)', () => {
  it('accepts A or P, nine digits and a letter, after upper-casing and removing spaces and dashes', () => {
    expect(isKraPin('A004416331M')).toBe(true);
    expect(isKraPin('a004-416 331m')).toBe(true);
    expect(normalizeKraPin('a004-416 331m')).toBe('A004416331M');
    expect(isKraPin('P051234567Q')).toBe(true);
  });

  it('refuses the wrong shape', () => {
    for (const bad of ['', 'A00441633M', 'A0044163311M', 'B004416331M', 'A004416331', 'A00441633XM', '004416331MA']) expect(isKraPin(bad), bad).toBe(false);
  });

  it('can insist on an individual PIN for a member of staff', () => {
    expect(isKraPin('P051234567Q', { individualOnly: true })).toBe(false);
    expect(isKraPin('A004416331M', { individualOnly: true })).toBe(true);
  });
});

describe('TSC number', () => {
  it('keeps digits as a string and refuses anything else', () => {
    expect(normalizeTscNumber(' 512 345 ')).toBe('512345');
    expect(normalizeTscNumber('0123456')).toBe('0123456');
    expect(normalizeTscNumber('TSC123')).toBeNull();
    expect(normalizeTscNumber('12')).toBeNull();
  });
});
