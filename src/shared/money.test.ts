import { describe, expect, it } from 'vitest';
import { kesInWords, numberInWords } from './money.js';

describe('amounts in words (receipts: "Amount in words")', () => {
  it.each([
    [0, 'Zero'],
    [1, 'One'],
    [15, 'Fifteen'],
    [20, 'Twenty'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [105, 'One Hundred and Five'],
    [999, 'Nine Hundred and Ninety-Nine'],
    [1000, 'One Thousand'],
    [1005, 'One Thousand and Five'],
    [12_500, 'Twelve Thousand Five Hundred'],
    [100_001, 'One Hundred Thousand and One'],
    [1_250_000, 'One Million Two Hundred and Fifty Thousand'],
    [10_000_000, 'Ten Million'],
    [2_000_000_017, 'Two Billion and Seventeen'],
  ])('%d → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it.each([
    [0, 'Kenya Shillings Zero Only'],
    [100, 'Kenya Shillings One Only'],
    [1_500, 'Kenya Shillings Fifteen Only'],
    [10_000, 'Kenya Shillings One Hundred Only'],
    [1_250_000, 'Kenya Shillings Twelve Thousand Five Hundred Only'],
    [125_000_050, 'Kenya Shillings One Million Two Hundred and Fifty Thousand and Fifty Cents Only'],
    [101, 'Kenya Shillings One and One Cent Only'],
    [75, 'Kenya Shillings Zero and Seventy-Five Cents Only'],
  ])('%d cents → %s', (cents, words) => {
    expect(kesInWords(cents)).toBe(words);
  });

  it('refuses negative, fractional and out-of-range amounts', () => {
    expect(() => kesInWords(-100)).toThrow(RangeError);
    expect(() => kesInWords(10.5)).toThrow(RangeError);
    expect(() => numberInWords(1e15)).toThrow(RangeError);
    expect(() => numberInWords(Number.NaN)).toThrow(RangeError);
  });
});
