import { expect } from '@playwright/test';
import { test } from './support/test';
import type { TimetableSetup } from '../src/shared/contracts/timetable-setup';
import { signInViaApi } from './support/accounts';

/**
 * Times as Kenya writes them (issue 34): a time field shows and accepts 24-hour HH:MM whatever the
 * browser's locale (an en-US browser's own time input would show "07:45 AM"), refuses what is not a time
 * of day with the format it asks for, and writes what was typed as HH:MM once the box is left. A form
 * holding a time that is not one refuses to save (rather than save no time): the attendance settings
 * stay as they were; a bus route is saved only once its stop's time is HH:MM (and removed again); a
 * school week only once its lesson's start is. A date or time that is not one is said once, under the
 * box that is wrong (or its pair), which takes the focus: a communication's or announcement's expiry
 * (never saved as no expiry), office hours, a bus stop.
 */

test.use({ locale: 'en-US' });

const TIME_MESSAGE = 'Enter the time as HH:MM, 24-hour, e.g. 14:05.';
const DATE_MESSAGE = 'Enter a real date as dd/mm/yyyy, e.g. 28/11/2026.';

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

test('finance officer: a bus stop’s pick-up time in 12-hour text is refused rather than saved with no time (one message, under its stop)', async ({ page }) => {
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
  // Left holding it, the box is wrong: one line under the stop's row says why (as wide as the row).
  const message = form.getByText(TIME_MESSAGE);
  await expect(message).toHaveCount(1);
  await expect(pickUp).toHaveAttribute('aria-invalid', 'true');
  await form.getByTestId('route-save').click();
  // Refused: still that one line (not the form's error as well), the wrong box focused and described by it.
  await expect(pickUp).toBeFocused();
  await expect(message).toHaveCount(1);
  await expect(form.getByTestId('route-form-error')).toHaveCount(0);
  await expect(pickUp).toHaveAttribute('aria-describedby', (await message.getAttribute('id'))!);
  await expect(dropOff).not.toHaveAttribute('aria-invalid', 'true');
  const [msgBox, pickUpBox] = [await message.boundingBox(), await pickUp.boundingBox()];
  expect(msgBox!.y).toBeGreaterThan(pickUpBox!.y + pickUpBox!.height - 1);
  expect(msgBox!.width).toBeGreaterThan(pickUpBox!.width * 1.5);
  await page.screenshot({ path: test.info().outputPath('route-stop-time.png') });
  expect(posts).toEqual([]);

  await pickUp.fill('18.45');
  await expect(message).toHaveCount(0);
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

test('admin: a communication’s mistyped expiry date is refused with the date’s message, not saved as no expiry', async ({ page }) => {
  await signInViaApi(page, 'edufam_admin');
  await page.goto('/admin/announcements');
  await page.getByTestId('new-communication').click();
  const dialog = page.getByTestId('communication-dialog');
  await dialog.getByLabel('Title').fill(`Expiry check ${Date.now().toString(36)}`);
  await dialog.getByLabel('Message').fill('An expiry date that is not a day is refused.');
  await dialog.getByRole('checkbox', { name: 'Parent' }).click();
  // Inactive: no parent sees it while the journeys run (it is deleted again below).
  await dialog.getByTestId('communication-active').click();
  const day = dialog.getByTestId('communication-expires');
  const time = dialog.getByTestId('communication-expires-time');
  const message = dialog.getByText(DATE_MESSAGE);

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/communications') posts.push(r.url());
  });
  // 31 February, then text that is no date at all: refused with the date's own words, once, the box
  // focused and keeping what was typed; nothing saved (before the fix: saved with no expiry).
  for (const typed of ['31/02/2027', 'abc']) {
    await day.fill(typed);
    // Left: the line under the pair says so at once; then the save is refused too.
    await day.blur();
    await expect(message).toHaveCount(1);
    await dialog.getByTestId('communication-submit').click();
    await expect(message).toHaveCount(1);
    await expect(day).toBeFocused();
    await expect(day).toHaveValue(typed);
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(time).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog).toBeVisible();
  expect(posts).toEqual([]);

  // A real day: the message goes, and the communication expires at that day's end (Nairobi).
  await day.fill('31/12/2099');
  await expect(message).toHaveCount(0);
  await expect(time).toHaveValue('23:59');
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/communications');
  await dialog.getByTestId('communication-submit').click();
  const res = await saved;
  expect(res.status(), await res.text()).toBe(201);
  expect((res.request().postDataJSON() as { expiresAt: string | null }).expiresAt).toBe(new Date('2099-12-31T23:59:00+03:00').toISOString());
  await expect(dialog).toBeHidden();
  const { communication } = (await res.json()) as { communication: { id: string } };
  expect((await page.request.delete(`/api/communications/${communication.id}`)).status()).toBeLessThan(300);
});

test('teacher: office hours say a time that is not one once, under the from/to pair, and an end before the start once, under the end', async ({ page }) => {
  await signInViaApi(page, 'teacher');
  await page.goto('/messages');
  await page.getByTestId('office-hours-open').click();
  const dialog = page.getByTestId('office-hours-dialog');
  const start = dialog.getByTestId('office-hours-start');
  const end = dialog.getByTestId('office-hours-end');
  await expect(end).not.toHaveValue('');
  await end.fill('5:30 PM');
  await end.blur();
  const message = dialog.getByText(TIME_MESSAGE);
  await expect(message).toHaveCount(1);
  await expect(message).toHaveAttribute('id', 'office-hours-time-error');

  const puts: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/conversations/office-hours') puts.push(r.status());
  });
  await dialog.getByTestId('office-hours-save').click();
  await expect(end).toBeFocused();
  await expect(message).toHaveCount(1);
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('office-hours-error')).toHaveCount(0);
  expect(puts).toEqual([]);

  // Times, but the end before the start: the server refuses it, said under the end box only (not in the
  // dialog's error as well), and nothing is saved.
  await start.fill('10:00');
  await end.fill('09:00');
  await expect(message).toHaveCount(0);
  const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/conversations/office-hours');
  await dialog.getByTestId('office-hours-save').click();
  expect((await refused).status()).toBe(400);
  const order = dialog.getByText('The end of office hours must be after the start.');
  await expect(order).toHaveCount(1);
  await expect(order).toHaveAttribute('id', 'office-hours-end-error');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('office-hours-error')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('office-hours-order.png') });
  expect(puts).toEqual([400]);
});

test('principal: an announcement’s mistyped expiry is said once, under its day and time, the box focused; nothing is sent', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/announcements');
  await page.getByTestId('announcement-new').click();
  const sheet = page.getByTestId('compose-sheet');
  await sheet.getByLabel('Title').fill(`Expiry check ${Date.now().toString(36)}`);
  await sheet.getByLabel('Message').fill('Not sent: its expiry is mistyped.');
  await sheet.getByTestId('audience-whole-school').click();
  await expect(sheet.getByTestId('compose-preview')).toContainText('This will reach');
  const day = sheet.getByTestId('announcement-expires');
  const time = sheet.getByTestId('announcement-expires-time');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/announcements') posts.push(r.url());
  });
  // A day that is not one (typed, then Send without leaving the box).
  await day.fill('31/02/2027');
  await sheet.getByTestId('compose-send').click();
  const dateMessage = sheet.getByText(DATE_MESSAGE);
  await expect(day).toBeFocused();
  await expect(dateMessage).toHaveCount(1);
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(day).toHaveAttribute('aria-describedby', (await dateMessage.getAttribute('id'))!);
  await expect(sheet.getByTestId('compose-error')).toHaveCount(0);
  // Scrolled to, above the sticky send bar (not hidden under it).
  await expect(dateMessage).toBeInViewport();
  expect((await dateMessage.boundingBox())!.y + (await dateMessage.boundingBox())!.height).toBeLessThanOrEqual((await sheet.getByTestId('compose-preview').boundingBox())!.y);

  // A real day with a time that is not one: the time's message instead, once, under the pair.
  await day.fill('31/12/2099');
  await expect(dateMessage).toHaveCount(0);
  await time.fill('2:30 PM');
  await sheet.getByTestId('compose-send').click();
  const timeMessage = sheet.getByText(TIME_MESSAGE);
  await expect(time).toBeFocused();
  await expect(timeMessage).toHaveCount(1);
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(sheet.getByTestId('compose-error')).toHaveCount(0);
  const [msgBox, timeBox, barTop] = [await timeMessage.boundingBox(), await time.boundingBox(), (await sheet.getByTestId('compose-preview').boundingBox())!.y];
  expect(msgBox!.y).toBeGreaterThan(timeBox!.y + timeBox!.height - 1);
  expect(msgBox!.y + msgBox!.height).toBeLessThanOrEqual(barTop);
  await page.screenshot({ path: test.info().outputPath('announcement-expiry-time.png') });
  expect(posts).toEqual([]);

  await time.fill('14:30');
  await expect(timeMessage).toHaveCount(0);
});

test('principal: a lesson’s start that is not a time (25:00) stops the school week’s save; 08:20 saves', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const getDefault = async () => {
    const setup = (await (await page.request.get('/api/timetables/setup')).json()) as TimetableSetup;
    return setup.bellSchedules.find((s) => s.levelId === null)!;
  };
  const before = await getDefault();
  const index = before.periods.findIndex((p) => p.kind === 'lesson');
  const lesson = before.periods[index]!;
  // 08:20 inside the first lesson (08:00 to 08:35 in the demo); otherwise the lesson's middle minute.
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const mid = Math.floor((minutes(lesson.start) + minutes(lesson.end)) / 2);
  const typed =
    minutes(lesson.start) < minutes('08:20') && minutes('08:20') < minutes(lesson.end) ? '08:20' : `${String(Math.floor(mid / 60)).padStart(2, '0')}:${String(mid % 60).padStart(2, '0')}`;

  await page.goto('/dashboard/timetable');
  await page.getByTestId('timetable-tab-setup').click();
  const week = page.getByTestId('tt-week');
  const start = week.getByTestId('tt-week-line').nth(index).getByRole('textbox', { name: 'Start', exact: true });
  await expect(start).toHaveValue(lesson.start);

  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/timetables/setup/bell-schedules') puts.push(r.url());
  });
  try {
    await start.fill('25:00');
    await week.getByTestId('tt-week-save').click();
    // Refused: said once (the form's line; the box's own steps aside), the box focused and invalid.
    await expect(week.getByTestId('tt-week-error')).toContainText(TIME_MESSAGE);
    await expect(page.getByText(TIME_MESSAGE)).toHaveCount(1);
    await expect(start).toBeFocused();
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
    expect((await getDefault()).periods[index]!.start).toBe(lesson.start);

    await start.fill(typed);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/timetables/setup/bell-schedules');
    await week.getByTestId('tt-week-save').click();
    const res = await saved;
    expect(res.status(), await res.text()).toBeLessThan(300);
    await expect(page.getByText('Bell schedule saved')).toBeVisible();
    await expect(page.getByText(TIME_MESSAGE)).toHaveCount(0);
    expect((await getDefault()).periods[index]).toMatchObject({ kind: 'lesson', start: typed, end: lesson.end });
  } finally {
    // The timetable journeys run on the same database: the default day goes back as it was.
    const { levelId, days, periods } = before;
    expect((await page.request.put('/api/timetables/setup/bell-schedules', { data: { levelId, days, periods: periods.map(({ kind, label, start: s, end }) => ({ kind, label, start: s, end })) } })).status()).toBeLessThan(300);
  }
});
