import { expect } from '@playwright/test';
import { test } from './support/test';
import { submitSchoolSignIn } from './support/accounts';

/**
 * Sign-in refusals for accounts in states the demo data does not have (e2e/support/fixture-accounts.ts),
 * through the real form. Expected texts are spec §8 Sign-in's, written out here.
 */
const cases = [
  ['inactive.teacher@greenhill.edufam.test', 'Your account has been deactivated. Please contact your administrator.'],
  ['suspended.parent@greenhill.edufam.test', 'Your account has been deactivated. Please contact your administrator.'],
  ['no.role@greenhill.edufam.test', 'User role not assigned. Please contact your administrator.'],
  ['no.school@edufam.test', 'Your account is not properly configured. Please contact your administrator.'],
  ['principal@sunrise.edufam.test', 'Your school account is inactive. Please contact EduFam support.'],
] as const;

for (const [email, message] of cases) {
  test(`${email} is refused with "${message}" and stays on /login`, async ({ page }) => {
    const panel = await submitSchoolSignIn(page, email);
    await expect(panel.getByRole('alert')).toHaveText(message);
    await expect(page).toHaveURL(/\/login$/);
    // No session was left behind: a signed-in page still sends the browser to /login.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
}
