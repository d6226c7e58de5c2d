import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Platform analytics (issue 18 §3), one journey of EduFam staff: System Analytics shows the platform's
 * figures (schools, learners, daily active users, module adoption); School Analytics lists a health
 * card per school and opens Greenhill's in a sheet with its completeness checks and billing status;
 * the comparison names no other school; System Reports downloads the schools list as a PDF and the
 * usage report as Excel.
 */
test('EduFam staff read the platform analytics, a school health card and a system report', async ({ page }) => {
  test.setTimeout(180_000);
  await signInViaApi(page, 'edufam_admin');

  // ── System Analytics ──
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'System Analytics' })).toBeVisible({ timeout: 30_000 });
  const analytics = page.getByTestId('platform-analytics');
  await expect(analytics).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('kpi-schools-value')).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId('kpi-schools-value').textContent())).toBeGreaterThanOrEqual(2);
  expect(Number((await page.getByTestId('kpi-learners-value').textContent())!.replace(/,/g, ''))).toBeGreaterThan(100);
  await expect(page.getByTestId('chart-dau').locator('.recharts-area').first()).toBeVisible();
  await expect(page.getByTestId('adoption-attendance')).toBeVisible();
  await expect(page.getByTestId('panel-growth')).toBeVisible();
  // Another period: the URL keeps it.
  await page.getByTestId('period-preset').click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(analytics).toBeVisible();

  // ── School Analytics: a health card per school, Greenhill's in a sheet ──
  await page.goto('/admin/school-analytics');
  await expect(page.getByRole('heading', { name: 'School Analytics' })).toBeVisible({ timeout: 30_000 });
  const card = page.getByTestId('health-card-greenhill');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('health-card-riverside')).toBeVisible();
  await page.getByTestId('health-search').fill('green');
  await expect(page.getByTestId('health-card-riverside')).toBeHidden();
  await card.click();
  const sheet = page.getByTestId('health-sheet');
  await expect(sheet.getByRole('heading', { name: /Greenhill/ })).toBeVisible();
  await expect(sheet.getByTestId('health-checks').getByRole('listitem')).toHaveCount(6);
  await expect(sheet.getByTestId('billing-status').first()).not.toBeEmpty();
  await expect(page).toHaveURL(/school=[0-9a-f-]{36}/);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // The comparison of schools: anonymous labels unless a school is picked.
  const comparison = page.getByTestId('panel-comparison');
  await expect(comparison.getByTestId('chart-comparison')).toBeVisible({ timeout: 30_000 });
  await expect(comparison.getByTestId('chart-comparison')).toContainText('School A');
  await expect(comparison.getByTestId('chart-comparison')).not.toContainText('Riverside');

  // ── System Reports: the schools list as a PDF, usage as Excel ──
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'System Reports' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-billing')).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-schools-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-usage-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheetBytes = await readFile((await xlsx.path())!);
  expect(sheetBytes.subarray(0, 2).toString('latin1')).toBe('PK');
});
