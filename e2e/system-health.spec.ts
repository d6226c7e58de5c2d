import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { serverNow } from './support/demo';
import { levelOf, type SystemHealth } from '../src/shared/contracts/health';
import { signInViaApi } from './support/accounts';

/**
 * System Health (issue 3 §6; the edufam_admin section "system-health", /admin/system-health) against
 * the real server: an admin opens it from the sidebar and sees live figures — overall status, request
 * rate, error rate, p95 and database latency with badges, the per-minute chart, resources and the
 * instance — and the chart follows new traffic without a reload (5-second polling); a failed load
 * shows an error card with Try Again; a failed poll keeps the last figures and says so; phones get a
 * single column without sideways scrolling; a teacher is denied, on screen and by the API.
 */

const section = (page: Page) => page.getByTestId('system-health-section');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Requests the chart plots in the minutes that start at or after `sinceMinute` (its data-series). */
async function chartRequestsSince(page: Page, sinceMinute: number): Promise<number> {
  const series = (await page.getByTestId('health-chart').getAttribute('data-series')) ?? '';
  return requestsSince(
    series.split(' ').filter(Boolean).map((entry) => {
      const [minuteStart, requests] = entry.split('=');
      return { minuteStart: minuteStart!, requests: Number(requests) };
    }),
    sinceMinute,
  );
}

/**
 * Requests in the minutes from `sinceMinute` on. Not the window's total: on a server up for more than
 * 15 minutes an old minute leaves the window as a new one starts, and the total can drop.
 */
function requestsSince(series: { minuteStart: string; requests: number }[], sinceMinute: number): number {
  return series.filter((m) => Date.parse(m.minuteStart) >= sinceMinute).reduce((n, m) => n + m.requests, 0);
}

/** "12.3 ms" / "1.35 s" as milliseconds (format.ts formatMs). */
const parseMs = (text: string) => (text.endsWith(' s') ? Number.parseFloat(text) * 1000 : Number.parseFloat(text));

test.describe('system health', () => {
  test('admin opens System Health from the sidebar, sees the figures, and the chart follows new traffic', async ({ page }, testInfo) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/dashboard');
    await nav(page).getByRole('link', { name: 'System Health' }).click();
    await expect(page).toHaveURL(/\/admin\/system-health$/);

    await expect(section(page).getByRole('heading', { name: 'System Health', level: 1 })).toBeVisible();
    // Healthy, or degraded when a figure is amber (a cold server's first sign-ins can push p95 up); never down.
    await expect(page.getByTestId('health-status')).toHaveText(/^(All systems operational|Degraded performance)$/);
    await expect(page.getByTestId('health-updated')).toContainText('Live');

    // The four golden signals, with figures and green/amber/red badges.
    await expect(page.getByTestId('health-kpi-rate-value')).toHaveText(/^[\d.,]+\/min$/);
    await expect(page.getByTestId('health-kpi-rate')).toContainText(/API requests in the last 15 min/);
    await expect(page.getByTestId('health-kpi-errors-value')).toHaveText(/^[\d.,]+%$/);
    await expect(page.getByTestId('health-kpi-p95-value')).toHaveText(/^[\d.,]+ m?s$/);
    await expect(page.getByTestId('health-kpi-db-value')).toHaveText(/^[\d.,]+ m?s$/);
    // The database badge judges the latency shown beside it (green under 100 ms, amber, red from 500 ms).
    // Which one it is depends on how busy the machine is, so the check is that they agree.
    await expect
      .poll(async () => {
        const [value, level] = await page.evaluate(() => [
          document.querySelector('[data-testid="health-kpi-db-value"]')?.textContent ?? '',
          document.querySelector('[data-testid="health-kpi-db-level"]')?.getAttribute('data-level') ?? '',
        ]);
        // The figure is rounded (to 1 ms from 100 ms, to 10 ms from 1 s): either side of a threshold is fine.
        const ms = parseMs(value!);
        return [levelOf('databaseLatencyMs', ms), levelOf('databaseLatencyMs', ms - 5)].includes(level as never);
      })
      .toBe(true);
    await expect(page.getByTestId('health-kpi-db-level')).toHaveText(/^(Healthy|Warning|Critical)$/);
    await expect(page.getByTestId('health-kpi-errors-level')).toHaveAttribute('data-level', /ok|warning|critical/);

    // Resources and the instance.
    await expect(page.getByTestId('health-memory-value')).toContainText(/MB|GB/);
    await expect(page.getByTestId('health-db-size-value')).toHaveText(/^[\d.]+ (KB|MB|GB)$/);
    await expect(page.getByTestId('health-sessions-value')).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByTestId('health-jobs-value')).toHaveText('0');
    // Background tasks (imports, ID cards) of other journeys on this server may have installed the queue.
    await expect(page.getByTestId('health-jobs')).toContainText(/No job queue installed yet|\d+ running/);
    await expect(page.getByTestId('health-db-kind')).toHaveText('Embedded PGlite');
    await expect(page.getByTestId('health-version')).toHaveText('0.1.0');
    await expect(page.getByTestId('health-node')).toHaveText(/^v\d+\./);
    await expect(page.getByTestId('health-uptime')).toHaveText(/^\d+[dhms]/);

    // The fleet (issue 37 §3): this server, from its heartbeat row, live and marked as the one answering.
    await expect(page.getByTestId('health-fleet')).toContainText('Instances');
    await expect(page.getByTestId('fleet-totals')).toContainText(/^[1-9]\d* of [1-9]\d* live · /);
    const me = page.getByTestId('fleet-table').getByTestId('fleet-row').filter({ hasText: 'this one' });
    await expect(me).toHaveCount(1);
    await expect(me).toContainText('Live');
    await expect(me).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // The chart: 15 minutes, drawn as SVG.
    const chart = page.getByTestId('health-chart');
    await expect(chart).toHaveAttribute('data-points', '15');
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-area-area')).toBeVisible();

    // Same figures as the API; then 12 more API requests appear in the chart within a poll or two.
    const sinceMinute = Math.floor(serverNow() / 60_000) * 60_000;
    const api = (await (await page.request.get('/api/system/health')).json()) as SystemHealth;
    expect(api.requests.series).toHaveLength(15);
    const before = requestsSince(api.requests.series, sinceMinute);
    for (let i = 0; i < 12; i++) expect((await page.request.get('/api/auth/session')).status()).toBe(200);
    await expect.poll(() => chartRequestsSince(page, sinceMinute), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 12);
    await expect(page.getByTestId('health-updated')).toContainText(/Updated (just now|\d{1,2}s ago)/);

    await page.screenshot({ path: testInfo.outputPath('system-health-desktop.png'), fullPage: true });
  });

  test('fits a 375 px phone without sideways scrolling', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'elimisha_admin');
    await page.goto('/admin/system-health');
    await expect(page.getByTestId('health-chart').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('health-kpi-rate-value')).toBeVisible();
    // The Instances card stacks each server as a card on a phone, instead of the wide table.
    await expect(page.getByTestId('fleet-cards').getByTestId('fleet-card').first()).toBeVisible();
    await expect(page.getByTestId('fleet-table')).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const id of ['health-kpi-rate', 'health-kpi-errors', 'health-kpi-p95', 'health-kpi-db', 'health-resources', 'health-instance']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: testInfo.outputPath('system-health-375.png'), fullPage: true });
  });

  test('a failed load shows an error card and Try Again recovers; a failed poll keeps the last figures', async ({ page }, testInfo) => {
    await signInViaApi(page, 'edufam_admin');
    let fail = true;
    await page.route('**/api/system/health', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }) })
        : route.continue(),
    );
    await page.goto('/admin/system-health');
    await expect(page.getByText('Error Loading System Health')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The system health figures could not be loaded.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('system-health-error.png') });
    fail = false;
    await page.getByTestId('health-retry').click();
    await expect(page.getByTestId('health-kpi-rate-value')).toBeVisible();
    await expect(page.getByTestId('health-stale')).toHaveCount(0);

    // The next polls fail: the figures stay, marked as paused, until Try Again succeeds.
    fail = true;
    await expect(page.getByTestId('health-stale')).toContainText('Live updates paused', { timeout: 20_000 });
    await expect(page.getByTestId('health-updated')).toContainText('Paused');
    await expect(page.getByTestId('health-kpi-rate-value')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('system-health-stale.png') });
    fail = false;
    await page.getByTestId('health-stale-retry').click();
    await expect(page.getByTestId('health-stale')).toHaveCount(0);
    await expect(page.getByTestId('health-updated')).toContainText('Live');
  });

  test('a teacher is denied: no sidebar entry, the section refuses, the API answers 403', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard');
    await expect(nav(page)).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'System Health' })).toHaveCount(0);

    await page.goto('/dashboard/system-health');
    await expect(page.getByText('Access Denied: EduFam Admin access required', { exact: true })).toBeVisible();
    await expect(page.getByTestId('system-health-section')).toHaveCount(0);

    // The admin path sends school users home with the admin-only message.
    await page.goto('/admin/system-health');
    await expect(page).toHaveURL(/\/dashboard$/);

    const res = await page.request.get('/api/system/health');
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.', requestId: expect.any(String) } });
  });
});
