import { describe, expect, it } from 'vitest';
import { unitCount, unitWord } from './plural-unit.js';

// Issue 34: the store's units read "8 boxes", not "8 box".
describe('unitCount', () => {
  it('writes the English plural of the units schools use', () => {
    expect(unitCount(8, 'box')).toBe('8 boxes');
    expect(unitCount(23, 'set')).toBe('23 sets');
    expect(unitCount(1150, 'piece')).toBe('1,150 pieces');
    expect(unitCount(3, 'ream')).toBe('3 reams');
    expect(unitCount(20, 'litre')).toBe('20 litres');
    expect(unitCount(6, 'bottle')).toBe('6 bottles');
    expect(unitCount(4, 'packet')).toBe('4 packets');
    expect(unitCount(2, 'bag')).toBe('2 bags');
    expect(unitCount(9, 'tin')).toBe('9 tins');
    expect(unitCount(5, 'roll')).toBe('5 rolls');
    expect(unitCount(40, 'pair')).toBe('40 pairs');
    expect(unitCount(2, 'copy')).toBe('2 copies');
    expect(unitCount(3, 'batch')).toBe('3 batches');
  });

  it('keeps the singular for one', () => {
    expect(unitCount(1, 'box')).toBe('1 box');
    expect(unitCount(1, 'copy')).toBe('1 copy');
    expect(unitWord(1, 'piece')).toBe('piece');
  });

  it('uses the plural for zero and fractions', () => {
    expect(unitCount(0, 'box')).toBe('0 boxes');
    expect(unitCount(2.5, 'litre')).toBe('2.5 litres');
  });

  it('leaves abbreviations, counting words and plurals as typed', () => {
    expect(unitCount(5, 'kg')).toBe('5 kg');
    expect(unitCount(5, 'kgs')).toBe('5 kgs');
    expect(unitCount(12, 'pcs')).toBe('12 pcs');
    expect(unitCount(3, 'ml')).toBe('3 ml');
    expect(unitCount(4, 'L')).toBe('4 L');
    expect(unitCount(2, 'KG')).toBe('2 KG');
    expect(unitCount(7, 'dozen')).toBe('7 dozen');
    expect(unitCount(10, 'pax')).toBe('10 pax');
  });

  it('pluralises the first word of a longer unit and keeps the capitals typed', () => {
    expect(unitCount(4, 'bag of 50')).toBe('4 bags of 50');
    expect(unitCount(2, 'roll of tape')).toBe('2 rolls of tape');
    expect(unitCount(8, 'Box')).toBe('8 Boxes');
    expect(unitWord(3, ' ream ')).toBe('reams');
  });
});
