import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi, type DemoRole } from './support/accounts';

/**
 * Issue 34, names, cut-offs and two-factor: every page is headed by the sidebar label that opens it
 * (the sidebar keeps spec §2's "MPESA Payments", the page writes M-Pesa); at 1440 px nothing in the
 * admin Users list, the teacher's sidebar or the parent's transport card is cut; two-factor sign-in is
 * reachable from the user menu's Profile Settings.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The page heading a sidebar label should open: the label itself, M-Pesa spelt as the screens spell it. */
const headingFor = (label: string) => (label === 'MPESA Payments' ? 'M-Pesa Payments' : label);

/** True when the element shows all of its content (nothing hidden behind an ellipsis or overflow). */
async function showsWhole(el: Locator): Promise<boolean> {
  return el.evaluate((node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight);
}

const HOME: Record<string, string> = { edufam_admin: '/admin/dashboard' };

test.describe('headings match the sidebar', () => {
  for (const role of ['edufam_admin', 'school_director', 'principal', 'finance_officer'] as const satisfies readonly DemoRole[]) {
    test(`${role}: each sidebar item opens a page headed by its label`, async ({ page }) => {
      test.setTimeout(180_000);
      await signInViaApi(page, role);
      await page.goto(HOME[role] ?? '/dashboard');
      const links = nav(page).locator('a[data-section]');
      await expect(links.first()).toBeVisible();
      // Each item's section and its visible label (not the unread count beside it).
      const items = await links.evaluateAll((els) =>
        els.map((el) => {
          const label = [...el.children].find((c) => c.tagName === 'SPAN' && !c.hasAttribute('hidden') && !c.hasAttribute('aria-hidden'));
          return [el.getAttribute('data-section') ?? '', label?.textContent?.trim() ?? ''] as const;
        }),
      );
      const pages = items.filter(([section]) => section !== 'dashboard');
      expect(pages.length).toBeGreaterThan(5);
      for (const [section, label] of pages) {
        await nav(page).locator(`a[data-section="${section}"]`).click();
        await expect(page.getByRole('heading', { level: 1 }), `the page "${label}" opens`).toHaveText(headingFor(label), { timeout: 15_000 });
      }
    });
  }

  test('the sidebar says "MPESA Payments", the page "M-Pesa Payments"', async ({ page }) => {
    await signInViaApi(page, 'finance_officer');
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'MPESA Payments', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('M-Pesa Payments');
    await expect(page.getByRole('heading', { name: 'MPESA Payments' })).toHaveCount(0);
  });
});

test.describe('nothing cut at 1440 px', () => {
  test('the admin Users list shows whole names, e-mails and schools', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/users');
    const rows = page.getByTestId('user-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management');
    const count = await rows.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      for (const id of ['user-name', 'user-email', 'user-school']) {
        const cell = row.getByTestId(id);
        expect(await showsWhole(cell), `${id} of row ${i + 1} (${await cell.textContent()})`).toBe(true);
      }
    }
    // The table fits its card: no column pushed out of sight behind a horizontal scroll.
    const table = page.getByTestId('users-section').locator('table');
    const fits = await table.evaluate((t) => (t.parentElement ? t.scrollWidth <= t.parentElement.clientWidth : false));
    expect(fits).toBe(true);
  });

  test("the teacher's sidebar shows Class Announcements whole", async ({ page }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/dashboard');
    const link = nav(page).getByRole('link', { name: 'Class Announcements', exact: true });
    await expect(link).toBeVisible();
    const label = link.locator('span', { hasText: 'Class Announcements' });
    expect(await showsWhole(label)).toBe(true);
  });

  test("the parent's transport card shows the driver's phone", async ({ page }) => {
    await signInViaApi(page, 'parent');
    await page.goto('/dashboard');
    const card = page.getByTestId('child-transport').first();
    await expect(card).toBeVisible();
    const phone = card.getByTestId('child-transport-phone');
    await expect(phone).toBeVisible();
    await expect(phone).toHaveText(/\d{3} \d{3}/);
    const [p, c] = await Promise.all([phone.boundingBox(), card.boundingBox()]);
    expect(p && c && p.x >= c.x && p.x + p.width <= c.x + c.width).toBe(true);
    expect(await showsWhole(card.getByTestId('child-transport-driver'))).toBe(true);
  });
});

test.describe('two-factor from Profile Settings', () => {
  for (const role of ['teacher', 'parent', 'edufam_admin'] as const satisfies readonly DemoRole[]) {
    test(`${role}: user menu → Profile Settings → two-factor sign-in`, async ({ page }) => {
      await signInViaApi(page, role);
      await page.goto(HOME[role] ?? '/dashboard');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
      await dialog.getByRole('link', { name: /Two-factor sign-in and active sessions/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/profile#security$/);
      const card = page.getByTestId('account-security');
      await expect(card).toBeInViewport();
      await expect(card.getByTestId('two-factor-status')).toHaveText('Off');
      await expect(card.getByRole('button', { name: 'Turn on two-factor' })).toBeVisible();
    });
  }
});
