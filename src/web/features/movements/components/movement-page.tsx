import * as React from 'react';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { AcademicBreadcrumb, PageHeader } from '@/components/page-header';

/**
 * The frame of a movements screen (Student Promotion, Transfer Management, Exit Management): the trail
 * back to Academic Management, the section's icon, title and subtitle, actions on the right.
 */
export function MovementPage({ testId, subtitle, actions, children }: { testId: string; subtitle: string; actions?: React.ReactNode; children: React.ReactNode }) {
  const { sectionId, title } = useActiveSectionTitle();
  return (
    <section className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-4 sm:gap-6" data-testid={testId}>
      <div className="flex flex-col gap-3">
        <AcademicBreadcrumb trail={[{ label: title }]} />
        <PageHeader sectionId={sectionId} title={title} subtitle={subtitle} actions={actions} />
      </div>
      {children}
    </section>
  );
}

/** The server's reason for a failed call (its message), or the generic one. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
