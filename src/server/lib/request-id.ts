import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id in and out (issue 37 §3: structured logs with a request id). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may look like: nginx's $request_id is 32 hex; UUIDs and similar pass. */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: the reverse proxy's `x-request-id` when it is a plausible id (so nginx's access
 * log and ours share one id), otherwise a new UUID. Anything else in the header (spaces, control
 * characters, a 10 kB string) is ignored rather than written into the logs.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && ACCEPTED.test(given)) return given;
  return randomUUID();
}
