import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { addDays } from '../src/shared/dates';
import { weekday } from '../src/shared/kenya-holidays';
import { leaveDays } from '../src/shared/hr/leave-days';
import type { Approval } from '../src/shared/contracts/fees';
import { signInViaApi } from './support/accounts';

/**
 * Leave (issue 14 §2 "a leave request is approved"): the teacher asks for annual leave under "My Leave"
 * (profile menu) and sees the days counted live; the principal approves it on the dashboard's Approvals
 * card; the teacher sees it approved; HR's Leave tab lists it and shows it on the calendar. At 375 px
 * nothing is wider than the screen. LEAVE_SHOTS=<dir> saves screenshots.
 */

const SHOTS = process.env.LEAVE_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** A Monday in February next year: in the future whenever the test runs. */
function nextYearMonday(): string {
  let d = `${Number(demo.cal.today.slice(0, 4)) + 1}-02-09`;
  while (weekday(d) !== 1) d = addDays(d, 1);
  return d;
}

test('the teacher requests leave, the principal approves it on the Approvals card', async ({ page }) => {
  const start = nextYearMonday();
  const end = addDays(start, 3);
  const days = leaveDays(start, end, 'working_days');

  // The teacher opens My Leave from the profile menu.
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My Leave' }).click();
  const section = page.getByTestId('my-leave-section');
  await expect(section.getByRole('heading', { name: 'My Leave', level: 1 })).toBeVisible();
  await expect(section.getByTestId('leave-balance').first()).toBeVisible();
  const annual = section.locator('[data-testid="leave-balance"][data-code="annual"]');
  const before = Number(await annual.getByTestId('leave-balance-available').textContent());

  const form = section.getByTestId('my-leave-form');
  await form.getByTestId('leave-form-type').click();
  await page.getByRole('option', { name: 'Annual leave' }).click();
  await form.getByTestId('leave-form-start').fill(start);
  await form.getByTestId('leave-form-end').fill(end);
  await form.getByTestId('leave-form-reason').fill('Browser test: family visit');
  await expect(form.getByTestId('leave-form-days')).toContainText(`${days} working day`);
  await shot(page, 'my-leave-form');
  await form.getByTestId('leave-form-submit').click();

  const row = section.getByTestId('my-leave-requests').locator('[data-testid="leave-request"]').filter({ hasText: 'family visit' });
  await expect(row).toHaveAttribute('data-status', 'pending');
  // The balances are this year's; the request is next year's, so they do not move.
  await expect(annual.getByTestId('leave-balance-available')).toHaveText(String(before));
  const requestId = await row.getAttribute('data-request-id');
  await shot(page, 'my-leave');

  // The principal approves it on the dashboard's Approvals card.
  await signInViaApi(page, 'principal');
  const pending = (await (await page.request.get('/api/approvals?status=pending&pageSize=100')).json()) as { items: Approval[] };
  const approval = pending.items.find((a) => a.subjectId === requestId)!;
  expect(approval.kind).toBe('leave');
  await page.goto('/dashboard');
  const card = page.getByTestId('approvals-card');
  const item = card.locator(`[data-approval-id="${approval.id}"]`);
  await expect(item.getByTestId('approval-title')).toHaveText(approval.title);
  expect(approval.title).toMatch(/^Annual leave: /);
  await shot(page, 'principal-approvals');
  await item.getByTestId('approval-approve').click();
  const dialog = page.getByTestId('decide-approval-dialog');
  await dialog.getByTestId('approval-note').fill('Enjoy the break.');
  await dialog.getByTestId('confirm-decision').click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);

  // The teacher sees it approved.
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard/my-leave');
  const approved = page.locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`);
  await expect(approved).toHaveAttribute('data-status', 'approved');
  await expect(approved).toContainText('Enjoy the break.');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(approved).toBeVisible();
  await noHorizontalScroll(page);
  await shot(page, 'my-leave');

  // HR's Leave tab: the request in all requests, and on the calendar.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/staff-management?tab=leave');
  const tab = page.getByTestId('leave-tab');
  await expect(tab.getByTestId('leave-pending-list')).toBeVisible();
  await shot(page, 'leave-tab-pending');
  await tab.getByTestId('leave-subtab-requests').click();
  await expect(tab.locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`)).toHaveAttribute('data-status', 'approved');
  await tab.getByTestId('leave-subtab-calendar').click();
  const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  for (let i = 0; i < monthIndex(start) - monthIndex(demo.cal.today); i++) await tab.getByTestId('leave-calendar-next').click();
  const day = tab.locator(`[data-testid="leave-calendar-day"][data-date="${start}"]`);
  await expect(day).toHaveAttribute('data-count', '1');
  await day.click();
  await expect(tab.getByTestId('leave-calendar-detail')).toContainText('Annual leave');
  await shot(page, 'leave-tab-calendar');
  await tab.getByTestId('leave-subtab-types').click();
  await expect(tab.getByTestId('leave-type')).toHaveCount(6);
  await shot(page, 'leave-tab-types');
  await tab.getByTestId('leave-on-behalf').click();
  await expect(page.getByTestId('leave-on-behalf-dialog')).toBeVisible();
  await shot(page, 'leave-on-behalf');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 800 });
  await tab.getByTestId('leave-subtab-calendar').click();
  await noHorizontalScroll(page);
  await shot(page, 'leave-tab-calendar');
  await tab.getByTestId('leave-subtab-pending').click();
  await noHorizontalScroll(page);
  await shot(page, 'leave-tab-pending');
});

/** The teacher asks for leave twice (a week apart, in March next year); returns the requests' ids. */
async function requestTwice(page: Page, reasons: string[]): Promise<string[]> {
  const start = nextYearMonday();
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard/my-leave');
  const section = page.getByTestId('my-leave-section');
  const ids: string[] = [];
  for (const [i, reason] of reasons.entries()) {
    const form = section.getByTestId('my-leave-form');
    await form.getByTestId('leave-form-type').click();
    await page.getByRole('option', { name: 'Annual leave' }).click();
    await form.getByTestId('leave-form-start').fill(addDays(start, 28 + i * 7));
    await form.getByTestId('leave-form-end').fill(addDays(start, 29 + i * 7));
    await form.getByTestId('leave-form-reason').fill(reason);
    await form.getByTestId('leave-form-submit').click();
    const row = section.getByTestId('my-leave-requests').locator('[data-testid="leave-request"]').filter({ hasText: reason });
    await expect(row).toHaveAttribute('data-status', 'pending');
    ids.push((await row.getAttribute('data-request-id'))!);
  }
  return ids;
}

test('HR rejects one request with a note and approves another from the Leave tab, on a desktop and a phone', async ({ page }) => {
  const [rejectedId, approvedId] = await requestTwice(page, ['Family visit upcountry', 'Graduation ceremony']);

  await signInViaApi(page, 'hr');
  await page.goto('/dashboard/staff-management?tab=leave');
  const tab = page.getByTestId('leave-tab');
  const pending = tab.getByTestId('leave-pending-list');
  const visibleRow = (reason: string) => pending.locator(':is(tr, li, [data-testid="leave-request"]):visible').filter({ hasText: reason }).first();

  await visibleRow('Family visit upcountry').getByTestId('leave-reject').click();
  const dialog = page.getByTestId('leave-decide-dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'leave-reject-dialog');
  await dialog.getByTestId('leave-decide-note').fill('No cover for Grade 7 that week');
  await dialog.getByTestId('leave-decide-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(pending).not.toContainText('Family visit upcountry');

  await page.setViewportSize({ width: 375, height: 800 });
  await noHorizontalScroll(page);
  await visibleRow('Graduation ceremony').getByTestId('leave-approve').click();
  await expect(dialog).toBeVisible();
  await noHorizontalScroll(page);
  await shot(page, 'leave-approve-dialog');
  await dialog.getByTestId('leave-decide-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(pending).not.toContainText('Graduation ceremony');

  await page.setViewportSize({ width: 1280, height: 900 });
  await tab.getByTestId('leave-subtab-requests').click();
  await expect(tab.locator(`[data-testid="leave-request"][data-request-id="${rejectedId}"]`)).toHaveAttribute('data-status', 'rejected');
  await expect(tab.locator(`[data-testid="leave-request"][data-request-id="${approvedId}"]`)).toHaveAttribute('data-status', 'approved');
});
