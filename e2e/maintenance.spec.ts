import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './support/test';
import { ACCOUNTS, DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * Maintenance mode (spec §2 Maintenance page, §4 App gate and Maintenance, §6 Maintenance, §8
 * Maintenance): the edufam_admin Maintenance screen with its confirm dialogs and toasts, the app gate
 * that blocks a signed-in teacher in another browser within seconds (live event, or the 10 s poll)
 * without a reload, Check Status, and the return once maintenance is disabled; the test panel.
 *
 * The e2e server is shared by every spec: maintenance is always switched off again afterwards.
 */

/** Switches maintenance off through the API as edufam_admin, whatever state a failed test left. */
async function forceDisable(request: APIRequestContext) {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: ACCOUNTS.edufam_admin, password: DEMO_PASSWORD, accessType: 'admin', rememberMe: false },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const res = await request.post('/api/maintenance/disable');
  expect(res.status(), await res.text()).toBe(200);
  await request.post('/api/auth/sign-out');
}

test.afterEach(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    await forceDisable(request);
  } finally {
    await request.dispose();
  }
});

/** A signed-in teacher in a browser context of their own (their own cookie jar). */
async function teacherPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard');
  await expect(page.getByTestId('section-content')).toBeVisible();
  return page;
}

test.describe('maintenance mode', () => {
  test('admin enables → the teacher sees the Maintenance page without reloading; admin disables → the teacher is let back in', async ({ page, browser }) => {
    const teacher = await teacherPage(browser);
    let teacherLoads = 0;
    teacher.on('load', () => teacherLoads++);

    await signInViaApi(page, 'edufam_admin');
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'Maintenance', exact: true })).toBeVisible();
    await expect(page.getByTestId('maintenance-status-title')).toHaveText('All systems operational');
    // edufam_admin never sees the notice banner.
    await expect(page.getByTestId('maintenance-notice')).toHaveCount(0);

    // Left empty, the message is the spec's default (e2e/spec-letter-session.spec.ts enables with it).
    const form = page.getByTestId('maintenance-enable-form');
    await expect(form.getByLabel('Estimated duration')).toHaveValue('2-4 hours');
    await expect(form.getByLabel('Maintenance message')).toHaveAttribute('placeholder', 'System is under maintenance. Please try again later.');

    await form.getByLabel('Maintenance message').fill('We are upgrading the exam module. Please try again later.');
    await form.getByLabel('Estimated duration').fill('About 1 hour');
    await form.getByTestId('maintenance-enable-form-submit').click();
    const dialog = page.getByTestId('maintenance-confirm-dialog');
    await expect(dialog.getByRole('heading', { name: 'Enable maintenance mode?' })).toBeVisible();
    await dialog.getByTestId('maintenance-confirm').click();
    await expect(page.getByText('Maintenance Mode Enabled', { exact: true })).toBeVisible();
    await expect(page.getByText('System is now in maintenance mode. All users except EduFam Administrators are blocked.')).toBeVisible();
    await expect(page.getByTestId('maintenance-status-title')).toHaveText('Maintenance mode is on');
    await expect(page.getByTestId('maintenance-current-duration')).toHaveText('About 1 hour');

    // The teacher's open page turns into the Maintenance page by itself (live event, or the 10 s poll).
    await expect(teacher.getByRole('heading', { name: 'System Under Maintenance' })).toBeVisible({ timeout: 15_000 });
    await expect(teacher.getByTestId('maintenance-message')).toHaveText('We are upgrading the exam module. Please try again later.');
    await expect(teacher.getByTestId('maintenance-duration')).toContainText('About 1 hour');
    await expect(teacher.getByTestId('maintenance-last-checked')).toContainText(/Last checked: \d\d:\d\d:\d\d/);
    await expect(teacher.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(teacherLoads).toBe(0);

    // The teacher's API calls are refused with the maintenance message; the admin's still work.
    const refused = await teacher.request.get('/api/dashboard');
    expect(refused.status()).toBe(503);
    expect((await refused.json()).error).toEqual({ code: 'MAINTENANCE', message: 'We are upgrading the exam module. Please try again later.', requestId: expect.any(String) });
    expect((await page.request.get('/api/dashboard')).status()).toBe(200);

    // Check Status: still under maintenance.
    await teacher.getByTestId('maintenance-check-status').click();
    await expect(teacher.getByTestId('maintenance-still-on')).toBeVisible();

    // The admin updates the message; the teacher reads the new one within seconds.
    const update = page.getByTestId('maintenance-update-form');
    await update.getByLabel('Maintenance message').fill('Almost done: back shortly.');
    await update.getByTestId('maintenance-update-form-submit').click();
    await expect(page.getByText('Maintenance message updated successfully')).toBeVisible();
    await expect(teacher.getByTestId('maintenance-message')).toHaveText('Almost done: back shortly.', { timeout: 15_000 });

    // Disable, through the confirm dialog.
    await page.getByTestId('maintenance-disable').click();
    await expect(dialog.getByRole('heading', { name: 'Disable maintenance mode?' })).toBeVisible();
    await dialog.getByTestId('maintenance-confirm').click();
    await expect(page.getByText('Maintenance Mode Disabled', { exact: true })).toBeVisible();
    await expect(page.getByText('System is now accessible to all users.')).toBeVisible();
    await expect(page.getByTestId('maintenance-status-title')).toHaveText('All systems operational');
    await expect(page.getByTestId('maintenance-current-message')).toHaveText('System is operational.');

    // The teacher is let back in, still without a reload.
    await expect(teacher.getByTestId('maintenance-page')).toHaveCount(0, { timeout: 15_000 });
    await expect(teacher.getByTestId('section-content')).toBeVisible();
    expect(teacherLoads).toBe(0);
    await teacher.context().close();
  });

  test('a teacher who opens EduFam during maintenance gets the Maintenance page; Try Again, Check Status, then let in', async ({ page, browser, request }) => {
    await signInViaApi(page, 'edufam_admin');
    const res = await page.request.post('/api/maintenance/enable', { data: { message: 'Planned database upgrade.' } });
    expect(res.status(), await res.text()).toBe(200);

    // Anyone may read the status.
    const status = await request.get('/api/maintenance/status');
    expect(await status.json()).toMatchObject({ enabled: true, message: 'Planned database upgrade.', estimatedDuration: '2-4 hours', canAccess: null });

    const context = await browser.newContext();
    const teacher = await context.newPage();
    // No live events for this teacher: the gate's 10 s poll alone must notice the change.
    await teacher.route('**/api/events', (route) => route.abort());
    await signInViaApi(teacher, 'teacher');
    await teacher.goto('/dashboard');
    await expect(teacher.getByRole('heading', { name: 'System Under Maintenance' })).toBeVisible();
    await expect(teacher.getByTestId('maintenance-duration')).toContainText('2-4 hours');

    await teacher.getByRole('button', { name: 'Try Again' }).click();
    await expect(teacher.getByRole('heading', { name: 'System Under Maintenance' })).toBeVisible();

    await teacher.getByTestId('maintenance-check-status').click();
    await expect(teacher.getByTestId('maintenance-still-on')).toBeVisible();

    // Maintenance ends: the poll lets the teacher in within 10 s.
    expect((await page.request.post('/api/maintenance/disable')).status()).toBe(200);
    await expect(teacher.getByTestId('section-content')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('Elimisha Admin Staff, the older alias (spec §1), keep working during maintenance like edufam_admin, without the notice banner', async ({ page, browser }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/maintenance');
    const form = page.getByTestId('maintenance-enable-form');
    await form.getByLabel('Maintenance message').fill('Moving to a new database server.');
    await form.getByTestId('maintenance-enable-form-submit').click();
    await page.getByTestId('maintenance-confirm-dialog').getByTestId('maintenance-confirm').click();
    await expect(page.getByText('Maintenance Mode Enabled', { exact: true })).toBeVisible();
    await expect(page.getByTestId('maintenance-status-title')).toHaveText('Maintenance mode is on');
    await expect(page.getByTestId('maintenance-notice')).toHaveCount(0);

    const context = await browser.newContext();
    const elimisha = await context.newPage();
    await signInViaApi(elimisha, 'elimisha_admin');
    await elimisha.goto('/dashboard');
    await expect(elimisha.getByTestId('section-content')).toBeVisible();
    await expect(elimisha.getByRole('heading', { name: 'System Under Maintenance' })).toHaveCount(0);
    await expect(elimisha.getByTestId('maintenance-notice')).toHaveCount(0);
    expect((await elimisha.request.get('/api/dashboard')).status()).toBe(200);
    await context.close();
  });

  test('the test panel shows the status, role checks and live events to edufam_admin and its alias only', async ({ page, browser }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/debug/maintenance-test');
    await expect(page.getByRole('heading', { name: 'Maintenance Test Panel' })).toBeVisible();
    await expect(page.getByTestId('maintenance-test-status')).toHaveText('Disabled');
    const roles = page.getByTestId('maintenance-test-role');
    await expect(roles).toHaveCount(8);
    await expect(page.locator('[data-testid="maintenance-test-role"][data-allowed="false"]')).toHaveCount(0);

    expect((await page.request.post('/api/maintenance/enable', { data: { message: 'Panel check' } })).status()).toBe(200);
    await expect(page.getByTestId('maintenance-test-status')).toHaveText('Enabled', { timeout: 15_000 });
    await expect(page.getByTestId('maintenance-test-log-entry').filter({ hasText: 'Panel check' }).first()).toBeVisible();
    // Only edufam_admin and its alias elimisha_admin pass by default.
    await expect(page.locator('[data-testid="maintenance-test-role"][data-allowed="true"]')).toHaveCount(2);
    await expect(page.locator('[data-testid="maintenance-test-role"][data-role="edufam_admin"]')).toHaveAttribute('data-allowed', 'true');
    await expect(page.locator('[data-testid="maintenance-test-role"][data-role="elimisha_admin"]')).toHaveAttribute('data-allowed', 'true');
    await expect(page.locator('[data-testid="maintenance-test-role"][data-role="teacher"]')).toContainText('Blocked');

    await page.getByTestId('maintenance-test-run').click();
    await expect(page.locator('[data-testid="maintenance-test-log-entry"][data-source="manual"]').first()).toBeVisible();

    // elimisha_admin, treated identically (spec §1), gets the panel in the debug section too.
    const context = await browser.newContext();
    const elimisha = await context.newPage();
    await signInViaApi(elimisha, 'elimisha_admin');
    expect((await page.request.post('/api/maintenance/disable')).status()).toBe(200);
    await elimisha.goto('/debug');
    await expect(elimisha.getByTestId('maintenance-test-panel')).toBeVisible();
    await expect(elimisha.getByText('This test is only available to EduFam Administrators.')).toHaveCount(0);
    await context.close();
  });
});
