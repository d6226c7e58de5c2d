import { Clock, Wrench } from 'lucide-react';
import { showsMaintenanceNotice } from '@shared/contracts/maintenance';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import type { SessionUser } from '@/lib/types';
import { useMaintenanceStatus } from './api/maintenance';
import { IconBadge } from '@/components/icon-badge';

const m = messages.maintenance;

/**
 * The maintenance notice banner (spec §6 Maintenance: "shows to admins who can bypass, but not to
 * edufam_admin"). Interpretation (see showsMaintenanceNotice in shared/contracts/maintenance.ts): it
 * shows, while maintenance is on, to every user let through only because their role is in the
 * setting's allowed_roles, i.e. bypassing roles other than edufam_admin and its alias elimisha_admin.
 * With the default allowed_roles (edufam_admin only) nobody sees it: everyone else is on the
 * Maintenance page, and the admins manage maintenance from their own screen. They never even ask for
 * the status here.
 */
export function MaintenanceNotice({ user }: { user: SessionUser }) {
  const isAdmin = isAdminRole(user.role);
  const query = useMaintenanceStatus(user.id, { enabled: !isAdmin });
  const status = query.data;
  if (isAdmin || !status || !showsMaintenanceNotice(user.role, status)) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-500/25 bg-amber-50 px-4 py-3 text-amber-900 sm:px-6 lg:px-8 dark:bg-amber-500/10 dark:text-amber-100"
      data-testid="maintenance-notice"
    >
      <div className="mx-auto flex w-full max-w-7xl items-start gap-3">
        <IconBadge icon={Wrench} className="mt-0.5 size-7 rounded-full bg-amber-500/15 text-amber-700 dark:text-amber-300" iconClassName="size-3.5" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">
            {m.noticeTitle}
            <span className="ml-2 inline-flex items-center gap-1 text-xs font-medium sm:hidden">
              <Clock className="size-3" aria-hidden />
              {status.estimatedDuration}
            </span>
          </p>
          <p className="mt-0.5 text-amber-900/80 dark:text-amber-100/80">
            {status.message} <span className="text-amber-900/70 dark:text-amber-100/70">{m.noticeText}</span>
          </p>
        </div>
        <span className="hidden shrink-0 items-center gap-1.5 rounded-full bg-amber-500/15 px-2.5 py-1 text-xs font-medium sm:inline-flex">
          <Clock className="size-3.5" aria-hidden />
          {status.estimatedDuration}
        </span>
      </div>
    </div>
  );
}
