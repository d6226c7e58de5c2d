import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import type { Adjustment, Approval, FinancialOverview, MyChildrenFees } from '../src/shared/contracts/fees';
import { ACCOUNTS, DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * The "finance" section and the fee cards of the dashboards (issue 11 §2) as their users click through
 * them: a parent pays a child's fees by M-Pesa through the built-in simulator and watches the balance
 * fall; the principal approves a waiver on the dashboard's Approvals card; the finance officer reads the
 * Financial Overview; and both screens on a 375 px phone. The e2e database is shared by every spec, so
 * figures are read from the API in the same session and compared as differences, never as totals.
 *
 * FEES_SHOTS=<dir> also saves screenshots of each screen.
 */

const SHOTS = process.env.FEES_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** KES as the screens print it: 13800 → "13,800.00". */
const kes = (n: number) => `${n < 0 ? '-' : ''}${Math.abs(n).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Whole shillings as the KPI cards print them: 18836650 → "18,836,650". */
const whole = (n: number) => Math.round(n).toLocaleString('en-KE');

/** The main SVG of a Recharts chart. */
const CHART_SVG = '.recharts-wrapper > svg.recharts-surface';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('fees: parent, principal and finance officer', () => {
  test('parent pays a child’s fees by M-Pesa and sees the new balance', async ({ page }) => {
    await signInViaApi(page, 'parent');
    const res = await page.request.get('/api/fees/my-children');
    expect(res.status(), await res.text()).toBe(200);
    const fees = (await res.json()) as MyChildrenFees;
    const child = fees.children.find((c) => c.className === 'Grade 4 West')!;
    expect(child).toBeTruthy();

    await page.goto('/dashboard/finance');
    await expect(page.getByRole('heading', { name: 'School Fees' })).toBeVisible();
    await expect(page.getByTestId('child-fees')).toHaveCount(fees.children.length);
    const card = page.locator(`[data-testid="child-fees"][data-student-id="${child.studentId}"]`);
    await expect(card.getByTestId('child-fees-name')).toHaveText(child.name);
    await expect(card).toContainText(child.admissionNumber);
    if (fees.mpesa.shortcodeType === 'paybill') {
      await expect(card.getByTestId('paybill')).toHaveText(`Paybill ${fees.mpesa.shortcode}, account ${child.admissionNumber}`);
    }
    if (child.currentTermInvoice) await expect(card.getByTestId('term-invoice')).toContainText(child.currentTermInvoice.invoiceNumber);
    await shot(page, 'school-fees');

    const balance = card.getByTestId('child-balance');
    const before = Number(await balance.getAttribute('data-balance'));
    const after = Math.round((before - 1000) * 100) / 100;

    await card.getByTestId('pay-mpesa').click();
    const dialog = page.getByTestId('pay-mpesa-dialog');
    await expect(dialog.getByLabel('M-Pesa phone number')).not.toHaveValue('');
    await dialog.getByLabel('M-Pesa phone number').fill('0712345678');
    await dialog.getByLabel('Amount (KES)').fill('1000');
    await dialog.getByTestId('pay-mpesa-send').click();
    await expect(dialog.getByTestId('pay-mpesa-pending')).toBeVisible();
    const success = dialog.getByTestId('pay-mpesa-succeeded');
    await expect(success).toBeVisible({ timeout: 30_000 });
    await expect(success).toContainText('KES 1,000.00 was received');
    await expect(success).toContainText(kes(after));
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The card follows (live event and refetch): lower by exactly what was paid.
    await expect.poll(async () => Number(await balance.getAttribute('data-balance'))).toBe(after);
    await expect(card.getByTestId('last-payment')).toContainText('1,000.00');

    // The payment and its receipt are in the child's history; the receipt and the statement are PDFs.
    await card.getByTestId('toggle-history').click();
    await card.getByTestId('history-tab-payments').click();
    const receipt = card.getByTestId('history-payment').first().getByTestId('receipt-pdf');
    await expect(card.getByTestId('history-payment').first()).toContainText('1,000.00');
    const pdf = await page.request.get((await receipt.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await card.getByTestId('history-tab-invoices').click();
    await expect(card.getByTestId('history-invoice').first().getByTestId('invoice-pdf')).toHaveAttribute('href', /\/invoice\.pdf$/);

    await card.getByTestId('open-statement').click();
    const statement = page.getByTestId('statement-dialog');
    await expect(statement.getByTestId('statement-entry').first()).toBeVisible();
    const statementPdf = await page.request.get((await statement.getByTestId('statement-download').getAttribute('href'))!);
    expect(statementPdf.status()).toBe(200);
    expect(statementPdf.headers()['content-type']).toContain('application/pdf');
    await statement.getByRole('button', { name: 'Close' }).first().click();

    // The parent's dashboard shows the same balance and links to School Fees.
    await page.goto('/dashboard');
    const strip = page.getByTestId('child-fee-balance').and(page.locator(`[data-balance="${after}"]`));
    await expect(strip).toBeVisible();
    await strip.getByTestId('child-fees-link').click();
    await expect(page).toHaveURL(/\/dashboard\/finance$/);
  });

  test('principal approves a waiver on the dashboard’s Approvals card', async ({ page, request }) => {
    // The finance officer files a waiver above the school's approval limit: it waits for the principal.
    const signIn = await request.post('/api/auth/sign-in', { data: { email: ACCOUNTS.finance_officer, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
    expect(signIn.status()).toBe(200);
    const settings = (await (await request.get('/api/fees/settings')).json()) as { waiverApprovalLimit: number };
    const accounts = (await (await request.get('/api/fees/accounts?balance=owing&sort=balance_desc&pageSize=1')).json()) as { items: { studentId: string; name: string }[] };
    const learner = accounts.items[0]!;
    const filed = await request.post('/api/fees/adjustments', {
      data: { studentId: learner.studentId, kind: 'waiver', amount: settings.waiverApprovalLimit + 2500, reason: 'Browser test: hardship waiver for the approvals card' },
    });
    expect(filed.status(), await filed.text()).toBe(201);
    const waiver = (await filed.json()) as Adjustment;
    expect(waiver.status).toBe('pending');

    await signInViaApi(page, 'principal');
    const pending = (await (await page.request.get('/api/approvals?status=pending&pageSize=100')).json()) as { items: Approval[] };
    const approval = pending.items.find((a) => a.subjectId === waiver.id)!;
    expect(approval).toBeTruthy();

    await page.goto('/dashboard');
    const card = page.getByTestId('approvals-card');
    const row = card.locator(`[data-approval-id="${approval.id}"]`);
    await expect(row.getByTestId('approval-title')).toHaveText(approval.title);
    await expect(row).toContainText(learner.name);
    await expect(page.getByTestId('fee-collection').getByTestId('fee-collection-ring')).toBeVisible();
    await shot(page, 'principal-dashboard');

    await row.getByTestId('approval-approve').click();
    const dialog = page.getByTestId('decide-approval-dialog');
    await expect(dialog).toContainText(approval.title);
    await dialog.getByTestId('approval-note').fill('Approved after meeting the family.');
    await dialog.getByTestId('confirm-decision').click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    const decided = (await (await page.request.get('/api/approvals?status=approved&pageSize=100')).json()) as { items: Approval[] };
    const mine = decided.items.find((a) => a.id === approval.id)!;
    expect(mine.note).toBe('Approved after meeting the family.');

    // The director reads the same card without the buttons, except on what a director decides
    // (payroll runs and expenses, which other journeys sharing this database may have left pending).
    await signInViaApi(page, 'school_director');
    await page.goto('/dashboard');
    await expect(page.getByTestId('approvals-card')).toBeVisible();
    await expect(page.getByTestId('approvals-list').or(page.getByTestId('approvals-empty'))).toBeVisible();
    const open = (await (await page.request.get('/api/approvals?status=pending&pageSize=100')).json()) as { items: Approval[] };
    const directorDecides = new Set(open.items.filter((a) => a.kind === 'payroll_run' || a.kind === 'expense').map((a) => a.id));
    const withButtons = page.getByTestId('approval-row').filter({ has: page.getByTestId('approval-approve') });
    for (const id of await withButtons.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-approval-id')))) expect(directorDecides.has(id!)).toBe(true);
  });

  test('finance officer reads the Financial Overview', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    const res = await page.request.get('/api/fees/overview');
    expect(res.status(), await res.text()).toBe(200);
    const data = (await res.json()) as FinancialOverview;

    // The dashboard's fee figures instead of "coming soon".
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-fees-expected-value')).toContainText(whole(data.expected));
    await expect(page.getByTestId('stat-fees-rate-value')).toBeVisible();
    await expect(page.getByTestId('fees-mpesa')).toBeVisible();
    await page.getByTestId('finance-overview-link').click();

    await expect(page).toHaveURL(/\/dashboard\/finance$/);
    await expect(page.getByRole('heading', { name: 'Finance', exact: true })).toBeVisible();
    const overview = page.getByTestId('overview');
    await expect(overview).toHaveAttribute('data-term', data.term!.id);
    for (const id of ['kpi-expected', 'kpi-paid', 'kpi-collected', 'kpi-outstanding', 'kpi-rate', 'kpi-arrears', 'kpi-learners']) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId('kpi-expected-value')).toContainText(whole(data.expected));
    await expect(page.getByTestId('kpi-rate-value')).toHaveText(`${(Math.round(data.collectionRate * 1000) / 10).toFixed(1)}%`);
    for (const chart of ['panel-daily', 'panel-methods', 'panel-levels']) {
      await expect(page.getByTestId(chart).locator(CHART_SVG).first()).toBeVisible();
    }
    await expect(page.getByTestId('method-mpesa')).toContainText('M-Pesa');
    await expect(page.getByTestId('streams-table').getByTestId('stream-row')).toHaveCount(data.byStream.length);

    // A defaulter opens in Student Accounts.
    const top = data.topDefaulters[0]!;
    await expect(page.getByTestId('defaulters-table').getByTestId('defaulter-row').first()).toContainText(top.admissionNumber);
    await expect(page.getByTestId('defaulter-link').filter({ visible: true }).first()).toHaveAttribute('href', `/dashboard/student-accounts?student=${top.studentId}`);
    if (data.mpesa.unmatched > 0) await expect(page.getByTestId('alert-unmatched-link')).toHaveAttribute('href', '/dashboard/mpesa-payments');
    await shot(page, 'financial-overview');

    // Another term: the figures follow the picker (and the address keeps it).
    await page.getByTestId('term-picker').click();
    await page.getByRole('option', { name: new RegExp(`^${demo.cal.previousTerm.name} · ${demo.cal.previousTerm.year}`) }).click();
    await expect(page).toHaveURL(/[?&]term=/);
    await expect(overview).not.toHaveAttribute('data-term', data.term!.id);
  });
});

test.describe('fees on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('School Fees and the Financial Overview fit the phone', async ({ page }) => {
    await signInViaApi(page, 'parent');
    await page.goto('/dashboard/finance');
    await expect(page.getByTestId('child-fees').first()).toBeVisible();
    await expect(page.getByTestId('pay-mpesa').first()).toBeVisible();
    await page.getByTestId('toggle-history').first().click();
    await expect(page.getByTestId('history-invoice').first()).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, 'school-fees');

    await signInViaApi(page, 'finance_officer');
    await page.goto('/dashboard/finance');
    await expect(page.getByTestId('kpi-expected')).toBeVisible();
    await expect(page.getByTestId('panel-levels').locator(CHART_SVG).first()).toBeVisible();
    await expect(page.getByTestId('defaulter-row-phone').first()).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, 'financial-overview');
  });
});
