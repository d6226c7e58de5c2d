import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app served by the real server on an in-memory PGlite database
 * (migrated and seeded at start). Debian Chromium only; never `playwright install`.
 * SMTP points at the in-process test mail server that e2e/support/mailbox.ts starts on demand.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    url: `http://localhost:${E2E_PORT}/api/ready`,
    // A busy 2-core machine took ~3 minutes to build the demo and start (issue 18 helpers' runs).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(E2E_SMTP_PORT),
      LOGIN_IP_LIMIT: '100000',
      // The simulated phone answers an STK Push after 1.5 s (default 3 s).
      MPESA_SIMULATOR_DELAY_MS: '1500',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      WEB_DIST: process.env.WEB_DIST ?? './dist/web',
    },
  },
});
