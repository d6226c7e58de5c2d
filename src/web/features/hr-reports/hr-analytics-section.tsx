import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** HR Analytics (issue 14): being built. */
export function HrAnalyticsSection() {
  return <NotAvailableYet sectionId="hr-analytics" title="HR Analytics" />;
}
