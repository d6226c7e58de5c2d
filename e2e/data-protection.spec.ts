import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Issue 18 §2 (Kenya Data Protection Act 2019 s.26): EduFam staff open Security → Data protection,
 * find a Greenhill learner by admission number, export their personal data (a JSON download named
 * personal-data-<admission>-<date>.json holding the learner's name) and see the export in the request
 * history. The learner is still enrolled, so erasure is offered only as a disabled button with its reason.
 */
test('an admin exports a learner’s personal data from the Security section', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, 'edufam_admin');
  const found = await (await page.request.get('/api/data-protection/subjects?q=GHA%2F&type=learner')).json();
  const learner = (found.learners as { id: string; name: string; admissionNumber: string; status: string }[]).find((l) => l.status === 'active')!;
  expect(learner).toBeTruthy();

  await page.goto('/admin/security?tab=data-protection');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible({ timeout: 30_000 });
  const panel = page.getByTestId('data-protection-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('dp-search-hint')).toBeVisible();

  await panel.getByTestId('dp-search').fill(learner.admissionNumber);
  const row = panel.locator(`[data-testid="dp-learner-result"][data-row-id="${learner.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(learner.name);
  await expect(row).toContainText('Greenhill');
  // Enrolled: erasure is not possible yet, and says why.
  await expect(row.getByTestId('dp-erase-blocked')).toHaveAttribute('aria-label', /Exit the learner before erasing/);

  await row.getByTestId('dp-export-open').click();
  const dialog = page.getByTestId('dp-export-dialog');
  await expect(dialog.getByRole('heading', { name: 'Export personal data' })).toBeVisible();
  await expect(dialog.getByTestId('dp-export-submit')).toBeDisabled();
  await dialog.getByLabel('Reason for the export').fill('Written request from the parent received today');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('dp-export-submit').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^personal-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(doc.subject.name).toBe(learner.name);
  expect(doc.data.profile.admissionNumber).toBe(learner.admissionNumber);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Personal data exported')).toBeVisible();

  // The request history shows the export.
  const history = page.locator('[data-testid="dp-request-row"]:visible').filter({ hasText: learner.name });
  await expect(history.first()).toBeVisible();
  await expect(history.first()).toContainText('Export');
});
