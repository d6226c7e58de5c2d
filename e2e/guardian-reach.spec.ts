import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { announcementScreens as t } from '../src/shared/messages/announcements-screens';
import { announcementMessages } from '../src/shared/messages/announcements';

/**
 * Issue 36 §2 (every guardian reached), in the browser: the class teacher composes an SMS announcement
 * to the parents of their stream (Grade 7 East), sees the count by channel before sending (in the app
 * for parents with an account, by SMS for every guardian with a phone) and how many guardians have no
 * account; after sending, the Delivery sheet lists those guardians with a "No account" badge and their
 * SMS status.
 */

test('a teacher’s SMS announcement reaches the guardians without an account; Delivery marks them "No account"', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Grade 7 East notice ${Date.now().toString(36)}`;
  await signInViaApi(page, 'teacher');
  const options = (await (await page.request.get('/api/announcements/audience-options')).json()) as { streams: { id: string; name: string }[] };
  const stream = options.streams.find((s) => s.name === 'Grade 7 East');
  expect(stream, 'the demo teacher leads Grade 7 East').toBeTruthy();

  await page.goto('/dashboard/announcements');
  await expect(page.getByRole('heading', { name: 'Class Announcements', level: 1 })).toBeVisible();
  await page.getByTestId('announcement-new').click();
  const sheet = page.getByTestId('compose-sheet');
  await sheet.getByLabel('Title').fill(title);
  await sheet.getByLabel('Message').fill('The class visits the museum on Friday. Please send a packed lunch.');
  const parentsOf = sheet.getByRole('group', { name: 'Parents of streams' });
  const box = parentsOf.getByRole('checkbox', { name: stream!.name, exact: true });
  if ((await box.getAttribute('data-state')) !== 'checked') await box.click();
  await expect(box).toHaveAttribute('data-state', 'checked');
  await sheet.getByRole('checkbox', { name: t.channelSms, exact: true }).click();

  // The count by channel before sending.
  const channels = sheet.getByTestId('compose-preview-channels');
  await expect(channels).toContainText(/This will reach \d[\d,]* (person|people): \d[\d,]* in the app, \d[\d,]* by SMS\./);
  expect(Number(await channels.getAttribute('data-sms'))).toBeGreaterThan(Number(await channels.getAttribute('data-app')));
  await expect(sheet.getByTestId('compose-preview-without-account')).toContainText(/guardians? ha(s|ve) no account: reached by SMS or e-mail only\./);
  const reach = Number(await sheet.getByTestId('compose-preview').getAttribute('data-recipients'));

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/announcements');
  await sheet.getByTestId('compose-send').click();
  const res = await posted;
  expect(res.status(), await res.text()).toBe(201);
  await expect(sheet).toBeHidden();

  // Delivery: the guardians without an account are listed with the badge and their SMS status.
  await page.getByTestId('announcements-tab-sent').click();
  const row = page.getByTestId('sent-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByTestId('sent-delivery').click();
  const delivery = page.getByTestId('delivery-sheet');
  await expect(delivery.getByTestId('delivery-recipients-value')).toHaveText(reach.toLocaleString('en-KE'));
  const guardian = delivery.locator('[data-testid="delivery-row"][data-account="false"]').first();
  await expect(guardian).toBeVisible();
  await expect(guardian).toHaveAttribute('data-channel', 'sms');
  await expect(guardian.getByTestId('no-account-badge')).toHaveText(t.noAccount);
  await expect(guardian).toContainText(t.noAccountRead);
  await expect(guardian.getByTestId('delivery-status').first()).toHaveAttribute('data-status', /^(queued|sent|delivered|failed)$/);

  // Through the SMS simulator the guardians' SMS are delivered (the gateway's delivery reports).
  const id = ((await res.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`/api/announcements/${id}/recipients?pageSize=500`)).json()) as {
          recipients: { hasAccount: boolean; channel: string; status: string; sms: { error: string | null } | null }[];
        };
        // A guardian another journey opted out (STOP) is skipped with that reason; every other is delivered.
        const guardians = list.recipients.filter((r) => !r.hasAccount && r.channel === 'sms' && r.sms?.error !== announcementMessages.api.smsOptedOut);
        return guardians.length > 0 && guardians.every((r) => r.status === 'delivered');
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
});
