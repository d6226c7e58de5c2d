import { currentLocale, i18n, type Locale } from './locale.js';

/**
 * The shape a translation of an English message table must have: the same keys, strings for
 * strings (any wording), the same parameters for message functions, the same nesting. A Kiswahili
 * table missing a key, or with a function taking other parameters, does not compile.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translation<R>
    : T extends readonly (infer U)[]
      ? readonly Translation<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;

const registered = new Map<string, { en: object; translations: Record<Exclude<Locale, 'en'>, object> }>();

/**
 * One message table of the catalogue in every language (issue 36 §1, decision 0031). Registers the
 * English table and its translations as i18next resource bundles under `namespace` and returns the
 * English table wrapped so that reading a key (`feesMessages.amountInvalid`, a message function, a
 * nested label map) answers in the current language (`currentLocale()`). Keys, `Object.keys` and
 * spreading follow the English table, so callers need no change. A string or function read once at
 * module load stays in the language of that moment (scripts/i18n-captures.mjs finds those).
 */
export function localized<T extends object>(
  namespace: string,
  english: T,
  translations: { sw: NoInfer<Translation<T>> },
): T {
  if (registered.has(namespace)) throw new Error(`Message namespace registered twice: ${namespace}`);
  registered.set(namespace, { en: english, translations });
  // skipCopy: i18next would JSON-copy the table and drop its message functions (the option is in
  // ResourceStore.addResourceBundle, not in its published types).
  const store = i18n.store as unknown as {
    addResourceBundle(lng: string, ns: string, res: object, deep: boolean, overwrite: boolean, options: object): void;
  };
  store.addResourceBundle('en', namespace, english, false, true, { silent: true, skipCopy: true });
  store.addResourceBundle('sw', namespace, translations.sw, false, true, { silent: true, skipCopy: true });
  return tableProxy(english, translations.sw) as T;
}

/**
 * A view of the English table (or a table nested in it) that answers each read from the
 * current language: strings and message functions from that language's table, nested tables as
 * views of their own (so `const m = messages.financeOverview.overview` read at module load still
 * follows the language). Keys, Object.keys and spreading follow English (the same keys in both).
 */
const tables = new WeakSet<object>();

/** Is `value` a table of the catalogue (made by `localized`, or a table nested in one)? */
export function isLocalizedTable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && tables.has(value);
}

function tableProxy(english: object, sw: unknown): object {
  const children = new Map<string, object>();
  const proxy = new Proxy(english, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(target, key)) return value;
      if (value && typeof value === 'object') {
        let child = children.get(key);
        if (!child) children.set(key, (child = tableProxy(value, (sw as Record<string, unknown> | undefined)?.[key])));
        return child;
      }
      if (currentLocaleIsSw()) {
        const translated = (sw as Record<string, unknown> | undefined)?.[key];
        if (translated !== undefined) return translated;
      }
      return value;
    },
  });
  tables.add(proxy);
  return proxy;
}

function currentLocaleIsSw(): boolean {
  return currentLocale() === 'sw';
}

/** Every registered table (namespace → English and translations), for the catalogue's tests. */
export function catalogueTables(): ReadonlyMap<string, { en: object; translations: Record<'sw', object> }> {
  return registered;
}

let englishIndex: Map<string, string> | null = null;
let indexedTables = 0;

/**
 * The current language's wording of an English catalogue string that was read before a language
 * was known: a validation schema's message fixed when its module loaded (zod keeps the string, not
 * the key), then shown to someone reading Kiswahili. Text that is not a catalogue string (a name,
 * a message from a library) comes back unchanged. Message functions cannot be matched this way; read
 * them where they are shown.
 */
export function translateEnglish(text: string): string {
  if (currentLocale() === 'en') return text;
  if (!englishIndex || indexedTables !== registered.size) {
    englishIndex = new Map();
    indexedTables = registered.size;
    for (const { en, translations } of registered.values()) indexStrings(en, translations.sw, englishIndex);
  }
  return englishIndex.get(text) ?? text;
}

function indexStrings(en: unknown, sw: unknown, index: Map<string, string>): void {
  if (typeof en === 'string') {
    if (typeof sw === 'string' && !index.has(en)) index.set(en, sw);
    return;
  }
  if (!en || typeof en !== 'object' || !sw || typeof sw !== 'object') return;
  for (const [key, value] of Object.entries(en)) indexStrings(value, (sw as Record<string, unknown>)[key], index);
}

/**
 * A table built from catalogue strings at module load (a label map, a column list), built again for
 * each language: `const LABELS = perLocale(() => ({ light: m.themeLight, … }))` reads like the plain
 * object but answers in the current language. The builder runs once per language.
 */
export function perLocale<T extends object>(build: () => T): T {
  const built = new Map<Locale, T>();
  const current = (): T => {
    const locale = currentLocale();
    let table = built.get(locale);
    if (!table) built.set(locale, (table = build()));
    return table;
  };
  const probe = build();
  built.set(currentLocale(), probe);
  return new Proxy(probe, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  });
}
