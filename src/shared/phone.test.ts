import { describe, expect, it } from 'vitest';
import { formatKenyanPhone, normaliseKenyanPhone } from './phone.js';

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

describe('formatKenyanPhone: numbers as Kenyans write them', () => {
  it.each([
    ['254722334455', '0722 334 455', '+254 722 334 455'],
    ['0722334455', '0722 334 455', '+254 722 334 455'],
    ['+254 722 334455', '0722 334 455', '+254 722 334 455'],
    ['0110345678', '0110 345 678', '+254 110 345 678'],
  ])('%s → %s / %s', (input, local, international) => {
    expect(formatKenyanPhone(input)).toBe(local);
    expect(formatKenyanPhone(input, 'international')).toBe(international);
  });

  it('writes landlines with their area code, leaves other numbers as given and prints nothing for none', () => {
    // A school's landline, as stored (with the country code) or typed, is written locally with its area code apart.
    expect(formatKenyanPhone('0202715500')).toBe('020 2715500');
    expect(formatKenyanPhone('254202715500')).toBe('020 2715500');
    expect(formatKenyanPhone('254202715500', 'international')).toBe('254202715500');
    expect(formatKenyanPhone(' +447911123456 ')).toBe('+447911123456');
    expect(formatKenyanPhone('25470****149')).toBe('25470****149');
    expect(formatKenyanPhone(null)).toBe('');
    expect(formatKenyanPhone('')).toBe('');
  });
});
