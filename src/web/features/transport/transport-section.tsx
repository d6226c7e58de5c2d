import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** The "transport" section (issue 15; placeholder until the screens land). */
export function TransportSection() {
  return <NotAvailableYet sectionId="transport" title="transport" />;
}
