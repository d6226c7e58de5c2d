import { z } from 'zod';

/**
 * Request fields several contracts share. Each takes its module's message, so the wording stays in
 * that module's catalogue.
 */

/**
 * Trimmed optional text of at most `max` characters (`tooLong(max)` beyond): '' and null mean "none"
 * (null), undefined means "not given" (a PATCH leaves the field as it is).
 */
export const optionalTextField = (max: number, tooLong: (max: number) => string) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
