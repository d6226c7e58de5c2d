import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { DEMO_PASSWORD, signInViaApi } from './support/accounts';
import { admitViaApi } from './support/learners';

/**
 * Learner movements (issue 10 §2 Promotion, Transfers, Exit) as the principal clicks through them:
 * the promotion wizard (years → mapping → exceptions → preview → apply into 2027, then Undo); transfers
 * out to another school and to Riverside on EduFam, in from another school, the history list, and the
 * Riverside principal accepting the request; an exit and a readmission. Self-contained on the shared
 * e2e database: the promotion is undone at the end, and the transfer and exit journeys use learners
 * they admit themselves.
 *
 * MOVEMENTS_SHOTS=<dir> also saves screenshots of each screen (MOVEMENTS_WIDTH, default 1440 px).
 */

const SHOTS = process.env.MOVEMENTS_SHOTS;
if (SHOTS) test.use({ viewport: { width: Number(process.env.MOVEMENTS_WIDTH ?? 1440), height: 900 } });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** A Select (radix) option by its visible text. */
async function choose(page: Page, trigger: string, option: string | RegExp) {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).first().click();
}

/** Admits a learner through the API (the journeys move learners they own) and returns their id. */
async function admit(page: Page, firstName: string, lastName: string, className: string, phone: string): Promise<string> {
  const learner = await admitViaApi(page, className, {
    firstName,
    lastName,
    gender: 'F',
    dateOfBirth: '2013-04-09',
    admittedOn: demo.cal.terms[0]!.startsOn,
    upi: `UPI-${lastName.toUpperCase()}-77`,
    guardians: [{ name: `Mary ${lastName}`, relationship: 'mother', phone }],
  });
  return learner.id;
}

async function pickLearner(page: Page, picker: string, name: string) {
  await page.getByTestId(`${picker}-search`).fill(name);
  await page.getByTestId(`${picker}-option`).filter({ hasText: name }).first().click();
  await expect(page.getByTestId(`${picker}-selected`)).toContainText(name);
}

test.describe('movements', () => {
  test('promotion: preview and apply into next year, then undo', async ({ page }) => {
    await signInViaApi(page, 'principal');
    await page.goto('/dashboard/student-promotion');
    const wizard = page.getByTestId('promotion-wizard');
    await expect(wizard.getByTestId('promotion-years')).toBeVisible();
    await expect(page.getByTestId('promotion-from')).toContainText(demo.yearName);
    await expect(page.getByTestId('promotion-to')).toContainText(demo.nextYearName);
    await expect(page.getByTestId('promotion-target-hint')).toContainText(demo.nextYearName);
    await shot(page, 'promotion-years');

    // Stream mapping: one level up; the final level graduates.
    await page.getByTestId('promotion-next').click();
    await expect(page.getByTestId('promotion-mapping')).toBeVisible();
    await expect(page.locator('[data-testid="mapping-row"][data-stream="Grade 7 East"]').getByTestId('mapping-select')).toContainText('Grade 8 East');
    await expect(page.locator('[data-testid="mapping-row"][data-stream="Grade 9 West"]').getByTestId('mapping-select')).toContainText('Graduates');
    await shot(page, 'promotion-mapping');

    // Exceptions: one Grade 7 East learner repeats.
    await page.getByTestId('promotion-next').click();
    await choose(page, 'exceptions-stream', /^Grade 7 East/);
    const first = page.getByTestId('exception-learner').first();
    await expect(first).toBeVisible();
    const repeater = (await first.getAttribute('data-name'))!;
    await first.getByTestId('exception-repeat').click();
    await expect(page.getByTestId('exceptions-marked')).toContainText('1 exception');
    await expect(page.getByTestId('exceptions-marked')).toContainText(repeater);
    await shot(page, 'promotion-exceptions');

    // Preview (dry run).
    await page.getByTestId('promotion-next').click();
    await expect(page.getByTestId('promotion-preview')).toBeVisible();
    await expect(page.getByTestId('preview-repeated-count')).toHaveText('1');
    await expect(page.getByTestId('preview-graduated-count')).not.toHaveText('0');
    await expect(page.getByTestId('preview-streams')).toContainText('Grade 7 East');
    await shot(page, 'promotion-preview');

    // Apply.
    await page.getByTestId('promotion-next').click();
    await expect(page.getByTestId('promotion-apply')).toContainText(demo.nextYearName);
    await shot(page, 'promotion-apply');
    await page.getByTestId('promotion-apply-button').click();
    await expect(page.getByTestId('promotion-done-message')).toContainText(`moved from ${demo.yearName} to ${demo.nextYearName}`);
    const batch = page.getByTestId('promotion-batch').first();
    await expect(batch).toHaveAttribute('data-status', 'applied');
    await expect(batch).toContainText(`${demo.yearName} → ${demo.nextYearName}`);
    await expect(batch).toContainText('1 repeating');
    await shot(page, 'promotion-done');

    // Undo: everyone back in this year's stream.
    await batch.getByTestId('promotion-undo').click();
    await expect(page.getByTestId('promotion-undo-dialog')).toContainText(`Undo the promotion from ${demo.yearName} to ${demo.nextYearName}?`);
    await page.getByTestId('promotion-undo-confirm').click();
    await expect(page.getByText('Promotion undone')).toBeVisible();
    await expect(page.getByTestId('promotion-batch').first()).toHaveAttribute('data-status', 'undone');
    const found = (await (await page.request.get(`/api/students?search=${encodeURIComponent(repeater)}`)).json()) as { items: { className: string }[] };
    expect(found.items.map((s) => s.className)).toContain('Grade 7 East');
  });

  test('transfers: out to another school, in from one, and a Greenhill → Riverside request accepted on EduFam', async ({ page, browser }) => {
    await signInViaApi(page, 'principal');
    await admit(page, 'Amani', 'Wekesa', 'Grade 6 East', '0722 600 101');
    await admit(page, 'Neema', 'Chebet', 'Grade 8 West', '0722 600 102');
    await page.goto('/dashboard/transfer-management');
    await expect(page.getByTestId('transfer-out-form')).toBeVisible();

    // Out to a school not on EduFam, with the fee warning.
    await pickLearner(page, 'out-learner', 'Amani Wekesa');
    // A learner admitted today has no invoice yet: nothing owed (the fees module's balance).
    await expect(page.getByTestId('out-fees')).toContainText('No fees are owed.');
    await page.getByTestId('out-mode-other').click();
    await page.getByTestId('out-school-name').fill('Moi Avenue Primary School');
    await page.getByTestId('out-reason').fill('The family is moving to Mombasa');
    await page.getByTestId('out-certificate').fill('LC-2026-031');
    await shot(page, 'transfers-out');
    await page.getByTestId('out-submit').click();
    await expect(page.getByTestId('out-confirm-dialog')).toContainText('Transfer Amani Wekesa out?');
    await page.getByTestId('out-confirm').click();
    await expect(page.getByText('Amani Wekesa was transferred out to Moi Avenue Primary School.')).toBeVisible();

    // Out to Riverside on EduFam: a transfer request.
    await pickLearner(page, 'out-learner', 'Neema Chebet');
    await choose(page, 'out-school', /Riverside International School/);
    await page.getByTestId('out-reason').fill('Joining the IGCSE programme');
    await page.getByTestId('out-submit').click();
    await page.getByTestId('out-confirm').click();
    await expect(page.getByText(/A transfer request was sent to Riverside International School/)).toBeVisible();

    // In from another school.
    await page.getByTestId('tab-in').click();
    await expect(page).toHaveURL(/tab=in/);
    await page.getByTestId('in-firstName').fill('Baraka');
    await page.getByTestId('in-lastName').fill('Otieno');
    await page.getByTestId('in-gender-male').click();
    await page.getByTestId('in-dateOfBirth').fill('2014-02-17');
    await page.getByTestId('in-previousSchool').fill('Kilimani Primary School');
    await page.getByTestId('in-previousUpi').fill('KIL-UPI-5521');
    await page.getByTestId('in-class').click();
    await page.getByRole('option', { name: /Grade 5 West/ }).click();
    await page.getByTestId('in-guardianName').fill('Rose Otieno');
    await choose(page, 'in-relationship', 'Mother');
    await page.getByTestId('in-phone').fill('0722 600 103');
    await shot(page, 'transfers-in');
    await page.getByTestId('in-submit').click();
    const capacity = page.getByTestId('in-capacity-confirm');
    const done = page.getByTestId('in-done');
    await expect(capacity.or(done)).toBeVisible();
    if (await capacity.isVisible()) await capacity.click();
    await expect(done).toContainText(new RegExp(`Baraka Otieno was admitted by transfer as GHA/${demo.cal.today.slice(0, 4)}/\\d{4}`));

    // History with filters.
    await page.getByTestId('tab-history').click();
    const rows = page.getByTestId('transfers-history').locator('[data-testid="transfer-row"], [data-testid="transfer-row-card"]').filter({ visible: true });
    await expect(rows.filter({ hasText: 'Amani Wekesa' })).toContainText('Moi Avenue Primary School');
    await expect(rows.filter({ hasText: 'Neema Chebet' })).toContainText('Pending');
    await expect(rows.filter({ hasText: 'Baraka Otieno' })).toContainText('Kilimani Primary School');
    await choose(page, 'transfers-direction', 'In');
    await expect(page).toHaveURL(/direction=in/);
    await expect(rows.filter({ hasText: 'Amani Wekesa' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Baraka Otieno' })).toHaveCount(1);
    await shot(page, 'transfers-history');

    // The Riverside principal accepts the request into Year 9 Blue.
    const rsContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const rs = await rsContext.newPage();
    const signIn = await rs.request.post('/api/auth/sign-in', {
      data: { email: 'principal@riverside.edufam.test', password: DEMO_PASSWORD, accessType: 'school', rememberMe: true },
    });
    expect(signIn.status()).toBe(200);
    await rs.goto('/dashboard/transfer-management?tab=requests');
    await expect(rs.getByTestId('requests-pending')).toHaveText('1');
    const request = rs.getByTestId('requests-incoming').getByTestId('transfer-request').filter({ hasText: 'Neema Chebet' });
    await expect(request).toContainText('From Greenhill Academy');
    await expect(request).toContainText('UPI UPI-CHEBET-77');
    await shot(rs, 'transfers-requests');
    await request.getByTestId('request-accept').click();
    await rs.getByTestId('accept-class').click();
    await rs.getByRole('option', { name: /Year 9 Blue/ }).click();
    await rs.getByTestId('accept-confirm').click();
    await expect(rs.getByText('Transfer accepted')).toBeVisible();
    await expect(request.getByTestId('request-status')).toHaveText('Accepted');
    await expect(request.getByTestId('request-open-record')).toBeVisible();
    await rsContext.close();

    // Greenhill sees the answer.
    await page.getByTestId('tab-requests').click();
    await expect(page.getByTestId('requests-outgoing').getByTestId('transfer-request').filter({ hasText: 'Neema Chebet' }).getByTestId('request-status')).toHaveText('Accepted');
  });

  test('exit: a withdrawal leaves the active list; the learner is readmitted', async ({ page }) => {
    await signInViaApi(page, 'principal');
    await admit(page, 'Zawadi', 'Njoki', 'Grade 4 East', '0722 600 104');
    await page.goto('/dashboard/exit-management');
    await expect(page.getByTestId('exits-section')).toBeVisible();
    await page.getByTestId('exit-open').click();
    const dialog = page.getByTestId('exit-dialog');
    await pickLearner(page, 'exit-learner', 'Zawadi Njoki');
    await dialog.getByTestId('exit-type-withdrawal').click();
    await dialog.getByTestId('exit-reason').fill('The family moved abroad');
    await shot(page, 'exits-dialog');
    await dialog.getByTestId('exit-submit').click();
    await expect(page.getByText('Exit recorded')).toBeVisible();

    // Table rows from 768 px, cards below.
    const rows = page.getByTestId('exits-list').locator('[data-testid="exit-row"], [data-testid="exit-row-card"]').filter({ visible: true });
    const row = rows.filter({ hasText: 'Zawadi Njoki' });
    await expect(row).toContainText('Withdrawal');
    await expect(row.getByTestId('learner-status')).toHaveText('Exited');
    const active = (await (await page.request.get('/api/students?search=Zawadi%20Njoki')).json()) as { total: number };
    expect(active.total).toBe(0);
    await choose(page, 'exits-state', 'Out of school');
    await expect(row).toBeVisible();
    await shot(page, 'exits-list');

    await row.getByTestId('exit-readmit').click();
    const readmit = page.getByTestId('readmit-dialog');
    await readmit.getByTestId('readmit-class').click();
    await page.getByRole('option', { name: /Grade 4 West/ }).click();
    await readmit.getByTestId('readmit-confirm').click();
    await expect(page.getByText('Learner readmitted')).toBeVisible();
    await page.getByTestId('exits-toolbar-clear').click();
    await expect(row).toContainText('Readmitted');
    await expect(row).toContainText('Grade 4 West');
    const back = (await (await page.request.get('/api/students?search=Zawadi%20Njoki')).json()) as { items: { className: string; status: string }[] };
    expect(back.items).toEqual([expect.objectContaining({ status: 'active', className: 'Grade 4 West' })]);
  });
});
