import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FEATURE_KEYS, FEATURE_SECTIONS } from '@shared/contracts/system-settings';
import { can, pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { getSection, sidebarFor, type SidebarItem } from '@shared/sections';
import type { SessionUser } from '@/lib/types';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { BrandMark } from '@/components/brand-mark';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnreadAnnouncements, useUnreadMessages } from '@/features/messages/messages-api';
import { SectionIcon } from '@/components/section-icons';
import { useSidebar } from './sidebar-state';

/** The sections a user's sidebar lists; an unknown role gets the dashboard only (spec §2: all roles). */
export function sidebarItemsFor(user: SessionUser | null): SidebarItem[] | null {
  if (!user) return null;
  if (!user.role) return user.rawRole ? [{ id: 'dashboard', label: getSection('dashboard')?.label ?? 'dashboard' }] : null;
  return sidebarFor(user.role);
}

interface SidebarBodyProps {
  user: SessionUser | null;
  activeSection: string;
  collapsed: boolean;
  onNavigate?: () => void;
}

function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  return (
    <div className={cn('flex h-16 shrink-0 items-center gap-3 px-4', collapsed && 'justify-center px-0')}>
      <BrandMark />
      {!collapsed && (
        <div className="min-w-0 leading-tight">
          <p className="truncate text-[15px] font-semibold tracking-tight text-foreground">{messages.product.title}</p>
          <p className="truncate text-xs text-muted-foreground">{messages.product.subtitle}</p>
        </div>
      )}
    </div>
  );
}

function NavItem({
  item,
  role,
  active,
  collapsed,
  badge = 0,
  onNavigate,
}: {
  item: SidebarItem;
  role: string | null;
  active: boolean;
  collapsed: boolean;
  /** Unread items of the section (messages, announcements); shown as a count, a dot when collapsed. */
  badge?: number;
  onNavigate?: () => void;
}) {
  const badgeText = badge > 99 ? '99+' : String(badge);
  const link = (
    <Link
      to={pathForSection(role, item.id)}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-section={item.id}
      aria-label={collapsed ? item.label : undefined}
      // The count is the link's description, not part of its name: "Messages" stays "Messages".
      aria-describedby={badge > 0 ? `sidebar-badge-text-${item.id}` : undefined}
      className={cn(
        // Labels are never cut (issue 34): a label longer than the row (with an unread count) wraps.
        'group/nav relative flex min-h-9 items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm leading-tight outline-none transition-colors',
        'text-sidebar-foreground/80 hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
        collapsed && 'mx-auto size-9 justify-center px-0',
      )}
    >
      {active && !collapsed && <span aria-hidden className="absolute inset-y-2 -left-3 w-[3px] rounded-r-full bg-primary" />}
      <SectionIcon id={item.id} className={cn('size-[18px] shrink-0 opacity-80', active && 'text-primary opacity-100')} strokeWidth={active ? 2.2 : 1.9} />
      {!collapsed && <span className="min-w-0 break-words">{item.label}</span>}
      {badge > 0 && (
        // Hidden, so it stays out of the link's name (computed from its content) while aria-describedby still reads it.
        <span id={`sidebar-badge-text-${item.id}`} hidden>
          {messages.shell.unreadCount(badgeText)}
        </span>
      )}
      {badge > 0 &&
        (collapsed ? (
          <span aria-hidden className="absolute top-1 right-1 size-2 rounded-full bg-primary ring-2 ring-sidebar" data-testid={`sidebar-badge-${item.id}`} />
        ) : (
          <span
            aria-hidden
            className="-mr-1 ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground tabular-nums"
            data-testid={`sidebar-badge-${item.id}`}
          >
            {badgeText}
          </span>
        ))}
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{item.label}</TooltipContent>
    </Tooltip>
  );
}

function SidebarSchool({ user }: { user: SessionUser }) {
  const name = isAdminRole(user.role) ? messages.shell.allSchools : user.school?.name;
  if (!name) return null;
  const initial = name.trim()[0]?.toUpperCase() ?? '?';
  return (
    <div className="flex items-center gap-3 rounded-lg border border-sidebar-border bg-card/60 px-3 py-2.5">
      <span className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-xs font-semibold text-muted-foreground">
        {user.school?.logoUrl ? <img src={user.school.logoUrl} alt="" className="size-full object-cover" /> : initial}
      </span>
      <div className="min-w-0 leading-tight">
        <p className="line-clamp-2 text-sm font-medium break-words text-foreground" title={name} data-testid="sidebar-school-name">
          {name}
        </p>
        {user.school?.curriculum && !isAdminRole(user.role) && <p className="truncate text-xs text-muted-foreground">{user.school.curriculum.toUpperCase()}</p>}
      </div>
    </div>
  );
}

/**
 * Unread counts for the sidebar (issue 17): conversations (GET /api/conversations/unread-count, live on
 * `messages.changed`) and announcements (GET /api/announcements/unread-count, live on
 * `announcements.changed`), each only when the role's sidebar lists that section and the shared access
 * rules let the role call the endpoint (`useMessages`, `readAnnouncements`; platform staff may do neither,
 * so their pages ask for neither and the console shows no 403, issue 34).
 */
function useUnreadCounts(items: SidebarItem[] | null, user: SessionUser | null): Record<string, number> {
  const actor = user?.role ? { id: user.id, role: user.role, schoolId: user.schoolId } : null;
  const hasMessages = !!actor && can(actor, 'useMessages') && !!items?.some((i) => i.id === 'messages');
  const hasAnnouncements = !!actor && can(actor, 'readAnnouncements') && !!items?.some((i) => i.id === 'announcements');
  const messagesCount = useUnreadMessages(hasMessages).data?.unread ?? 0;
  const announcementsCount = useUnreadAnnouncements(hasAnnouncements).data?.unread ?? 0;
  return { messages: hasMessages ? messagesCount : 0, announcements: hasAnnouncements ? announcementsCount : 0 };
}

/**
 * Sections of features EduFam staff turned off for the user's school (issue 18 §4 feature flags; the
 * API refuses them with 403 FEATURE_DISABLED whatever the sidebar shows). Platform staff see everything.
 */
function useHiddenSections(user: SessionUser | null): ReadonlySet<string> {
  const schoolUser = !!user?.schoolId && !!user.role && !isAdminRole(user.role);
  const flags = useQuery({
    queryKey: ['feature-flags', 'mine', user?.schoolId ?? null],
    queryFn: () => api<{ flags: Record<string, boolean> }>('/api/feature-flags/mine'),
    enabled: schoolUser,
    staleTime: 60_000,
    retry: false,
  }).data?.flags;
  if (!schoolUser || !flags) return EMPTY;
  return new Set(FEATURE_KEYS.filter((key) => flags[key] === false).flatMap((key) => FEATURE_SECTIONS[key]));
}
const EMPTY: ReadonlySet<string> = new Set();

/** Brand, the role's sections and the school: shared by the desktop sidebar and the mobile drawer. */
export function SidebarBody({ user, activeSection, collapsed, onNavigate }: SidebarBodyProps) {
  const hidden = useHiddenSections(user);
  const all = sidebarItemsFor(user);
  const items = all && hidden.size ? all.filter((i) => !hidden.has(i.id)) : all;
  const unread = useUnreadCounts(items, user);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <SidebarBrand collapsed={collapsed} />
      <nav aria-label={messages.shell.navigationLabel} className={cn('min-h-0 flex-1 overflow-y-auto overflow-x-hidden py-2', collapsed ? 'px-1' : 'px-3')}>
        {items ? (
          <ul className="flex flex-col gap-0.5">
            {items.map((item) => (
              <li key={item.id}>
                <NavItem item={item} role={user?.role ?? null} active={item.id === activeSection} collapsed={collapsed} badge={unread[item.id]} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col gap-2 px-1" role="status">
            <p className="px-1.5 py-1 text-xs text-muted-foreground">{messages.product.loadingNavigation}</p>
            {!collapsed && [0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-8 w-full" />)}
          </div>
        )}
      </nav>
      {user && !collapsed && (
        <div className="shrink-0 border-t border-sidebar-border p-3">
          <SidebarSchool user={user} />
        </div>
      )}
    </div>
  );
}

/**
 * The shell sidebar (spec §2 Shell chrome, §4 Sidebar): 16rem, icon-only 3rem when collapsed, a drawer
 * of 18rem below 768 px that closes on navigation, Escape or an overlay click.
 */
export function AppSidebar({ user, activeSection }: { user: SessionUser | null; activeSection: string }) {
  const { open, openMobile, setOpenMobile, isMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="w-[var(--sidebar-width-mobile)] max-w-[85vw] p-0" data-testid="mobile-sidebar">
          <SheetTitle className="sr-only">{messages.product.title}</SheetTitle>
          <SheetDescription className="sr-only">{messages.product.subtitle}</SheetDescription>
          <SidebarBody user={user} activeSection={activeSection} collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 hidden h-svh shrink-0 overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out md:block',
        open ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
      )}
    >
      <SidebarBody user={user} activeSection={activeSection} collapsed={!open} />
    </aside>
  );
}
