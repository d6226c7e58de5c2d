import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the screen lands (issue 11). */
export function FinanceSettingsSection() {
  return <NotAvailableYet sectionId="finance-settings" title="Finance Settings" />;
}
