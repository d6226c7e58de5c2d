import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { EXAM_KINDS, createExamBody, type Exam, type ExamKind } from '@shared/contracts/assessment';
import type { Level, Subject } from '@shared/contracts/school-setup';
import { addDays, schoolToday } from '@shared/dates';
import { messages } from '@shared/messages';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, describedBy } from '@/components/field';
import { issuesToFields } from '@/lib/form-errors';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useOnOpen } from '@/lib/use-on-open';
import { DateField } from '@/components/date-field';
import { useCreateExam, useUpdateExam } from '../api/exams';
import type { TermChoice } from './use-terms';

const x = messages.examsScreens;
const f = x.form;

interface PaperDraft {
  key: string;
  name: string;
  maxMarks: string;
}

interface Draft {
  termId: string;
  name: string;
  kind: ExamKind;
  weight: string;
  levelIds: string[];
  /** Chosen subjects with their papers. */
  papers: Record<string, PaperDraft[]>;
  startsOn: string;
  endsOn: string;
  entryOpensOn: string;
  entryClosesOn: string;
}

let seq = 0;
const paper = (name: string, maxMarks: number | string = 100): PaperDraft => ({ key: `p${++seq}`, name, maxMarks: String(maxMarks) });

function draftOf(exam: Exam | null, defaultTermId: string): Draft {
  if (!exam) {
    const today = schoolToday();
    return { termId: defaultTermId, name: '', kind: 'end_term', weight: '100', levelIds: [], papers: {}, startsOn: '', endsOn: '', entryOpensOn: today, entryClosesOn: addDays(today, 14) };
  }
  return {
    termId: exam.termId,
    name: exam.name,
    kind: exam.kind,
    weight: String(exam.weight),
    levelIds: [...exam.levelIds],
    papers: Object.fromEntries(exam.subjects.map((s) => [s.subjectId, s.papers.map((p) => paper(p.name, p.maxMarks))])),
    startsOn: exam.startsOn ?? '',
    endsOn: exam.endsOn ?? '',
    entryOpensOn: exam.entryOpensOn,
    entryClosesOn: exam.entryClosesOn,
  };
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const totalOf = (papers: PaperDraft[]) => papers.reduce((t, p) => t + (Number.isFinite(num(p.maxMarks)) ? num(p.maxMarks) : 0), 0);

/** The learning areas of the chosen levels' bands, by band in level order. */
function subjectGroups(levels: Level[], subjects: Subject[], levelIds: string[]) {
  const bands: string[] = [];
  for (const l of levels) if (levelIds.includes(l.id) && !bands.includes(l.band)) bands.push(l.band);
  return bands.map((band) => ({ band, subjects: subjects.filter((s) => s.band === band && !s.retiredAt) })).filter((g) => g.subjects.length > 0);
}

/**
 * Create or edit an exam series (issue 12 §2): term (fixed once created), name, kind, weight in the
 * term result, levels, the subjects of those levels with their papers (e.g. Paper 1 out of 80 and
 * Paper 2 out of 100 combine into one percentage), exam dates and the marks-entry window. Checked with
 * the API's own schema first, so the messages are the server's.
 */
export function ExamDialog({
  open,
  onClose,
  exam,
  terms,
  defaultTermId,
  levels,
  subjects,
}: {
  open: boolean;
  onClose: () => void;
  exam: Exam | null;
  terms: TermChoice[];
  defaultTermId: string;
  levels: Level[];
  subjects: Subject[];
}) {
  const editing = !!exam;
  const [draft, setDraft] = React.useState<Draft>(() => draftOf(exam, defaultTermId));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const create = useCreateExam();
  const update = useUpdateExam();
  const pending = create.isPending || update.isPending;

  // Only when the dialog opens: a refetch must not wipe what was typed.
  useOnOpen(open, () => {
    setDraft(draftOf(exam, defaultTermId));
    setErrors({});
    setFailure(null);
  });

  const examLevels = React.useMemo(() => levels.filter((l) => l.band !== 'Pre-Primary' || draft.levelIds.includes(l.id)), [levels, draft.levelIds]);
  const groups = React.useMemo(() => subjectGroups(levels, subjects, draft.levelIds), [levels, subjects, draft.levelIds]);
  const chosenOrder = React.useMemo(() => groups.flatMap((g) => g.subjects.map((s) => s.id)).filter((id) => draft.papers[id]), [groups, draft.papers]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleLevel = (id: string, on: boolean) =>
    setDraft((d) => {
      const levelIds = on ? [...d.levelIds, id] : d.levelIds.filter((l) => l !== id);
      // Subjects of bands no longer chosen drop out.
      const bands = new Set(levels.filter((l) => levelIds.includes(l.id)).map((l) => l.band));
      const keep = new Set(subjects.filter((s) => bands.has(s.band)).map((s) => s.id));
      return { ...d, levelIds, papers: Object.fromEntries(Object.entries(d.papers).filter(([sid]) => keep.has(sid))) };
    });
  const toggleSubject = (id: string, on: boolean) =>
    setDraft((d) => {
      const papers = { ...d.papers };
      if (on) papers[id] = papers[id] ?? [paper(f.paperDefault(1))];
      else delete papers[id];
      return { ...d, papers };
    });
  const setBand = (ids: string[], on: boolean) =>
    setDraft((d) => {
      const papers = { ...d.papers };
      for (const id of ids) {
        if (on) papers[id] = papers[id] ?? [paper(f.paperDefault(1))];
        else delete papers[id];
      }
      return { ...d, papers };
    });
  const setPapers = (id: string, next: PaperDraft[]) => setDraft((d) => ({ ...d, papers: { ...d.papers, [id]: next } }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      termId: draft.termId,
      name: draft.name,
      kind: draft.kind,
      levelIds: draft.levelIds,
      startsOn: draft.startsOn || null,
      endsOn: draft.endsOn || null,
      entryOpensOn: draft.entryOpensOn,
      entryClosesOn: draft.entryClosesOn,
      weight: draft.weight.trim() === '' ? undefined : num(draft.weight),
      subjects: chosenOrder.map((id) => ({ subjectId: id, papers: draft.papers[id]!.map((p) => ({ name: p.name.trim(), maxMarks: num(p.maxMarks) })) })),
    };
    const parsed = createExamBody.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToFields(parsed.error));
      return;
    }
    setErrors({});
    const onError = (err: Error) => {
      const fields = err instanceof ApiError && err.fields ? err.fields : {};
      setErrors(fields);
      setFailure(err.message);
    };
    if (editing) {
      const { termId: _t, levelIds, subjects: subjectList, ...patch } = body;
      // Levels and subjects go only when changed: the server re-checks them against marks entered.
      const sameLevels = [...levelIds].sort().join() === [...exam.levelIds].sort().join();
      const sameSubjects = JSON.stringify(subjectList) === JSON.stringify(exam.subjects.map((s) => ({ subjectId: s.subjectId, papers: s.papers.map((p) => ({ name: p.name, maxMarks: p.maxMarks })) })));
      update.mutate({ id: exam.id, body: { ...patch, ...(sameLevels ? {} : { levelIds }), ...(sameSubjects && sameLevels ? {} : { subjects: subjectList }) } }, { onSuccess: () => (toast.success(f.saved), onClose()), onError });
    } else {
      create.mutate(body, { onSuccess: (saved) => (toast.success(f.created, { description: saved.name }), onClose()), onError });
    }
  };

  const subjectError = (id: string) => {
    const i = chosenOrder.indexOf(id);
    if (i < 0) return undefined;
    return Object.entries(errors).find(([k]) => k.startsWith(`subjects.${i}.`))?.[1];
  };
  const years = [...new Set(terms.map((t) => t.yearName))];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="flex max-h-[calc(100dvh-2rem)] max-w-3xl flex-col gap-0 overflow-hidden p-0"
      testId="exam-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'flex min-h-0 flex-1 flex-col [&_[aria-invalid=true]]:border-destructive' }}
      headerClassName="border-b px-5 py-4 pr-12 sm:px-6"
      title={editing ? f.editTitle : f.createTitle}
      description={editing ? f.editText : f.createText}
    >

      <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-5 py-5 sm:px-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="exam-name" label={f.name} error={errors.name} className="sm:col-span-2">
            <Input id="exam-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} placeholder={f.namePlaceholder} maxLength={120} {...describedBy('exam-name', errors.name)} data-testid="exam-name" />
          </Field>
          <Field id="exam-term" label={f.term} error={errors.termId}>
            <Select value={draft.termId || undefined} onValueChange={(termId) => set({ termId })} disabled={editing}>
              <SelectTrigger id="exam-term" {...describedBy('exam-term', errors.termId)} data-testid="exam-term">
                <SelectValue placeholder={f.termPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {years.map((y) => (
                  <SelectGroup key={y}>
                    {terms
                      .filter((t) => t.yearName === y)
                      .map((t) => (
                        <SelectItem key={t.id} value={t.id}>
                          {t.label}
                          {t.isCurrent && <span className="ml-1.5 text-xs text-muted-foreground">({x.common.currentTerm})</span>}
                        </SelectItem>
                      ))}
                  </SelectGroup>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="exam-kind" label={f.kind} error={errors.kind}>
              <Select value={draft.kind} onValueChange={(kind) => set({ kind: kind as ExamKind })}>
                <SelectTrigger id="exam-kind" data-testid="exam-kind-select">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXAM_KINDS.map((k) => (
                    <SelectItem key={k} value={k}>
                      {x.kinds[k]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="exam-weight" label={f.weight} error={errors.weight}>
              <Input
                id="exam-weight"
                inputMode="numeric"
                value={draft.weight}
                onChange={(e) => set({ weight: e.target.value })}
                {...describedBy('exam-weight', errors.weight)}
                data-testid="exam-weight"
              />
            </Field>
          </div>
          <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">{f.weightHint}</p>
        </div>

        <fieldset className="grid min-w-0 gap-2.5" data-testid="exam-levels">
          <legend className="mb-1 text-sm font-medium">{f.levels}</legend>
          <p className="-mt-1 text-xs text-muted-foreground">{f.levelsHint}</p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {examLevels.map((l) => {
              const on = draft.levelIds.includes(l.id);
              return (
                <label
                  key={l.id}
                  htmlFor={`exam-level-${l.id}`}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent',
                    on && 'border-primary/50 bg-primary/5',
                  )}
                >
                  <Checkbox id={`exam-level-${l.id}`} checked={on} onCheckedChange={(v) => toggleLevel(l.id, v === true)} aria-label={l.name} />
                  <span className="truncate">{l.name}</span>
                </label>
              );
            })}
          </div>
          <FieldError id="exam-levels-error" message={errors.levelIds} />
        </fieldset>

        <fieldset className="grid min-w-0 gap-2.5" data-testid="exam-subjects">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <legend className="text-sm font-medium">{f.subjects}</legend>
            {chosenOrder.length > 0 && <span className="text-xs text-muted-foreground">{f.selectedSubjects(chosenOrder.length)}</span>}
          </div>
          <p className="-mt-1 text-xs text-muted-foreground">{groups.length ? f.subjectsHint : f.subjectsPickLevels}</p>
          {groups.map((g) => {
            const ids = g.subjects.map((s) => s.id);
            const chosen = ids.filter((id) => draft.papers[id]).length;
            return (
              <div key={g.band} className="min-w-0 overflow-hidden rounded-lg border" data-testid="subject-band" data-band={g.band}>
                <div className="flex items-center justify-between gap-2 border-b bg-muted/40 px-3 py-2">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{f.band(g.band, chosen, ids.length)}</p>
                  <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={() => setBand(ids, chosen < ids.length)}>
                    {chosen < ids.length ? f.selectAll : f.clearAll}
                  </Button>
                </div>
                <ul className="divide-y">
                  {g.subjects.map((s) => (
                    <SubjectRow key={s.id} subject={s} papers={draft.papers[s.id] ?? null} error={subjectError(s.id)} onToggle={(on) => toggleSubject(s.id, on)} onPapers={(p) => setPapers(s.id, p)} />
                  ))}
                </ul>
              </div>
            );
          })}
          <FieldError id="exam-subjects-error" message={errors.subjects} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">
              {f.dates} <span className="font-normal text-muted-foreground">({x.common.optional})</span>
            </legend>
            <div className="grid grid-cols-2 gap-3">
              <Field id="exam-starts" label={<span className="text-xs text-muted-foreground">{f.startsOn}</span>} error={errors.startsOn}>
                <DateField id="exam-starts" value={draft.startsOn} onValueChange={(value) => set({ startsOn: value })} {...describedBy('exam-starts', errors.startsOn)} data-testid="exam-starts" />
              </Field>
              <Field id="exam-ends" label={<span className="text-xs text-muted-foreground">{f.endsOn}</span>} error={errors.endsOn}>
                <DateField id="exam-ends" value={draft.endsOn} onValueChange={(value) => set({ endsOn: value })} {...describedBy('exam-ends', errors.endsOn)} data-testid="exam-ends" />
              </Field>
            </div>
          </fieldset>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">{f.window}</legend>
            <div className="grid grid-cols-2 gap-3">
              <Field id="exam-opens" label={<span className="text-xs text-muted-foreground">{f.entryOpensOn}</span>} error={errors.entryOpensOn}>
                <DateField id="exam-opens" value={draft.entryOpensOn} onValueChange={(value) => set({ entryOpensOn: value })} {...describedBy('exam-opens', errors.entryOpensOn)} data-testid="exam-opens" />
              </Field>
              <Field id="exam-closes" label={<span className="text-xs text-muted-foreground">{f.entryClosesOn}</span>} error={errors.entryClosesOn}>
                <DateField id="exam-closes" value={draft.entryClosesOn} onValueChange={(value) => set({ entryClosesOn: value })} {...describedBy('exam-closes', errors.entryClosesOn)} data-testid="exam-closes" />
              </Field>
            </div>
            <p className="text-xs text-muted-foreground">{f.windowHint}</p>
          </fieldset>
        </div>

        {failure && <FormErrorAlert title={f.failed} detail={failure} testId="exam-dialog-error" />}
      </div>

      <FormDialogFooter cancelLabel={x.common.cancel} onCancel={onClose} label={editing ? f.save : f.create} pending={pending} submitTestId="exam-submit" className="border-t px-5 py-4 sm:px-6" />
    </FormDialog>
  );
}

/** One learning area: a checkbox, and when chosen its papers (name, out of) with their total. */
function SubjectRow({
  subject,
  papers,
  error,
  onToggle,
  onPapers,
}: {
  subject: Subject;
  papers: PaperDraft[] | null;
  error?: string;
  onToggle: (on: boolean) => void;
  onPapers: (p: PaperDraft[]) => void;
}) {
  const id = `exam-subject-${subject.id}`;
  const total = papers ? totalOf(papers) : 0;
  return (
    <li className={cn('px-3 py-2.5', papers && 'bg-primary/[0.03]')} data-testid="exam-subject" data-subject-name={subject.name} data-selected={!!papers || undefined}>
      <div className="flex items-center gap-3">
        <Checkbox id={id} checked={!!papers} onCheckedChange={(v) => onToggle(v === true)} data-testid="exam-subject-check" />
        <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
          <span className="font-medium">{subject.name}</span>
          <span className="ml-2 text-xs text-muted-foreground">{subject.code}</span>
        </label>
        {papers && (
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="exam-subject-total" title={papers.length > 1 ? f.combined(total) : undefined}>
            {f.total(total)}
          </span>
        )}
      </div>
      {papers && (
        <div className="mt-2 grid gap-2 pl-7">
          {papers.map((p, i) => (
            <div key={p.key} className="grid grid-cols-[minmax(0,1fr)_5.5rem_2rem] items-center gap-2 sm:grid-cols-[minmax(0,18rem)_5.5rem_2rem]" data-testid="exam-paper">
              <Input
                value={p.name}
                onChange={(e) => onPapers(papers.map((q) => (q.key === p.key ? { ...q, name: e.target.value } : q)))}
                aria-label={f.paperNameLabel(subject.name, i + 1)}
                maxLength={40}
                className="h-8"
                data-testid="exam-paper-name"
              />
              <div className="relative">
                <span className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-xs text-muted-foreground">/</span>
                <Input
                  value={p.maxMarks}
                  inputMode="numeric"
                  onChange={(e) => onPapers(papers.map((q) => (q.key === p.key ? { ...q, maxMarks: e.target.value } : q)))}
                  aria-label={f.paperMaxLabel(subject.name, i + 1)}
                  className="h-8 pl-5 text-right tabular-nums"
                  data-testid="exam-paper-max"
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:text-destructive"
                onClick={() => onPapers(papers.filter((q) => q.key !== p.key))}
                disabled={papers.length <= 1}
                aria-label={f.removePaper(subject.name, i + 1)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ))}
          <div className="flex items-center justify-between gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="-ml-2 h-7 px-2 text-primary"
              onClick={() => onPapers([...papers, paper(f.paperDefault(papers.length + 1))])}
              disabled={papers.length >= 6}
              data-testid="exam-add-paper"
            >
              <Plus aria-hidden />
              {f.addPaper}
            </Button>
            {papers.length > 1 && <span className="text-xs text-muted-foreground">{f.combined(total)}</span>}
          </div>
          <FieldError id={`${id}-error`} message={error} />
        </div>
      )}
    </li>
  );
}
