import { expect, type Page, type Response } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Issue 34: no console noise. The platform admin's dashboard used to ask for the announcements badge
 * (403: platform staff read no school announcements) and the public login page for the session (401
 * for a signed-out visitor). Every response of the app's own server while those pages load is watched:
 * none may be 4xx. Also a count read as a real plural on the finance officer's dashboard.
 */

/** Starts collecting the app server's 4xx answers ("METHOD path status"), from now on. */
function watch4xx(page: Page, origin: string): string[] {
  const bad: string[] = [];
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (url.origin === origin && res.status() >= 400 && res.status() < 500) bad.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
  });
  return bad;
}

test('the admin dashboard and the login page load without 4xx responses', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;

  const signedOut = watch4xx(page, origin);
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'School Users' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signedOut).toEqual([]);

  await signInViaApi(page, 'edufam_admin');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-kind', 'platform');
  await page.waitForLoadState('networkidle');
  expect(signedOut).toEqual([]);
});

test('low stock on the finance dashboard reads as a real plural', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  await page.goto('/dashboard');
  // Seed: 8 boxes of white chalk left, reorder at 20 (it used to read "8 box left").
  await expect(page.getByText(/White chalk \(box of 100\): (1 box|\d+ boxes) left/)).toBeVisible();
});
