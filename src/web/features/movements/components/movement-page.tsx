import * as React from 'react';
import { Link } from 'react-router';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { AcademicBreadcrumb, PageHeader } from '@/components/page-header';
import { ExportMenu, ListToolbar, type ListParams } from '@/components/data-table';
import { DateRange } from '@/components/date-range';

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

/**
 * The toolbar of a movements history list (transfers, exits): the search, the list's own `filters`
 * then the from–to date range, Clear, and the Excel/CSV export of `/api/movements/${name}/export`
 * with the same filters. Test ids and the date fields' ids start with `name`.
 */
export function MovementListToolbar({
  list,
  name,
  searchPlaceholder,
  filters,
}: {
  list: ListParams<{ search: string; from: string; to: string }>;
  name: 'transfers' | 'exits';
  searchPlaceholder: string;
  filters: React.ReactNode;
}) {
  const v = list.values;
  return (
    <ListToolbar
      search={v.search}
      onSearch={(search) => list.set({ search })}
      searchPlaceholder={searchPlaceholder}
      filters={
        <>
          {filters}
          <DateRange from={v.from} to={v.to} onChange={(r) => list.set(r)} idPrefix={name} />
        </>
      }
      filtered={list.filtered}
      onClear={list.reset}
      actions={<ExportMenu href={(format) => `/api/movements/${name}/export?${list.query({ format })}`} testId={`${name}-export`} />}
      testId={`${name}-toolbar`}
    />
  );
}

/**
 * The learner column of a movements history table: the name (a link to the learner's profile when
 * `href` is given) over the admission number and, when known, the class.
 */
export function MovementLearnerCell({ learner, href }: { learner: { name: string; admissionNumber: string; className: string | null }; href?: string }) {
  return (
    <div className="min-w-0">
      {href ? (
        <Link to={href} className="truncate font-medium underline-offset-4 hover:underline">
          {learner.name}
        </Link>
      ) : (
        <p className="truncate font-medium">{learner.name}</p>
      )}
      <p className="text-xs text-muted-foreground tabular-nums">
        {learner.admissionNumber}
        {learner.className && ` · ${learner.className}`}
      </p>
    </div>
  );
}
