import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Loader2, Printer, ShieldAlert, ShieldCheck, ShieldX } from 'lucide-react';
import type { Certificate, VerifyCertificateResponse } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { formatKenyanPhone } from '@shared/phone';
import { api } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatDateTime, formatInstantDay } from '@/lib/format';

/**
 * /verify-certificate/:certificateId?sig= (spec §2, §4 Certificate verify; issue 12 §6). Public: asks
 * GET /api/certificates/:id/verify with the signature the QR code carried, shows "Verifying…", then
 * VERIFIED with the certificate's details (spec §3 fields, §9 display defaults: average to one decimal,
 * default 0; grade default A; attendance default 95), REVOKED with the reason, or "Certificate
 * Verification Failed" with "Certificate not found or invalid" (a tampered link, an unknown id) or
 * "Failed to verify certificate" (the check itself failed).
 */
const copy = messages.certificates;

type State = { kind: 'loading' } | { kind: 'done'; result: VerifyCertificateResponse } | { kind: 'error' };

/** An instant as Kenya writes it, in Nairobi: "28/11/2026 14:05" (shared formatDayTime). */
const dateTime = (iso: string) => formatDateTime(iso);
/** A stored Kenyan number (2547XXXXXXXX) as people write it (0722 410 330). */
/** The Nairobi day of an instant: "28/11/2026" (shared formatDay). */
const dateOnly = (iso: string) => formatInstantDay(iso);

export function VerifyCertificatePage() {
  const { certificateId = '' } = useParams();
  const [params] = useSearchParams();
  const sig = params.get('sig');
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    const q = sig ? `?sig=${encodeURIComponent(sig)}` : '';
    api<VerifyCertificateResponse>(`/api/certificates/${encodeURIComponent(certificateId)}/verify${q}`)
      .then((result) => live && setState({ kind: 'done', result }))
      .catch(() => live && setState({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [certificateId, sig]);

  return (
    <div className="relative flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:px-5 sm:py-14">
      <div
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute inset-x-0 top-0 h-80 bg-linear-to-b to-transparent',
          state.kind === 'done' && state.result.status === 'verified' ? 'from-emerald-500/[0.08]' : state.kind === 'loading' ? 'from-primary/[0.05]' : 'from-destructive/[0.06]',
        )}
      />
      <Link to="/" className="relative mb-8 inline-flex items-center gap-2.5 rounded-lg print:hidden">
        <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
          <rect width="32" height="32" rx="8" fill="#0f766e" />
          <path d="M8 11l8-4 8 4-8 4-8-4zm3 3.5v4.5c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5z" fill="#fff" />
        </svg>
        <span className="text-lg font-semibold tracking-tight">{messages.product.title}</span>
      </Link>
      {state.kind === 'loading' && (
        <main className="relative flex w-full max-w-md flex-col items-center rounded-2xl border bg-card p-10 text-center shadow-sm" aria-busy="true">
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          <p className="mt-4 text-sm text-muted-foreground" role="status">
            {copy.verifying}
          </p>
        </main>
      )}
      {state.kind === 'error' && <Failed certificateId={certificateId} message={copy.verifyFailed} />}
      {state.kind === 'done' && (state.result.status === 'invalid' || !state.result.certificate) && <Failed certificateId={certificateId} message={copy.notFound} />}
      {state.kind === 'done' && state.result.status !== 'invalid' && state.result.certificate && <Details result={state.result} certificate={state.result.certificate} />}
    </div>
  );
}

function Failed({ certificateId, message }: { certificateId: string; message: string }) {
  return (
    <main className="relative w-full max-w-md rounded-2xl border bg-card p-8 text-center text-card-foreground shadow-sm">
      <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{copy.verificationFailed}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{message}</p>
      {certificateId && (
        <p className="mt-5 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
          {copy.reference}: <span className="break-all font-mono text-foreground">{certificateId}</span>
        </p>
      )}
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/">{copy.home}</Link>
      </Button>
    </main>
  );
}

function Details({ result, certificate: c }: { result: VerifyCertificateResponse; certificate: Certificate }) {
  const verified = result.status === 'verified';
  const isCard = c.kind === 'report_card';
  // Spec §9 display defaults for fields a certificate lacks.
  const average = (c.performance?.average_score ?? 0).toFixed(1);
  const grade = c.performance?.grade_label || c.performance?.grade_letter || 'A';
  const attendance = c.performance?.attendance_percentage ?? 95;
  return (
    <main className="relative w-full max-w-2xl overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm">
      <header className={cn('flex flex-col items-center gap-3 px-6 py-8 text-center sm:px-10', verified ? 'bg-emerald-50 dark:bg-emerald-950/30' : 'bg-destructive/[0.06]')}>
        <span className={cn('inline-flex size-14 items-center justify-center rounded-full', verified ? 'bg-emerald-600 text-white' : 'bg-destructive text-white')}>
          {verified ? <ShieldCheck className="size-7" aria-hidden="true" /> : <ShieldAlert className="size-7" aria-hidden="true" />}
        </span>
        <p
          data-testid="verification-status"
          className={cn('rounded-full px-4 py-1 text-sm font-bold tracking-[0.2em]', verified ? 'bg-emerald-600/10 text-emerald-700 dark:text-emerald-300' : 'bg-destructive/10 text-destructive')}
        >
          {verified ? copy.verified : copy.revoked}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{verified ? (copy.kinds[c.kind] ?? c.kind) : copy.revokedTitle}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{verified ? copy.verifiedLead : copy.revokedLead(c.revoked_at ? dateOnly(c.revoked_at) : '')}</p>
        {!verified && c.revoke_reason && (
          <p className="rounded-md bg-background px-3 py-1.5 text-sm">
            <span className="text-muted-foreground">{copy.revokedReason}: </span>
            {c.revoke_reason}
          </p>
        )}
      </header>
      <div className={cn('grid gap-6 px-6 py-7 sm:grid-cols-2 sm:px-10', !verified && 'opacity-70')}>
        <Section title={copy.sections.student}>
          <Detail label={copy.fields.name} value={<span className="text-base font-semibold">{c.student.name}</span>} />
          <Detail label={copy.fields.admissionNumber} value={<span className="font-mono">{c.student.admission_number}</span>} />
        </Section>
        <Section title={copy.sections.class}>
          <Detail label={copy.fields.className} value={c.class.name} />
          <Detail label={copy.fields.level} value={c.class.level} />
          <Detail label={copy.fields.stream} value={c.class.stream} />
        </Section>
        <Section title={copy.sections.performance} className="sm:col-span-2">
          <div className={cn('grid gap-3', isCard ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2 sm:grid-cols-4')}>
            <Figure label={copy.fields.academicYear} value={isCard && c.term ? c.term : c.academic_year} />
            <Figure label={copy.fields.averageScore} value={`${average}%`} />
            <Figure label={copy.fields.gradeLetter} value={grade} />
            {!isCard && <Figure label={copy.fields.attendance} value={`${attendance}%`} />}
          </div>
          {isCard && c.subjects && c.subjects.length > 0 && (
            <div className="mt-4 overflow-hidden rounded-lg border">
              <table className="w-full text-sm">
                <caption className="sr-only">{copy.subjects.title}</caption>
                <thead className="bg-muted/60 text-xs text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 text-left font-medium">{copy.subjects.subject}</th>
                    <th className="px-3 py-2 text-right font-medium">{copy.subjects.score}</th>
                    <th className="px-3 py-2 text-right font-medium">{copy.subjects.grade}</th>
                  </tr>
                </thead>
                <tbody>
                  {c.subjects.map((s) => (
                    <tr key={s.name} className="border-t">
                      <td className="px-3 py-1.5">{s.name}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{s.score === null ? '–' : s.score.toFixed(1)}</td>
                      <td className="px-3 py-1.5 text-right font-medium">{s.grade ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {c.note && <Detail label={copy.fields.note} value={c.note} />}
        </Section>
        <Section title={copy.sections.school}>
          <Detail label={copy.fields.school} value={<span className="font-semibold">{c.school.name}</span>} />
          {c.school.address && <Detail label={copy.fields.address} value={c.school.address} />}
          {c.school.phone && <Detail label={copy.fields.phone} value={formatKenyanPhone(c.school.phone)} />}
          {c.school.email && <Detail label={copy.fields.email} value={<span className="break-all">{c.school.email}</span>} />}
        </Section>
        <Section title={copy.sections.issued}>
          <Detail label={copy.fields.generatedAt} value={dateTime(c.generated_at)} />
          <Detail label={copy.fields.generatedBy} value={`${c.generated_by.name}, ${c.generated_by.role}`} />
          <Detail label={copy.reference} value={<span className="break-all font-mono text-xs">{c.id}</span>} />
        </Section>
      </div>
      {result.signed && (
        <details className="border-t px-6 py-4 text-sm sm:px-10 print:hidden">
          <summary className="cursor-pointer font-medium">{copy.signature.title}</summary>
          <p className="mt-2 text-muted-foreground">{copy.signature.lead}</p>
          <dl className="mt-3 grid gap-2 text-xs">
            <div>
              <dt className="text-muted-foreground">{copy.signature.keyId}</dt>
              <dd className="break-all font-mono">{result.signed.keyId}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{copy.signature.value}</dt>
              <dd className="break-all font-mono">{result.signed.signature}</dd>
            </div>
          </dl>
          <a className="mt-3 inline-block text-primary underline-offset-4 hover:underline" href="/api/certificates/keys" target="_blank" rel="noreferrer">
            {copy.signature.keys}
          </a>
        </details>
      )}
      <footer className="flex flex-col gap-2 border-t px-6 py-4 sm:flex-row sm:justify-end sm:px-10 print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          {copy.print}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">{copy.home}</Link>
        </Button>
      </footer>
    </main>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('space-y-2.5', className)}>
      <h2 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-sm">{value}</span>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-muted/60 px-3 py-3 text-center">
      <p className="text-[0.7rem] font-medium uppercase tracking-wider text-muted-foreground">{label}</p>
      <p className="mt-1 text-lg font-semibold tabular-nums">{value}</p>
    </div>
  );
}
