import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import type { Announcement, AnnouncementRecipients } from '../src/shared/contracts/announcements';
import { DEMO_SMS_INCOMING_TOKEN } from '../src/server/config';
import { smsRepliesScreens as t } from '../src/shared/messages/sms-replies';

/**
 * Issue 36 §2 (two-way SMS), in the browser: the class teacher sends an SMS announcement to the
 * parents of Grade 7 East; a guardian without an account replies by SMS (Africa's Talking's
 * incoming-message callback, posted here with the demo token); the teacher sees the reply under
 * Messages → SMS replies, with the guardian's name, unread, and marks it read.
 */

test('the teacher sees a guardian’s SMS reply in Messages and marks it read', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const text = `Asante mwalimu, tutakuja ${stamp}`;
  await signInViaApi(page, 'teacher');
  const options = (await (await page.request.get('/api/announcements/audience-options')).json()) as { streams: { id: string; name: string }[] };
  const stream = options.streams.find((s) => s.name === 'Grade 7 East');
  expect(stream, 'the demo teacher leads Grade 7 East').toBeTruthy();

  const posted = await page.request.post('/api/announcements', {
    data: { title: `Museum visit ${stamp}`, body: 'Please send a packed lunch on Friday.', audience: { parentsOfClassIds: [stream!.id] }, channels: ['sms'] },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const announcement = (await posted.json()) as Announcement;

  // A guardian without an account whose SMS went out (logged, so the reply finds who sent it).
  let guardian: AnnouncementRecipients['recipients'][number] | undefined;
  await expect
    .poll(async () => {
      const got = (await (await page.request.get(`/api/announcements/${announcement.id}/recipients?pageSize=500`)).json()) as AnnouncementRecipients;
      guardian = got.recipients.find((r) => !r.hasAccount && r.sms?.to && (r.sms.status === 'sent' || r.sms.status === 'delivered'));
      return !!guardian;
    })
    .toBe(true);

  const res = await page.request.post(`/api/sms/incoming/${DEMO_SMS_INCOMING_TOKEN}`, {
    form: { from: `+${guardian!.sms!.to}`, to: '22384', text, date: new Date().toISOString(), id: `ATXid_e2e_${stamp}`, linkId: 'e2e' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/messages');
  await page.getByTestId('tab-sms-replies').click();
  const reply = page.getByTestId('sms-reply').filter({ hasText: text });
  await expect(reply).toBeVisible();
  await expect(reply.getByTestId('sms-reply-from')).toHaveText(guardian!.name);
  await expect(reply.getByTestId('sms-reply-unread')).toHaveText(t.unread);
  await expect(reply).toContainText(t.forYou);
  await reply.getByTestId('sms-reply-mark-read').click();
  await expect(reply).toHaveAttribute('data-unread', 'false');
  await expect(reply).toContainText(t.read);
});
