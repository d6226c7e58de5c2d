import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, CopyPlus, Download, FileText, Loader2, MoreHorizontal, Send, Sparkles, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Lesson, TimetableSummary, TimetableView, TimetableViolation } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { LabelledField } from '@/components/field';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { IconMenuItem } from '@/components/row-menu';
import { Input } from '@/components/ui/input';
import { checkMove, namesOf, type Slot } from '../grid-model';
import { groupSoft, softInView, softSummary } from '../soft-summary';
import { VersionViewFrame } from '../read-views';
import { TimetableGrid, type GridEditing } from '../timetable-grid';
import { TIMETABLE_KEY, checkLessons, readSaveResponse, saveLessons, unwrapView, useDeleteVersion, usePublish, useSaveVersion, useTimetable } from '../timetable-api';
import { StatusBadge, pdfHref, useViewChoice } from '../view-controls';

const e = tm.editor;

/**
 * The principal's "Timetable" tab (issue 16 §4): pick a version, view it by stream, teacher or room;
 * a draft is edited by drag and drop (moves and swaps checked on the client while dragging, then by the
 * server on save: a 409 puts the lessons back and quotes the server), lessons lock and unlock, Undo
 * (button or Ctrl+Z) walks back through earlier arrangements; "Save as version", "Publish" (confirmed),
 * PDFs and the .fet export; beside the grid the soft rules not met and the lessons not placed.
 */
export function EditorTab({
  versions,
  versionId,
  onVersion,
  onGenerate,
}: {
  versions: TimetableSummary[];
  versionId: string | null;
  onVersion: (id: string | null) => void;
  onGenerate: () => void;
}) {
  const view = useTimetable(versionId);
  const choice = useViewChoice(view.data);
  if (versions.length === 0)
    return (
      <EmptyListState
        icon={CalendarClock}
        title={tm.noVersions}
        hint={tm.noVersionsHint}
        testId="timetable-empty"
        action={
          <Button onClick={onGenerate} data-testid="timetable-empty-generate">
            <Sparkles aria-hidden />
            {tm.tabs.generate}
          </Button>
        }
      />
    );
  return (
    <VersionViewFrame versions={versions} versionId={versionId} onVersion={onVersion} view={view} choice={choice}>
      {(data) => <Editor key={data.id} view={data} kind={choice.kind} entityId={choice.entityId} onVersion={onVersion} />}
    </VersionViewFrame>
  );
}

function Editor({ view, kind, entityId, onVersion }: { view: TimetableView; kind: 'class' | 'teacher' | 'room'; entityId: string; onVersion: (id: string | null) => void }) {
  const qc = useQueryClient();
  const [lessons, setLessons] = React.useState<Lesson[]>(view.lessons);
  const [undo, setUndo] = React.useState<{ lessons: Lesson[]; message: string }[]>([]);
  const [soft, setSoft] = React.useState<TimetableViolation[]>(view.violations.filter((v) => !v.hard));
  const [softScore, setSoftScore] = React.useState(view.softScore);
  const [saving, setSaving] = React.useState(false);
  const [dialog, setDialog] = React.useState<'version' | 'publish' | 'delete' | null>(null);
  const editable = view.status === 'draft';
  // The latest arrangement for callbacks that outlive a render (a save's rollback, the lock toggle).
  const lessonsRef = React.useRef(lessons);
  React.useLayoutEffect(() => {
    lessonsRef.current = lessons;
  }, [lessons]);

  // A refetch of the same version (another tab's save, a publish) brings the server's arrangement back.
  const stamp = view.updatedAt;
  React.useEffect(() => {
    if (!saving) {
      setLessons(view.lessons);
      setSoft(view.violations.filter((v) => !v.hard));
      setSoftScore(view.softScore);
    }
    // Only a new server copy resets the grid; `saving` flips during our own writes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);

  const commit = React.useCallback(
    async (next: Lesson[], message: string, record: boolean) => {
      const prev = lessonsRef.current;
      lessonsRef.current = next;
      setLessons(next);
      if (record) setUndo((u) => [...u.slice(-49), { lessons: prev, message }]);
      setSaving(true);
      try {
        const res = readSaveResponse(await saveLessons(view.id, next));
        if (res.soft) setSoft(res.soft);
        if (res.softScore !== null) setSoftScore(res.softScore);
        if (res.view) qc.setQueryData([...TIMETABLE_KEY, 'view', view.id], res.view);
        toast.success(message);
      } catch (err) {
        lessonsRef.current = prev;
        setLessons(prev);
        if (record) setUndo((u) => u.slice(0, -1));
        toast.error(e.serverRefused((err as Error).message), { id: 'timetable-refused' });
      } finally {
        setSaving(false);
        void qc.invalidateQueries({ queryKey: [...TIMETABLE_KEY, 'versions'] });
      }
    },
    [qc, view.id],
  );

  const doUndo = React.useCallback(() => {
    const last = undo.at(-1);
    if (!last || saving) {
      if (!last) toast.info(e.nothingToUndo);
      return;
    }
    setUndo((u) => u.slice(0, -1));
    void commit(last.lessons, e.undone, false);
  }, [undo, saving, commit]);

  React.useEffect(() => {
    if (!editable) return;
    const onKey = (ev: KeyboardEvent) => {
      const t = ev.target as HTMLElement | null;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      if ((ev.ctrlKey || ev.metaKey) && !ev.shiftKey && ev.key.toLowerCase() === 'z') {
        ev.preventDefault();
        doUndo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, doUndo]);

  const editing: GridEditing | undefined = React.useMemo(
    () =>
      editable
        ? {
            disabled: saving,
            check: (activityId: string, slot: Slot) => checkMove(view, lessons, activityId, slot, kind, entityId),
            // The server's live verdict: hard rules the client cannot see, and soft rules touching the moved lessons.
            preview: async (activityId, result) => {
              const moved = new Set([activityId, ...(result.swapWith ? [result.swapWith.activityId] : [])]);
              const res = await checkLessons(view.id, result.lessons);
              const touches = (v: TimetableViolation) => v.activityIds.some((id) => moved.has(id));
              return { hard: res.hard[0]?.message ?? null, soft: res.soft.filter(touches).map((v) => v.message) };
            },
            onDrop: (_id, _slot, result) => {
              if (!result.ok) {
                toast.error(e.refused(result.reason), { id: 'timetable-refused' });
                return;
              }
              if (result.same) return;
              void commit(result.lessons, result.swapWith ? e.swapped : e.moved, true);
            },
            onToggleLock: (activityId: string) => {
              const l = lessons.find((x) => x.activityId === activityId);
              if (!l) return;
              void commit(
                lessons.map((x) => (x.activityId === activityId ? { ...x, locked: !x.locked } : x)),
                l.locked ? e.unlockedToast : e.lockedToast,
                true,
              );
            },
          }
        : undefined,
    [editable, saving, view, kind, entityId, commit, lessons],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge status={view.status} />
          <span>{tm.picker.meta(lessons.length, view.unplaced.length)}</span>
          <span aria-hidden>·</span>
          <span data-testid="timetable-soft-score" title={tm.picker.softScore(softScore)}>
            {softSummary(groupSoft(soft))}
          </span>
          {saving && (
            <span className="inline-flex items-center gap-1 text-xs" data-testid="timetable-saving">
              <Loader2 className="size-3 animate-spin" aria-hidden />
              {e.saving}
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {editable && (
            <Button variant="outline" size="sm" onClick={doUndo} disabled={undo.length === 0 || saving} title="Ctrl+Z" data-testid="timetable-undo">
              <Undo2 aria-hidden />
              {e.undo}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => setDialog('version')} data-testid="timetable-save-version">
            <CopyPlus aria-hidden />
            {e.saveAsVersion}
          </Button>
          {view.status !== 'published' && (
            <Button size="sm" onClick={() => setDialog('publish')} data-testid="timetable-publish">
              <Send aria-hidden />
              {e.publish}
            </Button>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" aria-label={e.pdfView} data-testid="timetable-more">
                <FileText aria-hidden />
                PDF
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {entityId && (
                <DropdownMenuItem asChild>
                  <a href={pdfHref(view.id, kind, entityId)} target="_blank" rel="noreferrer" data-testid="timetable-pdf-view">
                    <FileText aria-hidden />
                    {e.pdfView}
                  </a>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem asChild>
                <a href={pdfHref(view.id, 'school')} target="_blank" rel="noreferrer" data-testid="timetable-pdf-school">
                  <FileText aria-hidden />
                  {e.pdfSchool}
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href={`/api/timetables/${view.id}/export.fet`} download data-testid="timetable-export-fet">
                  <Download aria-hidden />
                  {e.exportFet}
                </a>
              </DropdownMenuItem>
              {view.status === 'draft' && <IconMenuItem icon={Trash2} label={e.delete} onSelect={() => setDialog('delete')} danger separated testId="timetable-delete" />}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {!editable && (
        <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground" data-testid="timetable-read-only">
          {view.status === 'published' ? e.readOnlyPublished : e.readOnlyArchived}
        </p>
      )}
      <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {entityId ? (
            <TimetableGrid view={view} lessons={lessons} kind={kind} entityId={entityId} editing={editing} showLocks />
          ) : (
            <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">{tm.grid.empty}</p>
          )}
        </div>
        <aside className="flex min-w-0 flex-col gap-4">
          <SoftList soft={soft} lessons={lessons} kind={kind} entityId={entityId} />
          <UnplacedList view={view} />
        </aside>
      </div>
      <VersionDialog open={dialog === 'version'} view={view} onClose={() => setDialog(null)} onSaved={onVersion} />
      <VersionActionDialog action="publish" open={dialog === 'publish'} view={view} onClose={() => setDialog(null)} />
      <VersionActionDialog action="delete" open={dialog === 'delete'} view={view} onClose={() => setDialog(null)} onDeleted={() => onVersion(null)} />
    </div>
  );
}

/**
 * "Rules not fully met" (issue 34): each unmet rule once in plain words (with how often when it recurs),
 * only those of the stream, teacher or room on screen, and how many the whole school has.
 */
function SoftList({ soft, lessons, kind, entityId }: { soft: TimetableViolation[]; lessons: Lesson[]; kind: 'class' | 'teacher' | 'room'; entityId: string }) {
  const all = React.useMemo(() => groupSoft(soft), [soft]);
  const here = React.useMemo(() => softInView(all, lessons, kind, entityId), [all, lessons, kind, entityId]);
  return (
    <section className="rounded-xl border bg-card p-4 shadow-xs" data-testid="timetable-soft">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 text-amber-600" aria-hidden />
        {e.softTitle}
        {here.length > 0 && (
          <span className="ml-auto rounded-full bg-amber-500/12 px-2 py-0.5 text-xs text-amber-700 dark:text-amber-300" data-testid="timetable-soft-count">
            {here.length}
          </span>
        )}
      </h3>
      <p className="mt-0.5 text-xs text-muted-foreground">{e.softHint}</p>
      {entityId && all.length > 0 && (
        <p className="mt-1 text-xs text-muted-foreground" data-testid="timetable-soft-scope">
          {e.softScope(here.length, all.length)}
        </p>
      )}
      {here.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{all.length === 0 ? e.softNone : e.softNoneHere}</p>
      ) : (
        <ul className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto pr-1">
          {here.map((v) => (
            <li key={v.message} className="flex gap-2 text-sm" data-testid="timetable-soft-item">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
              <span className="min-w-0 flex-1">{v.message}</span>
              {v.count > 1 && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{e.softTimes(v.count)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UnplacedList({ view }: { view: TimetableView }) {
  const names = namesOf(view);
  return (
    <section className="rounded-xl border bg-card p-4 shadow-xs" data-testid="timetable-unplaced">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <CalendarClock className="size-4 text-destructive" aria-hidden />
        {e.unplacedTitle}
        {view.unplaced.length > 0 && <span className="ml-auto rounded-full bg-destructive/10 px-2 py-0.5 text-xs text-destructive">{view.unplaced.length}</span>}
      </h3>
      {view.unplaced.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{e.unplacedNone}</p>
      ) : (
        <ul className="mt-3 flex max-h-80 flex-col gap-3 overflow-y-auto pr-1">
          {view.unplaced.map((u) => (
            <li key={u.activityId} className="text-sm" data-testid="timetable-unplaced-item">
              <p className="font-medium">{e.unplacedLine(names.subject(u.subjectId), u.classIds.map(names.cls).join(', '), u.teacherIds.map(names.teacher).join(', '))}</p>
              <ul className="mt-1 list-disc pl-4 text-xs text-muted-foreground">
                {u.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VersionDialog({ open, view, onClose, onSaved }: { open: boolean; view: TimetableView; onClose: () => void; onSaved: (id: string) => void }) {
  const save = useSaveVersion();
  const [name, setName] = React.useState(e.versionNameDefault(view.name));
  React.useEffect(() => {
    if (open) setName(e.versionNameDefault(view.name));
  }, [open, view.name]);
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const n = name.trim();
    if (!n) return;
    save.mutate(
      { id: view.id, name: n },
      {
        onSuccess: (body) => {
          toast.success(e.versionSaved(n));
          const v = unwrapView(body);
          const id = v?.id ?? (body as { id?: string } | null)?.id;
          if (id) onSaved(id);
          onClose();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={save.isPending}
      className="max-w-md"
      testId="timetable-version-dialog"
      form={{ onSubmit: submit, className: 'flex flex-col gap-4' }}
      title={e.versionDialogTitle}
      description={e.versionDialogText}
    >
      <LabelledField id="timetable-version-name" label={e.versionName} className="flex flex-col gap-1.5">
        <Input id="timetable-version-name" value={name} maxLength={80} onChange={(ev) => setName(ev.target.value)} autoFocus data-testid="timetable-version-name" />
      </LabelledField>
      <FormDialogFooter cancelLabel={e.cancel} onCancel={onClose} label={e.save} pending={save.isPending} disabled={!name.trim()} submitTestId="timetable-version-save" />
    </FormDialog>
  );
}

/**
 * Confirms publishing or deleting the version and runs it: on success a toast, the dialog closes and
 * `onDeleted` runs after a delete; on failure the server's message as a toast.
 */
function VersionActionDialog({ action, open, view, onClose, onDeleted }: { action: 'publish' | 'delete'; open: boolean; view: TimetableView; onClose: () => void; onDeleted?: () => void }) {
  const publish = usePublish();
  const del = useDeleteVersion();
  const a =
    action === 'delete'
      ? { mutation: del, copy: { tone: 'danger' as const, icon: Trash2, title: e.deleteTitle, text: e.deleteText(view.name), confirmLabel: e.delete }, done: e.deleted, after: onDeleted, testId: 'timetable-delete' }
      : { mutation: publish, copy: { tone: 'success' as const, icon: Send, title: e.publishTitle, text: e.publishText(view.name), confirmLabel: e.publish }, done: e.published(view.name), after: undefined, testId: 'timetable-publish' };
  return (
    <ConfirmDialog
      open={open}
      {...a.copy}
      cancelLabel={e.cancel}
      pending={a.mutation.isPending}
      onCancel={onClose}
      onConfirm={() =>
        a.mutation.mutate(view.id, {
          onSuccess: () => {
            toast.success(a.done);
            onClose();
            a.after?.();
          },
          onError: (err) => toast.error(err.message),
        })
      }
      testId={`${a.testId}-dialog`}
      confirmTestId={`${a.testId}-confirm`}
    />
  );
}
