import type * as React from 'react';
import { Ban, CalendarDays, Copy, Download, ExternalLink, GraduationCap, School, ShieldCheck, StickyNote, UserRound } from 'lucide-react';
import type { CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { roleDisplayName } from '@shared/roles';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { SheetLoading } from '@/components/sheet-loading';
import { copyVerifyLink, useCertificate } from '../api/certificates';
import { CertificateKindBadge, CertificateStatusBadge, GradeLetter } from './badges';
import type { CertificateActionHandlers } from './certificate-actions';
import { formatAverage, formatDay, formatInstant, formatPercent, isRevoked } from './format';

const d = m.detail;

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card px-3 py-2.5" data-testid={testId}>
      <p className="truncate text-xs text-muted-foreground">{label}</p>
      <div className="mt-0.5 truncate text-lg font-semibold tracking-tight tabular-nums">{children}</div>
    </div>
  );
}

function Block({ icon: Icon, title, children }: { icon: typeof School; title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Item({ label, value, mono, testId }: { label: string; value: React.ReactNode; mono?: boolean; testId?: string }) {
  return (
    <div className="grid min-w-0 grid-cols-[7.5rem_1fr] gap-3 px-3 py-2 text-sm sm:grid-cols-[9rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={mono ? 'min-w-0 font-mono text-[13px] break-all' : 'min-w-0 font-medium break-words'} data-testid={testId}>
        {value || m.common.dash}
      </dd>
    </div>
  );
}

function Body({ cert, handlers, showSchool }: { cert: CertificateListItem; handlers: CertificateActionHandlers; showSchool: boolean }) {
  const revoked = isRevoked(cert);
  const busy = handlers.isDownloading(cert.id);
  return (
    <>
      <header className="flex flex-col gap-1.5 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <SheetTitle className="text-lg" data-testid="certificate-sheet-title">
            {m.kindTitles[cert.kind]}
          </SheetTitle>
          <CertificateStatusBadge revoked={revoked} />
        </div>
        <SheetDescription>
          <span className="font-medium text-foreground" data-testid="certificate-sheet-learner">
            {cert.student.name}
          </span>{' '}
          · <span className="font-mono text-xs">{cert.student.admission_number}</span> · {cert.class.name}
          {showSchool && ` · ${cert.schoolName}`}
        </SheetDescription>
      </header>
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-5 sm:px-6">
        {revoked && (
          <div className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/[0.06] px-3 py-2.5 text-sm" data-testid="certificate-revoked-note">
            <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <div className="min-w-0">
              <p className="font-medium text-destructive">{d.revokedOn(formatInstant(cert.revoked_at!))}</p>
              {cert.revoke_reason && <p className="mt-0.5 break-words text-muted-foreground">{d.revokedReason(cert.revoke_reason)}</p>}
            </div>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <CertificateKindBadge kind={cert.kind} />
          <span className="text-xs text-muted-foreground">
            {cert.academic_year} · {formatDay(cert.generated_at)}
          </span>
        </div>

        <Block icon={GraduationCap} title={d.performance}>
          <div className="grid grid-cols-3 gap-2.5">
            <Figure label={d.average} testId="certificate-sheet-average">
              {formatAverage(cert.performance.average_score)}
            </Figure>
            <Figure label={d.grade} testId="certificate-sheet-grade">
              <GradeLetter grade={cert.performance.grade_letter} label={cert.performance.grade_label} className="text-sm" />
            </Figure>
            <Figure label={d.attendance} testId="certificate-sheet-attendance">
              {cert.performance.attendance_percentage === null ? m.common.dash : formatPercent(cert.performance.attendance_percentage)}
            </Figure>
          </div>
        </Block>

        <Block icon={UserRound} title={d.learner}>
          <dl className="divide-y rounded-lg border bg-card">
            <Item label={d.name} value={cert.student.name} />
            <Item label={d.admissionNumber} value={cert.student.admission_number} mono />
            <Item label={d.class} value={cert.class.name} />
            <Item label={d.level} value={cert.class.level} />
            <Item label={d.stream} value={cert.class.stream} />
          </dl>
        </Block>

        <Block icon={CalendarDays} title={d.issue}>
          <dl className="divide-y rounded-lg border bg-card">
            <Item label={d.academicYear} value={cert.academic_year} />
            <Item label={d.issuedOn} value={formatInstant(cert.generated_at)} />
            <Item label={d.issuedBy} value={`${cert.generated_by.name} · ${roleDisplayName(cert.generated_by.role)}`} testId="certificate-sheet-issued-by" />
            <Item label={d.certificateId} value={cert.id} mono />
          </dl>
        </Block>

        {cert.note && (
          <Block icon={StickyNote} title={d.note}>
            <p className="rounded-lg border bg-muted/30 px-3 py-2.5 text-sm break-words" data-testid="certificate-sheet-note">
              {cert.note}
            </p>
          </Block>
        )}

        <Block icon={School} title={d.school}>
          <dl className="divide-y rounded-lg border bg-card">
            <Item label={d.school} value={cert.school.name} testId="certificate-sheet-school" />
            <Item label={d.address} value={cert.school.address} />
            <Item label={d.phone} value={cert.school.phone} />
            <Item label={d.email} value={cert.school.email} />
          </dl>
        </Block>

        <Block icon={ShieldCheck} title={d.verification}>
          <div className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3">
            <p className="text-xs text-muted-foreground">{d.verificationHint}</p>
            <a
              href={cert.verifyUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-mono text-xs break-all text-primary underline-offset-4 hover:underline"
              data-testid="certificate-sheet-link"
            >
              {cert.verifyUrl}
            </a>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void copyVerifyLink(cert.verifyUrl, m.actions.copied, m.actions.copyFailed)} data-testid="certificate-sheet-copy">
                <Copy aria-hidden />
                {m.actions.copyLink}
              </Button>
              <Button variant="outline" size="sm" asChild>
                <a href={cert.verifyUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  {m.actions.openLink}
                </a>
              </Button>
            </div>
          </div>
        </Block>
      </div>
      <footer className="flex flex-col-reverse gap-2 border-t bg-card px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        {handlers.canRevoke && !revoked && (
          <Button variant="ghost" className="text-destructive hover:bg-destructive/10 hover:text-destructive sm:mr-auto" onClick={() => handlers.onRevoke(cert)} data-testid="certificate-sheet-revoke">
            <Ban aria-hidden />
            {m.actions.revoke}
          </Button>
        )}
        <PendingButton className="sm:ml-auto" onClick={() => handlers.onDownload(cert)} data-testid="certificate-sheet-download" pending={busy} icon={Download}>
          {busy ? m.actions.downloading : m.actions.download}
        </PendingButton>
      </footer>
    </>
  );
}

/** A certificate's details in a side sheet (full width on phones): every field, its status, the link, PDF and Revoke. */
export function CertificateSheet({
  row,
  onClose,
  handlers,
  showSchool,
}: {
  row: CertificateListItem | null;
  onClose: () => void;
  handlers: CertificateActionHandlers;
  showSchool: boolean;
}) {
  const id = row?.id ?? null;
  const query = useCertificate(id, row);
  const cert = query.data && query.data.id === id ? query.data : null;
  return (
    <Sheet open={!!row} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full bg-background text-foreground sm:max-w-xl" data-testid="certificate-sheet">
        {cert ? (
          <Body cert={cert} handlers={handlers} showSchool={showSchool} />
        ) : query.isError ? (
          <div className="p-6">
            <SheetTitle className="sr-only">{d.loadFailed}</SheetTitle>
            <SheetDescription className="sr-only">{query.error.message}</SheetDescription>
            <QueryErrorCard query={query} title={d.loadFailed} retryLabel={m.common.tryAgain} />
          </div>
        ) : (
          <SheetLoading title={m.list.title} />
        )}
      </SheetContent>
    </Sheet>
  );
}
