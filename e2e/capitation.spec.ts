import { expect } from '@playwright/test';
import { test } from './support/test';
import type { CapitationResponse } from '../src/shared/contracts/capitation';
import { capitationMessages } from '../src/shared/messages/capitation';
import { signInViaApi } from './support/accounts';

/**
 * Issue 35 §3 (capitation), in the browser: the finance officer opens Finance and finds the Capitation
 * card for the current term with the demo's grant received short (a shortfall, by vote head), records a
 * grant of KES 1,000 (the received and shortfall figures move by it), and opens the capitation report
 * (terms, the grant among those received). The principal sees the card read-only (no Record grant).
 */

const c = capitationMessages.card;
const d = capitationMessages.dialog;
const figure = async (locator: import('@playwright/test').Locator) => Number(await locator.getAttribute('data-value'));

test('the finance officer sees the capitation shortfall on Finance and records a grant', async ({ page, browser }) => {
  await signInViaApi(page, 'finance_officer');
  const position = (await (await page.request.get('/api/capitation')).json()) as CapitationResponse;
  const current = position.terms.find((t) => t.termId === position.currentTermId)!;
  expect(current.shortfall).toBeGreaterThan(0);

  await page.goto('/dashboard/finance');
  const card = page.getByTestId('capitation-card');
  await expect(card.getByRole('heading', { name: c.title })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('capitation-term')).toHaveAttribute('data-term', current.termId);
  const shortfall = card.getByTestId('capitation-shortfall');
  await expect(shortfall).toBeVisible();
  const before = { received: await figure(card.getByTestId('capitation-received')), shortfall: await figure(shortfall) };
  expect(before.shortfall).toBeGreaterThan(0);
  await expect(card.locator('[data-testid="capitation-vote-head"][data-code="TUITION"]')).toBeVisible();

  await card.getByTestId('capitation-record').click();
  const dialog = page.getByTestId('capitation-grant-dialog');
  await expect(dialog.getByRole('heading', { name: d.title })).toBeVisible();
  await expect(dialog.getByTestId('capitation-grant-term')).toHaveValue(current.termId);
  await dialog.getByTestId('capitation-grant-amount').fill('1000');
  const receivedOn = current.startsOn;
  await dialog.getByTestId('capitation-grant-date').fill(receivedOn.split('-').reverse().join('/'));
  const reference = `E2E/CAP/${Date.now()}`;
  await dialog.getByTestId('capitation-grant-reference').fill(reference);
  await dialog.getByTestId('capitation-grant-save').click();
  await expect(page.getByText(d.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('capitation-received')).toHaveAttribute('data-value', String(Math.round((before.received + 1000) * 100) / 100));
  await expect(card.getByTestId('capitation-shortfall')).toHaveAttribute('data-value', String(Math.max(0, Math.round((before.shortfall - 1000) * 100) / 100)));

  // The same reference again: refused, the dialog says why.
  await card.getByTestId('capitation-record').click();
  await dialog.getByTestId('capitation-grant-amount').fill('5');
  await dialog.getByTestId('capitation-grant-date').fill(receivedOn.split('-').reverse().join('/'));
  await dialog.getByTestId('capitation-grant-reference').fill(reference);
  await dialog.getByTestId('capitation-grant-save').click();
  await expect(dialog.getByText(capitationMessages.api.referenceTaken(reference))).toBeVisible();
  await dialog.getByRole('button', { name: d.cancel }).click();

  await card.getByTestId('capitation-open-report').click();
  const report = page.getByTestId('capitation-report');
  await expect(report.getByTestId('capitation-term-row')).toHaveCount(position.terms.length);
  await expect(report.getByTestId('capitation-receipts')).toContainText(reference);
  await expect(report.getByTestId('capitation-rates-edit')).toBeVisible();

  // The principal: the same card, read-only.
  const context = await browser.newContext();
  const principal = await context.newPage();
  await signInViaApi(principal, 'principal');
  await principal.goto('/dashboard/finance');
  const theirs = principal.getByTestId('capitation-card');
  await expect(theirs.getByTestId('capitation-shortfall')).toBeVisible();
  await expect(theirs.getByTestId('capitation-record')).toHaveCount(0);
  await context.close();
});
