import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { bankStatementMessages } from '../src/shared/messages/bank-statements';
import type { UnmatchedSummary } from '../src/shared/contracts/bank-statements';

/**
 * Issue 35 §4 "Done when", in the browser: the finance officer opens M-Pesa Payments → Bank statements,
 * adds a bank account, downloads the sample statement (KCB layout, the school's learners), uploads it,
 * sees the column mapping filled in from the headers, runs the dry run (10 matched, 2 unmatched),
 * commits (10 payments with receipts), imports the same file again (all 12 already imported, nothing
 * new), then allocates one of the unmatched deposits to a learner from the Unmatched tab, where it shows
 * with a "Bank" badge beside the M-Pesa payments (found with the bank list's search). The Unmatched
 * tab's badge and the overview strip's Unmatched tile count the bank deposits with the M-Pesa payments:
 * two more after the commit, one fewer after the allocation. Self-contained on the shared e2e database: the account
 * is new each run (its own number and name), so the sample's references are new to it.
 */

const s = bankStatementMessages.screens;

test('the finance officer imports the sample bank statement, re-imports it for nothing, and allocates an unmatched deposit', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36).toUpperCase();
  const accountName = `Fees ${run}`;
  await signInViaApi(page, 'finance_officer');
  const queueTotal = async () => ((await (await page.request.get('/api/fees/unmatched-summary')).json()) as UnmatchedSummary).total;
  /** The badge and the strip's tile show `n` (the badge is absent at 0). */
  const expectQueueShown = async (n: number) => {
    await expect(page.getByTestId('mpesa-stat-unmatched-value')).toHaveText(n.toLocaleString('en-KE'));
    if (n > 0) await expect(page.getByTestId('mpesa-unmatched-count')).toHaveText(String(n));
    else await expect(page.getByTestId('mpesa-unmatched-count')).toHaveCount(0);
  };
  const waitingBefore = await queueTotal();
  await page.goto('/dashboard/mpesa-payments?tab=bank');
  const tab = page.getByTestId('bank-statements');
  await expect(tab).toBeVisible();
  await expectQueueShown(waitingBefore);

  // A new bank account.
  await tab.getByTestId('bank-add-account').click();
  const dialog = page.getByTestId('bank-account-dialog');
  await dialog.getByTestId('bank-new-name').fill(accountName);
  await dialog.getByTestId('bank-new-bankName').fill('KCB Bank Kenya');
  await dialog.getByTestId('bank-new-accountNumber').fill(`9${Date.now()}`.slice(0, 13));
  await dialog.getByTestId('bank-account-save').click();
  await expect(dialog).toBeHidden();
  await expect(tab.getByTestId('bank-account-select')).toContainText(accountName);
  await expect(tab.getByTestId('bank-saved-mapping')).toHaveText(s.noSavedMapping);

  // The sample statement, downloaded from the tab.
  const [download] = await Promise.all([page.waitForEvent('download'), tab.getByTestId('bank-sample').click()]);
  expect(download.suggestedFilename()).toBe('sample-bank-statement.csv');
  const csv = await readFile((await download.path())!);
  expect(csv.toString()).toContain('Money In');

  const upload = async () => {
    await tab.getByTestId('bank-file').setInputFiles({ name: 'kcb-statement.csv', mimeType: 'text/csv', buffer: csv });
    await expect(tab.getByTestId('bank-mapping')).toBeVisible();
  };

  // Columns: guessed from the KCB headers.
  await upload();
  await expect(tab.getByTestId('bank-map-date')).toContainText('Transaction Date');
  await expect(tab.getByTestId('bank-map-reference')).toContainText('Cheque No/Reference');
  await expect(tab.getByTestId('bank-map-narration')).toContainText('Transaction Details');
  await expect(tab.getByTestId('bank-map-amount')).toContainText('Money In');
  await expect(tab.getByTestId('bank-map-dateFormat')).toContainText('DD/MM/YYYY');

  // Dry run, then commit.
  await tab.getByTestId('bank-dry-run').click();
  await expect(tab.getByTestId('bank-count-lines')).toHaveText('12');
  await expect(tab.getByTestId('bank-count-matched')).toHaveText('10');
  await expect(tab.getByTestId('bank-count-unmatched')).toHaveText('2');
  await expect(tab.getByTestId('bank-count-duplicates')).toHaveText('0');
  await expect(tab.locator('[data-testid="bank-preview-row"][data-outcome="matched"]')).toHaveCount(10);
  await tab.getByTestId('bank-commit').click();
  await expect(tab.getByTestId('bank-done-text')).toHaveText(s.resultText(10, 2));
  await expect(tab.getByTestId('bank-preview').locator('[data-outcome="matched"]').first()).toContainText(/\S+\d/);
  await expect(tab.getByTestId('bank-history-row').filter({ hasText: accountName })).toHaveCount(1);
  await expect(tab.getByTestId('bank-saved-mapping')).toContainText('Money In');
  // The two unmatched deposits join the queue's count beside the M-Pesa payments.
  expect(await queueTotal()).toBe(waitingBefore + 2);
  await expectQueueShown(waitingBefore + 2);
  await expect(page.getByTestId('mpesa-stat-unmatched-hint')).toContainText(/\d+ M-Pesa · \d+ bank/);

  // The same file again: everything already imported, nothing new.
  await tab.getByTestId('bank-start-over').click();
  await upload();
  await tab.getByTestId('bank-dry-run').click();
  await expect(tab.getByTestId('bank-count-duplicates')).toHaveText('12');
  await expect(tab.getByTestId('bank-count-matched')).toHaveText('0');
  await tab.getByTestId('bank-commit').click();
  await expect(tab.getByTestId('bank-done-text')).toHaveText(s.nothingNew);
  await expect(tab.getByTestId('bank-history-row').filter({ hasText: accountName })).toHaveCount(2);

  // The unmatched queue: the bank deposits beside M-Pesa's; allocate one.
  const learners = (await (await page.request.get('/api/students?pageSize=3&status=active')).json()) as { items: { admissionNumber: string }[] };
  const learner = learners.items[2]!;
  await page.getByTestId('mpesa-tab-unmatched').click();
  await page.getByTestId('bank-unmatched-toolbar-search').fill(accountName);
  await expect(page.getByTestId('bank-unmatched-row')).toHaveCount(2);
  const rows = page.getByTestId('bank-unmatched-row').filter({ hasText: accountName });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(s.bankBadge);
  await rows.first().getByTestId('bank-unmatched-allocate').click();
  const allocate = page.getByTestId('bank-allocate-dialog');
  await allocate.getByTestId('bank-allocate-picker-search').fill(learner.admissionNumber);
  await allocate.getByTestId('bank-allocate-picker-option').filter({ hasText: learner.admissionNumber }).first().click();
  await allocate.getByTestId('bank-allocate-confirm').click();
  await expect(allocate).toBeHidden();
  await expect(page.getByText(/Payment posted: receipt \S+/)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expectQueueShown(waitingBefore + 1);

  // A search that finds nothing says so; clearing it brings the list back.
  await page.getByTestId('bank-unmatched-toolbar-search').fill(`NOTHING-${run}`);
  await expect(page.getByTestId('bank-unmatched-empty')).toHaveText(s.queueEmptyFiltered);
  await page.getByTestId('bank-unmatched-toolbar-clear').click();
  await expect(page.getByTestId('bank-unmatched-row').first()).toBeVisible();
});
