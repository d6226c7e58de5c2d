import pluralize from 'pluralize';
import { pluralWord } from './plural.js';

/**
 * Counts of inventory units, which schools type in themselves ("box", "ream", "piece", "kg",
 * "bag of 50"): "8 boxes", "1 box", "23 sets", "1,150 pieces" (issue 34). The one/other choice is
 * Intl.PluralRules' (pluralWord, en-KE); the English plural of the noun is the pluralize library's
 * (box → boxes, copy → copies, batch → batches, keeping the typed capitals). Left as typed: an
 * abbreviation (no vowel, or all capitals: kg, kgs, ml, pcs, L), a word that is already plural, and
 * counting words whose plural is the same (dozen, gross, pax, each). Of "bag of 50" or "roll of tape"
 * only the first word takes the plural ("bags of 50").
 */
const SAME_IN_PLURAL = new Set(['dozen', 'gross', 'pax', 'each']);

function pluralNoun(word: string): string {
  if (!/[aeiouy]/i.test(word) || (word.length > 1 && word === word.toUpperCase()) || word.length === 1) return word;
  if (SAME_IN_PLURAL.has(word.toLowerCase()) || pluralize.isPlural(word)) return word;
  return pluralize.plural(word);
}

/** The unit in the form `n` takes: unitWord(1, 'box') → "box", unitWord(8, 'box') → "boxes". */
export function unitWord(n: number, unit: string): string {
  const typed = unit.trim();
  const match = /^([A-Za-z]+)(.*)$/.exec(typed);
  if (!match) return typed;
  return pluralWord(n, typed, `${pluralNoun(match[1]!)}${match[2]}`);
}

/** A count with its unit, the number grouped as Kenyans write it: unitCount(1150, 'piece') → "1,150 pieces". */
export function unitCount(n: number, unit: string): string {
  return `${n.toLocaleString('en-KE')} ${unitWord(n, unit)}`;
}
