import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/constants';
import { AuthProvider, useAuth } from '@/lib/auth';
import { api } from '@/lib/api';
import { LocaleBoundary, LocaleProvider, setScreenLocale, takePickedLocale, useLocale } from '@/lib/locale';
import type { SessionUser } from '@/lib/types';
import { LiveEventsConnection } from '@/lib/live-events';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { GlobalErrorBoundary } from '@/app/error-boundary';
import { router } from '@/app/router';

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton duration={TOAST_DURATION_MS} position="top-right" />;
}

/**
 * Keeps the screen's language and the signed-in person's saved one in step (issue 36 §1): a language
 * picked on the login page is saved to the profile on sign-in; otherwise the profile's language is
 * put on screen (the same on every device).
 */
function LocaleSync() {
  const { state, setUser } = useAuth();
  const locale = useLocale();
  const user = state.user;
  React.useEffect(() => {
    if (!user) return;
    const picked = takePickedLocale();
    if (picked && picked !== user.locale) {
      void api<{ user: SessionUser }>('/api/profile', { method: 'PATCH', json: { locale: picked } }).then(({ user: saved }) => setUser(saved), () => undefined);
    } else if (user.locale && user.locale !== locale) {
      setScreenLocale(user.locale);
    }
    // Only when the person (or their saved language) changes, not on every screen language change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, user?.locale]);
  return null;
}

export function App() {
  const [queryClient] = React.useState(createQueryClient);
  return (
    <GlobalErrorBoundary>
      <LocaleProvider>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>
              <LocaleSync />
              <LiveEventsConnection />
              <LocaleBoundary>
                <RouterProvider router={router} />
              </LocaleBoundary>
              <ThemedToaster />
            </AuthProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </LocaleProvider>
    </GlobalErrorBoundary>
  );
}
