import * as React from 'react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { Award, CheckCircle2, Download, DoorOpen, GraduationCap, Medal, Sparkles, X } from 'lucide-react';
import { toast } from 'sonner';
import { CERTIFICATE_KINDS, createCertificatesBody, type CertificateKind, type CertificateListItem } from '@shared/contracts/assessment';
import { certificateScreens as m } from '@shared/messages/certificates-screens';
import { cn } from '@/lib/utils';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/pending-button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { IconBadge } from '@/components/icon-badge';
import { useCreateCertificates } from '../api/certificates';
import { LearnerPicker, type PickedLearner } from './learner-picker';

const g = m.generate;
const NOTE_MAX = 200;
const KIND_ICON: Record<CertificateKind, typeof Award> = { leaving: DoorOpen, completion: GraduationCap, merit: Medal };

const FIELDS = ['kind', 'studentIds', 'attendancePercentage', 'note'] as const;
type FieldName = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<FieldName, string>>;
const isField = (k: unknown): k is FieldName => FIELDS.includes(k as FieldName);

/** The certificate kind as three cards to choose from. */
function KindChoice({ value, onChange, error }: { value: CertificateKind; onChange: (k: CertificateKind) => void; error?: string }) {
  return (
    <div className="grid min-w-0 gap-2">
      <p className="text-sm font-medium" id="generate-kind-label">
        {g.kind}
      </p>
      <RadioGroupPrimitive.Root value={value} onValueChange={(v) => onChange(v as CertificateKind)} aria-labelledby="generate-kind-label" className="grid grid-cols-3 gap-2">
        {CERTIFICATE_KINDS.map((k) => {
          const Icon = KIND_ICON[k];
          return (
            <RadioGroupPrimitive.Item
              key={k}
              value={k}
              className={cn(
                'group flex min-w-0 cursor-pointer flex-col items-center gap-1.5 rounded-lg border bg-card px-2 py-2.5 text-center transition-colors outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring sm:flex-row sm:items-start sm:gap-3 sm:p-3 sm:text-left',
                'data-[state=checked]:border-primary data-[state=checked]:bg-primary/[0.05] data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
              data-testid={`generate-kind-${k}`}
            >
              <IconBadge icon={Icon} className="size-8 rounded-md bg-muted text-muted-foreground transition-colors group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground" />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{m.kinds[k]}</span>
                <span className="hidden text-xs leading-snug text-muted-foreground sm:block">{m.kindHints[k]}</span>
              </span>
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
      {error && (
        <p className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The learners chosen so far as removable chips. */
function Selected({ selected, onRemove, onClear, error }: { selected: PickedLearner[]; onRemove: (id: string) => void; onClear: () => void; error?: string }) {
  return (
    <div className="grid min-w-0 gap-2" data-testid="generate-selected" data-count={selected.length}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium" data-testid="generate-selected-count">{selected.length ? g.selected(selected.length) : g.selectedTitle}</p>
        {selected.length > 0 && (
          <Button type="button" variant="ghost" size="sm" className="-mr-2 h-7" onClick={onClear} data-testid="generate-clear">
            {g.clearSelection}
          </Button>
        )}
      </div>
      {selected.length === 0 ? (
        <p className={cn('rounded-lg border border-dashed px-3 py-3 text-sm text-muted-foreground', error && 'border-destructive/50')}>{g.noneSelected}</p>
      ) : (
        <ul className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto rounded-lg border bg-muted/20 p-2">
          {selected.map((l) => (
            <li key={l.id} className="flex max-w-full min-w-0 items-center gap-1 rounded-full border bg-card py-0.5 pr-0.5 pl-2.5 text-xs" data-testid="generate-chip">
              <span className="truncate" title={`${l.name} · ${l.admissionNumber}`}>
                {l.name}
              </span>
              <button
                type="button"
                className="flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
                onClick={() => onRemove(l.id)}
                aria-label={g.remove(l.name)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="text-xs font-medium text-destructive" role="alert" data-testid="generate-learners-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The batch just generated: how many, who, and its PDF. */
function Generated({
  ref,
  items,
  onDownload,
  downloading,
  onDismiss,
}: {
  ref: React.Ref<HTMLElement>;
  items: CertificateListItem[];
  onDownload: () => void;
  downloading: boolean;
  onDismiss: () => void;
}) {
  const kind = items[0]?.kind;
  return (
    <section
      ref={ref}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/[0.05] p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid="generate-done"
      data-ids={items.map((c) => c.id).join(',')}
      aria-live="polite"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
        <IconBadge icon={CheckCircle2} className="size-10 rounded-lg bg-emerald-500/12 text-emerald-700 dark:text-emerald-300" iconClassName="size-5" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">
            {g.done(items.length)}
            {kind && <span className="font-normal text-muted-foreground"> · {m.kindTitles[kind]}</span>}
          </p>
          <p className="line-clamp-2 text-xs text-muted-foreground" data-testid="generate-done-names">
            {items.map((c) => c.student.name).join(', ')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onDismiss} data-testid="generate-dismiss">
          {g.dismiss}
        </Button>
        <PendingButton size="sm" className="flex-1 sm:flex-none" onClick={onDownload} data-testid="generate-download-batch" pending={downloading} icon={Download}>
          {downloading ? m.actions.downloading : g.downloadBatch}
        </PendingButton>
      </div>
    </section>
  );
}

/**
 * The principal's generate panel (issue 12 §6): the kind (Leaving, Completion, Merit), the learners
 * (a stream with ticks, or a search), the attendance printed on the batch (blank: each learner's own rate from the registers) and an
 * optional note; checked with the API's own schema, then POST /api/certificates. The new batch shows
 * under the form with its PDF (POST /api/certificates/pdf); the list below refreshes.
 */
export function GeneratePanel({ onDownloadBatch, isDownloading }: { onDownloadBatch: (key: string, ids: string[]) => void; isDownloading: (key: string) => boolean }) {
  const create = useCreateCertificates();
  const [kind, setKind] = React.useState<CertificateKind>('merit');
  const [selected, setSelected] = React.useState<ReadonlyMap<string, PickedLearner>>(new Map());
  const [attendance, setAttendance] = React.useState('');
  const [note, setNote] = React.useState('');
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [generated, setGenerated] = React.useState<CertificateListItem[] | null>(null);
  const doneRef = React.useRef<HTMLElement>(null);
  // The new batch shows under the form: bring it into view (the button may be far down on a phone).
  React.useEffect(() => {
    if (generated?.length) doneRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [generated]);

  const toggle = React.useCallback((l: PickedLearner, on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(l.id, l);
      else next.delete(l.id);
      return next;
    });
    setErrors((e) => ({ ...e, studentIds: undefined }));
  }, []);
  const toggleMany = React.useCallback((ls: PickedLearner[], on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      for (const l of ls) {
        if (on) next.set(l.id, l);
        else next.delete(l.id);
      }
      return next;
    });
    setErrors((e) => ({ ...e, studentIds: undefined }));
  }, []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // Blank: each learner's rate from the year's registers (issue 13 §4), 95 when none were taken (spec §9).
    const attendanceValue = attendance.trim() === '' ? undefined : Number(attendance);
    const parsed = createCertificatesBody.safeParse({ kind, studentIds: [...selected.keys()], attendancePercentage: attendanceValue, note: note.trim() || undefined });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isField(key) && !next[key]) next[key] = key === 'attendancePercentage' ? g.attendanceInvalid : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ items }) => {
        toast.success(g.done(items.length), { description: m.kindTitles[parsed.data.kind] });
        setGenerated(items);
        setSelected(new Map());
        setNote('');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          const f = err.fields;
          setErrors({ kind: f.kind, studentIds: f.studentIds, attendancePercentage: f.attendancePercentage, note: f.note });
        }
      },
    });
  };

  const list = [...selected.values()];
  const serverFieldErrors = create.error instanceof ApiError && !!create.error.fields && Object.keys(create.error.fields).some(isField);
  const batchKey = generated ? `batch:${generated.map((c) => c.id).join(',')}` : '';

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <section className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="certificate-generate">
        <header className="flex min-w-0 items-center gap-3 border-b px-4 py-3.5 sm:px-6">
          <IconBadge icon={Sparkles} className="size-8 rounded-lg bg-primary/10 text-primary" />
          <div className="min-w-0">
            <h2 className="text-[15px] leading-tight font-semibold">{g.title}</h2>
            <p className="mt-0.5 text-xs text-muted-foreground sm:text-[13px]">{g.description}</p>
          </div>
        </header>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_19rem] [&_[aria-invalid=true]]:border-destructive">
          <div className="flex min-w-0 flex-col gap-6">
            <KindChoice value={kind} onChange={setKind} error={errors.kind} />
            <div className="grid min-w-0 gap-2">
              <p className="text-sm font-medium">{g.learners}</p>
              <LearnerPicker selected={selected} onToggle={toggle} onToggleMany={toggleMany} />
            </div>
          </div>
          <div className="flex min-w-0 flex-col gap-5 lg:border-l lg:pl-6">
            <Selected selected={list} onRemove={(id) => toggleMany([{ id } as PickedLearner], false)} onClear={() => setSelected(new Map())} error={errors.studentIds} />
            <Field id="generate-attendance" label={g.attendance} error={errors.attendancePercentage} hint={g.attendanceHint}>
              <div className="relative">
                <Input
                  id="generate-attendance"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="0.1"
                  value={attendance}
                  placeholder={g.attendancePlaceholder}
                  onChange={(e) => {
                    setAttendance(e.target.value);
                    setErrors((x) => ({ ...x, attendancePercentage: undefined }));
                  }}
                  className="pr-9 tabular-nums"
                  {...describedBy('generate-attendance', errors.attendancePercentage, true)}
                  data-testid="generate-attendance"
                />
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground" aria-hidden>
                  %
                </span>
              </div>
            </Field>
            <Field id="generate-note" label={g.note} optional error={errors.note} hint={g.noteHint(Math.max(0, NOTE_MAX - note.length))}>
              <Textarea
                id="generate-note"
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  setErrors((x) => ({ ...x, note: undefined }));
                }}
                placeholder={g.notePlaceholder}
                maxLength={NOTE_MAX}
                rows={3}
                {...describedBy('generate-note', errors.note, true)}
                data-testid="generate-note"
              />
            </Field>
            {create.error && !serverFieldErrors && <FormErrorAlert title={g.failed} detail={create.error.message} testId="generate-error" />}
            <PendingButton type="submit" className="w-full" data-testid="generate-submit" pending={create.isPending} icon={Award}>
              {create.isPending ? g.generating : g.submit(list.length)}
            </PendingButton>
          </div>
        </form>
      </section>
      {generated && generated.length > 0 && (
        <Generated
          ref={doneRef}
          items={generated}
          onDownload={() => onDownloadBatch(batchKey, generated.map((c) => c.id))}
          downloading={isDownloading(batchKey)}
          onDismiss={() => setGenerated(null)}
        />
      )}
    </div>
  );
}
