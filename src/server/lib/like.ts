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
