import * as React from 'react';
import { CloudOff } from 'lucide-react';
import { offlineMessages as m } from '@shared/messages/offline';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { fetchedAt } from './api-cache';
import { useOnline } from './use-online';

/**
 * The oldest fetch time among the stored answers of `paths` (GETs with their query, as requested), read
 * while the browser is offline; null online or when none is stored.
 */
export function useLastSynced(paths: readonly string[]): Date | null {
  const online = useOnline();
  const [at, setAt] = React.useState<Date | null>(null);
  const key = paths.join('\n');
  React.useEffect(() => {
    if (online) return;
    let live = true;
    void Promise.all(key.split('\n').filter(Boolean).map(fetchedAt)).then((times) => {
      const known = times.filter((t): t is Date => t !== null);
      if (live) setAt(known.length ? new Date(Math.min(...known.map((t) => t.getTime()))) : null);
    });
    return () => {
      live = false;
    };
  }, [online, key]);
  return online ? null : at;
}

/**
 * "Last updated 30/11/2026 14:05" (issue 36 §4) above a screen shown from what was last
 * synced: the oldest fetch time of the stored answers of `paths`. Nothing while online.
 */
export function LastSynced({ paths, className }: { paths: readonly string[]; className?: string }) {
  const at = useLastSynced(paths);
  if (!at) return null;
  return (
    <p data-testid="last-synced" data-fetched-at={at.toISOString()} className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {m.lastUpdated(formatDateTime(at))}
    </p>
  );
}
