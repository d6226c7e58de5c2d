import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** The "inventory" section (issue 15; placeholder until the screens land). */
export function InventorySection() {
  return <NotAvailableYet sectionId="inventory" title="inventory" />;
}
