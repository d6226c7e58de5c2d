import { messages } from '@shared/messages';

/** An error answer of the API: `{ error: { code, message, fields? } }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * JSON call to the EduFam API with the session cookie. Throws ApiError with the server's message (the
 * spec's wording), or with status 0 for network failures and timeouts.
 */
export async function api<T>(path: string, init: RequestInit & { json?: unknown; timeoutMs?: number } = {}): Promise<T> {
  const { json, timeoutMs = DEFAULT_TIMEOUT_MS, headers, ...rest } = init;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      signal: rest.signal ?? controller.signal,
    });
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === 'AbortError';
    throw new ApiError(0, aborted ? 'TIMEOUT' : 'NETWORK', aborted ? messages.friendly.timeout : messages.friendly.network);
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = body?.error;
    throw new ApiError(res.status, e?.code ?? 'HTTP_' + res.status, e?.message ?? messages.api.serverError, e?.fields);
  }
  return body as T;
}
