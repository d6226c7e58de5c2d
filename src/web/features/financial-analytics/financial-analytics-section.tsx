import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** The "financial-analytics" section (issue 15; placeholder until the screens land). */
export function FinancialAnalyticsSection() {
  return <NotAvailableYet sectionId="financial-analytics" title="financial-analytics" />;
}
