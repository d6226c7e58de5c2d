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
