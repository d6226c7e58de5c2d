import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function SecuritySection() {
  return <NotAvailableYet sectionId="security" title="Security" />;
}
