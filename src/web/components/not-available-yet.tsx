import { Construction } from 'lucide-react';
import { messages } from '@shared/messages';
import { SectionIcon } from '@/components/section-icons';

/** A section whose module has not landed yet: its title and a plain notice. */
export function NotAvailableYet({ sectionId, title }: { sectionId: string; title: string }) {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeading sectionId={sectionId} title={title} />
      <div className="flex flex-col items-center rounded-xl border border-dashed bg-card/50 px-6 py-14 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Construction className="size-5" />
        </span>
        <p className="mt-4 max-w-md text-sm leading-relaxed text-muted-foreground" data-testid="not-available-yet">
          {messages.shell.notAvailableYet}
        </p>
      </div>
    </section>
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
