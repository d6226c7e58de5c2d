import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** The "financial-reports" section (issue 15; placeholder until the screens land). */
export function FinancialReportsSection() {
  return <NotAvailableYet sectionId="financial-reports" title="financial-reports" />;
}
