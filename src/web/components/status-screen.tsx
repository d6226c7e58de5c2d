import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

type Tone = 'destructive' | 'warning' | 'neutral';

const toneClasses: Record<Tone, string> = {
  destructive: 'bg-destructive/10 text-destructive ring-destructive/20',
  warning: 'bg-amber-500/10 text-amber-600 ring-amber-500/25 dark:text-amber-400',
  neutral: 'bg-primary/10 text-primary ring-primary/20',
};

export interface StatusCardProps {
  icon: LucideIcon;
  title: React.ReactNode;
  text?: React.ReactNode;
  /** Extra detail under the text (an error message), shown in a muted box. */
  detail?: React.ReactNode;
  tone?: Tone;
  actions?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  /** Accessible role of the card: alert for errors (default), status otherwise. */
  role?: 'alert' | 'status';
}

/** A centred card with an icon, a title, a text and actions: gate screens, error screens, denials. */
export function StatusCard({ icon: Icon, title, text, detail, tone = 'destructive', actions, children, className, role = 'alert' }: StatusCardProps) {
  return (
    <div role={role} className={cn('w-full max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8', className)}>
      <span className={cn('mb-5 flex size-11 items-center justify-center rounded-full ring-1 ring-inset', toneClasses[tone])}>
        <Icon className="size-5" />
      </span>
      <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
      {text && <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>}
      {detail && (
        <p className="mt-4 rounded-md border bg-muted/60 px-3 py-2 font-mono text-xs leading-relaxed break-words text-muted-foreground">{detail}</p>
      )}
      {children}
      {actions && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap">{actions}</div>}
    </div>
  );
}

/** A full-viewport page that centres a StatusCard. */
export function StatusScreen(props: StatusCardProps) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <StatusCard {...props} />
    </main>
  );
}
