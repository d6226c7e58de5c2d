import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Support tickets (issue 17 §3, "a ticket goes from a school to the Support Center and back"): a
 * Greenhill principal opens a ticket; EduFam staff find it in the Support Center queue with the school's
 * name, assign it to themselves, add an internal note and a reply; the principal sees the reply (not the
 * note) and answers; staff resolve it; the principal rates it.
 */

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens the ticket with this subject from the list (table on desktop). */
async function openTicket(page: Page, rowTestId: string, subject: string) {
  const row = page.getByTestId(rowTestId).filter({ hasText: subject });
  await expect(row).toBeVisible({ timeout: 40_000 });
  await row.click();
  const sheet = page.getByTestId('support-ticket-sheet');
  await expect(sheet.getByTestId('support-ticket-subject')).toHaveText(subject);
  return sheet;
}

test('a ticket goes from a school to the Support Center and back', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const subject = unique('Report cards show the wrong term');
  const note = unique('Internal: checked the term dates table');
  const reply = unique('Thanks for reporting. Please open Term dates and save Term 2 again.');
  const schoolReply = unique('Done, the report cards are right now.');

  // ── The principal opens a ticket (second browser). ──
  const schoolContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const school = await schoolContext.newPage();
  await signInViaApi(school, 'principal');
  await school.goto('/dashboard/support');
  await expect(school.getByRole('heading', { name: 'Support', exact: true })).toBeVisible({ timeout: 30_000 });
  await school.getByTestId('support-new-ticket-button').first().click();
  const form = school.getByTestId('support-new-ticket');
  await expect(form.getByRole('heading', { name: 'New support ticket' })).toBeVisible();
  // Nothing filled: the form says what is missing and sends nothing.
  await form.getByTestId('support-new-submit').click();
  await expect(form.getByText('Choose a category.')).toBeVisible();
  await expect(form.getByText('Enter a subject.')).toBeVisible();
  await form.getByTestId('support-category-data_correction').click();
  await form.getByTestId('support-new-priority').click();
  await school.getByRole('option', { name: 'High' }).click();
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Description').fill('Grade 7 report cards print "Term 1" although we are in Term 2.\n<script>alert(1)</script>');
  // An executable is refused with the server's reason; a screenshot is attached.
  await form.getByTestId('support-new-attach-input').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode') });
  await expect(school.getByText('Could not upload setup.exe')).toBeVisible();
  await form.getByTestId('support-new-attach-input').setInputFiles({ name: 'report-card.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(form.getByTestId('support-new-attach-list')).toContainText('report-card.png');
  await form.getByTestId('support-new-submit').click();
  await expect(school.getByText(/Ticket T-\d+ opened/)).toBeVisible();
  // The new ticket opens: its description is shown as text, never run.
  const schoolSheet = school.getByTestId('support-ticket-sheet');
  await expect(schoolSheet.getByTestId('support-ticket-subject')).toHaveText(subject);
  await expect(schoolSheet.getByTestId('support-opening')).toContainText('<script>alert(1)</script>');
  await expect(schoolSheet.getByTestId('support-opening').getByRole('link', { name: 'Open report-card.png' })).toBeVisible();
  await expect(schoolSheet.getByTestId('support-status')).toHaveText('Open');
  const reference = (await schoolSheet.getByTestId('support-ticket-reference').textContent())!.trim();
  expect(reference).toMatch(/^T-\d+$/);
  await school.keyboard.press('Escape');
  const schoolRow = school.getByTestId('support-ticket-row').filter({ hasText: subject });
  await expect(schoolRow).toBeVisible();
  await expect(schoolRow.getByTestId('support-status')).toHaveText('Open');

  // ── EduFam staff work it in the Support Center. ──
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'edufam_admin');
  await page.goto('/admin/support');
  await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('support-stat-open-value')).not.toHaveText('…');
  const queueRow = page.getByTestId('support-queue-row').filter({ hasText: subject });
  await expect(queueRow).toBeVisible({ timeout: 40_000 });
  await expect(queueRow.getByTestId('support-row-school')).toHaveText(/Greenhill/);
  await expect(queueRow.getByTestId('support-row-assignee')).toHaveText('Unassigned');
  await expect(queueRow.getByTestId('support-sla')).toContainText('Reply due in');
  // Search by reference narrows the queue to it.
  await page.getByTestId('support-queue-toolbar-search').fill(reference);
  await expect(page.getByTestId('support-queue-row')).toHaveCount(1, { timeout: 20_000 });
  const sheet = await openTicket(page, 'support-queue-row', subject);
  await expect(sheet.getByTestId('support-opening')).toContainText('Grade 7 report cards');

  await sheet.getByTestId('support-assign-me').click();
  await expect(page.getByText('Ticket updated')).toBeVisible();
  await expect(sheet.getByTestId('support-assign-me')).toBeHidden();
  await expect(sheet.getByTestId('support-assignee-select')).toContainText('(Mine)');

  await sheet.getByTestId('support-mode-note').click();
  await sheet.getByTestId('support-reply-body').fill(note);
  await sheet.getByTestId('support-reply-send').click();
  await expect(page.getByText('Internal note added')).toBeVisible();
  await expect(sheet.getByTestId('support-internal-note').filter({ hasText: note })).toContainText('Internal note');

  await sheet.getByTestId('support-mode-reply').click();
  await sheet.getByTestId('support-reply-body').fill(reply);
  await sheet.getByTestId('support-reply-send').click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  await expect(sheet.getByTestId('support-reply').filter({ hasText: reply })).toBeVisible();
  await expect(sheet.getByTestId('support-status')).toHaveText('In progress');

  // ── The principal sees the reply (live, or on the 30 s poll) but never the internal note. ──
  await expect(schoolRow.getByTestId('support-status')).toHaveText('In progress', { timeout: 45_000 });
  const schoolThread = await openTicket(school, 'support-ticket-row', subject);
  await expect(schoolThread.getByTestId('support-reply').filter({ hasText: reply })).toContainText('EduFam Support');
  await expect(schoolThread.getByText(note)).toHaveCount(0);
  await expect(schoolThread.getByTestId('support-internal-note')).toHaveCount(0);
  await expect(schoolThread.getByTestId('support-mode-note')).toHaveCount(0);
  await schoolThread.getByTestId('support-reply-body').fill(schoolReply);
  await schoolThread.getByTestId('support-reply-send').click();
  await expect(school.getByText('Reply sent')).toBeVisible();
  await expect(schoolThread.getByTestId('support-reply').filter({ hasText: schoolReply })).toBeVisible();
  // The open ticket is in the URL: a reload shows the same thread, still without the note.
  await school.reload();
  await expect(schoolThread.getByTestId('support-reply').filter({ hasText: schoolReply })).toBeVisible({ timeout: 30_000 });
  await expect(schoolThread.getByText(note)).toHaveCount(0);

  // ── Staff see the school's answer and resolve the ticket. ──
  await expect(sheet.getByTestId('support-reply').filter({ hasText: schoolReply })).toBeVisible({ timeout: 45_000 });
  await sheet.getByTestId('support-resolve').click();
  await expect(page.getByText('Ticket marked resolved')).toBeVisible();
  await expect(sheet.getByTestId('support-status')).toHaveText('Resolved');

  // ── The principal rates it. ──
  await expect(schoolThread.getByTestId('support-status')).toHaveText('Resolved', { timeout: 45_000 });
  const rating = schoolThread.getByTestId('support-rating-form');
  await expect(rating).toBeVisible();
  await expect(schoolThread.getByTestId('support-close')).toBeVisible();
  await rating.getByTestId('support-star-5').click();
  await rating.getByTestId('support-rating-comment').fill('Quick and clear, thank you.');
  await rating.getByTestId('support-rating-submit').click();
  await expect(school.getByText('Thank you for your feedback')).toBeVisible();
  await expect(schoolThread.getByTestId('support-rating-given')).toContainText('Quick and clear, thank you.');

  // Staff see the rating in the workspace.
  await expect(sheet.getByTestId('support-rating-given')).toContainText('Quick and clear', { timeout: 45_000 });
  await schoolContext.close();
});
