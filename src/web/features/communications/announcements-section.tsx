import { Megaphone } from 'lucide-react';
import { can } from '@shared/access';
import { messages } from '@shared/messages';
import { announcementScreens as t } from '@shared/messages/announcements-screens';
import { isSchoolRole } from '@shared/roles';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { IconBadge } from '@/components/icon-badge';
import { SchoolAnnouncements } from '@/features/announcements';
import { useAuth } from '@/lib/auth';
import { useReceivedCommunications } from './api/received';
import { CommunicationCenter } from './communication-center';
import { ReceivedAnnouncements, ReceivedList } from './received-announcements';

const m = messages.communications;

/**
 * The platform's notices to the caller's role (EduFam's Communication Center), newest first, dismissed
 * banners included (marked), under the school's own announcements. Polls every 30 s and refreshes on
 * communications.changed. Hidden while there are none.
 */
function PlatformNotices() {
  const query = useReceivedCommunications();
  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = <QueryErrorCard query={query} title={m.errorLoadingTitle} text={m.errorLoadingText} retryLabel={m.tryAgain} />;
  } else if (!query.data) {
    body = <Skeleton className="h-24 rounded-xl" />;
  } else if (query.data.length === 0) {
    return null;
  } else {
    body = <ReceivedList items={query.data} compact />;
  }
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="platform-notices-heading" data-testid="received-announcements">
      <div className="flex items-center gap-2.5">
        <IconBadge icon={Megaphone} className="size-8 rounded-lg bg-muted text-muted-foreground" />
        <div>
          <h2 id="platform-notices-heading" className="text-base font-semibold">
            {t.platformHeading}
          </h2>
          <p className="text-xs text-muted-foreground">{t.platformHint}</p>
        </div>
      </div>
      {body}
    </section>
  );
}

/**
 * The announcements section (spec §2): the Communication Center for edufam_admin (manageCommunications);
 * for every school role the school's announcements (issue 17 §1: School News, Class Announcements,
 * Finance Notices, HR Announcements, Announcements) with the platform's notices to the role below;
 * other platform staff keep the read view of the platform's notices.
 */
export function AnnouncementsSection() {
  const { state } = useAuth();
  const user = state.user;
  if (!user?.role) return null;
  if (can({ id: user.id, role: user.role, schoolId: user.schoolId }, 'manageCommunications')) return <CommunicationCenter />;
  if (!isSchoolRole(user.role)) return <ReceivedAnnouncements role={user.role} />;
  return <SchoolAnnouncements role={user.role} platformNotices={<PlatformNotices />} />;
}
