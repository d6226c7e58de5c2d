import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** HR Dashboard (issue 14): being built. */
export function HrDashboardSection() {
  return <NotAvailableYet sectionId="hr-dashboard" title="HR Dashboard" />;
}
