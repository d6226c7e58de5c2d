import { BadgeCheck, Ban } from 'lucide-react';
import type { Certificate } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
const TONES = {
  green: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300 dark:ring-emerald-400/25',
  red: 'bg-red-500/10 text-red-700 ring-red-600/20 dark:text-red-300 dark:ring-red-400/25',
  sky: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300 dark:ring-sky-400/25',
  violet: 'bg-violet-500/10 text-violet-700 ring-violet-600/20 dark:text-violet-300 dark:ring-violet-400/25',
  amber: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300 dark:ring-amber-400/25',
  grey: 'bg-muted text-muted-foreground ring-border',
} as const;

/** Valid (green, with a tick) or Revoked (red). */
export function CertificateStatusBadge({ revoked, className }: { revoked: boolean; className?: string }) {
  const Icon = revoked ? Ban : BadgeCheck;
  return (
    <span className={cn(pill, TONES[revoked ? 'red' : 'green'], className)} data-testid="certificate-status" data-status={revoked ? 'revoked' : 'valid'}>
      <Icon className="size-3.5" aria-hidden />
      {revoked ? m.status.revoked : m.status.valid}
    </span>
  );
}

const KIND_TONE: Record<Certificate['kind'], keyof typeof TONES> = { leaving: 'sky', completion: 'violet', merit: 'amber', report_card: 'grey' };

/** The kind of certificate as a quiet pill: Leaving, Completion, Merit. */
export function CertificateKindBadge({ kind, className }: { kind: Certificate['kind']; className?: string }) {
  return (
    <span className={cn(pill, TONES[KIND_TONE[kind]], className)} data-testid="certificate-kind" data-kind={kind}>
      {m.kinds[kind]}
    </span>
  );
}

/** The grade letter printed on the certificate. */
/** The certificate's grade with its descriptor when the certificate carries one ("ME1 Good"; issue 12 §1). */
export function GradeLetter({ grade, label, className }: { grade: string; label?: string; className?: string }) {
  const descriptor = label && label.startsWith(`${grade} `) ? label.slice(grade.length + 1) : null;
  return (
    <span className={cn('inline-flex min-w-7 items-center justify-center gap-1 whitespace-nowrap rounded-md bg-primary/10 px-1.5 py-0.5 text-xs font-semibold text-primary', className)} data-testid="certificate-grade">
      {grade || '—'}
      {descriptor && <span className="font-normal opacity-90">{descriptor}</span>}
    </span>
  );
}
