import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/test';
import { DEMO_PASSWORD, signInViaApi, submitSchoolSignIn } from './support/accounts';

/**
 * Schools Management (/admin/schools, spec §2 edufam_admin "schools") and the header's school context
 * (spec §4 School context): edufam_admin creates, edits, deactivates and reactivates a school (its
 * principal is refused sign-in while it is inactive); admins switch the current school in the header;
 * school users see their own school pinned; elimisha_admin, the older alias, manages like edufam_admin.
 */

const SHOTS_DIR = process.env.SHOTS_DIR;
const INACTIVE_SCHOOL = 'Your school account is inactive. Please contact EduFam support.';

async function shot(page: Page, name: string) {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

const rowOf = (page: Page, code: string) => page.locator(`[data-testid="school-row"][data-code="${code}"]`);

async function openSchools(page: Page) {
  await page.goto('/admin/schools');
  await expect(page.getByRole('heading', { name: 'Schools Management' })).toBeVisible();
  await expect(page.getByTestId('school-row').first()).toBeVisible();
}

/** Signs in through the School Users form in a fresh browser; returns the page. */
async function signInThroughForm(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const panel = await submitSchoolSignIn(page, email);
  return { page, panel, close: () => context.close() };
}

async function rowAction(page: Page, code: string, action: 'school-edit' | 'school-toggle') {
  await rowOf(page, code).getByTestId('school-actions').click();
  await page.getByTestId(action).click();
}

test.describe('schools management', () => {
  test('admin creates, edits, deactivates and reactivates a school', async ({ page, browser }) => {
    const stamp = Date.now().toString(36);
    const name = `Lakeview Academy ${stamp}`;
    const code = `lakeview-${stamp}`;
    await signInViaApi(page, 'edufam_admin');
    await openSchools(page);
    await expect(page.getByTestId('schools-subtitle')).toHaveText('Create schools, keep their details current and open or close their access');
    const totalBefore = Number(await page.getByTestId('schools-stat-total-value').textContent());

    // Create: the form checks its fields first.
    await page.getByTestId('schools-add').click();
    const dialog = page.getByTestId('school-dialog');
    await expect(dialog.getByRole('heading', { name: 'Add School' })).toBeVisible();
    await dialog.getByTestId('school-form-submit').click();
    await expect(dialog.getByText('School name is required')).toBeVisible();
    await expect(dialog.getByText('Please choose a curriculum: CBC, IGCSE or 8-4-4.')).toBeVisible();
    await expect(dialog.getByTestId('school-leaders-later')).toBeVisible();
    await shot(page, 'schools-create-dialog-desktop');

    await dialog.getByTestId('school-name-input').fill(name);
    await dialog.getByTestId('school-code-input').fill('greenhill');
    await dialog.getByTestId('school-curriculum-input').click();
    await page.getByRole('option', { name: 'CBC', exact: true }).click();
    await dialog.getByTestId('school-county-input').fill('Kisumu');
    await dialog.getByTestId('school-phone-input').fill('0722 000 111');
    await dialog.getByTestId('school-email-input').fill(`office@${code}.ac.ke`);
    await dialog.getByTestId('school-form-submit').click();
    // The server refuses a code in use, under the field.
    await expect(dialog.getByText('A school with this code already exists.')).toBeVisible();
    await dialog.getByTestId('school-code-input').fill(code);
    await dialog.getByTestId('school-form-submit').click();
    await expect(page.getByText('School Created')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = rowOf(page, code);
    await expect(row).toContainText(name);
    await expect(row.getByTestId('school-status')).toHaveText('Active');
    await expect(row.getByTestId('school-curriculum')).toHaveText('CBC');
    await expect(row).toContainText('0722 000 111');
    await expect(row.getByTestId('school-users')).toHaveText('0');
    await expect(page.getByTestId('schools-stat-total-value')).toHaveText(String(totalBefore + 1));

    // The school's principal, created through the users API.
    const found = await page.request.get(`/api/schools?search=${code}`);
    const school = (await found.json()).schools[0] as { id: string };
    expect(school).toBeTruthy();
    const principalEmail = `principal@${code}.ac.ke`;
    const created = await page.request.post('/api/users', {
      data: { name: 'Achieng Otieno', email: principalEmail, password: DEMO_PASSWORD, role: 'principal', schoolId: school.id },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Edit: motto, and the principal from the school's own principals.
    await rowAction(page, code, 'school-edit');
    await expect(dialog.getByRole('heading', { name: 'Edit School' })).toBeVisible();
    await expect(dialog.getByTestId('school-name-input')).toHaveValue(name);
    await dialog.getByLabel('Motto').fill('Light and learning');
    await dialog.getByTestId('school-principalId').click();
    await page.getByRole('option', { name: 'Achieng Otieno' }).click();
    await shot(page, 'schools-edit-dialog-desktop');
    await dialog.getByTestId('school-form-submit').click();
    await expect(page.getByText('School Updated')).toBeVisible();
    await expect(row.getByTestId('school-principal')).toHaveText('Achieng Otieno');
    await expect(row.getByTestId('school-users')).toHaveText('1');

    // Deactivate behind a confirm dialog.
    await rowAction(page, code, 'school-toggle');
    const confirm = page.getByTestId('confirm-school-status');
    await expect(confirm.getByRole('heading', { name: 'Deactivate school?' })).toBeVisible();
    await expect(confirm).toContainText(`Everyone at ${name} will be signed out at once`);
    await confirm.getByTestId('confirm-school-status-button').click();
    await expect(page.getByText(`${name} has been deactivated and its users signed out.`)).toBeVisible();
    await expect(row.getByTestId('school-status')).toHaveText('Inactive');

    // Its principal cannot sign in and is told why.
    const refused = await signInThroughForm(browser, principalEmail);
    await expect(refused.panel.getByRole('alert')).toHaveText(INACTIVE_SCHOOL);
    await expect(refused.page).toHaveURL(/\/login$/);
    await refused.close();

    // Reactivate: the principal signs in again.
    await rowAction(page, code, 'school-toggle');
    await expect(confirm.getByRole('heading', { name: 'Activate school?' })).toBeVisible();
    await confirm.getByTestId('confirm-school-status-button').click();
    await expect(page.getByText(`${name} has been activated.`)).toBeVisible();
    await expect(row.getByTestId('school-status')).toHaveText('Active');

    const allowed = await signInThroughForm(browser, principalEmail);
    await expect(allowed.page).toHaveURL(/\/dashboard/);
    await expect(allowed.page.getByText(INACTIVE_SCHOOL)).toHaveCount(0);
    // Signed in to the reopened school (a new account first sets its own password).
    const session = await allowed.page.request.get('/api/auth/session');
    expect(session.status()).toBe(200);
    expect((await session.json()).user.school).toMatchObject({ name, status: 'active' });
    await allowed.close();
  });

  test('search, filters and an empty result', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await openSchools(page);
    await shot(page, 'schools-desktop');
    await page.getByTestId('schools-search').fill('riverside');
    await expect(page.getByTestId('school-row')).toHaveCount(1);
    await expect(page.getByTestId('school-row')).toContainText('Riverside International School');
    await expect(page.getByTestId('school-row').getByTestId('school-students')).not.toHaveText('0');

    await page.getByTestId('schools-search').fill('');
    await page.getByTestId('schools-filter-status').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect(page.locator('[data-testid="school-row"][data-status="active"]')).toHaveCount(0);
    await expect(rowOf(page, 'sunrise')).toBeVisible();

    await page.getByTestId('schools-search').fill('no such school anywhere');
    await expect(page.getByTestId('schools-empty')).toContainText('No schools found');
    await page.getByTestId('schools-empty').getByRole('button', { name: 'Clear filters' }).click();
    await expect(rowOf(page, 'greenhill')).toBeVisible();
  });

  test('a failed load shows the error with Try Again', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.route('**/api/schools?*page=*', (route) => route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Service unavailable' } } }));
    await page.goto('/admin/schools');
    const error = page.getByTestId('schools-error');
    await expect(error).toContainText('Error Loading Schools');
    await expect(error).toContainText('Failed to fetch schools');
    await page.unroute('**/api/schools?*page=*');
    await page.getByTestId('schools-retry').click();
    await expect(rowOf(page, 'greenhill')).toBeVisible();
  });

  test('elimisha_admin, the older alias (spec §1), manages the schools like edufam_admin', async ({ page }) => {
    await signInViaApi(page, 'elimisha_admin');
    await openSchools(page);
    await expect(page.getByTestId('schools-subtitle')).toHaveText('Create schools, keep their details current and open or close their access');
    await expect(page.getByTestId('schools-add')).toBeVisible();
    await expect(page.getByTestId('school-actions').first()).toBeVisible();
  });

  test('phones get one card per school', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/schools');
    const card = page.locator('[data-testid="school-card"][data-code="greenhill"]');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('schools-table')).toBeHidden();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'schools-mobile');
    await card.getByTestId('school-actions').click();
    await page.getByTestId('school-edit').click();
    await expect(page.getByTestId('school-dialog').getByRole('heading', { name: 'Edit School' })).toBeVisible();
    await shot(page, 'schools-edit-dialog-mobile');
  });
});

test.describe('school context in the header', () => {
  test('admin switches the current school; it stays after a reload', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/dashboard');
    const name = page.getByTestId('school-name');
    await expect(name).toHaveText('All schools');

    await page.getByTestId('school-switcher').click();
    const menu = page.getByTestId('school-switcher-menu');
    await expect(menu.getByRole('option', { name: /All schools/ })).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('school-switcher-search').fill('river');
    await expect(menu.getByRole('option')).toHaveCount(1);
    await shot(page, 'school-switcher-desktop');
    await menu.getByRole('option', { name: /Riverside International School/ }).click();
    await expect(menu).toBeHidden();
    await expect(name).toHaveText('Riverside International School');

    await page.reload();
    await expect(page.getByTestId('school-name')).toHaveText('Riverside International School');

    // Keyboard: open, arrow to "All schools", Enter.
    await page.getByTestId('school-switcher').click();
    await page.getByTestId('school-switcher-search').press('Home');
    for (let i = 0; i < 5; i++) await page.getByTestId('school-switcher-search').press('ArrowUp');
    await page.getByTestId('school-switcher-search').press('Enter');
    await expect(page.getByTestId('school-name')).toHaveText('All schools');
  });

  test('signing out forgets the current school', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/dashboard');
    await page.getByTestId('school-switcher').click();
    await page.getByRole('option', { name: /Greenhill Academy/ }).click();
    await expect(page.getByTestId('school-name')).toHaveText('Greenhill Academy');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Logging out may navigate more than once (replace to /login after the session ends); read the
    // storage once the page has settled, retrying a read a navigation cut short.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('edufam-current-school:'))).catch(() => null))
      .toEqual([]);

    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('school-name')).toHaveText('All schools');
  });

  test('a school fetch that takes over 8 s says "School fetch timed out"; Try Again loads', async ({ page }) => {
    await page.clock.install();
    await signInViaApi(page, 'edufam_admin');
    // The context's fetch (GET /api/schools, no query) hangs until released.
    let release: (() => void) | null = null;
    await page.route('**/api/schools', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/admin/dashboard');
    await page.getByTestId('school-switcher').click();
    const menu = page.getByTestId('school-switcher-menu');
    await expect(menu.getByText('Loading...')).toBeVisible();
    await page.clock.runFor(8_100);
    await expect(page.getByTestId('school-switcher-error')).toContainText('School fetch timed out');

    await page.unroute('**/api/schools');
    (release as (() => void) | null)?.();
    await menu.getByRole('button', { name: 'Try Again' }).click();
    await expect(menu.getByRole('option', { name: /Greenhill Academy/ })).toBeVisible();
  });

  test('a school user sees their own school, pinned', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard');
    const switcher = page.getByTestId('school-switcher');
    await expect(switcher).toHaveAttribute('data-pinned', 'true');
    await expect(page.getByTestId('school-name')).toHaveText('Greenhill Academy');
    await switcher.click();
    await expect(page.getByTestId('school-switcher-menu')).toHaveCount(0);
  });

  test('mobile header keeps the switcher usable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/dashboard');
    await page.getByTestId('school-switcher').click();
    await expect(page.getByTestId('school-switcher-menu')).toBeVisible();
    const box = await page.getByTestId('school-switcher-menu').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await shot(page, 'school-switcher-mobile');
  });
});
