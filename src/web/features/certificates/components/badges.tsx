import { BadgeCheck, Ban } from 'lucide-react';
import type { Certificate } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { pillClass, type Tone } from '@/components/status-pill';

/** Valid (green, with a tick) or Revoked (red). */
export function CertificateStatusBadge({ revoked, className }: { revoked: boolean; className?: string }) {
  const Icon = revoked ? Ban : BadgeCheck;
  return (
    <span className={pillClass(revoked ? 'red' : 'green', className)} data-testid="certificate-status" data-status={revoked ? 'revoked' : 'valid'}>
      <Icon className="size-3.5" aria-hidden />
      {revoked ? m.status.revoked : m.status.valid}
    </span>
  );
}

const KIND_TONE: Record<Certificate['kind'], Tone> = { leaving: 'sky', completion: 'violet', merit: 'amber', report_card: 'grey' };

/** The kind of certificate as a quiet pill: Leaving, Completion, Merit. */
export function CertificateKindBadge({ kind, className }: { kind: Certificate['kind']; className?: string }) {
  return (
    <span className={pillClass(KIND_TONE[kind], className)} data-testid="certificate-kind" data-kind={kind}>
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
