import { can } from '@shared/access';
import { useAuth } from '@/lib/auth';
import { SchoolSupport } from './school-support';
import { SupportCenter } from './support-center';
import { useSupportLiveRefresh } from './support-api';

/**
 * The support section (issue 17 §3): EduFam staff (manageSupport) get the Support Center, school users
 * (openSupportTickets) their "Support" page, the director's "Support Tickets". Every support screen
 * refreshes on the live event `support.changed`.
 */
export function SupportSection() {
  const { state } = useAuth();
  useSupportLiveRefresh();
  const user = state.user;
  if (!user?.role) return null;
  const actor = { id: user.id, role: user.role, schoolId: user.schoolId };
  if (can(actor, 'manageSupport')) return <SupportCenter userId={user.id} />;
  if (can(actor, 'openSupportTickets')) return <SchoolSupport role={user.role} userId={user.id} />;
  return null;
}
