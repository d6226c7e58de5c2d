import i18next from 'i18next';

/**
 * The languages EduFam speaks (issue 36 §1, decision 0031): English, the spec's own strings, and
 * Kiswahili as a Kenyan school writes it. `en` is always the fallback; a Kiswahili key is never
 * missing (the catalogue's types and tests/i18n-catalogue.test.ts make sure).
 */
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag Intl formats with: dates dd/mm/yyyy, KES grouping as Kenyans write them. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-KE', sw: 'sw-KE' };

/** The language's own name, as the language picker shows it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/** `'sw'`, `'sw-KE'`, `'SW'` → 'sw'; `'en-GB'` → 'en'; anything else → undefined. */
export function parseLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : undefined;
}

/**
 * The first supported language of an Accept-Language header ("sw-KE,sw;q=0.9,en;q=0.8" → 'sw'),
 * by q-value; undefined when none is supported (RFC 9110 §12.5.4).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { locale: parseLocale(tag), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.locale && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.locale;
}

/**
 * The one i18next instance of a process. It holds every namespace of the catalogue (registered by
 * `localized`) in both languages and, in the browser, the language the person chose; on the server
 * the language of a request or a recipient comes from `setLocaleSource` (AsyncLocalStorage), since
 * one process answers many people at once.
 */
export const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
  returnObjects: true,
  showSupportNotice: false,
});

let source: () => Locale | undefined = () => parseLocale(i18n.language);

/**
 * Where the current language comes from (the server sets its AsyncLocalStorage reader here). Returns
 * the reader it replaces, for a caller that puts it back.
 */
export function setLocaleSource(read: () => Locale | undefined): () => Locale | undefined {
  const previous = source;
  source = read;
  return previous;
}

/** The language strings are read in right now: the request's, the recipient's or the browser's. */
export function currentLocale(): Locale {
  return source() ?? DEFAULT_LOCALE;
}

/** The Intl tag of the current language ('en-KE' or 'sw-KE'), for toLocaleString and Intl.* */
export function intlLocale(locale: Locale = currentLocale()): string {
  return INTL_TAGS[locale];
}
