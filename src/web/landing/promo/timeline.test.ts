import { describe, expect, it } from 'vitest';
import { advance, CAPTIONS, captionIndexAt, DURATION_S, formatTime, SPEECH_RATE, TENTHS, toTenths } from './timeline';

describe('promo timeline (spec §2: 21 s, six captions, 0.1 s ticks, loops to 0, rate 0.9)', () => {
  it('has six captions in order, the first at 0, all within 21 s', () => {
    expect(DURATION_S).toBe(21);
    expect(SPEECH_RATE).toBe(0.9);
    expect(CAPTIONS).toHaveLength(6);
    expect(CAPTIONS[0]!.start).toBe(0);
    for (let i = 1; i < CAPTIONS.length; i++) expect(CAPTIONS[i]!.start).toBeGreaterThan(CAPTIONS[i - 1]!.start);
    expect(CAPTIONS.at(-1)!.start).toBeLessThan(TENTHS);
  });

  it('shows each caption from its start until the next one starts', () => {
    expect(captionIndexAt(0)).toBe(0);
    expect(captionIndexAt(34)).toBe(0);
    expect(captionIndexAt(35)).toBe(1);
    expect(captionIndexAt(174)).toBe(4);
    expect(captionIndexAt(175)).toBe(5);
    expect(captionIndexAt(209)).toBe(5);
  });

  it('loops to 0 after exactly 210 ticks of 0.1 s', () => {
    let t = 0;
    for (let i = 0; i < 209; i++) t = advance(t);
    expect(t).toBe(209);
    expect(advance(t)).toBe(0);
  });

  it('clamps seeks and formats times', () => {
    expect(toTenths(7.26)).toBe(73);
    expect(toTenths(-3)).toBe(0);
    expect(toTenths(99)).toBe(209);
    expect(toTenths(Number.NaN)).toBe(0);
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(79)).toBe('0:07');
    expect(formatTime(209)).toBe('0:20');
  });
});
