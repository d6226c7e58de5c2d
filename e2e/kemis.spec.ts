import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect } from '@playwright/test';
import { test } from './support/test';
import type { KemisLearnersResponse, KemisRow } from '../src/shared/contracts/kemis';
import { kemisMessages } from '../src/shared/messages/kemis';
import { signInViaApi } from './support/accounts';

/**
 * Issue 35 §1 (KEMIS), in the browser: the principal opens Reports, downloads the KEMIS sheet (the
 * Ministry's columns, one row per active learner), picks a stream and opens a learner from the
 * missing-fields report, fills their nationality in the edit dialog and sees them leave the report; then
 * imports the Ministry's UPI file (built from the demo learners: one new UPI, one conflict, one
 * unmatched row): the dry run shows the counts and tables, Commit saves the new UPI. Reruns: the
 * learners the journey changes are put back in the state it starts from through the API.
 */

const c = kemisMessages.card;
const col = kemisMessages.columns;

test('the principal exports the KEMIS sheet and fixes a learner from the missing-fields report', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const sheet = (await (await page.request.get('/api/ministry/kemis/learners?format=json')).json()) as KemisLearnersResponse;
  const missing = new Set(sheet.missing.map((m) => m.studentId));
  // A complete learner, whose nationality is then cleared: they are on the report with that field only.
  const learner = sheet.rows.find((r) => !missing.has(r.studentId) && r.stream)!;
  const cleared = await page.request.patch(`/api/students/${learner.studentId}`, { data: { nationality: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);

  await page.goto('/dashboard/reports');
  const card = page.getByTestId('kemis-card');
  await expect(card.getByText(c.title, { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('kemis-download-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^kemis-learners-school-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  expect((ws.getRow(1).values as unknown[]).slice(1, 8)).toEqual([col.upi, col.admissionNumber, col.firstName, col.middleName, col.lastName, col.gender, col.dateOfBirth]);
  expect(ws.rowCount - 1).toBe(sheet.rows.length);

  // The learner's stream: the report lists them with "Nationality" missing; Fix opens their profile.
  const streamName = `${learner.level} ${learner.stream}`;
  await card.getByTestId('kemis-stream').selectOption({ label: streamName });
  const row = card.getByTestId('kemis-missing-row').filter({ hasText: learner.admissionNumber });
  await expect(card.getByTestId('kemis-missing-count')).toBeVisible();
  if (await card.getByTestId('kemis-missing-all').isVisible()) await card.getByTestId('kemis-missing-all').click();
  await expect(row).toContainText(`${learner.firstName}`);
  await expect(row).toContainText('Nationality');
  await row.getByTestId('kemis-missing-fix').click();
  await expect(page).toHaveURL(new RegExp(`student=${learner.studentId}`));
  await page.getByTestId('profile-edit').click();
  const dialog = page.getByTestId('edit-learner-dialog');
  await dialog.getByTestId('learner-nationality').selectOption('KE');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/students/${learner.studentId}`));
  await dialog.getByTestId('edit-learner-save').click();
  expect((await patch).postDataJSON()).toEqual({ nationality: 'KE' });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('detail-nationality')).toHaveText('Kenya');

  await page.goto('/dashboard/reports');
  await card.getByTestId('kemis-stream').selectOption({ label: streamName });
  await expect(card.getByTestId('kemis-missing-count')).toBeVisible();
  if (await card.getByTestId('kemis-missing-all').isVisible()) await card.getByTestId('kemis-missing-all').click();
  await expect(card.getByTestId('kemis-missing-row').filter({ hasText: learner.admissionNumber })).toHaveCount(0);
  const after = (await (await page.request.get('/api/ministry/kemis/learners?format=json')).json()) as KemisLearnersResponse;
  expect(after.missing.some((m) => m.studentId === learner.studentId)).toBe(false);
});

test('the principal imports the Ministry’s UPIs: dry run, then commit', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const sheet = (await (await page.request.get('/api/ministry/kemis/learners?format=json')).json()) as KemisLearnersResponse;
  const withCert = sheet.rows.filter((r) => r.birthCertificateNumber);
  const target: KemisRow = withCert.find((r) => r.upi)!; // its UPI is cleared, then comes back from the Ministry
  const holder = withCert.find((r) => r.upi && r.studentId !== target.studentId)!;
  const other = withCert.find((r) => r.studentId !== target.studentId && r.studentId !== holder.studentId)!;
  const cleared = await page.request.patch(`/api/students/${target.studentId}`, { data: { upi: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  const upi = `KEMIS${Date.now().toString(36).toUpperCase()}`;
  const file = [
    'UPI,Birth Certificate No,Admission No,Name',
    `${upi},${target.birthCertificateNumber},${target.admissionNumber},${target.firstName} ${target.lastName}`,
    `${holder.upi},${other.birthCertificateNumber},,${other.firstName} ${other.lastName}`,
    `ZZ${Date.now()},000000001,NO/SUCH/0001,Nobody Known`,
  ].join('\r\n');

  await page.goto('/dashboard/reports');
  const card = page.getByTestId('kemis-card');
  const box = card.getByTestId('kemis-import');
  await expect(box.getByText(c.importTitle)).toBeVisible();
  await box.getByTestId('kemis-import-file').setInputFiles({ name: 'ministry-upis.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  const result = box.getByTestId('kemis-import-result');
  await expect(result.getByTestId('kemis-import-matched')).toHaveText('1');
  await expect(result.getByTestId('kemis-import-updated')).toHaveText('1');
  await expect(result.getByTestId('kemis-import-conflicts')).toHaveText('1');
  await expect(result.getByTestId('kemis-import-unmatched')).toHaveText('1');
  await expect(result.getByTestId('kemis-import-matches')).toContainText(upi);
  await expect(result.getByTestId('kemis-import-conflict-list')).toContainText('already held by');
  await expect(result.getByTestId('kemis-import-unmatched-list')).toContainText(kemisMessages.import.noLearner);
  // The name the file gives stands in its own column, apart from the reason.
  await expect(result.getByTestId('kemis-import-unmatched-list').getByTestId('kemis-import-problem-name')).toHaveText('Nobody Known');
  await expect(result.getByTestId('kemis-import-unmatched-list').getByTestId('kemis-import-problem-reason')).toHaveText(kemisMessages.import.noLearner);
  // The dry run changed nothing.
  expect(((await (await page.request.get(`/api/students/${target.studentId}`)).json()) as { upi: string | null }).upi).toBeNull();

  await box.getByTestId('kemis-import-commit').click();
  await expect(page.getByText(c.committed(1))).toBeVisible();
  await expect(box.getByTestId('kemis-import-commit')).toHaveCount(0);
  expect(((await (await page.request.get(`/api/students/${target.studentId}`)).json()) as { upi: string | null }).upi).toBe(upi);
});

test('a demo principal downloads the sample UPI file and imports it: the learners awaiting a UPI get one', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/reports');
  const card = page.getByTestId('kemis-card');
  const box = card.getByTestId('kemis-import');
  const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('kemis-upi-sample').click()]);
  expect(download.suggestedFilename()).toBe('kemis-upis-sample.csv');
  const content = await readFile(await download.path());
  const awaiting = ((await (await page.request.get('/api/ministry/kemis/learners?format=json')).json()) as KemisLearnersResponse).awaitingUpi.length;
  expect(awaiting).toBeGreaterThan(0);

  await box.getByTestId('kemis-import-file').setInputFiles({ name: 'kemis-upis-sample.csv', mimeType: 'text/csv', buffer: content });
  const result = box.getByTestId('kemis-import-result');
  await expect(result.getByTestId('kemis-import-updated')).toHaveText(String(Math.min(40, awaiting)));
  await expect(result.getByTestId('kemis-import-unmatched-list').getByTestId('kemis-import-problem-name')).toHaveText('Nobody Known');
  await box.getByTestId('kemis-import-commit').click();
  await expect(page.getByText(c.committed(Math.min(40, awaiting)))).toBeVisible();
  if (awaiting <= 40) await expect(card.getByTestId('kemis-awaiting')).toContainText(c.awaitingNone);
});
