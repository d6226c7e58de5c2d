import { expect, type Page, type Request } from '@playwright/test';
import { test } from './support/test';
import { openSeriesName } from './support/demo';
import { signInViaApi } from './support/accounts';

/**
 * The teacher's marks grid offline (issue 36 §4), with the service worker allowed as in e2e/pwa.spec.ts:
 *  1. After one visit online, a mark typed offline is kept on the device and the grid says it waits to
 *     sync; an offline reload opens the grid from the cache with the mark still there and waiting; back
 *     online it is sent once (one PUT, with an Idempotency-Key) and the server has it; nothing is left
 *     on the device.
 *  2. A conflict: the sheet is submitted (from elsewhere) while a mark waits offline; back online the
 *     server's message shows, the mark stays on screen and on the device (also after a reload), and
 *     the server's marks are unchanged.
 * Uses sheets of the open series other than Grade 7 East Mathematics (e2e/grades.spec.ts submits that one).
 */
test.use({ serviceWorkers: 'allow' });

interface Sheet {
  examId: string;
  examName: string;
  classId: string;
  subjectId: string;
  className: string;
  subjectName: string;
  status: string;
  entryState: string;
  marked: number;
}
interface Grid {
  rows: { studentId: string; status: string | null; score: number | null }[];
}

const OUTBOX_PREFIX = 'edufam.marks.outbox.';
const isMarksPut = (r: Request) => r.method() === 'PUT' && /^\/api\/exams\/[^/]+\/marks$/.test(new URL(r.url()).pathname);

async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
}

/** The open series' draft sheets of the demo teacher, Grade 7 East Mathematics left out. */
async function draftSheets(page: Page): Promise<Sheet[]> {
  const { items } = (await (await page.request.get('/api/grades/my-sheets')).json()) as { items: Sheet[] };
  return items.filter((s) => s.examName === openSeriesName && s.status === 'draft' && s.entryState === 'open' && !(s.className === 'Grade 7 East' && s.subjectName === 'Mathematics'));
}

const gridUrl = (s: Sheet) => `/api/exams/${s.examId}/marks?classId=${s.classId}&subjectId=${s.subjectId}`;

/** Opens the sheet's grid online and waits until the worker has cached what an offline reload reads. */
async function openOnline(page: Page, s: Sheet) {
  await page.goto(`/dashboard/grades?sheet=${s.examId}~${s.classId}~${s.subjectId}`);
  await controlled(page);
  await expect(page.getByTestId('marks-grid-title')).toHaveText(`${s.subjectName} · ${s.className}`);
  await expect
    .poll(async () => page.evaluate(async () => ((await caches.has('edufam-api')) ? (await (await caches.open('edufam-api')).keys()).map((r) => r.url.replace(location.origin, '')) : [])), { timeout: 20_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/auth\/session$/), expect.stringMatching(/^\/api\/auth\/profile$/), expect.stringMatching(new RegExp(`^/api/exams/${s.examId}/marks\\?`))]));
}

const kept = (page: Page) => page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).map((k) => JSON.parse(localStorage.getItem(k)!) as { edits: Record<string, string[]> }), OUTBOX_PREFIX);

test.describe('marks grid offline', () => {
  test('a mark typed offline survives a reload, waits, and syncs once when back online', async ({ page, context }) => {
    await signInViaApi(page, 'teacher');
    const [sheet] = await draftSheets(page);
    expect(sheet, 'a draft sheet of the open series').toBeTruthy();
    const before = (await (await page.request.get(gridUrl(sheet!))).json()) as Grid;
    const target = before.rows.find((r) => r.status === null)!;
    await openOnline(page, sheet!);

    const puts: { key: string; body: string }[] = [];
    page.on('request', (r) => {
      if (isMarksPut(r)) puts.push({ key: r.headers()['idempotency-key'] ?? '', body: r.postData() ?? '' });
    });
    const row = page.locator(`[data-testid="mark-row"][data-student-id="${target.studentId}"]`);
    const status = page.getByTestId('save-status');

    await context.setOffline(true);
    await row.getByTestId('mark-input').fill('67');
    await expect(status).toHaveAttribute('data-state', 'offline');
    await expect(page.getByTestId('save-status-text')).toHaveText('Offline — 1 mark saved on this device, waiting to sync');
    await expect.poll(async () => (await kept(page)).map((d) => d.edits[target.studentId])).toEqual([['67']]);

    // An offline reload: the grid from the cache, the mark still there and waiting.
    await page.reload();
    await expect(page.getByTestId('marks-grid-title')).toHaveText(`${sheet!.subjectName} · ${sheet!.className}`);
    await expect(row.getByTestId('mark-input')).toHaveValue('67');
    await expect(row).toHaveAttribute('data-dirty', 'true');
    await expect(page.getByTestId('save-status-text')).toHaveText('Offline — 1 mark saved on this device, waiting to sync');
    expect(puts).toEqual([]);

    // Back online: sent once, with an Idempotency-Key.
    const synced = page.waitForResponse((r) => isMarksPut(r.request()));
    await context.setOffline(false);
    expect((await synced).status()).toBe(200);
    await expect(status).toHaveAttribute('data-state', 'saved');
    await expect(row).not.toHaveAttribute('data-dirty', 'true');
    await page.waitForTimeout(1500);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(puts[0]!.body)).toMatchObject({ classId: sheet!.classId, subjectId: sheet!.subjectId, marks: [{ studentId: target.studentId, status: 'present', score: 67 }] });
    const after = (await (await page.request.get(gridUrl(sheet!))).json()) as Grid;
    expect(after.rows.find((r) => r.studentId === target.studentId)).toMatchObject({ status: 'present', score: 67 });
    await expect.poll(() => kept(page)).toEqual([]);

    // The same request again (an answer lost on the way) is answered once more and counts once.
    const replay = await page.request.put(`/api/exams/${sheet!.examId}/marks`, { data: JSON.parse(puts[0]!.body), headers: { 'Idempotency-Key': puts[0]!.key } });
    expect(replay.status()).toBe(200);
    expect(await replay.json()).toMatchObject({ saved: 1, unchanged: 0 });
  });

  test('a sheet submitted meanwhile: the server says so and the offline mark stays on the device', async ({ page, context }) => {
    await signInViaApi(page, 'teacher');
    const sheets = await draftSheets(page);
    const sheet = sheets[sheets.length - 1]!;
    expect(sheets.length, 'two draft sheets of the open series').toBeGreaterThan(1);
    const before = (await (await page.request.get(gridUrl(sheet))).json()) as Grid;
    const [target, ...others] = before.rows.filter((r) => r.status === null);
    await openOnline(page, sheet);
    const row = page.locator(`[data-testid="mark-row"][data-student-id="${target!.studentId}"]`);

    await context.setOffline(true);
    await row.getByTestId('mark-input').fill('58');
    await expect(page.getByTestId('save-status-text')).toHaveText('Offline — 1 mark saved on this device, waiting to sync');

    // Meanwhile the sheet is completed and submitted from another device (the API is not offline).
    const rest = [target!, ...others].map((r, i) => ({ studentId: r.studentId, score: 40 + i }));
    expect((await page.request.put(`/api/exams/${sheet.examId}/marks`, { data: { classId: sheet.classId, subjectId: sheet.subjectId, marks: rest } })).status()).toBe(200);
    expect((await page.request.post(`/api/exams/${sheet.examId}/submit`, { data: { classId: sheet.classId, subjectId: sheet.subjectId } })).status()).toBe(200);

    const refused = page.waitForResponse((r) => isMarksPut(r.request()));
    await context.setOffline(false);
    expect((await refused).status()).toBe(409);
    const status = page.getByTestId('save-status');
    await expect(status).toHaveAttribute('data-state', 'error');
    await expect(status).toContainText('These marks have been submitted for approval; wait for the principal or ask them to return them.');
    await expect(page.getByTestId('save-status-kept')).toHaveText('1 mark kept on this device');
    await expect(row.getByTestId('mark-input')).toHaveValue('58');
    expect((await kept(page)).map((d) => d.edits[target!.studentId])).toEqual([['58']]);
    const after = (await (await page.request.get(gridUrl(sheet))).json()) as Grid;
    expect(after.rows.find((r) => r.studentId === target!.studentId)).toMatchObject({ status: 'present', score: 40 });

    // Still there after a reload, with the server's answer again.
    await page.reload();
    await expect(row.getByTestId('mark-input')).toHaveValue('58');
    await expect(page.getByTestId('save-status')).toContainText('These marks have been submitted for approval');
  });
});
