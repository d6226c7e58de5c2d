import { expect } from '@playwright/test';
import { test } from './support/test';
import type { StudentDetail } from '../src/shared/contracts/learners';
import { signInViaApi } from './support/accounts';

/**
 * Dates as Kenya writes them (issue 34): the principal types a date of birth as dd/mm/yyyy in the
 * admission form (whatever the browser's own locale), a day that does not exist is refused there with
 * the format it asks for, and the saved learner's profile and edit form show the day as dd/mm/yyyy while
 * the API holds YYYY-MM-DD.
 */

const run = Date.now().toString(36).slice(-5);
const last = `Datesmith${run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
/** A Kenyan mobile number no seeded guardian has (0722 + six digits of this run). */
const phone = `0722${String((Date.now() * 13) % 1_000_000).padStart(6, '0')}`;

test.use({ locale: 'en-US' });

test('principal: a date of birth typed as dd/mm/yyyy is saved and shown as dd/mm/yyyy', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/student-admission');

  await page.getByTestId('learner-firstName').fill('Akinyi');
  await page.getByTestId('learner-lastName').fill(last);
  await page.getByTestId('learner-gender').getByText('Female', { exact: true }).click();

  const dob = page.getByTestId('learner-dateOfBirth');
  await expect(dob).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await expect(dob).toHaveAttribute('type', 'text');
  await expect(page.getByTestId('learner-dateOfBirth-calendar')).toBeVisible();

  // 31 April does not exist: refused where it was typed, with the format asked for.
  await dob.fill('31/04/2017');
  await dob.blur();
  await expect(page.getByText('Enter a real date as dd/mm/yyyy, e.g. 28/11/2026.')).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');

  // Day first, as Kenya writes it (an en-US browser would read 09/04 as 4 September).
  await dob.fill('9/4/2017');
  await expect(page.getByText('Enter a real date as dd/mm/yyyy, e.g. 28/11/2026.')).toHaveCount(0);
  await dob.blur();
  await expect(dob).toHaveValue('09/04/2017');

  await page.getByTestId('learner-classId').click();
  await page.getByRole('option').filter({ hasText: /^Grade 2 East/ }).click();
  const g = page.getByTestId('guardian-fields').first();
  await g.getByTestId('guardian-phone').fill(phone);
  await g.getByTestId('guardian-name').fill(`Otieno ${last}`);
  await g.getByTestId('guardian-relationship').click();
  await page.getByRole('option', { name: 'Father', exact: true }).click();
  await page.getByTestId('admission-submit').click();

  const success = page.getByTestId('admission-success');
  await expect(success).toBeVisible();
  await success.getByTestId('admission-open-profile').click();
  await expect(page).toHaveURL(/\/dashboard\/student-information\?student=/);
  await expect(page.getByTestId('profile-name')).toHaveText(`Akinyi ${last}`);

  // The API keeps the ISO day; people read dd/mm/yyyy.
  const studentId = new URL(page.url()).searchParams.get('student')!;
  const res = await page.request.get(`/api/students/${studentId}`);
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as StudentDetail).dateOfBirth).toBe('2017-04-09');
  await expect(page.getByTestId('detail-dateOfBirth')).toContainText('09/04/2017');

  // The edit form shows the same day the same way.
  await page.getByTestId('profile-edit').click();
  await expect(page.getByRole('dialog').getByTestId('learner-dateOfBirth')).toHaveValue('09/04/2017');
});

/** "2026-10-28" → "28/10/2026", written out here so the test does not lean on the app's own formatter. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

test('HR: the payroll runs list shows each pay date as dd/mm/yyyy, not the API’s YYYY-MM-DD', async ({ page }) => {
  await signInViaApi(page, 'hr');
  const res = await page.request.get('/api/payroll/runs');
  expect(res.status(), await res.text()).toBe(200);
  const runs = ((await res.json()) as { items: { month: string; payDate: string }[] }).items;
  expect(runs.length).toBeGreaterThan(0);

  await page.goto('/dashboard/payroll');
  const table = page.getByTestId('runs-list-table');
  for (const r of runs) {
    const row = table.locator('tr').filter({ has: page.getByTestId(`run-${r.month}`) });
    await expect(row, r.month).toContainText(dmy(r.payDate));
    await expect(row, r.month).not.toContainText(r.payDate);
  }
});

test('principal: "Admitted this term" says since which day as dd/mm/yyyy', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/academic-management');
  await expect(page.getByTestId('hub-admitted-hint')).toHaveText(/^Since \d{2}\/\d{2}\/\d{4} \(Term \d\)$/);
});
