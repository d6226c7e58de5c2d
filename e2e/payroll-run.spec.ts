import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { CUR_MONTH, LAST_RUN, NEXT_MONTH, monthLabel } from './support/demo';

/**
 * A month's payroll (issue 14 "Done when"): HR computes November 2026, reviews it against October and
 * submits it; the principal approves it on the dashboard's Approvals card; HR then sees it approved and
 * locked. PAYROLL_SHOTS=<dir> saves screenshots (desktop and 375 px).
 */

const SHOTS = process.env.PAYROLL_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('HR runs and submits November’s payroll, the principal approves it on the Approvals card', async ({ page }) => {
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll');
  const runs = page.getByTestId('payroll-runs');
  await expect(runs.getByTestId(`run-${LAST_RUN}`).getByTestId('run-status')).toHaveText('Approved');
  await shot(page, 'payroll-runs');

  await runs.getByTestId('run-month').fill(CUR_MONTH);
  await runs.getByTestId('run-payroll').click();
  const run = page.getByTestId('payroll-run');
  await expect(run.getByTestId('run-title')).toHaveText(monthLabel(CUR_MONTH));
  await expect(run.getByTestId('run-status')).toHaveText('Draft');
  await expect(run.getByTestId('run-total-netPay')).toContainText(`vs ${monthLabel(LAST_RUN)}`);
  const teacherLine = run.getByTestId('run-line').filter({ hasText: '· Teacher' }).first();
  await expect(teacherLine).toBeVisible();
  await teacherLine.getByTestId('run-line-toggle').click();
  await expect(run.getByTestId('run-line-detail')).toContainText('Basic salary');
  // The lines' totals row agrees with the Net pay tile; a search hides it (it would not add up).
  const netTotal = (await run.getByTestId('run-lines-net-total').textContent())!.trim();
  expect(netTotal).toMatch(/^[\d,]+\.\d\d$/);
  await expect(run.getByTestId('run-total-netPay')).toContainText(netTotal);
  await run.getByTestId('run-lines-search').fill('Teacher');
  await expect(run.getByTestId('run-lines-net-total')).toHaveCount(0);
  await expect(run.getByTestId('run-line').first()).toContainText('Teacher');
  await run.getByTestId('run-lines-search').fill('');
  await expect(run.getByTestId('run-lines-net-total')).toHaveText(netTotal);
  await shot(page, 'payroll-run-draft');

  await run.getByTestId('run-submit').click();
  await page.getByTestId('run-submit-confirm').click();
  await expect(run.getByTestId('run-status')).toHaveText('Awaiting approval');
  await expect(run.getByTestId('run-waiting')).toBeVisible();
  await expect(run.getByTestId('run-submit')).toHaveCount(0);

  await signInViaApi(page, 'principal');
  await page.goto('/dashboard');
  const row = page.getByTestId('approvals-card').locator('li, [data-approval-id]').filter({ hasText: `Payroll for ${monthLabel(CUR_MONTH)}` }).first();
  await expect(row).toBeVisible();
  await shot(page, 'principal-approvals-payroll');
  // The principal reviews the run (totals against October, every line) before approving it.
  await row.getByTestId('approval-review-run').click();
  const review = page.getByTestId('run-review-dialog');
  await expect(review).toContainText(`Payroll for ${monthLabel(CUR_MONTH)}`);
  await expect(review.getByTestId('run-total-netPay')).toContainText(`vs ${monthLabel(LAST_RUN)}`);
  await expect(review.locator('[data-testid="run-line"][data-staff="Grace Achieng Owino"]')).toBeVisible();
  await shot(page, 'principal-reviews-payroll');
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await row.getByTestId('approval-approve').click();
  const dialog = page.getByTestId('decide-approval-dialog');
  await expect(dialog).toContainText(`Payroll for ${monthLabel(CUR_MONTH)}`);
  await dialog.getByTestId('confirm-decision').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('approvals-card').getByText(`Payroll for ${monthLabel(CUR_MONTH)}`)).toHaveCount(0);

  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll');
  await page.getByTestId(`run-${CUR_MONTH}`).click();
  await expect(page.getByTestId('payroll-run').getByTestId('run-status')).toHaveText('Approved');
  await expect(page.getByTestId('run-locked')).toBeVisible();
  await expect(page.getByTestId('run-approved-by')).toContainText('Approved');
  // The demo teacher's net pay on the approved run, to compare with what she sees.
  const teacherNet = (await page.locator('[data-testid="run-line"][data-staff="Grace Achieng Owino"]').getByTestId('run-line-net').textContent())!.trim();
  expect(teacherNet).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);

  // The teacher (on Board of Management terms) finds November's payslip under My Payslips.
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Payslips' }).click();
  const slip = page.locator(`[data-testid="payslip-item"][data-month="${CUR_MONTH}"]`);
  await expect(slip).toContainText(monthLabel(CUR_MONTH));
  await slip.click();
  await expect(page.getByTestId('payslip-detail')).toHaveAttribute('data-month', CUR_MONTH);
  await expect(page.getByTestId('payslip-detail-net')).toHaveText(teacherNet);
  await shot(page, 'teacher-november-payslip');

  // A locked payslip is corrected in the next run: a one-month adjustment for December.
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll');
  await page.getByTestId(`run-${CUR_MONTH}`).click();
  const line = page.getByTestId('run-line').filter({ hasText: '· Teacher' }).first();
  await line.getByTestId('run-line-toggle').click();
  await page.getByTestId('run-line-correct').click();
  const dialog2 = page.getByTestId('pc-dialog');
  await expect(dialog2).toContainText(monthLabel(NEXT_MONTH));
  await dialog2.getByTestId('pc-amount').fill('-1500');
  await dialog2.getByTestId('pc-save').click();
  await expect(dialog2).toBeHidden();
  await expect(page.getByText('Pay component saved.')).toBeVisible();
});

test('the payroll page fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll');
  await page.getByTestId(`run-${LAST_RUN}`).click();
  await expect(page.getByTestId('run-title')).toHaveText(monthLabel(LAST_RUN));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'payroll-run-phone');
  await page.getByTestId('payroll-tab-components').click();
  await expect(page.getByTestId('pay-components')).toBeVisible();
  await shot(page, 'payroll-components-phone');
});
