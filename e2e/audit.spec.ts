import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test';
import type { AuditListResponse } from '../src/shared/contracts/audit';
import { DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * The Audit Trail section (/admin/audit for platform admins, /dashboard/audit for school leaders):
 * entries of the caller's scope from GET /api/audit, the action filter from GET /api/audit/actions,
 * the details sheet with old and new values, and the school wall for principals.
 */

const RIVERSIDE_PRINCIPAL = 'principal@riverside.edufam.test';

/** A Riverside sign-in in its own cookie jar, so there are Riverside entries a Greenhill leader must not see. */
async function signInRiverside(request: APIRequestContext) {
  const res = await request.post('/api/auth/sign-in', {
    data: { email: RIVERSIDE_PRINCIPAL, password: DEMO_PASSWORD, accessType: 'school', rememberMe: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.post('/api/auth/sign-out');
}

/**
 * Records a PROFILE_UPDATED entry whose old name is `temporary` and new name the real one: renames the
 * signed-in user, then puts the name back (so other journeys still greet them by their own name).
 */
async function profileRoundTrip(page: Page, temporary: string): Promise<string> {
  const session = await page.request.get('/api/auth/session');
  expect(session.status()).toBe(200);
  const { user } = (await session.json()) as { user: { name: string; themePreference: string; dashboardPreferences: unknown } };
  const put = (name: string) =>
    page.request.put('/api/profile', { data: { name, themePreference: user.themePreference, dashboardPreferences: user.dashboardPreferences } });
  expect((await put(temporary)).status()).toBe(200);
  expect((await put(user.name)).status()).toBe(200);
  return user.name;
}

test.describe('audit trail', () => {
  test('admin sees sign-ins, filters by action and reads old and new values', async ({ page, request }) => {
    await signInRiverside(request);
    await signInViaApi(page, 'edufam_admin');
    const realName = await profileRoundTrip(page, 'Audit Check Name');

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'LOGIN_SUCCESS' }).first()).toBeVisible();
    // Every school and the platform: the admin's own sign-in has no school, Riverside's has one.
    await expect(page.getByRole('columnheader', { name: 'School' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Riverside International School' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Platform' }).first()).toBeVisible();

    // Filter by action: only PROFILE_UPDATED rows remain.
    await page.getByTestId('audit-filter-action').click();
    await page.getByRole('option', { name: 'PROFILE_UPDATED' }).click();
    await expect(page.getByTestId('audit-filter-action')).toHaveText('PROFILE_UPDATED');
    await expect(page.locator('[data-testid="audit-row"]:not([data-action="PROFILE_UPDATED"])')).toHaveCount(0);
    await expect(rows.first()).toHaveAttribute('data-action', 'PROFILE_UPDATED');

    // Newest first: the entry that put the real name back.
    await rows.first().click();
    const details = page.getByTestId('audit-details');
    await expect(details.getByRole('heading', { name: 'Audit Entry' })).toBeVisible();
    await expect(details.getByTestId('audit-old-value-json')).toContainText('"name": "Audit Check Name"');
    await expect(details.getByTestId('audit-new-value-json')).toContainText(`"name": "${realName}"`);
    await expect(details.getByTestId('audit-changed')).toContainText('name');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  });

  test('principal sees only their own school', async ({ page, request }) => {
    await signInRiverside(request);
    await signInViaApi(page, 'principal');

    // The API answers only Greenhill entries…
    const res = await page.request.get('/api/audit?pageSize=100');
    expect(res.status()).toBe(200);
    const body = (await res.json()) as AuditListResponse;
    expect(body.entries.length).toBeGreaterThan(0);
    expect(new Set(body.entries.map((e) => e.schoolName))).toEqual(new Set(['Greenhill Academy']));
    expect(body.entries.some((e) => e.actorEmail === RIVERSIDE_PRINCIPAL)).toBe(false);

    // …and the screen shows them, without a School column.
    await page.goto('/dashboard/audit');
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    await expect(page.getByTestId('audit-subtitle')).toHaveText('Sign-ins, account changes and system actions in your school');
    await expect(page.getByTestId('audit-row').filter({ hasText: 'LOGIN_SUCCESS' }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'School' })).toHaveCount(0);
    await expect(page.getByTestId('audit-filter-school')).toHaveCount(0);

    // Searching for the Riverside principal finds nothing; a Greenhill one is found.
    await page.getByTestId('audit-filter-actor').fill(RIVERSIDE_PRINCIPAL);
    await expect(page.getByTestId('audit-empty')).toContainText('No audit entries found');
    await page.getByTestId('audit-filter-actor').fill('principal@greenhill');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
  });

  test('a start date after the end date is refused before asking the server', async ({ page }) => {
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard/audit');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await page.getByTestId('audit-filter-from').fill('2026-03-12');
    await page.getByTestId('audit-filter-to').fill('2026-03-11');
    await expect(page.getByTestId('audit-date-error')).toHaveText('The start date must be on or before the end date.');
    await page.getByTestId('audit-clear-filters').click();
    await expect(page.getByTestId('audit-date-error')).toHaveCount(0);
  });

  test('a failed load shows an error card and Try Again recovers', async ({ page }) => {
    await signInViaApi(page, 'principal');
    let fail = true;
    await page.route(/\/api\/audit\?/, (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }) })
        : route.continue(),
    );
    await page.goto('/dashboard/audit');
    await expect(page.getByText('Error Loading Audit Trail')).toBeVisible({ timeout: 20_000 });
    fail = false;
    await page.getByTestId('audit-retry').click();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
  });

  test('on a phone the entries are cards and open the same details', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/audit');
    const card = page.getByTestId('audit-card').first();
    await expect(card).toBeVisible();
    await expect(page.getByTestId('audit-table')).toBeHidden();
    // Filters fold away on phones.
    await expect(page.getByTestId('audit-filter-actor')).toBeHidden();
    await page.getByTestId('audit-filters-toggle').click();
    await expect(page.getByTestId('audit-filter-actor')).toBeVisible();
    await card.click();
    await expect(page.getByTestId('audit-details').getByRole('heading', { name: 'Audit Entry' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
