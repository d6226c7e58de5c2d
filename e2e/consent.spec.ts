import { expect } from '@playwright/test';
import { test } from './support/test';
import type { ConsentsResponse } from '../src/shared/contracts/consents';
import type { ListStudentsResponse } from '../src/shared/contracts/learners';
import { consentMessages } from '../src/shared/messages/consents';
import { signInViaApi } from './support/accounts';

/**
 * Issue 35 §5 (Data Protection Act 2019), in the browser: the demo parent opens their dashboard and, in
 * their child's "Privacy and consent", switches SMS off (withdrawn, still so after a reload); the
 * principal opens the learner's Consent tab and sees the parent's SMS consent withdrawn, recorded by the
 * parent, while the other purposes keep their state. Reruns: the parent's SMS consent is first given
 * back through the API, so the journey starts from consent given.
 */

const c = consentMessages.card;

test('a parent withdraws SMS consent in their view; the principal sees it on the Consent card', async ({ page, browser }) => {
  await signInViaApi(page, 'parent');
  const kids = (await (await page.request.get('/api/students?pageSize=10')).json()) as ListStudentsResponse;
  const child = kids.items[0]!;
  const put = await page.request.put(`/api/students/${child.id}/consents`, { data: { consents: [{ purpose: 'sms', granted: true }] } });
  expect(put.status(), await put.text()).toBe(200);
  const own = ((await put.json()) as ConsentsResponse).guardians.find((g) => g.own)!;

  await page.goto('/dashboard');
  const card = page.getByTestId('child-card').filter({ hasText: `${child.firstName}` }).filter({ hasText: child.admissionNumber });
  const privacy = card.getByTestId('privacy-consent');
  await expect(privacy.getByRole('heading', { name: c.privacyTitle })).toBeVisible();
  const sms = privacy.locator('[data-testid="privacy-consent-row"][data-purpose="sms"]');
  await expect(sms).toHaveAttribute('data-state', 'granted');
  await sms.getByRole('switch', { name: c.toggle('SMS', own.name) }).click();
  await expect(page.getByText(c.saved)).toBeVisible();
  await expect(sms).toHaveAttribute('data-state', 'withdrawn');
  await expect(sms).toContainText(c.withdrawn);
  await page.reload();
  await expect(page.getByTestId('child-card').filter({ hasText: child.admissionNumber }).locator('[data-testid="privacy-consent-row"][data-purpose="sms"]')).toHaveAttribute('data-state', 'withdrawn');

  // The principal, in a browser of their own, on the learner's Consent tab.
  const context = await browser.newContext();
  const principal = await context.newPage();
  await signInViaApi(principal, 'principal');
  await principal.goto(`/dashboard/student-information?student=${child.id}`);
  await principal.getByTestId('profile-tab-consent').click();
  const consentCard = principal.getByTestId('consent-card');
  await expect(consentCard.getByRole('heading', { name: c.title })).toBeVisible();
  const row = consentCard.locator(`[data-testid="consent-row"][data-guardian="${own.id}"][data-purpose="sms"]`);
  await expect(row).toHaveAttribute('data-state', 'withdrawn');
  await expect(row.getByTestId('consent-state')).toHaveText(c.withdrawn);
  await expect(row.getByTestId('consent-who')).toContainText('(Parent)');
  await expect(row.getByTestId('consent-when')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // E-mail is still given, and the principal has a switch for it.
  const email = consentCard.locator(`[data-testid="consent-row"][data-guardian="${own.id}"][data-purpose="email"]`);
  await expect(email).toHaveAttribute('data-state', 'granted');
  await expect(email.getByRole('switch')).toBeChecked();
  await context.close();
});
