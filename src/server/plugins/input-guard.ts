import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { messages } from '../../shared/messages.js';

/**
 * The NUL character (U+0000) in request input. PostgreSQL cannot store it in text or jsonb ("invalid
 * byte sequence", "unsupported Unicode escape sequence"), so before this guard a NUL anywhere in a
 * body, a query string or a file name reached the database and answered 500 on some 90 routes
 * (issue 32 §3). No legitimate input holds one.
 */
const NUL = '\u0000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `replace`: NULs in the body and query become U+FFFD instead of a 400 (Daraja's callbacks). */
    nul?: 'replace';
  }
}

/** Where `value` first holds a NUL: a dotted path ("body.items.2.name"), or null when it holds none. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const inner = `${path}.${key}`;
    if (key.includes(NUL)) return inner;
    const found = nulPath(item, inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Copy of `value` with every NUL in its strings (and keys) replaced by U+FFFD, for storing as it came. */
export function withoutNul<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replaceAll(NUL, '\uFFFD') as T;
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll(NUL, '\uFFFD'), withoutNul(v, depth + 1)])) as T;
}

/** 400 INVALID_CHARACTER "<field>: contains a character that is not allowed (NUL)." */
export function nulError(path: string): AppError {
  const field = path.replace(/^(body|query|params)\.?/, '') || path;
  const message = messages.api.nulCharacter(field);
  return new AppError(400, 'INVALID_CHARACTER', message, { fields: { [field]: message } });
}

/** Throws nulError when a multipart file name or field holds a NUL (files.service.ts, FET import). */
export function assertNoNulInUpload(part: { filename?: string; fields?: Record<string, unknown> }): void {
  if (part.filename?.includes(NUL)) throw nulError('file');
  for (const [name, field] of Object.entries(part.fields ?? {})) {
    const items = Array.isArray(field) ? field : [field];
    for (const item of items) {
      const v = item && typeof item === 'object' && 'value' in item ? (item as { value: unknown }).value : undefined;
      const fileName = item && typeof item === 'object' && 'filename' in item ? (item as { filename: unknown }).filename : undefined;
      if ((typeof v === 'string' && v.includes(NUL)) || (typeof fileName === 'string' && fileName.includes(NUL)) || name.includes(NUL)) throw nulError(name);
    }
  }
}

/**
 * One guard for every route (issue 32 §3): a NUL in the parsed query, path parameters, JSON or form
 * body, or a header answers 400 INVALID_CHARACTER naming the field, before validation and the handler,
 * so nothing is written. Routes with `config: { nul: 'replace' }` (Daraja's callbacks, which must be
 * stored as they came and answered in Daraja's protocol) get the NULs replaced by U+FFFD instead.
 * Multipart uploads are checked where the file is read (assertNoNulInUpload).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.nul === 'replace') {
      if (request.body !== undefined) request.body = withoutNul(request.body);
      request.query = withoutNul(request.query);
      return;
    }
    const found =
      nulPath(request.params, 'params') ??
      nulPath(request.query, 'query') ??
      nulPath(request.body, 'body') ??
      nulPath(request.headers, 'header');
    if (found) throw nulError(found);
  });
}
