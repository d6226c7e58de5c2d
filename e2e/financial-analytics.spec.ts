import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import ExcelJS from 'exceljs';
import { signInViaApi } from './support/accounts';
import { expectNoOverflow as noOverflow, screenshots } from './support/layout';

/**
 * Financial analytics (issue 15 §3): the principal opens Finance → Analytics and sees the KPI tiles and
 * every chart (weekly trend, rate by level, methods, projection, arrears); the finance officer opens
 * Financial Analytics, downloads one chart's Excel (parsed back: the weekly sheet), a chart's PNG and
 * CSV; at 375 px nothing is wider than the screen. FA_SHOTS=<dir> saves screenshots (desktop and 375 px).
 */

const SHOTS = process.env.FA_SHOTS;
const shot = screenshots(SHOTS);
test('the principal opens Finance → Analytics and sees the charts', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/finance');
  await expect(page.getByTestId('financial-overview')).toBeVisible();
  await page.getByTestId('finance-tab-analytics').click();
  await expect(page).toHaveURL(/view=analytics/);
  const fa = page.getByTestId('financial-analytics');
  await expect(fa).toBeVisible();
  await expect(fa.getByTestId('fa-kpi-collected-value')).toContainText('KES');
  await expect(fa.getByTestId('fa-kpi-rate-value')).toHaveText(/^\d+(\.\d)?%$/);
  // Each headline figure names its base (issue 34).
  await expect(fa.getByTestId('fa-kpi-collected-basis')).toHaveText(/^Collected to date: all money received .+ \(arrears of earlier terms included\), \d+(\.\d)?% of what this term’s invoices ask\.$/);
  await expect(fa.getByTestId('fa-kpi-rate-basis')).toHaveText(/^Collection rate: paid on this term’s invoices, whenever the money came in: KES [\d,]+ of KES [\d,]+ \(after waivers and discounts\)\.$/);
  await expect(fa.getByTestId('chart-weekly').locator('svg.recharts-surface')).toBeVisible();
  await expect(fa.getByTestId('chart-weekly').locator('.recharts-area')).toHaveCount(1);
  await expect(fa.getByTestId('chart-by-level').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(fa.getByTestId('chart-methods').locator('[data-testid^="analytics-method-"]').first()).toBeVisible();
  await expect(fa.getByTestId('projection-rate')).toHaveText(/%$/);
  await expect(fa.getByTestId('arrears-row').first()).toBeVisible();
  await expect(fa.getByTestId('panel-expenses')).toBeVisible();
  await shot(page, 'finance-analytics-principal');

  // Another term through the shared picker: last year's Term 1 (the demo's first year) has no year before it.
  await page.getByTestId('term-picker').click();
  await page.getByRole('option', { name: new RegExp(`^Term 1 · ${demo.lastYearName}`) }).click();
  await expect(fa.getByTestId('weekly-no-last-year')).toHaveText('No figures for last year');

  await page.getByTestId('finance-tab-overview').click();
  await expect(page.getByTestId('financial-overview')).toBeVisible();
  await expect(page).not.toHaveURL(/view=analytics/);
});

test('the finance officer downloads a chart as Excel, PNG and CSV; 375 px has no overflow', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, 'finance_officer');
  await page.goto('/dashboard/financial-analytics');
  const fa = page.getByTestId('financial-analytics');
  await expect(fa.getByTestId('chart-weekly').locator('svg.recharts-surface')).toBeVisible();
  const term = await fa.getAttribute('data-term');

  await fa.getByTestId('export-weekly').click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-weekly-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^financial-analytics-weekly-\d{4}-term-\d\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await xlsx.path())!) as unknown as ArrayBuffer);
  expect(wb.worksheets.map((s) => s.name)).toEqual(['Weekly collections']);
  const api = await (await page.request.get(`/api/finance/analytics?termId=${term}`)).json();
  expect(wb.worksheets[0]!.rowCount).toBe(api.weekly.length + 1);
  expect(wb.worksheets[0]!.getRow(2).getCell(3).value).toBe(api.weekly[0].collected);

  await fa.getByTestId('export-methods').click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-methods-png').click()]);
  expect(png.suggestedFilename()).toMatch(/^financial-analytics-methods-.*\.png$/);
  const bytes = readFileSync((await png.path())!);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(5_000);
  if (SHOTS) await png.saveAs(`${SHOTS}/methods-export.png`);

  await fa.getByTestId('export-byLevel').click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-byLevel-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^financial-analytics-byLevel-.*\.csv$/);
  expect(readFileSync((await csv.path())!, 'utf8')).toContain('Level,Invoiced (KES),Collected (KES),Collection rate (%)');
  await shot(page, 'financial-analytics');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(fa.getByTestId('chart-weekly')).toBeVisible();
  await noOverflow(page, '[data-testid="financial-analytics-page"]');
  await shot(page, 'financial-analytics');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/financial-analytics-375-top.png`, fullPage: true, clip: { x: 0, y: 0, width: 375, height: 1300 } });
});
