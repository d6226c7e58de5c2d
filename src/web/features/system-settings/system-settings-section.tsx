import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function SystemSettingsSection() {
  return <NotAvailableYet sectionId="settings" title="System Settings" />;
}
