import { Clock, LogOut, RefreshCw, RotateCcw, Wrench } from 'lucide-react';
import type { MaintenanceStatus } from '@shared/contracts/maintenance';
import { messages } from '@shared/messages';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { formatClock } from './format';
import { PendingButton } from '@/components/pending-button';
import { IconBadge } from '@/components/icon-badge';

const m = messages.maintenance;

export interface MaintenancePageProps {
  status: Pick<MaintenanceStatus, 'message' | 'estimatedDuration'>;
  /** When the status was last checked (epoch ms). */
  checkedAt: number;
  checking: boolean;
  /** Shown after a manual check that found maintenance still on. */
  stillOn: boolean;
  onTryAgain: () => void;
  onCheckStatus: () => void;
  onSignOut: () => void;
}

/**
 * The Maintenance page of spec §2 ("System Under Maintenance", message, estimated duration, Try Again,
 * Check Status, last-checked time), shown by the app gate to users whose role may not bypass
 * maintenance. Full screen, centred, from 320 px up.
 */
export function MaintenancePage({ status, checkedAt, checking, stillOn, onTryAgain, onCheckStatus, onSignOut }: MaintenancePageProps) {
  return (
    <main
      className="relative flex min-h-svh flex-col items-center justify-center overflow-hidden bg-background px-4 py-10 sm:px-6"
      data-testid="maintenance-page"
    >
      {/* Soft brand glow behind the card. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative flex items-center gap-2.5 text-sm font-semibold tracking-tight">
        <BrandMark className="size-8" />
        {messages.product.title}
      </div>

      <section
        aria-labelledby="maintenance-title"
        className="relative mt-8 w-full max-w-lg rounded-2xl border bg-card p-6 text-center text-card-foreground shadow-lg shadow-black/[0.04] sm:p-10"
      >
        <span className="relative mx-auto flex size-16 items-center justify-center">
          <span aria-hidden className="absolute inset-0 animate-ping rounded-full bg-amber-500/15 [animation-duration:2.5s]" />
          <IconBadge icon={Wrench} className="relative size-16 rounded-full bg-amber-500/12 text-amber-600 ring-1 ring-amber-500/25 ring-inset dark:text-amber-400" iconClassName="size-7" />
        </span>
        <h1 id="maintenance-title" className="mt-6 text-2xl font-semibold tracking-tight sm:text-[1.75rem]">
          {m.pageTitle}
        </h1>
        <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed whitespace-pre-line text-muted-foreground" data-testid="maintenance-message">
          {status.message}
        </p>

        <div className="mx-auto mt-6 inline-flex items-center gap-2 rounded-full border bg-muted/50 px-3.5 py-1.5 text-sm" data-testid="maintenance-duration">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          <span className="text-muted-foreground">{m.estimatedDuration}:</span>
          <span className="font-medium">{status.estimatedDuration}</span>
        </div>

        <div className="mt-8 grid gap-2.5 sm:grid-cols-2">
          <Button size="lg" onClick={onTryAgain} data-testid="maintenance-try-again">
            <RotateCcw aria-hidden />
            {m.tryAgain}
          </Button>
          <PendingButton size="lg" variant="outline" onClick={onCheckStatus} pending={checking} icon={RefreshCw} data-testid="maintenance-check-status">
            {checking ? m.checking : m.checkStatus}
          </PendingButton>
        </div>

        <div className="mt-6 flex flex-col items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
          <p className="inline-flex items-center gap-2" data-testid="maintenance-last-checked">
            <span className="relative flex size-2" aria-hidden>
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-400/70" />
              <span className="relative inline-flex size-2 rounded-full bg-amber-500" />
            </span>
            <span className="tabular-nums">{m.lastChecked(formatClock(checkedAt))}</span>
          </p>
          {stillOn && !checking && <p data-testid="maintenance-still-on">{m.stillUnderMaintenance}</p>}
        </div>
      </section>

      <Button variant="ghost" size="sm" className="relative mt-6 text-muted-foreground" onClick={onSignOut}>
        <LogOut aria-hidden />
        {m.signOut}
      </Button>
    </main>
  );
}
