import { AlarmClock, Building2, CalendarDays, FolderKanban, Plus, SearchX } from 'lucide-react';
import { HUB_PROJECT_KINDS, HUB_PROJECT_STATUSES, type HubProjectSummary } from '@shared/contracts/project-hub';
import { HUB_PROJECT_KIND_LABELS, HUB_PROJECT_STATUS_LABELS } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PersonAvatar, ProgressBar, ProjectStatusBadge, formatDay, useHubParams } from './hub-bits';
import { useProjects } from './project-hub-api';
import { QueryErrorCard } from '@/components/query-error-card';

const l = hs.list;

/**
 * The project cards (issue 18 §4): progress bar (done / total tasks), owner, target date and overdue
 * count; filters for kind and status in the URL; a card opens the project's board.
 */
export function ProjectList({ onNew }: { onNew: () => void }) {
  const p = useHubParams();
  const qs = new URLSearchParams();
  if (p.kind) qs.set('kind', p.kind);
  if (p.status) qs.set('status', p.status);
  const projects = useProjects(qs.toString());
  const filtered = !!(p.kind || p.status);
  const list = projects.data?.projects;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="hub-project-list">
      <div className="flex flex-wrap items-center gap-2">
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <FilterSelect
            value={p.kind as (typeof HUB_PROJECT_KINDS)[number] | ''}
            onChange={(kind) => p.set({ kind })}
            all={l.allKinds}
            label={l.filterKind}
            options={HUB_PROJECT_KINDS.map((k) => ({ value: k, label: HUB_PROJECT_KIND_LABELS[k] ?? k }))}
            className="sm:w-40"
            testId="hub-filter-kind"
          />
          <FilterSelect
            value={p.status as (typeof HUB_PROJECT_STATUSES)[number] | ''}
            onChange={(status) => p.set({ status })}
            all={l.allStatuses}
            label={l.filterStatus}
            options={HUB_PROJECT_STATUSES.map((s) => ({ value: s, label: HUB_PROJECT_STATUS_LABELS[s] ?? s }))}
            className="sm:w-40"
            testId="hub-filter-status"
          />
        </div>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => p.set({ kind: null, status: null })}>
            {l.clearFilters}
          </Button>
        )}
      </div>

      {projects.isError && !list ? (
        <QueryErrorCard query={projects} title={hs.loadFailed} retryLabel={hs.tryAgain} testId="hub-projects-error" />
      ) : !list ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        filtered ? (
          <EmptyListState icon={SearchX} title={l.emptyFilteredTitle} action={<Button variant="outline" size="sm" onClick={() => p.set({ kind: null, status: null })}>{l.clearFilters}</Button>} testId="hub-projects-empty" />
        ) : (
          <EmptyListState
            icon={FolderKanban}
            title={l.emptyTitle}
            hint={l.emptyHint}
            action={
              <Button size="sm" onClick={onNew}>
                <Plus aria-hidden />
                {l.newProject}
              </Button>
            }
            testId="hub-projects-empty"
          />
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((project) => (
            <li key={project.id} className="min-w-0">
              <ProjectCard project={project} onOpen={() => p.set({ project: project.id, task: null })} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProjectCard({ project: pr, onOpen }: { project: HubProjectSummary; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group flex h-full w-full min-w-0 cursor-pointer flex-col gap-3 rounded-xl border bg-card p-4 text-left shadow-xs transition hover:-translate-y-px hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-5"
      aria-label={l.open(pr.name)}
      data-testid="hub-project-card"
      data-project={pr.name}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{HUB_PROJECT_KIND_LABELS[pr.kind]}</p>
          <h3 className="mt-0.5 line-clamp-2 font-semibold leading-snug group-hover:text-primary">{pr.name}</h3>
        </div>
        <ProjectStatusBadge status={pr.status} />
      </div>
      {pr.schoolName && (
        <p className="-mt-1 flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <Building2 className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{pr.schoolName}</span>
        </p>
      )}
      {pr.description && <p className="line-clamp-2 text-sm text-muted-foreground">{pr.description}</p>}
      <div className="mt-auto flex flex-col gap-1.5 pt-1">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="text-muted-foreground">{l.tasksDone(pr.tasks.done, pr.tasks.total)}</span>
          <span className="font-semibold tabular-nums">{pr.progress}%</span>
        </div>
        <ProgressBar value={pr.progress} label={l.progress} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t pt-3 text-xs text-muted-foreground">
        <span className="flex min-w-0 items-center gap-1.5">
          <PersonAvatar person={pr.owner} className="size-5 text-[9px]" />
          <span className="truncate">{pr.owner?.name ?? l.noOwner}</span>
        </span>
        <span className="flex items-center gap-1 whitespace-nowrap">
          <CalendarDays className="size-3.5" aria-hidden />
          {pr.targetDate ? l.target(formatDay(pr.targetDate)) : l.noTarget}
        </span>
        {pr.tasks.overdue > 0 && (
          <span className={cn('ml-auto inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 font-semibold whitespace-nowrap text-destructive')} data-testid="hub-project-overdue">
            <AlarmClock className="size-3.5" aria-hidden />
            {l.overdue(pr.tasks.overdue)}
          </span>
        )}
      </div>
    </button>
  );
}
