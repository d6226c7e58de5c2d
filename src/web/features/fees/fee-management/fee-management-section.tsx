import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the screen lands (issue 11). */
export function FeeManagementSection() {
  return <NotAvailableYet sectionId="fee-management" title="Fee Management" />;
}
