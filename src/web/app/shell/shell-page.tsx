import * as React from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTE_DENIAL_PARAM, homePathFor, routeDenialMessage, sectionForPath } from '@shared/access';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '@shared/constants';
import { messages } from '@shared/messages';
import { getSection, sectionLabel } from '@shared/sections';
import { useAuth } from '@/lib/auth';
import { useTheme } from '@/lib/theme';
import type { SessionUser } from '@/lib/types';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ChangePasswordGate } from '@/features/auth/change-password-dialog';
import { AnnouncementBanners } from '@/features/communications/announcement-banners';
import { MaintenanceNotice } from '@/features/maintenance/maintenance-notice';
import { BillingStatusBanner } from '@/features/billing/billing-widgets';
import { GlobalErrorBoundary } from '../error-boundary';
import { AppSidebar } from './app-sidebar';
import { InactivityMonitor } from '@/components/inactivity-monitor';
import { OfflineBanner } from '@/components/offline-banner';
import { ProfileSettingsDialog } from './profile-settings-dialog';
import { SectionContent } from './section-content';
import { ShellHeader } from './shell-header';
import { SidebarProvider, useSidebar } from './sidebar-state';
import { useSignOutToLogin } from '@/lib/use-sign-out-to-login';
import { DashboardBannerContext } from '@/components/page-layout';
import { SelfCheckInCard } from '@/features/attendance/staff/self-check-in-card';
import { LearnerFeeAccount } from '@/features/fees/accounts/learner-fee-account';
import { LearnerFeesTabContext } from '@/features/learners/components/fees-tab-slot';

/** Shown under every dashboard's title (issue 13: staff self check-in); one element, so the context never changes. */
const DASHBOARD_BANNER = <SelfCheckInCard />;
/** The learner profile's Fees tab, drawn by the fees feature. */
const learnerFeesTab = (studentId: string) => <LearnerFeeAccount studentId={studentId} />;

/** The user whose saved theme was applied in this page session (spec §2: the theme follows the user). */
let themeAppliedFor: string | null = null;

const shellVars = {
  '--sidebar-width': SIDEBAR_WIDTH,
  '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
  '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
} as React.CSSProperties;

function ShellLayout({ user }: { user: SessionUser }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { setTheme } = useTheme();
  const { setOpenMobile } = useSidebar();
  const signOutToLogin = useSignOutToLogin();
  const [profileOpen, setProfileOpen] = React.useState(false);

  const activeSection = sectionForPath(location.pathname) ?? 'dashboard';

  // On sign-in the user's saved theme applies.
  React.useEffect(() => {
    if (themeAppliedFor === user.id) return;
    themeAppliedFor = user.id;
    if (user.themePreference === 'light' || user.themePreference === 'dark' || user.themePreference === 'system') setTheme(user.themePreference);
  }, [user.id, user.themePreference, setTheme]);

  // The active section resets to dashboard whenever the role changes (spec §2 Shell sections).
  const previousRole = React.useRef(user.role);
  React.useEffect(() => {
    if (previousRole.current !== user.role) {
      previousRole.current = user.role;
      navigate(homePathFor(user.role), { replace: true });
    }
  }, [user.role, navigate]);

  // Navigating closes the mobile drawer.
  React.useEffect(() => {
    setOpenMobile(false);
  }, [location.pathname, setOpenMobile]);

  // A denied route sent the user here (spec §6 route prefix rules): its spec §8 message shows once and
  // the marker leaves the address, so a reload or a shared link does not repeat it.
  React.useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(ROUTE_DENIAL_PARAM)) return;
    const message = routeDenialMessage(params.get(ROUTE_DENIAL_PARAM));
    if (message) toast.error(message, { id: 'route-denial' });
    params.delete(ROUTE_DENIAL_PARAM);
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate]);

  React.useEffect(() => {
    const label = user.role && getSection(activeSection) ? sectionLabel(user.role, activeSection) : null;
    document.title = label ? `${label} · ${messages.product.title}` : messages.product.title;
  }, [user.role, activeSection]);

  const logOut = React.useCallback(() => {
    themeAppliedFor = null;
    void signOutToLogin();
  }, [signOutToLogin]);

  return (
    <div className="flex min-h-svh bg-background text-foreground" style={shellVars}>
      <AppSidebar user={user} activeSection={activeSection} />
      <div className="flex min-w-0 flex-1 flex-col">
        <ShellHeader user={user} onOpenProfile={() => setProfileOpen(true)} onLogOut={logOut} />
        <OfflineBanner userId={user.id} />
        <MaintenanceNotice user={user} />
        {/* Issue 18 §1: a school in arrears is warned; read-only after the grace period. */}
        <BillingStatusBanner user={user} />
        {/* Admin announcement banners (spec §2 Shell chrome: scroll area max height 16rem). */}
        <AnnouncementBanners />
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-7xl">
            <DashboardBannerContext.Provider value={DASHBOARD_BANNER}>
              <LearnerFeesTabContext.Provider value={learnerFeesTab}>
                <SectionContent key={user.role ?? 'none'} user={user} sectionId={activeSection} />
              </LearnerFeesTabContext.Provider>
            </DashboardBannerContext.Provider>
          </div>
        </main>
      </div>
      <ProfileSettingsDialog open={profileOpen} onOpenChange={setProfileOpen} />
      <InactivityMonitor onSignOut={logOut} />
    </div>
  );
}

/**
 * The signed-in shell (spec §2): sidebar, header and the active section. AppGate guarantees a user.
 * Its own global error screen: React Router would otherwise catch a crash of the route element first.
 */
export function ShellPage() {
  return (
    <GlobalErrorBoundary>
      <Shell />
    </GlobalErrorBoundary>
  );
}

function Shell() {
  const { state } = useAuth();
  const user = state.user;
  return (
    <SidebarProvider>
      <TooltipProvider>
        {user ? (
          <ChangePasswordGate>
            <ShellLayout user={user} />
          </ChangePasswordGate>
        ) : (
          <div className="flex min-h-svh bg-background" style={shellVars}>
            <AppSidebar user={null} activeSection="dashboard" />
          </div>
        )}
      </TooltipProvider>
    </SidebarProvider>
  );
}
