import * as React from 'react';
import { MAINTENANCE_POLL_MS } from '@shared/constants';
import { canBypassMaintenance } from '@shared/contracts/maintenance';
import { isAdminRole } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { LoadingScreen } from '@/components/loading-screen';
import { useSignOutToLogin } from '@/lib/use-sign-out-to-login';
import { useMaintenanceStatus } from './api/maintenance';
import { MaintenancePage } from './components/maintenance-page';

/**
 * The App gate of spec §4 for signed-in routes: while the first maintenance check loads, the loading
 * screen; then the Maintenance page when maintenance is on and the user's role may not bypass it
 * (everyone but edufam_admin and its alias elimisha_admin by default), otherwise the app. Rechecked every 10 s (spec §9), at once on
 * a `maintenance.changed` live event, and on Check Status. When the check fails (after 3 retries 1 s
 * apart) the user is allowed (spec §4). The admin roles never wait for the check.
 */
export function MaintenanceGate({ children }: { children: React.ReactNode }) {
  const { state } = useAuth();
  const user = state.user;
  const bypassesAlways = isAdminRole(user?.role);
  const query = useMaintenanceStatus(user?.id ?? null, { pollMs: MAINTENANCE_POLL_MS, enabled: !!user && !bypassesAlways });
  const signOutToLogin = useSignOutToLogin();
  const [manualCheckAt, setManualCheckAt] = React.useState<number | null>(null);

  if (!user || bypassesAlways) return <>{children}</>;
  if (query.isPending) return <LoadingScreen />;
  // Spec §4: on check error the user is allowed.
  if (query.isError) return <>{children}</>;

  const status = query.data;
  const canAccess = status.canAccess ?? canBypassMaintenance(user.role);
  if (!status.enabled || canAccess) return <>{children}</>;

  const checkStatus = async () => {
    await query.refetch();
    setManualCheckAt(Date.now());
  };

  return (
    <MaintenancePage
      status={status}
      checkedAt={query.dataUpdatedAt}
      checking={query.isFetching}
      stillOn={manualCheckAt !== null && manualCheckAt >= query.dataUpdatedAt}
      onTryAgain={() => window.location.reload()}
      onCheckStatus={() => void checkStatus()}
      onSignOut={() => void signOutToLogin()}
    />
  );
}
