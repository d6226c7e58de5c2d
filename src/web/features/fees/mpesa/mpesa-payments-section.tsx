import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the screen lands (issue 11). */
export function MpesaPaymentsSection() {
  return <NotAvailableYet sectionId="mpesa-payments" title="MPESA Payments" />;
}
