import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueTables, isLocalizedTable, perLocale, translateEnglish } from '../src/shared/i18n/localized.js';
import { localeFromAcceptLanguage, parseLocale, setLocaleSource, type Locale } from '../src/shared/i18n/locale.js';
import { wingi } from '../src/shared/i18n/plural-sw.js';
// @ts-expect-error: a plain ES module script (scripts/i18n-captures.mjs), run by the lint step too
import { findCaptures, sourceFiles } from '../scripts/i18n-captures.mjs';

/**
 * The catalogue in both languages (issue 36 §1, decision 0031): every English table has a Kiswahili
 * table of the same shape, no Kiswahili entry is an English sentence left untranslated, every table of
 * the message files is registered, and no module reads a catalogue string once at load (it would stay
 * in the language of that moment).
 */
const root = path.resolve(import.meta.dirname, '..');
const messageDir = path.join(root, 'src/shared/messages');

async function loadCatalogue(): Promise<Record<string, Record<string, unknown>>> {
  const modules: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(messageDir).filter((f) => f.endsWith('.ts')).sort()) modules[file] = await import(path.join(messageDir, file));
  modules['messages.ts'] = await import(path.join(root, 'src/shared/messages.ts'));
  return modules;
}

/** English kept in the Kiswahili catalogue on purpose: headers of files the Ministry and KNEC read back. */
const KEPT_IN_ENGLISH = [
  /^kemis\/kemisMessages\.columns\./,
  /^knec\/knecMessages\.columns\./,
  // A sample statement as a Kenyan bank prints it (in English), and an e-mail address.
  /^bank-statements\/bankStatementMessages\.sample\./,
  /^system-settings-screens\/systemSettingsScreens\.email\.fromPlaceholder$/,
];
const ENGLISH_WORDS = /\b(the|and|your|is|are|to|of|this|with|for|not|be|has|have|was|will|could|cannot|please|enter|choose|try|again|no|yes|save|cancel)\b/i;

function shapeProblems(en: unknown, sw: unknown, at: string, out: string[]): void {
  if (typeof en === 'function') {
    if (typeof sw !== 'function') out.push(`${at}: Kiswahili is not a message function`);
    else if (sw.length !== en.length) out.push(`${at}: takes ${sw.length} parameters, English takes ${en.length}`);
    return;
  }
  if (typeof en === 'string') {
    if (typeof sw !== 'string' || (sw.trim() === '' && en.trim() !== '')) out.push(`${at}: no Kiswahili`);
    return;
  }
  if (en && typeof en === 'object') {
    if (!sw || typeof sw !== 'object') return void out.push(`${at}: no Kiswahili table`);
    const missing = Object.keys(en).filter((k) => !(k in sw));
    for (const k of missing) out.push(`${at}.${k}: no Kiswahili`);
    for (const [k, v] of Object.entries(en)) if (k in sw) shapeProblems(v, (sw as Record<string, unknown>)[k], `${at}.${k}`, out);
  }
}

function untranslated(en: unknown, sw: unknown, at: string, out: string[]): void {
  if (typeof en === 'string') {
    if (en === sw && ENGLISH_WORDS.test(en) && !KEPT_IN_ENGLISH.some((re) => re.test(at))) out.push(`${at}: ${en}`);
    return;
  }
  if (en && typeof en === 'object') for (const [k, v] of Object.entries(en)) untranslated(v, (sw as Record<string, unknown>)?.[k], `${at}.${k}`, out);
}

function withLocale<T>(locale: Locale, fn: () => T): T {
  const previous = setLocaleSource(() => locale);
  try {
    return fn();
  } finally {
    setLocaleSource(previous);
  }
}

describe('message catalogue in English and Kiswahili', () => {
  it('has a Kiswahili entry of the same shape for every English key', async () => {
    await loadCatalogue();
    const tables = catalogueTables();
    expect(tables.size).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const [ns, { en, translations }] of tables) shapeProblems(en, translations.sw, ns, problems);
    expect(problems).toEqual([]);
  });

  it('leaves no English sentence in the Kiswahili catalogue', async () => {
    await loadCatalogue();
    const left: string[] = [];
    for (const [ns, { en, translations }] of catalogueTables()) untranslated(en, translations.sw, ns, left);
    expect(left).toEqual([]);
  });

  it('registers every table of text in the message files', async () => {
    const modules = await loadCatalogue();
    const hasText = (v: unknown): boolean =>
      typeof v === 'string' ? /[A-Z ]/.test(v) : typeof v === 'function' ? true : !!v && typeof v === 'object' && Object.values(v).some(hasText);
    // Codes and date patterns, not words: the bank date formats name themselves in any language.
    const notText = new Set(['messages', 'BANK_DATE_FORMAT_LABELS', 'COMPLETENESS_CHECKS']);
    const unregistered = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([name, value]) => !notText.has(name) && value && typeof value === 'object' && hasText(value) && !isLocalizedTable(value))
        .map(([name]) => `${file}: ${name}`),
    );
    expect(unregistered).toEqual([]);
  });

  it('answers in the current language, nested tables and functions included', async () => {
    const { messages } = await import('../src/shared/messages.js');
    const { relativeTimeMessages } = await import('../src/shared/messages/dates.js');
    const signIn = messages.login;
    expect(withLocale('en', () => signIn.signIn)).toBe('Sign In');
    expect(withLocale('sw', () => signIn.signIn)).not.toBe('Sign In');
    expect(withLocale('en', () => relativeTimeMessages.minutesAgo(5))).toBe('5 min ago');
    expect(withLocale('sw', () => relativeTimeMessages.minutesAgo(5))).toBe('dakika 5 zilizopita');
    expect(withLocale('sw', () => Object.keys(signIn))).toEqual(Object.keys(withLocale('en', () => ({ ...signIn }))));
    // A schema message fixed in English at load comes back in the reader's language.
    expect(withLocale('sw', () => translateEnglish('Enter a real date as dd/mm/yyyy, e.g. 28/11/2026.'))).toBe(
      'Andika tarehe halisi kwa mpangilio dd/mm/yyyy, mfano 28/11/2026.',
    );
    expect(withLocale('sw', () => translateEnglish('Wanjiku Kamau'))).toBe('Wanjiku Kamau');
    const labels = perLocale(() => ({ title: messages.login.signIn }));
    expect(withLocale('sw', () => labels.title)).toBe(withLocale('sw', () => messages.login.signIn));
    expect(withLocale('en', () => labels.title)).toBe('Sign In');
  });

  it('writes Kiswahili counts noun first and reads language tags', () => {
    expect(wingi(1, 'mwanafunzi', 'wanafunzi')).toBe('mwanafunzi 1');
    expect(wingi(1250, 'mwanafunzi', 'wanafunzi')).toBe('wanafunzi 1,250');
    expect(parseLocale('sw-KE')).toBe('sw');
    expect(parseLocale('fr')).toBeUndefined();
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR, sw;q=0.8, en;q=0.5')).toBe('sw');
    expect(localeFromAcceptLanguage('fr-FR')).toBeUndefined();
  });

  it('reads no catalogue string once at module load', async () => {
    const files = sourceFiles(path.join(root, 'src')).map((f: string) => path.relative(root, f));
    expect(await findCaptures(files)).toEqual([]);
  });
});
