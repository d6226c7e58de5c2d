import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * The finance officer's MPESA Payments and Finance Settings (issue 11 §3): allocating an unmatched
 * paybill payment from the queue to a learner (receipt, gone from the queue, on the learner's account),
 * saving the M-Pesa set-up (secrets masked afterwards, never shown in clear) with its callback URLs,
 * and MPESA Payments on a 375 px phone. Self-contained on the shared e2e database: the unmatched
 * payment is made here through the simulator with its own account reference; the set-up keeps the
 * simulator environment and the shortcode other journeys rely on.
 */

interface Learner {
  id: string;
  firstName: string;
  lastName: string;
  admissionNumber: string;
}

/** A paybill payment from the simulator with an account that matches no learner; returns its M-Pesa code. */
async function unmatchedPayment(page: Page, account: string, amount: number): Promise<string> {
  // The simulator only calls back URLs registered with it (it forgets them on restart).
  expect((await page.request.post('/api/mpesa/register-urls')).status()).toBe(200);
  const sent = await page.request.post('/api/mpesa/simulate-c2b', { data: { amount, phone: '0708374149', accountReference: account } });
  expect(sent.status(), await sent.text()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/mpesa/unmatched?search=${encodeURIComponent(account)}`);
      const body = (await res.json()) as { items: { transId: string }[] };
      code = body.items[0]?.transId ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** The first of a table row or a phone card that is visible. */
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first();

test.describe('M-Pesa payments and finance settings', () => {
  test('finance officer allocates an unmatched M-Pesa payment to a learner', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    const account = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const code = await unmatchedPayment(page, account, 1234);
    const students = (await (await page.request.get('/api/students?status=active&pageSize=1')).json()) as { items: Learner[] };
    const learner = students.items[0]!;
    const name = `${learner.firstName} ${learner.lastName}`;

    await page.goto(`/dashboard/mpesa-payments?tab=unmatched&search=${encodeURIComponent(account)}`);
    await expect(page.getByTestId('mpesa-payments')).toBeVisible();
    await expect(page.getByTestId('mpesa-overview')).toBeVisible();
    const row = visible(page, 'unmatched-row');
    await expect(row).toContainText(account);
    await expect(row).toContainText(code);
    await expect(row).toContainText('1,234.00');
    await row.getByTestId('unmatched-allocate').click();

    const dialog = page.getByTestId('allocate-dialog');
    await expect(dialog.getByTestId('resolve-payment')).toContainText(code);
    // No learner chosen: the form says so and stays.
    await dialog.getByTestId('allocate-review').click();
    await expect(dialog).toContainText('Choose a learner.');
    await dialog.getByTestId('allocate-picker-search').fill(learner.admissionNumber);
    await dialog.getByTestId('allocate-picker-option').filter({ hasText: learner.admissionNumber }).first().click();
    await expect(dialog.getByTestId('allocate-picker-selected')).toContainText(learner.admissionNumber);
    await dialog.getByTestId('allocate-note').fill('Parent typed the wrong account; confirmed by phone');
    await dialog.getByTestId('allocate-review').click();

    // The confirmation names the learner and the amount.
    await expect(dialog.getByTestId('allocate-confirm-learner')).toContainText(learner.admissionNumber);
    await expect(dialog.getByTestId('allocate-confirm-text')).toContainText('KES 1,234.00');
    await expect(dialog.getByTestId('allocate-confirm-text')).toContainText(learner.admissionNumber);
    await dialog.getByTestId('allocate-confirm').click();

    const receipt = dialog.getByTestId('allocate-receipt');
    await expect(receipt).toHaveText(/^[A-Za-z0-9/_-]+\d{6}$/);
    const receiptNumber = (await receipt.textContent())!.trim();
    await expect(dialog.getByTestId('allocate-done')).toContainText(name.split(' ')[0]!);
    await dialog.getByTestId('allocate-close').click();

    // It leaves the queue…
    await expect(page.getByTestId('mpesa-unmatched-empty')).toBeVisible();
    await expect(page.locator('[data-testid="unmatched-row"]:visible')).toHaveCount(0);
    // …shows as matched in Transactions…
    await page.getByTestId('mpesa-tab-transactions').click();
    await page.getByTestId('mpesa-transactions-toolbar-search').fill(code);
    const tx = visible(page, 'mpesa-transaction');
    await expect(tx).toContainText(receiptNumber);
    await expect(tx.getByTestId('tx-status')).toHaveAttribute('data-status', 'matched');
    // …and is on the learner's account.
    const res = await page.request.get(`/api/students/${learner.id}/account`);
    expect(res.status()).toBe(200);
    const accountBody = (await res.json()) as { payments: { amount: number; method: string; reference: string; receiptNumber: string }[] };
    expect(accountBody.payments).toContainEqual(expect.objectContaining({ amount: 1234, method: 'mpesa', reference: code, receiptNumber }));
  });

  test('finance officer saves the M-Pesa set-up: secrets masked, callback URLs shown', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    const before = (await (await page.request.get('/api/mpesa/config')).json()) as { shortcode: string; environment: string };
    await page.goto('/dashboard/finance-settings');
    const form = page.getByTestId('mpesa-setup-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('mpesa-shortcode')).toHaveValue(before.shortcode);

    // Bad input is refused on the page with the server's wording, and nothing typed is lost.
    const key = `e2e-consumer-key-${Date.now().toString(36)}`;
    const secret = `e2e-consumer-secret-${Date.now().toString(36)}x9q7`;
    const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
    await page.getByTestId('mpesa-consumerKey').fill(key);
    await page.getByTestId('mpesa-consumerSecret').fill(secret);
    await page.getByTestId('mpesa-passkey').fill(passkey);
    await page.getByTestId('mpesa-shortcode').fill('12ab');
    await page.getByTestId('mpesa-setup-save').click();
    await expect(form).toContainText('Enter the paybill or till number: 5 to 7 digits.');
    await expect(page.getByTestId('mpesa-consumerSecret')).toHaveValue(secret);

    // Production warns that real money moves; the demo stays on the simulator.
    await page.getByTestId('mpesa-environment-production').click();
    await expect(page.getByTestId('mpesa-production-warning')).toBeVisible();
    await page.getByTestId('mpesa-environment-simulator').click();
    await expect(page.getByTestId('mpesa-production-warning')).toHaveCount(0);

    await page.getByTestId('mpesa-shortcode').fill(before.shortcode);
    await page.getByTestId('mpesa-setup-save').click();
    await expect(page.getByText('M-Pesa set-up saved')).toBeVisible();

    // Stored: the boxes are empty again and show masked hints only.
    for (const [field, value] of [
      ['consumerKey', key],
      ['consumerSecret', secret],
      ['passkey', passkey],
    ] as const) {
      await expect(page.getByTestId(`mpesa-${field}`)).toHaveValue('');
      await expect(page.getByTestId(`mpesa-${field}-stored`)).toContainText(`••••••••${value.slice(-4)}`);
    }
    await page.reload();
    await expect(page.getByTestId('mpesa-consumerSecret-stored')).toContainText(`••••••••${secret.slice(-4)}`);
    const body = page.locator('body');
    for (const value of [key, secret, passkey]) await expect(body).not.toContainText(value);
    const config = await (await page.request.get('/api/mpesa/config')).text();
    for (const value of [key, secret, passkey]) expect(config).not.toContain(value);
    expect(JSON.parse(config)).toMatchObject({ shortcode: before.shortcode, environment: 'simulator' });

    // The callback URLs: STK under /api/mpesa, C2B registered under /api/paybill, each with Copy.
    const callbacks = page.getByTestId('mpesa-callbacks');
    await expect(callbacks.getByTestId('callback-stk')).toHaveText(/\/api\/mpesa\/callbacks\/[A-Za-z0-9_-]{16,}\/stk$/);
    await expect(callbacks.getByTestId('callback-validation')).toHaveText(/\/api\/paybill\/callbacks\/[A-Za-z0-9_-]{16,}\/validation$/);
    await expect(callbacks.getByTestId('callback-confirmation')).toHaveText(/\/api\/paybill\/callbacks\/[A-Za-z0-9_-]{16,}\/confirmation$/);
    await expect(callbacks.getByTestId('callback-stk-copy')).toBeVisible();
    await callbacks.getByTestId('callback-register').click();
    await expect(callbacks.getByTestId('callback-registered')).toHaveAttribute('data-registered', 'true');
  });

  test('a paybill payment above the KES 250,000 ceiling waits in the queue with the reason, though it names a learner (issue 32)', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    const students = (await (await page.request.get('/api/students?status=active&pageSize=1')).json()) as { items: Learner[] };
    const learner = students.items[0]!;
    const code = await unmatchedPayment(page, learner.admissionNumber, 260_000);
    await page.goto(`/dashboard/mpesa-payments?tab=unmatched&search=${encodeURIComponent(code)}`);
    const row = visible(page, 'unmatched-row');
    await expect(row).toContainText(code);
    await expect(row.getByTestId('unmatched-held-reason')).toHaveText('Held for review: KES 260,000.00 is above the paybill ceiling of KES 250,000.00.');
  });

  test('the principal reads the set-up with the callback token masked and nothing to copy (issue 32)', async ({ page }) => {
    await signInViaApi(page, 'principal');
    await page.goto('/dashboard/finance-settings');
    const callbacks = page.getByTestId('mpesa-callbacks');
    await expect(callbacks.getByTestId('callback-stk')).toHaveText(/\/api\/mpesa\/callbacks\/••••••••\/stk$/);
    await expect(callbacks.getByTestId('callback-confirmation')).toHaveText(/\/api\/paybill\/callbacks\/••••••••\/confirmation$/);
    await expect(callbacks.getByTestId('callback-token-hidden')).toHaveText('The secret token in these addresses is shown only to the finance officer.');
    await expect(callbacks.getByTestId('callback-stk-copy')).toHaveCount(0);
    await expect(callbacks.getByTestId('callback-register')).toHaveCount(0);
  });

  test('MPESA Payments fits a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'finance_officer');
    await page.goto('/dashboard/mpesa-payments');
    await expect(page.getByTestId('mpesa-overview')).toBeVisible();
    await expect(page.getByTestId('mpesa-transaction-card').first()).toBeVisible();
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await noSideways();
    for (const tab of ['unmatched', 'stk', 'reconciliation'] as const) {
      await page.getByTestId(`mpesa-tab-${tab}`).click();
      await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await noSideways();
    }
    // The Allocate dialog fits too.
    await page.getByTestId('mpesa-tab-unmatched').click();
    await expect(page.locator('[data-testid="unmatched-row-card"], [data-testid="mpesa-unmatched-empty"]').first()).toBeVisible();
    const card = page.getByTestId('unmatched-row-card').first();
    if (await card.isVisible()) {
      await card.getByTestId('unmatched-allocate').click();
      await expect(page.getByTestId('allocate-dialog')).toBeVisible();
      const fits = await page.getByTestId('allocate-dialog').evaluate((d) => d.scrollWidth <= d.clientWidth);
      expect(fits).toBe(true);
    }
  });
});
