import { describe, expect, it } from 'vitest';
import { daysUntil, isClockTime, normalisePlate } from './transport-plates.js';

describe('normalisePlate', () => {
  it('normalises civilian plates whatever the spaces and case', () => {
    expect(normalisePlate('KDA 123A')).toBe('KDA 123A');
    expect(normalisePlate('kda123a')).toBe('KDA 123A');
    expect(normalisePlate('  kcb  001 z ')).toBe('KCB 001Z');
    expect(normalisePlate('KAA-456B')).toBe('KAA 456B');
  });
  it('accepts government GK plates', () => {
    expect(normalisePlate('GK A123B')).toBe('GKA 123B');
    expect(normalisePlate('gk 1234')).toBe('GK 1234');
    expect(normalisePlate('GKB 123A')).toBe('GKB 123A');
  });
  it('refuses what is not a Kenyan plate', () => {
    for (const bad of ['', 'KD 123A', 'KDA 12A', 'KDA 1234A', 'XYZ 123A', 'KDA 123', '123 KDA', 'GK']) expect(normalisePlate(bad), bad).toBeNull();
  });
});

describe('isClockTime and daysUntil', () => {
  it('reads 24-hour HH:MM times', () => {
    expect(isClockTime('06:45')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('6:45')).toBe(false);
  });
  it('counts days to an expiry date', () => {
    expect(daysUntil('2026-12-26', '2026-11-26')).toBe(30);
    expect(daysUntil('2026-11-20', '2026-11-26')).toBe(-6);
    expect(daysUntil('2027-03-01', '2027-02-28')).toBe(1);
  });
});
