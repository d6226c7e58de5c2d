import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** My Payslips (issue 14): being built. */
export function MyPayslipsSection() {
  return <NotAvailableYet sectionId="my-payslips" title="My Payslips" />;
}
