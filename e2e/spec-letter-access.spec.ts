import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { ACCOUNTS, DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * SPEC to the letter, access side (issue 34): elimisha_admin is "an older alias treated identically"
 * (spec §1) and gets edufam_admin's whole sidebar and rights; the "others" variants of /grades and
 * /reports (spec §6); the maintenance test page's own refusal and the admin-area denial message (spec
 * §6, §8).
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The sidebar's link names, top to bottom, once the navigation has loaded. */
async function sidebarLabels(page: Page): Promise<string[]> {
  await expect(nav(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  return (await nav(page).getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** Spec §2 "Sidebar sections per role", edufam_admin, with the labels it gives. */
const PLATFORM_SIDEBAR = [
  'Dashboard',
  'Project Hub',
  'System Analytics',
  'School Analytics',
  'Schools Management',
  'Company Management',
  'User Management',
  'Certificate Management',
  'Communication Center',
  'System Reports',
  'Billing Management',
  'System Health',
  'Support Center',
  'Security',
  'System Settings',
];

test.describe('elimisha_admin, the older alias of edufam_admin (spec §1)', () => {
  test('signs in through EduFam Admin Staff and sees the same sidebar as edufam_admin, with the same screens', async ({ page, browser }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'EduFam Admin Staff' }).click();
    const panel = page.getByRole('tabpanel', { name: 'EduFam Admin Staff' });
    await panel.getByLabel('Email', { exact: true }).fill(ACCOUNTS.elimisha_admin);
    await panel.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const elimisha = await sidebarLabels(page);
    for (const label of PLATFORM_SIDEBAR) expect(elimisha, label).toContain(label);

    const context = await browser.newContext();
    const admin = await context.newPage();
    await signInViaApi(admin, 'edufam_admin');
    await admin.goto('/admin/dashboard');
    expect(await sidebarLabels(admin)).toEqual(elimisha);
    await context.close();

    // System Reports opens the real screen; the Communication Center can create; Settings opens.
    await nav(page).getByRole('link', { name: 'System Reports', exact: true }).click();
    await expect(page.getByTestId('system-reports-page')).toBeVisible();
    await expect(page.getByTestId('not-available-yet')).toHaveCount(0);
    await nav(page).getByRole('link', { name: 'Communication Center', exact: true }).click();
    await expect(page.getByTestId('communication-center')).toBeVisible();
    await expect(page.getByTestId('new-communication')).toBeEnabled();
    await nav(page).getByRole('link', { name: 'System Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByText('Access Denied: EduFam Admin access required')).toHaveCount(0);
  });
});

test.describe('spec §6 and §8 wording', () => {
  test('a teacher on /debug/maintenance-test reads "This test is only available to EduFam Administrators."', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/debug/maintenance-test');
    await expect(page.getByText('This test is only available to EduFam Administrators.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/debug\/maintenance-test$/);
    await expect(page.getByTestId('maintenance-test-panel')).toHaveCount(0);
  });

  test('a teacher sent away from /admin sees "Access denied. This area is restricted to EduFam Admin Staff only."', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/admin/schools');
    await expect(page.getByText('Access denied. This area is restricted to EduFam Admin Staff only.', { exact: true })).toBeVisible();
    // The marker leaves the address once shown.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav(page)).toBeVisible();
  });

  test('/grades for the finance officer shows the others view: the exam series and grading scales, no marks', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    await page.goto('/grades');
    const view = page.getByTestId('school-exams');
    await expect(view).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Grades', exact: true })).toBeVisible();
    await expect(page.getByTestId('school-exam').first()).toBeVisible();
    await expect(page.getByTestId('school-scale').first()).toBeVisible();
    await expect(page.getByTestId('not-available-yet')).toHaveCount(0);
  });

  test('/reports for HR shows the others view: the reports of the HR office', async ({ page }) => {
    await signInViaApi(page, 'hr');
    await page.goto('/reports');
    await expect(page.getByTestId('office-reports')).toBeVisible();
    await expect(page.locator('[data-testid="office-report-link"][data-section="hr-reports"]')).toBeVisible();
    await expect(page.getByTestId('not-available-yet')).toHaveCount(0);
    await page.locator('[data-testid="office-report-link"][data-section="hr-reports"]').click();
    await expect(page).toHaveURL(/\/dashboard\/hr-reports$/);
  });
});
