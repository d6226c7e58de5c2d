import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { catalogueTables } from '../../src/shared/i18n/localized';
import { setLocaleSource, type Locale } from '../../src/shared/i18n/locale';

/**
 * Kiswahili journeys' aids (issue 36 §1): the catalogue read in one language, and a check that a
 * screen in Kiswahili shows no English catalogue string.
 */

/** A catalogue value as a reader of `locale` sees it (default Kiswahili). */
export function inLocale<T>(read: () => T, locale: Locale = 'sw'): T {
  const previous = setLocaleSource(() => locale);
  try {
    return read();
  } finally {
    setLocaleSource(previous);
  }
}
export const sw = <T>(read: () => T): T => inLocale(read, 'sw');

let english: Set<string> | null = null;

/**
 * Names the demo school typed that happen to match an English catalogue label: its fee items ("Tuition",
 * "Lunch", as the fee categories are called), expense categories ("Examinations", "Other"), departments
 * ("Finance", "Health", "Maintenance", "Security") and staff job titles ("Teacher", "Driver", "Finance
 * Officer"). School data stays as typed, in any language.
 */
const SCHOOL_DATA = new Set([
  'Tuition',
  'Lunch',
  'Transport',
  'Boarding',
  'Activity',
  'Uniform',
  'Examinations',
  'Other',
  'Finance',
  'Health',
  'Maintenance',
  'Security',
  'Teacher',
  'Driver',
  'Finance Officer',
]);

/**
 * Every English string of the catalogue whose Kiswahili differs (so one seen on a Kiswahili screen is
 * English left over), at least two letters long. Loads every message file first.
 */
export async function englishStrings(): Promise<Set<string>> {
  if (english) return english;
  const dir = path.resolve(import.meta.dirname, '../../src/shared/messages');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) await import(path.join(dir, file));
  await import('../../src/shared/messages');
  const out = new Set<string>();
  const walk = (en: unknown, sw: unknown) => {
    if (typeof en === 'string') {
      // Three letters at least: "OK" reads the same in both.
      if (en !== sw && /[A-Za-z]{3,}/.test(en)) out.add(en.trim());
      return;
    }
    if (en && typeof en === 'object') for (const [k, v] of Object.entries(en)) walk(v, (sw as Record<string, unknown> | undefined)?.[k]);
  };
  for (const { en, translations } of catalogueTables().values()) walk(en, translations.sw);
  english = out;
  return out;
}

/**
 * Fails when a line of text on the page (or a button's, link's, input's accessible text) is an English
 * catalogue string: a screen in Kiswahili must not show English (issue 36 §1).
 */
export async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const strings = await englishStrings();
  const texts = await page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((l) => l.trim()).filter(Boolean);
    const attrs = [...document.querySelectorAll('[aria-label],[placeholder],[title]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .flatMap((el) => ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a)).filter((v): v is string => !!v));
    return [...lines, ...attrs];
  });
  const english = [...new Set(texts.filter((t) => strings.has(t) && !SCHOOL_DATA.has(t)))];
  expect.soft(english, `English on the Kiswahili screen ${where}`).toEqual([]);
}
