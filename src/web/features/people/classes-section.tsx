import * as React from 'react';
import { ChevronRight, DoorOpen, School, UserRound } from 'lucide-react';
import type { ClassItem } from '@shared/contracts/classes';
import { messages } from '@shared/messages';
import { useSchoolContext } from '@/lib/school-context';
import { cn } from '@/lib/utils';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { ListToolbar, useListParams } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useStreams } from './api/people';
import { ClassSheet } from './components/class-sheet';
import { CapacityBar } from './components/parts';
import { PageHeader } from '@/components/page-header';

const m = messages.people.classes;
const FILTERS = { search: '', level: '', open: '' };

function StreamRow({ c, onOpen }: { c: ClassItem; onOpen: () => void }) {
  const over = c.learnerCount > c.capacity;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'group flex w-full flex-col gap-2 rounded-lg px-3 py-2.5 text-left transition hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          over && 'bg-destructive/[0.05] hover:bg-destructive/[0.08]',
        )}
        data-testid="class-card"
        data-class-name={c.name}
        aria-label={`${c.name}: ${m.capacityLabel(c.learnerCount, c.capacity)}`}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-1 font-medium">
              <span className="truncate">{c.name}</span>
              <ChevronRight className="size-3.5 shrink-0 text-muted-foreground opacity-0 transition group-hover:opacity-100" aria-hidden />
            </p>
            <p className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
              <span className={cn('inline-flex min-w-0 items-center gap-1', !c.classTeacherName && 'italic')}>
                <UserRound className="size-3.5 shrink-0" aria-hidden />
                <span className="sr-only">{m.classTeacher}: </span>
                <span className="truncate">{c.classTeacherName ?? m.noClassTeacher}</span>
              </span>
              {c.homeRoom && (
                <span className="inline-flex items-center gap-1">
                  <DoorOpen className="size-3.5 shrink-0" aria-hidden />
                  {c.homeRoom}
                </span>
              )}
            </p>
          </div>
          <span className={cn('shrink-0 text-sm font-semibold tabular-nums', over && 'text-destructive')} data-testid="class-card-count">
            {m.learners(c.learnerCount, c.capacity)}
          </span>
        </div>
        <CapacityBar count={c.learnerCount} capacity={c.capacity} bare />
        {over && <span className="text-xs font-medium text-destructive">{m.overCapacity(c.learnerCount - c.capacity)}</span>}
      </button>
    </li>
  );
}

/**
 * Classes (issue 10 §3 "/classes"; director, principal, teacher, platform staff): the current year's
 * streams by level, each with its class teacher and learners against capacity (a bar; over capacity
 * in red), filtered by a search and a level (in the URL). A stream opens a sheet with its subject
 * teachers, splits, the class list as PDF/Excel/CSV and, for the principal, ID cards.
 */
export function ClassesSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const school = useSchoolContext();
  const list = useListParams(FILTERS);
  const query = useStreams(school.scopedPath('/api/classes'));
  const [tasks, setTasks] = React.useState<Record<string, string | null>>({});
  const openId = list.values.open || null;

  const all = React.useMemo(() => query.data ?? [], [query.data]);
  const levels = React.useMemo(() => {
    const seen = new Map<string, number>();
    for (const c of all) if (!seen.has(c.level)) seen.set(c.level, c.levelOrder);
    return [...seen.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
  }, [all]);
  const words = list.values.search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = all.filter(
    (c) =>
      (!list.values.level || c.level === list.values.level) &&
      words.every((w) => `${c.name} ${c.classTeacherName ?? ''} ${c.homeRoom ?? ''} ${c.academicYear}`.toLowerCase().includes(w)),
  );
  const groups = levels.map((level) => ({ level, items: shown.filter((c) => c.level === level) })).filter((g) => g.items.length > 0);
  const learners = shown.reduce((s, c) => s + c.learnerCount, 0);
  const places = shown.reduce((s, c) => s + c.capacity, 0);

  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = <QueryErrorCard query={query} title={m.loadError} retryLabel={messages.dataTable.tryAgain} testId="classes-error" />;
  } else if (!query.data) {
    body = (
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-44 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    body = <EmptyListState icon={School} title={m.empty} hint={list.filtered ? messages.people.teachers.emptyHint : m.emptyHint} testId="classes-empty" />;
  } else {
    body = (
      <div className="grid items-start gap-3 md:grid-cols-2 xl:grid-cols-3">
        {groups.map((g) => {
          const count = g.items.reduce((s, c) => s + c.learnerCount, 0);
          const capacity = g.items.reduce((s, c) => s + c.capacity, 0);
          return (
            <section key={g.level} className="rounded-xl border bg-card shadow-xs" data-testid="classes-level" aria-label={g.level}>
              <h2 className="flex items-baseline justify-between gap-2 border-b px-4 py-2.5 text-sm font-semibold">
                {g.level}
                <span className="text-xs font-normal text-muted-foreground tabular-nums">{m.capacityLabel(count, capacity)}</span>
              </h2>
              <ul className="flex flex-col gap-0.5 p-1.5">
                {g.items.map((c) => (
                  <StreamRow key={c.id} c={c} onOpen={() => list.set({ open: c.id })} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    );
  }

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="classes-section">
      <PageHeader
        sectionId={sectionId}
        title={title || m.title}
        subtitle={query.data ? <span data-testid="classes-summary">{m.summary(shown.length, learners, places)}</span> : m.subtitle}
        testId="classes-header"
      />
      <div className="flex min-w-0 flex-col gap-4">
        <ListToolbar
          testId="classes-toolbar"
          search={list.values.search}
          onSearch={(search) => list.set({ search })}
          searchPlaceholder={m.searchPlaceholder}
          filtered={!!(list.values.search || list.values.level)}
          onClear={() => list.set({ search: '', level: '' })}
          filters={<FilterSelect value={list.values.level} onChange={(level) => list.set({ level })} all={m.allLevels} label={m.level} options={levels.map((l) => ({ value: l, label: l }))} testId="classes-level-filter" />}
        />
        {body}
      </div>
      <ClassSheet
        classId={openId}
        onClose={() => list.set({ open: '' })}
        idCardTask={openId ? (tasks[openId] ?? null) : null}
        onIdCardTask={(taskId) => openId && setTasks((t) => ({ ...t, [openId]: taskId }))}
      />
    </section>
  );
}
