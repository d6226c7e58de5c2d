import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { inspectPdf } from '../src/server/lib/pdf';
import { signInViaApi } from './support/accounts';

/**
 * The staff's report-card screens (issue 12 §5) as one journey on the term of the newest released End of Term series: the class
 * teacher of Grade 7 East writes one learner's comment, takes the suggestion for another, saves, finds
 * both after a reload and downloads the whole stream as one PDF made in the background (one page per
 * learner with results); the principal reads that comment, writes the principal's and downloads the
 * learner's card with both; the director reads them without a text box; the teacher's screen on a
 * phone does not scroll sideways. Self-contained on the shared e2e database: the comments are unique
 * per run.
 */

/** The term of the newest released End of Term series (its report cards have results). */
const TERM = demo.reportTermLabel;
const STREAM = 'Grade 7 East';
const run = Date.now().toString().slice(-7);
const teacherComment = `Reads widely and asks sharp questions in class, run ${run}.`;
const principalComment = `Keep up the steady effort next term, run ${run}.`;

/** What the teacher's part leaves for the others: the two learners commented on and the suggestion used. */
const shared = { first: '', second: '', suggestion: '' };

/** Picks `option` in the radix Select opened by `trigger`. */
async function pick(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Opens /reports on the released term (and, for the principal and director, Grade 7 East). */
async function openReports(page: Page, heading: string, opts: { chooseStream: boolean }) {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await pick(page, page.getByTestId('report-term-picker'), TERM);
  await expect(page.getByTestId('report-term-picker')).toHaveText(TERM);
  if (opts.chooseStream) await pick(page, page.getByTestId('report-scope-picker'), STREAM);
  await expect(page.getByTestId('report-scope-picker')).toHaveText(STREAM);
  await expect(page.getByTestId('report-comments').getByRole('heading', { level: 2 })).toHaveText(`${STREAM} · ${TERM}`);
  await expect(page.getByTestId('comment-row').first()).toBeVisible();
}

const rowOf = (page: Page, studentId: string) => page.locator(`[data-testid="comment-row"][data-student-id="${studentId}"]`);

/** The number of learners with results, from the list's header ("41 learners · 40 with results"). */
async function learnersWithResults(page: Page): Promise<number> {
  const summary = page.getByTestId('report-comments').locator('header p');
  await expect(summary).toHaveText(/\d+ learners? · \d+ with results/);
  return Number(/(\d+) with results/.exec((await summary.textContent())!)![1]);
}

async function pdfOf(download: Download) {
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = inspectPdf(bytes);
  return { ...pdf, text: pdf.text.replace(/\s+/g, ' ') };
}

test.describe.serial('report cards', () => {
  test('the class teacher writes comments, keeps them and downloads the stream as one PDF', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await openReports(page, 'Class Reports', { chooseStream: false });
    // Only their own stream, and no whole level.
    await page.getByTestId('report-scope-picker').click();
    await expect(page.getByTestId('report-scope-option')).toHaveText([STREAM]);
    await page.keyboard.press('Escape');

    // Two learners with results (they have a report card to download).
    const withCards = page.getByTestId('comment-row').filter({ has: page.getByTestId('report-card-link') });
    expect(await withCards.count()).toBeGreaterThan(1);
    shared.first = (await withCards.nth(0).getAttribute('data-student-id'))!;
    shared.second = (await withCards.nth(1).getAttribute('data-student-id'))!;
    const first = rowOf(page, shared.first);
    const second = rowOf(page, shared.second);
    const status = page.getByTestId('comments-status');
    await expect(status).toHaveText('All changes saved');
    await expect(page.getByTestId('comments-save')).toBeDisabled();

    // One written by hand, one from the suggestion for the learner's performance band.
    await first.getByTestId('comment-input').fill(teacherComment);
    await expect(status).toHaveText('1 unsaved change');
    await second.getByTestId('comment-input').fill('');
    const use = second.getByTestId('use-suggestion');
    await expect(use).toBeVisible();
    shared.suggestion = ((await use.locator('xpath=..').textContent()) ?? '').replace(/^Suggested:\s*/, '').replace(/Use suggestion$/, '').trim();
    expect(shared.suggestion.length).toBeGreaterThan(10);
    await use.click();
    await expect(second.getByTestId('comment-input')).toHaveValue(shared.suggestion);
    await expect(use).toHaveCount(0);
    await expect(status).toHaveText('2 unsaved changes');

    await page.getByTestId('comments-save').click();
    await expect(page.getByText('Comments saved for 2 learners')).toBeVisible();
    await expect(status).toHaveText('All changes saved');
    await expect(page.getByTestId('comments-save')).toBeDisabled();

    // Kept after a reload.
    await page.reload();
    await expect(page.getByTestId('report-term-picker')).toHaveText(TERM);
    await expect(rowOf(page, shared.first).getByTestId('comment-input')).toHaveValue(teacherComment);
    await expect(rowOf(page, shared.second).getByTestId('comment-input')).toHaveValue(shared.suggestion);
    await expect(status).toHaveText('All changes saved');

    // The whole stream as one PDF, made in the background: one card per learner with results.
    const cards = await learnersWithResults(page);
    const bulk = page.getByTestId('bulk-report-cards');
    await expect(bulk).toContainText(`Every learner of ${STREAM} · ${TERM} with results`);
    await bulk.getByTestId('bulk-start').click();
    await expect(page.getByTestId('bulk-progress').or(page.getByTestId('bulk-ready'))).toBeVisible();
    const ready = page.getByTestId('bulk-ready');
    await expect(ready).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('bulk-progress')).toHaveCount(0);
    await expect(ready).toContainText(`${cards} report cards are ready`);
    const [download] = await Promise.all([page.waitForEvent('download'), ready.getByTestId('bulk-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await pdfOf(download);
    expect(pdf.pages).toBe(cards);
    expect(pdf.text).toContain(`run ${run}`);
  });

  test("the principal reads the class teacher's comment, writes the principal's and downloads the learner's card", async ({ page }) => {
    expect(shared.first, 'the teacher part ran').not.toBe('');
    await signInViaApi(page, 'principal');
    await openReports(page, 'Reports', { chooseStream: true });
    // The principal may also take a whole level.
    await page.getByTestId('report-scope-picker').click();
    await expect(page.getByRole('option', { name: 'Grade 7 (whole level)' })).toBeVisible();
    await page.keyboard.press('Escape');

    const row = rowOf(page, shared.first);
    // The class teacher's comment is read-only text; the box is the principal's.
    await expect(row).toContainText(teacherComment);
    const input = row.getByTestId('comment-input');
    await expect(input).toHaveCount(1);
    await expect(input).toHaveAccessibleName(/^Principal’s comment · /);
    await expect(input).not.toHaveValue(teacherComment);
    await expect(rowOf(page, shared.second)).toContainText(shared.suggestion);

    await input.fill(principalComment);
    await expect(page.getByTestId('comments-status')).toHaveText('1 unsaved change');
    // A look at the other stream does not lose it.
    await pick(page, page.getByTestId('report-scope-picker'), 'Grade 7 West');
    await expect(page.getByTestId('report-comments').getByRole('heading', { level: 2 })).toHaveText(`Grade 7 West · ${TERM}`);
    await expect(row).toHaveCount(0);
    await pick(page, page.getByTestId('report-scope-picker'), STREAM);
    await expect(input).toHaveValue(principalComment);
    await expect(page.getByTestId('comments-status')).toHaveText('1 unsaved change');
    await page.getByTestId('comments-save').click();
    await expect(page.getByText('Comments saved for 1 learner', { exact: true })).toBeVisible();
    await expect(page.getByTestId('comments-status')).toHaveText('All changes saved');
    await expect(input).toHaveValue(principalComment);

    // The learner's report card from the row, with both comments.
    const link = row.getByTestId('report-card-link').filter({ visible: true });
    await expect(link).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Report card .+ ${TERM}\\.pdf$`));
    const pdf = await pdfOf(download);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(teacherComment);
    expect(pdf.text).toContain(principalComment);
  });

  test('the director reads both comments without a text box', async ({ page }) => {
    expect(shared.first, 'the teacher part ran').not.toBe('');
    await signInViaApi(page, 'school_director');
    await openReports(page, 'Reports', { chooseStream: true });
    await expect(page.getByTestId('comments-read-only')).toBeVisible();
    await expect(page.getByTestId('comment-input')).toHaveCount(0);
    await expect(page.getByTestId('use-suggestions')).toHaveCount(0);
    await expect(page.getByTestId('comments-save-bar')).toHaveCount(0);
    const row = rowOf(page, shared.first);
    await expect(row).toContainText(teacherComment);
    await expect(row).toContainText(principalComment);
    await expect(page.getByTestId('bulk-start')).toBeVisible();
  });

  test("the teacher's Class Reports on a phone do not scroll sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInViaApi(page, 'teacher');
    await openReports(page, 'Class Reports', { chooseStream: false });
    await expect(page.getByTestId('comments-save-bar')).toBeVisible();
    await expect(page.getByTestId('bulk-start')).toBeVisible();
    if (shared.first) await expect(rowOf(page, shared.first).getByTestId('comment-input')).toHaveValue(teacherComment);
    // The row's own download button (the wide layout's column is hidden).
    await expect(page.getByTestId('comment-row').filter({ has: page.getByTestId('report-card-link') }).first().getByTestId('report-card-link').filter({ visible: true })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // Still none with a change pending (the save bar sticks to the bottom).
    await page.getByTestId('comment-input').first().fill(`Draft on a phone, run ${run}`);
    await expect(page.getByTestId('comments-status')).toHaveText('1 unsaved change');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('comments-status')).toHaveText('All changes saved');
  });
});
