import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * /login, sign-in errors, remember me, redirects and /unauthorized (spec §2, §5 Login, §8 Sign-in),
 * through the real form against the real server. Expected texts are the spec's, written out here.
 */

const SCHOOL = 'School Users';
const ADMIN = 'EduFam Admin Staff';
type Area = typeof SCHOOL | typeof ADMIN;

async function openArea(page: Page, area: Area) {
  await page.goto('/login');
  await page.getByRole('tab', { name: area }).click();
  const panel = page.getByRole('tabpanel', { name: area });
  await expect(panel.getByRole('heading', { name: area })).toBeVisible();
  return panel;
}

async function signInThroughForm(page: Page, area: Area, email: string, password: string) {
  const panel = await openArea(page, area);
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  return panel;
}

test.describe('login page', () => {
  test('shows both sign-in areas, each with email, password, remember me and Sign In', async ({ page }) => {
    await page.goto('/login');
    for (const area of [SCHOOL, ADMIN] as const) {
      await page.getByRole('tab', { name: area }).click();
      const panel = page.getByRole('tabpanel', { name: area });
      await expect(panel.getByRole('heading', { name: area })).toBeVisible();
      await expect(panel.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(panel.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
      await expect(panel.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
      await expect(panel.getByRole('button', { name: 'Sign In' })).toBeEnabled();
      await expect(panel.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    }
  });

  test('empty fields are refused without calling the server', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sign-in')) calls.push(r.url());
    });
    const panel = await openArea(page, SCHOOL);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter both email and password.');

    // A blank-looking e-mail is trimmed to empty.
    await panel.getByLabel('Email', { exact: true }).fill('   ');
    await panel.getByLabel('Password', { exact: true }).fill('something');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter both email and password.');

    await panel.getByLabel('Email', { exact: true }).fill('teacher@greenhill.edufam.test');
    await panel.getByLabel('Password', { exact: true }).fill('');
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please enter both email and password.');
    expect(calls).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('unknown email', async ({ page }) => {
    const panel = await signInThroughForm(page, SCHOOL, 'nobody@greenhill.edufam.test', DEMO_PASSWORD);
    await expect(panel.getByRole('alert')).toHaveText('No account found with this email address.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong password', async ({ page }) => {
    const panel = await signInThroughForm(page, SCHOOL, 'principal@riverside.edufam.test', 'not-the-password');
    await expect(panel.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a school user in the EduFam Admin Staff area is sent to the School Users area', async ({ page }) => {
    const panel = await signInThroughForm(page, ADMIN, 'teacher@greenhill.edufam.test', DEMO_PASSWORD);
    await expect(panel.getByRole('alert')).toHaveText(
      'Access denied. The EduFam Admin Staff login is restricted to internal staff only. Your account (Teacher) is not authorized for this access. Please use the School Users login section.',
    );
    await expect(page).toHaveURL(/\/login$/);
    // The refused sign-in left no session behind.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin in the School Users area is sent to the EduFam Admin Staff area', async ({ page }) => {
    const panel = await signInThroughForm(page, SCHOOL, 'admin@edufam.test', DEMO_PASSWORD);
    await expect(panel.getByRole('alert')).toHaveText(
      'Access denied. The School Users login is restricted to school staff and parents only. Your account (EduFam Admin Staff) is not authorized for this access. Please use the EduFam Admin Staff login section.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('too many failed attempts lock the account for a while', async ({ page }) => {
    const panel = await openArea(page, SCHOOL);
    const email = panel.getByLabel('Email', { exact: true });
    const password = panel.getByLabel('Password', { exact: true });
    const submit = panel.getByRole('button', { name: 'Sign In' });
    await email.fill('hr@riverside.edufam.test');
    for (let i = 1; i <= 5; i++) {
      await password.fill(`wrong-password-${i}`);
      await submit.click();
      await expect(panel.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
      await expect(submit).toBeEnabled();
    }
    // Even the right password is refused now.
    await password.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(panel.getByRole('alert')).toHaveText('Too many login attempts. Please wait a few minutes before trying again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a network failure shows the generic unexpected-error message', async ({ page }) => {
    await page.route('**/api/auth/sign-in', (route) => route.abort('connectionrefused'));
    const panel = await signInThroughForm(page, SCHOOL, 'teacher@greenhill.edufam.test', DEMO_PASSWORD);
    await expect(panel.getByRole('alert')).toHaveText('An unexpected error occurred. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('while signing in the button is disabled and says so', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/sign-in', async (route) => {
      await held;
      await route.continue();
    });
    const panel = await signInThroughForm(page, SCHOOL, 'finance@greenhill.edufam.test', DEMO_PASSWORD);
    const busy = panel.getByRole('button', { name: 'Signing In...' });
    await expect(busy).toBeDisabled();
    await expect(panel.getByLabel('Email', { exact: true })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a school user lands on /dashboard, with the e-mail trimmed', async ({ page }) => {
    await signInThroughForm(page, SCHOOL, '  principal@greenhill.edufam.test  ', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The login page was replaced in history.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('an EduFam admin lands on /admin/dashboard', async ({ page }) => {
    await signInThroughForm(page, ADMIN, 'admin@edufam.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('remember me pre-fills the e-mail next time', async ({ page, context }) => {
    const panel = await openArea(page, SCHOOL);
    await panel.getByLabel('Email', { exact: true }).fill('director@greenhill.edufam.test');
    await panel.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await panel.getByRole('checkbox', { name: 'Remember me' }).check();
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await context.clearCookies();
    await page.goto('/login');
    await page.reload();
    const again = page.getByRole('tabpanel', { name: SCHOOL });
    await expect(again.getByLabel('Email', { exact: true })).toHaveValue('director@greenhill.edufam.test');
    await expect(again.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(again.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  });

  test('without remember me nothing is pre-filled', async ({ page, context }) => {
    await signInThroughForm(page, SCHOOL, 'parent@greenhill.edufam.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.clearCookies();
    await page.goto('/login');
    const panel = page.getByRole('tabpanel', { name: SCHOOL });
    await expect(panel.getByLabel('Email', { exact: true })).toHaveValue('');
    await expect(panel.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  test('a signed-in visitor of /login goes home', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the theme choice applies at once and is kept', async ({ page }) => {
    await page.goto('/login');
    const themes = page.getByRole('radiogroup', { name: 'Theme' });
    await themes.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('forgot password: an empty e-mail is refused', async ({ page }) => {
    const panel = await openArea(page, SCHOOL);
    await panel.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter your email address.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('forgot password: when the request cannot reach the server the dialog says so', async ({ page }) => {
    await page.route('**/api/auth/forgot-password', (route) => route.abort('connectionrefused'));
    const panel = await openArea(page, SCHOOL);
    await panel.getByLabel('Email', { exact: true }).fill('teacher@greenhill.edufam.test');
    await panel.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('teacher@greenhill.edufam.test');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send reset email. Please try again.');
    await expect(dialog).toBeVisible();
  });
});

test.describe('signed-in routes and /unauthorized', () => {
  test('an unauthenticated visit to /dashboard ends on /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: SCHOOL })).toBeVisible();
  });

  test('/unauthorized explains and offers Go Back, Go to Dashboard and Sign Out', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access this area. This section is restricted to authorized users only."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/unauthorized$/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Go Back returns to the previous page; signed out, Go to Dashboard leads to /login', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/unauthorized');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
