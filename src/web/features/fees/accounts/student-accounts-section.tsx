import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the screen lands (issue 11). */
export function StudentAccountsSection() {
  return <NotAvailableYet sectionId="student-accounts" title="Student Accounts" />;
}
