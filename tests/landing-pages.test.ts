import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The marketing site's pages (issue 4): the server answers /, /features, /about, /pricing and /contact
 * with landing.html, filling in the configured demo booking and sales links (spec §1) safely; every
 * other page path still gets the app's index.html.
 */
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  t = await createTestApp();
  webDist = mkdtempSync(path.join(tmpdir(), 'edufam-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(
    path.join(webDist, 'landing.html'),
    '<!doctype html><title>landing</title><script id="edufam-links" type="application/json">{"demoBookingUrl":"%DEMO_BOOKING_URL%","salesEmail":"%SALES_EMAIL%"}</script><div id="root"></div>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  const js = 'console.log("landing");'.repeat(100);
  writeFileSync(path.join(webDist, 'assets', 'landing-abc123.js'), js);
  writeFileSync(path.join(webDist, 'assets', 'landing-abc123.js.br'), brotliCompressSync(js));
});
afterAll(async () => {
  await t?.close();
});

async function appWith(env: Record<string, string>) {
  return buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: webDist, ...env }), database: t.database, logger: false });
}

function linksOf(html: string): unknown {
  const m = /<script id="edufam-links" type="application\/json">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

describe('marketing pages', () => {
  it('serves landing.html on each view path with the configured links', async () => {
    const { app } = await appWith({ DEMO_BOOKING_URL: 'https://book.example.com/edufam?from=site&x=$&', SALES_EMAIL: 'mauzo@school.example' });
    try {
      for (const url of ['/', '/features', '/about', '/pricing', '/contact', '/pricing/']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<title>landing</title>');
        expect(linksOf(res.body)).toEqual({ demoBookingUrl: 'https://book.example.com/edufam?from=site&x=$&', salesEmail: 'mauzo@school.example' });
      }
    } finally {
      await app.close();
    }
  });

  it('uses the defaults when nothing is configured, and other pages still get the app', async () => {
    const { app } = await appWith({});
    try {
      expect(linksOf((await app.inject({ method: 'GET', url: '/' })).body)).toEqual({
        demoBookingUrl: 'https://calendly.com/edufam/demo',
        salesEmail: 'sales@edufam.africa',
      });
      const login = await app.inject({ method: 'GET', url: '/login' });
      expect(login.body).toContain('<title>app</title>');
      const dashboard = await app.inject({ method: 'GET', url: '/dashboard' });
      expect(dashboard.statusCode).toBe(302);
      expect(dashboard.headers.location).toBe('/login');
    } finally {
      await app.close();
    }
  });

  it('a "<" in a configured link cannot close the inline script', async () => {
    const { app } = await appWith({ DEMO_BOOKING_URL: 'https://book.example.com/a?q=</script><script>alert(1)</script>' });
    try {
      const body = (await app.inject({ method: 'GET', url: '/' })).body;
      expect(body).not.toContain('<script>alert(1)');
      expect((linksOf(body) as { demoBookingUrl: string }).demoBookingUrl).toBe('https://book.example.com/a?q=</script><script>alert(1)</script>');
    } finally {
      await app.close();
    }
  });

  it('sends hashed assets pre-compressed and cacheable for a year; HEAD / answers like GET', async () => {
    const { app } = await appWith({});
    try {
      const br = await app.inject({ method: 'GET', url: '/assets/landing-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await app.inject({ method: 'GET', url: '/assets/landing-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('console.log("landing")');
      const head = await app.inject({ method: 'HEAD', url: '/' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    } finally {
      await app.close();
    }
  });

  it('refuses a demo link that is not http(s) and a sales address that is not an e-mail', () => {
    expect(() => loadConfig({ DEMO_BOOKING_URL: 'javascript:alert(1)' })).toThrow(/DEMO_BOOKING_URL/);
    expect(() => loadConfig({ SALES_EMAIL: 'not-an-email' })).toThrow(/SALES_EMAIL/);
  });
});

describe('a demo of another day (EDUFAM_DEMO_DATE, issue 34)', () => {
  it("the app page carries the server's clock for the browser; a real server's page does not", async () => {
    const clockOf = (html: string) => /<script id="edufam-clock" type="application\/json">([^<]*)<\/script><div id="root">/.exec(html)?.[1];
    const demo = await appWith({ EDUFAM_DEMO_DATE: '2027-03-10' });
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(200);
      const carried = JSON.parse(clockOf(res.body) ?? 'null') as { now: number } | null;
      expect(carried).not.toBeNull();
      expect(Math.abs(carried!.now - Date.now())).toBeLessThan(5_000);
      // The marketing pages are not the app: no clock there.
      expect(clockOf((await demo.app.inject({ method: 'GET', url: '/' })).body)).toBeUndefined();
    } finally {
      await demo.app.close();
    }
    const real = await appWith({});
    try {
      expect((await real.app.inject({ method: 'GET', url: '/login' })).body).not.toContain('edufam-clock');
    } finally {
      await real.app.close();
    }
  });
});
