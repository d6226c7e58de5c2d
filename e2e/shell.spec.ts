import { expect, type Page, type Route } from '@playwright/test';
import { test } from './support/test';
import { serverNow } from './support/demo';
import { signInViaApi, type DemoRole } from './support/accounts';

/**
 * The signed-in shell (spec §2 Shell sections / Shell chrome / Settings, §4 App content order,
 * Loading screen, Inactivity, Sidebar, Error screen, §8 Shell and access).
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openShell(page: Page, role: DemoRole, path = '/dashboard') {
  await signInViaApi(page, role);
  await page.goto(path);
  await expect(nav(page)).toBeVisible();
}

/**
 * Answers GET /api/auth/session with the real user, changed by `patch`. Other answers (401 once signed
 * out) pass through untouched: `route.fallback()` needs no fetched body, which a navigation (Sign Out
 * going to /login) may dispose of while this handler still runs.
 */
async function patchSession(page: Page, patch: (user: Record<string, unknown>) => Record<string, unknown>) {
  // The app reads the session, then the user's profile (spec §4 Auth): both carry the user.
  await page.route(/\/api\/auth\/(session|profile)$/, async (route: Route) => {
    const res = await route.fetch().catch(() => null);
    if (!res || res.status() !== 200) return route.fallback().catch(() => undefined);
    // The body too may be disposed by then (seen once in CI after Sign Out): then let the request be.
    const body = (await res.json().catch(() => null)) as { user: Record<string, unknown> } | null;
    if (!body) return route.fallback().catch(() => undefined);
    await route.fulfill({ response: res, json: { user: patch(body.user) } }).catch(() => undefined);
  });
}

test.describe('sidebar', () => {
  test('teacher sees the teacher sections with their own labels', async ({ page }) => {
    await openShell(page, 'teacher');
    await expect(page.getByText('EduFam', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('School Management', { exact: true })).toBeVisible();
    for (const label of ['Dashboard', 'Class Analytics', 'My Class Grades', 'Class Attendance', 'My Students', 'My Timetable', 'Class Announcements', 'Class Reports', 'Support', 'Messages']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav(page).getByRole('link', { name: 'School Management', exact: true })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('parent sees Child Grades and School Fees', async ({ page }) => {
    await openShell(page, 'parent');
    for (const label of ['Child Grades', 'Child Attendance', 'School Fees', 'Class Timetable', 'School News', 'Progress Reports']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav(page).getByRole('link', { name: 'My Students', exact: true })).toHaveCount(0);
  });

  test('finance officer sees MPESA Payments and Finance Notices', async ({ page }) => {
    await openShell(page, 'finance_officer');
    for (const label of ['MPESA Payments', 'Fee Management', 'Expenses', 'Finance Notices', 'Finance Settings']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('platform admin sees the admin sections and "All schools"', async ({ page }) => {
    await openShell(page, 'edufam_admin', '/admin/dashboard');
    for (const label of ['Project Hub', 'System Analytics', 'Schools Management', 'Communication Center', 'System Settings']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('role-badge')).toHaveText('EduFam Admin Staff');
    await expect(page.getByTestId('school-name')).toHaveText('All schools');
    await nav(page).getByRole('link', { name: 'Schools Management', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/schools$/);
    await expect(page.getByRole('heading', { name: 'Schools Management' })).toBeVisible();
  });
});

test.describe('header', () => {
  test('greeting with the first name, role badge, school and date', async ({ page }) => {
    await openShell(page, 'teacher');
    await expect(page.getByTestId('greeting')).toHaveText(/^Good (Morning|Afternoon|Evening), \S+$/);
    await expect(page.getByTestId('role-badge')).toHaveText('Teacher');
    await expect(page.getByTestId('school-name')).toHaveText('Greenhill Academy');
    const today = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(new Date(serverNow()));
    await expect(page.getByTestId('today')).toContainText(today);
  });
});

test.describe('sections', () => {
  test('clicking a section shows its title and marks it current', async ({ page }) => {
    // Since issue 18 every section has its module, so no sidebar link leads to the not-available notice.
    await openShell(page, 'edufam_admin');
    await nav(page).getByRole('link', { name: 'Project Hub', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/project-hub$/);
    await expect(page.getByRole('heading', { name: 'Project Hub' })).toBeVisible();
    await expect(page.getByText('This module is not available yet.', { exact: false })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Project Hub', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('a §2 route opens its section', async ({ page }) => {
    await openShell(page, 'parent', '/finance');
    await expect(page.getByRole('heading', { name: 'School Fees' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'School Fees', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown section shows Section Not Found', async ({ page }) => {
    await openShell(page, 'principal', '/dashboard/not-a-section');
    await expect(page.getByText('Section Not Found')).toBeVisible();
    await expect(page.getByText('The requested section could not be found or is not available for your role.')).toBeVisible();
  });

  test('a teacher opening school management is denied with the spec message', async ({ page }) => {
    await openShell(page, 'teacher', '/dashboard/school-management');
    await expect(page.getByText('Access Denied: Principal access required', { exact: true })).toBeVisible();
  });

  test('a parent opening expenses is denied with the finance officer message', async ({ page }) => {
    await openShell(page, 'parent', '/dashboard/expenses');
    await expect(page.getByText('Access Denied: Expenses are restricted to Finance Officers only', { exact: true })).toBeVisible();
  });

  test('/profile shows the profile panel inline', async ({ page }) => {
    await openShell(page, 'teacher', '/profile');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    for (const card of ['Profile Information', 'Appearance Settings', 'Dashboard Preferences']) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByLabel('Email Address')).toBeDisabled();
    await expect(page.getByText('Email cannot be changed')).toBeVisible();
    await expect(page.getByText('Use compact layout for dashboard')).toBeVisible();
  });
});

test.describe('sign-out', () => {
  test('log out goes to /login and Back does not return to the shell', async ({ page }) => {
    await signInViaApi(page, 'principal');
    await page.goto('/');
    await page.goto('/dashboard/grades');
    await expect(nav(page)).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/dashboard/);
    await expect(nav(page)).toHaveCount(0);
    // The session is gone: opening the shell again lands on /login.
    await page.goto('/dashboard/grades');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('inactivity', () => {
  test('warning at 14 minutes, sign-out at 15 minutes', async ({ page }) => {
    await page.clock.install();
    await openShell(page, 'teacher', '/dashboard/grades');
    await page.clock.fastForward('13:30');
    await expect(page.getByText('Are you still there?')).toHaveCount(0);
    await page.clock.fastForward('00:31');
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stay Logged In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout Now' })).toBeVisible();
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/login$/);
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(401);
  });

  test('Stay Logged In resets the timers', async ({ page }) => {
    await page.clock.install();
    await openShell(page, 'teacher', '/dashboard/grades');
    await page.clock.fastForward('14:00');
    await page.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toHaveCount(0);
    await page.clock.fastForward('13:00');
    await expect(page).toHaveURL(/\/dashboard\/grades$/);
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toHaveCount(0);
    await page.clock.fastForward('01:00');
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
  });

  test('Logout Now signs out', async ({ page }) => {
    await page.clock.install();
    await openShell(page, 'teacher', '/dashboard/grades');
    await page.clock.fastForward('14:00');
    await page.getByRole('button', { name: 'Logout Now' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('responsive sidebar', () => {
  test('at 375 px the sidebar is a drawer that opens and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard');
    await expect(nav(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const drawer = page.getByTestId('mobile-sidebar');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'My Students', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/students$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
    // Escape closes it too.
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  });

  test('ctrl+b collapses the sidebar and the state survives a reload', async ({ page, context }) => {
    await openShell(page, 'principal', '/dashboard/grades');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // The browser's cookie store dates max-age by the machine's clock, not the page's.
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Collapsed items keep their accessible names.
    await expect(nav(page).getByRole('link', { name: 'Grades', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  });
});

test.describe('profile settings', () => {
  test('changing the name and theme saves, applies dark mode and persists', async ({ page }) => {
    await openShell(page, 'hr', '/dashboard/payroll');
    const original = await (await page.request.get('/api/auth/session')).json();
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Email Address')).toBeDisabled();
      await dialog.getByLabel('Display Name').fill('Wanjiku Test Kamau');
      await dialog.getByRole('radio', { name: 'Dark' }).click();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Settings Updated')).toBeVisible();
      await expect(page.getByText('Your profile settings have been saved successfully.')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(page.getByTestId('greeting')).toHaveText(/, Wanjiku$/);
      await page.reload();
      await expect(page.getByTestId('greeting')).toHaveText(/, Wanjiku$/);
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
      await expect(page.getByRole('dialog').getByLabel('Display Name')).toHaveValue('Wanjiku Test Kamau');
    } finally {
      const u = original.user;
      await page.request.put('/api/profile', { data: { name: u.name, themePreference: u.themePreference, dashboardPreferences: u.dashboardPreferences } });
    }
  });

  test('an empty display name does nothing', async ({ page }) => {
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/profile')) puts++;
    });
    await openShell(page, 'teacher', '/profile');
    await page.getByLabel('Display Name').fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForTimeout(300);
    expect(puts).toBe(0);
    await expect(page.getByText('Settings Updated')).toHaveCount(0);
  });

  test('a failed save shows the Error toast with the message', async ({ page }) => {
    await openShell(page, 'teacher', '/profile');
    await page.route('**/api/profile', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Database is down' } } }),
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Database is down')).toBeVisible();
  });
});

test.describe('app content order', () => {
  test('slow session: loading messages after 2 s and 6 s', async ({ page }) => {
    await page.clock.install();
    await signInViaApi(page, 'teacher');
    await page.route('**/api/auth/session', () => {
      /* never answers */
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Loading...')).toBeVisible();
    await page.clock.fastForward(2_100);
    await expect(page.getByText('This is taking longer than usual. Please wait...')).toBeVisible();
    await page.clock.fastForward(4_000);
    await expect(page.getByText('This is taking too long. There may be a connectivity issue.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  });

  test('server error on the session gives the Database Connection Error card', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'Unable to connect to the database' } } }),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Database Connection Error')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  test('a deactivation error gives Account Deactivated', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({ status: 403, json: { error: { code: 'ACCOUNT_DEACTIVATED', message: 'Your account has been deactivated by the system administrator.' } } }),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Account Deactivated')).toBeVisible({ timeout: 15_000 });
  });

  test('another auth error gives the Authentication Error card', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.route('**/api/auth/session', (route) => route.fulfill({ status: 400, json: { error: { code: 'BAD_SESSION', message: 'Malformed session' } } }));
    await page.goto('/dashboard');
    await expect(page.getByText('Authentication Error')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('There was a problem with your authentication')).toBeVisible();
  });

  test('an inactive user sees Account Deactivated with Contact Support and Sign Out', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await patchSession(page, (u) => ({ ...u, status: 'inactive' }));
    await page.goto('/dashboard');
    await expect(page.getByText('Account Deactivated')).toBeVisible();
    await expect(page.getByText('Your account has been deactivated by the system administrator.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Support' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user without a role sees Account Configuration Error', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await patchSession(page, (u) => ({ ...u, role: null, rawRole: null }));
    await page.goto('/dashboard');
    await expect(page.getByText('Account Configuration Error')).toBeVisible();
    await expect(page.getByText('Your account is not properly configured')).toBeVisible();
    await expect(page.getByText('No role assigned')).toBeVisible();
  });

  test('an unknown role reaches the shell and the dashboard names it', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await patchSession(page, (u) => ({ ...u, role: null, rawRole: 'janitor' }));
    await page.goto('/dashboard');
    await expect(page.getByText('Unknown user role: janitor')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });
});

test.describe('global error screen', () => {
  test('a render crash shows the error screen, reports it, and counts retries', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    // A malformed session (no name) makes the header fail to render.
    await patchSession(page, (u) => ({ ...u, name: null }));
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/errors/frontend') && r.method() === 'POST');
    await page.goto('/dashboard/grades?debug=true');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('We encountered an unexpected error. You can try again or reload the page.')).toBeVisible();
    await expect(page.getByTestId('error-id')).toHaveText(/^ERR-/);
    await expect(page.getByText('Technical details')).toBeVisible();
    const body = (await reported).postDataJSON();
    expect(body.errorId).toMatch(/^ERR-/);
    expect(typeof body.message).toBe('string');
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    for (const left of [3, 2, 1]) {
      await page.getByRole('button', { name: `Try Again (${left} left)` }).click();
    }
    await expect(page.getByRole('button', { name: 'Try Again (0 left)' })).toBeVisible();
    await expect(page.getByText('Application Error: Multiple errors occurred. Please reload the page to continue.')).toBeVisible();
  });

  test('technical details are hidden without debug=true', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await patchSession(page, (u) => ({ ...u, name: null }));
    await page.goto('/dashboard/grades');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Technical details')).toHaveCount(0);
  });
});
