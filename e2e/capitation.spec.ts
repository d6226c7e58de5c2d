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
 * The finance officer changes the year's term shares and count date in the report and puts them back;
 * the principal sees them read-only. A grant recorded wrongly is voided from the report with a reason:
 * it stays listed, marked Voided with the date and reason, and the received figure is back where it was.
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

test('the finance officer changes the term shares and count date in the report; the principal sees them read-only', async ({ page, browser }) => {
  const r = capitationMessages.report;
  await signInViaApi(page, 'finance_officer');
  const position = (await (await page.request.get('/api/capitation')).json()) as CapitationResponse;
  const original = position.termShares;
  const changed = original[0] === 50 ? [40, 30, 30] : [50, 25, 25];
  const first = position.terms[0]!;

  await page.goto('/dashboard/finance');
  await page.getByTestId('capitation-card').getByTestId('capitation-open-report').click();
  const report = page.getByTestId('capitation-report');
  const settings = report.getByTestId('capitation-settings');
  await expect(settings.getByTestId('capitation-shares')).toHaveText(original.join(' / '));
  const firstRow = report.locator(`[data-testid="capitation-term-row"][data-term="${first.termId}"]`);
  await expect(firstRow).toContainText(`(${original[0]}%)`);
  const rowBefore = (await firstRow.textContent()) ?? '';

  await settings.getByTestId('capitation-settings-edit').click();
  const inputs = settings.getByTestId('capitation-share-input');
  await expect(inputs).toHaveCount(3);
  // Shares not adding up to 100: refused with the catalogue's message.
  await inputs.nth(0).fill('90');
  await settings.getByTestId('capitation-settings-save').click();
  await expect(settings.getByTestId('capitation-settings-error')).toHaveText(capitationMessages.api.sharesInvalid);
  for (const [i, v] of changed.entries()) await inputs.nth(i).fill(String(v));
  await settings.getByTestId('capitation-count-on').fill(first.startsOn.split('-').reverse().join('/'));
  await settings.getByTestId('capitation-settings-save').click();
  await expect(page.getByText(r.settingsSaved)).toBeVisible();
  await expect(settings.getByTestId('capitation-shares')).toHaveText(changed.join(' / '));
  await expect(settings.getByTestId('capitation-count-date')).toHaveText(first.startsOn.split('-').reverse().join('/'));
  await expect(firstRow).toContainText(`(${changed[0]}%)`);
  await expect(firstRow).not.toHaveText(rowBefore);

  // The principal sees the year's shares and count date, without the edit button.
  const context = await browser.newContext();
  const principal = await context.newPage();
  await signInViaApi(principal, 'principal');
  await principal.goto('/dashboard/finance');
  await principal.getByTestId('capitation-card').getByTestId('capitation-open-report').click();
  const theirs = principal.getByTestId('capitation-report').getByTestId('capitation-settings');
  await expect(theirs.getByTestId('capitation-shares')).toHaveText(changed.join(' / '));
  await expect(theirs.getByTestId('capitation-settings-edit')).toHaveCount(0);
  await context.close();

  // Back as it was.
  await settings.getByTestId('capitation-settings-edit').click();
  for (const [i, v] of original.entries()) await inputs.nth(i).fill(String(v));
  await settings.getByTestId('capitation-count-on').fill(position.countOn ? position.countOn.split('-').reverse().join('/') : '');
  await settings.getByTestId('capitation-settings-save').click();
  await expect(settings.getByTestId('capitation-shares')).toHaveText(original.join(' / '));
  await expect(settings.getByTestId('capitation-count-date')).toHaveText(position.countOn ? position.countOn.split('-').reverse().join('/') : r.eachTermOpening);
  await expect(firstRow).toHaveText(rowBefore);
});

test('the finance officer voids a grant recorded wrongly: marked Voided, received back where it was', async ({ page }) => {
  const r = capitationMessages.report;
  await signInViaApi(page, 'finance_officer');
  const position = (await (await page.request.get('/api/capitation')).json()) as CapitationResponse;
  const current = position.terms.find((t) => t.termId === position.currentTermId)!;

  await page.goto('/dashboard/finance');
  const card = page.getByTestId('capitation-card');
  await expect(card.getByTestId('capitation-term')).toHaveAttribute('data-term', current.termId, { timeout: 30_000 });
  const received = card.getByTestId('capitation-received');
  const before = await figure(received);

  // Recorded with the wrong amount.
  await card.getByTestId('capitation-record').click();
  const dialog = page.getByTestId('capitation-grant-dialog');
  await dialog.getByTestId('capitation-grant-amount').fill('2500');
  await dialog.getByTestId('capitation-grant-date').fill(current.startsOn.split('-').reverse().join('/'));
  const reference = `E2E/VOID/${Date.now()}`;
  await dialog.getByTestId('capitation-grant-reference').fill(reference);
  await dialog.getByTestId('capitation-grant-save').click();
  await expect(dialog).toBeHidden();
  await expect(received).toHaveAttribute('data-value', String(Math.round((before + 2500) * 100) / 100));

  // Voided from the report, with a reason.
  await card.getByTestId('capitation-open-report').click();
  const report = page.getByTestId('capitation-report');
  const row = report.locator(`[data-testid="capitation-receipt"][data-reference="${reference}"]`);
  await row.getByTestId('capitation-receipt-void').click();
  const confirm = page.getByTestId('capitation-void-dialog');
  await expect(confirm.getByRole('heading', { name: r.voidTitle(reference) })).toBeVisible();
  // No reason: the dialog asks for one.
  await confirm.getByTestId('capitation-void-dialog-confirm').click();
  await expect(confirm.getByTestId('capitation-void-dialog-reason')).toHaveAttribute('aria-invalid', 'true');
  await confirm.getByTestId('capitation-void-dialog-reason').fill('Wrong amount: the circular says 25,000');
  await confirm.getByTestId('capitation-void-dialog-confirm').click();
  await expect(page.getByText(r.voidDone)).toBeVisible();
  await expect(confirm).toBeHidden();

  await expect(row).toHaveAttribute('data-voided', 'true');
  await expect(row.getByTestId('capitation-receipt-voided')).toHaveText(r.voided);
  const note = report.locator(`[data-testid="capitation-receipt-void-note"][data-reference="${reference}"]`);
  await expect(note).toContainText('Wrong amount: the circular says 25,000');
  await expect(note).toContainText(/Voided on \d{2}\/\d{2}\/\d{4}/);
  await expect(row.getByTestId('capitation-receipt-void')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(received).toHaveAttribute('data-value', String(before));
});
