import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** My Leave (issue 14): being built. */
export function MyLeaveSection() {
  return <NotAvailableYet sectionId="my-leave" title="My Leave" />;
}
