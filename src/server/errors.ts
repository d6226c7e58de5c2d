/**
 * An error the API reports to the caller as `{ error: { code, message, fields? } }` with `status`.
 * Services throw it; the error handler (plugins/errors.ts) renders it. Anything else is a 500 with a
 * generic message and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: Record<string, string>; retryAfterSeconds?: number; /** Machine-readable detail, e.g. the timetable precheck's issues. */ details?: unknown } = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'BAD_REQUEST', message, { fields });
export const unauthorized = (message: string, code = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
