import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@shared/constants';
import { AuthProvider } from '@/lib/auth';
import { LiveEventsConnection } from '@/lib/live-events';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { GlobalErrorBoundary } from '@/app/error-boundary';
import { router } from '@/app/router';

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} richColors closeButton duration={TOAST_DURATION_MS} position="top-right" />;
}

export function App() {
  const [queryClient] = React.useState(createQueryClient);
  return (
    <GlobalErrorBoundary>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <LiveEventsConnection />
            <RouterProvider router={router} />
            <ThemedToaster />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </GlobalErrorBoundary>
  );
}
