import type * as React from 'react';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import type { AuditEntry } from '@shared/contracts/audit';
import { messages } from '@shared/messages';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { ActionBadge } from './action-badge';
import { actorRoleLabel, changedKeys, entityLabel, formatAuditTimeFull, prettyJson } from './format';

const m = messages.audit;

function Detail({ label, children, mono, className }: { label: string; children: React.ReactNode; mono?: boolean; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('mt-0.5 break-words text-sm', mono && 'font-mono text-xs leading-5')}>{children}</dd>
    </div>
  );
}

/** A recorded JSON value, pretty-printed in a scrollable block; a dashed note when nothing was recorded. */
function JsonBlock({ title, value, tone, testId, className }: { title: string; value: unknown; tone?: 'old' | 'new'; testId: string; className?: string }) {
  const text = prettyJson(value);
  return (
    <section className={cn('flex min-w-0 flex-col gap-1.5', className)} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <span
          className={cn('size-2 rounded-full', tone === 'old' ? 'bg-destructive/70' : tone === 'new' ? 'bg-emerald-500' : 'bg-muted-foreground/50')}
          aria-hidden
        />
        {title}
      </h3>
      {text === null ? (
        <p className="rounded-lg border border-dashed px-3 py-6 text-center text-xs text-muted-foreground">{m.noValue}</p>
      ) : (
        <pre
          className={cn(
            'max-h-80 min-h-16 overflow-auto rounded-lg border px-3 py-2.5 font-mono text-xs leading-5 whitespace-pre-wrap break-all',
            tone === 'old' && 'border-destructive/20 bg-destructive/[0.04]',
            tone === 'new' && 'border-emerald-500/25 bg-emerald-500/[0.05]',
            !tone && 'bg-muted/40',
          )}
          data-testid={`${testId}-json`}
        >
          {text}
        </pre>
      )}
    </section>
  );
}

/**
 * The side sheet of one audit entry: who, when, where and what, the old and new values side by side
 * (stacked on phones) with the changed top-level fields named, and the metadata.
 */
export function AuditDetailsSheet({ entry, showSchool, onClose }: { entry: AuditEntry | null; showSchool: boolean; onClose: () => void }) {
  return (
    <Sheet open={!!entry} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full bg-background sm:max-w-2xl lg:max-w-3xl" data-testid="audit-details">
        {entry && <Body entry={entry} showSchool={showSchool} />}
      </SheetContent>
    </Sheet>
  );
}

function Body({ entry: e, showSchool }: { entry: AuditEntry; showSchool: boolean }) {
  const role = actorRoleLabel(e);
  const entity = entityLabel(e);
  const changed = changedKeys(e.oldValue, e.newValue);
  return (
    <>
      <header className="flex flex-col gap-2 border-b bg-card px-4 py-4 pr-12 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <ActionBadge action={e.action} success={e.success} className="text-xs" />
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
              e.success ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-destructive/10 text-destructive',
            )}
            data-testid="audit-details-result"
          >
            {e.success ? <CircleCheck className="size-3.5" aria-hidden /> : <CircleAlert className="size-3.5" aria-hidden />}
            {e.success ? m.success : m.failure}
          </span>
        </div>
        <SheetTitle className="text-lg tracking-tight">{m.detailsTitle}</SheetTitle>
        <SheetDescription className="tabular-nums">
          <time dateTime={e.createdAt}>{formatAuditTimeFull(e.createdAt)}</time>
        </SheetDescription>
      </header>

      <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-4 py-5 sm:px-6">
        {!e.success && e.errorMessage && (
          <div className="flex gap-2.5 rounded-lg border border-destructive/25 bg-destructive/5 px-3 py-2.5 text-sm text-destructive" role="note">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <div className="min-w-0">
              <p className="text-xs font-semibold">{m.errorMessage}</p>
              <p className="break-words">{e.errorMessage}</p>
            </div>
          </div>
        )}

        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 rounded-lg border bg-card p-4 sm:grid-cols-2">
          <Detail label={m.actor}>
            {e.actorName ?? e.actorEmail ?? (e.actorId ? m.unknownActor : m.anonymous)}
            {e.actorName && e.actorEmail && <span className="block text-xs text-muted-foreground">{e.actorEmail}</span>}
          </Detail>
          <Detail label={m.role}>{role ?? '—'}</Detail>
          {showSchool && <Detail label={m.school}>{e.schoolId ? (e.schoolName ?? e.schoolId) : m.platform}</Detail>}
          <Detail label={m.entity} mono>
            {entity ?? '—'}
          </Detail>
          {e.resource && e.resource !== entity && (
            <Detail label={m.resource} mono>
              {e.resource}
            </Detail>
          )}
          <Detail label={m.ipAddress} mono>
            {e.ipAddress ?? '—'}
          </Detail>
          <Detail label={m.entryId} mono className="sm:col-span-2">
            <span className="text-muted-foreground">{e.id}</span>
          </Detail>
        </dl>

        <div className="flex flex-col gap-3">
          {changed.length > 0 && (
            <div className="flex flex-wrap items-center gap-1.5" data-testid="audit-changed">
              <span className="mr-0.5 text-xs font-medium text-muted-foreground">{m.changed}</span>
              {changed.map((k) => (
                <span key={k} className="rounded-md bg-accent px-1.5 py-0.5 font-mono text-[11px] text-accent-foreground">
                  {k}
                </span>
              ))}
            </div>
          )}
          <div className="relative grid grid-cols-1 gap-3 md:grid-cols-2 md:gap-4">
            <JsonBlock title={m.oldValue} value={e.oldValue} tone="old" testId="audit-old-value" />
            <span
              className="absolute top-1/2 left-1/2 z-10 hidden size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-xs md:flex"
              aria-hidden
            >
              <ArrowRight className="size-3.5" />
            </span>
            <JsonBlock title={m.newValue} value={e.newValue} tone="new" testId="audit-new-value" />
          </div>
        </div>

        <JsonBlock title={m.metadata} value={e.metadata} testId="audit-metadata" />
      </div>
    </>
  );
}
