import * as React from 'react';
import { Plus, Save, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AssessmentSettings, GradingScale, GradingScalesResponse, LevelScale } from '@shared/contracts/assessment';
import type { Level, Subject } from '@shared/contracts/school-setup';
import { ROLLUP_METHODS, bandMax, bandProblems, type GradeBand, type RollupMethod, type ScaleKey } from '@shared/grading';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { HeadCells } from '@/components/head-cells';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { SkeletonStack } from '@/components/skeleton-stack';
import { Switch } from '@/components/ui/switch';
import { formatDateTime } from '@/lib/format';
import { Field } from '@/components/field';
import { PendingButton } from '@/components/pending-button';
import { NameSelectItems } from '@/components/select-parts';
import { cn } from '@/lib/utils';
import { useAssessmentSettings, useScales } from '../api/assessment';
import { useSaveAssessmentSettings, useSaveScale, useSchoolLevels, useSchoolSubjects, useSetLevelScale } from '../api/exams';
import { GradeBadge } from '../components/grade-badge';

const x = messages.examsScreens;
const s = x.scales;

interface BandDraft {
  key: string;
  code: string;
  descriptor: string;
  min: string;
  points: string;
}

let seq = 0;
const bandDraft = (b: Partial<BandDraft> = {}): BandDraft => ({ key: `b${++seq}`, code: '', descriptor: '', min: '', points: '', ...b });
const draftOf = (scale: GradingScale) => ({
  name: scale.name,
  bands: scale.bands.map((b) => bandDraft({ code: b.code, descriptor: b.descriptor, min: String(b.min), points: b.points === null ? '' : String(b.points) })),
});
/** The draft without row keys, to compare with what is saved. */
const plain = (d: ReturnType<typeof draftOf>) => JSON.stringify({ name: d.name.trim(), bands: d.bands.map(({ key: _k, ...b }) => b) });
const toBand = (b: BandDraft): GradeBand => ({
  code: b.code.trim(),
  descriptor: b.descriptor.trim(),
  min: b.min.trim() === '' ? Number.NaN : Number(b.min),
  points: b.points.trim() === '' ? null : Number(b.points),
});

function Section({ title, description, children, action, testId }: { title: string; description?: string; children: React.ReactNode; action?: React.ReactNode; testId: string }) {
  return (
    <section className="min-w-0 rounded-xl border bg-card shadow-sm" data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3.5 sm:px-5">
        <div className="min-w-0">
          <h2 className="text-[15px] leading-tight font-semibold">{title}</h2>
          {description && <p className="mt-1 text-xs text-muted-foreground sm:text-[13px]">{description}</p>}
        </div>
        {action}
      </header>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/**
 * Grading scales and results settings (issue 12 §1): each scale's bands edited as a table (the range
 * each covers computed from the next band's start, the descriptor, the points) and saved as a new
 * version (the server lists any problem); which scale grades each level, with per-subject overrides;
 * the CBC roll-up method, positions for parents and the fee balance on report cards.
 */
export function ScalesTab() {
  const scales = useScales();
  if (scales.isError && !scales.data) return <QueryErrorCard query={scales} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="scales-error" />;
  if (!scales.data)
    return <SkeletonStack cells={['h-96 rounded-xl', 'h-64 rounded-xl']} />;
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="scales-tab">
      <ScaleEditor data={scales.data} />
      <div className="grid min-w-0 gap-4 sm:gap-6 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <LevelScales data={scales.data} />
        <SettingsCard />
      </div>
    </div>
  );
}

function ScaleEditor({ data }: { data: GradingScalesResponse }) {
  const [key, setKey] = React.useState<ScaleKey>(data.scales[0]?.key ?? 'cbc4');
  const scale = data.scales.find((sc) => sc.key === key) ?? data.scales[0]!;
  return (
    <Section title={s.scalesTitle} description={s.intro} testId="scale-editor">
      <div className="mb-4 flex flex-wrap gap-1.5" role="tablist" aria-label={s.scalesTitle}>
        {data.scales.map((sc) => (
          <button
            key={sc.key}
            type="button"
            role="tab"
            aria-selected={sc.key === key}
            onClick={() => setKey(sc.key)}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1.5 text-xs font-medium transition-colors sm:text-sm',
              sc.key === key ? 'border-primary bg-primary text-primary-foreground' : 'bg-card text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
            data-testid="scale-pick"
            data-key={sc.key}
          >
            {sc.name}
          </button>
        ))}
      </div>
      {/* Re-mounted per scale and version: a save starts afresh from what the server kept. */}
      <BandsForm key={`${scale.key}:${scale.version}`} scale={scale} />
    </Section>
  );
}

function BandsForm({ scale }: { scale: GradingScale }) {
  const [draft, setDraft] = React.useState(() => draftOf(scale));
  const [failure, setFailure] = React.useState<string | null>(null);
  const save = useSaveScale();
  const bands = draft.bands.map(toBand);
  const problems = bandProblems(bands);
  const dirty = plain(draft) !== plain(draftOf(scale));
  const valid = bands.filter((b) => Number.isInteger(b.min));
  const hasPoints = scale.bands.some((b) => b.points !== null) || draft.bands.some((b) => b.points.trim() !== '');

  const setBand = (k: string, patch: Partial<BandDraft>) => setDraft((d) => ({ ...d, bands: d.bands.map((b) => (b.key === k ? { ...b, ...patch } : b)) }));
  const submit = () => {
    setFailure(null);
    save.mutate(
      { key: scale.key, body: { name: draft.name.trim() || undefined, bands } },
      { onSuccess: (saved) => toast.success(s.saved(saved.version), { description: saved.name }), onError: (err) => setFailure(err.message) },
    );
  };

  return (
    <div className="flex flex-col gap-4" data-testid="bands-form" data-key={scale.key}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field id="scale-name" label={s.name} className="sm:w-80">
          <Input id="scale-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={80} data-testid="scale-name" />
        </Field>
        <p className="text-xs text-muted-foreground" data-testid="scale-version">
          {s.version(scale.version)} · {s.updated(formatDateTime(scale.updatedAt))}
        </p>
      </div>

      <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className="w-full min-w-[500px] border-separate border-spacing-0 text-sm md:min-w-[640px]" data-testid="bands-table">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <HeadCells
                th="bg-muted px-2 py-2 font-medium"
                cols={[
                  { label: s.code, className: 'w-24 rounded-l-md' },
                  { label: s.descriptor },
                  { label: s.from, className: 'w-24' },
                  { label: s.range, className: 'w-20' },
                  hasPoints && { label: s.points, className: 'w-24' },
                  { label: s.preview, className: 'max-md:hidden' },
                ]}
              />
              <th scope="col" className="w-10 rounded-r-md bg-muted px-2 py-2">
                <span className="sr-only">{x.common.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.bands.map((b, i) => {
              const band = bands[i]!;
              const range = Number.isInteger(band.min) && band.min >= 0 && band.min <= 100 ? `${band.min}–${bandMax(valid, band)}` : x.common.dash;
              return (
                <tr key={b.key} data-testid="band-row" data-code={b.code}>
                  <td className="border-b px-1 py-1.5">
                    <Input value={b.code} onChange={(e) => setBand(b.key, { code: e.target.value })} maxLength={8} aria-label={s.codeLabel(i + 1)} className="h-9 font-semibold" data-testid="band-code" />
                  </td>
                  <td className="border-b px-1 py-1.5">
                    <Input
                      value={b.descriptor}
                      onChange={(e) => setBand(b.key, { descriptor: e.target.value })}
                      maxLength={60}
                      placeholder={s.descriptorPlaceholder}
                      aria-label={s.descriptorLabel(i + 1)}
                      className="h-9"
                      data-testid="band-descriptor"
                    />
                  </td>
                  <td className="border-b px-1 py-1.5">
                    <Input value={b.min} inputMode="numeric" onChange={(e) => setBand(b.key, { min: e.target.value })} aria-label={s.minLabel(i + 1)} className="h-9 text-right tabular-nums" data-testid="band-min" />
                  </td>
                  <td className="border-b px-2 py-1.5 text-muted-foreground tabular-nums" data-testid="band-range">
                    {range}
                  </td>
                  {hasPoints && (
                    <td className="border-b px-1 py-1.5">
                      <Input
                        value={b.points}
                        inputMode="decimal"
                        placeholder={s.noPoints}
                        onChange={(e) => setBand(b.key, { points: e.target.value })}
                        aria-label={s.pointsLabel(i + 1)}
                        className="h-9 text-right tabular-nums"
                        data-testid="band-points"
                      />
                    </td>
                  )}
                  <td className="border-b px-2 py-1.5 max-md:hidden">{band.code ? <GradeBadge code={band.code} descriptor={band.descriptor} rank={i} of={draft.bands.length} /> : null}</td>
                  <td className="border-b px-1 py-1.5 text-right">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8 text-muted-foreground hover:text-destructive"
                      onClick={() => setDraft({ ...draft, bands: draft.bands.filter((y) => y.key !== b.key) })}
                      disabled={draft.bands.length <= 2}
                      aria-label={s.removeBand(b.code)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{s.sortHint}</p>

      {problems.length > 0 && (
        <div className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200" role="status" data-testid="scale-problems">
          <p className="font-medium">{s.problems}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {failure && <FormErrorAlert title={s.failed} detail={failure} testId="scale-error" />}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button type="button" variant="outline" onClick={() => setDraft({ ...draft, bands: [...draft.bands, bandDraft()] })} disabled={draft.bands.length >= 20} data-testid="band-add">
          <Plus aria-hidden />
          {s.addBand}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          {dirty && (
            <>
              <span className="self-center text-xs font-medium text-amber-700 dark:text-amber-300">{s.unsaved}</span>
              <Button type="button" variant="ghost" onClick={() => (setDraft(draftOf(scale)), setFailure(null))} disabled={save.isPending}>
                <Undo2 aria-hidden />
                {s.reset}
              </Button>
            </>
          )}
          <PendingButton pending={save.isPending} icon={Save} type="button" onClick={submit} disabled={!dirty || save.isPending} data-testid="scale-save">
            {s.save}
          </PendingButton>
        </div>
      </div>
    </div>
  );
}

function ScaleSelect({ id, value, onChange, scales, label, disabled, className, testId }: { id?: string; value: ScaleKey; onChange: (k: ScaleKey) => void; scales: GradingScale[]; label: string; disabled?: boolean; className?: string; testId?: string }) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ScaleKey)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={id ? undefined : label} className={cn('h-9', className)} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {scales.map((sc) => (
          <SelectItem key={sc.key} value={sc.key}>
            {sc.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function LevelScales({ data }: { data: GradingScalesResponse }) {
  const levels = useSchoolLevels();
  const subjects = useSchoolSubjects();
  const setScale = useSetLevelScale();
  const [override, setOverride] = React.useState<LevelScale | null>(null);
  const nameOf = (k: string) => data.scales.find((sc) => sc.key === k)?.name ?? k;

  const change = (level: LevelScale, scaleKey: ScaleKey, subject?: { id: string; name: string }) =>
    setScale.mutate(
      { levelId: level.levelId, body: { scaleKey, subjectId: subject?.id ?? null } },
      {
        onSuccess: () => toast.success(subject ? s.overrideSaved(subject.name, nameOf(scaleKey)) : s.levelSaved(level.levelName, nameOf(scaleKey))),
        onError: (err) => toast.error(s.levelFailed, { description: err.message }),
      },
    );

  return (
    <Section title={s.levelsTitle} description={s.levelsHint} testId="level-scales">
      <ul className="-my-2 divide-y">
        {data.levels.map((l) => (
          <li key={l.levelId} className="grid gap-2 py-3 sm:grid-cols-[7rem_minmax(0,17.5rem)_minmax(0,1fr)] sm:items-start sm:gap-4" data-testid="level-scale" data-level={l.levelName}>
            <div className="min-w-0 sm:pt-2">
              <p className="text-sm font-medium">{l.levelName}</p>
              <p className="text-xs text-muted-foreground">{l.curriculum}</p>
            </div>
            <ScaleSelect value={l.scaleKey} onChange={(k) => change(l, k)} scales={data.scales} label={s.levelScaleLabel(l.levelName)} disabled={setScale.isPending} testId="level-scale-select" />
            <div className="flex min-w-0 flex-wrap items-center gap-1.5 sm:pt-1">
              {l.overrides.map((o) => (
                <span key={o.subjectId} className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-xs" data-testid="level-override">
                  <span className="max-w-40 truncate">{o.subjectName}</span>
                  <Select value={o.scaleKey} onValueChange={(v) => change(l, v as ScaleKey, { id: o.subjectId, name: o.subjectName })}>
                    <SelectTrigger aria-label={s.overrideScaleLabel(o.subjectName, l.levelName)} className="h-6 w-auto gap-1 border-0 bg-transparent px-1.5 text-xs font-medium shadow-none">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {data.scales.map((sc) => (
                        <SelectItem key={sc.key} value={sc.key}>
                          {sc.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </span>
              ))}
              <Button variant="ghost" size="sm" className="h-7 px-2 text-primary" onClick={() => setOverride(l)} disabled={!levels.data || !subjects.data} data-testid="level-override-add">
                <Plus aria-hidden />
                {s.addOverride}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <OverrideDialog
        level={override}
        scales={data.scales}
        levels={levels.data?.items ?? []}
        subjects={subjects.data?.items ?? []}
        pending={setScale.isPending}
        onClose={() => setOverride(null)}
        onSave={(subject, scaleKey) => {
          const level = override!;
          setScale.mutate(
            { levelId: level.levelId, body: { scaleKey, subjectId: subject.id } },
            {
              onSuccess: () => {
                toast.success(s.overrideSaved(subject.name, nameOf(scaleKey)));
                setOverride(null);
              },
              onError: (err) => toast.error(s.levelFailed, { description: err.message }),
            },
          );
        }}
      />
    </Section>
  );
}

function OverrideDialog({
  level,
  scales,
  levels,
  subjects,
  pending,
  onClose,
  onSave,
}: {
  level: LevelScale | null;
  scales: GradingScale[];
  levels: Level[];
  subjects: Subject[];
  pending: boolean;
  onClose: () => void;
  onSave: (subject: Subject, scaleKey: ScaleKey) => void;
}) {
  const [subjectId, setSubjectId] = React.useState('');
  const [scaleKey, setScaleKey] = React.useState<ScaleKey>('kcse');
  React.useEffect(() => {
    if (level) {
      setSubjectId('');
      setScaleKey(level.scaleKey);
    }
  }, [level]);
  const band = levels.find((l) => l.id === level?.levelId)?.band;
  const options = subjects.filter((sb) => sb.band === band && !sb.retiredAt);
  const subject = options.find((sb) => sb.id === subjectId);
  return (
    <FormDialog open={!!level} onClose={onClose} pending={pending} className="max-w-md" testId="override-dialog" title={level ? s.overrideTitle(level.levelName) : ''} description={s.overrideText}>
      <div className="grid gap-4">
        <Field id="override-subject" label={s.overrideSubject}>
          <Select value={subjectId || undefined} onValueChange={setSubjectId}>
            <SelectTrigger id="override-subject" data-testid="override-subject">
              <SelectValue placeholder={s.overrideSubject} />
            </SelectTrigger>
            <SelectContent>
              <NameSelectItems items={options} />
            </SelectContent>
          </Select>
        </Field>
        <Field id="override-scale" label={s.overrideScale}>
          <ScaleSelect id="override-scale" value={scaleKey} onChange={setScaleKey} scales={scales} label={s.overrideScale} className="h-10" testId="override-scale" />
        </Field>
      </div>
      <FormDialogFooter
        cancelLabel={x.common.cancel}
        onCancel={onClose}
        label={s.overrideSave}
        pending={pending}
        disabled={!subject}
        onConfirm={() => subject && onSave(subject, scaleKey)}
        submitTestId="override-save"
      />
    </FormDialog>
  );
}

function SettingRow({ id, label, hint, children }: { id: string; label: string; hint: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>
      </div>
      {children}
    </div>
  );
}

function SettingsCard() {
  const settings = useAssessmentSettings();
  const save = useSaveAssessmentSettings();
  const value = settings.data;
  const change = (patch: Partial<AssessmentSettings>) =>
    save.mutate(patch, { onSuccess: () => toast.success(s.settingsSaved), onError: (err) => toast.error(s.settingsFailed, { description: err.message }) });
  return (
    <Section title={s.settingsTitle} description={s.settingsHint} testId="assessment-settings">
      {!value ? (
        <Skeleton className="h-40" />
      ) : (
        <div className="divide-y">
          <div className="grid gap-2 pb-3">
            <label htmlFor="settings-rollup" className="text-sm font-medium">
              {s.rollup}
            </label>
            <Select value={value.rollupMethod} onValueChange={(v) => change({ rollupMethod: v as RollupMethod })} disabled={save.isPending}>
              <SelectTrigger id="settings-rollup" data-testid="settings-rollup">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLLUP_METHODS.map((mth) => (
                  <SelectItem key={mth} value={mth}>
                    {s.rollupMethods[mth]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">{s.rollupHint}</p>
          </div>
          <SettingRow id="settings-positions" label={s.publishPositions} hint={s.publishPositionsHint}>
            <Switch id="settings-positions" checked={value.publishPositions} onCheckedChange={(v) => change({ publishPositions: v })} disabled={save.isPending} data-testid="settings-positions" />
          </SettingRow>
          <SettingRow id="settings-fee-balance" label={s.showFeeBalance} hint={s.showFeeBalanceHint}>
            <Switch id="settings-fee-balance" checked={value.showFeeBalance} onCheckedChange={(v) => change({ showFeeBalance: v })} disabled={save.isPending} data-testid="settings-fee-balance" />
          </SettingRow>
        </div>
      )}
    </Section>
  );
}
