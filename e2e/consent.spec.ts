import { expect } from '@playwright/test';
import { test } from './support/test';
import type { ConsentSummary, ConsentsResponse } from '../src/shared/contracts/consents';
import type { ListStudentsResponse } from '../src/shared/contracts/learners';
import { consentMessages } from '../src/shared/messages/consents';
import { announcementScreens } from '../src/shared/messages/announcements-screens';
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

test('a teacher marks an announcement "Required by law"; the parent sees the badge in School News and on the announcement', async ({ page, browser, baseURL }) => {
  const a = announcementScreens;
  const title = `County closure ${Date.now().toString(36)}`;
  const parentContext = await browser.newContext({ baseURL });
  const parent = await parentContext.newPage();
  await signInViaApi(parent, 'parent');
  const children = ((await (await parent.request.get('/api/students?pageSize=10')).json()) as ListStudentsResponse).items;

  await signInViaApi(page, 'teacher');
  const options = (await (await page.request.get('/api/announcements/audience-options')).json()) as { streams: { id: string; name: string }[] };
  const stream = options.streams.find((s) => children.some((c) => c.classId === s.id))!;
  await page.goto('/dashboard/announcements');
  await page.getByTestId('announcement-new').click();
  const sheet = page.getByTestId('compose-sheet');
  await sheet.getByLabel('Title').fill(title);
  await sheet.getByLabel('Message').fill('The county has ordered all schools closed tomorrow.');
  const box = sheet.getByRole('group', { name: 'Parents of streams' }).getByRole('checkbox', { name: stream.name, exact: true });
  if ((await box.getAttribute('data-state')) !== 'checked') await box.click();

  // Only with SMS or e-mail chosen: the box and its warning.
  const statutory = sheet.getByRole('checkbox', { name: a.statutory });
  await expect(statutory).toHaveCount(0);
  await sheet.getByRole('checkbox', { name: 'SMS' }).click();
  await expect(statutory).toBeVisible();
  await expect(sheet.getByText(a.statutoryHint)).toBeVisible();
  await statutory.click();
  await expect(statutory).toHaveAttribute('data-state', 'checked');

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/announcements');
  await sheet.getByTestId('compose-send').click();
  const res = await posted;
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as { statutory: boolean }).statutory).toBe(true);

  // The parent's School News: the badge on the list item and on the opened announcement.
  await parent.goto('/dashboard/announcements');
  const item = parent.getByTestId('announcement-item').filter({ hasText: title });
  await expect(item.getByTestId('announcement-statutory-badge')).toHaveText(a.statutory);
  await item.getByTestId('announcement-open').click();
  const detail = parent.getByTestId('announcement-detail');
  await expect(detail.getByTestId('announcement-detail-title')).toHaveText(title);
  await expect(detail.getByTestId('announcement-statutory-badge')).toHaveText(a.statutory);
  await parentContext.close();
});

test('the principal finds the consent register under Reports: the counts to follow up and the Excel download', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const summary = (await (await page.request.get('/api/data-protection/consent-summary')).json()) as ConsentSummary;
  await page.goto('/reports');
  const card = page.getByTestId('consent-register-card');
  await expect(card.getByText(consentMessages.register.title)).toBeVisible();
  await expect(card.getByTestId('consent-not-answered')).toContainText(String(summary.notAnswered));
  await expect(card.getByTestId('consent-sms-withdrawn')).toContainText(String(summary.smsWithdrawn));
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('consent-register-excel').click()]);
  expect(download.suggestedFilename()).toMatch(/^consent-register-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // On a phone the card fits without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
