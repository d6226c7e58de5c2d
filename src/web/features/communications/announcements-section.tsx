import { can } from '@shared/access';
import { useAuth } from '@/lib/auth';
import { CommunicationCenter } from './communication-center';
import { ReceivedAnnouncements } from './received-announcements';

/**
 * The announcements section (spec §2): the Communication Center for edufam_admin (manageCommunications),
 * and for every other role the read view of the communications targeted at it (School News, Class
 * Announcements, Finance Notices, HR Announcements, ...).
 */
export function AnnouncementsSection() {
  const { state } = useAuth();
  const user = state.user;
  if (!user?.role) return null;
  if (can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageCommunications')) return <CommunicationCenter />;
  return <ReceivedAnnouncements role={user.role} />;
}
