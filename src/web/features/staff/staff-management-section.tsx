import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Staff Management (issue 14): being built. */
export function StaffManagementSection() {
  return <NotAvailableYet sectionId="staff-management" title="Staff Management" />;
}
