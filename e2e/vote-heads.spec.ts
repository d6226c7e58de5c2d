import { expect } from '@playwright/test';
import { test } from './support/test';
import type { StudentAccount } from '../src/shared/contracts/fees';
import type { ListVoteHeadsResponse } from '../src/shared/contracts/vote-heads';
import { voteHeadsMessages } from '../src/shared/messages/vote-heads';
import { signInViaApi } from './support/accounts';

/**
 * Issue 35 §3 (vote heads), in the browser: the finance officer records a cash payment for a learner who
 * owes fees and sees its split by vote head on the receipt (the dialog's answer, the account's payment
 * row and the receipt PDF); renames a vote head in Finance Settings → Vote heads; opens the vote-head
 * cash book in Financial Reports. Reruns: the vote head's name is put back first through the API.
 */

interface AccountRow {
  studentId: string;
  admissionNumber: string;
  name: string;
}

test('the finance officer sees vote heads on a receipt, edits a vote head and opens the vote-head cash book', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  const heads = (await (await page.request.get('/api/fees/vote-heads')).json()) as ListVoteHeadsResponse;
  const activity = heads.items.find((h) => h.code === 'ACTIVITY')!;
  expect((await page.request.patch(`/api/fees/vote-heads/${activity.id}`, { data: { name: 'Activity' } })).status()).toBe(200);

  // A payment and its split, from Student Accounts.
  const owing = (await (await page.request.get('/api/fees/accounts?balance=owing&sort=balance_desc&pageSize=1')).json()) as { items: AccountRow[] };
  const learner = owing.items[0]!;
  await page.goto(`/dashboard/student-accounts?student=${learner.studentId}`);
  const sheet = page.getByTestId('account-sheet');
  await expect(sheet.getByTestId('account-name')).toHaveText(learner.name);
  await sheet.getByTestId('account-record-payment').click();
  const dialog = page.getByTestId('payment-dialog');
  await dialog.getByTestId('payment-amount').fill('1000');
  await dialog.getByTestId('payment-submit').click();
  const split = dialog.getByTestId('payment-done-allocations');
  await expect(split).toBeVisible();
  await expect(split.getByTestId('payment-done-allocation').first()).toContainText(/KES/);
  const receipt = (await dialog.getByTestId('payment-receipt-number').textContent())!.trim();
  const pdf = await page.request.get((await dialog.getByTestId('payment-print').getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await dialog.getByTestId('payment-close').click();
  await sheet.getByTestId('account-tab-payments').click();
  const row = sheet.locator(`[data-testid="account-payment"][data-receipt="${receipt}"]`);
  await expect(row.getByTestId('payment-allocations')).toContainText(voteHeadsMessages.ui.allocations);
  await expect(row.getByTestId('payment-reallocate')).toBeVisible();

  // Finance Settings → Vote heads: rename one.
  await page.goto('/dashboard/finance-settings?tab=voteHeads');
  const tab = page.getByTestId('vote-heads-tab');
  const item = tab.getByTestId('vote-head-ACTIVITY');
  await expect(item.getByTestId('vote-head-name')).toHaveText('Activity');
  await item.getByTestId('vote-head-edit').click();
  const edit = page.getByTestId('vote-head-dialog');
  await edit.getByTestId('vote-head-name-input').fill('Activity and games');
  await edit.getByTestId('vote-head-save').click();
  await expect(edit).toBeHidden();
  await expect(item.getByTestId('vote-head-name')).toHaveText('Activity and games');

  // Financial Reports → Vote-head cash book.
  await page.goto('/dashboard/financial-reports');
  await page.getByTestId('fr-pick-vote-head-cash-book').click();
  await expect(page.getByRole('heading', { name: voteHeadsMessages.report.title })).toBeVisible();
  const table = page.getByTestId('vh-book-table');
  await expect(table.getByTestId('vh-book-row').filter({ hasText: 'Tuition' })).toBeVisible();
  await expect(table.getByTestId('vh-book-row').filter({ hasText: 'Activity and games' })).toBeVisible();
  await expect(page.getByTestId('fr-download-pdf')).toBeVisible();

  await page.request.patch(`/api/fees/vote-heads/${activity.id}`, { data: { name: 'Activity' } });
});

test('money paid in advance moves to the vote heads the learner owes on when the finance officer applies it', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  const heads = (await (await page.request.get('/api/fees/vote-heads')).json()) as ListVoteHeadsResponse;
  const prepayment = heads.items.find((h) => h.code === 'PREPAYMENT')!;
  // A learner who owes, with a payment of theirs partly parked in "Fees paid in advance" (a reallocation):
  // the money now waits there although the learner still owes on other vote heads.
  const owing = (await (await page.request.get('/api/fees/accounts?balance=owing&sort=balance_desc&pageSize=5')).json()) as { items: AccountRow[] };
  let parked: { id: string; learner: AccountRow } | null = null;
  for (const learner of owing.items) {
    const account = (await (await page.request.get(`/api/students/${learner.studentId}/account`)).json()) as StudentAccount;
    const p = account.payments.find((x) => x.kind === 'payment' && !x.reversedBy && x.amount >= 100 && x.allocations.every((a) => a.voteHeadId !== prepayment.id));
    if (!p) continue;
    const [first, ...rest] = p.allocations;
    const body = { allocations: [{ voteHeadId: first!.voteHeadId, amount: first!.amount - 100 }, ...rest.map((a) => ({ voteHeadId: a.voteHeadId, amount: a.amount })), { voteHeadId: prepayment.id, amount: 100 }] };
    const res = await page.request.put(`/api/fees/payments/${p.id}/allocations`, { data: body });
    expect(res.status(), await res.text()).toBe(200);
    parked = { id: p.id, learner };
    break;
  }
  expect(parked, 'an owing learner with a payment').not.toBeNull();

  await page.goto('/dashboard/finance-settings?tab=voteHeads');
  const panel = page.getByTestId('prepayments-panel');
  await expect(panel.getByRole('heading', { name: voteHeadsMessages.ui.prepaymentsTitle })).toBeVisible();
  await expect(panel.getByTestId('prepayments-ready')).toContainText('can move to the invoices of');
  await expect(panel.getByTestId('prepayments-learners')).toContainText(parked!.learner.admissionNumber);
  await panel.getByTestId('prepayments-apply').click();
  await expect(page.getByText(/moved to the invoices of \d+ learner/)).toBeVisible();
  await expect(panel.getByTestId('prepayments-ready')).toHaveText(voteHeadsMessages.ui.prepaymentsNone);
  await expect(panel.getByTestId('prepayments-apply')).toHaveCount(0);
  const after = (await (await page.request.get(`/api/students/${parked!.learner.studentId}/account`)).json()) as StudentAccount;
  const payment = after.payments.find((x) => x.id === parked!.id)!;
  expect(payment.allocations.some((a) => a.voteHeadId === prepayment.id)).toBe(false);
  expect(payment.allocations.reduce((s, a) => s + a.amount, 0)).toBeCloseTo(payment.amount, 2);
});
