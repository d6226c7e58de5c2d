import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { ListInvoicesResponse, PlatformInvoice } from '../src/shared/contracts/billing';
import { signInViaApi } from './support/accounts';
import { demo, latestTermLabel } from './support/demo';
import { addDays, formatDay } from '../src/shared/dates';

/**
 * Platform billing as its users click through it (issue 18 §1, "Done when"): EduFam's administrator
 * generates the latest term's invoices (the demo has the term before's already) and finds them in the list;
 * Greenhill's director opens /billing, finds the school's invoice for that term, pays it with M-Pesa through
 * the built-in simulator and sees it paid; Riverside's invoice stays out of the director's reach (404).
 *
 * BILLING_SHOTS=<dir> also saves screenshots of each screen.
 */

/** The latest term, left for the admin to generate (the demo invoices the term before it). */
const TERM = latestTermLabel;
/** Learners are counted a week into the term. */
const SNAPSHOT = addDays(demo.cal.latestTerm.startsOn, 7);
const SHOTS = process.env.BILLING_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test.describe('billing: admin generates term invoices, a director pays one', () => {
  /** Riverside's invoice for the term, from the admin's journey, for the director's 404 check. */
  let riverside: PlatformInvoice | null = null;

  test("admin generates the latest term's invoices and sees them listed", async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    const before = (await (await page.request.get(`/api/billing/invoices?termLabel=${encodeURIComponent(TERM)}`)).json()) as ListInvoicesResponse;
    expect(before.total).toBe(0);

    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing Management' })).toBeVisible();
    await expect(page.getByTestId('billing-kpi-revenue')).toBeVisible();
    await page.getByTestId('billing-tab-invoices').click();
    await expect(page.getByTestId('billing-invoice-row').first()).toBeVisible();

    await page.getByTestId('billing-generate').click();
    const dialog = page.getByTestId('billing-generate-dialog');
    await dialog.getByLabel('Term', { exact: true }).fill(TERM);
    await dialog.getByLabel('Snapshot date').fill(formatDay(SNAPSHOT));
    await dialog.getByTestId('billing-generate-confirm').click();
    const result = dialog.getByTestId('billing-generate-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    const created = Number(await result.getAttribute('data-created'));
    expect(created).toBeGreaterThanOrEqual(2);
    await expect(dialog.getByTestId('billing-generate-skipped')).toContainText('0 schools skipped');

    // Generating again creates nothing twice.
    const again = await page.request.post('/api/billing/invoices/generate', { data: { termLabel: TERM, snapshotDate: SNAPSHOT } });
    expect(again.status(), await again.text()).toBeLessThan(300);
    expect(((await again.json()) as { created: number; skipped: number }).created).toBe(0);

    await dialog.getByTestId('billing-generate-view').click();
    await expect(page).toHaveURL(new RegExp(`termLabel=(${TERM.replace(/ /g, '\\+')}|${encodeURIComponent(TERM)})`));
    const rows = page.getByTestId('billing-invoice-row');
    await expect(rows).toHaveCount(created);
    await expect(rows.filter({ hasText: 'Greenhill' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Riverside' })).toHaveCount(1);
    await expect(rows.first()).toContainText(TERM);

    const list = (await (await page.request.get(`/api/billing/invoices?termLabel=${encodeURIComponent(TERM)}`)).json()) as ListInvoicesResponse;
    riverside = list.items.find((i) => i.schoolName.includes('Riverside')) ?? null;
    expect(riverside).toBeTruthy();

    // The row opens the invoice with its lines, VAT and the PDF.
    await rows.filter({ hasText: 'Greenhill' }).click();
    const sheet = page.getByTestId('billing-invoice-sheet');
    await expect(sheet.getByTestId('billing-invoice-sheet-number')).toHaveText(/.+/);
    await expect(sheet.getByTestId('billing-invoice-lines')).toBeVisible();
    await expect(sheet.getByTestId('billing-invoice-vat')).toContainText('VAT 16%');
    const pdf = await page.request.get((await sheet.getByTestId('billing-invoice-pdf').getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await shot(page, 'admin-invoice-sheet');
  });

  test('Greenhill’s director pays the term’s invoice by M-Pesa and cannot see Riverside’s', async ({ page }) => {
    expect(riverside).toBeTruthy();
    await signInViaApi(page, 'school_director');

    // Another school's invoice is not there for them (404, not 403), by API and by address.
    for (const path of [`/api/billing/invoices/${riverside!.id}`, `/api/billing/invoices/${riverside!.id}/pdf`]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
    const mine = (await (await page.request.get('/api/billing/invoices?pageSize=100')).json()) as ListInvoicesResponse;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.schoolName.includes('Greenhill'))).toBe(true);

    await page.goto('/billing');
    await expect(page.getByTestId('billing-director')).toBeVisible();
    await expect(page.getByTestId('billing-subscription-card')).toBeVisible();
    const row = page.getByTestId('billing-invoice-row').filter({ hasText: TERM });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('billing-invoice-row').filter({ hasText: 'Riverside' })).toHaveCount(0);
    await shot(page, 'director');

    await row.click();
    const sheet = page.getByTestId('billing-invoice-sheet');
    await expect(sheet.getByTestId('billing-invoice-sheet-number')).toBeVisible();
    await expect(sheet.getByTestId('billing-invoice-record-payment')).toHaveCount(0);
    await sheet.getByTestId('billing-invoice-pay').click();

    const dialog = page.getByTestId('billing-pay-dialog');
    // Prefilled with the director's own number, written as Kenyans write it.
    await expect(dialog.getByLabel('M-Pesa phone number')).toHaveValue(/^0[17]\d{2} \d{3} \d{3}$/);
    await dialog.getByLabel('M-Pesa phone number').fill('0712345678');
    await dialog.getByTestId('billing-pay-send').click();
    await expect(dialog.getByTestId('billing-pay-pending')).toBeVisible();
    await expect(dialog.getByTestId('billing-pay-pending')).toContainText('Check your phone');
    const success = dialog.getByTestId('billing-pay-succeeded');
    await expect(success).toBeVisible({ timeout: 30_000 });
    await expect(success).toContainText('Payment received');
    const receipt = await page.request.get((await success.getByTestId('billing-pay-receipt').getAttribute('href'))!);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toContain('application/pdf');
    await dialog.getByTestId('billing-pay-close').click();

    // The invoice and the list follow: paid, nothing owed on it.
    await expect(sheet).toHaveAttribute('data-status', 'paid');
    await expect(sheet.getByTestId('billing-invoice-paid-note')).toBeVisible();
    await expect(sheet.getByTestId('billing-invoice-payment')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('billing-invoice-status')).toHaveAttribute('data-status', 'paid');

    // Riverside's invoice by address: the sheet says it cannot be loaded.
    await page.goto(`/billing?invoice=${riverside!.id}`);
    await expect(page.getByTestId('billing-invoice-error')).toBeVisible();
  });
});
