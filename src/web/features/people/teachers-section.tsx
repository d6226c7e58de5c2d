import { useActiveSectionTitle } from '@/app/shell/use-active-section';
import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Placeholder until the module's screen lands (issue 10). */
export function TeachersSection() {
  const { sectionId, title } = useActiveSectionTitle();
  return <NotAvailableYet sectionId={sectionId} title={title} />;
}
