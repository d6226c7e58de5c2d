/**
 * A count with its noun: "1 learner", "2 learners", "1,250 learners". The form comes from
 * Intl.PluralRules of the language (English today; Kiswahili is coming), not from `n === 1`, and the
 * number is written as Kenyans write it (en-KE grouping) unless `grouping` is false.
 */
const rules = new Intl.PluralRules('en-KE');

export function plural(n: number, one: string, many = `${one}s`, grouping = true): string {
  return `${grouping ? n.toLocaleString('en-KE') : String(n)} ${pluralWord(n, one, many)}`;
}

/**
 * The noun alone in the form `n` takes, for text where the number is shown apart (a KPI's value above
 * its hint): pluralWord(1, 'category', 'categories') → "category", pluralWord(3, …) → "categories".
 * Same Intl.PluralRules (en-KE) as `plural`.
 */
export function pluralWord(n: number, one: string, many = `${one}s`): string {
  return rules.select(n) === 'one' ? one : many;
}

/**
 * A count of a unit someone typed in (inventory units are free text: "box", "ream", "piece", "kg"):
 * "1 box", "8 boxes", "3 reams", "5 kg". English rules for the unit's last word: -s/-x/-z/-ch/-sh
 * take "es", a consonant + y takes "ies", others "s"; a word without a vowel (kg, ml, pcs) or not of
 * letters is an abbreviation or a number and stays as it is. Number grouping as `plural`.
 */
export function pluralUnit(n: number, unit: string): string {
  const match = /^(.*?)([A-Za-z]+)$/.exec(unit);
  const word = match?.[2] ?? '';
  if (!match || !/[aeiouAEIOU]/.test(word)) return `${n.toLocaleString('en-KE')} ${unit}`;
  const many = /(s|x|z|ch|sh)$/i.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  return plural(n, unit, `${match[1]}${many}`);
}
