import { ApiError } from '@/lib/api';

/**
 * The text to show for a failed call: the server's own message (the spec's wording) when the server
 * answered, otherwise the given fallback (network failure, timeout, anything unexpected).
 */
export function serverMessageOr(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0 && err.message) return err.message;
  return fallback;
}
