import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Certificates (issue 12 §6; spec §2): the principal's Certificate Generation makes merit certificates
 * for two learners of a stream, downloads them as one PDF, copies a verification link and revokes one
 * with a reason (the reason is required; the dialog says so); the director's View Certificates shows
 * them read only; the platform's Certificate Management shows them with the school's name and a school
 * filter, and says so in the dialog when someone revoked the certificate first. The public verification page has its own journey. CERTIFICATES_SHOTS=<dir> saves screenshots.
 */

const SHOTS = process.env.CERTIFICATES_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Picks `option` in the radix Select opened by `trigger`. */
async function pick(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

/** The list row of a certificate (table from 768 px). */
const row = (page: Page, id: string) => page.locator(`[data-testid="certificate-row"][data-row-id="${id}"]`);

async function expectPdf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
}

test.describe.serial('certificates', () => {
  let ids: string[] = [];
  let names: string[] = [];

  test('principal generates merit certificates for two learners, prints them and revokes one', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, 'principal');
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { name: 'Certificate Generation' })).toBeVisible();

    // Nothing chosen: the API's own wording, before any call.
    const panel = page.getByTestId('certificate-generate');
    await panel.getByTestId('generate-kind-merit').click();
    await expect(panel.getByTestId('generate-kind-merit')).toHaveAttribute('data-state', 'checked');
    await panel.getByTestId('generate-submit').click();
    await expect(panel.getByTestId('generate-learners-error')).toHaveText('Choose at least one learner.');

    // Two learners of Grade 7 East.
    await pick(page, panel.getByTestId('generate-stream'), /^Grade 7 East/);
    const learners = panel.getByTestId('generate-learner');
    await expect(learners.first()).toBeVisible();
    expect(await learners.count()).toBeGreaterThan(2);
    await learners.nth(0).click();
    await learners.nth(1).click();
    names = (await Promise.all([0, 1].map((i) => learners.nth(i).locator('span.truncate').textContent()))).map((n) => n!.trim());
    await expect(panel.getByTestId('generate-selected-count')).toHaveText('2 learners selected');
    await expect(panel.getByTestId('generate-chip')).toHaveCount(2);

    // Attendance is blank (each learner's rate from the registers) unless the principal gives one figure, checked like the API checks it.
    const attendance = panel.getByTestId('generate-attendance');
    await expect(attendance).toHaveValue('');
    await attendance.fill('120');
    await panel.getByTestId('generate-submit').click();
    await expect(panel.getByText('Attendance must be a percentage from 0 to 100.')).toBeVisible();
    await attendance.fill('92');
    await panel.getByTestId('generate-note').fill('Top of the stream in Mathematics');
    await expect(panel.getByTestId('generate-submit')).toHaveText('Generate 2 certificates');
    await panel.getByTestId('generate-submit').click();

    const done = page.getByTestId('generate-done');
    await expect(done).toBeVisible();
    await expect(page.getByText('2 certificates generated').first()).toBeVisible();
    for (const n of names) await expect(done.getByTestId('generate-done-names')).toContainText(n);
    ids = (await done.getAttribute('data-ids'))!.split(',');
    expect(ids).toHaveLength(2);
    await expect(panel.getByTestId('generate-chip')).toHaveCount(0);
    await shot(page, 'certificates-generated');

    // The batch as one PDF with a page per certificate.
    const batch = await expectPdf(page, () => done.getByTestId('generate-download-batch').click());
    expect(batch.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);

    // Both are in the list: Merit, Valid, with the verification link.
    for (const id of ids) {
      await expect(row(page, id).getByTestId('certificate-kind')).toHaveText('Merit');
      await expect(row(page, id).getByTestId('certificate-status')).toHaveAttribute('data-status', 'valid');
    }
    const first = row(page, ids[0]!);
    await expectPdf(page, () => first.getByTestId('certificate-download').click());
    await first.getByTestId('certificate-menu').click();
    await expect(page.getByTestId('certificate-open-link')).toHaveAttribute('href', new RegExp(`/verify-certificate/${ids[0]}\\?sig=`));
    await page.getByTestId('certificate-copy-link').click();
    await expect(page.getByText('Verification link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/verify-certificate/${ids[0]}\\?sig=`));

    // Revoke the second: a reason is required, then it is Revoked everywhere.
    const second = row(page, ids[1]!);
    await second.getByTestId('certificate-menu').click();
    await page.getByTestId('certificate-revoke').click();
    const dialog = page.getByTestId('revoke-dialog');
    await expect(dialog).toContainText(`Revoke ${names[1]}'s certificate?`);
    await dialog.getByTestId('revoke-confirm').click();
    await expect(dialog.getByText('Give the reason for revoking the certificate.')).toBeVisible();
    await dialog.getByTestId('revoke-reason').fill('Issued to the wrong learner');
    await dialog.getByTestId('revoke-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Certificate revoked')).toBeVisible();
    await expect(second.getByTestId('certificate-status')).toHaveAttribute('data-status', 'revoked');
    await expect(first.getByTestId('certificate-status')).toHaveAttribute('data-status', 'valid');

    // Its details: every field, the revocation and its reason; no Revoke any more.
    await second.getByTestId('certificate-learner').click();
    const sheet = page.getByTestId('certificate-sheet');
    await expect(sheet.getByTestId('certificate-sheet-title')).toHaveText('Certificate of Merit');
    await expect(sheet.getByTestId('certificate-sheet-learner')).toHaveText(names[1]!);
    await expect(sheet.getByTestId('certificate-sheet-attendance')).toContainText('92 %');
    await expect(sheet.getByTestId('certificate-sheet-note')).toHaveText('Top of the stream in Mathematics');
    await expect(sheet.getByTestId('certificate-sheet-school')).toHaveText('Greenhill Academy');
    await expect(sheet.getByTestId('certificate-revoked-note')).toContainText('Reason: Issued to the wrong learner');
    await expect(sheet.getByTestId('certificate-sheet-revoke')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The status filter.
    await pick(page, page.getByTestId('certificates-filter-status'), 'Revoked');
    await expect(row(page, ids[1]!)).toBeVisible();
    await expect(row(page, ids[0]!)).toHaveCount(0);
  });

  test('the director sees them read only', async ({ page }) => {
    expect(ids).toHaveLength(2);
    await signInViaApi(page, 'school_director');
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { name: 'View Certificates' })).toBeVisible();
    await expect(page.getByTestId('certificate-generate')).toHaveCount(0);
    await expect(row(page, ids[0]!).getByTestId('certificate-status')).toHaveAttribute('data-status', 'valid');
    await expect(row(page, ids[1]!).getByTestId('certificate-status')).toHaveAttribute('data-status', 'revoked');

    await row(page, ids[0]!).getByTestId('certificate-menu').click();
    await expect(page.getByTestId('certificate-copy-link')).toBeVisible();
    await expect(page.getByTestId('certificate-open-link')).toHaveAttribute('href', new RegExp(`/verify-certificate/${ids[0]}\\?sig=`));
    await expect(page.getByTestId('certificate-revoke')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectPdf(page, () => row(page, ids[0]!).getByTestId('certificate-download').click());

    await row(page, ids[0]!).getByTestId('certificate-learner').click();
    const sheet = page.getByTestId('certificate-sheet');
    await expect(sheet.getByTestId('certificate-sheet-learner')).toHaveText(names[0]!);
    await expect(sheet.getByTestId('certificate-sheet-download')).toBeVisible();
    await expect(sheet.getByTestId('certificate-sheet-revoke')).toHaveCount(0);
    await shot(page, 'certificates-director');
  });

  test("the platform sees them with the school's name, filters by school, and is told when one is already revoked", async ({ page }) => {
    expect(ids).toHaveLength(2);
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/certificates');
    await expect(page.getByRole('heading', { name: 'Certificate Management' })).toBeVisible();
    await expect(page.getByTestId('certificate-generate')).toHaveCount(0);
    await expect(row(page, ids[0]!).getByTestId('certificate-school')).toHaveText('Greenhill Academy');

    await pick(page, page.getByTestId('certificates-filter-school'), 'Greenhill Academy');
    await expect(page).toHaveURL(/schoolId=/);
    await expect(row(page, ids[1]!).getByTestId('certificate-status')).toHaveAttribute('data-status', 'revoked');
    // Someone revokes it meanwhile (another tab): the server's refusal shows in the dialog, the reason kept.
    await row(page, ids[0]!).getByTestId('certificate-menu').click();
    await page.getByTestId('certificate-revoke').click();
    const dialog = page.getByTestId('revoke-dialog');
    await expect(dialog).toBeVisible();
    const res = await page.request.post(`/api/certificates/${ids[0]}/revoke`, { data: { reason: 'Duplicate' } });
    expect(res.status()).toBe(200);
    await dialog.getByTestId('revoke-reason').fill('Requested by the school');
    await dialog.getByTestId('revoke-confirm').click();
    await expect(dialog.getByTestId('revoke-error')).toContainText('This certificate has already been revoked.');
    await expect(dialog.getByTestId('revoke-reason')).toHaveValue('Requested by the school');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, ids[0]!).getByTestId('certificate-status')).toHaveAttribute('data-status', 'revoked');

    // On a phone: cards, no sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    const card = page.locator(`[data-testid="certificate-row-card"][data-row-id="${ids[0]}"]`);
    await expect(card.getByTestId('certificate-school')).toHaveText('Greenhill Academy');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'certificates-admin');
  });
});
