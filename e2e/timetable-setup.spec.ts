import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { TimetableSetup } from '../src/shared/contracts/timetable-setup';
import { signInViaApi } from './support/accounts';
import { expectNoOverflow as noOverflow, screenshots } from './support/layout';

/**
 * Timetable setup (issue 16 §1 inputs, §3 FET files): the principal opens Timetable Generator → Setup,
 * adds a science lab (with one unavailable period), marks a teacher unavailable on Friday, adds a rule,
 * runs the check and sees its result, and imports a FET example file and sees the import report. At 375
 * px nothing is wider than the screen. The test puts the inputs back as they were afterwards (the
 * timetable journey runs on the same database after this one). TT_SETUP_SHOTS=<dir> saves screenshots.
 */

const shot = screenshots(process.env.TT_SETUP_SHOTS);
const FET_FILE = path.resolve(import.meta.dirname, '../tests/fixtures/fet/brazil-eeblj-noturno.fet');

const getSetup = async (page: Page) => (await (await page.request.get('/api/timetables/setup')).json()) as TimetableSetup;

test('the principal sets up rooms, availability and rules, checks the inputs and imports a FET file', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, 'principal');
  const before = await getSetup(page);
  const stamp = Date.now().toString(36).slice(-5);
  const roomName = `Science Lab E2E ${stamp}`;
  // The teacher with the fewest lessons, so a free Friday still leaves enough periods.
  const teacher = [...before.teachers].filter((t) => t.unavailable.length === 0 && t.lessonsPerWeek > 0).sort((a, b) => a.lessonsPerWeek - b.lessonsPerWeek)[0]!;
  let roomId: string | null = null;
  let ruleId: string | null = null;

  try {
    await page.goto('/dashboard/timetable');
    await page.getByTestId('timetable-tab-setup').click();
    const setup = page.getByTestId('tt-setup');
    await expect(setup.getByTestId('tt-week')).toBeVisible();
    await expect(setup.getByTestId('tt-week-line')).not.toHaveCount(0);
    await shot(page, 'tt-setup-week');

    // Rooms: a science lab with 40 seats, not available on Monday's first period.
    await setup.getByTestId('tt-setup-tab-rooms').click();
    await setup.getByTestId('tt-room-add').click();
    const sheet = page.getByTestId('tt-room-sheet');
    await sheet.getByTestId('tt-room-name').fill(roomName);
    await sheet.getByTestId('tt-room-type').selectOption('science_lab');
    await sheet.getByTestId('tt-room-capacity').fill('40');
    await sheet.locator('[data-testid="tt-room-grid-cell"][data-day="0"][data-period="0"]').click();
    await expect(sheet.getByTestId('tt-room-grid-count')).toHaveText('1 period unavailable');
    await shot(page, 'tt-setup-room-sheet');
    const roomPosted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/timetables/setup/rooms'));
    await sheet.getByTestId('tt-room-save').click();
    const roomRes = await roomPosted;
    expect(roomRes.status()).toBe(201);
    roomId = ((await roomRes.json()) as { id: string }).id;
    await expect(sheet).toBeHidden();
    const roomRow = setup.locator(`[data-testid="tt-room-row"][data-name="${roomName}"]`);
    await expect(roomRow).toContainText('Science lab');
    await expect(roomRow).toContainText('40');

    // Availability: the teacher is away on Fridays (the day's heading marks every period).
    await setup.getByTestId('tt-setup-tab-availability').click();
    await setup.getByTestId('tt-avail-teacher').selectOption(teacher.id);
    await expect(setup.getByTestId('tt-avail-asked')).toHaveText(String(teacher.lessonsPerWeek));
    const availableBefore = Number(await setup.getByTestId('tt-avail-available').textContent());
    await setup.locator('[data-testid="tt-avail-grid-day"][data-day="4"]').click();
    const friday = setup.locator('[data-testid="tt-avail-grid-cell"][data-day="4"]');
    const periods = await friday.count();
    expect(periods).toBeGreaterThan(0);
    await expect(friday.and(page.locator('[aria-pressed="true"]'))).toHaveCount(periods);
    await expect(setup.getByTestId('tt-avail-available')).toHaveText(String(availableBefore - periods));
    await setup.getByTestId('tt-avail-note').fill('Part-time: away on Fridays');
    const availSaved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/timetables/setup/teachers/${teacher.id}/unavailability`));
    await setup.getByTestId('tt-avail-save').click();
    expect((await availSaved).status()).toBe(200);
    const afterAvail = await getSetup(page);
    const saved = afterAvail.teachers.find((t) => t.id === teacher.id)!;
    expect(saved.unavailable.filter((s) => s.day === 4)).toHaveLength(periods);
    expect(saved.note).toBe('Part-time: away on Fridays');
    await shot(page, 'tt-setup-availability');

    // Rules: at most 3 lessons in a row for every teacher, weight 75 %.
    await setup.getByTestId('tt-setup-tab-rules').click();
    // Count from the server and wait for the list to show them all, so the count is not read mid-render.
    const rulesBefore = afterAvail.rules.length;
    await expect(setup.getByTestId('tt-rule-row')).toHaveCount(rulesBefore);
    await setup.getByTestId('tt-rule-add').click();
    const ruleSheet = page.getByTestId('tt-rule-sheet');
    await ruleSheet.getByTestId('tt-rule-kind').selectOption('teacherMaxInARow');
    await ruleSheet.getByTestId('tt-rule-max').fill('3');
    await ruleSheet.getByTestId('tt-rule-weight-number').fill('75');
    await expect(ruleSheet.getByTestId('tt-rule-weight')).toHaveValue('75');
    await shot(page, 'tt-setup-rule-sheet');
    const rulePosted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/timetables/setup/rules'));
    await ruleSheet.getByTestId('tt-rule-save').click();
    const ruleRes = await rulePosted;
    expect(ruleRes.status()).toBe(201);
    const rule = (await ruleRes.json()) as { id: string; description: string };
    ruleId = rule.id;
    await expect(ruleSheet).toBeHidden();
    await expect(setup.getByTestId('tt-rule-row')).toHaveCount(rulesBefore + 1);
    await expect(setup.getByTestId('tt-rule-description').filter({ hasText: rule.description })).toBeVisible();

    // Check: "Ready to generate" or the list of problems, with the week's counts.
    await setup.getByTestId('tt-setup-tab-check').click();
    await setup.getByTestId('tt-check-run').click();
    const result = setup.getByTestId('tt-check-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    if ((await result.getAttribute('data-ok')) === 'true') await expect(result.getByTestId('tt-check-ready')).toHaveText(/Ready to generate/);
    else await expect(result.getByTestId('tt-check-issue').first()).not.toBeEmpty();
    expect(Number(await result.getByTestId('tt-check-lessons').textContent())).toBeGreaterThan(0);
    expect(Number(await result.getByTestId('tt-check-rooms').textContent())).toBeGreaterThan(0);
    await shot(page, 'tt-setup-check');

    // FET files: import one of FET's example schools and read the import report.
    await setup.getByTestId('tt-setup-tab-fet').click();
    await setup.getByTestId('tt-fet-file').setInputFiles(FET_FILE);
    await expect(setup.getByTestId('tt-fet-filename')).toHaveText('brazil-eeblj-noturno.fet');
    const imported = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/timetables/import-fet'));
    await setup.getByTestId('tt-fet-upload').click();
    const importRes = await imported;
    expect(importRes.status(), await importRes.text()).toBe(201);
    const body = (await importRes.json()) as { problemId: string; report: { activities: number; supported: string[]; ignored: { constraint: string; count: number }[] } };
    const report = setup.getByTestId('tt-fet-report');
    await expect(report).toContainText('brazil-eeblj-noturno.fet');
    await expect(report.getByTestId('tt-fet-activities')).toHaveText(String(body.report.activities));
    expect(body.report.activities).toBeGreaterThan(0);
    if (body.report.supported.length) await expect(report.getByTestId('tt-fet-supported')).toContainText(body.report.supported[0]!);
    if (body.report.ignored.length) await expect(report.getByTestId('tt-fet-ignored-row')).toHaveCount(body.report.ignored.length);
    else await expect(report.getByTestId('tt-fet-ignored-none')).toBeVisible();
    await expect(report.getByTestId('tt-fet-report-export')).toHaveAttribute('href', `/api/timetables/problems/${body.problemId}/export.fet`);
    await expect(setup.getByTestId('tt-fet-problem').filter({ hasText: 'FET file' }).first()).toBeVisible();
    await shot(page, 'tt-setup-fet');

    // 375 px: every setup tab fits the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const tab of ['week', 'rooms', 'lessons', 'availability', 'rules', 'check', 'fet']) {
      await setup.getByTestId(`tt-setup-tab-${tab}`).click();
      await expect(setup.getByTestId(`tt-setup-tab-${tab}`)).toHaveAttribute('data-state', 'active');
      await noOverflow(page, '[data-testid="tt-setup"]');
      await shot(page, `tt-setup-${tab}`);
    }
  } finally {
    // Put the school's inputs back for the journeys that follow on the same database.
    if (roomId) await page.request.delete(`/api/timetables/setup/rooms/${roomId}`);
    if (ruleId) await page.request.delete(`/api/timetables/setup/rules/${ruleId}`);
    await page.request.put(`/api/timetables/setup/teachers/${teacher.id}/unavailability`, { data: { slots: teacher.unavailable, note: teacher.note } });
  }
});
