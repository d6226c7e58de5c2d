/** The record's field `K` as a form's text box holds it: a missing value (null or undefined) is ''. */
export type TextValues<T, K extends keyof T> = { [P in K]: NonNullable<T[P]> | '' };

/**
 * The `keys` of `record` as a form's default values for text boxes (and selects): each value as it is,
 * a missing one (null or undefined) as '' so the box starts empty. E.g. an edit form's optional fields.
 */
export function textValues<T, K extends keyof T>(record: T, keys: readonly K[]): TextValues<T, K> {
  return Object.fromEntries(keys.map((k) => [k, record[k] ?? ''])) as TextValues<T, K>;
}
