import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.js';
import { unauthorized } from '../../errors.js';
import { actorOf, toHeaders } from '../../plugins/access.js';
import type { Auth } from '../../lib/better-auth.js';
import type { LiveStreams } from './live-streams.js';

export interface EventsRouteDeps {
  auth: Auth;
  liveStreams: LiveStreams;
}

/** Reconnect delay the browser is told to use (ms), spread so a restart does not bring every tab back at once. */
function retryMs(): number {
  return 3000 + Math.floor(Math.random() * 4000);
}

/** GET /api/events: live updates for the signed-in user (issue 3 §7). */
export async function eventsRoutes(app: FastifyInstance, deps: EventsRouteDeps) {
  /**
   * GET /api/events → 200 `text/event-stream` that stays open (Server-Sent Events).
   *
   * Starts with `retry: <ms>` and a `: connected` comment; then one frame per live event addressed to
   * the caller: `event: <type>` (shared/contracts/events.ts LIVE_EVENT_TYPES: maintenance.changed,
   * communications.changed, notifications.changed) and `data: <JSON>` saying what changed (clients
   * refetch through the normal API). Only events whose audience matches the caller's id, role and
   * school are sent (inAudience). Every 25 s a `: heartbeat` comment keeps proxies from closing it;
   * at that moment the session is re-checked and the stream ends if the caller signed out, the session
   * was revoked or expired, or the account, role, school or school status changed (the browser then
   * reconnects and gets 401/403). At most 5 streams per user: a sixth closes the oldest, after an
   * `event: stream.replaced` frame telling that tab to reconnect only when it is used again. On PostgreSQL
   * events published by any instance on the database arrive (LISTEN/NOTIFY); on PGlite in-process.
   *
   * Any signed-in user with a valid role (permission signedIn). 401 without a session; 403 for a
   * deactivated or misconfigured account or a deactivated school (the access gate).
   */
  app.get(
    '/api/events',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['events'],
        summary: 'Live updates for the signed-in user (Server-Sent Events)',
        description:
          'text/event-stream: `event:` is one of maintenance.changed, communications.changed, notifications.changed; `data:` is JSON. Comments `: connected` and `: heartbeat` (every 25 s).',
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // The gate checked the session; the stream also needs its id for the heartbeat re-check.
      const session = await deps.auth.api.getSession({ headers: toHeaders(request) });
      if (!session || session.user.id !== actor.id) throw unauthorized(messages.friendly.auth);
      await deps.liveStreams.prepare();

      reply.hijack();
      const res = reply.raw;
      if (!res.socket || res.socket.destroyed) {
        // The client left while the bus was getting ready: nothing to stream to.
        res.destroy();
        return;
      }
      // Headers other hooks already set on the reply (hijack skips fastify's own sending).
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      res.write(`retry: ${retryMs()}\n: connected\n\n`);
      const stream = deps.liveStreams.add({ id: actor.id, role: actor.role, schoolId: actor.schoolId }, session.session.id, res);
      res.on('close', () => stream.close('client disconnected'));
      res.on('error', () => stream.close('socket error'));
    },
  );
}
