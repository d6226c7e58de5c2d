import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/test';
import { parseDay } from '../src/shared/dates';
import { signInViaApi } from './support/accounts';

/**
 * EduFam as an installable app that works offline (issue 36 §4), with the service worker allowed (the
 * default for Playwright; said here so the journey keeps it whatever the config says):
 *  1. Installable: Chromium's own check (Page.getInstallabilityErrors, what Lighthouse's PWA audit used)
 *     finds nothing, the manifest and the worker are served with their type and no-cache.
 *  2. The teacher: one visit to the register online; offline, a reload opens the shell (offline
 *     banner) and the same register from the cache; a late mark saved offline waits on the device
 *     across another offline reload and syncs by itself once back online.
 *  3. The parent: one visit to fees, results and attendance online; offline, a reload shows the same
 *     balance and the child's attendance, each with when it was last fetched, and the released results;
 *     a sign-out empties the cache.
 */
test.use({ serviceWorkers: 'allow' });

const API_CACHE = 'edufam-api';

/** Waits until the service worker controls the page (it claims it on its first visit). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
}

/** URLs (path and query) stored in the service worker's API cache. */
const cachedApi = (page: Page) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => r.url.replace(location.origin, '')) : []), API_CACHE);

/** Waits until every pattern has a stored answer in the API cache. */
async function cachedAll(page: Page, patterns: RegExp[]) {
  await expect.poll(async () => {
    const urls = await cachedApi(page);
    return patterns.filter((p) => !urls.some((u) => p.test(u))).map(String);
  }, { timeout: 20_000 }).toEqual([]);
}

/** Reloads with no connection and reports how long until `ready` shows (ms, wall clock). */
async function offlineReload(page: Page, context: BrowserContext, ready: () => Promise<void>) {
  await context.setOffline(true);
  const started = Date.now();
  await page.reload();
  await ready();
  return Date.now() - started;
}

test.describe('installable app, offline', () => {
  test('Chromium finds the app installable; manifest and service worker are served fresh', async ({ page, context }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    console.log('Page.getInstallabilityErrors →', JSON.stringify(installabilityErrors));
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data!) as { name: string; start_url: string; display: string; icons: { sizes: string; purpose?: string }[] };
    expect(parsed).toMatchObject({ name: 'EduFam', start_url: '/dashboard', display: 'standalone' });
    expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    const served = await page.request.get('/manifest.webmanifest');
    expect(served.headers()['content-type']).toContain('application/manifest+json');
    expect(served.headers()['cache-control']).toBe('no-cache');
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
      const res = await page.request.get(icon);
      expect(res.status(), icon).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    // What the worker precaches (the app shell): entries and bytes, for the record.
    const precache = await page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'))!;
      const cache = await caches.open(name);
      let bytes = 0;
      const keys = await cache.keys();
      for (const r of keys) bytes += (await (await cache.match(r))!.arrayBuffer()).byteLength;
      return { entries: keys.length, bytes, landing: keys.some((r) => /landing/.test(r.url)) };
    });
    console.log(`precache: ${precache.entries} entries, ${(precache.bytes / 1024).toFixed(0)} KiB`);
    expect(precache.landing).toBe(false);
  });

  test('teacher: the register opens offline after a reload, and a mark saved offline syncs when back', async ({ page, context }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard/attendance');
    await controlled(page);
    const chip = page.locator('[data-testid="stream-chip"][data-class-name="Grade 7 East"]');
    await expect(chip).toHaveAttribute('aria-pressed', 'true');

    // The previous school day (marked in the demo), opened online once.
    const shown = await page.getByTestId('register-date').inputValue();
    await page.getByTestId('previous-day').click();
    await expect(page.getByTestId('register-date')).not.toHaveValue(shown);
    const day = parseDay(await page.getByTestId('register-date').inputValue())!;
    const register = page.getByTestId('register');
    await expect(register).toHaveAttribute('data-marked', 'true');
    await cachedAll(page, [/^\/api\/auth\/session$/, /^\/api\/auth\/profile$/, new RegExp(`^/api/attendance/registers\\?.*date=${day}`), /^\/api\/attendance\/streams/]);

    // Offline, a reload: the shell, its offline banner and the same register, from the cache.
    const ms = await offlineReload(page, context, async () => {
      await expect(page.getByTestId('register-title')).toHaveText('Grade 7 East');
      await expect(register).toHaveAttribute('data-marked', 'true');
    });
    console.log(`offline reload to the register: ${ms} ms`);
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { domContentLoaded: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd) };
    });
    console.log(`offline shell: DOMContentLoaded ${nav.domContentLoaded} ms, load ${nav.load} ms`);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('register-date')).toHaveValue(await page.getByTestId('register-date').inputValue());
    expect(parseDay(await page.getByTestId('register-date').inputValue())).toBe(day);

    // A late mark saved offline waits on the device, across another offline reload.
    const row = register.locator('[data-testid="register-row"][data-status="present"]').first();
    const studentId = (await row.getAttribute('data-student-id'))!;
    const learner = register.locator(`[data-testid="register-row"][data-student-id="${studentId}"]`);
    await learner.getByTestId('mark-late').click();
    await learner.getByTestId('arrival-input').fill('08:25');
    await page.getByTestId('register-reason').fill('Arrival times from the gate book');
    await expect(page.getByTestId('register-save')).toHaveText('Save offline');
    await page.getByTestId('register-save').click();
    await expect(page.getByTestId('outbox-title')).toHaveText('Offline — 1 register waiting to sync');

    await page.reload();
    await expect(page.getByTestId('outbox-title')).toHaveText('Offline — 1 register waiting to sync');
    await expect(learner).toHaveAttribute('data-status', 'late');
    await expect(learner).toHaveAttribute('data-state', 'waiting');

    // Back online: it syncs by itself.
    const synced = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/attendance/registers');
    await context.setOffline(false);
    expect((await synced).status()).toBe(200);
    await expect(page.getByTestId('outbox-banner')).toHaveCount(0);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(learner).toHaveAttribute('data-state', 'saved');
    const streams = (await (await page.request.get('/api/attendance/streams')).json()) as { items: { classId: string; name: string }[] };
    const classId = streams.items.find((s) => s.name === 'Grade 7 East')!.classId;
    const onServer = (await (await page.request.get(`/api/attendance/registers?classId=${classId}&date=${day}&session=day`)).json()) as { entries: { studentId: string; status: string; arrivalTime: string | null }[] };
    expect(onServer.entries.find((e) => e.studentId === studentId)).toMatchObject({ status: 'late', arrivalTime: '08:25' });
  });

  test('parent: offline, the last synced balance and attendance show with when they were fetched; sign-out empties the cache', async ({ page, context }) => {
    await signInViaApi(page, 'parent');
    await page.goto('/dashboard/finance');
    await controlled(page);
    const balance = page.getByTestId('child-balance').first();
    await expect(balance).toBeVisible();
    const balanceText = (await balance.textContent())!;
    await page.goto('/grades');
    const seriesTitle = page.getByTestId('child-grades').first().getByTestId('series-title');
    await expect(seriesTitle).toBeVisible();
    const series = (await seriesTitle.textContent())!;
    await page.goto('/attendance');
    await expect(page.getByTestId('child-attendance-term')).toBeVisible();
    await cachedAll(page, [/^\/api\/fees\/my-children$/, /^\/api\/grades\/my-children$/, /^\/api\/students\?pageSize=200$/, /^\/api\/students\/[^/]+\/attendance/]);
    await expect(page.getByTestId('last-synced')).toHaveCount(0);

    // Offline: the attendance page again, then fees.
    await offlineReload(page, context, async () => {
      await expect(page.getByTestId('child-attendance-term')).toBeVisible();
    });
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByTestId('last-synced')).toHaveText(/^Last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    await page.goto('/dashboard/finance');
    await expect(page.getByTestId('child-balance').first()).toHaveText(balanceText);
    const synced = page.getByTestId('last-synced');
    await expect(synced).toHaveText(/^Last updated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const fetchedAt = Date.parse((await synced.getAttribute('data-fetched-at'))!);
    expect(Date.now() - fetchedAt).toBeLessThan(5 * 60_000);

    // Released results too (their screen has no "Last updated" line yet: the offline banner says it).
    await page.goto('/grades');
    await expect(seriesTitle).toHaveText(series);
    await expect(page.getByTestId('offline-banner')).toBeVisible();

    // Back online, a sign-out (it goes through the worker) leaves nothing of this parent's behind.
    await context.setOffline(false);
    await expect(page.getByTestId('last-synced')).toHaveCount(0);
    await page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scope: 'local' }) }));
    expect(await cachedApi(page)).toEqual([]);
  });
});
