import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function CompanySection() {
  return <NotAvailableYet sectionId="company-management" title="Company Management" />;
}
