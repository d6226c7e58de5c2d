import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** HR Reports (issue 14): being built. */
export function HrReportsSection() {
  return <NotAvailableYet sectionId="hr-reports" title="HR Reports" />;
}
