import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function SchoolAnalyticsSection() {
  return <NotAvailableYet sectionId="school-analytics" title="School Analytics" />;
}
