import { expect } from '@playwright/test';
import { test } from './support/test';
import { DEMO_PASSWORD } from './support/accounts';
import { KISWAHILI_READERS, KISWAHILI_STAFF } from './support/fixture-accounts';
import { expectNoEnglish, sw } from './support/kiswahili';
import { messages } from '../src/shared/messages';
import { languageMessages } from '../src/shared/messages/language';
import { attendanceMessages } from '../src/shared/messages/attendance';
import type { MyChildrenFees } from '../src/shared/contracts/fees';

/**
 * EduFam in Kiswahili (issue 36 §1), with the journeys' own accounts (their saved language is
 * Kiswahili; e2e/support/server.ts), so no other journey meets Kiswahili:
 *  1. A parent picks Kiswahili on the sign-in page, signs in, walks every parent screen (no English
 *     catalogue string on any), pays a child's fees by M-Pesa through the simulator and reads the
 *     released results.
 *  2. A class teacher marks a register in Kiswahili.
 *  3. A person switches between the languages in Profile Settings; the choice is saved to the profile.
 */

test.describe('Kiswahili', () => {
  test('a parent signs in in Kiswahili, reads every screen in it, pays fees and reads results', async ({ page }) => {
    await page.goto('/login');
    const picker = page.getByRole('radiogroup', { name: languageMessages.label });
    await picker.getByRole('radio', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('radiogroup', { name: sw(() => languageMessages.label) }).getByRole('radio', { name: 'Kiswahili' })).toHaveAttribute('aria-checked', 'true');
    const schoolTab = page.getByRole('tab', { name: sw(() => messages.login.schoolSection) });
    await schoolTab.click();
    await expectNoEnglish(page, '/login');
    const panel = page.getByRole('tabpanel', { name: sw(() => messages.login.schoolSection) });
    await panel.getByLabel(sw(() => messages.login.email), { exact: true }).fill(KISWAHILI_READERS.parent);
    await panel.getByLabel(sw(() => messages.login.password), { exact: true }).fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: sw(() => messages.login.signIn) }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    // Every screen of the parent's sidebar, in Kiswahili.
    for (const path of ['/dashboard', '/dashboard/grades', '/dashboard/attendance', '/dashboard/finance', '/dashboard/timetable', '/dashboard/announcements', '/dashboard/reports', '/dashboard/support', '/dashboard/messages']) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoEnglish(page, path);
    }

    // Pays a child's fees by M-Pesa (simulator): the dialog and its outcome in Kiswahili.
    const fees = (await (await page.request.get('/api/fees/my-children')).json()) as MyChildrenFees;
    const child = fees.children[0]!;
    await page.goto('/dashboard/finance');
    const card = page.locator(`[data-testid="child-fees"][data-student-id="${child.studentId}"]`);
    const balance = card.getByTestId('child-balance');
    const before = Number(await balance.getAttribute('data-balance'));
    await card.getByTestId('pay-mpesa').click();
    const dialog = page.getByTestId('pay-mpesa-dialog');
    await dialog.getByLabel(sw(() => messages.feesScreens.pay.phone)).fill('0712345678');
    await dialog.getByLabel(sw(() => messages.feesScreens.pay.amount)).fill('500');
    await expectNoEnglish(page, 'the M-Pesa dialog');
    await dialog.getByTestId('pay-mpesa-send').click();
    await expect(dialog.getByTestId('pay-mpesa-succeeded')).toBeVisible({ timeout: 30_000 });
    await expectNoEnglish(page, 'the paid M-Pesa dialog');
    await page.keyboard.press('Escape');
    await expect.poll(async () => Number(await balance.getAttribute('data-balance'))).toBe(Math.round((before - 500) * 100) / 100);

    // Reads the released results.
    await page.goto('/dashboard/grades');
    await expect(page.getByTestId('child-grades').getByTestId('child-subject').first()).toBeVisible();
    await expectNoEnglish(page, 'results');
  });

  test('a class teacher marks a register in Kiswahili', async ({ page }) => {
    const res = await page.request.post('/api/auth/sign-in', { data: { email: KISWAHILI_READERS.teacher, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/dashboard/attendance');
    const register = page.getByTestId('register');
    await expect(register).toBeVisible();
    await expectNoEnglish(page, 'the register');
    await expect(register).toHaveAttribute('data-marked', /true|false/);
    const rows = register.getByTestId('register-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('mark-all-present').click();
    // One learner absent: a change to save whether or not the day was marked before.
    const present = register.locator('[data-testid="register-row"][data-status="present"]').first();
    const name = await present.getAttribute('data-student-id');
    await present.getByTestId('mark-absent').click();
    await expect(register.locator(`[data-testid="register-row"][data-student-id="${name}"]`)).toHaveAttribute('data-status', 'absent');
    // A past day (the latest school day in a holiday) asks for a reason first, in Kiswahili.
    const streams = (await (await page.request.get('/api/attendance/streams')).json()) as { date: string; today: string };
    if (streams.date !== streams.today) {
      await page.getByTestId('register-save').click();
      await expect(page.getByTestId('register-reason-error')).toHaveText(sw(() => attendanceMessages.editReasonRequired));
      await page.getByTestId('register-reason').fill('Rejista iliandikwa kwenye karatasi');
    }
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/attendance/registers');
    await page.getByTestId('register-save').click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('save-result')).toBeVisible();
    await expect(register).toHaveAttribute('data-marked', 'true');
    await expectNoEnglish(page, 'the saved register');
  });

  test('Profile Settings switches the language and saves it to the profile', async ({ page }) => {
    const res = await page.request.post('/api/auth/sign-in', { data: { email: KISWAHILI_READERS.teacher, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
    expect(res.status()).toBe(200);
    await page.goto('/dashboard/profile');
    const card = page.getByRole('radiogroup', { name: sw(() => languageMessages.card) });
    await expect(card.getByRole('radio', { name: 'Kiswahili' })).toHaveAttribute('aria-checked', 'true');
    await card.getByRole('radio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('radiogroup', { name: languageMessages.card }).getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(((await (await page.request.get('/api/auth/session')).json()) as { user: { locale: string } }).user.locale).toBe('en');
    await page.getByRole('radiogroup', { name: languageMessages.card }).getByRole('radio', { name: 'Kiswahili' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    expect(((await (await page.request.get('/api/auth/session')).json()) as { user: { locale: string } }).user.locale).toBe('sw');
  });

  /** A sample of each other role's screens (issue 36 §1 "a sample of each other role's"). */
  const SAMPLES: Record<(typeof KISWAHILI_STAFF)[number]['role'], string[]> = {
    principal: ['/dashboard', '/dashboard/school-management', '/dashboard/students', '/dashboard/grades', '/dashboard/attendance', '/dashboard/finance', '/dashboard/timetable', '/dashboard/reports'],
    school_director: ['/dashboard', '/dashboard/users', '/dashboard/finance', '/dashboard/reports'],
    finance_officer: ['/dashboard', '/dashboard/fee-management', '/dashboard/mpesa-payments', '/dashboard/expenses', '/dashboard/student-accounts', '/dashboard/financial-reports'],
    hr: ['/dashboard', '/dashboard/staff-management', '/dashboard/payroll', '/dashboard/hr-dashboard'],
    edufam_admin: ['/dashboard', '/dashboard/schools', '/dashboard/users', '/dashboard/support'],
  };
  for (const account of KISWAHILI_STAFF) {
    test(`${account.role}: a sample of screens shows no English`, async ({ page }) => {
      const res = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: DEMO_PASSWORD, accessType: account.access, rememberMe: true } });
      expect(res.status(), await res.text()).toBe(200);
      for (const path of SAMPLES[account.role]) {
        await page.goto(path);
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoEnglish(page, `${account.role} ${path}`);
      }
    });
  }
});
