import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { openSeriesName } from './support/demo';
import { signInViaApi } from './support/accounts';

/**
 * Marks entry and approval (issue 12 §3) as one journey: the demo teacher opens My Class Grades, enters
 * the open series' marks (the demo is built around today) of Grade 7 East Mathematics (seeded empty for them, window open) with the
 * keyboard, sees the grade as they type, has a mark above the maximum refused (and not saved), pastes
 * the rest of the column as from Excel, blanks a saved mark (removed, not zero), marks learners absent
 * and exempt, and submits; the principal
 * reviews the sheet from Awaiting approval and approves it.
 */

/** Pastes `text` into the focused input the way a browser does (a paste event with text/plain). */
async function paste(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test.describe('grades', () => {
  test('teacher enters, pastes and submits marks; the principal approves them', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard/grades');
    const exam = page.locator(`[data-testid="exam-group"][data-exam-name="${openSeriesName}"]`);
    await expect(exam.getByTestId('window-badge')).toContainText('Entry open until');
    const sheetRow = exam.locator('[data-testid="sheet-row"][data-class-name="Grade 7 East"][data-subject-name="Mathematics"]');
    await expect(sheetRow).toHaveAttribute('data-status', 'draft');
    await sheetRow.click();

    const grid = page.getByTestId('marks-grid');
    await expect(grid.getByTestId('marks-grid-title')).toHaveText('Mathematics · Grade 7 East');
    const rows = grid.getByTestId('mark-row');
    const input = (i: number) => rows.nth(i).getByTestId('mark-input');
    const learners = await rows.count();
    expect(learners).toBeGreaterThan(6);

    // Keyboard: type, Enter moves down; the grade follows as the mark is typed (before any save).
    await input(0).click();
    await page.keyboard.type('74.5');
    await expect(rows.nth(0).getByTestId('mark-grade')).toHaveAttribute('data-grade-label', 'EE2 Very Good');
    await expect(rows.nth(0).getByTestId('mark-grade')).toContainText('EE2 Very Good');
    await page.keyboard.press('Enter');
    await expect(input(1)).toBeFocused();
    await page.keyboard.type('62');
    await page.keyboard.press('Enter');
    await page.keyboard.type('abs');
    await page.keyboard.press('Enter');
    await expect(rows.nth(2).getByTestId('mark-status')).toHaveValue('absent');
    // Above the maximum: the server's wording, and the mark is not sent.
    await expect(input(3)).toBeFocused();
    await page.keyboard.type('101');
    await page.keyboard.press('Enter');
    await expect(rows.nth(3).getByTestId('mark-error')).toHaveText('The mark cannot be more than the maximum of 100.');
    await expect(grid.getByTestId('invalid-count')).toBeVisible();
    await expect(grid.getByTestId('save-status')).toHaveText('All changes saved');

    // Reload: what was saved is there, the refused mark is not.
    await page.reload();
    await expect(input(0)).toHaveValue('74.5');
    await expect(input(2)).toHaveValue('ABS');
    await expect(input(3)).toHaveValue('');
    await expect(rows.nth(0).getByTestId('mark-grade')).toHaveAttribute('data-grade-label', 'EE2 Very Good');

    // A flaky connection: the change waits and is retried, then saved once the network is back.
    await page.route('**/api/exams/*/marks', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
    await input(1).click();
    await page.keyboard.type('63');
    await expect(grid.getByTestId('save-status')).toContainText('Offline — 1 unsaved change, retrying');
    await page.unroute('**/api/exams/*/marks');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(grid.getByTestId('save-status')).toHaveText('All changes saved');

    // Paste the rest of the column as copied from Excel: marks, an "X" (exempt) and one blank cell.
    const column = Array.from({ length: learners - 3 }, (_, i) => (i === 2 ? 'X' : i === 4 ? '' : String(40 + ((i * 7) % 55))));
    await paste(page, input(3), `${column.join('\r\n')}\r\n`);
    await expect(rows.nth(5).getByTestId('mark-status')).toHaveValue('exempt');
    await expect(input(learners - 1)).toHaveValue(column[column.length - 1]!);
    await expect(input(7)).toHaveValue('');
    await input(7).click();
    await page.keyboard.type('55');
    await expect(grid.getByTestId('save-status')).toHaveText('All changes saved');
    await expect(grid.getByTestId('summary-entered')).toHaveText(`${learners} / ${learners}`);

    // Blanking a saved mark removes it (no mark is not zero): it counts as not entered, also after a reload.
    await input(7).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect(grid.getByTestId('summary-entered')).toHaveText(`${learners - 1} / ${learners}`);
    await expect(grid.getByTestId('save-status')).toHaveText('All changes saved');
    await page.reload();
    await expect(input(7)).toHaveValue('');
    await expect(grid.getByTestId('summary-entered')).toHaveText(`${learners - 1} / ${learners}`);
    await input(7).click();
    await page.keyboard.type('55');
    await expect(grid.getByTestId('save-status')).toHaveText('All changes saved');
    await expect(grid.getByTestId('summary-entered')).toHaveText(`${learners} / ${learners}`);

    // Submit: the counts, then read-only.
    await grid.getByTestId('submit-marks').click();
    const dialog = page.getByTestId('submit-dialog');
    await expect(dialog.getByTestId('submit-count-absent')).toContainText('1');
    await expect(dialog.getByTestId('submit-count-exempt')).toContainText('1');
    await expect(dialog.getByTestId('submit-count-missing')).toContainText('0');
    await dialog.getByTestId('submit-confirm').click();
    await expect(grid).toHaveAttribute('data-sheet-status', 'submitted');
    await expect(grid.getByTestId('read-only-notice')).toContainText('Submitted for approval');
    await expect(input(0)).toHaveJSProperty('readOnly', true);

    // The principal reviews it from Awaiting approval and approves it.
    await signInViaApi(page, 'principal');
    await page.goto('/dashboard/grades');
    const queued = page.locator('[data-testid="queue-row"]', { hasText: 'Grade 7 East' }).filter({ hasText: 'Mathematics' });
    await expect(queued).toHaveCount(1);
    await queued.getByTestId('queue-review').click();
    const review = page.getByTestId('marks-grid');
    await expect(review.getByTestId('marks-grid-title')).toHaveText('Mathematics · Grade 7 East');
    await expect(review.getByTestId('mark-row').nth(0).getByTestId('mark-input')).toHaveValue('74.5');
    await review.getByTestId('sheet-approve').click();
    await page.getByTestId('approve-confirm').click();
    await expect(page.getByTestId('grades-approval').getByRole('tab', { name: /Awaiting approval/ })).toBeVisible();
    await expect(queued).toHaveCount(0);

    // Approved and locked (read through the API: other specs add exams, so the All sheets tab may open another one).
    const sheets = (await (await page.request.get('/api/grades/my-sheets')).json()) as { items: { examName: string; className: string; subjectName: string; status: string }[] };
    const sheet = sheets.items.find((x) => x.examName === openSeriesName && x.className === 'Grade 7 East' && x.subjectName === 'Mathematics');
    expect(sheet?.status).toBe('approved');
  });
});
