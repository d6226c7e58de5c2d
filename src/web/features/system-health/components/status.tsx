import * as React from 'react';
import type { HealthLevel, SystemHealth } from '@shared/contracts/health';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { perLocale } from '@shared/i18n/localized';

const m = messages.systemHealth;

/** Colours of the three levels: green, amber, red (both themes). */
export const LEVEL_TONE: Record<HealthLevel, { badge: string; dot: string; text: string }> = {
  ok: {
    badge: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-400',
    dot: 'bg-emerald-500',
    text: 'text-emerald-700 dark:text-emerald-400',
  },
  warning: {
    badge: 'bg-amber-500/12 text-amber-700 ring-amber-600/25 dark:text-amber-400',
    dot: 'bg-amber-500',
    text: 'text-amber-700 dark:text-amber-400',
  },
  critical: {
    badge: 'bg-destructive/10 text-destructive ring-destructive/25',
    dot: 'bg-destructive',
    text: 'text-destructive',
  },
};

const LEVEL_LABEL = perLocale((): Record<HealthLevel, string> => ({ ok: m.levelOk, warning: m.levelWarning, critical: m.levelCritical }));

/** A small pill with a dot: Healthy (green), Warning (amber), Critical (red). */
export function LevelBadge({ level, testId }: { level: HealthLevel; testId?: string }) {
  const tone = LEVEL_TONE[level];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset', tone.badge)}
      data-testid={testId}
      data-level={level}
    >
      <span className={cn('size-1.5 rounded-full', tone.dot)} aria-hidden />
      {LEVEL_LABEL[level]}
    </span>
  );
}

const STATUS = perLocale((): Record<SystemHealth['status'], { level: HealthLevel; label: string }> => ({
  healthy: { level: 'ok', label: m.statusHealthy },
  degraded: { level: 'warning', label: m.statusDegraded },
  down: { level: 'critical', label: m.statusDown },
}));

/** The overall status of the instance, with a pulsing dot while healthy. */
export function OverallStatus({ status }: { status: SystemHealth['status'] }) {
  const s = STATUS[status];
  const tone = LEVEL_TONE[s.level];
  return (
    <span
      className={cn('inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset', tone.badge)}
      data-testid="health-status"
      data-status={status}
    >
      <span className="relative flex size-2">
        {status === 'healthy' && <span className={cn('absolute inline-flex size-full animate-ping rounded-full opacity-60', tone.dot)} aria-hidden />}
        <span className={cn('relative inline-flex size-2 rounded-full', tone.dot)} aria-hidden />
      </span>
      {s.label}
    </span>
  );
}

/** "Live · Updated 3s ago", ticking every second; "Paused" while updates fail. */
export function LiveIndicator({ updatedAt, paused }: { updatedAt: number; paused: boolean }) {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1_000));
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums" data-testid="health-updated" aria-live="off">
      <span className={cn('size-1.5 rounded-full', paused ? 'bg-amber-500' : 'bg-emerald-500')} aria-hidden />
      <span className="font-medium text-foreground">{paused ? m.paused : m.live}</span>
      <span aria-hidden>·</span>
      {m.updatedAgo(seconds)}
    </span>
  );
}
