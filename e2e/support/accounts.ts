import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'EduFam2026!';

/** The eight demo roles with the Greenhill (or platform) account of each. */
export const ACCOUNTS = {
  edufam_admin: 'admin@edufam.test',
  elimisha_admin: 'elimisha@edufam.test',
  school_director: 'director@greenhill.edufam.test',
  principal: 'principal@greenhill.edufam.test',
  teacher: 'teacher@greenhill.edufam.test',
  parent: 'parent@greenhill.edufam.test',
  finance_officer: 'finance@greenhill.edufam.test',
  hr: 'hr@greenhill.edufam.test',
} as const;

export type DemoRole = keyof typeof ACCOUNTS;

/**
 * Signs in through the API (fast path for tests that are not about the login form): the session
 * cookie lands in the page's browser context.
 */
export async function signInViaApi(page: Page, role: DemoRole): Promise<void> {
  const email = ACCOUNTS[role];
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email, password: DEMO_PASSWORD, accessType: role.endsWith('_admin') ? 'admin' : 'school', rememberMe: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs in through the School Users form of /login (the real way in): opens the tab, fills email and
 * password, presses Sign In. Returns the tab's panel, where a refusal shows its alert.
 */
export async function submitSchoolSignIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<Locator> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'School Users' }).click();
  const panel = page.getByRole('tabpanel', { name: 'School Users' });
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  return panel;
}
