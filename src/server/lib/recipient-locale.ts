import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, parseLocale, type Locale } from '../../shared/i18n/locale.js';
import { schools } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';

/**
 * The language of a message the server writes for one person (issue 36 §1 and §2, decision 0031):
 * an account holder reads their own saved language (profiles.locale); a guardian reached by phone or
 * e-mail reads guardians.preferred_language, and without one the school's default
 * (schools.default_locale). Render the message inside `withLocale(locale, ...)` (request-locale.ts).
 */

/** The language of an account holder: profiles.locale ('en' | 'sw'); anything else, or none, is English. */
export function accountLocale(profileLocale: string | null | undefined): Locale {
  return parseLocale(profileLocale) ?? DEFAULT_LOCALE;
}

/**
 * The language of a guardian reached by SMS or e-mail: their preferred_language when set, else the
 * school's default_locale, else English.
 */
export function guardianLocale(preferredLanguage: string | null | undefined, schoolDefault: string | null | undefined): Locale {
  return parseLocale(preferredLanguage) ?? parseLocale(schoolDefault) ?? DEFAULT_LOCALE;
}

/** The school's default language (schools.default_locale), English when the school is unknown. */
export async function schoolDefaultLocale(tx: Tx, schoolId: string): Promise<Locale> {
  const [row] = await tx.select({ locale: schools.defaultLocale }).from(schools).where(eq(schools.id, schoolId));
  return parseLocale(row?.locale) ?? DEFAULT_LOCALE;
}

/** `items` grouped by language, in first-seen order (one stored notification text per language). */
export function groupByLocale<T>(items: readonly T[], localeOf: (item: T) => Locale): Map<Locale, T[]> {
  const groups = new Map<Locale, T[]>();
  for (const item of items) {
    const locale = localeOf(item);
    const group = groups.get(locale);
    if (group) group.push(item);
    else groups.set(locale, [item]);
  }
  return groups;
}
