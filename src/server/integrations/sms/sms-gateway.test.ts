import { describe, expect, it } from 'vitest';
import { SMS_RECIPIENT, smsSegments } from './sms-gateway.js';

describe('smsSegments', () => {
  it('is 1 up to 160 characters, then ceil(length / 153)', () => {
    expect(smsSegments('')).toBe(1);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments('a'.repeat(459))).toBe(3);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(smsSegments('🙂'.repeat(160))).toBe(1);
  });
});

describe('SMS_RECIPIENT', () => {
  it('accepts normalised Kenyan mobiles only', () => {
    for (const ok of ['254712345678', '254112345678']) expect(SMS_RECIPIENT.test(ok)).toBe(true);
    for (const bad of ['0712345678', '+254712345678', '25471234567', '2547123456789', '254212345678', '']) expect(SMS_RECIPIENT.test(bad)).toBe(false);
  });
});
