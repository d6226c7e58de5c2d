import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** The "expenses" section (issue 15; placeholder until the screens land). */
export function ExpensesSection() {
  return <NotAvailableYet sectionId="expenses" title="expenses" />;
}
