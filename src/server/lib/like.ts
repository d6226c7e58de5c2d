import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/**
 * LIKE / ILIKE patterns from what a person typed (issue 33: one helper instead of a copy per module).
 * PostgreSQL's default escape character is the backslash, so `\`, `%` and `_` are escaped with it and
 * match themselves: a search for "50%" or "a_b" finds those characters, not every row.
 */

/** `text` with the LIKE wildcards (\, %, _) escaped, to be matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern that matches `text` literally anywhere in the value: `%text%`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * A search over several text columns: true when any of `columns` contains `text` literally, case
 * aside (`col1 ILIKE '%text%' OR col2 ILIKE '%text%' …`). Columns may be SQL expressions.
 */
export function containsAny(text: string, columns: (Column | SQL)[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
