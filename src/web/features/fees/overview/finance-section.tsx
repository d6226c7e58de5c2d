import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the screen lands (issue 11). */
export function FinanceSection() {
  return <NotAvailableYet sectionId="finance" title="Finance" />;
}
