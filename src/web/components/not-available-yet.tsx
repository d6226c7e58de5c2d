import type * as React from 'react';
import { Construction, LockKeyhole, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { SectionIcon } from '@/components/section-icons';
import { PageHeader } from '@/components/page-header';

/** A section whose module has not landed yet: its title and a plain notice. */
export function NotAvailableYet({ sectionId, title }: { sectionId: string; title: string }) {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeading sectionId={sectionId} title={title} />
      <SectionNotice icon={Construction} textTestId="not-available-yet">
        {messages.shell.notAvailableYet}
      </SectionNotice>
    </section>
  );
}

/**
 * A section page the role may see but not use (no request is made, so no 403): the section's
 * `PageHeader` (`sectionId`, `title`) over a locked `SectionNotice` saying `text`. `testId` goes on the
 * section.
 */
export function LockedSection({ sectionId, title, text, testId }: { sectionId: string; title: string; text: string; testId: string }) {
  return (
    <section className="flex flex-col gap-6" data-testid={testId}>
      <PageHeader sectionId={sectionId} title={title} />
      <SectionNotice icon={LockKeyhole}>{text}</SectionNotice>
    </section>
  );
}

/**
 * The dashed notice standing in for a section's content: a muted `icon` in a circle over `children`
 * (the notice's short text); `textTestId` goes on the text.
 */
export function SectionNotice({ icon: Icon, textTestId, children }: { icon: LucideIcon; textTestId?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card/50 px-6 py-14 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="mt-4 max-w-md text-sm leading-relaxed text-muted-foreground" data-testid={textTestId}>
        {children}
      </p>
    </div>
  );
}

/** The title row of a section page. */
export function SectionHeading({ sectionId, title, description }: { sectionId?: string; title: string; description?: string }) {
  return (
    <div className="flex items-center gap-3">
      {sectionId && (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-card text-primary shadow-xs">
          <SectionIcon id={sectionId} className="size-[18px]" />
        </span>
      )}
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
    </div>
  );
}
