import { CalendarClock, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { HubPerson, HubProjectStatus, HubTaskPriority, HubTaskStatus } from '@shared/contracts/project-hub';
import { HUB_PROJECT_STATUS_LABELS, HUB_TASK_PRIORITY_LABELS, HUB_TASK_STATUS_LABELS } from '@shared/messages/project-hub';
import { projectHubScreens as hs } from '@shared/messages/project-hub-screens';
import { cn } from '@/lib/utils';
import { initialsOf } from '@/components/ui/avatar';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useHubStaff } from './project-hub-api';
import { formatInstant } from '@/lib/format';
import { usePatchedSearchParams } from '@/lib/search-params';
import { ConfirmDialog, type ConfirmTone } from '@/components/confirm-dialog';
import { formatDay as formatSchoolDay, formatShortDay } from '@shared/dates';

const pill = 'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

const PROJECT_TONE: Record<HubProjectStatus, string> = {
  planned: 'bg-sky-500/10 text-sky-700 ring-sky-600/20 dark:text-sky-300',
  active: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-300',
  on_hold: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-300',
  done: 'bg-muted text-muted-foreground ring-border',
};

export function ProjectStatusBadge({ status }: { status: HubProjectStatus }) {
  return (
    <span className={cn(pill, PROJECT_TONE[status])} data-testid="hub-project-status" data-status={status}>
      {HUB_PROJECT_STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** Colours of the board's columns (dot and header accent). */
export const COLUMN_TONE: Record<HubTaskStatus, { dot: string; bar: string }> = {
  todo: { dot: 'bg-slate-400', bar: 'border-t-slate-400' },
  in_progress: { dot: 'bg-sky-500', bar: 'border-t-sky-500' },
  blocked: { dot: 'bg-red-500', bar: 'border-t-red-500' },
  done: { dot: 'bg-emerald-500', bar: 'border-t-emerald-500' },
};

export function TaskStatusBadge({ status }: { status: HubTaskStatus }) {
  return (
    <span className={cn(pill, 'bg-background text-foreground ring-border')} data-testid="hub-task-status" data-status={status}>
      <span className={cn('size-1.5 rounded-full', COLUMN_TONE[status].dot)} aria-hidden />
      {HUB_TASK_STATUS_LABELS[status] ?? status}
    </span>
  );
}

const PRIORITY_TONE: Record<HubTaskPriority, string> = {
  low: 'bg-slate-500/10 text-slate-700 ring-slate-500/20 dark:text-slate-300',
  normal: 'bg-secondary text-secondary-foreground ring-border',
  high: 'bg-orange-500/10 text-orange-700 ring-orange-600/20 dark:text-orange-300',
  urgent: 'bg-red-500/10 text-red-700 ring-red-600/25 dark:text-red-300',
};

export function PriorityBadge({ priority }: { priority: HubTaskPriority }) {
  return (
    <span className={cn(pill, PRIORITY_TONE[priority])} data-testid="hub-task-priority" data-priority={priority}>
      {HUB_TASK_PRIORITY_LABELS[priority] ?? priority}
    </span>
  );
}

const AVATAR_HUES = ['bg-sky-600', 'bg-violet-600', 'bg-emerald-600', 'bg-amber-600', 'bg-rose-600', 'bg-teal-600'];

/** A person's initials in a coloured circle (the colour follows the id, so it stays the same everywhere). */
export function PersonAvatar({ person, className }: { person: HubPerson | null; className?: string }) {
  if (!person) {
    return (
      <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full border border-dashed border-muted-foreground/40 text-[10px] text-muted-foreground', className)} title={hs.unassigned} aria-label={hs.unassigned}>
        ?
      </span>
    );
  }
  const hue = AVATAR_HUES[[...person.id].reduce((a, c) => a + c.charCodeAt(0), 0) % AVATAR_HUES.length];
  return (
    <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-[10px] font-semibold text-white', hue, className)} title={person.name} aria-label={person.name} data-testid="hub-avatar">
      {initialsOf(person.name)}
    </span>
  );
}

/** "12/03/2026" for a school day YYYY-MM-DD (shared formatDay). */
export const formatDay = (day: string) => formatSchoolDay(day);
/** "12 Mar" for a school day (shared formatShortDay). */
export const formatDayShort = (day: string) => formatShortDay(day);
/** "12 Mar 2026, 14:30" in Nairobi for an instant. */
export const formatStamp = (iso: string) => formatInstant(iso);

/** A due date: red with an alarm icon when overdue. */
export function DueDate({ day, overdue, className }: { day: string | null; overdue: boolean; className?: string }) {
  if (!day) return null;
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs whitespace-nowrap', overdue ? 'font-semibold text-destructive' : 'text-muted-foreground', className)}
      data-testid="hub-task-due"
      data-overdue={overdue || undefined}
      title={overdue ? hs.task.overdue : undefined}
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      {formatDayShort(day)}
      {overdue && <span className="sr-only">({hs.task.overdue})</span>}
    </span>
  );
}

/** A thin progress bar (0–100). */
export function ProgressBar({ value, className, label }: { value: number; className?: string; label: string }) {
  return (
    <div className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <div className={cn('h-full rounded-full transition-[width] duration-500', value >= 100 ? 'bg-emerald-500' : 'bg-primary')} style={{ width: `${Math.max(0, Math.min(100, value))}%` }} />
    </div>
  );
}

const NOBODY = '__nobody__';

/** Assignee (or owner) choice: "Unassigned" then the platform staff, "(You)" beside the viewer. */
export function StaffSelect({ id, value, onChange, viewerId, testId, disabled, noneLabel = hs.unassigned }: { id: string; value: string | null; onChange: (id: string | null) => void; viewerId: string | null; testId: string; disabled?: boolean; noneLabel?: string }) {
  const staff = useHubStaff();
  return (
    <Select value={value ?? NOBODY} onValueChange={(v) => onChange(v === NOBODY ? null : v)} disabled={disabled}>
      <SelectTrigger id={id} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOBODY}>{noneLabel}</SelectItem>
        {value && !(staff.data ?? []).some((p) => p.id === value) && <SelectItem value={value}>…</SelectItem>}
        {(staff.data ?? []).map((p) => (
          <SelectItem key={p.id} value={p.id}>
            {p.id === viewerId ? `${p.name} (${hs.you})` : p.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The hub's place in the URL: `tab` (projects | mine | onboarding), `project` (the open board), `task`
 * (the open task sheet) and `school` (the checklist shown), so reloads and links keep the view.
 */
export function useHubParams() {
  const [params, set] = usePatchedSearchParams();
  const uuid = (v: string | null) => (v && /^[0-9a-f-]{36}$/i.test(v) ? v : null);
  const tab = params.get('tab');
  return {
    tab: tab === 'mine' || tab === 'onboarding' ? tab : ('projects' as const),
    projectId: uuid(params.get('project')),
    taskId: uuid(params.get('task')),
    schoolId: uuid(params.get('school')),
    kind: params.get('kind') ?? '',
    status: params.get('status') ?? '',
    set,
  };
}

/** What a hub confirmation says: tone, icon, title, text and button, the toasts after it, and its test id (the button's is `${testId}-button`). */
export type HubConfirmText = { tone: ConfirmTone; icon: LucideIcon; title: string; text: string; confirmLabel: string; done: string; failed: string; testId: string };

/**
 * Confirms a hub change (delete a task, archive a project) and then runs `mutation` on `id`: the dialog
 * stays open while it runs; success closes it, toasts `says.done` and calls `onDone`; a failure toasts
 * `says.failed` with the server's reason.
 */
export function MutationConfirm({
  open,
  onClose,
  mutation,
  id,
  onDone,
  says: { done, failed, testId, ...dialog },
}: {
  open: boolean;
  onClose: () => void;
  mutation: { isPending: boolean; mutate: (id: string, handlers: { onSuccess: () => void; onError: (e: Error) => void }) => void };
  id: string;
  onDone?: () => void;
  says: HubConfirmText;
}) {
  const confirm = () =>
    mutation.mutate(id, {
      onSuccess: () => {
        onClose();
        toast.success(done);
        onDone?.();
      },
      onError: (e) => toast.error(failed, { description: e.message }),
    });
  return <ConfirmDialog {...dialog} open={open} cancelLabel={hs.task.cancel} pending={mutation.isPending} onCancel={onClose} onConfirm={confirm} testId={testId} confirmTestId={`${testId}-button`} />;
}
