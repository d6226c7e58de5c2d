import { DEFAULT_TIMEOUT_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { currentLocale } from '@shared/i18n/locale';

/** The language on screen, sent with every call so errors and files come back in it (server lib/request-locale.ts). */
const LOCALE_HEADER = 'x-edufam-locale';

/** An error answer of the API: `{ error: { code, message, fields?, details?, requestId } }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The error's machine-readable `details` when the server sent them (e.g. an import file's headers). */
    readonly details?: unknown,
    /** The server's id of the request (`x-request-id`, issue 37 §3): what support looks up in the logs. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Spec §7 API helper: 30 s timeout, 2 retries with exponential backoff from 1 s, slow queries logged. */
export const API_TIMEOUT_MS = 30_000;
export const API_READ_RETRIES = 2;
export const API_RETRY_BASE_MS = 1_000;
export const SLOW_REQUEST_MS = 1_000;

/** Options of `api`: a JSON body, a timeout, and how often a read is retried when the network fails. */
export type ApiInit = RequestInit & { json?: unknown; timeoutMs?: number; retries?: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * JSON call to the EduFam API with the session cookie. Throws ApiError with the server's message (the
 * spec's wording), or with status 0 for network failures and timeouts. A read (GET) that could not
 * reach the server is retried `retries` times (default 2) after 1 s, 2 s, ... (spec §7 API helper);
 * an answer, even an error, is never asked again here (the data cache decides). A request slower than
 * 1000 ms is logged with console.warn in development.
 */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { retries, ...once } = init;
  const method = (init.method ?? 'GET').toUpperCase();
  const tries = 1 + (method === 'GET' ? Math.max(0, retries ?? API_READ_RETRIES) : 0);
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiOnce<T>(path, once);
    } catch (err) {
      const unreachable = err instanceof ApiError && err.code === 'NETWORK';
      if (!unreachable || attempt + 1 >= tries || init.signal?.aborted) throw err;
      await sleep(API_RETRY_BASE_MS * 2 ** attempt);
    }
  }
}

/**
 * Rejects with ApiError TIMEOUT "Operation timed out" (spec §8) when `promise` has not settled within
 * `ms` (default: the spec §9 default timeout helper, 10 s).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number = DEFAULT_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(0, 'TIMEOUT', messages.login.operationTimedOut)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function logIfSlow(method: string, path: string, started: number) {
  const ms = Math.round(performance.now() - started);
  // Spec §7: queries slower than 1000 ms are logged (in development; production consoles stay quiet).
  if (ms > SLOW_REQUEST_MS && import.meta.env.DEV) console.warn(`Slow request: ${method} ${path} took ${ms} ms`);
}

async function apiOnce<T>(path: string, init: RequestInit & { json?: unknown; timeoutMs?: number }): Promise<T> {
  const { json, timeoutMs = API_TIMEOUT_MS, headers, ...rest } = init;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), accept: 'application/json', [LOCALE_HEADER]: currentLocale(), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      signal: rest.signal ?? controller.signal,
    });
  } catch (err) {
    const aborted = err instanceof DOMException && err.name === 'AbortError';
    throw new ApiError(0, aborted ? 'TIMEOUT' : 'NETWORK', aborted ? messages.friendly.timeout : messages.friendly.network);
  } finally {
    clearTimeout(timer);
    logIfSlow((rest.method ?? 'GET').toUpperCase(), path, started);
  }
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = body?.error;
    const requestId = typeof e?.requestId === 'string' ? e.requestId : (res.headers.get('x-request-id') ?? undefined);
    throw new ApiError(res.status, e?.code ?? 'HTTP_' + res.status, e?.message ?? messages.api.serverError, e?.fields, e?.details, requestId);
  }
  return body as T;
}
