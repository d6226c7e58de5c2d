import { describe, expect, it } from 'vitest';
import { setLocaleSource } from './i18n/locale.js';
import { kesInWords, numberInWords, numberInWordsSw } from './money.js';

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

describe('amounts in words in Kiswahili (a Kiswahili receipt)', () => {
  it.each([
    [0, 'sifuri'],
    [1, 'moja'],
    [15, 'kumi na tano'],
    [20, 'ishirini'],
    [100, 'mia moja'],
    [105, 'mia moja na tano'],
    [310, 'mia tatu na kumi'],
    [355, 'mia tatu hamsini na tano'],
    [1_000, 'elfu moja'],
    [1_001, 'elfu moja na moja'],
    [2_500, 'elfu mbili na mia tano'],
    [12_550, 'elfu kumi na mbili, mia tano na hamsini'],
    [100_000, 'laki moja'],
    [125_728, 'laki moja, elfu ishirini na tano, mia saba ishirini na nane'],
    [450_000, 'laki nne na elfu hamsini'],
    [1_250_000, 'milioni moja, laki mbili na elfu hamsini'],
    [10_000_000, 'milioni kumi'],
    [525_000_000, 'milioni mia tano ishirini na tano'],
    [2_000_000_017, 'bilioni mbili, kumi na saba'],
  ])('%d → %s', (n, words) => {
    expect(numberInWordsSw(n)).toBe(words);
  });

  it.each([
    [0, 'Shilingi sifuri tu'],
    [100, 'Shilingi moja tu'],
    [1_500, 'Shilingi kumi na tano tu'],
    [10_000, 'Shilingi mia moja tu'],
    [100_000, 'Shilingi elfu moja tu'],
    [1_255_050, 'Shilingi elfu kumi na mbili, mia tano na hamsini na senti hamsini tu'],
    [10_000_000, 'Shilingi laki moja tu'],
    [125_000_000, 'Shilingi milioni moja, laki mbili na elfu hamsini tu'],
    [101, 'Shilingi moja na senti moja tu'],
    [75, 'Shilingi sifuri na senti sabini na tano tu'],
  ])('%d cents → %s', (cents, words) => {
    expect(kesInWords(cents, 'sw')).toBe(words);
  });

  it('follows the current language when none is given', () => {
    const previous = setLocaleSource(() => 'sw');
    try {
      expect(kesInWords(1_255_050)).toBe('Shilingi elfu kumi na mbili, mia tano na hamsini na senti hamsini tu');
    } finally {
      setLocaleSource(previous);
    }
    expect(kesInWords(1_255_050)).toBe('Kenya Shillings Twelve Thousand Five Hundred and Fifty and Fifty Cents Only');
  });

  it('refuses negative, fractional and out-of-range amounts', () => {
    expect(() => kesInWords(-100, 'sw')).toThrow(RangeError);
    expect(() => numberInWordsSw(1.5)).toThrow(RangeError);
    expect(() => numberInWordsSw(1e15)).toThrow(RangeError);
  });
});
