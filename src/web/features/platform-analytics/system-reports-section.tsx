import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function SystemReportsSection() {
  return <NotAvailableYet sectionId="reports" title="System Reports" />;
}
