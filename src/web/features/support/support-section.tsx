import { SectionHeading } from '@/app/shell/not-available-yet';

/** The support section (issue 17 §3): tickets, and the Support Center for EduFam staff (stub until the module lands). */
export function SupportSection() {
  return <SectionHeading sectionId="support" title="Support" />;
}
