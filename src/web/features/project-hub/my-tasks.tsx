import * as React from 'react';
import { Building2, CheckCheck, FolderKanban } from 'lucide-react';
import type { HubTask } from '@shared/contracts/project-hub';
import { schoolToday, addDays } from '@shared/dates';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { FilterSelect } from '@/components/filter-select';
import { EmptyListState } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { DueDate, PersonAvatar, PriorityBadge, TaskStatusBadge } from './hub-bits';
import { useHubStaff, useTasks } from './project-hub-api';
import { QueryErrorCard } from '@/components/query-error-card';

const y = hs.myTasks;
type Group = keyof typeof y.groups;

/**
 * "My tasks": tasks assigned to the viewer (or to anyone, or a colleague) across projects that are not
 * archived, grouped as Overdue / Due in the next 7 days / Later / No due date (and Done when shown).
 */
export function MyTasks({ viewerId, onOpenTask }: { viewerId: string | null; onOpenTask: (id: string) => void }) {
  const [who, setWho] = React.useState<string>('me');
  const [status, setStatus] = React.useState<'open' | ''>('open');
  const staff = useHubStaff();
  const qs = new URLSearchParams();
  if (who !== 'anyone') qs.set('assignee', who);
  if (status) qs.set('status', status);
  const tasks = useTasks(qs.toString());

  const groups = React.useMemo(() => {
    const today = schoolToday();
    const week = addDays(today, 7);
    const out: Record<Group, HubTask[]> = { overdue: [], week: [], later: [], none: [], done: [] };
    for (const t of tasks.data ?? []) {
      const g: Group = t.status === 'done' ? 'done' : t.overdue ? 'overdue' : !t.dueDate ? 'none' : t.dueDate <= week ? 'week' : 'later';
      out[g].push(t);
    }
    return out;
  }, [tasks.data]);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="hub-my-tasks">
      <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
        <FilterSelect
          value={who === 'anyone' ? '' : who}
          onChange={(v) => setWho(v || 'anyone')}
          all={y.anyone}
          label={y.filterAssignee}
          options={[
            { value: 'me', label: y.mine },
            { value: 'unassigned', label: hs.unassigned },
            ...(staff.data ?? []).filter((p) => p.id !== viewerId).map((p) => ({ value: p.id, label: p.name })),
          ]}
          className="sm:w-48"
          testId="hub-mine-assignee"
        />
        <FilterSelect value={status} onChange={(v) => setStatus(v as 'open' | '')} all={y.allStatuses} label={y.filterStatus} options={[{ value: 'open', label: y.openOnly }]} className="sm:w-40" testId="hub-mine-status" />
      </div>
      {tasks.isError && !tasks.data ? (
        <QueryErrorCard query={tasks} title={y.loadFailed} retryLabel={hs.tryAgain} testId="hub-mine-error" />
      ) : !tasks.data ? (
        <div className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 rounded-lg" />
          ))}
        </div>
      ) : tasks.data.length === 0 ? (
        <EmptyListState icon={CheckCheck} title={y.emptyTitle} hint={y.emptyHint} testId="hub-mine-empty" />
      ) : (
        (Object.keys(groups) as Group[])
          .filter((g) => groups[g].length > 0)
          .map((g) => (
            <section key={g} className="flex flex-col gap-2" aria-labelledby={`hub-mine-${g}`} data-testid={`hub-mine-group-${g}`}>
              <h3 id={`hub-mine-${g}`} className={cn('flex items-center gap-2 text-sm font-semibold', g === 'overdue' && 'text-destructive')}>
                {y.groups[g]}
                <span className="rounded-full bg-muted px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground tabular-nums">{groups[g].length}</span>
              </h3>
              <ul className="flex flex-col divide-y overflow-hidden rounded-xl border bg-card">
                {groups[g].map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      onClick={() => onOpenTask(t.id)}
                      className="flex w-full min-w-0 cursor-pointer flex-col gap-1.5 px-4 py-3 text-left transition hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4"
                      data-testid="hub-mine-task"
                      data-task={t.title}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{t.title}</span>
                        <span className="mt-0.5 flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                          {t.schoolName ? <Building2 className="size-3.5 shrink-0" aria-hidden /> : <FolderKanban className="size-3.5 shrink-0" aria-hidden />}
                          <span className="truncate">{t.projectName}</span>
                        </span>
                      </span>
                      <span className="flex flex-wrap items-center gap-2 sm:shrink-0">
                        <TaskStatusBadge status={t.status} />
                        {t.priority !== 'normal' && <PriorityBadge priority={t.priority} />}
                        <DueDate day={t.dueDate} overdue={t.overdue} />
                        <PersonAvatar person={t.assignee} className="ml-auto sm:ml-0" />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))
      )}
    </div>
  );
}
