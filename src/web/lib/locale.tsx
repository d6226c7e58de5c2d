import * as React from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n, parseLocale, type Locale } from '@shared/i18n/locale';

const STORAGE_KEY = 'edufam-locale';
/** Set when the language was picked before signing in, so the sign-in saves it to the profile. */
const PICKED_KEY = 'edufam-locale-picked';

function initialLocale(): Locale {
  const saved = typeof localStorage !== 'undefined' ? parseLocale(localStorage.getItem(STORAGE_KEY)) : undefined;
  if (saved) return saved;
  const browser = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return browser.map(parseLocale).find((l) => l === 'sw') ?? 'en';
}

function apply(locale: Locale) {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

// The language is known before the first render: the catalogue reads i18n.language on every key.
apply(initialLocale());

/**
 * The language on screen (issue 36 §1): English or Kiswahili, kept in this browser and, once signed
 * in, in the person's profile (PATCH /api/profile { locale }); a saved profile language wins over the
 * browser's on sign-in. `picked` marks a choice made on the login page, saved to the profile after
 * sign-in.
 */
export function setScreenLocale(locale: Locale, picked = false): void {
  localStorage.setItem(STORAGE_KEY, locale);
  if (picked) sessionStorage.setItem(PICKED_KEY, locale);
  apply(locale);
}

/** The language picked on the login page this visit, if any (then cleared). */
export function takePickedLocale(): Locale | undefined {
  const picked = parseLocale(sessionStorage.getItem(PICKED_KEY));
  sessionStorage.removeItem(PICKED_KEY);
  return picked;
}

/** Provides i18next to React and re-renders on a language change (react-i18next). */
export function LocaleProvider({ children }: { children: React.ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** The language on screen; components re-render when it changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return parseLocale(instance.language) ?? 'en';
}

/**
 * Re-mounts its children when the language changes, so every screen (and anything a component
 * computed once, in a memo or state) is drawn again in the new language. Cached data stays.
 */
export function LocaleBoundary({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  return <React.Fragment key={locale}>{children}</React.Fragment>;
}
