import type { z } from 'zod';
import { ApiError } from '@/lib/api';
import { translateEnglish } from '@shared/i18n/localized';

/** Field messages of a failed parse, keyed by dotted path ("guardians.0.phone"); the first message per field. */
export function issuesToFields(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    out[key] ??= translateEnglish(issue.message);
  }
  return out;
}

/** The server's field errors of a failed call (400 with `fields`), or none. */
export function apiFields(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.fields ? err.fields : {};
}

/** True for the server's "stream is full" answer (409 OVER_CAPACITY): the principal may go over. */
export function isOverCapacity(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 409 && err.code === 'OVER_CAPACITY';
}
