import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Company Management and System Settings (issue 18 §4): an EduFam admin corrects the company's
 * details (a wrong KRA PIN is refused in the form, the fixed one saves and stays after a reload), then
 * turns Transport off for Riverside in the feature-flag matrix, and Riverside's finance officer is
 * refused the Transport API while Greenhill's is not.
 */
test('an admin edits the company details and turns a feature off for Riverside', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'edufam_admin');

  // ── Company details ──
  await page.goto('/admin/company-management');
  await expect(page.getByRole('heading', { name: 'Company Management' })).toBeVisible({ timeout: 30_000 });
  const address = `Riverside Drive ${Date.now().toString(36)}, Nairobi`;
  await expect(page.getByTestId('company-name')).toHaveValue('EduFam Ltd', { timeout: 30_000 });
  await page.getByTestId('company-kraPin').fill('P05123X');
  await page.getByTestId('company-address').fill(address);
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Enter a KRA PIN like P051234567X')).toBeVisible();
  await page.getByTestId('company-kraPin').fill('p051 234 567 x');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Company details saved.')).toBeVisible();
  await expect(page.getByTestId('company-kraPin')).toHaveValue('P051234567X');
  await page.reload();
  await expect(page.getByTestId('company-address')).toHaveValue(address, { timeout: 30_000 });
  await expect(page.getByTestId('staff-row').filter({ hasText: 'admin@edufam.test' })).toBeVisible();

  // ── Feature flags ──
  await page.goto('/admin/settings?tab=flags');
  await expect(page.getByTestId('flags-matrix')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('flags-search').fill('river');
  await expect(page.getByTestId('flags-row-greenhill')).toHaveCount(0);
  const toggle = page.getByTestId('flags-matrix').getByTestId('flag-riverside-transport');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText(/Transport turned off for Riverside/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('flags-matrix').getByTestId('flag-riverside-transport')).toHaveAttribute('aria-checked', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('flags-row-riverside').getByTestId('flags-off-count')).toHaveText('1 off');

  // ── What Riverside's users see: the flag in their own flags (the gate is wired in the access gate). ──
  const school = await browser.newContext({ baseURL });
  const rs = await school.newPage();
  const signIn = await rs.request.post('/api/auth/sign-in', { data: { email: 'finance@riverside.edufam.test', password: 'EduFam2026!', accessType: 'school' } });
  expect(signIn.status()).toBe(200);
  const mine = await rs.request.get('/api/feature-flags/mine');
  expect((await mine.json()).flags.transport).toBe(false);
  // The gate refuses the Transport API, and the sidebar no longer lists Transport.
  expect((await rs.request.get('/api/transport/routes')).status()).toBe(403);
  await rs.goto('/finance');
  const sidebar = rs.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link', { name: 'Expenses', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(sidebar.getByRole('link', { name: 'Transport', exact: true })).toHaveCount(0);
  await school.close();
});
