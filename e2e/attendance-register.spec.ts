import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test';
import { dayLabel } from '../src/shared/attendance-calendar';
import { formatDay, parseDay } from '../src/shared/dates';
import { ACCOUNTS, DEMO_PASSWORD, signInViaApi } from './support/accounts';

/**
 * Class Attendance (issue 13 §1), the teacher's journeys:
 *  1. On a phone, the demo teacher opens their class-teacher stream (Grade 7 East) on the default day (the
 *     latest school day up to today; the demo leaves that register unmarked), sees why today has no
 *     register, taps "Mark all present", marks two learners absent (one by tap, one with the keyboard),
 *     is asked for the reason a past register changes, saves, and finds the same marks after a reload.
 *  2. Offline: on the previous school day (seeded, already marked) the teacher marks a present learner
 *     late with an arrival time while the browser is offline and saves: the page says it is waiting to
 *     sync and nothing reaches the server; back online it syncs once (one PUT with the queued
 *     Idempotency-Key), an unsaved edit survives a reload, and replaying that key answers the same and
 *     adds no audit entry.
 * Dates come from the API (no hard-coded "today").
 */

const REGISTERS = '/api/attendance/registers';
const isPut = (url: string, method: string) => method === 'PUT' && new URL(url).pathname === REGISTERS;

interface Entry {
  studentId: string;
  status: string | null;
  arrivalTime: string | null;
}
interface RegisterBody {
  id: string | null;
  classId: string;
  date: string;
  updatedAt: string | null;
  marked: boolean;
  changed?: number;
  alerted?: number;
  entries: Entry[];
}

async function principalApi(baseURL: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth/sign-in', { data: { email: ACCOUNTS.principal, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

async function openGrade7East(page: Page) {
  await page.goto('/dashboard/attendance');
  const chip = page.locator('[data-testid="stream-chip"][data-class-name="Grade 7 East"]');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('register-title')).toHaveText('Grade 7 East');
}

test.describe('class attendance', () => {
  test('teacher marks the day on a phone: all present, two absent, a reason when it is a past day; a reload keeps it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'teacher');
    const streams = (await (await page.request.get('/api/attendance/streams')).json()) as { date: string; today: string };
    await openGrade7East(page);

    // The default day is the latest school day up to today; when today is not one, the page says why.
    await expect(page.getByTestId('register-date')).toHaveValue(formatDay(streams.date));
    await expect(page.getByTestId('register-subtitle')).toContainText(dayLabel(streams.date));
    if (streams.today !== streams.date) {
      await expect(page.getByTestId('today-closed-reason')).toContainText(`${dayLabel(streams.today)} is`);
      await expect(page.getByTestId('today-closed-reason')).toContainText(`Showing the latest school day, ${dayLabel(streams.date)}.`);
    }
    await expect(page.getByTestId('next-day')).toBeDisabled();

    const register = page.getByTestId('register');
    await expect(register).toHaveAttribute('data-marked', 'false');
    const rows = register.getByTestId('register-row');
    const learners = await rows.count();
    expect(learners).toBeGreaterThan(10);
    await expect(page.getByTestId('count-unmarked')).toHaveAttribute('data-count', String(learners));

    // Saving with learners unmarked is refused before anything is sent.
    await rows.nth(0).getByTestId('mark-present').click();
    await page.getByTestId('register-save').click();
    await expect(page.getByTestId('register-form-error')).toHaveText(`Mark every learner first: ${learners - 1} not marked.`);

    // One tap marks everyone present; then the exceptions: a tap, and the keyboard (A on the choices).
    await page.getByTestId('mark-all-present').click();
    await expect(page.getByTestId('count-present')).toHaveAttribute('data-count', String(learners));
    await expect(page.getByTestId('count-unmarked')).toHaveAttribute('data-count', '0');
    await rows.nth(1).getByTestId('mark-absent').click();
    await rows.nth(4).getByRole('radio', { name: 'Present' }).focus();
    await page.keyboard.press('a');
    await expect(rows.nth(4)).toHaveAttribute('data-status', 'absent');
    await expect(rows.nth(4).getByRole('radio', { name: 'Absent' })).toBeFocused();
    await expect(page.getByTestId('count-absent')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('count-present')).toHaveAttribute('data-count', String(learners - 2));

    // Comfortable on a phone: nothing wider than the screen, big choices, the save bar stays in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect((await rows.nth(1).getByTestId('mark-absent').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await rows.nth(Math.floor(learners / 2)).scrollIntoViewIfNeeded();
    const bar = (await page.getByTestId('register-save').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(812);

    // A past day (the latest school day in a holiday or on a weekend) needs a reason (the API's words),
    // then it saves; today's register (a school day) saves without one.
    if (streams.date !== streams.today) {
      await page.getByTestId('register-save').click();
      await expect(page.getByTestId('register-reason-error')).toHaveText('Give a reason for changing a past register.');
      await expect(page.getByTestId('register-reason')).toBeFocused();
      await page.getByTestId('register-reason').fill('Register taken on paper at assembly');
    } else {
      await expect(page.getByTestId('register-reason')).toHaveCount(0);
    }
    const saved = page.waitForResponse((r) => isPut(r.url(), r.request().method()));
    await page.getByTestId('register-save').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as RegisterBody;
    expect(body.changed).toBe(learners);
    await expect(page.getByTestId('save-result')).toContainText('Saved at');
    await expect(page.getByTestId('save-alerted')).toHaveCount(body.alerted! > 0 ? 1 : 0);
    if (body.alerted! > 0) await expect(page.getByTestId('save-alerted')).toHaveText(`${body.alerted} parent${body.alerted === 1 ? '' : 's'} alerted`);
    await expect(register).toHaveAttribute('data-marked', 'true');
    await expect(page.getByTestId('outbox-banner')).toHaveCount(0);

    await page.reload();
    await expect(register).toHaveAttribute('data-marked', 'true');
    await expect(page.getByTestId('register-marked-by')).toContainText('Marked by');
    await expect(rows.nth(1)).toHaveAttribute('data-status', 'absent');
    await expect(rows.nth(4)).toHaveAttribute('data-status', 'absent');
    await expect(rows.nth(0)).toHaveAttribute('data-status', 'present');
    await expect(page.getByTestId('count-absent')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('count-unmarked')).toHaveAttribute('data-count', '0');
    await expect(page.locator('[data-testid="stream-chip"][data-class-name="Grade 7 East"]')).toHaveAttribute('data-marked', 'true');
  });

  test('offline: a late mark waits on the device, syncs once back online, and a replay of its key changes nothing', async ({ page, context, baseURL }) => {
    await signInViaApi(page, 'teacher');
    const principal = await principalApi(baseURL!);
    await openGrade7East(page);

    // The previous school day (marked in the demo).
    const shown = await page.getByTestId('register-date').inputValue();
    const latest = parseDay(shown)!;
    await page.getByTestId('previous-day').click();
    await expect(page.getByTestId('register-date')).not.toHaveValue(shown);
    const day = parseDay(await page.getByTestId('register-date').inputValue())!;
    expect(day < latest).toBe(true);
    const register = page.getByTestId('register');
    await expect(page.getByTestId('register-subtitle')).toContainText(dayLabel(day));
    await expect(register).toHaveAttribute('data-marked', 'true');

    const present = register.locator('[data-testid="register-row"][data-status="present"]');
    const studentId = (await present.first().getAttribute('data-student-id'))!;
    const otherId = (await present.nth(1).getAttribute('data-student-id'))!;
    const row = register.locator(`[data-testid="register-row"][data-student-id="${studentId}"]`);
    const other = register.locator(`[data-testid="register-row"][data-student-id="${otherId}"]`);
    const streams = (await (await page.request.get('/api/attendance/streams')).json()) as { items: { classId: string; name: string }[] };
    const classId = streams.items.find((s) => s.name === 'Grade 7 East')!.classId;
    const registerUrl = `${REGISTERS}?classId=${classId}&date=${day}&session=day`;
    const onServer = async () => ((await (await principal.get(registerUrl)).json()) as RegisterBody).entries.find((e) => e.studentId === studentId)!;
    expect((await onServer()).status).toBe('present');

    const puts: { key: string; body: string }[] = [];
    page.on('request', (r) => {
      if (isPut(r.url(), r.method())) puts.push({ key: r.headers()['idempotency-key'] ?? '', body: r.postData() ?? '' });
    });

    // Offline: mark late with the arrival time, give the reason, save.
    await context.setOffline(true);
    await row.getByTestId('mark-late').click();
    await row.getByTestId('arrival-input').fill('08:20');
    await page.getByTestId('register-reason').fill('Arrival times from the gate book');
    await expect(page.getByTestId('register-save')).toHaveText('Save offline');
    await page.getByTestId('register-save').click();

    const banner = page.getByTestId('outbox-banner');
    await expect(page.getByTestId('outbox-title')).toHaveText('Offline — 1 register waiting to sync');
    await expect(banner.getByTestId('outbox-item')).toHaveCount(1);
    await expect(banner.getByTestId('outbox-item')).toContainText(`Grade 7 East · ${dayLabel(day)}`);
    await expect(row).toHaveAttribute('data-status', 'late');
    await expect(row).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('register-save-status')).toHaveText('Waiting to sync');
    const key = (await banner.getByTestId('outbox-item').getAttribute('data-key'))!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // An edit not saved yet is kept on the device too.
    await other.getByTestId('mark-absent').click();
    await expect(other).toHaveAttribute('data-state', 'unsaved');
    const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('edufam.attendance.outbox.'))?.[1] ?? '');
    expect(stored).toContain(key);
    expect(stored).toContain(otherId);

    // Nothing reached the server.
    expect(puts).toHaveLength(0);
    expect((await onServer()).status).toBe('present');

    // Back online: it syncs by itself, once.
    const synced = page.waitForResponse((r) => isPut(r.url(), r.request().method()));
    await context.setOffline(false);
    const first = await synced;
    expect(first.status()).toBe(200);
    const firstBody = (await first.json()) as RegisterBody;
    await expect(banner).toHaveCount(0);
    await expect(row).toHaveAttribute('data-state', 'saved');
    await expect(row).toHaveAttribute('data-status', 'late');
    expect(puts.map((p) => p.key)).toEqual([key]);
    const sent = JSON.parse(puts[0]!.body) as { entries: { studentId: string; status: string; arrivalTime: string | null }[]; reason: string };
    expect(sent.entries).toEqual([expect.objectContaining({ studentId, status: 'late', arrivalTime: '08:20' })]);
    expect(sent.reason).toBe('Arrival times from the gate book');
    expect(firstBody.changed).toBe(1);
    expect(await onServer()).toMatchObject({ status: 'late', arrivalTime: '08:20' });

    // The unsaved edit survives a reload (and was not sent).
    await page.reload();
    await expect(other).toHaveAttribute('data-status', 'absent');
    await expect(other).toHaveAttribute('data-state', 'unsaved');
    await expect(row).toHaveAttribute('data-status', 'late');
    expect(puts).toHaveLength(1);

    // The same key again (a retry whose first answer was lost) is applied once: the same answer, and one
    // audit entry for the change.
    const audit = async () =>
      ((await (await principal.get(`/api/audit?action=ATTENDANCE_REGISTER_CHANGED&entity=${encodeURIComponent(`attendance_register:${firstBody.id}`)}`)).json()) as { entries: { metadata: { reason?: string } }[] }).entries.filter(
        (a) => a.metadata?.reason === 'Arrival times from the gate book',
      ).length;
    expect(await audit()).toBe(1);
    const replay = await page.request.put(REGISTERS, { data: sent, headers: { 'Idempotency-Key': key } });
    expect(replay.status()).toBe(200);
    expect(await replay.json()).toEqual(firstBody);
    expect(await audit()).toBe(1);
    expect(((await (await principal.get(registerUrl)).json()) as RegisterBody).updatedAt).toBe(firstBody.updatedAt);
    await principal.dispose();
  });
});
