import { expect } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { signInViaApi } from './support/accounts';

/**
 * Project Hub (issue 18 §4): an EduFam admin opens the Project Hub, opens the Riverside onboarding
 * board, moves a task to Done with the card's "Move to" menu (the keyboard-accessible way; drag and
 * drop does the same), comments on a task in the task sheet, and ticks an item of Riverside's
 * onboarding checklist.
 */

test('an admin works the Riverside onboarding board and checklist', async ({ page }) => {
  test.setTimeout(180_000);
  const comment = `Registrar sent the Year 7 register ${Date.now().toString(36)}`;
  await signInViaApi(page, 'edufam_admin');
  await page.goto('/admin/project-hub');
  await expect(page.getByRole('heading', { name: 'Project Hub', exact: true })).toBeVisible({ timeout: 30_000 });

  // The project cards: the two onboarding boards and the internal release.
  const riversideCard = page.getByTestId('hub-project-card').filter({ hasText: 'Onboarding: Riverside International School' });
  await expect(riversideCard).toBeVisible({ timeout: 30_000 });
  await expect(riversideCard.getByTestId('hub-project-overdue')).toBeVisible();
  // The internal board is the release of the coming term (the demo is built around today).
  const coming = demo.cal.comingTerm;
  await expect(page.getByTestId('hub-project-card').filter({ hasText: `${coming.name} ${coming.year} release` })).toBeVisible();
  await riversideCard.click();

  // The board: four columns; "Staff accounts created" moves from In progress to Done.
  const board = page.getByTestId('hub-board');
  await expect(board.getByTestId('hub-board-title')).toHaveText('Onboarding: Riverside International School');
  await expect(board.getByTestId('hub-column')).toHaveCount(4);
  const done = board.locator('[data-testid="hub-column"][data-status="done"]');
  const doneBefore = Number(await done.getByTestId('hub-column-count').textContent());
  const card = board.getByTestId('hub-task-card').filter({ hasText: 'Staff accounts created' });
  await expect(card).toHaveAttribute('data-status', 'in_progress');
  await card.getByTestId('hub-task-move').click();
  await page.getByTestId('hub-move-done').click();
  await expect(page.getByText('Moved to Done')).toBeVisible();
  await expect(done.getByTestId('hub-task-card').filter({ hasText: 'Staff accounts created' })).toBeVisible();
  await expect(done.getByTestId('hub-column-count')).toHaveText(String(doneBefore + 1));

  // The task sheet: the learners task (done: its thread tells how the Year 7 numbers came), a new comment.
  await board.getByTestId('hub-task-card').filter({ hasText: 'Learners imported' }).getByTestId('hub-task-open').click();
  const sheet = page.getByTestId('hub-task-sheet');
  await expect(sheet.getByTestId('hub-task-title')).toHaveText('Learners imported');
  await expect(sheet.getByTestId('hub-comment').first()).toContainText('admission numbers');
  await sheet.getByTestId('hub-comment-input').fill(comment);
  await sheet.getByTestId('hub-comment-send').click();
  await expect(sheet.getByTestId('hub-comment-body').filter({ hasText: comment })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The onboarding checklist of Riverside: detected items are marked; "Training session held" is ticked.
  await page.getByTestId('hub-tab-onboarding').click();
  await page.getByTestId('hub-onboarding-school').click();
  await page.getByRole('option', { name: /Riverside International School/ }).click();
  const checklist = page.getByTestId('hub-checklist');
  await expect(checklist).toHaveAttribute('data-school', 'Riverside International School');
  await expect(checklist.locator('[data-key="learners_imported"]').getByTestId('hub-checklist-detected')).toBeVisible();
  const training = checklist.locator('[data-key="training_session"]');
  await expect(training.getByTestId('hub-checklist-check')).not.toBeChecked();
  await training.getByTestId('hub-checklist-check').click();
  await expect(training.getByTestId('hub-checklist-check')).toBeChecked();
  await expect(training).toContainText('Ticked by Wanjiku Admin Njoroge');
  await expect(page.getByText('"Training session held" ticked')).toBeVisible();
});
