import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USSD_SERVICE_CODE, ussdCallbackBody, ussdCallbackParams, ussdCallbackResponse, ussdInboxQuery, ussdInboxResponse, ussdSimulatorResponse } from '../../../shared/contracts/ussd.js';
import { ussdMessages as m } from '../../../shared/messages/ussd.js';
import { notFound } from '../../errors.js';
import { handleUssd, simulatorInbox, type UssdDeps } from './ussd.service.js';

export interface UssdRoutesDeps extends UssdDeps {
  /** USSD_CALLBACK_TOKEN (config): the callback's secret path segment; unset, the callback answers 404. */
  callbackToken?: string;
  /** Is the USSD simulator page offered (config.ussdSimulator: SMS simulator on, not production)? */
  simulator: boolean;
}

/** True when `given` is the configured token (constant time). */
function tokenMatches(expected: string | undefined, given: string): boolean {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * USSD routes (issue 36 §3). `POST /api/ussd/callbacks/:token`: Africa's Talking's USSD requests
 * (public: the gateway calls it; the configured token is the key, any other token 404), form-encoded
 * sessionId, serviceCode, phoneNumber, text; answers text/plain "CON …" or "END …" (ussd.service.ts).
 * `GET /api/ussd/simulator`: whether the demo's USSD simulator page is offered, and its token;
 * `GET /api/ussd/simulator/inbox?phone=`: the SMS simulator's latest messages to a phone (404 unless the
 * simulator is on), so the demo visitor reads the one-time code.
 */
export async function ussdRoutes(app: FastifyInstance, deps: UssdRoutesDeps): Promise<void> {
  // Own scope: the form parser applies to these routes only (the rest of the API is JSON).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/ussd/callbacks/:token',
      {
        config: { public: true },
        schema: { params: ussdCallbackParams, body: ussdCallbackBody, response: { 200: ussdCallbackResponse }, tags: ['ussd callbacks'] },
      },
      async (req, reply) => {
        if (!tokenMatches(deps.callbackToken, req.params.token)) throw notFound(m.sessionExpired);
        const { sessionId, phoneNumber, text } = req.body ?? {};
        reply.type('text/plain; charset=utf-8');
        if (!sessionId?.trim() || !phoneNumber?.trim()) return `END ${m.sessionExpired}`;
        return handleUssd(deps, { sessionId: sessionId.trim(), phoneNumber: phoneNumber.trim(), text: text ?? '' });
      },
    );
    r.get('/api/ussd/simulator', { config: { public: true }, schema: { response: { 200: ussdSimulatorResponse }, tags: ['ussd callbacks'] } }, async () => ({
      enabled: deps.simulator,
      serviceCode: USSD_SERVICE_CODE,
      token: deps.simulator ? (deps.callbackToken ?? null) : null,
    }));
    r.get('/api/ussd/simulator/inbox', { config: { public: true }, schema: { querystring: ussdInboxQuery, response: { 200: ussdInboxResponse }, tags: ['ussd callbacks'] } }, async (req) => {
      if (!deps.simulator) throw notFound(m.simulatorOff);
      return { messages: await simulatorInbox(deps, req.query.phone) };
    });
  });
}
