import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { signInViaApi } from './support/accounts';

/**
 * Teachers and classes (issue 10 §3): the director browses the teaching staff (search, detail sheet,
 * export) and the streams (capacity, subject teachers); the principal downloads a class list and
 * makes the ID cards of a class as a background task with progress and a download, and uploads and
 * removes a learner's photo on the profile (the page an ID card's QR code opens); a teacher sees every
 * stream but lists only their own.
 */

test.describe('teachers and classes', () => {
  test('director: teaching staff with load, a teacher’s streams and subjects, export', async ({ page }) => {
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard/teachers');
    await expect(page.getByRole('heading', { name: 'Teachers' })).toBeVisible();
    await expect(page.getByText(`Academic year ${demo.yearName}`)).toBeVisible();
    const rows = page.getByTestId('teacher-row');
    await expect(rows.first()).toBeVisible();

    await page.getByTestId('teachers-toolbar-search').fill('grace owino');
    await expect(rows).toHaveCount(1);
    await expect(page).toHaveURL(/search=grace/);
    const grace = rows.first();
    await expect(grace).toContainText('Grace Achieng Owino');
    await expect(grace).toContainText('Grade 7 East');

    await grace.click();
    const sheet = page.getByTestId('teacher-sheet');
    await expect(sheet.getByTestId('teacher-sheet-name')).toHaveText('Grace Achieng Owino');
    await expect(sheet.getByTestId('teacher-sheet-assignments')).toContainText('Grade 7 East');
    await expect(sheet.getByTestId('teacher-sheet-assignments')).toContainText('Mathematics');
    await expect(sheet.getByTestId('teacher-sheet-load')).toContainText('lessons/week');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Export of the filtered list.
    await page.getByTestId('teachers-export').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('teachers-export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Teaching staff.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('Grace Achieng Owino');
    expect(csv.trim().split(/\r\n/)).toHaveLength(2);
  });

  test('director: streams with class teachers and capacity; a stream’s subject teachers', async ({ page }) => {
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard/classes');
    await expect(page.getByRole('heading', { name: 'Classes' })).toBeVisible();
    await expect(page.getByTestId('classes-summary')).toContainText('22 streams');
    await page.getByTestId('classes-level-filter').click();
    await page.getByRole('option', { name: 'Grade 7', exact: true }).click();
    const cards = page.getByTestId('class-card');
    await expect(cards).toHaveCount(2);
    const east = page.locator('[data-testid="class-card"][data-class-name="Grade 7 East"]');
    await expect(east).toContainText('Grace Achieng Owino');
    await expect(east.getByTestId('class-card-count')).toHaveText(/^\d+ \/ 45$/);

    await east.click();
    const sheet = page.getByTestId('class-sheet');
    await expect(sheet.getByTestId('class-sheet-name')).toHaveText('Grade 7 East');
    await expect(sheet.getByTestId('class-sheet-teacher')).toHaveText('Grace Achieng Owino');
    await expect(sheet.getByTestId('class-subject-row').filter({ hasText: 'Mathematics' })).toContainText('Grace Achieng Owino');
    await expect(sheet.getByTestId('class-list-pdf')).toBeVisible();
    // The director does not make ID cards.
    await expect(sheet.getByTestId('id-cards-start')).toHaveCount(0);
  });

  test('principal: class list PDF and Excel, and ID cards for a class with progress and a download', async ({ page }) => {
    await signInViaApi(page, 'principal');
    await page.goto('/dashboard/classes?search=grade+7+east');
    await page.locator('[data-testid="class-card"][data-class-name="Grade 7 East"]').click();
    const sheet = page.getByTestId('class-sheet');
    await expect(sheet.getByTestId('class-sheet-name')).toHaveText('Grade 7 East');

    const pdfHref = await sheet.getByTestId('class-list-pdf').getAttribute('href');
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const excel = page.waitForEvent('download');
    await sheet.getByTestId('class-list-xlsx').click();
    expect((await excel).suggestedFilename()).toBe(`Class list Grade 7 East ${demo.yearName}.xlsx`);

    await sheet.getByTestId('id-cards-start').click();
    const ready = sheet.getByTestId('id-cards-ready');
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await expect(ready).toContainText(/\d+ ID cards ready\./);
    const cards = page.waitForEvent('download');
    await ready.getByTestId('id-cards-download').click();
    const file = await cards;
    expect(file.suggestedFilename()).toBe(`ID cards Grade 7 East ${demo.yearName}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The finished task survives closing and reopening the sheet.
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="class-card"][data-class-name="Grade 7 East"]').click();
    await expect(page.getByTestId('id-cards-ready')).toBeVisible();
  });

  test('teacher: sees every stream, lists only the streams they lead or teach', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard/classes');
    await expect(page.getByRole('heading', { name: 'Classes' })).toBeVisible();
    await page.locator('[data-testid="class-card"][data-class-name="Grade 7 East"]').click();
    await expect(page.getByTestId('class-list-pdf')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="class-card"][data-class-name="PP1 East"]').click();
    await expect(page.getByTestId('class-sheet-documents')).toContainText('Class lists are available for the streams you lead or teach.');
    await expect(page.getByTestId('class-list-pdf')).toHaveCount(0);
  });
  test('principal: uploads, sees and removes a learner photo on the profile (the ID card QR target)', async ({ page }) => {
    await signInViaApi(page, 'principal');
    const list = await page.request.get('/api/students?search=Wekesa&pageSize=1');
    const learner = ((await list.json()) as { items: { id: string; hasPhoto: boolean }[] }).items[0]!;
    expect(learner.hasPhoto).toBe(false);
    // The URL an ID card's QR code encodes.
    await page.goto(`/dashboard/student-information?student=${learner.id}`);
    const photo = page.getByTestId('profile-photo');
    await expect(photo.getByTestId('learner-photo')).toBeVisible();
    await expect(photo.getByTestId('learner-photo')).not.toHaveAttribute('data-has-photo', 'true');

    // A 2×2 PNG; the button re-encodes it as JPEG in the browser before upload.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==', 'base64');
    await photo.getByTestId('photo-file-input').setInputFiles({ name: 'learner.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Photo saved.')).toBeVisible();
    await expect(photo.getByTestId('learner-photo')).toHaveAttribute('data-has-photo', 'true');
    const stored = await page.request.get(`/api/students/${learner.id}/photo`);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toBe('image/jpeg');

    await photo.getByTestId('photo-menu').click();
    await page.getByTestId('photo-remove').click();
    await page.getByTestId('photo-remove-confirm').click();
    await expect(page.getByText('Photo removed.')).toBeVisible();
    await expect(photo.getByTestId('photo-upload')).toBeVisible();
    expect((await page.request.get(`/api/students/${learner.id}/photo`)).status()).toBe(404);
  });
});
