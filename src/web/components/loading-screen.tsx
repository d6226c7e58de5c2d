import * as React from 'react';
import { Loader2, RefreshCw, WifiOff } from 'lucide-react';
import { LOADING_SLOW_MS, LOADING_TOO_SLOW_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/brand-mark';

const m = messages.loading;

/**
 * Loading screen of spec §4: after 2 s "This is taking longer than usual. Please wait...", after 6 s
 * "This is taking too long. There may be a connectivity issue." with a Refresh Page button.
 */
export function LoadingScreen() {
  const [stage, setStage] = React.useState<0 | 1 | 2>(0);
  React.useEffect(() => {
    const slow = setTimeout(() => setStage(1), LOADING_SLOW_MS);
    const tooSlow = setTimeout(() => setStage(2), LOADING_TOO_SLOW_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(tooSlow);
    };
  }, []);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4" aria-busy="true">
      <div role="status" aria-live="polite" className="flex max-w-sm flex-col items-center text-center">
        <BrandMark className="size-11 rounded-xl [&_svg]:size-6" />
        <div className="mt-6 flex items-center gap-2 text-sm font-medium text-foreground">
          {stage < 2 ? <Loader2 className="size-4 animate-spin text-primary" /> : <WifiOff className="size-4 text-amber-500" />}
          <span>{m.loading}</span>
        </div>
        {stage === 1 && <p className="mt-3 text-sm text-muted-foreground">{m.slow}</p>}
        {stage === 2 && (
          <>
            <p className="mt-3 text-sm text-muted-foreground">{m.tooSlow}</p>
            <Button variant="outline" className="mt-5" onClick={() => window.location.reload()}>
              <RefreshCw /> {m.refreshPage}
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
