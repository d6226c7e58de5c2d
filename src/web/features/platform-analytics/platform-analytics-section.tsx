import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function PlatformAnalyticsSection() {
  return <NotAvailableYet sectionId="analytics" title="System Analytics" />;
}
