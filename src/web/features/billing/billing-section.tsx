import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function BillingSection() {
  return <NotAvailableYet sectionId="billing" title="Billing Management" />;
}
