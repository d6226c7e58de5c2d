import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { openSeriesName, releasedSeriesNames } from './support/demo';

/**
 * The parent's Child Grades and Progress Reports (issue 12 §4, §5): a tab per child, released series
 * only, grades with their descriptors, and the report card downloaded as a PDF; on a phone without
 * sideways scrolling. GRADES_SHOTS=<dir> also saves screenshots.
 */

const SHOTS = process.env.GRADES_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Any released series of the demo (each child shows its newest: the parent's children sit different levels). */
const RELEASED = new RegExp(`^(${releasedSeriesNames.join('|')})$`);

const DESCRIPTOR =
  /^(EE1 Exceptional|EE2 Very Good|ME1 Good|ME2 Fair|AE1 Needs Improvement|AE2 Below Average|BE1 Well Below Average|BE2 Minimal|EE Exceeding Expectations|ME Meeting Expectations|AE Approaching Expectations|BE Below Expectations)$/;

test('a parent sees released results with descriptors and downloads the report card', async ({ page }) => {
  await signInViaApi(page, 'parent');
  await page.goto('/grades');
  await expect(page.getByRole('heading', { name: 'Child Grades' })).toBeVisible();

  // One child at a time, with a tab per child.
  const tabs = page.getByTestId('child-tab');
  await expect(tabs).toHaveCount(2);
  const card = page.getByTestId('child-grades');
  await expect(card).toHaveCount(1);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // The child's newest released series with its grades and descriptors; the open one is nowhere.
  await expect(card.getByTestId('series-title')).toHaveText(RELEASED);
  await expect(page.getByText(openSeriesName)).toHaveCount(0);
  const subjects = card.getByTestId('child-subject');
  expect(await subjects.count()).toBeGreaterThan(3);
  // A learner absent from a paper has no grade there: the first graded learning area.
  await expect(subjects.getByTestId('grade-badge').first()).toHaveText(DESCRIPTOR);
  await expect(card.getByTestId('series-mean-grade')).toHaveText(/Mean grade(EE|ME|AE|BE)\d? ?\S+/);
  await expect(card.getByTestId('series-mean')).toContainText('%');
  await shot(page, 'child-grades');

  // The other child.
  const firstName = await card.getByTestId('child-name').textContent();
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByTestId('child-name')).not.toHaveText(firstName!);
  await expect(card.getByTestId('series-title')).toHaveText(RELEASED);
  await expect(card.getByTestId('child-subject').getByTestId('grade-badge').first()).toHaveText(DESCRIPTOR);

  // The term's report card downloads as a PDF.
  const link = card.getByTestId('report-card-link').first();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^Report card .+ Term \d \d{4}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const res = await page.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');

  // Progress Reports on a phone: a report card per child and term, no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Progress Reports' })).toBeVisible();
  await expect(page.getByTestId('child-reports')).toHaveCount(2);
  await expect(page.getByTestId('report-card-row').first()).toContainText(/Term \d \d{4}/);
  await expect(page.getByTestId('report-card-link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'progress-reports');
  const [phoneDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-card-link').last().click()]);
  expect(phoneDownload.suggestedFilename()).toMatch(/\.pdf$/);
});
