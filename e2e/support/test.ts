import { test as base } from '@playwright/test';
import { e2eServerPort } from './ports';

/**
 * Playwright's `test` with each worker pointed at its own server (playwright.config.ts starts one per
 * worker, each on its own in-memory demo database): `baseURL` is the worker's server, so `page`,
 * `request` and `browser.newContext()` reach it. Journeys in different workers never see each other's
 * writes, maintenance mode or sign-in limits; journeys in one worker run one after another, as before.
 */
export const test = base.extend<object, { serverReady: string }>({
  // Playwright waits for the last server only; the servers start together, so this rarely waits.
  serverReady: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const base = `http://localhost:${e2eServerPort(workerInfo.parallelIndex)}`;
      const deadline = Date.now() + 300_000;
      for (;;) {
        const ok = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`the e2e server at ${base} never became ready`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await use(base);
    },
    { scope: 'worker', timeout: 310_000 },
  ],
  baseURL: async ({ serverReady }, use) => {
    await use(serverReady);
  },
});

export { expect } from '@playwright/test';
