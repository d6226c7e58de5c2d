import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo, releasedEndOfTerm } from './support/demo';
import { addDays, formatDay } from '../src/shared/dates';
import { weekday } from '../src/shared/kenya-holidays';
import { signInViaApi } from './support/accounts';

/**
 * The principal's Examinations and Analytics (issue 12 §1, §2, §4) as one journey: a new exam series
 * for Grade 7 with a two-paper Mathematics (out of 80 + 100) shows in the list; its timetable refuses
 * two papers in one room at the same time with the server's reason; the newest released End of Term
 * broadsheet of Grade 7 East has positions and grades with their descriptors; Analytics draws its
 * charts. Self-contained on the shared e2e database: the series has a unique name.
 */

/** The new series sits Monday to Wednesday next week. */
const NEXT_MONDAY = addDays(demo.cal.today, 7 - ((weekday(demo.cal.today) + 6) % 7));

/** Picks `option` in the radix Select opened by `trigger`. */
async function pick(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('examinations', () => {
  test('principal creates a two-paper series, plans its timetable, reads the broadsheet and the analytics', async ({ page }) => {
    await signInViaApi(page, 'principal');
    const name = `CAT 1 Grade 7 ${Date.now().toString().slice(-6)}`;

    // Exam series: create with a two-paper subject.
    await page.goto('/dashboard/examinations');
    await expect(page.locator(`[data-testid="exam-series"][data-exam-name="${releasedEndOfTerm}"]`)).toBeVisible();
    await page.getByTestId('exam-add').click();
    const dialog = page.getByTestId('exam-dialog');
    // Nothing chosen: the API's own wording, before any call.
    await dialog.getByTestId('exam-submit').click();
    await expect(dialog.getByTestId('exam-levels')).toContainText('Choose at least one level.');
    await dialog.getByTestId('exam-name').fill(name);
    await pick(page, dialog.getByTestId('exam-kind-select'), 'CAT');
    await dialog.getByTestId('exam-weight').fill('30');
    await dialog.getByRole('checkbox', { name: 'Grade 7', exact: true }).click();
    const maths = dialog.locator('[data-testid="exam-subject"][data-subject-name="Mathematics"]');
    await maths.getByTestId('exam-subject-check').click();
    await maths.getByTestId('exam-add-paper').click();
    await maths.getByTestId('exam-paper-max').first().fill('80');
    await expect(maths.getByTestId('exam-subject-total')).toHaveText('Total out of 180');
    await dialog.locator('[data-testid="exam-subject"][data-subject-name="English"]').getByTestId('exam-subject-check').click();
    await dialog.getByTestId('exam-starts').fill(formatDay(NEXT_MONDAY));
    await dialog.getByTestId('exam-ends').fill(formatDay(addDays(NEXT_MONDAY, 2)));
    await dialog.getByTestId('exam-submit').click();
    await expect(dialog).toBeHidden();

    const card = page.locator(`[data-testid="exam-series"][data-exam-name="${name}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('exam-status')).toHaveAttribute('data-status', 'open');
    await expect(card.getByTestId('exam-kind')).toHaveText('CAT');
    await expect(card).toContainText('Grade 7');
    await expect(card).toContainText('Mathematics 80+100');
    await expect(card).toContainText('Weight 30 %');

    // Timetable: every paper at once; two papers in one room at once are refused with the reason.
    await card.getByTestId('exam-menu').click();
    await page.getByTestId('exam-open-timetable').click();
    await expect(page).toHaveURL(/tab=timetable/);
    await page.getByTestId('timetable-fill').click();
    const rows = page.getByTestId('timetable-row');
    await expect(rows).toHaveCount(3);
    await rows.nth(0).getByTestId('tt-room').fill('Hall');
    await rows.nth(1).getByTestId('tt-room').fill('Hall');
    await page.getByTestId('timetable-save').click();
    await expect(page.getByTestId('timetable-problem')).toContainText('are in Hall at the same time');
    await rows.nth(1).getByTestId('tt-start').fill('11:00');
    await rows.nth(1).getByTestId('tt-end').fill('13:00');
    await page.getByTestId('timetable-save').click();
    await expect(page.getByTestId('timetable-dirty')).toBeHidden();
    await expect(page.getByTestId('timetable-problem')).toBeHidden();
    await expect(page.getByTestId('timetable-pdf')).toHaveAttribute('href', /\/timetable\.pdf$/);

    // Results: a released End of Term series, Grade 7 East.
    await page.getByTestId('exams-tab-results').click();
    await pick(page, page.getByTestId('exam-picker'), releasedEndOfTerm);
    await pick(page, page.getByTestId('scope-picker'), 'Grade 7 East');
    const view = page.getByTestId('results-view');
    await expect(view).toHaveAttribute('data-scope', 'Grade 7 East');
    const sheetRows = view.getByTestId('broadsheet-row');
    expect(await sheetRows.count()).toBeGreaterThan(10);
    await expect(sheetRows.first().getByTestId('row-position')).toHaveText('1');
    await expect(sheetRows.first().getByTestId('stream-position')).toHaveText(/^1\/\d+$/);
    await expect(sheetRows.first().getByTestId('level-position')).toHaveText(/^\d+\/\d+$/);
    await expect(view.getByTestId('grade-badge').filter({ hasText: /ME1 Good|EE2 Very Good|ME2 Fair/ }).first()).toBeVisible();
    await expect(view.getByTestId('summary-mean')).toContainText(/\d+(\.\d)? %/);
    await expect(view.getByTestId('results-pdf')).toHaveAttribute('href', /format=pdf/);
    await expect(view.getByTestId('results-xlsx')).toHaveAttribute('href', /format=xlsx/);
    await expect(view.getByTestId('subject-mean-row').filter({ hasText: 'Mathematics' })).toBeVisible();

    // Analytics: the same series and stream, with its charts drawn.
    await page.goto('/dashboard/analytics');
    await pick(page, page.getByTestId('exam-picker'), releasedEndOfTerm);
    await pick(page, page.getByTestId('scope-picker'), 'Grade 7 East');
    await expect(page.getByTestId('analytics')).toHaveAttribute('data-scope', 'Grade 7 East');
    await expect(page.getByTestId('kpi-learners-value')).toHaveText(/^\d+$/);
    for (const chart of ['chart-grades', 'chart-subjects', 'chart-gender']) {
      await expect(page.getByTestId(chart).locator('svg').first()).toBeVisible();
    }
    await expect(page.getByTestId('teacher-mean-row').first()).toBeVisible();
  });

  test("teacher's Class Analytics offers only their streams; the director reads the broadsheet", async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard/analytics');
    // The class teacher of Grade 7 East opens on it; no whole-level choice (the API refuses it to teachers).
    await expect(page.getByTestId('analytics')).toHaveAttribute('data-scope', 'Grade 7 East');
    await expect(page.getByTestId('chart-grades').locator('svg').first()).toBeVisible();
    await page.getByTestId('scope-picker').click();
    await expect(page.getByRole('option', { name: 'Grade 7 East' })).toBeVisible();
    await expect(page.getByRole('option', { name: /all streams/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard/grades');
    await pick(page, page.getByTestId('scope-picker'), 'Grade 7 East');
    const view = page.getByTestId('results-view');
    await expect(view).toHaveAttribute('data-scope', 'Grade 7 East');
    await expect(view.getByTestId('broadsheet-row').first().getByTestId('row-position')).toHaveText('1');
    await expect(page.getByTestId('exam-add')).toHaveCount(0);
  });
});
