import { NotAvailableYet } from '@/app/shell/not-available-yet';
import { useAuth } from '@/lib/auth';
import { sectionLabel } from '@shared/sections';

/** Until its screen lands (issue 12), the section shows its title and the "not available yet" notice. */
export function ExamAnalyticsPage() {
  const { state } = useAuth();
  const role = state.user?.role;
  return role ? <NotAvailableYet sectionId="analytics" title={sectionLabel(role, 'analytics')} /> : null;
}
