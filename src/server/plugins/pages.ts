import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decideRoute } from '../../shared/access.js';
import { landingViewForPath } from '../../shared/landing.js';
import { messages } from '../../shared/messages.js';
import { toHeaders, type ResolveUser } from './access.js';

/** Links the marketing site shows (spec §1: demo booking page, sales mail link), from configuration. */
export interface LandingLinks {
  demoBookingUrl: string;
  salesEmail: string;
}

/**
 * A demo of another day (EDUFAM_DEMO_DATE, src/server/demo-clock.ts): the app page carries the server's
 * clock (epoch ms) so the browser's "today" is the demo's (src/web/demo-clock.ts).
 */
export interface PageOptions {
  demoClock: boolean;
}

/** JSON for an inline <script type="application/json">: "<" escaped so no value can close the tag. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Page requests (everything outside /api that is not a built asset): applies the route prefix rules
 * of spec §6 on the server (signed-out users to /login, school users away from /admin) and serves the
 * SPA's index.html. The marketing site's paths (/, /features, /about, /pricing, /contact) get
 * landing.html instead, its own small bundle, with the configured links filled in. Unknown /api paths
 * are JSON 404s.
 */
export function registerPages(app: FastifyInstance, currentUser: ResolveUser, webDist: string, links: LandingLinks, options: PageOptions = { demoClock: false }): void {
  const indexFile = path.join(webDist, 'index.html');
  const landingFile = path.join(webDist, 'landing.html');
  let indexHtml: string | null = null;
  let landingHtml: string | null = null;
  const loadIndex = () => {
    if (indexHtml === null && existsSync(indexFile)) indexHtml = readFileSync(indexFile, 'utf8');
    return indexHtml;
  };
  const loadLanding = () => {
    if (landingHtml === null && existsSync(landingFile)) {
      landingHtml = readFileSync(landingFile, 'utf8').replace(
        /<script id="edufam-links" type="application\/json">[^<]*<\/script>/,
        () => `<script id="edufam-links" type="application/json">${inlineJson(links)}</script>`,
      );
    }
    return landingHtml;
  };

  // The installable app (issue 36 §4): the service worker and the manifest are checked for a new
  // version on every visit (no-cache, never a year like /assets/), and the manifest goes out as
  // application/manifest+json (W3C Web App Manifest §1.2).
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/manifest.webmanifest') reply.type('application/manifest+json');
    if (url === '/manifest.webmanifest' || url === '/sw.js' || /^\/workbox-[\w-]+\.js$/.test(url)) reply.header('cache-control', 'no-cache');
    return payload;
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.api.notFound, requestId: request.id } });
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (landingViewForPath(url)) {
      const landing = loadLanding();
      if (landing) return reply.type('text/html').header('cache-control', 'no-cache').send(landing);
    }
    const user = await currentUser(toHeaders(request)).catch(() => null);
    const decision = decideRoute(url, user ? { role: user.role } : null);
    if (decision.kind === 'login') return reply.redirect('/login', 302);
    if (decision.kind === 'redirect') return reply.redirect(decision.to, 302);
    const html = loadIndex();
    if (!html) {
      return reply
        .type('text/html')
        .send('<!doctype html><title>EduFam</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    }
    const page = options.demoClock ? html.replace('<div id="root">', () => `<script id="edufam-clock" type="application/json">${inlineJson({ now: Date.now() })}</script><div id="root">`) : html;
    return reply.type('text/html').header('cache-control', 'no-cache').send(page);
  });
}
