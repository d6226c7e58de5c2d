import * as React from 'react';
import { WifiOff } from 'lucide-react';
import { offlineMessages as m } from '@shared/messages/offline';
import { claimApiCache } from '@/pwa/api-cache';
import { useOnline } from '@/pwa/use-online';

/**
 * The shell's offline banner (issue 36 §4): while the browser is offline, says the screens show what
 * was last synced and that changes are sent when back online. It also keeps the service worker's API
 * cache to the signed-in user (src/web/pwa/api-cache.ts): another user's cached answers are dropped.
 */
export function OfflineBanner({ userId }: { userId: string }) {
  const online = useOnline();
  React.useEffect(() => {
    void claimApiCache(userId);
  }, [userId]);
  if (online) return null;
  return (
    <div role="status" data-testid="offline-banner" className="flex items-center gap-2 border-b bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200 sm:px-6 lg:px-8">
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <span>{m.banner}</span>
    </div>
  );
}
