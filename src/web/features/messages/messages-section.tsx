import { SectionHeading } from '@/app/shell/not-available-yet';

/** The messages section (issue 17 §2): conversations between parents and staff (stub until the module lands). */
export function MessagesSection() {
  return <SectionHeading sectionId="messages" title="Messages" />;
}
