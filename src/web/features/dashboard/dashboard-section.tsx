import type * as React from 'react';
import { AlertTriangle, Lock, RefreshCw, UserRoundX } from 'lucide-react';
import { dashboardKindFor } from '@shared/access';
import type { Dashboard } from '@shared/contracts/dashboard';
import { messages } from '@shared/messages';
import { StatusCard } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDashboard } from './api/get-dashboard';
import { DashboardSkeleton } from './components/dashboard-skeleton';
import { DensityProvider } from '@/lib/density';
import { FinanceDashboard } from './dashboards/finance-dashboard';
import { HrDashboard } from './dashboards/hr-dashboard';
import { ParentDashboard } from './dashboards/parent-dashboard';
import { PlatformDashboard } from './dashboards/platform-dashboard';
import { SchoolDashboard } from './dashboards/school-dashboard';
import { TeacherDashboard } from './dashboards/teacher-dashboard';

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex justify-center py-10 sm:py-16">{children}</div>;
}

function AuthRequired() {
  return (
    <Centered>
      <StatusCard icon={Lock} tone="warning" title={messages.shell.authRequiredTitle} text={messages.shell.authRequiredText} />
    </Centered>
  );
}

function ByKind({ data }: { data: Dashboard }) {
  switch (data.kind) {
    case 'platform':
      return <PlatformDashboard data={data} />;
    case 'director':
    case 'principal':
      return <SchoolDashboard data={data} />;
    case 'teacher':
      return <TeacherDashboard data={data} />;
    case 'parent':
      return <ParentDashboard data={data} />;
    case 'finance':
      return <FinanceDashboard data={data} />;
    case 'hr':
      return <HrDashboard data={data} />;
  }
}

/**
 * The dashboard section (spec §2): picks the dashboard by role — platform for edufam_admin and
 * elimisha_admin, then director, principal, teacher, finance_officer, hr and parent — from GET
 * /api/dashboard. Unknown roles see "Unknown user role: {role}"; no session shows "Authentication
 * Required". Loading shows skeletons; a failed load shows an error card with Try Again. Honours the
 * user's Compact Mode preference.
 */
export function DashboardSection() {
  const { state } = useAuth();
  const user = state.user;
  const role = user?.role ?? user?.rawRole ?? null;
  const kind = role ? dashboardKindFor(role) : null;
  const query = useDashboard(!!user && !!kind);

  if (!user) return <AuthRequired />;
  if (!kind) {
    return (
      <Centered>
        <StatusCard icon={UserRoundX} tone="warning" title={messages.shell.unknownRole(role ?? '')} text={messages.shell.roleConfigText} />
      </Centered>
    );
  }

  const compact = !!user.dashboardPreferences?.compactMode;
  let body: React.ReactNode;
  if (query.isPending) {
    body = <DashboardSkeleton />;
  } else if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && err.status === 401) return <AuthRequired />;
    body = (
      <Centered>
        <StatusCard
          icon={AlertTriangle}
          title={messages.dashboard.loadErrorTitle}
          text={messages.dashboard.loadErrorText}
          detail={err.message}
          actions={
            <Button onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="dashboard-retry">
              <RefreshCw className={query.isFetching ? 'animate-spin' : undefined} />
              {messages.shell.tryAgain}
            </Button>
          }
        />
      </Centered>
    );
  } else {
    body = <ByKind data={query.data} />;
  }
  return <DensityProvider compact={compact}>{body}</DensityProvider>;
}
