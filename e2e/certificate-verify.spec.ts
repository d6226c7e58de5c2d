import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { formatKenyanPhone } from '../src/shared/phone';

/**
 * The public certificate verification page (spec §2, §4 Certificate verify; issue 12 §6): someone
 * scans a certificate's QR code and sees VERIFIED with the details; a tampered link fails with the
 * spec's words; a revoked certificate shows as revoked; a failing check says so. On a phone too.
 * VERIFY_SHOTS=<dir> also saves screenshots.
 */

const SHOTS = process.env.VERIFY_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

interface Issued {
  id: string;
  verifyUrl: string;
  student: { name: string; admission_number: string };
  school: { phone: string | null };
  performance: { average_score: number; grade_letter: string; attendance_percentage: number | null };
}

async function issue(page: Page, count: number): Promise<Issued[]> {
  await signInViaApi(page, 'principal');
  const classes = (await (await page.request.get('/api/classes')).json()) as { id: string; name: string }[];
  const stream = classes.find((c) => c.name === 'Grade 9 East')!;
  const learners = (await (await page.request.get(`/api/students?classId=${stream.id}`)).json()) as { items: { id: string }[] };
  const res = await page.request.post('/api/certificates', { data: { kind: 'completion', studentIds: learners.items.slice(0, count).map((l) => l.id) } });
  expect(res.status(), await res.text()).toBe(201);
  const { items } = (await res.json()) as { items: Issued[] };
  // The visitor is not signed in.
  await page.context().clearCookies();
  return items;
}
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test('a scanned certificate shows VERIFIED with its details; a tampered link fails; a revoked one is revoked', async ({ page }) => {
  const [good, other] = await issue(page, 2);

  await page.goto(pathOf(good!.verifyUrl));
  await expect(page.getByTestId('verification-status')).toHaveText('VERIFIED');
  await expect(page.getByRole('heading', { name: 'Certificate of Completion' })).toBeVisible();
  await expect(page.getByText(good!.student.name)).toBeVisible();
  await expect(page.getByText(good!.student.admission_number)).toBeVisible();
  await expect(page.getByText('Greenhill Academy').first()).toBeVisible();
  // The school's phone as Kenyans write it (0722 410 330 for the stored 254722410330).
  expect(good!.school.phone).toBeTruthy();
  await expect(page.getByText(formatKenyanPhone(good!.school.phone), { exact: true })).toBeVisible();
  await expect(page.getByText(`${good!.performance.average_score.toFixed(1)}%`)).toBeVisible();
  // The year's attendance from the registers (issue 13), as signed.
  await expect(page.getByText(`${good!.performance.attendance_percentage ?? 95}%`, { exact: true })).toBeVisible();
  await shot(page, 'verified');

  // One character of the signature changed: the page fails with the spec's words and shows no details.
  const u = new URL(good!.verifyUrl);
  const sig = u.searchParams.get('sig')!;
  u.searchParams.set('sig', `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`);
  await page.goto(pathOf(u.toString()));
  await expect(page.getByRole('heading', { name: 'Certificate Verification Failed' })).toBeVisible();
  await expect(page.getByText('Certificate not found or invalid')).toBeVisible();
  await expect(page.getByText(good!.student.name)).toHaveCount(0);
  await shot(page, 'tampered');

  // A made-up id fails the same way.
  await page.goto('/verify-certificate/3f2b8c1e-0000-4000-8000-000000000000');
  await expect(page.getByText('Certificate not found or invalid')).toBeVisible();

  // Revoked by the school: never VERIFIED.
  await signInViaApi(page, 'principal');
  expect((await page.request.post(`/api/certificates/${other!.id}/revoke`, { data: { reason: 'Issued to the wrong learner' } })).status()).toBe(200);
  await page.context().clearCookies();
  await page.goto(pathOf(other!.verifyUrl));
  await expect(page.getByTestId('verification-status')).toHaveText('REVOKED');
  await expect(page.getByText('This certificate has been revoked')).toBeVisible();
  await expect(page.getByText('Issued to the wrong learner')).toBeVisible();
  await expect(page.getByText('VERIFIED')).toHaveCount(0);

  // The check itself fails (offline): "Failed to verify certificate".
  await page.route('**/api/certificates/*/verify*', (route) => route.abort());
  await page.goto(pathOf(good!.verifyUrl));
  await expect(page.getByRole('heading', { name: 'Certificate Verification Failed' })).toBeVisible();
  await expect(page.getByText('Failed to verify certificate')).toBeVisible();
});

test('on a phone the verified certificate fits without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const [good] = await issue(page, 1);
  await page.goto(pathOf(good!.verifyUrl));
  await expect(page.getByTestId('verification-status')).toHaveText('VERIFIED');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'verified');
});
