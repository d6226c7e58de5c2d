import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

type Tone = 'failure' | 'auth' | 'people' | 'system' | 'comms' | 'other';

const tones: Record<Tone, string> = {
  failure: 'bg-destructive/10 text-destructive ring-destructive/25',
  auth: 'bg-sky-500/10 text-sky-700 ring-sky-500/25 dark:text-sky-300',
  people: 'bg-primary/10 text-primary ring-primary/20',
  system: 'bg-amber-500/10 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  comms: 'bg-violet-500/10 text-violet-700 ring-violet-500/25 dark:text-violet-300',
  other: 'bg-muted text-muted-foreground ring-border',
};

/** The colour family of an action: failures red, then sign-in, people, system and communications. */
export function actionTone(action: string, success: boolean): Tone {
  if (!success) return 'failure';
  const a = action.toUpperCase();
  if (/LOGIN|LOGOUT|SIGN_|PASSWORD|SESSION|MFA/.test(a)) return 'auth';
  if (/USER|PROFILE|ROLE|STUDENT|STAFF/.test(a)) return 'people';
  if (/MAINTENANCE|SETTING|SYSTEM|SCHOOL/.test(a)) return 'system';
  if (/COMMUNICATION|ANNOUNCEMENT|MESSAGE|NOTIFICATION/.test(a)) return 'comms';
  return 'other';
}

/** An audit action as a monospace pill; failed actions are red with an alert icon. */
export function ActionBadge({ action, success, className }: { action: string; success: boolean; className?: string }) {
  const tone = actionTone(action, success);
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-md px-2 py-0.5 font-mono text-[11px] font-medium tracking-tight ring-1 ring-inset',
        tones[tone],
        className,
      )}
      data-testid="audit-action"
      data-success={success}
    >
      {!success && <CircleAlert className="size-3 shrink-0" aria-hidden />}
      <span className="truncate">{action}</span>
    </span>
  );
}
