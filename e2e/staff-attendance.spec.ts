import { statSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Staff attendance (issue 13 §3) as HR's journey: HR opens Attendance Monitoring on the latest school
 * day, marks the finance officer absent and the director late (checked in at 08:20, after the school's
 * 07:45), saves, sees the totals follow and the values survive a reload; then opens the monthly report
 * and downloads it as PDF and Excel. On a phone (375 px) the register is cards, with nothing wider than
 * the screen. Dates come from the page (the latest school day up to today), never hard-coded.
 */

const FINANCE = 'Lucy Njeri Maina';
const DIRECTOR = 'Margaret Wambui Kariuki';

const rowOf = (page: Page, name: string) => page.getByTestId('staff-row').filter({ has: page.getByTestId('staff-name').getByText(name, { exact: true }) });
const total = async (page: Page, key: string) => Number(await page.getByTestId(`staff-total-${key}-value`).innerText());
const isLate = async (row: Locator) => (await row.getByTestId('staff-late-badge').count()) > 0;

test.describe('staff attendance', () => {
  test('HR records a day (absent, late), it persists, and the monthly report downloads as PDF and Excel', async ({ page }) => {
    await signInViaApi(page, 'hr');
    await page.goto('/dashboard/attendance-monitoring');
    const day = page.getByTestId('staff-day');
    await expect(day).toHaveAttribute('data-date', /^\d{4}-\d{2}-\d{2}$/);
    const date = (await day.getAttribute('data-date'))!;
    await expect(page.getByTestId('staff-day-label')).toContainText('Late after 07:45');

    const finance = rowOf(page, FINANCE);
    const director = rowOf(page, DIRECTOR);
    await expect(finance).toHaveCount(1);
    await expect(director).toHaveCount(1);
    const before = {
      absent: await total(page, 'absent'),
      late: await total(page, 'late'),
      financeAbsent: (await finance.getAttribute('data-status')) === 'absent',
      financeLate: await isLate(finance),
      directorLate: await isLate(director),
    };

    // The finance officer is absent: times are cleared and disabled.
    await finance.getByTestId('staff-status-absent').click();
    await expect(finance).toHaveAttribute('data-status', 'absent');
    await expect(finance.getByTestId('staff-check-in')).toBeDisabled();
    // The director came in at 08:20, after the late time: Late shows as the time is typed.
    await director.getByTestId('staff-status-present').click();
    await director.getByTestId('staff-check-in').fill('08:20');
    await expect(director.getByTestId('staff-late-badge')).toBeVisible();
    await expect(page.getByTestId('staff-unsaved')).toContainText('unsaved');

    const expected = {
      absent: before.absent + (before.financeAbsent ? 0 : 1),
      late: before.late + (before.directorLate ? 0 : 1) - (before.financeLate ? 1 : 0),
    };
    await expect(page.getByTestId('staff-total-absent-value')).toHaveText(String(expected.absent));
    await expect(page.getByTestId('staff-total-late-value')).toHaveText(String(expected.late));

    await page.getByTestId('staff-save').click();
    await expect(page.getByText('Staff attendance saved')).toBeVisible();
    await expect(page.getByTestId('staff-save-bar')).toHaveCount(0);

    // After a reload the saved day is what the server has.
    await page.reload();
    await expect(page.getByTestId('staff-day')).toHaveAttribute('data-date', date);
    await expect(rowOf(page, FINANCE)).toHaveAttribute('data-status', 'absent');
    await expect(rowOf(page, DIRECTOR)).toHaveAttribute('data-status', 'present');
    await expect(rowOf(page, DIRECTOR).getByTestId('staff-check-in')).toHaveValue('08:20');
    await expect(rowOf(page, DIRECTOR).getByTestId('staff-late-badge')).toBeVisible();
    await expect(page.getByTestId('staff-total-absent-value')).toHaveText(String(expected.absent));
    await expect(page.getByTestId('staff-total-late-value')).toHaveText(String(expected.late));

    // The monthly report of that month: a row per person and per department, then the downloads.
    await page.getByTestId('staff-tab-report').click();
    const month = date.slice(0, 7);
    await expect(page.getByTestId('staff-report')).toHaveAttribute('data-month', month);
    const financeRow = page.getByTestId('staff-report-row').filter({ hasText: FINANCE });
    await expect(financeRow).toHaveCount(1);
    await expect(page.getByTestId('staff-report-department-row').filter({ hasText: 'No department' })).toHaveCount(1);

    for (const [button, ext] of [
      ['staff-report-pdf', 'pdf'],
      ['staff-report-xlsx', 'xlsx'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByTestId(button).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`staff-attendance-${month}.${ext}`);
      const path = await file.path();
      expect(statSync(path).size).toBeGreaterThan(1000);
    }
  });

  test('on a phone the register is one card per person and nothing is wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInViaApi(page, 'hr');
    await page.goto('/dashboard/attendance-monitoring');
    const first = page.getByTestId('staff-row').first();
    await expect(first).toBeVisible();
    await expect(first.getByTestId('staff-status-present')).toBeVisible();
    await expect(first.getByTestId('staff-check-in')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByTestId('staff-tab-report').click();
    await expect(page.getByTestId('staff-report-row-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
