import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Page, type Response } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { dayLabel } from '../src/shared/attendance-calendar';
import type { PutRegisterBody, PutRegisterResponse, Register, StreamsResponse } from '../src/shared/contracts/attendance';
import { AUDIT_MAX_PAGE_SIZE, type AuditListResponse } from '../src/shared/contracts/audit';
import type { ListNotificationsResponse } from '../src/shared/contracts/communications';
import type { ListStudentsResponse } from '../src/shared/contracts/learners';
import type { ClassDetails } from '../src/shared/contracts/people';
import { addDays, formatDay } from '../src/shared/dates';
import { attendanceMessages } from '../src/shared/messages/attendance';
import { attendanceRegisterScreens } from '../src/shared/messages/attendance-register-screens';
import { ACCOUNTS, DEMO_PASSWORD, signInViaApi, submitSchoolSignIn } from './support/accounts';

/**
 * Issue 13 "Done when": a teacher marks a register (all present, then two absent), the parent sees the
 * absence and receives the alert (§1, §2, §5), end to end in the browser:
 *  1. The demo parent's child and stream (the parent's own API), and that stream's class teacher — a
 *     seeded teacher account — from GET /api/classes/:id/details as the principal.
 *  2. The class teacher signs in through the login form, opens Class Attendance on the default day (the
 *     latest school day up to today), taps "Mark all present", marks the child (with a note) and one
 *     other learner Absent, gives the reason a past register asks for, saves, and sees 2 absent, the
 *     parents-alerted note and the same marks after a reload.
 *  3. The parent's bell has exactly one alert for the child and day (none when the day is more than
 *     three days back, in a school holiday); the child's term calendar shows
 *     the day Absent with the note and the absences list has it; on a phone the calendar fits and
 *     nothing scrolls sideways.
 *  4. The teacher saves that register again (the child present, then absent again, through the page;
 *     then the first save replayed through the API with a new Idempotency-Key): no further alert, and
 *     the parent still has exactly one.
 * Reruns and other specs: a child already absent that day is first set present through the API so the
 * absence is new; alerts are once per learner per day, so "exactly one alert for this child and day"
 * holds whether or not one was sent before. Dates come from the API, never hard-coded.
 * ATTENDANCE_SHOTS=<dir> also saves screenshots.
 */

const REGISTERS = '/api/attendance/registers';
const isPut = (url: string, method: string) => method === 'PUT' && new URL(url).pathname === REGISTERS;
const SHOTS = process.env.ATTENDANCE_SHOTS;
const e = attendanceRegisterScreens.editor;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function json<T>(res: APIResponse | Response): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** Signs in through the School Users form of /login (the teacher's real way in). */
async function signInThroughForm(page: Page, email: string) {
  await submitSchoolSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
}

test('a teacher marks the register, the parent sees the absence and gets exactly one alert', async ({ page, browser, baseURL, request }) => {
  // The principal (the `request` context) and the parent (the page's browser context).
  const principal: APIRequestContext = request;
  const signedIn = await principal.post('/api/auth/sign-in', { data: { email: ACCOUNTS.principal, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await signInViaApi(page, 'parent');

  // ── 1. The child, the day, the stream's register and its class teacher ──────────────────────────
  const children = (await json<ListStudentsResponse>(await page.request.get('/api/students'))).items.filter((c) => c.classId);
  expect(children.length).toBeGreaterThan(0);
  const streams = await json<StreamsResponse>(await principal.get('/api/attendance/streams'));
  const date = streams.date;
  expect(date <= streams.today).toBe(true);
  // Parents are alerted for the school day being kept now (up to three days behind: a weekend, a public
  // holiday); in a school holiday the latest school day is weeks back and its register alerts nobody.
  const alerting = addDays(date, 3) >= streams.today;
  const registerOf = async (classId: string) => json<Register>(await principal.get(`${REGISTERS}?classId=${classId}&date=${date}&session=day`));

  // A child not yet absent that day if there is one; else one is set present first so the absence is new.
  const registers = new Map<string, Register>();
  for (const c of children) if (!registers.has(c.classId!)) registers.set(c.classId!, await registerOf(c.classId!));
  const statusOf = (c: (typeof children)[number]) => registers.get(c.classId!)!.entries.find((x) => x.studentId === c.id)?.status ?? null;
  const child = children.find((c) => statusOf(c) !== 'absent') ?? children[0]!;
  const childName = `${child.firstName} ${child.lastName}`;
  const classId = child.classId!;
  expect(registers.get(classId)!.notSchoolDay).toBeNull();
  if (statusOf(child) === 'absent') {
    const reset = await principal.put(REGISTERS, {
      headers: { 'idempotency-key': randomUUID() },
      data: { classId, date, session: 'day', entries: [{ studentId: child.id, status: 'present' }], reason: date < streams.today ? 'Reset before the end-to-end check' : undefined },
    });
    expect((await json<PutRegisterResponse>(reset)).entries.find((x) => x.studentId === child.id)?.status).toBe('present');
  }
  const before = await registerOf(classId);
  expect(before.canEdit).toBe(true);
  // The other learner: never marked absent that day by a save (the audit trail of the register has
  // every save; the demo seed writes no alerts), so their parents get a first alert.
  const everAbsent = new Set<string>();
  for (let pg = 1; before.id; pg++) {
    const audit = await json<AuditListResponse>(await principal.get(`/api/audit?entity=${encodeURIComponent(`attendance_register:${before.id}`)}&pageSize=${AUDIT_MAX_PAGE_SIZE}&page=${pg}`));
    for (const a of audit.entries) {
      for (const [studentId, mark] of Object.entries((a.newValue ?? {}) as Record<string, { status?: string } | null>)) if (mark?.status === 'absent') everAbsent.add(studentId);
    }
    if (audit.entries.length < AUDIT_MAX_PAGE_SIZE) break;
  }
  const other = before.entries.find((x) => x.studentId !== child.id && x.status !== 'absent' && !everAbsent.has(x.studentId));
  expect(other, 'another learner of the stream never marked absent that day').toBeDefined();
  const learners = before.entries.length;

  const details = await json<ClassDetails>(await principal.get(`/api/classes/${classId}/details`));
  expect(details.classTeacher, `${details.name} has a class teacher`).not.toBeNull();
  const teacherEmail = details.classTeacher!.email;

  // ── 2. The class teacher marks the register in the browser ───────────────────────────────────────
  const teacherContext = await browser.newContext({ baseURL });
  const teacher = await teacherContext.newPage();
  await signInThroughForm(teacher, teacherEmail);
  await teacher.goto('/dashboard/attendance');
  await expect(teacher.getByRole('heading', { name: 'Class Attendance', level: 1 })).toBeVisible();
  const chip = teacher.locator(`[data-testid="stream-chip"][data-class-name="${details.name}"]`);
  await expect(chip).toBeVisible();
  if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(teacher.getByTestId('register-title')).toHaveText(details.name);
  await expect(teacher.getByTestId('register-date')).toHaveValue(formatDay(date));
  await expect(teacher.getByTestId('register-subtitle')).toContainText(dayLabel(date));

  const register = teacher.getByTestId('register');
  const rows = register.getByTestId('register-row');
  await expect(rows).toHaveCount(learners);
  const childRow = register.locator(`[data-testid="register-row"][data-student-id="${child.id}"]`);
  const otherRow = register.locator(`[data-testid="register-row"][data-student-id="${other!.studentId}"]`);

  // All present with one tap, then the two exceptions (the child with a note).
  await teacher.getByTestId('mark-all-present').click();
  await expect(teacher.getByTestId('count-present')).toHaveAttribute('data-count', String(learners));
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '0');
  await expect(teacher.getByTestId('count-unmarked')).toHaveAttribute('data-count', '0');
  const note = 'Unwell, parent called';
  await childRow.getByTestId('mark-absent').click();
  await childRow.getByTestId('add-note').click();
  await childRow.getByTestId('note-input').fill(note);
  await otherRow.getByTestId('mark-absent').click();
  await expect(childRow).toHaveAttribute('data-status', 'absent');
  await expect(otherRow).toHaveAttribute('data-status', 'absent');
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '2');
  await expect(teacher.getByTestId('count-present')).toHaveAttribute('data-count', String(learners - 2));

  // A past day: the page asks for the reason before sending anything.
  const reason = 'Register taken on paper at assembly';
  const putsSent: string[] = [];
  teacher.on('request', (r) => {
    if (isPut(r.url(), r.method())) putsSent.push(r.postData() ?? '');
  });
  if (before.needsReason) {
    await teacher.getByTestId('register-save').click();
    await expect(teacher.getByTestId('register-reason-error')).toHaveText(attendanceMessages.editReasonRequired);
    await expect(teacher.getByTestId('register-reason')).toBeFocused();
    expect(putsSent).toHaveLength(0);
    await teacher.getByTestId('register-reason').fill(reason);
  }
  const firstPut = teacher.waitForResponse((r) => isPut(r.url(), r.request().method()));
  await teacher.getByTestId('register-save').click();
  const firstRes = await firstPut;
  const first = await json<PutRegisterResponse>(firstRes);
  const firstBody = firstRes.request().postDataJSON() as PutRegisterBody;
  expect(first.entries.find((x) => x.studentId === child.id)).toMatchObject({ status: 'absent', note });
  expect(first.entries.find((x) => x.studentId === other!.studentId)?.status).toBe('absent');
  expect(first.entries.filter((x) => x.status === 'absent')).toHaveLength(2);
  await expect(teacher.getByTestId('save-result')).toContainText('Saved at');
  if (alerting) {
    // The other learner was never absent that day: at least their parents are alerted now.
    expect(first.alerted).toBeGreaterThanOrEqual(1);
    await expect(teacher.getByTestId('save-alerted')).toHaveText(e.alerted(first.alerted));
  } else {
    expect(first.alerted).toBe(0);
    await expect(teacher.getByTestId('save-alerted')).toHaveCount(0);
  }
  await expect(register).toHaveAttribute('data-marked', 'true');
  await expect(childRow).toHaveAttribute('data-state', 'saved');
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '2');
  await shot(teacher, 'class-attendance-saved');

  await teacher.reload();
  await expect(register).toHaveAttribute('data-marked', 'true');
  await expect(teacher.getByTestId('register-marked-by')).toContainText('Marked by');
  await expect(childRow).toHaveAttribute('data-status', 'absent');
  await expect(otherRow).toHaveAttribute('data-status', 'absent');
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '2');
  await expect(teacher.getByTestId('count-present')).toHaveAttribute('data-count', String(learners - 2));

  // ── 3. The parent: one alert in the bell, the day Absent on the child's calendar ───────────────────
  // The alert says "today" on the day itself, else the day (a register saved after it).
  const alertTitle = attendanceMessages.alertTitle(childName, date === demo.cal.today ? undefined : attendanceMessages.alertOn(dayLabel(date)));
  const alertsForChild = async () => (await json<ListNotificationsResponse>(await page.request.get('/api/notifications'))).notifications.filter((n) => n.communication.title === alertTitle);
  expect(await alertsForChild()).toHaveLength(alerting ? 1 : 0);

  await page.goto('/attendance');
  await expect(page.getByRole('heading', { name: 'Child Attendance', level: 1 })).toBeVisible();
  if (alerting) await expect(page.getByTestId('notification-badge')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: alertTitle })).toHaveCount(alerting ? 1 : 0);
  await page.keyboard.press('Escape');

  if (children.length > 1) await page.getByTestId('child-tab').filter({ hasText: child.firstName }).click();
  const card = page.getByTestId('child-attendance');
  await expect(card).toHaveAttribute('data-student-id', child.id);
  const day = card.locator(`[data-testid="calendar-day"][data-date="${date}"]`);
  await expect(day).toHaveAttribute('data-status', 'absent');
  await expect(card.getByRole('button', { name: `${dayLabel(date)}: Absent`, exact: true })).toBeVisible();
  const absence = card.getByTestId('absence-item').and(card.locator(`[data-date="${date}"]`));
  await expect(absence).toContainText(dayLabel(date));
  await expect(absence).toContainText(note);
  await expect(card.getByTestId('figure-absent-value')).not.toHaveText('0');
  await expect(card.getByTestId('attendance-rate')).toHaveAttribute('data-tone', /^(good|watch|concern)$/);
  // A weekend day of the term is greyed with why.
  const weekend = card.locator('[data-testid="calendar-day"][data-status="closed"] button').first();
  await expect(weekend).toHaveAttribute('aria-label', /: No school, /);
  // Tapping a day shows its details.
  await day.getByRole('button').click();
  await expect(card.getByTestId('calendar-day-detail')).toContainText(note);
  await shot(page, 'child-attendance');

  // ── 4. The teacher saves the register again: no second alert ────────────────────────────────────
  // Through the page: the child present (saved), then absent again (saved) — newly absent once more.
  const saveThroughPage = async () => {
    if (before.needsReason) await teacher.getByTestId('register-reason').fill('Corrected after a call from the gate');
    const put = teacher.waitForResponse((r) => isPut(r.url(), r.request().method()));
    await teacher.getByTestId('register-save').click();
    const body = await json<PutRegisterResponse>(await put);
    await expect(teacher.getByTestId('save-result')).toContainText('Saved at');
    return body;
  };
  await childRow.getByTestId('mark-present').click();
  await expect(childRow).toHaveAttribute('data-state', 'unsaved');
  const present = await saveThroughPage();
  expect(present.changed).toBe(1);
  expect(present.alerted).toBe(0);
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '1');
  await childRow.getByTestId('mark-absent').click();
  const absentAgain = await saveThroughPage();
  expect(absentAgain.changed).toBe(1);
  expect(absentAgain.entries.find((x) => x.studentId === child.id)).toMatchObject({ status: 'absent', note });
  expect(absentAgain.alerted).toBe(0);
  await expect(teacher.getByTestId('save-alerted')).toHaveCount(0);
  await expect(teacher.getByTestId('count-absent')).toHaveAttribute('data-count', '2');

  // Through the API: the first save sent again with a new key (the same marks) changes and alerts nothing.
  const replay = await json<PutRegisterResponse>(await teacher.request.put(REGISTERS, { headers: { 'idempotency-key': randomUUID() }, data: firstBody }));
  expect(replay.changed).toBe(0);
  expect(replay.alerted).toBe(0);
  await teacherContext.close();

  // The parent still has exactly one alert for the child and day.
  expect(await alertsForChild()).toHaveLength(alerting ? 1 : 0);
  await page.reload();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: alertTitle })).toHaveCount(alerting ? 1 : 0);
  await page.keyboard.press('Escape');

  // On a phone: the calendar's seven columns fit, the lists follow, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/attendance?child=${child.id}`);
  await expect(day).toHaveAttribute('data-status', 'absent');
  const month = card.getByTestId('calendar-month').first();
  const box = (await month.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expect(card.getByTestId('absences-list')).toBeVisible();
  const calendarBox = (await card.getByTestId('attendance-calendar').boundingBox())!;
  const listsBox = (await card.getByTestId('absences-list').boundingBox())!;
  expect(listsBox.y).toBeGreaterThan(calendarBox.y + calendarBox.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'child-attendance');
});
