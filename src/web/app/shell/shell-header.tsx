import * as React from 'react';
import { CalendarDays, Menu, PanelLeft } from 'lucide-react';
import { messages } from '@shared/messages';
import { roleDisplayName } from '@shared/roles';
import type { SessionUser } from '@/lib/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/communications/notification-bell';
import { formatToday, formatTodayShort, greetingFor } from './greeting';
import { SchoolSwitcher } from './school-switcher';
import { useSidebar } from './sidebar-state';
import { UserMenu } from './user-menu';

/** The current time, refreshed every minute so the greeting and the date roll over. */
function useNow(): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * Shell header (spec §2 Shell chrome): sidebar toggle (drawer on mobile), greeting with first name,
 * role badge, school name, today's date (Africa/Nairobi), notification bell and user menu.
 */
export function ShellHeader({ user, onOpenProfile, onLogOut }: { user: SessionUser; onOpenProfile: () => void; onLogOut: () => void }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  const now = useNow();
  const role = user.role ?? user.rawRole;

  return (
    <header className="sticky top-0 z-30 border-b bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="flex items-start gap-2 px-3 py-3 sm:items-center sm:gap-3 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 shrink-0 text-muted-foreground hover:text-foreground"
          onClick={toggle}
          aria-label={messages.shell.toggleSidebar}
          aria-expanded={isMobile ? openMobile : open}
          title={`${messages.shell.toggleSidebar} (Ctrl+B)`}
        >
          {isMobile ? <Menu /> : <PanelLeft />}
        </Button>
        <div className="hidden h-5 w-px shrink-0 bg-border sm:block" aria-hidden />

        <div className="min-w-0 flex-1 pt-1.5 sm:pt-0">
          <p className="truncate text-[15px] font-semibold tracking-tight sm:text-base" data-testid="greeting">
            {greetingFor(now)}, {user.firstName}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
            {role && (
              <Badge className="rounded-md px-2 py-0.5 font-medium" data-testid="role-badge">
                {roleDisplayName(role)}
              </Badge>
            )}
            <SchoolSwitcher user={user} />
            <span className="flex items-center gap-1.5 whitespace-nowrap" data-testid="today">
              <CalendarDays className="size-3.5 shrink-0" aria-hidden />
              <time dateTime={now.toISOString()}>
                <span className="hidden lg:inline">{formatToday(now)}</span>
                <span className="lg:hidden">{formatTodayShort(now)}</span>
              </time>
            </span>
          </div>
        </div>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {/* Notification bell (spec §2 Shell chrome: bell with dropdown, badge "9+" above 9). */}
          <NotificationBell />
          <UserMenu user={user} onOpenProfile={onOpenProfile} onLogOut={onLogOut} />
        </div>
      </div>
    </header>
  );
}
