import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import type { AssignResponse, TransportRoutesResponse } from '../src/shared/contracts/transport';
import { learnerName } from '../src/shared/contracts/learners';
import { signInViaApi } from './support/accounts';
import { admitViaApi } from './support/learners';
import { expectNoOverflow as noOverflow, screenshots } from './support/layout';

/**
 * School transport (issue 15 §4): the finance officer sets the transport fee to pro rata, puts a learner
 * on a bus route at a stop from the route's sheet, and the learner's account (Student Accounts) then
 * shows the route and its fee; the route list and alerts show; the parent dashboard shows the demo
 * child's route card. At 375 px nothing is wider than the screen. TRANSPORT_SHOTS=<dir> saves screenshots.
 */

const shot = screenshots(process.env.TRANSPORT_SHOTS);

/** Admits a learner as the principal (the finance officer may not admit), then signs the finance officer back in. */
async function admitLearner(page: Page): Promise<{ id: string; name: string; admissionNumber: string }> {
  await signInViaApi(page, 'principal');
  const created = await admitViaApi(page, 'Grade 7 East', {
    firstName: 'Baraka',
    lastName: 'Safarini',
    gender: 'M',
    dateOfBirth: '2014-02-11',
    admittedOn: demo.cal.terms[0]!.startsOn,
    guardians: [{ name: 'Rehema Safarini', relationship: 'mother', phone: '0722 600 415' }],
  });
  await signInViaApi(page, 'finance_officer');
  return { id: created.id, name: learnerName(created), admissionNumber: created.admissionNumber };
}
test('the finance officer puts a learner on a route and the fee shows on the learner’s account', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  await page.goto('/dashboard/transport');
  const section = page.getByTestId('transport');
  await expect(section.getByRole('heading', { name: 'Transport', level: 1 })).toBeVisible();
  await expect(section.getByTestId('transport-alerts')).toContainText('KDA 123A');
  await expect(section.getByTestId('transport-route-card')).not.toHaveCount(0);
  await shot(page, 'transport-routes');

  // The fee setting: pro rata on the current invoice.
  await section.getByTestId('transport-tab-settings').click();
  await section.getByTestId('transport-charge-current_pro_rata').click();
  await expect(section.getByTestId('transport-charge-current_pro_rata')).toHaveAttribute('data-state', 'checked');
  await section.getByTestId('transport-tab-routes').click();

  // A learner of the test's own, on no route (a demo learner could be moved, exited or put on a route
  // by another journey running alongside).
  const learner = await admitLearner(page);
  const routes = (await (await page.request.get('/api/transport/routes')).json()) as TransportRoutesResponse;
  const route = routes.routes.find((r) => r.name.startsWith('Route B') && (r.seatsLeft ?? 1) > 0)!;

  await section.locator(`[data-testid="transport-route-card"][data-route="${route.name}"]`).click();
  const sheet = page.getByTestId('route-sheet');
  await expect(sheet.getByTestId('route-sheet-title')).toHaveText(route.name);
  await expect(sheet.getByTestId('route-stop')).toHaveCount(route.stops.length);
  await sheet.getByTestId('route-add-learner').click();
  const dialog = page.getByTestId('assign-dialog');
  await dialog.getByTestId('assign-search').fill(learner.admissionNumber);
  await dialog.getByTestId('assign-option').filter({ hasText: learner.admissionNumber }).click();
  await expect(dialog.getByTestId('assign-picked')).toContainText(learner.name);
  await dialog.getByTestId('assign-stop').click();
  await page.getByRole('option', { name: new RegExp(route.stops[1]!.name) }).click();
  await shot(page, 'transport-assign');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/transport/routes/${route.id}/learners`));
  await dialog.getByTestId('assign-save').click();
  const res = await posted;
  expect(res.status()).toBe(201);
  const body = (await res.json()) as AssignResponse;
  await expect(dialog).toBeHidden();
  await expect(sheet.locator(`[data-testid="route-learner"][data-name="${learner.name}"]`)).toContainText(route.stops[1]!.name);
  await shot(page, 'transport-route-sheet');

  // The learner's account shows the transport fee: on the current invoice (pro rata) while a term runs,
  // else the route and its termly fee for the next invoice.
  await page.goto(`/dashboard/student-accounts?student=${learner.id}`);
  const account = page.getByTestId('account-sheet');
  await expect(account.getByTestId('account-name')).toHaveText(learner.name);
  if (body.charge.status === 'invoiced') {
    const invoice = account.getByTestId('account-invoice').filter({ hasText: body.charge.invoiceNumber! });
    await invoice.locator('summary').click();
    await expect(invoice).toContainText(`Transport: ${route.name}`);
  } else {
    const note = account.getByTestId('account-transport');
    await expect(note).toContainText(route.name);
    await expect(note).toContainText(route.stops[1]!.name);
    await expect(note).toContainText(`KES ${route.stops[1]!.fee.toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
  }
  await shot(page, 'transport-account');

  // 375 px: the transport page fits the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/transport');
  await expect(page.getByTestId('transport-route-card').first()).toBeVisible();
  await noOverflow(page, '[data-testid="transport"]');
  await shot(page, 'transport-routes');
  await page.getByTestId('transport-tab-vehicles').click();
  await expect(page.getByTestId('vehicle-row').first()).toBeVisible();
  await noOverflow(page, '[data-testid="transport"]');
  await shot(page, 'transport-vehicles');
});

test('the principal reads transport without write buttons', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/transport');
  const section = page.getByTestId('transport');
  await expect(section.getByTestId('transport-route-card').first()).toBeVisible();
  await expect(section.getByTestId('transport-read-only')).toBeVisible();
  await expect(section.getByTestId('transport-new-route')).toHaveCount(0);
  await section.getByTestId('transport-route-card').first().click();
  await expect(page.getByTestId('route-sheet').getByTestId('route-manifest-pdf')).toBeVisible();
  await expect(page.getByTestId('route-add-learner')).toHaveCount(0);
});

test('the parent dashboard shows the child’s school transport', async ({ page }) => {
  await signInViaApi(page, 'parent');
  await page.goto('/dashboard');
  const card = page.getByTestId('child-transport').first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId('child-transport-route')).toHaveText(/^Route A: Ngong Road$/);
  await expect(card.getByTestId('child-transport-vehicle')).toHaveText('KDA 123A');
  await shot(page, 'transport-parent');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await noOverflow(page, 'main');
  await shot(page, 'transport-parent');
});
