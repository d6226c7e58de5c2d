import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { demoToday } from '../src/server/seed/demo-calendar';
import { addDays, formatDay } from '../src/shared/dates';

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
  await expect(preview).toContainText(/This will reach \d[\d,]* (person|people): \d[\d,]* in the app, \d[\d,]* by e-mail\./);
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

test.describe('scheduling in an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('a scheduled announcement takes its day as dd/mm/yyyy and a 24-hour time; 12-hour text is refused, not sent now', async ({ page }) => {
    const title = `Sports day ${Date.now().toString(36)}`;
    const day = addDays(demoToday(), 7);
    const expiryDay = addDays(day, 3);
    // The parents of a stream of the teacher's with the demo parent's child in it (an audience of someone).
    await signInViaApi(page, 'parent');
    const children = (await json<{ items: { classId: string | null }[] }>(page.request, '/api/students')).items;
    await signInViaApi(page, 'teacher');
    const options = await json<{ streams: { id: string; name: string }[] }>(page.request, '/api/announcements/audience-options');
    const taught = options.streams.find((s) => children.some((c) => c.classId === s.id))!;
    await page.goto('/dashboard/announcements');
    await page.getByTestId('announcement-new').click();
    const sheet = page.getByTestId('compose-sheet');
    await sheet.getByLabel('Title').fill(title);
    await sheet.getByLabel('Message').fill('Sports day starts at the field.');
    const parentsOf = sheet.getByRole('group', { name: 'Parents of streams' });
    const stream = parentsOf.getByRole('checkbox', { name: taught.name, exact: true });
    if ((await stream.getAttribute('data-state')) !== 'checked') await stream.click();
    await expect(sheet.getByTestId('compose-preview')).toContainText('This will reach');

    await sheet.getByLabel('Schedule', { exact: true }).click();
    const publishDay = sheet.getByTestId('announcement-publish-at');
    const publishTime = sheet.getByTestId('announcement-publish-at-time');
    await expect(publishDay).toHaveAttribute('type', 'text');
    await expect(publishDay).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await expect(sheet.getByLabel('Publish at (Nairobi time)')).toHaveAttribute('data-testid', 'announcement-publish-at');
    await expect(publishTime).toBeDisabled();
    await publishDay.fill(formatDay(day));
    await publishTime.fill('2:30 PM');
    await sheet.getByTestId('announcement-expires').fill(formatDay(expiryDay));

    // 12-hour text is not a time: nothing is sent (neither now nor at some other hour).
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/announcements') posts.push(r.url());
    });
    await sheet.getByTestId('compose-send').click();
    await expect(sheet.getByTestId('announcement-publish-at-time-format')).toHaveText('Enter the time as HH:MM, 24-hour, e.g. 14:05.');
    await expect(sheet.getByTestId('compose-error')).toHaveCount(0);
    await expect(publishTime).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);

    // 14:30 Nairobi time; the expiry day with no time ends at 23:59 (Nairobi).
    await publishTime.fill('14:30');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/announcements');
    await sheet.getByTestId('compose-send').click();
    const res = await posted;
    expect(res.status(), await res.text()).toBe(201);
    const sent = res.request().postDataJSON() as { publishAt: string; expiresAt: string };
    expect(sent.publishAt).toBe(new Date(`${day}T14:30:00+03:00`).toISOString());
    expect(sent.expiresAt).toBe(new Date(`${expiryDay}T23:59:00+03:00`).toISOString());
    await expect(page.getByText(`It will be published ${formatDay(day)} 14:30.`)).toBeVisible();

    // Not left waiting to publish in the demo.
    const { id } = (await res.json()) as { id: string };
    expect((await page.request.post(`/api/announcements/${id}/cancel`)).status()).toBe(200);
  });
});
