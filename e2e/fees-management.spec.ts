import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { signInViaApi } from './support/accounts';
import { admitViaApi } from './support/learners';

/**
 * The finance officer's Fee Management and Student Accounts (issue 11 §1, §2) as journeys: a cash
 * payment recorded from a learner's account with its receipt PDF; the current term's invoices generated
 * for a newly admitted learner (preview, confirm, and nothing more the second time); Student Accounts
 * on a 375 px phone. Self-contained on the shared e2e database: the payment goes to a learner who owes,
 * and the invoice journey admits its own learner.
 */

interface AccountRow {
  studentId: string;
  name: string;
  admissionNumber: string;
  balance: number;
}

/** The current term of the school (GET /api/school-setup/years). */
async function currentTerm(page: Page): Promise<{ id: string; name: string }> {
  const years = (await (await page.request.get('/api/school-setup/years')).json()) as { items: { terms: { id: string; name: string; isCurrent: boolean }[] }[] };
  const term = years.items.flatMap((y) => y.terms).find((t) => t.isCurrent);
  expect(term, 'a current term').toBeTruthy();
  return term!;
}

/** Letters only (names refuse digits): a suffix that makes this run's learner unique. */
function uniqueSuffix(): string {
  return Date.now()
    .toString()
    .slice(-6)
    .split('')
    .map((d) => 'abcdefghij'[Number(d)])
    .join('');
}

/** Admits a learner through the API (as the principal) and returns their id. */
async function admit(page: Page, firstName: string, lastName: string, className: string): Promise<string> {
  const learner = await admitViaApi(page, className, {
    firstName,
    lastName,
    gender: 'M',
    dateOfBirth: '2018-03-14',
    admittedOn: demo.cal.terms[0]!.startsOn,
    guardians: [{ name: `Grace ${lastName}`, relationship: 'mother', phone: '0722 611 204' }],
  });
  return learner.id;
}

test.describe('fee management', () => {
  test('finance officer records a cash payment from Student Accounts and opens its receipt', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    const owing = (await (await page.request.get('/api/fees/accounts?balance=owing&sort=balance_desc&pageSize=1')).json()) as { items: AccountRow[] };
    const learner = owing.items[0]!;

    await page.goto('/dashboard/student-accounts');
    await expect(page.getByTestId('accounts-owing-sentence')).toContainText(/learners? owes? KES/);
    await page.getByTestId('accounts-toolbar-search').fill(learner.admissionNumber);
    await page.locator(`[data-testid="account-row"][data-row-id="${learner.studentId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`student=${learner.studentId}`));
    const sheet = page.getByTestId('account-sheet');
    await expect(sheet.getByTestId('account-name')).toHaveText(learner.name);
    await expect(sheet.getByTestId('account-balance')).toContainText('Balance owed');

    await sheet.getByTestId('account-record-payment').click();
    const dialog = page.getByTestId('payment-dialog');
    // Bad input is refused with the server's wording and what was typed stays.
    await dialog.getByTestId('payment-amount').fill('1500.555');
    await dialog.getByTestId('payment-payer').fill('Grace Wanjiru');
    await dialog.getByTestId('payment-submit').click();
    await expect(dialog).toContainText('Enter an amount in KES with at most two decimals');
    await expect(dialog.getByTestId('payment-payer')).toHaveValue('Grace Wanjiru');

    // Cash (the default method, no reference needed), received today (the default date).
    await dialog.getByTestId('payment-amount').fill('1500');
    await dialog.getByTestId('payment-phone').fill('0722334455');
    await expect(dialog.getByTestId('payment-method')).toContainText('Cash');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/fees/payments'));
    await dialog.getByTestId('payment-submit').click();
    expect((await posted).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(dialog.getByTestId('payment-done')).toBeVisible();
    const receipt = (await dialog.getByTestId('payment-receipt-number').textContent())!.trim();
    expect(receipt).toMatch(/^RCT-\d+$/);
    // The on-screen receipt: the payer's phone as Kenyans write it and the amount in words (issue 34).
    await expect(dialog.getByTestId('payment-done-payer')).toHaveText('Grace Wanjiru, 0722 334 455');
    await expect(dialog.getByTestId('payment-amount-words')).toHaveText('Kenya Shillings One Thousand Five Hundred Only');

    // "Print receipt" is the receipt PDF.
    const href = await dialog.getByTestId('payment-print').getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    // The account shows the payment and the new balance.
    await dialog.getByTestId('payment-close').click();
    await expect.poll(async () => Number(await sheet.getByTestId('account-balance').getAttribute('data-balance'))).toBeCloseTo(learner.balance - 1500, 2);
    await sheet.getByTestId('account-tab-payments').click();
    await expect(sheet.locator(`[data-testid="account-payment"][data-receipt="${receipt}"]`)).toContainText('Cash');
  });

  test('finance officer generates the current term’s invoices for a newly admitted learner, once', async ({ page }) => {
    // Learners other journeys admitted are invoiced first, so the count below is this learner's alone.
    await signInViaApi(page, 'finance_officer');
    const term = await currentTerm(page);
    const backlog = await page.request.post('/api/fees/invoices/generate', { data: { termId: term.id } });
    expect(backlog.status(), await backlog.text()).toBe(200);

    const lastName = `Mwangi${uniqueSuffix()}`;
    await signInViaApi(page, 'principal');
    await admit(page, 'Baraka', lastName, 'Grade 3 East');
    await signInViaApi(page, 'finance_officer');

    await page.goto('/dashboard/fee-management');
    await page.getByTestId('fees-tab-invoices').click();
    await expect(page).toHaveURL(/tab=invoices/);
    await page.getByTestId('invoices-generate').click();
    const dialog = page.getByTestId('generate-dialog');
    await expect(dialog.getByTestId('generate-term')).toContainText(`${term.name}`);
    await expect(dialog.getByTestId('generate-term')).toContainText('current');
    const count = dialog.getByTestId('generate-preview-count');
    await expect(count).toHaveAttribute('data-count', '1');
    await expect(count).toHaveText('1 invoice to create');
    await dialog.getByTestId('generate-confirm').click();
    await expect(dialog.getByTestId('generate-result')).toHaveAttribute('data-created', '1');
    await expect(dialog.getByTestId('generate-result-count')).toHaveText('1 invoice created');
    await dialog.getByTestId('generate-view').click();
    await expect(dialog).toBeHidden();

    // The new invoice is in the list.
    await page.getByTestId('invoices-toolbar-search').fill(lastName);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByTestId('invoice-row')).toContainText(`Baraka ${lastName}`);

    // Running it again creates nothing.
    await page.getByTestId('invoices-generate').click();
    await expect(count).toHaveAttribute('data-count', '0');
    await expect(count).toHaveText('0 invoices to create');
    await expect(dialog.getByTestId('generate-confirm')).toBeDisabled();
  });

  test('Student Accounts on a 375 px phone: cards and no sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'finance_officer');
    await page.goto('/dashboard/student-accounts');
    const cards = page.getByTestId('account-row-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('accounts-table')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A learner's account fills the screen, still without sideways scrolling.
    await cards.first().click();
    const sheet = page.getByTestId('account-sheet');
    await expect(sheet.getByTestId('account-view')).toBeVisible();
    // Measured once the slide-in has settled, to the pixel (mid-animation it reads 375.00001).
    await expect.poll(async () => Math.round((await sheet.boundingBox())!.width)).toBeLessThanOrEqual(375);
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
