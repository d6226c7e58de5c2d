import { NotAvailableYet } from '@/app/shell/not-available-yet';

/** Stub: built by issue 18 work. */
export function ProjectHubSection() {
  return <NotAvailableYet sectionId="project-hub" title="Project Hub" />;
}
