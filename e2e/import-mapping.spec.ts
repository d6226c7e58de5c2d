import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Learner import from a school's own spreadsheet (issue 34): a file whose headers are not the
 * template's ("Adm No", "Full Name", "DOB", "Parent Phone", ...) gets a "Match columns" step with each
 * of our columns guessed from the file's; a required one left out blocks the check; the dry run with
 * the mapping lists the rows, and the import keeps the relationship word as typed ("Grandmother").
 */

const THEIRS = [
  'Adm No,Full Name,Sex,DOB,Stream,Parent Name,Relationship,Mobile Number,Remarks',
  'MAPE/001,Wairimu Nduta Mappedone,F,12/03/2014,Grade 7 East,Grace Mappedone,Grandmother,0711000951,new',
  'MAPE/002,Kiptoo Mappedtwo,M,2013-08-30,Grade 8 West,Tom Mappedtwo,father,0711000952,',
].join('\n');

test('a file with other headers is matched column by column, checked, and imported', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/student-information');
  await page.getByTestId('learners-import').click();
  const dialog = page.getByTestId('learner-import-dialog');
  await dialog.getByTestId('import-file').setInputFiles({ name: 'our-register.csv', mimeType: 'text/csv', buffer: Buffer.from(THEIRS) });

  // The mapping step, with the guesses filled in and the required columns marked.
  const panel = dialog.getByTestId('learner-import');
  await expect(panel).toHaveAttribute('data-step', 'map');
  const mapping = dialog.getByTestId('import-mapping');
  await expect(mapping).toContainText('The columns of our-register.csv are not the template’s.');
  await expect(dialog.getByTestId('import-map-admission_number')).toHaveText('Adm No');
  await expect(dialog.getByTestId('import-map-full_name')).toHaveText('Full Name');
  await expect(dialog.getByTestId('import-map-date_of_birth')).toHaveText('DOB');
  await expect(dialog.getByTestId('import-map-class')).toHaveText('Stream');
  await expect(dialog.getByTestId('import-map-guardian_name')).toHaveText('Parent Name');
  await expect(dialog.getByTestId('import-map-first_name')).toHaveText('Not in the file');
  await expect(dialog.locator('[data-testid="import-map-row"][data-target="guardian_phone"]')).toHaveAttribute('data-required', 'true');
  // "Mobile Number" is no name the guess knows: the guardian phone is still to choose.
  await expect(dialog.getByTestId('import-map-guardian_phone')).toHaveText('Not in the file');
  await expect(dialog.getByTestId('import-map-missing')).toHaveText('Still to choose: Guardian phone.');
  await expect(dialog.getByTestId('import-map-check')).toBeDisabled();

  await dialog.getByTestId('import-map-guardian_phone').click();
  await page.getByRole('option', { name: 'Mobile Number' }).click();
  await expect(dialog.getByTestId('import-map-guardian_phone')).toHaveText('Mobile Number');
  await expect(dialog.getByTestId('import-map-missing')).toHaveCount(0);

  // The dry run with the mapping: both rows, nothing written yet.
  await dialog.getByTestId('import-map-check').click();
  await expect(panel).toHaveAttribute('data-step', 'review');
  await expect(dialog.getByTestId('import-stat-created')).toHaveAttribute('data-value', '2');
  await expect(dialog.getByTestId('import-stat-bad')).toHaveAttribute('data-value', '0');
  await expect(dialog.getByTestId('import-all-good')).toBeVisible();
  expect((await (await page.request.get('/api/students?search=Mappedone')).json()).total).toBe(0);

  // Import: the learners are in, names split, the relationship word kept for the learner's record.
  await dialog.getByTestId('import-commit').click();
  await expect(dialog.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-done-text')).toContainText('2 learners added');
  await dialog.getByTestId('import-close').click();
  const found = await (await page.request.get('/api/students?search=Mappedone')).json();
  expect(found.items.map((s: { firstName: string; middleName: string | null; admissionNumber: string }) => [s.firstName, s.middleName, s.admissionNumber])).toEqual([['Wairimu', 'Nduta', 'MAPE/001']]);
  await page.goto(`/dashboard/student-information?student=${found.items[0].id}`);
  await page.getByTestId('profile-tab-guardians').click();
  await expect(page.getByTestId('guardian-card').getByTestId('guardian-card-relationship')).toHaveText('Grandmother');

  // The next file of the same shape remembers the school's choice of phone column.
  await page.goto('/dashboard/student-information');
  await page.getByTestId('learners-import').click();
  await dialog.getByTestId('import-file').setInputFiles({ name: 'next.csv', mimeType: 'text/csv', buffer: Buffer.from(THEIRS) });
  await expect(dialog.getByTestId('import-map-guardian_phone')).toHaveText('Mobile Number');
  await expect(dialog.getByTestId('import-map-check')).toBeEnabled();
});
