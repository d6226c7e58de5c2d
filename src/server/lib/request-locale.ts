import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, localeFromAcceptLanguage, parseLocale, setLocaleSource, type Locale } from '../../shared/i18n/locale.js';

/**
 * The language of what the server writes right now (issue 36 §1, decision 0031): a request's answer
 * (errors, PDFs, spreadsheets), or a message for one recipient (`withLocale`). The message catalogue
 * (shared/i18n/localized.ts) reads it on every key, so one process can answer a Kiswahili reader and
 * an English one at the same moment.
 */
const storage = new AsyncLocalStorage<{ locale: Locale; explicit: boolean }>();
setLocaleSource(() => storage.getStore()?.locale);

/**
 * The header the web app sends with the language on screen, so an answer (an error, a PDF) matches
 * the screen; integrations may send it too. Values 'en' | 'sw'.
 */
export const LOCALE_HEADER = 'x-edufam-locale';

/** Runs `fn` with the catalogue reading `locale` (an SMS to a guardian, a PDF printed for them). */
export function withLocale<T>(locale: Locale | null | undefined, fn: () => T): T {
  return storage.run({ locale: locale ?? DEFAULT_LOCALE, explicit: true }, fn);
}

/**
 * Every request runs in its own language scope, from the X-EduFam-Locale header, else the browser's
 * Accept-Language; `adoptUserLocale` then puts a signed-in person's saved language in place of the
 * browser's. The hook uses the callback form so the rest of the request runs inside `storage.run`.
 */
export function registerRequestLocale(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const chosen = parseLocale(request.headers[LOCALE_HEADER]);
    const locale = chosen ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
    storage.run({ locale, explicit: chosen !== undefined }, done);
  });
}

/**
 * A signed-in person's saved language (profiles.locale) answers their requests unless the request
 * names its language in X-EduFam-Locale. Called by the access gate once the user is known.
 */
export function adoptUserLocale(locale: string | null | undefined): void {
  const store = storage.getStore();
  const saved = parseLocale(locale);
  if (store && saved && !store.explicit) store.locale = saved;
}

/** The language the current request (or `withLocale` scope) answers in; the default outside both. */
export function requestLocale(): Locale {
  return storage.getStore()?.locale ?? DEFAULT_LOCALE;
}
