import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Times as Kenya writes them (issue 34): a time field shows and accepts 24-hour HH:MM whatever the
 * browser's locale (an en-US browser's own time input would show "07:45 AM"), refuses what is not a time
 * of day with the format it asks for, and writes what was typed as HH:MM once the box is left. A form
 * holding a time that is not one refuses to save (rather than save no time): the attendance settings
 * stay as they were; a bus route is saved only once its stop's time is HH:MM (and removed again).
 */

test.use({ locale: 'en-US' });

test('principal: the staff late-after time is 24-hour HH:MM in an en-US browser; 12-hour text is refused', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const settings = (await (await page.request.get('/api/attendance/settings')).json()) as { staffLateAfter: string };
  expect(settings.staffLateAfter).toMatch(/^\d{2}:\d{2}$/);
  await page.goto('/attendance?tab=settings');

  const late = page.getByTestId('settings-late-after');
  await expect(late).toHaveAttribute('type', 'text');
  await expect(late).toHaveAttribute('placeholder', 'HH:MM');
  await expect(late).toHaveValue(settings.staffLateAfter);

  await late.fill('2:30 PM');
  await late.blur();
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toBeVisible();
  await expect(late).toHaveAttribute('aria-invalid', 'true');

  // Saving is refused (one message under the box), nothing is sent.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/attendance/settings') puts.push(r.url());
  });
  await page.getByTestId('attendance-settings-save').click();
  await expect(page.locator('#settings-late-after-error')).toHaveText('Enter the time as HH:MM, 24-hour, e.g. 14:05.');
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toHaveCount(1);
  await expect(late).toBeFocused();
  expect(puts).toEqual([]);

  await late.fill('7:45');
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toHaveCount(0);
  await late.blur();
  await expect(late).toHaveValue('07:45');
  await expect(late).not.toHaveAttribute('aria-invalid', 'true');
});

test('finance officer: a bus stop’s pick-up time in 12-hour text is refused rather than saved with no time', async ({ page }) => {
  await signInViaApi(page, 'finance_officer');
  await page.goto('/dashboard/transport');
  await page.getByTestId('transport-new-route').click();
  const form = page.getByTestId('route-form');
  const name = `Times check ${Date.now().toString(36)}`;
  await form.getByTestId('route-name').fill(name);
  await form.getByTestId('route-fee').fill('3000');
  await form.getByTestId('stop-name').fill('Kahawa Sukari stage');
  const pickUp = form.getByRole('textbox', { name: 'Pick-up' });
  const dropOff = form.getByRole('textbox', { name: 'Drop-off' });
  await pickUp.fill('6:45 PM');
  await dropOff.fill('16:30');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/transport/routes') posts.push(r.url());
  });
  await form.getByTestId('route-save').click();
  await expect(form.getByTestId('route-form-error')).toContainText('Enter the time as HH:MM, 24-hour, e.g. 14:05.');
  await expect(pickUp).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  await pickUp.fill('18.45');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/transport/routes');
  await form.getByTestId('route-save').click();
  const res = await saved;
  expect(res.status(), await res.text()).toBe(201);
  const route = (await res.json()) as { id: string; stops: { name: string; pickupTime: string | null; dropoffTime: string | null }[] };
  expect(route.stops.map((s) => [s.name, s.pickupTime, s.dropoffTime])).toEqual([['Kahawa Sukari stage', '18:45', '16:30']]);
  await expect(form).toBeHidden();
  // The journey's own route goes again (other journeys count the demo's routes).
  expect((await page.request.delete(`/api/transport/routes/${route.id}`)).status()).toBeLessThan(300);
});
