import { ApiError } from '@/lib/api';

/**
 * A TanStack query's `retry` option: no retry when the API answered with one of `statuses` (e.g. 400,
 * 401, 403, 404: asking again gets the same answer), else retry while fewer than `tries` attempts
 * have failed.
 */
export function retryUnless(statuses: readonly number[], tries = 2): (failureCount: number, error: Error) => boolean {
  return (failureCount, error) => !(error instanceof ApiError && statuses.includes(error.status)) && failureCount < tries;
}

/**
 * A TanStack query's `retry` option for reads whose every 4xx is final (the request itself is wrong or
 * not allowed: asking again gets the same answer): no retry on 400-499, else retry while fewer than
 * `tries` attempts have failed.
 */
export function retryUnlessClientError(tries = 2): (failureCount: number, error: Error) => boolean {
  return (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < tries;
}
