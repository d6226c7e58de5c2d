import { writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { expectNoOverflow as noOverflow, screenshots } from './support/layout';
import { CUR_MONTH, FIRST_RUN, LAST_RUN, monthLabel } from './support/demo';

/**
 * HR reports, analytics and the HR dashboard (issue 14 §4): HR opens HR Reports, reads the headcount
 * table and the payroll cost of the demo's approved runs, and downloads the Excel workbook; HR Analytics
 * draws its charts; the HR dashboard shows the KPIs and quick links. A teacher opening the HR dashboard
 * gets a friendly limited view without any refused request. At 375 px nothing is wider than the screen.
 * HR_SHOTS=<dir> saves screenshots (desktop and 375 px).
 */

const SHOTS = process.env.HR_SHOTS;
/** From the first demo payroll run's month to the end of this month (the demo is built around today). */
const FROM = `${FIRST_RUN}-01`;
const TO = new Date(Date.UTC(Number(CUR_MONTH.slice(0, 4)), Number(CUR_MONTH.slice(5, 7)), 0)).toISOString().slice(0, 10);
const shot = screenshots(SHOTS);
test('HR reads the HR reports, downloads Excel, and sees analytics and the dashboard', async ({ page }) => {
  await signInViaApi(page, 'hr');
  await page.goto(`/dashboard/hr-reports?from=${FROM}&to=${TO}`);
  const reports = page.getByTestId('hr-reports');
  await expect(reports.getByRole('heading', { name: 'HR Reports', level: 1 })).toBeVisible();
  const headcount = reports.getByTestId('hr-headcount');
  await expect(headcount.getByTestId('hr-headcount-department-row').first()).toBeVisible();
  await expect(headcount.getByTestId('hr-headcount-department')).toContainText('Teaching');
  await expect(headcount.getByTestId('hr-headcount-employer')).toContainText('Board of Management');
  await expect(reports.getByTestId('hr-payroll-row')).toHaveCount(3);
  await expect(reports.getByTestId('hr-payroll-row').first()).toHaveAttribute('data-month', FIRST_RUN);
  await expect(reports.getByTestId('hr-contracts')).toBeVisible();
  await shot(page, 'hr-reports');

  const [download] = await Promise.all([page.waitForEvent('download'), reports.getByTestId('hr-export-xlsx').click()]);
  expect(download.suggestedFilename()).toBe(`hr-reports-${FROM}-to-${TO}.xlsx`);
  const pdf = await page.request.get(`/api/hr-reports/export.pdf?from=${FROM}&to=${TO}`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  if (SHOTS) writeFileSync(`${SHOTS}/hr-reports.pdf`, await pdf.body());

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(headcount).toBeVisible();
  await noOverflow(page, '[data-testid="hr-reports"]');
  await shot(page, 'hr-reports');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/dashboard/hr-analytics?from=${FROM}&to=${TO}`);
  const analytics = page.getByTestId('hr-analytics');
  await expect(analytics.getByTestId('chart-hr-department').locator('svg.recharts-surface')).toBeVisible();
  await expect(analytics.getByTestId('chart-hr-payroll').locator('.recharts-line')).toHaveCount(4);
  await expect(analytics.getByTestId('chart-hr-components').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, 'hr-analytics');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(analytics.getByTestId('chart-hr-payroll')).toBeVisible();
  await noOverflow(page, '[data-testid="hr-analytics"]');
  await shot(page, 'hr-analytics');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard/hr-dashboard');
  const dash = page.getByTestId('hr-dashboard');
  await expect(dash.getByTestId('hr-kpi-active-value')).toHaveText(/^\d+$/);
  await expect(dash.getByTestId('hr-kpi-pending-value')).not.toHaveText('0');
  await expect(dash.getByTestId('hr-kpi-payroll')).toContainText(monthLabel(LAST_RUN));
  await expect(dash.getByTestId('hr-kpi-payroll-status')).toHaveText('Approved');
  await expect(dash.getByTestId('hr-link-hr-reports')).toBeVisible();
  await shot(page, 'hr-dashboard');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(dash.getByTestId('hr-kpi-active')).toBeVisible();
  await noOverflow(page, '[data-testid="hr-dashboard"]');
  await shot(page, 'hr-dashboard');
  await dash.getByTestId('hr-link-hr-reports').click();
  await expect(page.getByTestId('hr-reports')).toBeVisible();
});

test('a teacher opening the HR dashboard gets a friendly limited view, no refused requests', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
  });
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard/hr-dashboard');
  const dash = page.getByTestId('hr-dashboard');
  await expect(dash).toHaveAttribute('data-limited', 'true');
  await expect(dash.getByTestId('hr-limited')).toBeVisible();
  await expect(dash.getByTestId('hr-link-my-leave')).toBeVisible();
  await shot(page, 'hr-dashboard-teacher');
  expect(refused.filter((u) => u.includes('/api/hr-reports'))).toEqual([]);
});
