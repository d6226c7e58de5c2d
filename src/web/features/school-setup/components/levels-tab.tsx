import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/lib/zod-resolver';
import { z } from 'zod';
import { DoorOpen, Flag, Layers, Pencil, Plus, Trash2, UserRound, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { ClassItem } from '@shared/contracts/classes';
import { SETUP_CURRICULA, type Level, type LevelBody, type SetupCurriculum } from '@shared/contracts/school-setup';
import { CATALOGUE_LEVELS, catalogueBands, catalogueLevel } from '@shared/curriculum-catalogue';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useListParams, type ColumnDef } from '@/components/data-table';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useTeachers } from '../api/assignments';
import { useSchoolProfile } from '../api/profile';
import { useDeleteLevel, useDeleteStream, useLevels, useSaveLevel, useSaveStream, useStreams } from '../api/structure';
import { useYears } from '../api/years';
import { Field } from '@/components/field';
import { FormButtons, NameOptions, NamedSetupList, NativeSelect, Panel, SetupDialog, applyServerErrors, errorText, invalidProps, useCanEdit, useFieldIds } from './shared';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolSetup;

/** The Levels & streams tab: the school's levels, then the streams of a chosen year by level. */
export function LevelsTab() {
  return (
    <div className="grid gap-4 xl:grid-cols-[24rem_minmax(0,1fr)]">
      <LevelsPanel />
      <StreamsPanel />
    </div>
  );
}

function LevelName({ level }: { level: Level }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
        {level.name}
        {level.isFinal && (
          <Badge variant="secondary" className="gap-1">
            <Flag className="size-3" aria-hidden />
            {m.finalBadge}
          </Badge>
        )}
      </p>
      <p className="text-xs text-muted-foreground">
        {level.band} · {level.curriculum}
      </p>
    </div>
  );
}

const levelColumns = perLocale((): ColumnDef<Level, unknown>[] => ([
  { id: 'name', header: m.levelName, cell: ({ row }) => <LevelName level={row.original} />, meta: { alwaysVisible: true } },
  {
    id: 'streams',
    header: m.streamsTitle,
    cell: ({ row }) => <span className="text-xs whitespace-nowrap text-muted-foreground">{m.streamsInYear(row.original.streamCount)}</span>,
    meta: { alwaysVisible: true, className: 'w-px' },
  },
]));

function LevelsPanel() {
  const query = useLevels();
  const save = useSaveLevel();
  const remove = useDeleteLevel();
  return (
    <NamedSetupList<Level, LevelBody>
      id="levels"
      query={query}
      columns={levelColumns}
      rowTestId="level-row"
      minWidth={280}
      empty={{ icon: Layers, title: m.noLevels, hint: m.noLevelsHint }}
      saveRow={save}
      removeRow={remove}
      renderForm={({ row, submit, close }) => <LevelForm level={row} submit={submit} onDone={close} />}
      renderCard={(l, actions) => (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <LevelName level={l} />
            <p className="text-xs text-muted-foreground">{m.streamsInYear(l.streamCount)}</p>
          </div>
          {actions}
        </div>
      )}
      dialog={{ icon: Layers, title: (l) => (l ? m.editLevelTitle(l.name) : m.addLevelTitle), testId: 'level-dialog' }}
      confirm={{ title: (l) => m.deleteLevelTitle(l.name), text: m.deleteLevelText, testId: 'level-delete-dialog', confirmTestId: 'level-delete-confirm' }}
      names={{ add: m.addLevel, saved: m.levelSaved, created: m.levelCreated, deleted: m.levelDeleted }}
      testIds={{ add: 'levels-add' }}
      addVariant="outline"
      panel={{ title: m.levelsTitle, description: m.levelsDescription, testId: 'levels-panel' }}
    />
  );
}

interface LevelFormValues {
  name: string;
  levelOrder: string;
  band: string;
  curriculum: SetupCurriculum;
  isFinal: boolean;
}
const levelSchema = z.object({
  name: z.string().trim().min(1, m.levelNameRequired).max(40, m.textTooLong(40)),
  levelOrder: z.string().refine((v) => /^-?\d+$/.test(v.trim()) && Number(v) >= -5 && Number(v) <= 40, m.levelOrderInvalid),
  band: z.string().trim().min(1, m.bandRequired).max(60, m.textTooLong(60)),
  curriculum: z.enum(SETUP_CURRICULA),
  isFinal: z.boolean(),
});

function LevelForm({ level, submit, onDone }: { level: Level | null; submit: (body: LevelBody) => Promise<void>; onDone: () => void }) {
  const f = useFieldIds();
  const profile = useSchoolProfile();
  const offered = profile.data?.curricula ?? [...SETUP_CURRICULA];
  const [formError, setFormError] = React.useState('');
  const form = useForm<LevelFormValues>({
    resolver: zodResolver(levelSchema),
    defaultValues: {
      name: level?.name ?? '',
      levelOrder: level ? String(level.levelOrder) : '',
      band: level?.band ?? '',
      curriculum: level?.curriculum ?? profile.data?.curriculum ?? 'CBC',
      isFinal: level?.isFinal ?? false,
    },
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const errors = formState.errors;
  const bands = [...new Set(catalogueBands().filter((b) => offered.includes(b.curriculum)).map((b) => b.band))];

  // Typing a known level name (Grade 7, Year 10, Form 2) fills its order, band and curriculum.
  const onName = (name: string) => {
    const preset = catalogueLevel(name);
    if (!preset || level) return;
    if (!getValues('levelOrder')) setValue('levelOrder', String(preset.levelOrder));
    if (!getValues('band')) setValue('band', preset.band);
    if (offered.includes(preset.curriculum)) setValue('curriculum', preset.curriculum);
    setValue('isFinal', preset.isFinal);
  };

  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    try {
      const body = { name: v.name.trim(), levelOrder: Number(v.levelOrder), band: v.band.trim(), curriculum: v.curriculum, isFinal: v.isFinal };
      await submit(body);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'levelOrder', 'band', 'curriculum', 'isFinal']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="level-form">
      <Field id={f('name')} label={m.levelName} error={errors.name?.message}>
        <Input
          id={f('name')}
          list={f('presets')}
          placeholder={m.levelNamePlaceholder}
          {...register('name', { onBlur: (e) => onName(e.target.value) })}
          {...invalidProps(f('name'), errors.name?.message)}
          data-testid="level-name-input"
        />
        <datalist id={f('presets')}>
          {CATALOGUE_LEVELS.filter((l) => offered.includes(l.curriculum)).map((l) => (
            <option key={l.name} value={l.name} />
          ))}
        </datalist>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('order')} label={m.levelOrder} error={errors.levelOrder?.message} hint={m.levelOrderHint}>
          <Input id={f('order')} inputMode="numeric" {...register('levelOrder')} {...invalidProps(f('order'), errors.levelOrder?.message)} data-testid="level-order-input" />
        </Field>
        <Field id={f('curriculum')} label={m.levelCurriculum} error={errors.curriculum?.message}>
          <NativeSelect id={f('curriculum')} {...register('curriculum')} data-testid="level-curriculum-input">
            {offered.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={f('band')} label={m.band} error={errors.band?.message} hint={m.bandHint}>
        <Input id={f('band')} list={f('bands')} {...register('band')} {...invalidProps(f('band'), errors.band?.message)} data-testid="level-band-input" />
        <datalist id={f('bands')}>
          {bands.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
      </Field>
      <Controller
        control={control}
        name="isFinal"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div>
              <Label htmlFor={f('final')}>{m.finalLevel}</Label>
              <p className="mt-0.5 text-xs text-muted-foreground">{m.finalLevelHint}</p>
            </div>
            <Switch id={f('final')} checked={field.value} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      {formError && <FormErrorAlert title={formError} testId="level-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="level-save" />
    </form>
  );
}

function StreamsPanel() {
  const years = useYears();
  const levels = useLevels();
  const canEdit = useCanEdit();
  // The year shown, in the URL.
  const list = useListParams({ year: '' });
  const yearId = list.values.year;
  const current = years.data?.find((y) => y.isCurrent) ?? years.data?.[0];
  const year = years.data?.find((y) => y.id === (yearId || current?.id));
  const streams = useStreams(year?.id ?? '');
  const [editing, setEditing] = React.useState<{ stream: ClassItem | null; levelId?: string } | null>(null);
  const [deleting, setDeleting] = React.useState<ClassItem | null>(null);
  const remove = useDeleteStream();
  const writable = canEdit && year?.status === 'open';

  if (streams.isError) return <QueryErrorCard query={streams} title={m.loadErrorTitle} retryLabel={m.tryAgain} />;
  const byLevel = new Map<string, ClassItem[]>();
  for (const c of streams.data ?? []) byLevel.set(c.levelId ?? c.level, [...(byLevel.get(c.levelId ?? c.level) ?? []), c]);

  return (
    <Panel
      title={m.streamsTitle}
      description={year ? m.streamsDescription(year.name) : undefined}
      testId="streams-panel"
      actions={
        <>
          <NativeSelect aria-label={m.yearPicker} className="h-8 w-36 text-xs" value={year?.id ?? ''} onChange={(e) => list.set({ year: e.target.value })} data-testid="streams-year">
            {(years.data ?? []).map((y) => (
              <option key={y.id} value={y.id}>
                {y.name}
                {y.isCurrent ? ` (${m.current})` : y.status === 'closed' ? ` (${m.statusClosed})` : ''}
              </option>
            ))}
          </NativeSelect>
          {writable && (
            <Button size="sm" onClick={() => setEditing({ stream: null })} data-testid="streams-add">
              <Plus aria-hidden />
              {m.addStream}
            </Button>
          )}
        </>
      }
    >
      {!streams.data || !levels.data ? (
        <Skeleton className="h-72 w-full" />
      ) : streams.data.length === 0 ? (
        <EmptyListState icon={Users} title={m.noStreams} hint={m.noStreamsHint} testId="streams-empty" />
      ) : (
        <div className="grid gap-4">
          {levels.data
            .filter((l) => byLevel.has(l.id))
            .map((l) => (
              <div key={l.id}>
                <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {l.name} · {l.band}
                </p>
                <div className="grid gap-2 sm:grid-cols-2 2xl:grid-cols-3">
                  {byLevel.get(l.id)!.map((c) => (
                    <StreamCard key={c.id} stream={c} writable={writable} onEdit={() => setEditing({ stream: c })} onDelete={() => setDeleting(c)} />
                  ))}
                </div>
              </div>
            ))}
        </div>
      )}
      <SetupDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} icon={Users} title={editing?.stream ? m.editStreamTitle(editing.stream.name) : m.addStreamTitle} testId="stream-dialog">
        <StreamForm stream={editing?.stream ?? null} levels={levels.data ?? []} yearId={year?.id ?? ''} onDone={() => setEditing(null)} />
      </SetupDialog>
      <ConfirmDialog
        open={!!deleting}
        tone="danger"
        icon={Trash2}
        title={deleting ? m.deleteStreamTitle(deleting.name) : ''}
        text={m.deleteStreamText}
        cancelLabel={m.cancel}
        confirmLabel={m.delete}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(m.streamDeleted(deleting.name)),
            onError: (err) => toast.error(m.saveFailed, { description: errorText(err) }),
            onSettled: () => setDeleting(null),
          })
        }
        testId="stream-delete-dialog"
        confirmTestId="stream-delete-confirm"
      />
    </Panel>
  );
}

function StreamCard({ stream, writable, onEdit, onDelete }: { stream: ClassItem; writable: boolean; onEdit: () => void; onDelete: () => void }) {
  const pct = Math.min(100, Math.round((stream.learnerCount / Math.max(1, stream.capacity)) * 100));
  const full = stream.learnerCount >= stream.capacity;
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-card p-3" data-testid="stream-card" data-stream={stream.name}>
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">{stream.name}</p>
        {writable && (
          <div className="-mt-1 -mr-1 flex shrink-0">
            <Button size="icon" variant="ghost" className="size-7" onClick={onEdit} aria-label={`${m.edit} ${stream.name}`} data-testid="stream-edit">
              <Pencil aria-hidden />
            </Button>
            <Button size="icon" variant="ghost" className="size-7 text-destructive hover:text-destructive" onClick={onDelete} aria-label={`${m.delete} ${stream.name}`} data-testid="stream-delete">
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
      <div>
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>{m.learners}</span>
          <span className={cn(full && 'font-medium text-amber-600 dark:text-amber-400')}>{m.learnersOf(stream.learnerCount, stream.capacity)}</span>
        </div>
        <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted">
          <div className={cn('h-full rounded-full', full ? 'bg-amber-500' : 'bg-primary')} style={{ width: `${pct}%` }} />
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <UserRound className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{stream.classTeacherName ?? m.noTeacher}</span>
      </p>
      {stream.homeRoom && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <DoorOpen className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{stream.homeRoom}</span>
        </p>
      )}
    </div>
  );
}

interface StreamFormValues {
  levelId: string;
  stream: string;
  capacity: string;
  classTeacherId: string;
  homeRoom: string;
}
const streamSchema = z.object({
  levelId: z.string().min(1, m.levelRequired),
  stream: z.string().trim().min(1, m.streamRequired).max(40, m.streamTooLong),
  capacity: z.string().refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 200, m.capacityInvalid),
  classTeacherId: z.string(),
  homeRoom: z.string().max(80, m.textTooLong(80)),
});

function StreamForm({ stream, levels, yearId, onDone }: { stream: ClassItem | null; levels: Level[]; yearId: string; onDone: () => void }) {
  const f = useFieldIds();
  const save = useSaveStream();
  const teachers = useTeachers();
  const [formError, setFormError] = React.useState('');
  const form = useForm<StreamFormValues>({
    resolver: zodResolver(streamSchema),
    defaultValues: {
      levelId: stream?.levelId ?? '',
      stream: stream?.stream ?? '',
      capacity: String(stream?.capacity ?? 45),
      classTeacherId: stream?.classTeacherId ?? '',
      homeRoom: stream?.homeRoom ?? '',
    },
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setFormError('');
    const common = { stream: v.stream.trim(), capacity: Number(v.capacity), classTeacherId: v.classTeacherId || null, homeRoom: v.homeRoom.trim() || null };
    try {
      const saved = await save.mutateAsync(stream ? { id: stream.id, body: common } : { body: { ...common, levelId: v.levelId, academicYearId: yearId || null } });
      toast.success(stream ? m.streamSaved(saved.name) : m.streamCreated(saved.name));
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['levelId', 'stream', 'capacity', 'classTeacherId', 'homeRoom']));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="stream-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={f('level')} label={m.levelName} error={errors.levelId?.message}>
          <NativeSelect id={f('level')} disabled={!!stream} {...register('levelId')} {...invalidProps(f('level'), errors.levelId?.message)} data-testid="stream-level-input">
            <NameOptions items={levels} empty={m.levelRequired} />
          </NativeSelect>
        </Field>
        <Field id={f('stream')} label={m.streamName} error={errors.stream?.message}>
          <Input id={f('stream')} placeholder={m.streamNamePlaceholder} maxLength={40} {...register('stream')} {...invalidProps(f('stream'), errors.stream?.message)} data-testid="stream-name-input" />
        </Field>
        <Field id={f('capacity')} label={m.capacity} error={errors.capacity?.message}>
          <Input id={f('capacity')} type="number" inputMode="numeric" min={1} max={200} {...register('capacity')} {...invalidProps(f('capacity'), errors.capacity?.message)} data-testid="stream-capacity-input" />
        </Field>
        <Field id={f('room')} label={m.homeRoom} optional error={errors.homeRoom?.message}>
          <Input id={f('room')} placeholder={m.homeRoomPlaceholder} maxLength={80} {...register('homeRoom')} {...invalidProps(f('room'), errors.homeRoom?.message)} data-testid="stream-room-input" />
        </Field>
      </div>
      <Field id={f('teacher')} label={m.classTeacher} optional error={errors.classTeacherId?.message}>
        <NativeSelect id={f('teacher')} {...register('classTeacherId')} {...invalidProps(f('teacher'), errors.classTeacherId?.message)} data-testid="stream-teacher-input">
          <NameOptions items={teachers.data ?? []} empty={m.noTeacher} />
        </NativeSelect>
      </Field>
      {formError && <FormErrorAlert title={formError} testId="stream-form-error" />}
      <FormButtons pending={formState.isSubmitting} onCancel={onDone} testId="stream-save" />
    </form>
  );
}
