import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi, submitSchoolSignIn } from './support/accounts';

/**
 * Users Management (spec §2 Users Management, §5 Create User form and Other, §6 User management, §8
 * Users) against the real server: platform admins see every school, with search, role, status and
 * school filters and server-side paging; a created user must change the temporary password at first
 * sign-in and can then use the app; status toggles go through a confirm dialog and a toast, and a
 * deactivated user is signed out; a director sees only their school ("Staff Management") and adds a
 * teacher; a teacher gets the three Access Denied texts; phones get cards without sideways scrolling.
 * Expected texts are the spec's, written out here.
 */

const TEMPORARY_PASSWORD = 'Welcome2026!'; // DEFAULT_TEMPORARY_PASSWORD of src/shared/contracts/users.ts
const NEW_PASSWORD = 'ChalkAndTalk2026!';
const SCHOOL_ROLE_LABELS = ['Parent', 'Teacher', 'Principal', 'School Director', 'Finance Officer', 'HR Manager'];

const section = (page: Page) => page.getByTestId('users-section');
const table = (page: Page) => page.getByTestId('users-table');
const rows = (page: Page) => table(page).getByTestId('user-row');
const row = (page: Page, email: string) => table(page).locator(`[data-testid="user-row"][data-email="${email}"]`);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const isUsersList = (url: URL) => url.pathname === '/api/users';

/** The section has run its (debounced) query for `text` and is not fetching. */
async function settled(page: Page, text?: string) {
  if (text !== undefined) await expect(section(page)).toHaveAttribute('data-search', text.trim());
  await expect(section(page)).not.toHaveAttribute('data-busy');
}

/** Types into the search box and waits until the list shown is the answer for that search. */
async function search(page: Page, text: string) {
  await page.getByTestId('users-search').fill(text);
  await settled(page, text);
}

/** Picks an option of one of the toolbar's filters and waits for the list. */
async function filter(page: Page, testId: 'filter-role' | 'filter-status' | 'filter-school', option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
  await settled(page);
}

/** The distinct texts of one table column (0-based) over the rows shown. */
async function column(list: Locator, index: number): Promise<string[]> {
  const cells = await list.evaluateAll((trs, i) => trs.map((tr) => (tr as HTMLTableRowElement).cells[i]?.textContent?.trim() ?? ''), index);
  return [...new Set(cells)];
}

async function statValue(page: Page, id: string): Promise<number> {
  const text = (await page.getByTestId(`users-stat-${id}-value`).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Opens Add User and fills the form; returns the dialog. */
async function fillCreateForm(page: Page, v: { name: string; email: string; role: string; school?: string; phone?: string }) {
  await page.getByTestId('users-add').click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full Name').fill(v.name);
  await dialog.getByLabel('Email').fill(v.email);
  if (v.phone) await dialog.getByLabel(/Phone/).fill(v.phone);
  await dialog.getByTestId('create-user-role').click();
  await page.getByRole('option', { name: v.role, exact: true }).click();
  if (v.school) {
    await dialog.getByTestId('create-user-school').click();
    await page.getByRole('option', { name: v.school, exact: true }).click();
  }
  return dialog;
}

test.describe('users management', () => {
  test('platform admin: cards, columns, search, role/status/school filters, paging and System Admin rows', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management', exact: true })).toBeVisible();
    await expect(page.getByTestId('users-subtitle')).toHaveText('Manage all users across the Elimisha platform');
    await expect(section(page).getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(section(page).getByRole('button', { name: 'Add User' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'User Management', exact: true })).toHaveAttribute('aria-current', 'page');

    // Summary cards: the server's counts over every school.
    const api = (await (await page.request.get('/api/users?pageSize=1')).json()) as { summary: Record<string, number> };
    for (const [id, label, key] of [
      ['total', 'Total Users', 'total'],
      ['active', 'Active Users', 'active'],
      ['inactive', 'Inactive Users', 'inactive'],
      ['admins', 'Admin Users', 'admins'],
    ] as const) {
      await expect(page.getByTestId(`users-stat-${id}`)).toContainText(label);
      await expect.poll(() => statValue(page, id)).toBe(api.summary[key]);
    }
    expect(api.summary.total).toBeGreaterThan(25);

    const headers = await table(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Name', 'Email', 'Role', 'School', 'Status', 'Actions', 'Created']);

    // Server-side paging: 25 a page.
    await settled(page, '');
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByTestId('users-page')).toHaveText(`Page 1 of ${Math.ceil(api.summary.total / 25)}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('users-page')).toHaveText(`Page 2 of ${Math.ceil(api.summary.total / 25)}`);
    await settled(page);
    await expect(page.getByTestId('users-pagination')).toContainText(`Showing 26–`);

    // Search: both schools' directors; a new search starts at page 1.
    await search(page, 'director@');
    await expect(page.getByTestId('users-page')).toHaveText('Page 1 of 1');
    await expect(row(page, 'director@greenhill.edufam.test')).toContainText('Greenhill Academy');
    await expect(row(page, 'director@riverside.edufam.test')).toContainText('Riverside International School');
    await expect(row(page, 'director@greenhill.edufam.test')).toContainText('School Director');

    // Platform accounts: "System Admin" instead of the toggle.
    await search(page, 'admin@edufam.test');
    const admin = row(page, 'admin@edufam.test');
    await expect(admin.getByTestId('system-admin-label')).toHaveText('System Admin');
    await expect(admin.getByRole('switch')).toHaveCount(0);
    await search(page, 'elimisha@edufam.test');
    await expect(row(page, 'elimisha@edufam.test').getByTestId('system-admin-label')).toBeVisible();
    await expect(row(page, 'elimisha@edufam.test').getByRole('switch')).toHaveCount(0);

    await search(page, 'no-such-person-xyz');
    await expect(section(page).getByText('No users found')).toBeVisible();
    await expect(table(page)).toHaveCount(0);
    await search(page, '');

    // Role filter.
    await filter(page, 'filter-role', 'Principal');
    await expect.poll(() => column(rows(page), 2)).toEqual(['Principal']);

    // Status filter, suspended included.
    await filter(page, 'filter-role', 'All roles');
    await filter(page, 'filter-status', 'Suspended');
    await expect.poll(() => column(rows(page), 4)).toEqual(['Suspended']);
    await expect(row(page, 'suspended.parent@greenhill.edufam.test')).toBeVisible();
    await filter(page, 'filter-status', 'Inactive');
    await expect(row(page, 'inactive.teacher@greenhill.edufam.test')).toBeVisible();
    await expect.poll(() => column(rows(page), 4)).toEqual(['Inactive']);

    // School filter; Clear filters brings everything back.
    await filter(page, 'filter-status', 'All statuses');
    await filter(page, 'filter-school', 'Riverside International School');
    await expect.poll(() => column(rows(page), 3)).toEqual(['Riverside International School']);
    await section(page).getByRole('button', { name: 'Clear filters' }).click();
    await settled(page, '');
    await expect(page.getByTestId('filter-school')).toContainText('All schools');
    expect((await column(rows(page), 3)).length).toBeGreaterThan(1);
  });

  test('a failed load shows Error Loading Users, and Try Again recovers', async ({ page }) => {
    let failing = true;
    await page.route(isUsersList, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }) })
        : route.continue(),
    );
    await signInViaApi(page, 'principal');
    // The principal reaches the screen from the dashboard (there is no "users" entry in their sidebar).
    await page.goto('/dashboard');
    await page.getByTestId('manage-users-link').click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(page.getByText('Error Loading Users')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Failed to fetch users: Boom')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText('Error Loading Users')).toHaveCount(0);
  });

  test('admin creates a user who must change the password at first sign-in; toggling status signs them out', async ({ page, browser, baseURL }) => {
    const email = `amani.new.${Date.now()}@riverside.edufam.test`;
    const name = 'Amani Wekesa';

    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/users');
    await settled(page, '');
    const inactiveBefore = await statValue(page, 'inactive');

    // The form: every school role plus EduFam Admin Staff; a school is required for a school role.
    await page.getByTestId('users-add').click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await expect(dialog.getByLabel('Temporary Password')).toHaveValue(TEMPORARY_PASSWORD);
    await expect(dialog.getByLabel('Temporary Password')).toHaveAttribute('placeholder', 'Minimum 8 characters');
    await expect(dialog.getByText('The user will be prompted to change this password at first login.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Full Name is required')).toBeVisible();
    await expect(dialog.getByText('Role is required')).toBeVisible();
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByTestId('create-user-role').click();
    expect(await page.getByRole('option').allTextContents()).toEqual([...SCHOOL_ROLE_LABELS, 'EduFam Admin Staff']);
    await page.getByRole('option', { name: 'Teacher', exact: true }).click();
    await dialog.getByLabel('Temporary Password').fill('short');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Please select a school for this user role')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters long.')).toBeVisible();
    await dialog.getByLabel('Temporary Password').fill(TEMPORARY_PASSWORD);
    await dialog.getByTestId('create-user-school').click();
    // Closed schools take no new accounts.
    await expect(page.getByRole('option', { name: 'Sunrise Academy' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Riverside International School', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('User Created')).toBeVisible();

    await search(page, email);
    const created = row(page, email);
    await expect(created).toContainText(name);
    await expect(created).toContainText('Teacher');
    await expect(created).toContainText('Riverside International School');
    await expect(created.getByTestId('user-status')).toHaveText('Active');

    // First sign-in through the real form: the new-password page comes before anything else.
    const userContext = await browser.newContext({ baseURL });
    const user = await userContext.newPage();
    await submitSchoolSignIn(user, email, TEMPORARY_PASSWORD);
    const gate = user.getByTestId('change-password-gate');
    await expect(gate.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(gate).toContainText(email);
    await expect(user.getByTestId('sidebar')).toHaveCount(0);
    await expect(user.getByTestId('section-content')).toHaveCount(0);
    // Still there after a reload or when opening another section's address.
    await user.goto('/dashboard/announcements');
    await expect(gate.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

    await gate.getByLabel('Current Password').fill('NotTheTemporary1');
    await gate.getByLabel('New Password').fill(NEW_PASSWORD);
    await gate.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
    await gate.getByRole('button', { name: 'Save Password' }).click();
    await expect(gate.getByText('Passwords do not match.')).toBeVisible();
    await gate.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await gate.getByRole('button', { name: 'Save Password' }).click();
    await expect(gate.getByText('Current password is incorrect.')).toBeVisible();
    await gate.getByLabel('Current Password').fill(TEMPORARY_PASSWORD);
    await gate.getByRole('button', { name: 'Save Password' }).click();
    await expect(user.getByText('Password Changed')).toBeVisible();
    await expect(gate).toHaveCount(0);
    await expect(user.getByTestId('section-content')).toBeVisible();
    await user.goto('/dashboard');
    await expect(user.getByTestId('dashboard')).toBeVisible();
    await expect(user.getByTestId('change-password-gate')).toHaveCount(0);

    // Deactivate through the toggle: Cancel changes nothing, Confirm does it and says so.
    await created.getByRole('switch').click();
    const confirmDeactivate = page.getByRole('dialog', { name: 'Deactivate user?' });
    await expect(confirmDeactivate).toContainText(name);
    await confirmDeactivate.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmDeactivate).toBeHidden();
    await expect(created.getByRole('switch')).toBeChecked();
    await created.getByRole('switch').click();
    await confirmDeactivate.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('User Status Updated')).toBeVisible();
    await expect(page.getByText(`${name} has been deactivated successfully.`)).toBeVisible();
    await expect(created.getByTestId('user-status')).toHaveText('Inactive');
    await expect(created.getByRole('switch')).not.toBeChecked();
    await expect.poll(() => statValue(page, 'inactive')).toBe(inactiveBefore + 1);

    // The deactivated user's session has ended: the next page load goes to sign-in.
    await user.goto('/dashboard');
    await expect(user).toHaveURL(/\/login$/);
    await userContext.close();

    // Reactivate.
    await created.getByRole('switch').click();
    const confirmActivate = page.getByRole('dialog', { name: 'Activate user?' });
    await confirmActivate.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`${name} has been activated successfully.`)).toBeVisible();
    await expect(created.getByTestId('user-status')).toHaveText('Active');
  });

  test('director: Staff Management, only their school, adds and edits a teacher; refusals show their toasts', async ({ page }) => {
    const email = `new.teacher.${Date.now()}@greenhill.edufam.test`;
    const name = 'Wairimu Njeri';

    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Staff Management', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(page.getByRole('heading', { name: 'Staff Management', exact: true })).toBeVisible();
    await expect(page.getByTestId('users-subtitle')).toHaveText('Manage users in your school');
    await expect(page.getByTestId('filter-school')).toHaveCount(0);
    await settled(page, '');
    await expect.poll(() => column(rows(page), 3)).toEqual(['Greenhill Academy']);

    // Another school's people are not there, and admin roles are not offered as a filter.
    await search(page, 'riverside');
    await expect(page.getByText('No users found')).toBeVisible();
    await search(page, '');
    await page.getByTestId('filter-role').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['All roles', 'School Director', 'Principal', 'Teacher', 'Parent', 'Finance Officer', 'HR Manager']);
    await page.keyboard.press('Escape');

    // Create User: the six school roles, the director's own school, no school choice.
    await page.getByTestId('users-add').click();
    let dialog = page.getByRole('dialog', { name: 'Create User' });
    await expect(dialog.getByTestId('create-user-school')).toHaveCount(0);
    await expect(dialog.getByTestId('create-user-own-school')).toHaveText('Greenhill Academy');
    await dialog.getByTestId('create-user-role').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(SCHOOL_ROLE_LABELS);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    dialog = await fillCreateForm(page, { name, email, role: 'Teacher', phone: '0712 345 678' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} has been added.`)).toBeVisible();
    await search(page, email);
    await expect(row(page, email)).toContainText('Greenhill Academy');
    await expect(row(page, email)).toContainText('Teacher');

    // Edit: a new role and name; the row and the toast say so.
    await row(page, email).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    await expect(edit.getByLabel(/Phone/)).toHaveValue('0712 345 678');
    await edit.getByLabel('Full Name').fill('Wairimu Njeri Kamau');
    await edit.getByTestId('edit-user-role').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(SCHOOL_ROLE_LABELS);
    await page.getByRole('option', { name: 'Finance Officer', exact: true }).click();
    await edit.getByLabel(/Phone/).fill('12345');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Please enter a valid Kenyan phone number')).toBeVisible();
    await edit.getByLabel(/Phone/).fill('0722 000 111');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('User Updated')).toBeVisible();
    await expect(page.getByText('Wairimu Njeri Kamau has been updated successfully.')).toBeVisible();
    await expect(row(page, email)).toContainText('Finance Officer');
    await expect(row(page, email)).toContainText('Wairimu Njeri Kamau');

    // The same e-mail again is refused in the form.
    dialog = await fillCreateForm(page, { name, email, role: 'Teacher' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('A user with this email address already exists.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A failed creation says "Failed to create user".
    await page.route((url) => url.pathname === '/api/users', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.continue()));
    dialog = await fillCreateForm(page, { name: 'Offline Person', email: `offline.${Date.now()}@greenhill.edufam.test`, role: 'Parent' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByTestId('create-user-error')).toContainText('Failed to create user');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unrouteAll();

    // Refusals and failures of a status change get their toasts; the row keeps its status.
    const target = row(page, email);
    await page.route(
      '**/api/users/*/status',
      (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'ACTION_NOT_ALLOWED', message: 'Cannot deactivate system administrator accounts.' } }),
        }),
      { times: 1 },
    );
    await target.getByRole('switch').click();
    await page.getByRole('dialog', { name: 'Deactivate user?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Action Not Allowed')).toBeVisible();
    await expect(target.getByTestId('user-status')).toHaveText('Active');

    await page.route('**/api/users/*/status', (route) => route.abort('failed'), { times: 1 });
    await target.getByRole('switch').click();
    await page.getByRole('dialog', { name: 'Deactivate user?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Failed to update user status')).toBeVisible();
    await page.unrouteAll();
    await expect(target.getByTestId('user-status')).toHaveText('Active');

    // The director's own row cannot be toggled.
    await search(page, 'director@greenhill.edufam.test');
    await expect(row(page, 'director@greenhill.edufam.test').getByRole('switch')).toBeDisabled();
    // ... and their own role cannot be changed.
    await row(page, 'director@greenhill.edufam.test').getByTestId('user-edit').click();
    await expect(page.getByRole('dialog', { name: 'Edit User' }).getByTestId('edit-user-role')).toBeDisabled();
    await expect(page.getByRole('dialog', { name: 'Edit User' }).getByText('You cannot change your own role.')).toBeVisible();
  });

  test('roles without user management see Access Denied', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    const res = await page.request.get('/api/users');
    expect(res.status()).toBe(403);
    await page.goto('/dashboard/users');
    const denied = page.getByTestId('section-denied');
    await expect(denied.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(denied.getByText("You don't have permission to access user management.")).toBeVisible();
    await expect(denied.getByText('Only school directors, principals, and system administrators can manage users.')).toBeVisible();
    await expect(page.getByTestId('users-section')).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: /User Management|Staff Management/ })).toHaveCount(0);
  });

  test('on a 375px phone the users are cards and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard/users');
    await settled(page, '');
    await expect(page.getByTestId('users-cards')).toBeVisible();
    await expect(table(page)).toBeHidden();
    const card = page.locator('[data-testid="user-card"][data-email="teacher@greenhill.edufam.test"]');
    await page.getByTestId('users-search').fill('teacher@greenhill');
    await expect(card).toBeVisible();
    await expect(card).toContainText('Greenhill Academy');
    await expect(card.getByRole('switch')).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    for (const id of ['users-add', 'users-refresh', 'users-stat-total', 'users-stat-admins']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(375);
    }

    await page.getByTestId('users-add').click();
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });
});
