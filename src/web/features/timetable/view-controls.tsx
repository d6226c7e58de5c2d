import * as React from 'react';
import { FileText } from 'lucide-react';
import type { TimetableSummary, TimetableView } from '@shared/contracts/timetable';
import { TIMETABLE_STATUS_LABELS, timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { NameSelectItems } from '@/components/select-parts';
import type { ViewKind } from './grid-model';
import { pdfHref } from './timetable-api';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-KE', { numeric: true });

/** The streams, teachers or rooms a view can show, sorted by name (rooms only those with lessons or all). */
export function entitiesOf(view: TimetableView | undefined | null, kind: ViewKind): { id: string; name: string }[] {
  if (!view) return [];
  const list = kind === 'class' ? view.classes : kind === 'teacher' ? view.teachers : view.rooms;
  return [...list].sort(byName);
}

/**
 * Which stream, teacher or room a school timetable shows: the kind and the id, falling back to the
 * first of the kind when the id is not in this version (another version, a new school).
 */
export function useViewChoice(view: TimetableView | undefined | null, initial: ViewKind = 'class') {
  const [kind, setKindState] = React.useState<ViewKind>(initial);
  const [picked, setPicked] = React.useState<Record<ViewKind, string>>({ class: '', teacher: '', room: '' });
  const list = entitiesOf(view, kind);
  const entityId = list.some((e) => e.id === picked[kind]) ? picked[kind] : (list[0]?.id ?? '');
  return {
    kind,
    entityId,
    setKind: (k: ViewKind) => setKindState(k),
    setEntityId: (id: string) => setPicked((p) => ({ ...p, [kind]: id })),
    /** Show one entity (e.g. a teacher from the substitutions list). */
    show: (k: ViewKind, id: string) => {
      setKindState(k);
      setPicked((p) => ({ ...p, [k]: id }));
    },
  };
}
export type ViewChoice = ReturnType<typeof useViewChoice>;

/** "View by" Stream / Teacher / Room and the one to show. */
export function ViewPicker({ view, choice, kinds = ['class', 'teacher', 'room'] }: { view: TimetableView; choice: ViewChoice; kinds?: ViewKind[] }) {
  const list = entitiesOf(view, choice.kind);
  const placeholder = choice.kind === 'class' ? tm.picker.chooseStream : choice.kind === 'teacher' ? tm.picker.chooseTeacher : tm.picker.chooseRoom;
  return (
    <div className="flex min-w-0 flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <Label className="text-xs text-muted-foreground">{tm.picker.view}</Label>
        <div className="inline-flex rounded-lg border bg-muted/40 p-0.5" role="radiogroup" aria-label={tm.picker.view}>
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={choice.kind === k}
              onClick={() => choice.setKind(k)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                choice.kind === k && 'bg-card text-foreground shadow-sm',
              )}
              data-testid={`timetable-kind-${k}`}
            >
              {k === 'class' ? tm.picker.stream : k === 'teacher' ? tm.picker.teacher : tm.picker.room}
            </button>
          ))}
        </div>
      </div>
      <div className="flex min-w-[12rem] flex-1 flex-col gap-1.5 sm:max-w-64 sm:flex-none">
        <Label htmlFor="timetable-entity" className="text-xs text-muted-foreground">
          {tm.picker.which}
        </Label>
        <Select value={choice.entityId} onValueChange={choice.setEntityId}>
          <SelectTrigger id="timetable-entity" data-testid="timetable-entity">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            <NameSelectItems items={list} />
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

const STATUS_TONE: Record<string, string> = {
  published: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  draft: 'bg-amber-500/12 text-amber-700 dark:text-amber-300',
  archived: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-semibold', STATUS_TONE[status], className)} data-testid="timetable-status">
      {TIMETABLE_STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** The version select: newest first, each with its status badge. */
export function VersionPicker({ versions, value, onChange }: { versions: TimetableSummary[]; value: string | null; onChange: (id: string) => void }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
      <Label htmlFor="timetable-version" className="text-xs text-muted-foreground">
        {tm.picker.version}
      </Label>
      <Select value={value ?? ''} onValueChange={onChange}>
        <SelectTrigger id="timetable-version" data-testid="timetable-version">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {versions.map((v) => (
            <SelectItem key={v.id} value={v.id} data-testid="timetable-version-option">
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate">{tm.picker.versionLine(v.name, v.version)}</span>
                <StatusBadge status={v.status} />
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The version to open first: the published one, else the newest. */
export function defaultVersion(versions: TimetableSummary[]): string | null {
  return (versions.find((v) => v.status === 'published') ?? [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0])?.id ?? null;
}

export function PdfButton({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={href} target="_blank" rel="noreferrer" data-testid={testId}>
        <FileText aria-hidden />
        {label}
      </a>
    </Button>
  );
}

export { pdfHref };
