import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * USSD for basic phones (issue 36 §3) on the demo's simulator page (/ussd-simulator): the Greenhill demo
 * parent dials in, reads the one-time code from the SMS pane, sets a PIN (typed twice), reads a child's
 * fee balance and latest results, and pays by M-Pesa (STK Push to the same phone). USSD_SHOTS=<dir>
 * also saves a screenshot.
 */

async function reply(page: Page, value: string) {
  const screen = page.getByTestId('ussd-screen');
  const before = await screen.textContent();
  await page.getByRole('textbox', { name: 'Reply' }).fill(value);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(screen).not.toHaveText(before ?? '');
}

test('a parent sets a PIN, reads the balance and results, and pays by M-Pesa on the USSD simulator', async ({ page }) => {
  // Signed in until /ussd-simulator joins PUBLIC_PATHS (shared/access.ts): the server sends a signed-out
  // visitor of any other path to /login. The page itself needs no session.
  await signInViaApi(page, 'parent');
  await page.goto('/ussd-simulator');
  await expect(page.getByRole('heading', { name: 'USSD simulator' })).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue('0720 430 533');
  const screen = page.getByTestId('ussd-screen');

  await page.getByRole('button', { name: /^Call \*384\*/ }).click();
  await expect(screen).toContainText(/6-digit code|Enter your PIN/);
  if ((await screen.textContent())?.includes('6-digit code')) {
    const sms = page.getByTestId('ussd-inbox').getByText(/Your EduFam USSD code is \d{6}/);
    await expect(sms).toBeVisible();
    const code = /(\d{6})/.exec((await sms.first().textContent()) ?? '')![1]!;
    await reply(page, code);
    await expect(screen).toContainText('Choose a 4-digit PIN');
    await reply(page, '1357');
    await expect(screen).toContainText('Type the PIN again');
  }
  // The keypad types too.
  for (const k of ['1', '3', '5', '7']) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(screen).toContainText('Choose a child');
  await reply(page, '1');
  await expect(screen).toContainText('1 Fee balance');

  await reply(page, '1');
  await expect(screen).toContainText(/Fee balance: KES [\d,]+\.\d\d|Fees fully paid|Credit/);
  await reply(page, '0');
  await reply(page, '3');
  await expect(screen).toContainText(/Mean grade: |No results/);
  expect(((await screen.textContent()) ?? '').length).toBeLessThanOrEqual(182);
  await reply(page, '0');

  await reply(page, '2');
  await expect(screen).toContainText('Enter the amount to pay');
  await reply(page, '500');
  await expect(screen).toContainText('Pay KES 500.00 school fees');
  if (process.env.USSD_SHOTS) await page.screenshot({ path: `${process.env.USSD_SHOTS}/ussd-simulator.png`, fullPage: true });
  await reply(page, '1');
  await expect(screen).toContainText('Check your phone: enter your M-Pesa PIN');
  await expect(screen).toContainText('Session ended.');
  await expect(page.getByRole('button', { name: /^Call \*384\*/ })).toBeEnabled();
});
