import * as React from 'react';
import { DndContext, DragOverlay, MouseSensor, TouchSensor, closestCorners, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { Archive, ArchiveRestore, ArrowLeft, ArrowRightLeft, Building2, Check, GripVertical, MessageSquare, Plus, ScanSearch } from 'lucide-react';
import { toast } from 'sonner';
import { HUB_PROJECT_STATUSES, HUB_TASK_STATUSES, type HubProjectDetail, type HubProjectStatus, type HubTask, type HubTaskStatus } from '@shared/contracts/project-hub';
import { HUB_PROJECT_KIND_LABELS, HUB_PROJECT_STATUS_LABELS, HUB_TASK_STATUS_LABELS } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { COLUMN_TONE, DueDate, MutationConfirm, PersonAvatar, PriorityBadge, ProgressBar, formatDay, type HubConfirmText } from './hub-bits';
import { NewTaskDialog } from './new-task-dialog';
import { useArchiveProject, useProject, useUpdateProject, useUpdateTask } from './project-hub-api';
import { QueryErrorCard } from '@/components/query-error-card';
import { perLocale } from '@shared/i18n/localized';

const b = hs.board;
const ARCHIVE_PROJECT = perLocale((): HubConfirmText => ({ tone: 'warning', icon: Archive, title: b.archiveTitle, text: b.archiveText, confirmLabel: b.archive, done: b.archived, failed: b.updateFailed, testId: 'hub-archive-confirm' }));

/**
 * A project's board (issue 18 §4): Kanban columns To do / In progress / Blocked / Done. Cards move by
 * drag and drop (mouse, touch) or, from the keyboard and in tests, by each card's "Move to" menu; a
 * card opens the task sheet. On phones the columns scroll sideways with snap.
 */
export function ProjectBoard({ projectId, onBack, onOpenTask, viewerId }: { projectId: string; onBack: () => void; onOpenTask: (id: string) => void; viewerId: string | null }) {
  const project = useProject(projectId);
  const d = project.data;
  if (project.isError && !d) {
    return (
      <div className="flex flex-col gap-4">
        <BackButton onBack={onBack} />
        <QueryErrorCard query={project} title={b.loadFailed} retryLabel={hs.tryAgain} testId="hub-board-error" />
      </div>
    );
  }
  if (!d || d.id !== projectId) {
    return (
      <div className="flex flex-col gap-4">
        <BackButton onBack={onBack} />
        <Skeleton className="h-28 rounded-xl" />
        <div className="grid gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  return <Board project={d} onBack={onBack} onOpenTask={onOpenTask} viewerId={viewerId} />;
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <div>
      <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack} data-testid="hub-board-back">
        <ArrowLeft aria-hidden />
        {b.back}
      </Button>
    </div>
  );
}

function Board({ project: d, onBack, onOpenTask, viewerId }: { project: HubProjectDetail; onBack: () => void; onOpenTask: (id: string) => void; viewerId: string | null }) {
  const update = useUpdateTask();
  const [adding, setAdding] = React.useState<HubTaskStatus | null>(null);
  const [activeId, setActiveId] = React.useState<string | null>(null);
  const dragged = React.useRef(false);
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 220, tolerance: 8 } }));

  const columns = React.useMemo(() => {
    const out = Object.fromEntries(HUB_TASK_STATUSES.map((s) => [s, [] as HubTask[]])) as Record<HubTaskStatus, HubTask[]>;
    for (const t of d.taskList) out[t.status].push(t);
    for (const s of HUB_TASK_STATUSES) out[s].sort((a, c) => a.position - c.position);
    return out;
  }, [d.taskList]);

  const move = (task: HubTask, status: HubTaskStatus, position?: number) => {
    if (task.status === status && (position === undefined || position === columns[status].indexOf(task))) return;
    update.mutate(
      { id: task.id, projectId: d.id, body: { status, ...(position === undefined ? {} : { position }) } },
      {
        onSuccess: () => {
          if (task.status !== status) toast.success(b.moved(HUB_TASK_STATUS_LABELS[status] ?? status));
        },
        onError: (e) => toast.error(b.moveFailed, { description: e.message }),
      },
    );
  };

  const onDragStart = (e: DragStartEvent) => {
    dragged.current = true;
    setActiveId(String(e.active.id));
  };
  const onDragEnd = (e: DragEndEvent) => {
    setActiveId(null);
    window.setTimeout(() => (dragged.current = false), 50);
    const task = d.taskList.find((t) => t.id === e.active.id);
    const over = e.over?.id ? String(e.over.id) : null;
    if (!task || !over) return;
    if (over.startsWith('col:')) return move(task, over.slice(4) as HubTaskStatus);
    const target = d.taskList.find((t) => `card:${t.id}` === over);
    if (!target || target.id === task.id) return;
    const column = columns[target.status].filter((t) => t.id !== task.id);
    move(task, target.status, column.indexOf(target));
  };
  const active = activeId ? d.taskList.find((t) => t.id === activeId) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="hub-board" data-project={d.name}>
      <BackButton onBack={onBack} />
      <BoardHeader project={d} onAdd={() => setAdding('todo')} />
      <p className="hidden text-xs text-muted-foreground sm:block">{b.dragHint}</p>
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActiveId(null)}>
        <div
          className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-3 sm:mx-0 sm:px-0 lg:grid lg:snap-none lg:grid-cols-4 lg:overflow-visible lg:pb-0"
          data-testid="hub-board-columns"
        >
          {HUB_TASK_STATUSES.map((status) => (
            <Column key={status} status={status} tasks={columns[status]} archived={d.archived} onAdd={() => setAdding(status)}>
              {columns[status].map((t) => (
                <TaskCard key={t.id} task={t} viewerId={viewerId} faded={t.id === activeId} onOpen={() => !dragged.current && onOpenTask(t.id)} onMove={(s) => move(t, s)} />
              ))}
            </Column>
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{active ? <CardBody task={active} viewerId={viewerId} lifted /> : null}</DragOverlay>
      </DndContext>
      <NewTaskDialog projectId={d.id} status={adding} onClose={() => setAdding(null)} viewerId={viewerId} />
    </div>
  );
}

function BoardHeader({ project: d, onAdd }: { project: HubProjectDetail; onAdd: () => void }) {
  const updateProject = useUpdateProject();
  const archive = useArchiveProject();
  const [confirm, setConfirm] = React.useState(false);
  const setStatus = (status: HubProjectStatus) =>
    updateProject.mutate({ id: d.id, body: { status } }, { onSuccess: () => toast.success(b.statusSaved), onError: (e) => toast.error(b.updateFailed, { description: e.message }) });
  const restore = () => updateProject.mutate({ id: d.id, body: { archived: false } }, { onSuccess: () => toast.success(b.restored), onError: (e) => toast.error(b.updateFailed, { description: e.message }) });
  const dates = b.dates(d.startDate ? formatDay(d.startDate) : null, d.targetDate ? formatDay(d.targetDate) : null);
  return (
    <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5" data-testid="hub-board-header">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{HUB_PROJECT_KIND_LABELS[d.kind]}</p>
          <h2 className="mt-0.5 text-lg font-semibold tracking-tight break-words sm:text-xl" data-testid="hub-board-title">
            {d.name}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {d.schoolName && (
              <span className="inline-flex items-center gap-1">
                <Building2 className="size-3.5" aria-hidden />
                {d.schoolName}
              </span>
            )}
            {d.owner && (
              <span className="inline-flex items-center gap-1.5">
                <PersonAvatar person={d.owner} className="size-5 text-[9px]" />
                {d.owner.name}
              </span>
            )}
            {dates && <span>{dates}</span>}
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Select value={d.status} onValueChange={(v) => setStatus(v as HubProjectStatus)} disabled={updateProject.isPending}>
            <SelectTrigger className="h-8 w-full min-w-36 text-xs sm:w-auto" aria-label={b.status} data-testid="hub-board-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HUB_PROJECT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {HUB_PROJECT_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {d.archived ? (
            <Button variant="outline" size="sm" onClick={restore} disabled={updateProject.isPending} className="flex-1 sm:flex-none" data-testid="hub-board-restore">
              <ArchiveRestore aria-hidden />
              {b.restore}
            </Button>
          ) : (
            <>
              <Button variant="outline" size="sm" onClick={() => setConfirm(true)} className="flex-1 sm:flex-none" data-testid="hub-board-archive">
                <Archive aria-hidden />
                {b.archive}
              </Button>
              <Button size="sm" onClick={onAdd} className="flex-1 sm:flex-none" data-testid="hub-board-add-task">
                <Plus aria-hidden />
                {b.addTask}
              </Button>
            </>
          )}
        </div>
      </div>
      {d.archived && <p className="rounded-md bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">{b.archivedBanner}</p>}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="text-muted-foreground">{hs.list.tasksDone(d.tasks.done, d.tasks.total)}</span>
          <span className="flex items-center gap-3">
            {d.tasks.overdue > 0 && <span className="font-semibold text-destructive">{hs.list.overdue(d.tasks.overdue)}</span>}
            <span className="font-semibold tabular-nums">{d.progress}%</span>
          </span>
        </div>
        <ProgressBar value={d.progress} label={hs.list.progress} />
      </div>
      <MutationConfirm open={confirm} onClose={() => setConfirm(false)} mutation={archive} id={d.id} says={ARCHIVE_PROJECT} />
    </div>
  );
}

function Column({ status, tasks, archived, onAdd, children }: { status: HubTaskStatus; tasks: HubTask[]; archived: boolean; onAdd: () => void; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `col:${status}` });
  const label = HUB_TASK_STATUS_LABELS[status] ?? status;
  return (
    <section
      ref={setNodeRef}
      className={cn(
        'flex w-[82vw] max-w-80 shrink-0 snap-start flex-col rounded-xl border border-t-4 bg-muted/40 transition-colors sm:w-72 lg:w-auto lg:max-w-none',
        COLUMN_TONE[status].bar,
        isOver && 'bg-primary/5 ring-2 ring-primary/30',
      )}
      aria-label={label}
      data-testid="hub-column"
      data-status={status}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          {label}
          <span className="rounded-full bg-background px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground tabular-nums ring-1 ring-border" data-testid="hub-column-count">
            {tasks.length}
          </span>
        </h3>
        {!archived && (
          <Button variant="ghost" size="icon" className="size-7" onClick={onAdd} aria-label={`${b.addTask}: ${label}`} data-testid="hub-column-add">
            <Plus className="size-4" aria-hidden />
          </Button>
        )}
      </header>
      <ol className="flex min-h-24 flex-1 flex-col gap-2 px-2 pb-2">
        {children}
        {tasks.length === 0 && <li className="flex flex-1 items-center justify-center rounded-lg border border-dashed py-6 text-xs text-muted-foreground">{b.columnEmpty}</li>}
      </ol>
    </section>
  );
}

function TaskCard({ task, viewerId, faded, onOpen, onMove }: { task: HubTask; viewerId: string | null; faded: boolean; onOpen: () => void; onMove: (s: HubTaskStatus) => void }) {
  const drag = useDraggable({ id: task.id });
  const drop = useDroppable({ id: `card:${task.id}` });
  const setDrag = drag.setNodeRef;
  const setDrop = drop.setNodeRef;
  const ref = React.useCallback(
    (el: HTMLElement | null) => {
      setDrag(el);
      setDrop(el);
    },
    [setDrag, setDrop],
  );
  return (
    <li
      ref={ref}
      {...drag.listeners}
      className={cn('group relative touch-manipulation', faded && 'opacity-40', drop.isOver && !faded && 'before:absolute before:inset-x-2 before:-top-1.5 before:h-0.5 before:rounded before:bg-primary')}
      data-testid="hub-task-card"
      data-task={task.title}
      data-status={task.status}
    >
      <CardBody task={task} viewerId={viewerId} onOpen={onOpen} onMove={onMove} />
    </li>
  );
}

function CardBody({ task: t, viewerId, onOpen, onMove, lifted }: { task: HubTask; viewerId: string | null; onOpen?: () => void; onMove?: (s: HubTaskStatus) => void; lifted?: boolean }) {
  return (
    <div
      className={cn(
        'flex min-w-0 cursor-grab flex-col gap-2 rounded-lg border bg-card p-3 shadow-xs transition hover:border-primary/40 hover:shadow-sm active:cursor-grabbing',
        t.overdue && 'border-l-4 border-l-destructive hover:border-l-destructive',
        lifted && 'rotate-1 shadow-xl ring-2 ring-primary/30',
      )}
      onClick={onOpen}
    >
      <div className="flex items-start gap-1.5">
        <GripVertical className="mt-0.5 size-4 shrink-0 text-muted-foreground/40 group-hover:text-muted-foreground" aria-hidden />
        <button
          type="button"
          className={cn('min-w-0 flex-1 cursor-pointer text-left text-sm leading-snug font-medium break-words hover:underline focus-visible:underline focus-visible:outline-none', t.status === 'done' && 'text-muted-foreground line-through decoration-muted-foreground/50')}
          onClick={(e) => {
            e.stopPropagation();
            onOpen?.();
          }}
          data-testid="hub-task-open"
        >
          {t.title}
        </button>
        {onMove && <MoveMenu task={t} onMove={onMove} />}
      </div>
      <div className="flex flex-wrap items-center gap-1.5 pl-5">
        {t.detected && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-emerald-500/10 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:text-emerald-300"
            title={hs.onboarding.detectedHint}
            data-testid="hub-task-detected"
          >
            <ScanSearch className="size-3.5" aria-hidden />
            {hs.onboarding.detected}
            {t.detected.count !== null && <span className="font-normal opacity-80">· {hs.onboarding.detectedCount(t.detected.key, t.detected.count)}</span>}
          </span>
        )}
        {t.priority !== 'normal' && <PriorityBadge priority={t.priority} />}
        <DueDate day={t.dueDate} overdue={t.overdue} />
        {t.comments > 0 && (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" aria-label={b.comments(t.comments)}>
            <MessageSquare className="size-3.5" aria-hidden />
            {t.comments}
          </span>
        )}
        <span className="ml-auto flex items-center gap-1">
          {t.assignee?.id === viewerId && <span className="text-[11px] text-muted-foreground">{hs.you}</span>}
          <PersonAvatar person={t.assignee} />
        </span>
      </div>
    </div>
  );
}

/** The keyboard-friendly way to move a card: a menu of the other columns. */
function MoveMenu({ task, onMove }: { task: HubTask; onMove: (s: HubTaskStatus) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 size-7 shrink-0 text-muted-foreground opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
          aria-label={b.moveMenu(task.title)}
          onClick={(e) => e.stopPropagation()}
          onPointerDown={(e) => e.stopPropagation()}
          onMouseDown={(e) => e.stopPropagation()}
          onTouchStart={(e) => e.stopPropagation()}
          data-testid="hub-task-move"
        >
          <ArrowRightLeft className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onClick={(e) => e.stopPropagation()} onPointerDown={(e) => e.stopPropagation()}>
        <DropdownMenuLabel className="text-xs text-muted-foreground">{b.moveTo}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {HUB_TASK_STATUSES.map((s) => (
          <DropdownMenuItem key={s} disabled={s === task.status} onSelect={() => onMove(s)} data-testid={`hub-move-${s}`}>
            <span className={cn('size-2 rounded-full', COLUMN_TONE[s].dot)} aria-hidden />
            {HUB_TASK_STATUS_LABELS[s]}
            {s === task.status && <Check className="ml-auto" aria-hidden />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
