import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { LAST_RUN, monthLabel } from './support/demo';

/**
 * One employee's payslip from a payroll run (issue 34): HR opens the approved October 2026 run from
 * the runs list and, on one employee's line, presses "Download payslip"; a one-page PDF named after the
 * month and the staff number downloads. The line's opened breakdown (and, below 768 px, its card)
 * offers the same labelled button.
 */

/** Pages of a pdfkit PDF (its page objects are plain dictionaries). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

test("HR downloads one employee's payslip from the run's lines", async ({ page }) => {
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll');
  await page.getByTestId('payroll-runs').getByTestId(`run-${LAST_RUN}`).click();
  const run = page.getByTestId('payroll-run');
  await expect(run.getByTestId('run-title')).toHaveText(monthLabel(LAST_RUN));

  const line = run.getByTestId('run-line').first();
  const name = (await line.getAttribute('data-staff'))!;
  expect(name).toBeTruthy();
  const staffNumber = (await line.getByTestId('run-line-toggle').textContent())!.replace(name, '').split('·')[0]!.trim();

  const download = page.waitForEvent('download');
  await line.getByRole('button', { name: `Download payslip: ${name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^payslip-${LAST_RUN}-.+\\.pdf$`));
  expect(file.suggestedFilename()).toContain(staffNumber.replace(/[^\w.\- ]+/g, '_'));
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pageCount(bytes)).toBe(1);

  // The opened line offers the same download, labelled.
  await line.getByTestId('run-line-toggle').click();
  const detail = run.getByTestId('run-line-detail');
  await expect(detail.getByTestId('run-line-payslip-detail')).toHaveText('Download payslip');
  const again = page.waitForEvent('download');
  await detail.getByTestId('run-line-payslip-detail').click();
  expect((await again).suggestedFilename()).toBe(file.suggestedFilename());

  // Below 768 px the line is a card (still open); it has the button too.
  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.getByTestId('run-lines-cards').locator('li').filter({ hasText: name }).first();
  await expect(card.getByRole('button', { name: `Download payslip: ${name}` })).toBeVisible();
});
