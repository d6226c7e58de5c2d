import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { startMailbox } from './support/mailbox';
import { LAST_RUN, PREV_RUN, monthLabel } from './support/demo';

/**
 * Payroll documents (issue 14 §3). The demo teacher (BOM terms) opens "My Payslips" from the profile
 * menu, sees October 2026 first with its net pay and breakdown, and downloads the payslip PDF and the
 * P9; at 375 px nothing is wider than the screen. HR opens the approved October run and finds its
 * documents (payslips, bank files, P10, NSSF, SHIF, journal) and downloads the P10.
 * PAYSLIP_SHOTS=<dir> saves screenshots.
 */

const SHOTS = process.env.PAYSLIP_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test(`the teacher opens My Payslips, reads ${monthLabel(LAST_RUN)} and downloads the PDF`, async ({ page }) => {
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Payslips' }).click();
  const section = page.getByTestId('my-payslips');
  await expect(section.getByRole('heading', { name: 'My Payslips', level: 1 })).toBeVisible();

  // October 2026 (the newest demo run; a spec that approves November may have run before this one).
  const first = section.locator(`[data-testid="payslip-item"][data-month="${LAST_RUN}"]`);
  await expect(first).toContainText(monthLabel(LAST_RUN));
  await first.click();
  const net = (await first.getByTestId('payslip-item-net').textContent())!.trim();
  expect(net).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  const detail = section.getByTestId('payslip-detail');
  await expect(detail).toHaveAttribute('data-month', LAST_RUN);
  await expect(detail.getByTestId('payslip-detail-net')).toHaveText(net);
  await expect(detail).toContainText('NSSF Tier I');
  await expect(detail).toContainText('Housing Levy');
  await shot(page, 'my-payslips');

  const download = page.waitForEvent('download');
  await detail.getByTestId('payslip-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`payslip-${LAST_RUN}.pdf`);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const p9 = page.waitForEvent('download');
  await section.getByTestId('payslips-p9').click();
  expect((await p9).suggestedFilename()).toMatch(new RegExp(`^P9-${LAST_RUN.slice(0, 4)}-.+\\.pdf$`));

  // An older month opens its own breakdown.
  await section.locator(`[data-testid="payslip-item"][data-month="${PREV_RUN}"]`).click();
  await expect(detail).toHaveAttribute('data-month', PREV_RUN);

  await page.setViewportSize({ width: 375, height: 800 });
  await section.locator(`[data-testid="payslip-item"][data-month="${LAST_RUN}"]`).click();
  await expect(detail.getByTestId('payslip-detail-net')).toHaveText(net);
  await noOverflow(page);
  await shot(page, 'my-payslips');
});

test("HR finds an approved run's documents and downloads the KRA P10", async ({ page }) => {
  await signInViaApi(page, 'hr');
  const runs = (await (await page.request.get('/api/payroll/runs')).json()) as { items: { id: string; month: string }[] };
  const oct = runs.items.find((r) => r.month === LAST_RUN);
  expect(oct).toBeTruthy();
  await page.goto(`/dashboard/payroll?run=${oct!.id}`);
  const docs = page.getByTestId('run-documents');
  await expect(docs).toBeVisible();
  await expect(docs).toHaveAttribute('data-status', 'approved');
  await expect(docs.getByTestId('run-documents-bank').first()).toBeVisible();
  await expect(docs.getByTestId('run-documents-hint')).toHaveCount(0);
  if (SHOTS) await docs.screenshot({ path: `${SHOTS}/run-documents-panel-1280.png` });

  const download = page.waitForEvent('download');
  await docs.getByTestId('run-documents-p10-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`payroll-p10-${LAST_RUN}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(/^PIN of Employee,Name of Employee,/);

  // E-mailing asks first, then reports what was sent; the teacher gets October's payslip.
  const mailbox = await startMailbox();
  try {
    await docs.getByTestId('run-documents-email').click();
    await expect(page.getByTestId('run-documents-email-dialog')).toBeVisible();
    await page.getByTestId('run-documents-email-confirm').click();
    await expect(page.getByText(/payslips? e-mailed/)).toBeVisible({ timeout: 45_000 });
    const mail = await mailbox.waitFor('teacher@greenhill.edufam.test', { timeoutMs: 10_000 });
    expect(mail.subject).toContain(monthLabel(LAST_RUN));
  } finally {
    await mailbox.close();
  }

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(docs.getByTestId('run-documents-p10-csv')).toBeVisible();
  await noOverflow(page);
  if (SHOTS) await docs.screenshot({ path: `${SHOTS}/run-documents-panel-375.png` });
});
