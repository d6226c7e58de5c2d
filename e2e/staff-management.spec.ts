import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Staff Management (issue 14 §1) as HR's journey: HR signs in, opens Staff Management from the
 * sidebar, adds a member of staff (a KRA PIN in the wrong shape is refused under its field first), lands
 * on the new record, goes back and finds them in the list. On a phone (375 px) the list is cards and the
 * form fits the screen. STAFF_SHOTS=<dir> saves screenshots of the list, form and record.
 */

const SHOTS = process.env.STAFF_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('HR adds a staff member and finds them in the list', async ({ page }) => {
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Staff Management' }).click();
  await expect(page.getByRole('heading', { name: 'Staff Management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('staff-list-row').first()).toBeVisible();
  await expect(page.getByTestId('staff-summary')).toBeVisible();
  await shot(page, 'staff-list');

  await page.getByTestId('staff-add').click();
  const form = page.getByTestId('staff-form');
  await expect(form).toBeVisible();
  await form.getByTestId('staff-form-firstName').fill('Zawadi');
  await form.getByTestId('staff-form-lastName').fill('Chepkoech');
  await form.getByTestId('staff-form-phone').fill('0722 456 789');
  await form.getByTestId('staff-form-email').fill('zawadi.chepkoech@example.com');
  await form.getByTestId('staff-form-kraPin').fill('A12345');
  await form.getByTestId('staff-form-jobTitle').fill('Bursar');
  await form.getByTestId('staff-form-department').fill('Finance');
  await form.getByTestId('staff-form-startDate').fill('2026-11-02');
  await form.getByTestId('staff-form-bankName').fill('Equity Bank');
  await form.getByTestId('staff-form-bankAccount').fill('0123456789012');
  await shot(page, 'staff-form');
  await form.getByTestId('staff-form-submit').click();
  await expect(form.getByText('Enter the KRA PIN as 11 characters')).toBeVisible();
  await expect(form.getByTestId('staff-form-kraPin')).toHaveAttribute('aria-invalid', 'true');

  await form.getByTestId('staff-form-kraPin').fill('a123456789z');
  await form.getByTestId('staff-form-submit').click();
  const detail = page.getByTestId('staff-detail');
  await expect(detail.getByTestId('staff-detail-name')).toHaveText('Zawadi Chepkoech');
  await expect(detail).toContainText('A123456789Z');
  await expect(detail).toContainText(/GHA-STF-\d{4}/);
  await shot(page, 'staff-detail');

  // Editing shows the stored phone as it was typed (0722 456 789), not 254722456789.
  await detail.getByTestId('staff-edit').click();
  await expect(page.getByTestId('staff-form-phone')).toHaveValue('0722 456 789');
  await page.getByTestId('staff-form').getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.getByTestId('staff-detail-name')).toHaveText('Zawadi Chepkoech');

  await detail.getByTestId('staff-detail-back').click();
  await page.getByTestId('staff-toolbar-search').fill('Chepkoech');
  const row = page.getByTestId('staff-list-row').filter({ hasText: 'Zawadi Chepkoech' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Bursar');

  // A phone's width: cards, nothing wider than the screen; the form fits too.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('staff-list-row-card').filter({ hasText: 'Zawadi Chepkoech' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('staff-toolbar-search').fill('');
  await expect(page.getByTestId('staff-list-row-card').nth(3)).toBeVisible();
  await shot(page, 'staff-list');
  await page.getByTestId('staff-add').click();
  await expect(page.getByTestId('staff-form')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'staff-form');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('staff-toolbar-search').fill('Chepkoech');
  await page.getByTestId('staff-list-row-card').filter({ hasText: 'Zawadi Chepkoech' }).click();
  await expect(page.getByTestId('staff-detail-name')).toHaveText('Zawadi Chepkoech');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'staff-detail');
});

test('HR gives a staff member an account in User Management, then disables it', async ({ page }) => {
  await signInViaApi(page, 'hr');
  const res = await page.request.post('/api/staff', {
    data: { firstName: 'Baraka', lastName: 'Wekesa', email: 'baraka.wekesa@example.com', jobTitle: 'Teacher', department: 'Teaching', startDate: '2026-09-01', paymentMethod: 'mpesa', mpesaPhone: '0733 222 111' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/dashboard/user-management');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await page.getByTestId('user-management-toolbar-search').fill('Wekesa');
  const row = page.getByTestId('user-row').filter({ hasText: 'Baraka Wekesa' });
  await expect(row).toHaveCount(1);
  await row.getByTestId('user-give-account').click();
  const dialog = page.getByTestId('give-account-dialog');
  await expect(dialog).toContainText('baraka.wekesa@example.com');
  await dialog.getByTestId('give-account-role-teacher').click();
  await dialog.getByTestId('give-account-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('staff-account')).toHaveAttribute('data-status', 'active');
  await expect(row.getByTestId('staff-account')).toContainText('Teacher');

  await row.getByTestId('user-disable').click();
  await page.getByTestId('account-status-confirm').click();
  await expect(row.getByTestId('staff-account')).toHaveAttribute('data-status', 'inactive');
  await expect(row.getByTestId('user-enable')).toBeVisible();
  await page.getByTestId('user-management-toolbar-search').fill('');
  await expect(page.getByTestId('user-row').nth(3)).toBeVisible();
  await shot(page, 'user-management');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('user-row-card').first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'user-management');
});
