import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';

/**
 * The server's own error message (the spec's wording), or null when there is none: no answer (network
 * failure, timeout), an answer without an error body (api() then names the code HTTP_<status>), or
 * anything unexpected.
 */
export function returnedMessage(err: unknown): string | null {
  if (err instanceof ApiError && err.status > 0 && err.message && !err.code.startsWith('HTTP_')) return err.message;
  return null;
}

/**
 * The text to show for a failed call: the server's own message when it returned one, otherwise the
 * given fallback.
 */
export function serverMessageOr(err: unknown, fallback: string): string {
  return returnedMessage(err) ?? fallback;
}

/**
 * Spec §5 Login: a failed sign-in shows the returned error, or "Login failed. Please try again." when
 * the server answered without one (e.g. a body-less 500); unexpected errors (no answer at all) show "An
 * unexpected error occurred. Please try again."
 */
export function signInFailureMessage(err: unknown): string {
  const returned = returnedMessage(err);
  if (returned) return returned;
  if (err instanceof ApiError && err.status > 0) return messages.login.failed;
  return messages.login.unexpected;
}
