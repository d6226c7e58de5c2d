import * as React from 'react';
import { AlertTriangle, Info, Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

const TONES = {
  info: { box: 'border-sky-500/30 bg-sky-500/8 text-sky-900 dark:text-sky-200', icon: Info },
  warning: { box: 'border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-200', icon: AlertTriangle },
} as const;

/** A short note in a tinted box: information (sky) or a warning (amber) the user should read first. */
export function Notice({ tone = 'info', title, children, testId, className }: { tone?: keyof typeof TONES; title?: string; children?: React.ReactNode; testId?: string; className?: string }) {
  const t = TONES[tone];
  const Icon = t.icon;
  return (
    <div className={cn('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed', t.box, className)} role={tone === 'warning' ? 'alert' : 'note'} data-testid={testId}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={cn(title && 'mt-0.5 opacity-90')}>{children}</div>}
      </div>
    </div>
  );
}

/** A list's "loading" line: a small spinner (and `children`, e.g. "Working out the preview…") in muted text; `className` sets its padding. */
export function LoadingLine({ className, children, busy }: { className: string; children?: React.ReactNode; busy?: boolean }) {
  return (
    <p className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)} aria-busy={busy || undefined}>
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {children}
    </p>
  );
}
