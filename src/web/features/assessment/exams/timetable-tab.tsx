import * as React from 'react';
import { CalendarClock, CalendarPlus, ListPlus, Plus, Printer, Save, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Exam } from '@shared/contracts/assessment';
import { messages } from '@shared/messages';
import { FormErrorAlert } from '@/components/form-feedback';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { readTimeText, TimeField } from '@/components/time-field';
import { timeFieldMessages } from '@shared/messages/dates';
import { OptionSelect } from '@/components/select-parts';
import { SkeletonStack } from '@/components/skeleton-stack';
import { cn } from '@/lib/utils';
import { useSaveTimetable, useTeacherOptions, useTimetable, timetablePdfUrl, type TimetableInput, type TimetableItem } from '../api/exams';
import { EmptyStateCard } from '@/components/page-states';
import { PendingButton } from '@/components/pending-button';
import { ExamPicker } from '../results/exam-scope';
import { ExamStatusPill } from '../results/result-bits';
import { IconBadge } from '@/components/icon-badge';
import { DateField } from '@/components/date-field';

const x = messages.examsScreens;
const t = x.timetable;
const NONE = '__none__';

interface Row {
  key: string;
  subjectId: string;
  paper: string;
  sitsOn: string;
  startsAt: string;
  endsAt: string;
  room: string;
  invigilatorId: string;
}

let seq = 0;
const newRow = (init: Partial<Row> = {}): Row => ({ key: `r${++seq}`, subjectId: '', paper: '', sitsOn: '', startsAt: '08:00', endsAt: '10:00', room: '', invigilatorId: '', ...init });
const rowOf = (i: TimetableItem): Row =>
  newRow({ subjectId: i.subjectId, paper: i.paper, sitsOn: i.sitsOn, startsAt: i.startsAt, endsAt: i.endsAt, room: i.room ?? '', invigilatorId: i.invigilatorId ?? '' });
const inputOf = (r: Row): TimetableInput => ({
  subjectId: r.subjectId,
  paper: r.paper.trim(),
  sitsOn: r.sitsOn,
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  room: r.room.trim() || null,
  invigilatorId: r.invigilatorId || null,
});
const same = (a: Row[], b: Row[]) => JSON.stringify(a.map(inputOf)) === JSON.stringify(b.map(inputOf));

/** The id of a row's start or end box (a save refused for a time focuses the first wrong one). */
const timeBoxId = (key: string, end: boolean) => `tt-${key}-${end ? 'end' : 'start'}`;

/**
 * Client checks before the PUT (the server names clashes itself): a start or end box holding text that
 * is not a time (kept as typed) refuses with "Enter the time as HH:MM…" rather than "incomplete".
 */
export function rowProblem(r: Pick<Row, 'subjectId' | 'paper' | 'sitsOn' | 'startsAt' | 'endsAt'>, i: number): string | null {
  if (readTimeText(r.startsAt).invalid || readTimeText(r.endsAt).invalid) return timeFieldMessages.invalid;
  if (!r.subjectId || !r.paper.trim() || !r.sitsOn || !/^\d{2}:\d{2}$/.test(r.startsAt) || !/^\d{2}:\d{2}$/.test(r.endsAt)) return t.rowIncomplete(i + 1);
  if (r.endsAt <= r.startsAt) return t.rowEndsBeforeStart(i + 1);
  return null;
}

/**
 * The exam timetable (issue 12 §2): the series' papers with date, start and end, room and invigilator,
 * edited as rows and saved at once (the server refuses a room or an invigilator in two papers at the
 * same time, naming them); printable as PDF. Read-only once the series is released.
 */
export function TimetableTab({ exams, examId, onExam }: { exams: Exam[]; examId: string | null; onExam: (id: string) => void }) {
  const exam = exams.find((e) => e.id === examId) ?? exams.find((e) => e.status !== 'released') ?? exams[0] ?? null;
  if (exams.length === 0) return <EmptyStateCard icon={CalendarClock} title={t.noExams} hint={t.noExamsHint} testId="timetable-no-exams" />;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="timetable-tab">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ExamPicker exams={exams} value={exam?.id ?? null} onChange={onExam} testId="timetable-exam" />
          {exam && <ExamStatusPill status={exam.status} className="self-start sm:self-center" />}
        </div>
        {exam && (
          <Button asChild variant="outline">
            <a href={timetablePdfUrl(exam.id)} target="_blank" rel="noreferrer" data-testid="timetable-pdf">
              <Printer aria-hidden />
              {t.print}
            </a>
          </Button>
        )}
      </div>
      {exam && <TimetableEditor key={exam.id} exam={exam} />}
    </div>
  );
}

function TimetableEditor({ exam }: { exam: Exam }) {
  const timetable = useTimetable(exam.id);
  const teachers = useTeacherOptions();
  const save = useSaveTimetable();
  const [rows, setRows] = React.useState<Row[] | null>(null);
  const [baseline, setBaseline] = React.useState<Row[]>([]);
  const [problem, setProblem] = React.useState<string | null>(null);
  const readOnly = exam.status === 'released';

  // The rows start from the saved timetable (once it arrives; later refetches keep what is typed).
  React.useEffect(() => {
    if (rows === null && timetable.data) {
      const loaded = timetable.data.items.map(rowOf);
      setRows(loaded);
      setBaseline(loaded);
    }
  }, [rows, timetable.data]);

  if (timetable.isError && !timetable.data)
    return <QueryErrorCard query={timetable} title={x.common.loadFailed} retryLabel={x.common.tryAgain} testId="timetable-error" />;
  if (rows === null)
    return <SkeletonStack className="flex flex-col gap-2" cells={['h-12 rounded-lg', 'h-12 rounded-lg', 'h-12 rounded-lg']} />;

  const dirty = !same(rows, baseline);
  // Invigilators already on the timetable stay choosable (a principal who invigilates, a teacher who left).
  const people = [...(teachers.data?.items ?? [])];
  for (const i of timetable.data?.items ?? []) if (i.invigilatorId && i.invigilatorName && !people.some((p) => p.id === i.invigilatorId)) people.push({ id: i.invigilatorId, name: i.invigilatorName, email: '', phone: null, lessons: 0 });
  const firstDay = exam.startsOn ?? '';
  const setRow = (key: string, patch: Partial<Row>) => setRows((rs) => rs!.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const addRow = () => {
    const lastRow = rows[rows.length - 1];
    // A last end that is not a time (kept as typed) gives the new row the default hours.
    const last = lastRow && !readTimeText(lastRow.endsAt).invalid ? lastRow : lastRow && { ...lastRow, endsAt: '' };
    setRows([...rows, newRow({ sitsOn: last?.sitsOn ?? firstDay, startsAt: last?.endsAt && last.endsAt < '16:00' ? last.endsAt : '08:00', endsAt: last?.endsAt && last.endsAt < '16:00' ? addHours(last.endsAt, 2) : '10:00' })]);
  };
  const fill = () => {
    const next: Row[] = [];
    for (const s of exam.subjects) for (const p of s.papers) next.push(newRow({ subjectId: s.subjectId, paper: p.name, sitsOn: firstDay }));
    setRows(next);
  };
  const submit = () => {
    setProblem(null);
    const bad = rows.map(rowProblem).find((p) => p !== null);
    if (bad) {
      const wrongTime = rows.find((r) => readTimeText(r.startsAt).invalid || readTimeText(r.endsAt).invalid);
      if (wrongTime) document.getElementById(timeBoxId(wrongTime.key, !readTimeText(wrongTime.startsAt).invalid))?.focus();
      return setProblem(bad);
    }
    save.mutate(
      { examId: exam.id, entries: rows.map(inputOf) },
      {
        onSuccess: (res) => {
          const saved = res.items.map(rowOf);
          setRows(saved);
          setBaseline(saved);
          toast.success(t.saved, { description: t.papers(saved.length) });
        },
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="rounded-xl border bg-card shadow-sm" data-testid="timetable-editor" data-read-only={readOnly || undefined}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b px-4 py-3 sm:px-5">
          <p className="min-w-0 text-sm text-muted-foreground">{readOnly ? t.released : t.intro}</p>
          {dirty && !readOnly && (
            <span className="rounded-full bg-amber-500/12 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="timetable-dirty">
              {t.unsaved}
            </span>
          )}
        </div>
        {rows.length === 0 ? (
          <div className="p-4 sm:p-5">
            <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center" data-testid="timetable-empty">
              <IconBadge icon={CalendarPlus} className="size-11 rounded-full bg-muted text-muted-foreground" iconClassName="size-5" />
              <p className="mt-4 font-medium">{t.empty}</p>
              {!readOnly && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t.emptyHint}</p>}
              {!readOnly && (
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  <Button variant="outline" onClick={addRow} data-testid="timetable-add">
                    <Plus aria-hidden />
                    {t.addRow}
                  </Button>
                  <Button onClick={fill} title={t.fillHint} data-testid="timetable-fill">
                    <ListPlus aria-hidden />
                    {t.fill}
                  </Button>
                </div>
              )}
            </div>
          </div>
        ) : (
          <div className="px-2 py-2 sm:px-3">
            <div
              className="hidden grid-cols-[9.5rem_7rem_7rem_minmax(0,1.5fr)_minmax(0,0.9fr)_minmax(0,0.8fr)_minmax(0,1.2fr)_2.25rem] gap-2 px-2 pt-1 pb-2 text-xs font-medium text-muted-foreground lg:grid"
              aria-hidden
            >
              <span>{t.date}</span>
              <span>{t.starts}</span>
              <span>{t.ends}</span>
              <span>{t.subject}</span>
              <span>{t.paper}</span>
              <span>{t.room}</span>
              <span>{t.invigilator}</span>
              <span />
            </div>
            <ol className="flex flex-col gap-2 lg:gap-1">
              {rows.map((row, i) => (
                <TimetableRow
                  key={row.key}
                  index={i}
                  row={row}
                  exam={exam}
                  teachers={people}
                  readOnly={readOnly}
                  timeRefused={problem === timeFieldMessages.invalid}
                  onChange={(patch) => setRow(row.key, patch)}
                  onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
                />
              ))}
            </ol>
          </div>
        )}
      </div>

      {problem && <FormErrorAlert title={t.failed} detail={problem} testId="timetable-problem" />}

      {!readOnly && rows.length > 0 && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button variant="outline" onClick={addRow} data-testid="timetable-add">
            <Plus aria-hidden />
            {t.addRow}
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {dirty && (
              <Button variant="ghost" onClick={() => (setRows(baseline), setProblem(null))} disabled={save.isPending}>
                <Undo2 aria-hidden />
                {t.reset}
              </Button>
            )}
            <PendingButton pending={save.isPending} icon={Save} onClick={submit} disabled={!dirty || save.isPending} data-testid="timetable-save">
              {t.save}
            </PendingButton>
          </div>
        </div>
      )}
    </div>
  );
}

const addHours = (hhmm: string, h: number) => {
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  return `${String(Math.min(23, hh + h)).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
};

/** A timetable row cell's caption (shown on phones and tablets, where the cells wrap without the header). */
const CAPTION = 'text-[11px] font-medium text-muted-foreground lg:hidden';

/** A picker cell of a timetable row: its caption, then a small select of `options` (`ariaLabel` names it with the row). */
function CellSelect({
  className,
  caption,
  ariaLabel,
  value,
  onChange,
  disabled,
  placeholder,
  testId,
  options,
}: {
  className: string;
  caption: string;
  ariaLabel: string;
  value: string | undefined;
  onChange: (value: string) => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className={className}>
      <span className={CAPTION}>{caption}</span>
      <OptionSelect
        value={value ?? ''}
        onValueChange={onChange}
        disabled={disabled}
        options={options}
        placeholder={placeholder}
        trigger={{ 'aria-label': ariaLabel, className: 'h-9 [&>svg]:shrink-0', 'data-testid': testId }}
      />
    </div>
  );
}

function TimetableRow({
  index,
  row,
  exam,
  teachers,
  readOnly,
  timeRefused,
  onChange,
  onRemove,
}: {
  index: number;
  row: Row;
  exam: Exam;
  teachers: { id: string; name: string }[];
  readOnly: boolean;
  /** The save was refused for a time: the message is above the buttons, the boxes' own lines step aside and a wrong box is marked. */
  timeRefused: boolean;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const subject = exam.subjects.find((s) => s.subjectId === row.subjectId);
  const papers = subject?.papers.map((p) => p.name) ?? [];
  if (row.paper && !papers.includes(row.paper)) papers.push(row.paper);
  const n = index + 1;
  const label = (what: string) => `${t.rowLabel(n)}: ${what}`;
  const timeBox = (end: boolean, value: string) => ({
    id: timeBoxId(row.key, end),
    keepInvalidText: true,
    showFormatError: !timeRefused,
    'aria-invalid': (timeRefused && readTimeText(value).invalid) || undefined,
  });
  return (
    <li
      className="relative grid grid-cols-2 gap-2 rounded-lg border p-3 sm:grid-cols-3 lg:grid-cols-[9.5rem_7rem_7rem_minmax(0,1.5fr)_minmax(0,0.9fr)_minmax(0,0.8fr)_minmax(0,1.2fr)_2.25rem] lg:items-center lg:rounded-md lg:border-0 lg:p-1 lg:hover:bg-muted/40"
      data-testid="timetable-row"
    >
      <label className="col-span-2 grid min-w-0 gap-1 max-lg:pr-10 sm:col-span-1 [&>*]:min-w-0">
        <span className={CAPTION}>{t.date}</span>
        <DateField value={row.sitsOn} onValueChange={(value) => onChange({ sitsOn: value })} disabled={readOnly} aria-label={label(t.date)} className="h-9" data-testid="tt-date" />
      </label>
      <label className="grid min-w-0 gap-1 [&>*]:min-w-0">
        <span className={CAPTION}>{t.starts}</span>
        <TimeField value={row.startsAt} onValueChange={(startsAt) => onChange({ startsAt })} disabled={readOnly} aria-label={label(t.starts)} className="h-9" {...timeBox(false, row.startsAt)} data-testid="tt-start" />
      </label>
      <label className="grid min-w-0 gap-1 [&>*]:min-w-0">
        <span className={CAPTION}>{t.ends}</span>
        <TimeField value={row.endsAt} onValueChange={(endsAt) => onChange({ endsAt })} disabled={readOnly} aria-label={label(t.ends)} className="h-9" {...timeBox(true, row.endsAt)} data-testid="tt-end" />
      </label>
      <CellSelect
        className="col-span-2 grid min-w-0 gap-1 sm:col-span-2 lg:col-span-1 [&>*]:min-w-0"
        caption={t.subject}
        ariaLabel={label(t.subject)}
        value={row.subjectId || undefined}
        onChange={(v) => onChange({ subjectId: v, paper: exam.subjects.find((s) => s.subjectId === v)?.papers[0]?.name ?? '' })}
        disabled={readOnly}
        placeholder={t.pickSubject}
        testId="tt-subject"
        options={exam.subjects.map((s) => ({ value: s.subjectId, label: s.name }))}
      />
      <CellSelect
        className="grid min-w-0 gap-1 [&>*]:min-w-0"
        caption={t.paper}
        ariaLabel={label(t.paper)}
        value={row.paper || undefined}
        onChange={(v) => onChange({ paper: v })}
        disabled={readOnly || !subject}
        placeholder={t.paper}
        testId="tt-paper"
        options={papers.map((p) => ({ value: p, label: p }))}
      />
      <label className="grid min-w-0 gap-1 [&>*]:min-w-0">
        <span className={CAPTION}>{t.room}</span>
        <Input value={row.room} onChange={(e) => onChange({ room: e.target.value })} placeholder={t.roomPlaceholder} maxLength={60} disabled={readOnly} aria-label={label(t.room)} className="h-9" data-testid="tt-room" />
      </label>
      <CellSelect
        className={cn('col-span-2 grid min-w-0 gap-1 sm:col-span-2 [&>*]:min-w-0', readOnly ? 'lg:col-span-2' : 'lg:col-span-1')}
        caption={t.invigilator}
        ariaLabel={label(t.invigilator)}
        value={row.invigilatorId || NONE}
        onChange={(v) => onChange({ invigilatorId: v === NONE ? '' : v })}
        disabled={readOnly}
        testId="tt-invigilator"
        options={[{ value: NONE, label: t.noInvigilator }, ...teachers.map((tc) => ({ value: tc.id, label: tc.name }))]}
      />
      {!readOnly && (
        <div className="absolute top-2 right-2 lg:static lg:flex lg:justify-end">
          <Button type="button" variant="ghost" size="icon" className="size-9 text-muted-foreground hover:text-destructive" onClick={onRemove} aria-label={t.removeRow(n)} data-testid="tt-remove">
            <Trash2 aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}
