import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { messages } from '../../shared/messages.js';
import { translateEnglish } from '../../shared/i18n/localized.js';

/**
 * Renders every error as `{ error: { code, message } }` (ARCHITECTURE.md API conventions): AppError
 * as thrown, schema validation as 400 with field messages, Fastify's own 4xx as they are, anything
 * else as a logged 500 with a generic message. Unknown API paths are 404 JSON. Messages are in the
 * request's language (issue 36 §1): a schema's message fixed in English when its module loaded is
 * put in the reader's language here (translateEnglish). Every error body carries `requestId`, the id in
 * the `x-request-id` header and on each of the request's log lines (issue 37 §3), for support to quote.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds) reply.header('retry-after', String(err.extra.retryAfterSeconds));
      return reply.status(err.status).send({ error: { code: err.code, message: translateEnglish(err.message), fields: translateFields(err.extra.fields), ...(err.extra.details === undefined ? {} : { details: err.extra.details }), requestId: request.id } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] = translateEnglish(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        error: { code: 'VALIDATION', message: first ? `${first[0]}: ${first[1]}` : messages.api.badRequest, fields, requestId: request.id },
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // The password and code routes (sign-in, reset, change, two-factor) speak of login attempts;
      // the others (error reports, certificate checks, timetable files) of requests (issue 32 §6).
      const message = request.url.startsWith('/api/auth/') ? messages.login.tooManyAttempts : messages.api.tooManyRequests;
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message, requestId: request.id } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: err.code ?? 'BAD_REQUEST', message: translateEnglish(err.message), requestId: request.id } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: messages.api.serverError, requestId: request.id } });
  });
}

function translateFields(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, translateEnglish(text)]));
}
