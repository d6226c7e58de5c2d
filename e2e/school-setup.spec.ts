import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import { ministryTermTemplate } from '../src/shared/curriculum-catalogue';
import { formatDay } from '../src/shared/dates';
import { signInViaApi } from './support/accounts';

/** Admission numbers carry the calendar year of the admission (today's). */
const ADMISSION_YEAR = demo.cal.today.slice(0, 4);
const NEXT_NUMBER = new RegExp(`^Next: GHA/${ADMISSION_YEAR}/\\d{4}$`);

/**
 * School setup (issue 10 §1) as the Greenhill principal and director click through it. The server's
 * database is shared by every spec of the run, so the journey leaves the school as other specs expect
 * it: the admission pattern is previewed but kept, the new academic year is not made current, and the
 * stream added for the assignment is deleted again at the end.
 */

const panel = (page: Page, id: string) => page.getByTestId(`school-setup-panel-${id}`);

async function openTab(page: Page, id: string) {
  await page.getByTestId(`school-setup-tab-${id}`).click();
  await expect(panel(page, id)).toBeVisible();
}

/** The weekly lessons the load panel shows for a teacher. */
async function loadOf(page: Page, teacher: string): Promise<number> {
  const item = page.locator(`[data-testid="teacher-load"][data-teacher="${teacher}"]`);
  await expect(item).toBeVisible();
  return Number(await item.getAttribute('data-lessons'));
}

test('the principal edits the profile with the admission-number preview, adds next year from the Ministry dates, a stream and an assignment', async ({ page }) => {
  await signInViaApi(page, 'principal');
  await page.goto('/dashboard/school-management');
  const section = page.getByTestId('school-setup-section');
  await expect(section.getByRole('heading', { name: 'School Management' })).toBeVisible();
  await expect(section).not.toHaveAttribute('data-read-only');

  // Profile: the next admission number from this year's sequence, and a live preview while typing.
  await expect(page.getByTestId('profile-next-number')).toHaveText(NEXT_NUMBER);
  await page.getByTestId('profile-edit').click();
  const dialog = page.getByTestId('profile-dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit school profile' })).toBeVisible();
  const pattern = dialog.getByTestId('profile-pattern-input');
  await pattern.fill('GH/{YY}/{SEQ:3}');
  await expect(dialog.getByTestId('profile-pattern-preview')).toHaveText(`Next: GH/${ADMISSION_YEAR.slice(2)}/001`);
  await pattern.fill('GH/{YY}');
  await dialog.getByTestId('profile-save').click();
  await expect(dialog.getByText('The pattern needs exactly one {SEQ:n} token, e.g. {SEQ:4}.')).toBeVisible();
  await pattern.fill('GHA/{YYYY}/{SEQ:4}');
  await expect(dialog.getByTestId('profile-pattern-preview')).toHaveText(NEXT_NUMBER);
  await dialog.getByTestId('profile-phone-input').fill('0722 41');
  await dialog.getByTestId('profile-save').click();
  await expect(dialog.getByText('Please enter a valid Kenyan phone number')).toBeVisible();
  await dialog.getByTestId('profile-phone-input').fill('0722 410 330');
  await dialog.getByTestId('profile-motto-input').fill('Nurturing Every Learner, Every Day');
  await dialog.getByTestId('profile-county-input').selectOption('Nairobi');
  await dialog.getByTestId('profile-save').click();
  await expect(page.getByText('School profile saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('profile-motto')).toHaveText('Nurturing Every Learner, Every Day');
  await expect(page.getByTestId('profile-phone')).toHaveText('0722 410 330');

  // Years & terms: next year from the Ministry calendar, not made current.
  await openTab(page, 'years');
  await expect(page).toHaveURL(/tab=years/);
  const cards = page.getByTestId('year-card');
  await expect(cards.first()).toBeVisible();
  const names = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-year'))));
  const next = Math.max(...names) + 1;
  const tpl = ministryTermTemplate(next);
  await page.getByTestId('years-add').click();
  const yd = page.getByTestId('year-dialog');
  await expect(yd.getByTestId('year-name-input')).toHaveValue(String(next));
  await expect(yd.getByTestId('year-term-0-startsOn')).toHaveValue(formatDay(tpl[0]!.startsOn));
  await expect(yd.getByTestId('year-term-0-halfTermStartsOn')).toHaveValue(formatDay(tpl[0]!.halfTermStartsOn!));
  await expect(yd.getByTestId('year-term-2-endsOn')).toHaveValue(formatDay(tpl[2]!.endsOn));
  // An overlap is refused in the form, then fixed.
  await yd.getByTestId('year-term-1-startsOn').fill(tpl[0]!.endsOn);
  await yd.getByTestId('year-save').click();
  await expect(yd.getByText('Terms must not overlap: this term starts before the previous one ends.')).toBeVisible();
  await yd.getByTestId('year-term-1-startsOn').fill(tpl[1]!.startsOn);
  await yd.getByTestId('year-copy-from').selectOption('');
  await yd.getByTestId('year-save').click();
  await expect(page.getByText(`Academic year ${next} created.`)).toBeVisible();
  const created = page.locator(`[data-testid="year-card"][data-year="${next}"]`);
  await expect(created).toBeVisible();
  await expect(created.getByTestId('term-card')).toHaveCount(3);
  await expect(created.getByTestId('year-current')).toHaveCount(0);
  await expect(page.locator(`[data-testid="year-card"][data-year="${demo.yearName}"]`).getByTestId('year-current')).toBeVisible();

  // Levels & streams: a new stream of this year with its class teacher and home room.
  await openTab(page, 'levels');
  await expect(page.getByTestId('level-row').first()).toBeVisible();
  await page.getByTestId('streams-add').click();
  const sd = page.getByTestId('stream-dialog');
  await sd.getByTestId('stream-level-input').selectOption({ label: 'Grade 8' });
  await sd.getByTestId('stream-name-input').fill('Kilimanjaro');
  await sd.getByTestId('stream-capacity-input').fill('40');
  await sd.getByTestId('stream-teacher-input').selectOption({ label: 'Grace Achieng Owino' });
  await sd.getByTestId('stream-room-input').fill('Block B, Room 30');
  await sd.getByTestId('stream-save').click();
  await expect(page.getByText('Grade 8 Kilimanjaro added.')).toBeVisible();
  const stream = page.locator('[data-testid="stream-card"][data-stream="Grade 8 Kilimanjaro"]');
  await expect(stream).toContainText('0 / 40');
  await expect(stream).toContainText('Grace Achieng Owino');

  // Teachers' assignments: the teacher's weekly load goes up by the learning area's lessons.
  await openTab(page, 'assignments');
  const before = await loadOf(page, 'Grace Achieng Owino');
  await page.getByTestId('assignments-add').click();
  const ad = page.getByTestId('assignment-dialog');
  await ad.getByTestId('assignment-stream-input').selectOption({ label: 'Grade 8 Kilimanjaro' });
  await ad.getByTestId('assignment-subject-input').selectOption({ label: 'Mathematics (903)' });
  await expect(ad.getByText('Default from the learning area: 5')).toBeVisible();
  await ad.getByTestId('assignment-teacher-input').selectOption({ index: 0 });
  await ad.getByTestId('assignment-save').click();
  await expect(ad.getByRole('alert').filter({ hasText: 'Choose a teacher.' })).toBeVisible();
  const teacherOption = ad.getByTestId('assignment-teacher-input').locator('option', { hasText: 'Grace Achieng Owino' });
  await ad.getByTestId('assignment-teacher-input').selectOption((await teacherOption.getAttribute('value'))!);
  await ad.getByTestId('assignment-save').click();
  await expect(page.getByText('Grace Achieng Owino teaches Mathematics in Grade 8 Kilimanjaro.')).toBeVisible();
  await expect.poll(() => loadOf(page, 'Grace Achieng Owino')).toBe(before + 5);
  await page.getByTestId('assignments-filter-stream').click();
  await page.getByRole('option', { name: 'Grade 8 Kilimanjaro', exact: true }).click();
  await expect(page.getByTestId('assignments-table').getByTestId('assignment-row')).toHaveCount(1);
  await expect(page.getByTestId('assignments-table').getByTestId('assignment-row')).toContainText('Mathematics');

  // Clean up: deleting the stream (no learners) removes its assignment, and the load goes back.
  await openTab(page, 'levels');
  await stream.getByTestId('stream-delete').click();
  await page.getByTestId('stream-delete-confirm').click();
  await expect(page.getByText('Grade 8 Kilimanjaro deleted.')).toBeVisible();
  await expect(stream).toHaveCount(0);
  await openTab(page, 'assignments');
  await expect.poll(() => loadOf(page, 'Grace Achieng Owino')).toBe(before);
});

test('the director reads the same screens without edit controls', async ({ page }) => {
  await signInViaApi(page, 'school_director');
  await page.goto('/dashboard/school-setup');
  const section = page.getByTestId('school-setup-section');
  await expect(section).toHaveAttribute('data-read-only', 'true');
  await expect(page.getByTestId('school-setup-read-only')).toHaveText('Read-only');
  await expect(page.getByTestId('profile-name')).toHaveText('Greenhill Academy');
  await expect(page.getByTestId('profile-next-number')).toHaveText(NEXT_NUMBER);
  await expect(page.getByTestId('profile-edit')).toHaveCount(0);
  await openTab(page, 'years');
  await expect(page.locator(`[data-testid="year-card"][data-year="${demo.yearName}"]`)).toBeVisible();
  await expect(page.getByTestId('years-add')).toHaveCount(0);
  await expect(page.getByTestId('term-make-current')).toHaveCount(0);
  await openTab(page, 'levels');
  await expect(page.getByTestId('stream-card').first()).toBeVisible();
  await expect(page.getByTestId('streams-add')).toHaveCount(0);
  await expect(page.getByTestId('stream-edit')).toHaveCount(0);
  await openTab(page, 'subjects');
  await expect(page.getByTestId('subject-row').first()).toBeVisible();
  await expect(page.getByTestId('subjects-catalogue')).toHaveCount(0);
  await openTab(page, 'assignments');
  await expect(page.getByTestId('teacher-load').first()).toBeVisible();
  await expect(page.getByTestId('assignments-add')).toHaveCount(0);
  await openTab(page, 'departments');
  await expect(page.getByTestId('department-card')).toHaveCount(5);
  await expect(page.getByTestId('departments-add')).toHaveCount(0);
});
