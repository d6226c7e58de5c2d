import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Issue 17 §1 (school announcements), browser journey: the class teacher posts to the parents of their
 * stream, sees how many people it will reach before sending; the parent, already on School News in a
 * second browser, sees it arrive live without a reload, opens it (marked read, formatting shown as text);
 * the teacher's Delivery view then counts the read.
 */

async function json<T>(req: APIRequestContext, path: string): Promise<T> {
  const res = await req.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

test('a teacher posts to the parents of their stream; the parent sees it live and the read shows in Delivery', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const title = `Class trip ${Date.now().toString(36)}`;

  // The parent, already on School News in their own browser.
  const parentContext = await browser.newContext({ baseURL });
  const parent = await parentContext.newPage();
  await signInViaApi(parent, 'parent');
  const children = (await json<{ items: { classId: string | null; className?: string | null }[] }>(parent.request, '/api/students')).items.filter((c) => c.classId);
  await parent.goto('/dashboard/announcements');
  await expect(parent.getByRole('heading', { name: 'School News', level: 1 })).toBeVisible();
  await expect(parent.getByTestId('announcement-new')).toHaveCount(0);

  // The teacher: one of their streams is the parent's child's.
  await signInViaApi(page, 'teacher');
  const options = await json<{ streams: { id: string; name: string }[] }>(page.request, '/api/announcements/audience-options');
  const stream = options.streams.find((s) => children.some((c) => c.classId === s.id));
  expect(stream, 'the demo teacher teaches the demo parent’s child').toBeTruthy();

  await page.goto('/dashboard/announcements');
  await expect(page.getByRole('heading', { name: 'Class Announcements', level: 1 })).toBeVisible();
  await page.getByTestId('announcement-new').click();
  const sheet = page.getByTestId('compose-sheet');
  await expect(sheet.getByRole('heading', { name: 'New announcement' })).toBeVisible();
  await sheet.getByLabel('Title').fill(title);
  await sheet.getByLabel('Message').fill('Dear parents,\n\nThe class visits the **National Museum** on Friday.\n- Packed lunch\n- <b>Jacket</b>\n\nDetails: https://example.org/trip');
  const parentsOf = sheet.getByRole('group', { name: 'Parents of streams' });
  const box = parentsOf.getByRole('checkbox', { name: stream!.name, exact: true });
  if ((await box.getAttribute('data-state')) !== 'checked') await box.click();
  await expect(box).toHaveAttribute('data-state', 'checked');
  await sheet.getByRole('checkbox', { name: 'E-mail' }).click();

  // Attachments: an executable is refused with the server's reason; a PDF is attached.
  const fileInput = sheet.getByTestId('compose-file-input');
  await fileInput.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]) });
  await expect(page.getByText('Could not upload setup.exe')).toBeVisible();
  await expect(page.getByText(/This type of file is not accepted here/)).toBeVisible();
  await fileInput.setInputFiles({ name: 'trip-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await expect(sheet.getByTestId('compose-file').filter({ hasText: 'trip-letter.pdf' })).toBeVisible();

  // The recipient count before sending.
  const preview = sheet.getByTestId('compose-preview');
  await expect(preview).toContainText(/This will reach \d[\d,]* (person|people) \(\d[\d,]* by e-mail\)/);
  const reach = Number(await preview.getAttribute('data-recipients'));
  expect(reach).toBeGreaterThan(0);

  await sheet.getByTestId('compose-send').click();
  await expect(page.getByText('Announcement sent')).toBeVisible();
  await expect(sheet).toBeHidden();

  // The parent sees it arrive without a reload: unread, bold, with a dot.
  const item = parent.getByTestId('announcement-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 40_000 });
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item.getByTestId('announcement-unread-dot')).toBeVisible();

  // Opening it shows the formatted body as text (HTML not run) and marks it read.
  const marked = parent.waitForResponse((r) => /\/api\/announcements\/[^/]+\/read$/.test(r.url()) && r.request().method() === 'POST');
  await item.getByTestId('announcement-open').click();
  const detail = parent.getByTestId('announcement-detail');
  await expect(detail.getByTestId('announcement-detail-title')).toHaveText(title);
  const body = detail.getByTestId('announcement-detail-body');
  await expect(body.locator('strong')).toHaveText('National Museum');
  await expect(body.getByRole('listitem')).toHaveCount(2);
  await expect(body).toContainText('<b>Jacket</b>');
  await expect(body.locator('b')).toHaveCount(0);
  await expect(body.getByRole('link', { name: 'https://example.org/trip' })).toHaveAttribute('href', 'https://example.org/trip');
  expect((await marked).status()).toBe(200);
  const chip = detail.getByTestId('announcement-attachment').filter({ hasText: 'trip-letter.pdf' });
  const file = await parent.request.get((await chip.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await parent.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(item).toHaveAttribute('data-read', 'true');

  // The teacher's Sent view and Delivery sheet count the read.
  await page.getByTestId('announcements-tab-sent').click();
  const row = page.getByTestId('sent-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('announcement-status')).toHaveText('Published');
  await expect(row.getByTestId('sent-read')).toHaveAttribute('data-read', /[1-9]\d*/, { timeout: 40_000 });
  await row.getByTestId('sent-delivery').click();
  const delivery = page.getByTestId('delivery-sheet');
  await expect(delivery.getByTestId('delivery-recipients-value')).toHaveText(reach.toLocaleString('en-KE'));
  await expect(delivery.getByTestId('delivery-read-value')).not.toHaveText('0');
  await expect(delivery.locator('[data-testid="delivery-row"][data-read="true"]').first()).toBeVisible();
  await expect(delivery.getByTestId('delivery-status').first()).toBeVisible();

  await parentContext.close();
});
