import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Download, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Learner import and export (issue 10 §2 Import, Export) as the principal clicks through them on
 * Student Information: download the template, upload a CSV saved by Excel (byte-order mark,
 * semicolons, CRLF) with good and bad rows, see every bad row with its row, column and reason, import
 * the good ones with the progress bar, find them in the register, and export the register as CSV with
 * a search filter.
 */

const FIXTURE = path.join(import.meta.dirname, 'fixtures/learner-import/learners-with-bad-rows.csv');
const HEADER =
  'admission_number,first_name,middle_name,last_name,gender,date_of_birth,class,upi,birth_certificate_number,boarding,guardian_name,guardian_relationship,guardian_phone,guardian_email';

async function text(download: Download): Promise<string> {
  const file = await download.path();
  return readFileSync(file!, 'utf8').replace(/^\ufeff/, '');
}

async function openImport(page: Page) {
  await page.getByTestId('learners-import').click();
  const dialog = page.getByTestId('learner-import-dialog');
  await expect(dialog.getByRole('heading', { name: 'Import learners' })).toBeVisible();
  return dialog;
}

test('principal imports learners from a file with bad rows and exports the register', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/student-information');
  await expect(page.getByTestId('learners-register')).toBeVisible();

  const dialog = await openImport(page);

  // 1. The template: exactly the import's columns, two example rows.
  const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('import-template-csv').click()]);
  expect(template.suggestedFilename()).toBe('learners-import-template.csv');
  const lines = (await text(template)).trim().split(/\r?\n/);
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(3);

  // 2. Choose the file: the dry run lists the bad rows and writes nothing.
  await dialog.getByTestId('import-file').setInputFiles(FIXTURE);
  await expect(dialog.getByTestId('learner-import')).toHaveAttribute('data-step', 'review');
  await expect(dialog.getByTestId('import-file-name')).toHaveText('learners-with-bad-rows.csv');
  await expect(dialog.getByTestId('import-stat-created')).toHaveAttribute('data-value', '3');
  await expect(dialog.getByTestId('import-stat-bad')).toHaveAttribute('data-value', '3');
  const errors = dialog.getByTestId('import-errors').locator('table [data-testid="import-errors-row"]');
  await expect(errors).toHaveCount(4);
  await expect(errors.nth(0)).toContainText('4');
  await expect(errors.nth(0)).toContainText('class');
  await expect(errors.nth(0)).toContainText('Unknown class "Grade 7 North"');
  await expect(errors.nth(1)).toContainText('guardian_phone');
  await expect(errors.nth(1)).toContainText('Please enter a valid Kenyan phone number');
  await expect(dialog.locator('[data-testid="import-errors-row"][data-row="7"][data-column="gender"]')).toContainText('Gender must be M or F');
  await expect(dialog.locator('[data-testid="import-errors-row"][data-row="7"][data-column="date_of_birth"]')).toContainText('cannot be in the future');

  const before = await page.request.get('/api/students?search=Chelangat-Kiprono');
  expect((await before.json()).total).toBe(0);

  // 3. Import the good rows: a progress bar, then the summary.
  await dialog.getByTestId('import-commit').click();
  await expect(dialog.getByTestId('import-commit')).toHaveCount(0);
  await expect(dialog.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-done-text')).toContainText('3 learners added and 0 learners updated.');
  await expect(dialog.getByTestId('import-done-text')).toContainText('3 rows were skipped because of problems.');
  await dialog.getByTestId('import-close').click();
  await expect(dialog).toHaveCount(0);

  // 4. The learners are in the register, names kept exactly; the two children share one guardian.
  await page.getByTestId('learners-toolbar-search').fill('Chelangat-Kiprono');
  await expect(page.getByTestId('learners-register')).toHaveAttribute('data-search', 'Chelangat-Kiprono');
  await expect(page.getByTestId('learner-row')).toHaveCount(3);
  await expect(page.getByTestId('learner-name')).toContainText(['Amani Chelangat-Kiprono', "Brian Ng'ang'a Chelangat-Kiprono", 'Zoë Chelangat-Kiprono']);
  const byPhone = await (await page.request.get('/api/students?search=0722555101')).json();
  expect(byPhone.items.map((s: { firstName: string }) => s.firstName).sort()).toEqual(['Brian', 'Zoë']);

  // 5. Export with the search filter: only those three, in the template's columns.
  await page.getByTestId('learners-export').click();
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('learners-export-csv').click()]);
  expect(exported.suggestedFilename()).toMatch(/^learners-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await text(exported)).trim().split(/\r?\n/);
  expect(rows[0]).toBe(`${HEADER},status,admission_date`);
  expect(rows).toHaveLength(4);
  expect(rows.slice(1).every((r) => r.includes('Chelangat-Kiprono') && r.includes(',active,'))).toBe(true);
  expect(rows.find((r) => r.includes('Zoë'))).toContain('0722555101');

  // 6. The same file again changes nothing: every good row is already up to date.
  const again = await openImport(page);
  await again.getByTestId('import-file').setInputFiles(FIXTURE);
  await expect(again.getByTestId('import-stat-unchanged')).toHaveAttribute('data-value', '3');
  await expect(again.getByTestId('import-stat-created')).toHaveAttribute('data-value', '0');
  await expect(again.getByTestId('import-commit')).toBeDisabled();
  await again.getByTestId('import-cancel').click();
  await expect(again).toHaveCount(0);
});

test('a file with a misspelt column asks which column is which (issue 34), on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/student-information');
  const dialog = await openImport(page);
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'typo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER.replace('guardian_phone', 'guardian_phon')}\n,A,,B,F,,Grade 7 East,,,day,C,mother,0722000000,\n`),
  });
  // Nothing is read until the misspelt column is matched: the other columns are found by name.
  await expect(dialog.getByTestId('learner-import')).toHaveAttribute('data-step', 'map');
  await expect(dialog.getByTestId('import-map-first_name')).toHaveText('first_name');
  await expect(dialog.getByTestId('import-map-missing')).toHaveText('Still to choose: Guardian phone.');
  await expect(dialog.getByTestId('import-map-check')).toBeDisabled();
  const width = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(width).toBeLessThanOrEqual(0);
  await dialog.getByTestId('import-map-guardian_phone').click();
  await page.getByRole('option', { name: 'guardian_phon' }).click();
  await dialog.getByTestId('import-map-check').click();
  await expect(dialog.getByTestId('learner-import')).toHaveAttribute('data-step', 'review');
  await expect(dialog.getByTestId('import-stat-created')).toHaveAttribute('data-value', '1');
});
