import { expect } from '@playwright/test';
import { test } from './support/test';
import { signInViaApi } from './support/accounts';

/**
 * Times as Kenya writes them (issue 34): a time field shows and accepts 24-hour HH:MM whatever the
 * browser's locale (an en-US browser's own time input would show "07:45 AM"), refuses what is not a time
 * of day with the format it asks for, and writes what was typed as HH:MM once the box is left. Nothing is
 * saved: the attendance settings stay as they were.
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

  await late.fill('7:45');
  await expect(page.getByText('Enter the time as HH:MM, 24-hour, e.g. 14:05.')).toHaveCount(0);
  await late.blur();
  await expect(late).toHaveValue('07:45');
  await expect(late).not.toHaveAttribute('aria-invalid', 'true');
});
