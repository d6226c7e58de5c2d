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

test('teacher: a late learner’s arrival time in 12-hour text stops the register’s save (one message, the box focused)', async ({ page }) => {
  await signInViaApi(page, 'teacher');
  await page.goto('/dashboard/attendance');
  await expect(page.getByTestId('register-title')).toHaveText('Grade 7 East');
  // The previous school day: marked in the demo, still open to its class teacher.
  const shown = await page.getByTestId('register-date').inputValue();
  await page.getByTestId('previous-day').click();
  await expect(page.getByTestId('register-date')).not.toHaveValue(shown);
  const register = page.getByTestId('register');
  await expect(register).toHaveAttribute('data-marked', 'true');
  const row = register.locator('[data-testid="register-row"][data-status="present"]').first();
  const studentId = (await row.getAttribute('data-student-id'))!;
  const learner = register.locator(`[data-testid="register-row"][data-student-id="${studentId}"]`);

  await learner.getByTestId('mark-late').click();
  const arrival = learner.getByTestId('arrival-input');
  await arrival.fill('8:20 AM');
  await arrival.blur();
  await expect(learner.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toBeVisible();

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/attendance/registers') puts.push(r.url());
  });
  await page.getByTestId('register-save').click();
  await expect(page.getByTestId('register-form-error')).toBeVisible();
  await expect(learner.getByTestId('row-error')).toHaveText('Enter the time as HH:MM, 24-hour, e.g. 14:05.');
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toHaveCount(1);
  await expect(arrival).toBeFocused();
  await expect(arrival).toHaveAttribute('aria-invalid', 'true');
  await expect(learner).toHaveAttribute('data-status', 'late');
  expect(puts).toEqual([]);

  // As 24-hour text it is a time: the row's error goes and the box shows it as HH:MM (not saved here:
  // the register's past-day reason and the save are attendance-register.spec's journeys).
  await arrival.fill('8.20');
  await expect(learner.getByTestId('row-error')).toHaveCount(0);
  await arrival.blur();
  await expect(arrival).toHaveValue('08:20');
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toHaveCount(0);
});

test('admin on a phone: a communication’s expiry time that is not a time is refused, its message across the row, not 23:59', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInViaApi(page, 'edufam_admin');
  await page.goto('/admin/announcements');
  await page.getByTestId('new-communication').click();
  const dialog = page.getByTestId('communication-dialog');
  await dialog.getByTestId('communication-expires').fill('31/12/2099');
  const time = dialog.getByTestId('communication-expires-time');
  await expect(time).toHaveValue('23:59');
  await time.fill('2:30 PM');
  await time.blur();
  const message = dialog.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.');
  await expect(message).toHaveCount(1);
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  // Under the date and time pair, as wide as the pair (not under the narrow time box alone): two lines at most.
  const [msgBox, timeBox, dayBox] = [await message.boundingBox(), await time.boundingBox(), await dialog.getByTestId('communication-expires').boundingBox()];
  expect(msgBox!.width).toBeGreaterThan(timeBox!.width * 1.5);
  expect(msgBox!.x).toBeLessThanOrEqual(dayBox!.x + 1);
  expect(msgBox!.height).toBeLessThan(40);
  await message.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('communication-expiry-375.png') });

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/communications') posts.push(r.url());
  });
  await dialog.getByTestId('communication-submit').click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(message).toHaveCount(1);
  expect(posts).toEqual([]);
  // Typed as a time, the message goes (the day does not end at 23:59 instead of it).
  await time.fill('14:05');
  await expect(message).toHaveCount(0);
  await expect(time).toHaveValue('14:05');
});
