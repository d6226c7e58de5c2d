import { describe, expect, it } from 'vitest';
import { normaliseKenyanPhone } from './phone.js';

describe('normaliseKenyanPhone (domain/identifiers.md)', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['110345678', '254110345678'],
    ['+254 712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['(0712) 345678', '254712345678'],
    ['0722410330', '254722410330'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseKenyanPhone(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['letters', 'not a phone'],
    ['too short', '07123'],
    ['too long', '07123456789'],
    ['Nairobi landline', '0202715500'],
    ['Tanzanian mobile', '+255712345678'],
    ['UK mobile', '+447911123456'],
    ['nine digits not starting 7 or 1', '812345678'],
  ])('%s (%s) is rejected', (_label, input) => {
    expect(normaliseKenyanPhone(input)).toBeNull();
  });
});
