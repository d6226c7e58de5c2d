import { companyScreens as s } from '@shared/messages/company-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { PageHeader } from '@/components/page-header';
import { CompanyDetailsCard } from './company-details-card';
import { PlatformStaffCard } from './platform-staff-card';

/**
 * EduFam admin's "Company Management" (issue 18 §4): the company's own details and logo (printed on
 * platform invoices, receipts and e-mails), and the platform staff accounts.
 */
export function CompanySection() {
  const { sectionId, title } = useActiveSectionTitle();
  return (
    <section className="flex min-w-0 flex-col gap-6 sm:gap-8" data-testid="company-section">
      <PageHeader sectionId={sectionId} title={title} subtitle={s.subtitle} testId="company-header" />
      <CompanyDetailsCard />
      <PlatformStaffCard />
    </section>
  );
}
