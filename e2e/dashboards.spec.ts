import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { Dashboard } from '../src/shared/contracts/dashboard';
import { formatDay } from '../src/shared/dates';
import { ACCOUNTS, signInViaApi, type DemoRole } from './support/accounts';

/**
 * The dashboard section per role (spec §2 "The dashboard section picks a dashboard by role"): each
 * demo role signs in, opens its home path and sees real figures from GET /api/dashboard and a chart.
 * Expected figures are read from the API in the same session, so the test follows the seed.
 */

type Kind = Dashboard['kind'];

const fmt = (n: number) => n.toLocaleString('en-KE');

/** Signs in as `role`, reads GET /api/dashboard (asserting its kind) and opens the home path. */
async function openDashboard<K extends Kind>(page: Page, role: DemoRole, kind: K): Promise<Extract<Dashboard, { kind: K }>> {
  await signInViaApi(page, role);
  const res = await page.request.get('/api/dashboard');
  expect(res.status(), await res.text()).toBe(200);
  const data = (await res.json()) as Dashboard;
  expect(data.kind).toBe(kind);
  await page.goto(role.endsWith('_admin') ? '/admin/dashboard' : '/dashboard');
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-kind', kind);
  return data as Extract<Dashboard, { kind: K }>;
}

/** The main SVG of a Recharts chart (legend icons are recharts-surface SVGs too). */
const CHART_SVG = '.recharts-wrapper > svg.recharts-surface';

async function expectChart(page: Page) {
  await expect(page.locator(CHART_SVG).first()).toBeVisible();
}

async function expectStat(page: Page, testId: string, value: number) {
  await expect(page.getByTestId(`${testId}-value`)).toHaveText(fmt(value));
}

test.describe('dashboards by role', () => {
  for (const role of ['edufam_admin', 'elimisha_admin'] as const) {
    test(`${role} sees the platform overview with every school`, async ({ page }) => {
      const data = await openDashboard(page, role, 'platform');
      await expect(page.getByRole('heading', { name: 'Platform Overview' })).toBeVisible();
      await expectStat(page, 'stat-schools', data.schools.total);
      await expectStat(page, 'stat-users', data.users.total);
      await expectStat(page, 'stat-learners', data.learners.total);
      const table = page.getByTestId('schools-table');
      await expect(table.getByText('Greenhill Academy').filter({ visible: true })).toBeVisible();
      await expect(table.getByText('Riverside International School').filter({ visible: true })).toBeVisible();
      await expectChart(page);
    });
  }

  test('school director sees the school overview with learners per grade', async ({ page }) => {
    const data = await openDashboard(page, 'school_director', 'director');
    await expect(page.getByRole('heading', { name: 'School Overview' })).toBeVisible();
    await expectStat(page, 'stat-learners', data.learners.total);
    await expectStat(page, 'stat-teachers', data.teachers);
    await expectStat(page, 'stat-classes', data.classes);
    await expect(page.getByTestId('learners-by-grade').locator(CHART_SVG)).toBeVisible();
    await expect(page.getByTestId('class-teachers')).toHaveCount(0);
  });

  test('principal sees the learner total the API reports and class teachers per class', async ({ page }) => {
    const data = await openDashboard(page, 'principal', 'principal');
    expect(data.learners.total).toBeGreaterThan(0);
    await expectStat(page, 'stat-learners', data.learners.total);
    await expect(page.getByTestId('term-chip')).toContainText(data.term!.name);
    // Between terms the chip says it is the holiday and when the next term opens (dd/mm/yyyy).
    const next = data.term!.next;
    if (data.term!.status === 'ended' && next) {
      await expect(page.getByTestId('term-chip')).toContainText('School holiday');
      await expect(page.getByTestId('term-chip')).toContainText(`${next.name} ${next.academicYear} opens ${formatDay(next.startsOn)}`);
    } else {
      await expect(page.getByTestId('term-chip')).not.toContainText('School holiday');
    }
    const classTeachers = page.getByTestId('class-teachers');
    await expect(classTeachers.getByText('Grade 7 East').filter({ visible: true })).toBeVisible();
    await expect(classTeachers.getByText('Grace Achieng Owino').filter({ visible: true })).toBeVisible();
    await expectChart(page);
  });

  test('teacher sees Grade 7 East as class teacher and their weekly lessons', async ({ page }) => {
    const data = await openDashboard(page, 'teacher', 'teacher');
    await expect(page.getByRole('heading', { name: 'My Teaching' })).toBeVisible();
    const east = page.getByTestId('teacher-class').filter({ hasText: 'Grade 7 East' });
    await expect(east).toBeVisible();
    await expect(east).toContainText('Class teacher');
    await expectStat(page, 'stat-classes', data.totals.classes);
    await expectStat(page, 'stat-learners', data.totals.learners);
    await expectStat(page, 'stat-lessons', data.totals.lessonsPerWeek);
    await expect(page.getByTestId('learners-per-class').locator(CHART_SVG)).toBeVisible();
  });

  test('parent sees both children with class and class teacher contact', async ({ page }) => {
    const data = await openDashboard(page, 'parent', 'parent');
    expect(data.children).toHaveLength(2);
    const cards = page.getByTestId('child-card');
    await expect(cards).toHaveCount(2);
    for (const child of data.children) {
      const card = cards.filter({ hasText: child.admissionNumber });
      await expect(card.getByTestId('child-name')).toContainText(child.firstName);
      await expect(card.getByTestId('child-name')).toContainText(child.lastName);
      await expect(card.getByTestId('child-class')).toHaveText(child.class!.name);
      await expect(card).toContainText(child.classTeacher!.name);
      await expect(card.locator(`a[href="tel:+${child.classTeacher!.phone}"]`)).toBeVisible();
    }
    await expect(page.getByText('Grade 7 West')).toBeVisible();
    await expect(page.getByText('Grade 4 West')).toBeVisible();
    await expect(page.getByTestId('school-calendar').locator(CHART_SVG)).toBeVisible();
  });

  test('finance officer sees fee figures and learner figures', async ({ page }) => {
    const data = await openDashboard(page, 'finance_officer', 'finance');
    await expect(page.getByRole('heading', { name: 'Finance Overview' })).toBeVisible();
    await expectStat(page, 'stat-learners', data.learners.total);
    await expectStat(page, 'stat-classes', data.classes);
    await expect(page.getByTestId('stat-fees-expected')).toBeVisible();
    await expect(page.getByTestId('stat-fees-rate-value')).toHaveText(/%$/);
    await expectChart(page);
  });

  test('HR sees staff counts by role', async ({ page }) => {
    const data = await openDashboard(page, 'hr', 'hr');
    await expect(page.getByRole('heading', { name: 'Staff Overview' })).toBeVisible();
    // One headcount ("Active staff": staff records), and the accounts figure labelled as accounts (issue 34).
    const hr = (await (await page.request.get('/api/hr-reports/dashboard')).json()) as { activeStaff: number };
    await expectStat(page, 'hr-kpi-active', hr.activeStaff);
    await expect(page.getByText(/^Active staff$/i)).toHaveCount(1);
    await expect(page.getByText('Excluding parents')).toHaveCount(0);
    await expect(page.getByTestId('stat-accounts')).toContainText('Staff with sign-in accounts');
    await expectStat(page, 'stat-accounts', data.staff.active);
    await expectStat(page, 'stat-inactive-accounts', data.staff.inactive);
    await expectStat(page, 'stat-without-class', data.teachers.withoutClass);
    await expect(page.getByTestId('staff-by-role').getByRole('cell', { name: 'Teacher', exact: true })).toBeVisible();
    await expect(page.getByTestId('staff-by-role').locator(CHART_SVG)).toBeVisible();
  });
});

test.describe('dashboard states', () => {
  test('a failed load shows an error card whose Try Again refetches', async ({ page }) => {
    await signInViaApi(page, 'principal');
    let fail = true;
    await page.route('**/api/dashboard', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Boom' } }) })
        : route.continue(),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Unable to load the dashboard')).toBeVisible({ timeout: 20_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('dashboard')).toHaveAttribute('data-kind', 'principal');
  });

  test('fits a 375 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page, 'principal', 'principal');
    await expectChart(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

// Keep the accounts import honest: every role in the helper has a test above.
test('covers all eight demo roles', () => {
  expect(Object.keys(ACCOUNTS).sort()).toEqual(
    ['edufam_admin', 'elimisha_admin', 'finance_officer', 'hr', 'parent', 'principal', 'school_director', 'teacher'].sort(),
  );
});
