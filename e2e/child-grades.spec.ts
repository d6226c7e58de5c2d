import { test, expect, type Page } from '@playwright/test';
import { signInViaApi } from './support/accounts';

/**
 * The parent's Child Grades and Progress Reports (issue 12 §4, §5): released series only, grades with
 * their descriptors, and the report card as a PDF; on a phone without sideways scrolling.
 * GRADES_SHOTS=<dir> also saves screenshots.
 */

const SHOTS = process.env.GRADES_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('a parent sees released results with descriptors and downloads the report card', async ({ page }) => {
  await signInViaApi(page, 'parent');
  await page.goto('/grades');
  await expect(page.getByRole('heading', { name: 'Child Grades' })).toBeVisible();
  const cards = page.getByTestId('child-grades');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('End of Term 1 2026 · Term 1 2026').first()).toBeVisible();
  await expect(page.getByText('Mid-Term 2 2026')).toHaveCount(0);
  await expect(cards.first().getByTestId('grade-badge').first()).toHaveText(/(EE1 Exceptional|EE2 Very Good|ME1 Good|ME2 Fair|AE1 Needs Improvement|AE2 Below Average|BE1 Well Below Average|BE2 Minimal|EE Exceeding Expectations|ME Meeting Expectations|AE Approaching Expectations|BE Below Expectations)/);
  await shot(page, 'child-grades');

  const link = cards.first().getByTestId('report-card-link').first();
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Progress Reports' })).toBeVisible();
  await expect(page.getByTestId('report-card-link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'progress-reports');
});
