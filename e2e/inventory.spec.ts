import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { expectNoOverflow as noOverflow, screenshots } from './support/layout';

/**
 * Inventory (issue 15 §5): the finance officer sells school ties to a learner from the Inventory page;
 * the stock on hand goes down by the quantity and the learner's account (Student Accounts) shows the
 * line on their invoice. The principal sees the store read-only. At 375 px nothing is wider than the
 * screen. INV_SHOTS=<dir> saves screenshots (desktop and 375 px).
 */

const shot = screenshots(process.env.INV_SHOTS);
interface Item { id: string; code: string; quantity: number; salePrice: number | null }

test('the finance officer sells a uniform item to a learner; stock goes down and the account shows the charge', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  const item = ((await (await page.request.get('/api/inventory/items?q=UNI-TIE')).json()) as { items: Item[] }).items[0]!;
  const accounts = (await (await page.request.get('/api/fees/accounts?balance=owing&sort=balance_desc&pageSize=30')).json()) as { items: { studentId: string; admissionNumber: string; name: string }[] };
  const learner = accounts.items[accounts.items.length - 3]!;

  await page.goto('/dashboard/inventory?q=UNI-TIE');
  const inv = page.getByTestId('inventory');
  await expect(inv.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(inv.getByTestId('low-stock-banner')).toContainText('White chalk');
  const row = inv.locator(`[data-testid="inventory-item"][data-row-id="${item.id}"]`);
  await expect(row).toContainText(String(item.quantity));
  await shot(page, 'inventory-items');

  await row.getByTestId('item-actions').click();
  await page.getByTestId('act-sell').click();
  const dialog = page.getByTestId('movement-dialog');
  await expect(dialog).toContainText('School tie');
  await dialog.getByTestId('mv-quantity').fill('2');
  await dialog.getByTestId('mv-learner-search').fill(learner.admissionNumber);
  await dialog.getByTestId('mv-learner-results').getByRole('option').first().click();
  await expect(dialog.getByTestId('mv-learner-chosen')).toContainText(learner.admissionNumber);
  await expect(dialog.getByTestId('mv-price')).toHaveValue(String(item.salePrice));
  await expect(dialog.getByTestId('mv-sale-total')).toContainText(`KES ${(2 * item.salePrice!).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
  await shot(page, 'inventory-sell');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/inventory/movements'));
  await dialog.getByTestId('mv-submit').click();
  const res = await posted;
  expect(res.status()).toBe(201);
  expect(res.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const body = (await res.json()) as { charge: { invoiceNumber: string | null; amount: number } };
  expect(body.charge.amount).toBe(2 * item.salePrice!);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(String(item.quantity - 2));

  // The learner's account shows the line on their invoice.
  await page.goto(`/dashboard/student-accounts?student=${learner.studentId}`);
  const sheet = page.getByTestId('account-sheet');
  await expect(sheet.getByTestId('account-name')).toHaveText(learner.name);
  const invoice = sheet.getByTestId('account-invoice').filter({ hasText: body.charge.invoiceNumber! });
  await invoice.locator('summary').click();
  await expect(invoice).toContainText('School tie × 2');
  await shot(page, 'inventory-account');

  // 375 px: the page fits the screen (cards instead of the table).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/inventory');
  await expect(page.getByTestId('inventory-item-card').first()).toBeVisible();
  await noOverflow(page, '[data-testid="inventory"]');
  await shot(page, 'inventory-items');
  await page.getByTestId('tab-valuation').click();
  await expect(page.getByTestId('valuation')).toContainText('Uniform');
  await noOverflow(page, '[data-testid="inventory"]');
  await shot(page, 'inventory-valuation');
});

test('the principal reads the store without stock actions', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/inventory');
  const inv = page.getByTestId('inventory');
  await expect(inv.getByTestId('inventory-item').first()).toBeVisible();
  await expect(inv.getByTestId('item-actions')).toHaveCount(0);
  await expect(inv.getByTestId('tab-import')).toHaveCount(0);
  await inv.getByTestId('tab-movements').click();
  await expect(inv.getByTestId('inventory-movement').first()).toBeVisible();
  await shot(page, 'inventory-movements');
});

test('stock is counted in real plurals of the school’s units: "8 boxes", not "8 box" (issue 34)', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  const res = await page.request.get('/api/inventory/items?pageSize=100');
  expect(res.status(), await res.text()).toBe(200);
  const items = ((await res.json()) as { items: (Item & { name: string; unit: string; lowStock: boolean })[] }).items;
  const plurals: Record<string, string> = { box: 'boxes', piece: 'pieces', set: 'sets' };
  const counted = items.filter((i) => plurals[i.unit] && i.quantity > 1);
  expect(counted.length).toBeGreaterThanOrEqual(3);

  await page.goto('/dashboard/inventory');
  const inv = page.getByTestId('inventory');
  await expect(inv.getByTestId('inventory-item').first()).toBeVisible();
  for (const i of counted) {
    const row = inv.getByTestId('inventory-item').filter({ hasText: i.code });
    await expect(row, i.name).toContainText(`${i.quantity.toLocaleString('en-KE')} ${plurals[i.unit]}`);
  }
  // The low-stock banner names each low item with its count: "White chalk (box of 100) (8 boxes)".
  const low = counted.find((i) => i.lowStock && i.unit === 'box');
  expect(low, 'a low item counted in boxes').toBeDefined();
  await expect(inv.getByTestId('low-stock-items')).toContainText(`${low!.name} (${low!.quantity.toLocaleString('en-KE')} boxes)`);
});
