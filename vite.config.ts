import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_API_READS } from './src/web/pwa/offline-routes';

/**
 * Writes name.br and name.gz beside every built text asset over 1 KB, so the server (@fastify/static
 * preCompressed) sends a compressed copy without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'edufam-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (data.length < 1024) continue;
        const out = path.join(dir, file.fileName);
        writeFileSync(`${out}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${out}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Puts the pre-paint theme script into both pages' head (the app and the marketing site), so the saved
 * theme (localStorage `edufam-theme`: light, dark or system, as src/web/lib/theme.tsx writes it) is
 * applied before first paint without a flash, from one copy of the script.
 */
function themeBeforePaint(): Plugin {
  const script = `(function () {
  try {
    var t = localStorage.getItem('edufam-theme') || 'system';
    var dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch (e) {}
})();`;
  return {
    name: 'edufam-theme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' }],
  };
}

/**
 * The offline features' API reads (src/web/pwa/offline-routes.ts) as one pattern over the whole URL,
 * query included: the service worker gets this file's routes as source text, so a route cannot read
 * the list itself. The page empties the cache whenever the signed-in user changes
 * (src/web/pwa/api-cache.ts), so one user's answers never reach another.
 */
const OFFLINE_API_PATTERN = new RegExp(`^https?://[^/]+(?:${OFFLINE_API_READS.map((r) => r.source.slice(1, -1)).join('|')})(?:\\?.*)?$`);
/** Seconds an offline-feature API read waits for the network before answering from the cache. */
const API_NETWORK_TIMEOUT_S = 4;

/**
 * The installable app (issue 36 §4): web manifest and a Workbox service worker (generateSW) that
 * precaches the app shell (index.html, JS, CSS, fonts, icons; not the marketing site), answers page
 * navigations from the network and, when there is none, with the precached index.html (never /api/ or
 * the marketing paths), and caches OFFLINE_API_READS. A new build's worker takes over at once
 * (autoUpdate); the register outbox lives in localStorage, so the reload loses nothing. The server sends
 * sw.js and the manifest with no-cache (src/server/plugins/pages.ts).
 */
function installableApp() {
  return VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    // The icons are in globPatterns below already.
    includeManifestIcons: false,
    manifest: {
      id: '/dashboard',
      name: 'EduFam',
      short_name: 'EduFam',
      description: 'EduFam: school management for Kenyan schools (CBC and IGCSE).',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // --primary of src/web/theme.css, oklch(0.51 0.1 186) (the favicon's teal), and --background.
      theme_color: '#0f766e',
      background_color: '#f9fafb',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff,woff2,png,svg,ico}'],
      globIgnores: ['landing.html', 'assets/landing-*', '**/*.{br,gz}'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // Navigations go to the server (its sign-in redirects, the demo clock); the precached shell only
      // when there is no network. Below, not navigateFallback, which would answer from the cache first.
      navigateFallback: null,
      runtimeCaching: [
        {
          // Sign-in and sign-out both send this (src/web/lib/auth.tsx): the cached API answers belong to
          // the session that is ending, so they go before the request does, online or not.
          urlPattern: /^https?:\/\/[^/]+\/api\/auth\/sign-out(?:\?.*)?$/,
          method: 'POST',
          handler: 'NetworkOnly',
          options: {
            plugins: [
              {
                requestWillFetch: async ({ request }: { request: Request }) => {
                  await caches.delete('edufam-api');
                  return request;
                },
              },
            ],
          },
        },
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            url.origin === self.location.origin &&
            !url.pathname.startsWith('/api/') &&
            !/^\/(features|about|pricing|contact|landing(\.html)?)?\/*$/.test(url.pathname),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
        {
          urlPattern: OFFLINE_API_PATTERN,
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'edufam-api',
            networkTimeoutSeconds: API_NETWORK_TIMEOUT_S,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
            plugins: [
              {
                // The stored copy carries when it was fetched (x-edufam-fetched-at, ISO), which the
                // offline screens show as "Last updated"; the page's own copy is the server's answer.
                cacheWillUpdate: async ({ response }: { response: Response }) => {
                  if (response.status !== 200) return null;
                  const headers = new Headers(response.headers);
                  headers.set('x-edufam-fetched-at', new Date().toISOString());
                  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
                },
              },
            ],
          },
        },
      ],
    },
  });
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), themeBeforePaint(), precompress(), installableApp()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Two pages: the signed-in app (index.html) and the marketing site (landing.html), which loads
    // none of the app's code.
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'src/web/index.html'),
        landing: path.resolve(import.meta.dirname, 'src/web/landing.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
