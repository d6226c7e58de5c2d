import { createBrowserRouter, Navigate } from 'react-router';
import { ROUTE_SECTIONS } from '@shared/access';
import { LANDING_PATHS } from '@shared/landing';
import { LoginPage } from '@/features/auth/login-page';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { UnauthorizedPage } from '@/features/auth/unauthorized-page';
import { MarketingRedirect } from '@/features/public/marketing-redirect';
import { VerifyCertificatePage } from '@/features/public/verify-certificate-page';
import { UssdSimulatorPage } from '@/features/ussd';
import { MaintenanceGate } from '@/features/maintenance/maintenance-gate';
import { MaintenanceTestPage } from '@/features/maintenance/maintenance-test-panel';
import { RouteErrorBoundary } from '@/app/error-boundary';
import { RequireAuth } from '@/app/require-auth';
import { ShellPage } from '@/app/shell/shell-page';

const shellRoutes = [...Object.keys(ROUTE_SECTIONS), '/dashboard/:section', '/admin/:section'].map((path) => ({
  path,
  element: (
    <RequireAuth>
      <MaintenanceGate>
        <ShellPage />
      </MaintenanceGate>
    </RequireAuth>
  ),
}));

const routes = [
  ...Object.values(LANDING_PATHS).map((path) => ({ path, element: <MarketingRedirect /> })),
  { path: '/login', element: <LoginPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  { path: '/verify-certificate/:certificateId', element: <VerifyCertificatePage /> },
  { path: '/ussd-simulator', element: <UssdSimulatorPage /> },
  {
    path: '/debug/maintenance-test',
    element: (
      <RequireAuth>
        <MaintenanceTestPage />
      </RequireAuth>
    ),
  },
  ...shellRoutes,
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * Routes of spec §2. Unknown paths redirect to /. One pathless parent gives every route the app's
 * error screen instead of React Router's own.
 */
export const router = createBrowserRouter([{ errorElement: <RouteErrorBoundary />, children: routes }]);
