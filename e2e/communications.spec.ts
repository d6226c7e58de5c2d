import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test';
import type { Communication } from '../src/shared/contracts/communications';
import { DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * Announcements and notifications (spec §2 Shell chrome bell and banners, §4 Notification and
 * Communication, §7 items 4 and 7, §8, §9): the edufam_admin's Communication Center, a parent's bell,
 * detail dialog and banners in a second browser, dismissal that survives a reload, the "9+" badge,
 * edit/deactivate/delete with their toasts, and the mark-as-read failure toast.
 */

/** A title no other run of this spec uses. */
const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Creates a communication through the API with the admin's session of `request`. */
async function createViaApi(request: APIRequestContext, body: Record<string, unknown>): Promise<Communication> {
  const res = await request.post('/api/communications', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { communication: Communication }).communication;
}

async function signInRequest(request: APIRequestContext, email: string, accessType: 'admin' | 'school') {
  const res = await request.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD, accessType, rememberMe: false } });
  expect(res.status(), await res.text()).toBe(200);
}

function banner(page: Page, title: string) {
  return page.getByTestId('announcement-banner').filter({ hasText: title });
}

test.describe('announcements and notifications', () => {
  test('admin publishes to parents; a signed-in parent gets the bell and the banner, reads it and dismisses the banner for good', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const title = unique('Parents evening');
    const message = 'Parents evening is on Thursday from 4 pm in the main hall. Class teachers will share Term 1 reports.';

    // The parent is already signed in (second browser) before the admin publishes.
    const parentContext = await browser.newContext({ baseURL });
    const parent = await parentContext.newPage();
    await signInViaApi(parent, 'parent');
    await parent.goto('/dashboard');
    await expect(parent.getByTestId('notification-bell')).toBeVisible();

    // The admin creates it in the Communication Center.
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/announcements');
    await expect(page.getByRole('heading', { name: 'Communication Center' })).toBeVisible();
    const totalBefore = Number(await page.getByTestId('stat-total-value').textContent());
    await page.getByTestId('new-communication').click();
    const dialog = page.getByTestId('communication-dialog');
    await expect(dialog.getByRole('heading', { name: 'New Communication' })).toBeVisible();
    // Validation first: nothing filled.
    await dialog.getByTestId('communication-submit').click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Select at least one target role')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByTestId('communication-priority').click();
    await page.getByRole('option', { name: 'High' }).click();
    await dialog.getByRole('checkbox', { name: 'Parent' }).click();
    await dialog.getByTestId('communication-submit').click();
    await expect(page.getByText('Communication created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('communication-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('communication-status')).toHaveText('Active');
    await expect(row.getByTestId('priority-badge')).toHaveText('High');
    await expect(row).toContainText('Parent');
    await expect(page.getByTestId('stat-total-value')).toHaveText(String(totalBefore + 1));

    // The parent sees it live (SSE) or at the latest with the 30 s / 60 s polls (spec §9).
    await expect(banner(parent, title)).toBeVisible({ timeout: 70_000 });
    await expect(banner(parent, title)).toHaveAttribute('data-priority', 'high');
    await expect(parent.getByTestId('notification-badge')).toBeVisible({ timeout: 70_000 });
    await parent.getByTestId('notification-bell').click();
    const item = parent.getByTestId('notification-item').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 70_000 });
    const unreadBefore = Number(await parent.getByTestId('notification-badge').textContent());

    // Opening it shows the detail dialog and marks it read.
    await item.getByRole('button').first().click();
    const detail = parent.getByTestId('notification-dialog');
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    await expect(detail.getByTestId('notification-message')).toHaveText(message);
    await expect(detail.getByTestId('notification-read-state')).toHaveText('Read');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect(detail).toBeHidden();
    if (unreadBefore > 1) await expect(parent.getByTestId('notification-badge')).toHaveText(String(unreadBefore - 1));
    else await expect(parent.getByTestId('notification-badge')).toHaveCount(0);
    await parent.getByTestId('notification-bell').click();
    await expect(parent.getByTestId('notification-item').filter({ hasText: title })).toHaveCount(0);
    await parent.keyboard.press('Escape');

    // It is in School News as well.
    await parent.goto('/dashboard/announcements');
    await expect(parent.getByRole('heading', { name: 'School News' })).toBeVisible();
    await expect(parent.getByTestId('received-item').filter({ hasText: title })).toBeVisible();

    // Dismissing the banner lasts across reloads.
    await banner(parent, title).getByTestId('announcement-dismiss').click();
    await expect(banner(parent, title)).toHaveCount(0);
    await expect(parent.getByTestId('received-item').filter({ hasText: title })).toContainText('Dismissed');
    const bannersLoaded = parent.waitForResponse((r) => r.url().endsWith('/api/communications/banners') && r.status() === 200);
    await parent.reload();
    await bannersLoaded;
    await expect(parent.getByTestId('received-item').filter({ hasText: title })).toBeVisible();
    await expect(banner(parent, title)).toHaveCount(0);
    await parentContext.close();
  });

  test('the badge shows "9+" above 9 unread; the dropdown lists the newest 10', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInRequest(admin, 'admin@edufam.test', 'admin');
    const prefix = unique('HR bulletin');
    for (let i = 1; i <= 11; i++) await createViaApi(admin, { title: `${prefix} #${i}`, message: `Bulletin ${i}`, targetRoles: ['hr'], priority: i % 3 === 0 ? 'low' : 'medium' });
    await admin.dispose();

    await signInViaApi(page, 'hr');
    await page.goto('/dashboard');
    await expect(page.getByTestId('notification-badge')).toHaveText('9+');
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
    await page.getByTestId('notification-bell').click();
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(10);
    await expect(items.first()).toContainText(`${prefix} #11`);
    await expect(page.getByTestId('notification-more')).toContainText('more unread');

    // The banner area scrolls within 16rem.
    const viewport = page.getByTestId('announcement-banners-viewport');
    const box = await viewport.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(16 * 16 + 1);

    // Mark as Read on one item: it leaves the list.
    await items.filter({ hasText: `${prefix} #11` }).getByTestId('notification-mark-read').click();
    await expect(page.getByTestId('notification-item').filter({ hasText: `${prefix} #11` })).toHaveCount(0);
    await expect(items).toHaveCount(10);

    // A failing mark-as-read toasts the spec's error.
    await page.route('**/api/notifications/*/read', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }) }),
    );
    await items.first().getByTestId('notification-mark-read').click();
    await expect(page.getByText('Failed to mark notification as read')).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await page.unroute('**/api/notifications/*/read');

    // Mark all as read empties the bell.
    await page.getByTestId('notification-mark-all').click();
    await expect(page.getByTestId('notification-empty')).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  });

  test('admin edits, deactivates and deletes with confirmation; the receivers follow', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const title = unique('Staff meeting');
    await signInViaApi(page, 'edufam_admin');
    const created = await createViaApi(page.request, { title, message: 'Monday 7:30 am in the staffroom.', targetRoles: ['teacher'], priority: 'low', dismissible: false });

    const teacherContext = await browser.newContext({ baseURL });
    const teacher = await teacherContext.newPage();
    await signInViaApi(teacher, 'teacher');
    await teacher.goto('/dashboard/announcements');
    await expect(teacher.getByRole('heading', { name: 'Class Announcements' })).toBeVisible();
    await expect(banner(teacher, title)).toBeVisible();
    // Not dismissible: no dismiss button.
    await expect(banner(teacher, title).getByTestId('announcement-dismiss')).toHaveCount(0);

    await page.goto('/admin/announcements');
    await page.getByTestId('communications-search').fill(title);
    const row = page.getByTestId('communication-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('communication-row')).toHaveCount(1);

    // Edit: new title and priority.
    await row.getByTestId('communication-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByTestId('communication-dialog');
    await expect(dialog.getByRole('heading', { name: 'Edit Communication' })).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await dialog.getByLabel('Title').fill(`${title} (moved)`);
    await dialog.getByTestId('communication-priority').click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await dialog.getByTestId('communication-submit').click();
    await expect(page.getByText('Communication updated successfully')).toBeVisible();
    await page.getByTestId('communications-search').fill(`${title} (moved)`);
    const edited = page.getByTestId('communication-row').filter({ hasText: `${title} (moved)` });
    await expect(edited.getByTestId('priority-badge')).toHaveText('Critical');
    await expect(banner(teacher, `${title} (moved)`)).toBeVisible({ timeout: 45_000 });
    await expect(banner(teacher, `${title} (moved)`)).toHaveAttribute('data-priority', 'critical');

    // Deactivate: it leaves the teacher's banners.
    await edited.getByTestId('communication-actions').click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(edited.getByTestId('communication-status')).toHaveText('Inactive');
    await expect(banner(teacher, title)).toHaveCount(0, { timeout: 45_000 });

    // Delete with confirmation.
    await edited.getByTestId('communication-actions').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByTestId('communication-delete-dialog');
    await expect(confirm.getByRole('heading', { name: 'Delete communication?' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByTestId('communication-actions').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirm.getByTestId('communication-delete-confirm').click();
    await expect(page.getByText('Communication deleted successfully')).toBeVisible();
    await expect(page.getByTestId('communications-empty')).toBeVisible();
    expect((await page.request.patch(`/api/communications/${created.id}`, { data: { title: 'x' } })).status()).toBe(404);
    await teacherContext.close();
  });

  test('a failed save keeps the dialog open with the spec failure toast; other roles cannot reach the admin API', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/announcements');
    await page.getByTestId('new-communication').click();
    const dialog = page.getByTestId('communication-dialog');
    await dialog.getByLabel('Title').fill(unique('Will fail'));
    await dialog.getByLabel('Message').fill('This one is refused by a stubbed server.');
    await dialog.getByRole('checkbox', { name: 'Teacher' }).click();
    await page.route('**/api/communications', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database unavailable' } }) })
        : route.continue(),
    );
    await dialog.getByTestId('communication-submit').click();
    await expect(page.getByText('Failed to create communication')).toBeVisible();
    await expect(dialog.getByTestId('communication-form-error')).toHaveText('Database unavailable');
    await expect(dialog).toBeVisible();
    await page.unroute('**/api/communications');

    const parent = await page.context().browser()!.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
    const p = await parent.newPage();
    await signInViaApi(p, 'parent');
    expect((await p.request.get('/api/communications')).status()).toBe(403);
    expect((await p.request.get('/api/communications/stats')).status()).toBe(403);
    await parent.close();
  });
});
