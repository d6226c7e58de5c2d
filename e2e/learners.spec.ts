import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { demo } from './support/demo';
import type { ClassItem } from '../src/shared/contracts/classes';
import type { ConsentsResponse } from '../src/shared/contracts/consents';
import type { LearnerFigures } from '../src/shared/contracts/learner-figures';
import type { ListStudentsResponse, StudentDetail } from '../src/shared/contracts/learners';
import { DEMO_PASSWORD, signInViaApi } from './support/accounts';
import { findLink, startMailbox, type Mailbox } from './support/mailbox';

/**
 * The learner register in the browser (issue 10 §2 Student admission, Student information, §3
 * students; "Done when": admission with a sibling guardian, search, profile edit): the principal
 * admits a learner whose guardian gets a parent account, then a sibling whose guardian's phone is
 * recognised and linked (the parent sees both children), searches the register by name and by
 * guardian phone, opens a profile, edits it and reads the class history; a teacher's "My Students"
 * holds only their streams; the director reads figures by level and gender; platform staff read the
 * school picked in the header; on a phone the register is cards. Learners and phones are
 * made unique per run (the e2e database is shared by every spec).
 */

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox();
});
test.afterAll(async () => {
  await mailbox?.close();
});

const run = Date.now().toString(36).slice(-5);
/** A Kenyan mobile number no seeded guardian has (0711 + six digits of this run). */
function uniquePhone(salt: number): string {
  const digits = String((Date.now() * 7 + salt * 7919) % 1_000_000).padStart(6, '0');
  return `0711${digits}`;
}
/** Letters only, so names stay plausible and searchable ("Kq" + run letters). */
const surname = (base: string) => `${base}${run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

const register = (page: Page) => page.getByTestId('learners-register');
const rows = (page: Page) => page.getByTestId('learner-row');

async function searchRegister(page: Page, text: string) {
  await page.getByTestId('learners-toolbar-search').fill(text);
  await expect(register(page)).toHaveAttribute('data-search', text);
  await expect(register(page)).not.toHaveAttribute('data-busy');
}

/** Picks a stream in the admission form's class picker (options show "count/capacity" too). */
async function pickClass(page: Page, name: string) {
  await page.getByTestId('learner-classId').click();
  await page.getByRole('option').filter({ hasText: new RegExp(`^${name}`) }).click();
  await expect(page.getByTestId('learner-classId')).toContainText(name);
}

async function fillLearner(page: Page, v: { first: string; last: string; gender: 'Female' | 'Male'; dob: string; className: string }) {
  await page.getByTestId('learner-firstName').fill(v.first);
  await page.getByTestId('learner-lastName').fill(v.last);
  await page.getByTestId('learner-gender').getByText(v.gender, { exact: true }).click();
  await page.getByTestId('learner-dateOfBirth').fill(v.dob);
  await pickClass(page, v.className);
}

async function chooseRelationship(page: Page, scope: Page | ReturnType<Page['getByTestId']>, label: string) {
  await scope.getByTestId('guardian-relationship').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test.describe('learner register', () => {
  test('principal: hub, admission with a parent account, a sibling linked to the known guardian, the parent sees both', async ({ page, browser }) => {
    await signInViaApi(page, 'principal');
    const phone = uniquePhone(1);
    const parentName = `Wairimu Njoki ${surname('Kq')}`;
    const parentEmail = `parent.${run}@learners.e2e.test`;
    const last = surname('Wanjala');

    // The Academic Management hub leads to Student Admission; the breadcrumb leads back.
    await page.goto('/dashboard/academic-management');
    await expect(page.getByRole('heading', { name: 'Academic Management' })).toBeVisible();
    await expect(page.getByTestId('hub-active-value')).toHaveText(/^\d[\d,]*$/);
    for (const card of ['Student Admission', 'Student Information', 'Student Promotion', 'Transfer Management', 'Exit Management']) {
      await expect(page.getByTestId('hub-cards').getByRole('heading', { name: card })).toBeVisible();
    }
    await page.getByTestId('hub-card-student-admission').click();
    await expect(page).toHaveURL(/\/dashboard\/student-admission$/);
    const crumb = page.getByTestId('academic-breadcrumb');
    await expect(crumb).toContainText('Academic Management');
    await expect(crumb).toContainText('Student Admission');
    await crumb.getByRole('link', { name: 'Academic Management' }).click();
    await expect(page).toHaveURL(/\/dashboard\/academic-management$/);
    await page.getByTestId('hub-card-student-admission').click();

    // Bad input stays in the browser: the contract's messages on their fields.
    await page.getByTestId('admission-submit').click();
    await expect(page.getByText('Enter the learner’s first name.')).toBeVisible();
    await expect(page.getByText('Choose the learner’s class.')).toBeVisible();
    await expect(page.getByText('Please enter a valid Kenyan phone number')).toBeVisible();

    // First child: a new guardian with a parent account.
    await fillLearner(page, { first: 'Baraka', last, gender: 'Male', dob: '2017-04-12', className: 'Grade 2 East' });
    await expect(page.getByTestId('admission-number-next')).toContainText('GHA/');
    const g = page.getByTestId('guardian-fields').first();
    await g.getByTestId('guardian-phone').fill(phone);
    await g.getByTestId('guardian-name').fill(parentName);
    await chooseRelationship(page, g, 'Mother');
    await g.getByTestId('guardian-email').fill(parentEmail);
    await g.getByTestId('guardian-create-account').click();
    await expect(g.getByTestId('known-guardian')).toHaveCount(0);
    // Consent (Data Protection Act 2019, issue 35 §5): processing, SMS and e-mail asked ticked, photos
    // not; this parent says no to SMS.
    const consent = page.getByTestId('admission-consent');
    for (const purpose of ['processing', 'sms', 'email']) await expect(consent.getByTestId(`admission-consent-${purpose}`)).toBeChecked();
    await expect(consent.getByTestId('admission-consent-photos')).not.toBeChecked();
    await consent.getByTestId('admission-consent-sms').click();
    await expect(consent.getByTestId('admission-consent-sms')).not.toBeChecked();
    const mailsBefore = mailbox.to(parentEmail).length;
    await page.getByTestId('admission-submit').click();

    const success = page.getByTestId('admission-success');
    await expect(success).toBeVisible();
    const firstNumber = (await success.getByTestId('admission-number').textContent())!.trim();
    expect(firstNumber).toMatch(/^GHA\/\d{4}\/\d{4}$/);
    await expect(success.getByTestId('admission-notices')).toContainText(`Baraka ${last} admitted as ${firstNumber}.`);
    await expect(success.getByTestId('admission-notices')).toContainText(`A parent account was created and a link to set a password was e-mailed to ${parentEmail}.`);
    const mail = await mailbox.waitFor(parentEmail, { after: mailsBefore });
    // The answers were recorded with the learner, from the admission form, for the guardian.
    const admitted = ((await (await page.request.get(`/api/students?search=${encodeURIComponent(firstNumber)}`)).json()) as ListStudentsResponse).items[0]!;
    const consents = (await (await page.request.get(`/api/students/${admitted.id}/consents`)).json()) as ConsentsResponse;
    const guardianState = (purpose: string) => consents.current.find((x) => x.guardianId !== null && x.purpose === purpose);
    expect(guardianState('sms')).toMatchObject({ granted: false, source: 'admission' });
    expect(guardianState('email')).toMatchObject({ granted: true, source: 'admission' });
    expect(guardianState('photos')?.granted).toBe(false);

    // The sibling: the same phone (typed another way) is recognised and linked, not duplicated.
    await success.getByTestId('admission-another').click();
    await fillLearner(page, { first: 'Neema', last, gender: 'Female', dob: '2020-02-29', className: 'PP2 West' });
    const g2 = page.getByTestId('guardian-fields').first();
    await g2.getByTestId('guardian-phone').fill(`+254 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    const known = g2.getByTestId('known-guardian');
    await expect(known).toContainText(`Known guardian: ${parentName} — parent of Baraka ${last} (Grade 2 East)`);
    await expect(known).toContainText('They will be linked to this learner, not duplicated.');
    await expect(g2.getByTestId('guardian-name')).toHaveValue(parentName);
    await expect(g2.getByTestId('guardian-has-account')).toBeVisible();
    await chooseRelationship(page, g2, 'Mother');

    // A typed admission number is checked: the first child's number is taken.
    await page.getByTestId('admission-number-type').click();
    await page.getByTestId('learner-admissionNumber').fill(firstNumber);
    await page.getByTestId('admission-submit').click();
    await expect(page.getByText(`Admission number ${firstNumber} is already used by another learner in this school.`)).toBeVisible();
    await page.getByTestId('admission-number-generate').click();
    await page.getByTestId('admission-submit').click();

    await expect(success).toBeVisible();
    const secondNumber = (await success.getByTestId('admission-number').textContent())!.trim();
    expect(secondNumber).not.toBe(firstNumber);
    await expect(success.getByTestId('admission-notices')).toContainText(`${parentName} is already known to the school and was linked, not duplicated.`);

    // Open profile → Guardians: the sibling is listed under "Also parent of".
    await success.getByTestId('admission-open-profile').click();
    await expect(page).toHaveURL(/\/dashboard\/student-information\?student=/);
    await expect(page.getByTestId('profile-name')).toHaveText(`Neema ${last}`);
    await page.getByTestId('profile-tab-guardians').click();
    const card = page.getByTestId('guardian-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('guardian-primary-badge')).toBeVisible();
    await expect(card.getByTestId('guardian-account-badge')).toHaveText('Parent account');
    await expect(card.getByTestId('guardian-siblings')).toContainText(`Baraka ${last}`);
    await card.getByTestId('guardian-sibling').click();
    await expect(page.getByTestId('profile-name')).toHaveText(`Baraka ${last}`);

    // The parent sets a password from the e-mail and sees both children on the parent dashboard.
    const token = new URL(findLink(mail, '/reset-password?token=')!).searchParams.get('token')!;
    const reset = await page.request.post('/api/auth/reset-password', { data: { token, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD } });
    expect(reset.status(), await reset.text()).toBe(200);
    const parentContext = await browser.newContext();
    const parent = await parentContext.newPage();
    const signIn = await parent.request.post('/api/auth/sign-in', { data: { email: parentEmail, password: DEMO_PASSWORD, accessType: 'school', rememberMe: true } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await parent.goto('/dashboard');
    await expect(parent.getByTestId('dashboard')).toHaveAttribute('data-kind', 'parent');
    await expect(parent.getByTestId('child-card')).toHaveCount(2);
    await expect(parent.getByTestId('child-name').filter({ hasText: `Baraka ${last}` })).toBeVisible();
    await expect(parent.getByTestId('child-name').filter({ hasText: `Neema ${last}` })).toBeVisible();
    await parentContext.close();
  });

  test('principal: search by name and by guardian phone, open the profile, edit a field, read the class history', async ({ page }) => {
    await signInViaApi(page, 'principal');
    const classes = (await (await page.request.get('/api/classes')).json()) as ClassItem[];
    const grade5 = classes.find((c) => c.name === 'Grade 5 West')!;
    const phone = uniquePhone(2);
    const last = surname('Chelangat');
    const res = await page.request.post('/api/students', {
      data: {
        firstName: 'Zoë',
        lastName: last,
        gender: 'F',
        dateOfBirth: '2015-08-30',
        classId: grade5.id,
        overrideCapacity: true,
        guardians: [{ name: `Kiprono ${last}`, relationship: 'father', phone }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const learner = (await res.json()) as StudentDetail;

    await page.goto('/dashboard/student-information');
    await expect(page.getByRole('heading', { name: 'Student Information' })).toBeVisible();
    await expect(page.getByTestId('academic-breadcrumb')).toContainText('Academic Management');
    await expect(page.getByTestId('learners-admit')).toBeVisible();
    await expect(page.getByTestId('learners-import')).toBeVisible();

    // By name (accents kept), then by the guardian's phone in another form.
    await searchRegister(page, `zoë ${last}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('learner-name')).toHaveText(`Zoë ${last}`);
    await expect(rows(page).getByTestId('learner-admission')).toHaveText(learner.admissionNumber);
    await searchRegister(page, `+254${phone.slice(1)}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('learner-name')).toHaveText(`Zoë ${last}`);
    // The filters travel in the URL (bookmarkable, survive a reload).
    await page.getByTestId('learners-filter-gender').click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await expect(page).toHaveURL(/gender=male/);
    await expect(page.getByTestId('learners-empty')).toBeVisible();
    await page.getByTestId('learners-toolbar-clear').click();
    await expect(page).not.toHaveURL(/gender=/);
    // The box empties when the cleared URL reaches the list (a transition render), as a user would see.
    await expect(page.getByTestId('learners-toolbar-search')).toHaveValue('');

    await searchRegister(page, last);
    await rows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`student=${learner.id}`));
    await expect(page.getByTestId('profile-name')).toHaveText(`Zoë ${last}`);
    await expect(page.getByTestId('profile-class')).toHaveText('Grade 5 West');
    await expect(page.getByTestId('profile-header').getByTestId('learner-status')).toHaveText('Active');

    // Edit: middle name and previous school; only those are sent, and the profile shows them.
    await page.getByTestId('profile-edit').click();
    const dialog = page.getByTestId('edit-learner-dialog');
    await expect(dialog.getByRole('heading', { name: 'Edit learner details' })).toBeVisible();
    await dialog.getByTestId('learner-middleName').fill('Chebet');
    await dialog.getByTestId('learner-previousSchool').fill("St. Mary's Ng'ang'a Academy");
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/students/${learner.id}`));
    await dialog.getByTestId('edit-learner-save').click();
    expect((await patch).postDataJSON()).toEqual({ middleName: 'Chebet', previousSchool: "St. Mary's Ng'ang'a Academy" });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('profile-name')).toHaveText(`Zoë Chebet ${last}`);
    await expect(page.getByTestId('detail-previousSchool')).toHaveText("St. Mary's Ng'ang'a Academy");
    await page.reload();
    await expect(page.getByTestId('detail-middleName')).toHaveText('Chebet');

    // Class history: this year's class with its class teacher, current.
    await page.getByTestId('profile-tab-history').click();
    await expect(page).toHaveURL(/tab=history/);
    const history = page.getByTestId('profile-history').getByTestId('history-row').filter({ visible: true });
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText(demo.yearName);
    await expect(history.first().getByTestId('history-class')).toHaveText('Grade 5 West');
    await expect(history.first().getByTestId('history-outcome')).toHaveText('Current');
    // The modules to come say so plainly.
    await page.getByTestId('profile-tab-fees').click();
    // The fees tab shows the learner's account (issue 11): a learner admitted today owes nothing yet.
    await expect(page.getByTestId('profile-fees').getByTestId('account-balance')).toContainText('Cleared');

    // Back to the register from the breadcrumb.
    await page.getByTestId('academic-breadcrumb').getByRole('button', { name: 'Student Information' }).click();
    await expect(page).not.toHaveURL(/student=/);
    await expect(rows(page).first()).toBeVisible();
  });

  test('teacher: "My Students" holds only the streams they teach; guardian contacts only as class teacher', async ({ page }) => {
    await signInViaApi(page, 'teacher');
    const figures = (await (await page.request.get('/api/students/figures')).json()) as LearnerFigures;
    const taught = figures.streams.map((s) => s.name);
    expect(taught).toContain('Grade 7 East');

    await page.goto('/dashboard/students');
    await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
    await expect(page.getByTestId('learners-section')).toHaveAttribute('data-mode', 'teacher');
    await expect(page.getByTestId('learners-admit')).toHaveCount(0);
    await expect(page.getByTestId('learners-total')).toHaveText(`${figures.active.total.toLocaleString('en-KE')} learners`);

    // The stream filter lists exactly the teacher's streams.
    await page.getByTestId('learners-filter-stream').click();
    await expect(page.getByRole('option')).toHaveText(['All streams', ...taught]);
    await page.getByRole('option', { name: 'Grade 7 East', exact: true }).click();
    await expect(page).toHaveURL(/classId=/);
    await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(3)').allTextContents())]).toEqual(['Grade 7 East']);

    // Class teacher of Grade 7 East: sees the guardians, cannot edit.
    await rows(page).first().click();
    await expect(page.getByTestId('profile-edit')).toHaveCount(0);
    await page.getByTestId('profile-tab-guardians').click();
    await expect(page.getByTestId('guardian-card').first()).toBeVisible();
    await expect(page.getByTestId('guardian-add')).toHaveCount(0);

    // A stream they only teach a subject in: no guardian contacts.
    const other = figures.streams.find((s) => s.name !== 'Grade 7 East')!;
    const list = (await (await page.request.get(`/api/students?classId=${other.classId}&pageSize=1`)).json()) as ListStudentsResponse;
    await page.goto(`/dashboard/students?student=${list.items[0]!.id}&tab=guardians`);
    await expect(page.getByTestId('guardians-empty')).toContainText('Guardian contacts are shown to the class teacher');

    // A learner outside their streams reads as not found.
    await signInViaApi(page, 'principal');
    const all = (await (await page.request.get('/api/students?pageSize=200')).json()) as ListStudentsResponse;
    const outside = all.items.find((s) => s.className && !taught.includes(s.className))!;
    await signInViaApi(page, 'teacher');
    await page.goto(`/dashboard/students?student=${outside.id}`);
    await expect(page.getByText('Learner not found.')).toBeVisible();
  });

  test('director: figures by level and gender above a read-only register', async ({ page }) => {
    await signInViaApi(page, 'school_director');
    const figures = (await (await page.request.get('/api/students/figures')).json()) as LearnerFigures;
    await page.goto('/dashboard/students');
    await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
    const fmt = (n: number) => n.toLocaleString('en-KE');
    await expect(page.getByTestId('figures-active-value')).toHaveText(fmt(figures.active.total));
    await expect(page.getByTestId('figures-girls-value')).toHaveText(fmt(figures.active.female));
    await expect(page.getByTestId('figures-boys-value')).toHaveText(fmt(figures.active.male));
    await expect(page.getByTestId('figures-boarders-value')).toHaveText(fmt(figures.active.boarding));
    const levels = page.getByTestId('figures-level');
    await expect(levels).toHaveCount(figures.levels.length);
    await expect(levels.first()).toHaveAttribute('data-level', 'PP1');
    const grade7 = figures.levels.find((l) => l.level === 'Grade 7')!;
    const row = page.locator('[data-testid="figures-level"][data-level="Grade 7"]');
    await expect(row.getByTestId('figures-level-female')).toHaveText(fmt(grade7.female));
    await expect(row.getByTestId('figures-level-male')).toHaveText(fmt(grade7.male));
    await expect(page.getByTestId('figures-total')).toHaveText(fmt(figures.active.total));
    // The register below agrees, and is read-only.
    await expect(page.getByTestId('learners-total')).toHaveText(`${fmt(figures.active.total)} learners`);
    await expect(page.getByTestId('learners-admit')).toHaveCount(0);
    await rows(page).first().click();
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await expect(page.getByTestId('profile-edit')).toHaveCount(0);
  });

  test('platform staff: pick a school in the header, read its register', async ({ page }) => {
    await signInViaApi(page, 'edufam_admin');
    await page.goto('/admin/students');
    await expect(page.getByTestId('learners-section')).toHaveAttribute('data-mode', 'platform');
    await expect(page.getByTestId('learners-pick-school')).toBeVisible();
    await page.getByTestId('school-switcher').click();
    await page.getByTestId('school-switcher-menu').getByRole('option', { name: /Riverside International School/ }).click();
    await expect(page.getByTestId('school-name')).toHaveText('Riverside International School');
    // Riverside's register (IGCSE years, its own admission numbers), read-only.
    await expect(rows(page).first()).toBeVisible();
    const admissions = await rows(page).getByTestId('learner-admission').allTextContents();
    expect(admissions.every((n) => n.startsWith('RIS/'))).toBe(true);
    await expect(page.getByTestId('learners-admit')).toHaveCount(0);
    await page.getByTestId('learners-filter-level').click();
    await expect(page.getByRole('option', { name: 'Year 7', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await rows(page).first().click();
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await expect(page.getByTestId('profile-edit')).toHaveCount(0);
  });

  test('phones: the register shows cards, the filters fold away, the profile fits', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInViaApi(page, 'finance_officer');
    await page.goto('/dashboard/students');
    await expect(page.getByTestId('learners-section')).toHaveAttribute('data-mode', 'finance_officer');
    await expect(page.getByTestId('learner-row-card').first()).toBeVisible();
    await expect(page.getByTestId('learners-filters')).toBeHidden();
    await page.getByTestId('learners-filters-toggle').click();
    await expect(page.getByTestId('learners-filters')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('learner-row-card').first().click();
    await expect(page.getByTestId('profile-name')).toBeVisible();
    // The finance officer does not get medical notes.
    await expect(page.getByTestId('detail-medicalNotes')).toHaveCount(0);
    const overflowProfile = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflowProfile).toBeLessThanOrEqual(0);
  });
});
