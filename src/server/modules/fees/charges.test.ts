import { describe, expect, it } from 'vitest';
import { proRataCents } from './charges.service.js';

/** Issue 15 §4: a learner joining a route mid-term pays for the calendar days left in the term. */
describe('proRataCents', () => {
  const term = { startsOn: '2026-09-01', endsOn: '2026-09-30' }; // 30 days

  it('charges the whole fee from the first day of the term or before it', () => {
    expect(proRataCents(900_000, term, '2026-09-01')).toBe(900_000);
    expect(proRataCents(900_000, term, '2026-08-15')).toBe(900_000);
  });

  it('charges the share of days left, the joining day included, in whole shillings', () => {
    // 16 of 30 days left from 15 September: 9,000 × 16 / 30 = 4,800.
    expect(proRataCents(900_000, term, '2026-09-15')).toBe(480_000);
    // 1 of 30 days: 9,000 / 30 = 300.
    expect(proRataCents(900_000, term, '2026-09-30')).toBe(30_000);
    // 7,777 × 10 / 30 = 2,592.33… → 2,592.
    expect(proRataCents(777_700, term, '2026-09-21')).toBe(259_200);
  });

  it('charges nothing after the term has ended', () => {
    expect(proRataCents(900_000, term, '2026-10-01')).toBe(0);
  });
});
