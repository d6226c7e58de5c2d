import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test';
import { DEMO_PASSWORD } from './support/accounts';
import { findLink, startMailbox, type Mailbox } from './support/mailbox';

/**
 * Forgot password → e-mail → /reset-password → sign in with the new password (spec §4 Reset
 * password, §5 Password reset), with the app's real SMTP delivery into an in-process mail server.
 */

const TEACHER = 'teacher@riverside.edufam.test';
const NEW_PASSWORD = 'Riverside-2026-new';

let mailbox: Mailbox;

test.beforeAll(async () => {
  mailbox = await startMailbox();
});

test.afterAll(async () => {
  await mailbox?.close();
});

async function openForgotDialog(page: Page, email: string) {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'School Users' });
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'School Users' });
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
  return panel;
}

/** Puts the demo password back through the API, so later specs can still use the account. */
async function restorePassword(request: APIRequestContext, email: string) {
  const before = mailbox.to(email).length;
  const res = await request.post('/api/auth/forgot-password', { data: { email, accessType: 'school' } });
  expect(res.status()).toBe(200);
  const mail = await mailbox.waitFor(email, { after: before });
  const token = new URL(findLink(mail, '/reset-password')!).searchParams.get('token')!;
  const reset = await request.post('/api/auth/reset-password', { data: { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
  expect(reset.status(), await reset.text()).toBe(200);
}

test('reset a forgotten password from the e-mail link and sign in with the new one', async ({ page, request }) => {
  const before = mailbox.to(TEACHER).length;

  // 1. Ask for the link; the dialog takes the e-mail typed in the form.
  const dialog = await openForgotDialog(page, TEACHER);
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(TEACHER);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password reset email sent successfully. Please check your inbox.');
  // The dialog closes by itself after 3 s.
  await expect(dialog).toBeHidden({ timeout: 6_000 });

  // 2. The e-mail arrives with a link to /reset-password.
  const mail = await mailbox.waitFor(TEACHER, { after: before });
  expect(mail.subject).toBe('Reset your EduFam password');
  const link = findLink(mail, '/reset-password?token=');
  expect(link, mail.text).toBeTruthy();

  // 3. The form checks its fields in the spec's order.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const newPassword = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Update Password' });

  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter both password fields.');

  await newPassword.fill('short1');
  await confirm.fill('short1');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long.');

  await newPassword.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD + 'x');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');

  // 4. Success, then /login after about 3 seconds.
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByText('Your password has been updated. Redirecting to sign in...')).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_000);

  // 5. The link is spent.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired reset link. Please request a new password reset.');

  // 6. The old password no longer works; the new one does.
  const panel = await signIn(page, TEACHER, DEMO_PASSWORD);
  await expect(panel.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
  await signIn(page, TEACHER, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await restorePassword(request, TEACHER);
});

test('an unknown e-mail also reports success and sends nothing', async ({ page }) => {
  const unknown = 'nobody-here@riverside.edufam.test';
  const total = mailbox.messages.length;
  const dialog = await openForgotDialog(page, unknown);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password reset email sent successfully. Please check your inbox.');
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  // The server sends before it answers, so anything sent would be here by now.
  await page.waitForTimeout(500);
  expect(mailbox.to(unknown)).toHaveLength(0);
  expect(mailbox.messages.length).toBe(total);
});

test('a bogus token shows the invalid-link message', async ({ page }) => {
  await page.goto('/reset-password?token=this-is-not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired reset link. Please request a new password reset.');
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a link without a token is refused', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid reset link. Please request a new password reset.');
});

test('a link that cannot be checked says so', async ({ page }) => {
  await page.route('**/api/auth/reset-password/validate*', (route) => route.abort('connectionrefused'));
  await page.goto('/reset-password?token=any-token');
  await expect(page.getByRole('alert')).toHaveText('Unable to validate reset link. Please try again.');
});

test('when the new password cannot be saved the form says so', async ({ page }) => {
  await page.route('**/api/auth/reset-password/validate*', (route) => route.fulfill({ json: { valid: true } }));
  await page.route('**/api/auth/reset-password', (route) => route.abort('connectionrefused'));
  await page.goto('/reset-password?token=any-token');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to update password. Please try again.');
  await expect(page).toHaveURL(/\/reset-password\?token=any-token$/);
});

test('when the reset e-mail cannot be sent the dialog says so', async ({ page }) => {
  await mailbox.close();
  try {
    const dialog = await openForgotDialog(page, TEACHER);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    // The server's own failure (spec §8 Sign-in); without an answer the dialog says 'Failed to send reset email. Please try again.' (§5).
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send password reset email. Please try again.', { timeout: 20_000 });
    // The dialog stays open so the user can retry.
    await expect(dialog).toBeVisible();
  } finally {
    mailbox = await startMailbox();
  }
});
