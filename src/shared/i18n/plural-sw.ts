import { intlLocale } from './locale.js';

/**
 * A Kiswahili count with its noun, noun first as Kiswahili writes it: wingi(1, 'mwanafunzi',
 * 'wanafunzi') → "mwanafunzi 1", wingi(1250, …) → "wanafunzi 1,250". Kiswahili marks the plural on
 * the noun's class prefix (m-/wa-, ki-/vi-, ji-/ma-), so both forms are given; Intl.PluralRules('sw')
 * chooses between them. For tables of the Kiswahili catalogue (src/shared/messages/sw).
 */
const rules = new Intl.PluralRules('sw');

export function wingi(n: number, one: string, many: string, grouping = true): string {
  const count = grouping ? n.toLocaleString(intlLocale('sw')) : String(n);
  return `${rules.select(n) === 'one' ? one : many} ${count}`;
}

/** The noun alone in the form `n` takes (for a number shown apart, as in a KPI card). */
export function wingiNeno(n: number, one: string, many: string): string {
  return rules.select(n) === 'one' ? one : many;
}
