import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** User Management (issue 14): being built. */
export function UserManagementSection() {
  return <NotAvailableYet sectionId="user-management" title="User Management" />;
}
