import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';
import { admitViaApi } from './support/learners';
import type { StudentDetail } from '../src/shared/contracts/learners';
import type { SchoolProfile } from '../src/shared/contracts/school-setup';

/**
 * Languages of what the school sends (issue 36 §1, §5) in the browser: the principal chooses Kiswahili
 * for one guardian on the learner's guardian form and the guardian card says so; the principal sets the
 * school's default language on School Management → Profile, and guardians who have not chosen follow it
 * ("School default (Kiswahili)"). The school's default is put back to English afterwards (journeys of
 * one worker share its database).
 */

const run = Date.now().toString(36).slice(-5);
/** Letters only, so names stay plausible ("Wanjiru" + run letters). */
const surname = (base: string) => `${base}${run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
/** A Kenyan mobile number no seeded guardian has (0712 + six digits of this run). */
function uniquePhone(salt: number): string {
  return `0712${String((Date.now() * 7 + salt * 7919) % 1_000_000).padStart(6, '0')}`;
}

async function admitWithGuardian(page: Page, salt: number): Promise<{ learner: StudentDetail; guardianName: string }> {
  const last = surname(salt === 1 ? 'Wanjiru' : 'Otieno');
  const guardianName = `Mercy ${last}`;
  const learner = await admitViaApi(page, 'Grade 5 West', {
    firstName: 'Amani',
    lastName: last,
    gender: 'F',
    dateOfBirth: '2015-04-12',
    guardians: [{ name: guardianName, relationship: 'mother', phone: uniquePhone(salt) }],
  });
  return { learner, guardianName };
}

async function openGuardians(page: Page, learnerId: string) {
  await page.goto(`/dashboard/student-information?student=${learnerId}&tab=guardians`);
  await expect(page.getByTestId('profile-guardians')).toBeVisible();
}

test('the principal sets a guardian’s language to Kiswahili and sees it on the guardian card', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const school = (await (await page.request.get('/api/school-setup/profile')).json()) as SchoolProfile;
  expect(school.defaultLocale).toBe('en');
  const { learner, guardianName } = await admitWithGuardian(page, 1);

  await openGuardians(page, learner.id);
  const card = page.getByTestId('guardian-card').filter({ hasText: guardianName });
  await expect(card.getByTestId('guardian-card-language')).toContainText('School default (English)');

  await card.getByTestId('guardian-edit').click();
  const dialog = page.getByTestId('guardian-dialog');
  const language = dialog.getByTestId('guardian-language');
  await expect(language).toHaveValue('');
  await expect(dialog.getByText('Language for SMS and e-mail')).toBeVisible();
  await expect(language.locator('option')).toHaveText(['School default (English)', 'English', 'Kiswahili']);
  await language.selectOption({ label: 'Kiswahili' });
  await dialog.getByTestId('guardian-save').click();
  await expect(dialog).toBeHidden();

  await expect(card.getByTestId('guardian-card-language')).toContainText('Kiswahili');
  await expect(card.getByTestId('guardian-card-language')).not.toContainText('School default');
  const saved = (await (await page.request.get(`/api/students/${learner.id}`)).json()) as StudentDetail;
  expect(saved.guardians.find((g) => g.name === guardianName)).toMatchObject({ preferredLanguage: 'sw', followsSchoolLanguage: false });

  // Opened again, the form shows the guardian's own choice.
  await card.getByTestId('guardian-edit').click();
  await expect(page.getByTestId('guardian-dialog').getByTestId('guardian-language')).toHaveValue('sw');
});

test('the principal sets the school’s default language; guardians who have not chosen follow it', async ({ page }) => {
  await signInViaApi(page, 'principal');
  const { learner, guardianName } = await admitWithGuardian(page, 2);
  try {
    await page.goto('/dashboard/school-management');
    await expect(page.getByTestId('profile-default-locale')).toHaveText('English');
    await page.getByTestId('profile-edit').click();
    const dialog = page.getByTestId('profile-dialog');
    await expect(dialog.getByText('Default language')).toBeVisible();
    await dialog.getByTestId('profile-default-locale-input').selectOption({ label: 'Kiswahili' });
    await dialog.getByTestId('profile-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-default-locale')).toHaveText('Kiswahili');

    await openGuardians(page, learner.id);
    const card = page.getByTestId('guardian-card').filter({ hasText: guardianName });
    await expect(card.getByTestId('guardian-card-language')).toContainText('School default (Kiswahili)');
    await card.getByTestId('guardian-edit').click();
    const language = page.getByTestId('guardian-dialog').getByTestId('guardian-language');
    await expect(language.locator('option').first()).toHaveText('School default (Kiswahili)');
  } finally {
    const back = await page.request.patch('/api/school-setup/profile', { data: { defaultLocale: 'en' } });
    expect(back.status(), await back.text()).toBe(200);
  }
});
