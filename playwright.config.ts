import { defineConfig, devices } from '@playwright/test';
import { e2eServerPort } from './e2e/support/ports';

/**
 * Browser tests against the built app served by the real server on an in-memory PGlite database
 * (migrated and seeded at start). Debian's Chromium headless shell only; never `playwright install`.
 *
 * E2E_WORKERS workers (default 2) run spec files side by side, each against a server of its own
 * (port E2E_PORT + worker index) with its own demo database, so one journey's writes, maintenance mode
 * or sign-in limits never reach another worker's (e2e/support/test.ts points `baseURL` at it). SMTP of
 * server N points at the in-process test mailbox that e2e/support/mailbox.ts starts on demand on
 * E2E_SMTP_PORT + N (e2e/support/ports.ts). Why two: docs/decisions/0019-fast-ci.md.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // e2e/support/test.ts replaces it with the worker's own server.
    baseURL: `http://localhost:${e2eServerPort(0)}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 36 §4) answers API reads from its cache when the network is slow:
    // journeys see the server itself, except e2e/pwa.spec.ts, which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's headless shell (scripts/ensure-chromium.sh installs it); CHROMIUM_PATH=/usr/bin/chromium also works.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // One command starts every worker's server side by side (e2e/support/servers.ts); ready once the last
  // one answers, and each worker also waits for its own (e2e/support/test.ts).
  webServer: {
    command: 'node --import tsx e2e/support/servers.ts',
    url: `http://localhost:${e2eServerPort(workers - 1)}/api/ready`,
    // A busy 2-core machine took ~3 minutes to build the demo and start (issue 18 helpers' runs).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_WORKERS: String(workers),
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '127.0.0.1',
      LOGIN_IP_LIMIT: '100000',
      // The simulated phone answers an STK Push after 1.5 s (default 3 s).
      MPESA_SIMULATOR_DELAY_MS: '1500',
      WEB_DIST: process.env.WEB_DIST ?? './dist/web',
    },
  },
});
