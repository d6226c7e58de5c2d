import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Payroll's statutory calculator (issue 14 §5): HR enters a gross pay and a pay date and reads the
 * payslip breakdown (NSSF Year 4 on 31 Mar 2026); a pay date before the rules EduFam holds shows the
 * API's reason under the pay date; at 375 px nothing is wider than the screen. A teacher opening the
 * section does not get the calculator. PAYROLL_SHOTS=<dir> saves screenshots.
 */

const SHOTS = process.env.PAYROLL_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('HR calculates a month of statutory payroll', async ({ page }) => {
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/payroll?tab=calculator');
  await expect(page.getByRole('heading', { name: 'Payroll', level: 1 })).toBeVisible();
  const calc = page.getByTestId('payroll-calculator');
  await expect(calc.getByRole('heading', { name: 'Statutory calculator' })).toBeVisible();
  await expect(calc.getByTestId('payroll-empty')).toBeVisible();

  await calc.getByLabel('Gross pay (KES)').fill('50000');
  await calc.getByLabel('Pay date').fill('2026-03-31');
  await calc.getByTestId('payroll-submit').click();

  const out = calc.getByTestId('payroll-breakdown');
  await expect(out.getByTestId('pay-gross')).toHaveText('50,000.00');
  await expect(out.getByTestId('pay-nssf-tier1')).toHaveText('540.00');
  await expect(out.getByTestId('pay-nssf-tier1-note')).toHaveText('NSSF Year 4');
  await expect(out.getByTestId('pay-nssf-tier2')).toHaveText('2,460.00');
  await expect(out.getByTestId('pay-shif')).toHaveText('1,375.00');
  await expect(out.getByTestId('pay-housing-levy')).toHaveText('750.00');
  await expect(out.getByTestId('pay-taxable')).toHaveText('44,875.00');
  await expect(out.getByTestId('pay-paye')).toHaveText('5,845.85');
  await expect(out.getByTestId('pay-net')).toHaveText('39,029.15');
  await expect(out.getByTestId('pay-employer-total')).toHaveText('53,800.00');
  await expect(out.getByTestId('payroll-note')).toContainText('SHIF, Housing Levy and NSSF are deducted before PAYE.');
  await shot(page, 'payroll-calculator');

  // A pay date before the rules EduFam holds: the API's reason under the pay date.
  await calc.getByLabel('Pay date').fill('2024-11-30');
  await calc.getByTestId('payroll-submit').click();
  await expect(calc.locator('#payroll-payDate-error')).toHaveText('Payroll rules are held from 01/12/2024 (the December 2024 payroll); choose a pay date on or after it.');
  await expect(calc.getByLabel('Pay date')).toHaveAttribute('aria-invalid', 'true');
  await expect(calc.getByTestId('payroll-breakdown')).toHaveCount(0);

  // Back to a valid date: recalculated on change, then a phone's width.
  await calc.getByLabel('Pay date').fill('2026-03-31');
  await expect(out.getByTestId('pay-net')).toHaveText('39,029.15');
  await page.setViewportSize({ width: 375, height: 800 });
  await calc.getByTestId('payroll-more-toggle').click();
  await expect(calc.getByLabel(/Other deductions/)).toBeVisible();
  await expect(out.getByTestId('pay-net')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const wide = await page.evaluate(() => [...document.querySelectorAll('[data-testid="payroll-page"] *')].filter((el) => !el.closest('[role="tablist"]') && el.getBoundingClientRect().right > window.innerWidth + 0.5).length);
  expect(wide).toBe(0);
  await shot(page, 'payroll-calculator');
});

test('a teacher opening Payroll does not get the calculator', async ({ page }) => {
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard/payroll?tab=calculator');
  await expect(page.getByTestId('section-content')).toBeVisible();
  await expect(page.getByTestId('payroll-calculator')).toHaveCount(0);
  await expect(page.getByTestId('payroll-page')).toHaveCount(0);
});
