import * as React from 'react';
import { Lock, Save, Sparkles, Undo2, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/skeleton-stack';
import { PendingButton } from '@/components/pending-button';
import { cn } from '@/lib/utils';
import { GradeBadge } from '../components/grade-badge';
import { useLevelReportComments, useSaveReportComments, type ReportCommentRow } from '../api/reports';
import { formatScore, gradeRank, splitGrade } from '../parent/grade-tone';
import { ReportCardButton } from '../parent/report-card-button';
import type { ReportScope } from './report-scope';
import { useFileDownload } from '@/lib/download';

const m = messages.reportsScreens;

/** Which comment the viewer writes: the class teacher's (teacher), the principal's (principal), or none (director). */
export type CommentField = 'classTeacherComment' | 'principalComment';

const textareaClass =
  'block min-h-[4.25rem] w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm leading-relaxed shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60';

type Drafts = ReadonlyMap<string, string>;

function CommentText({ label, text, labelClassName }: { label: string; text: string | null; labelClassName?: string }) {
  return (
    <div className="min-w-0">
      <p className={cn('text-[11px] font-medium tracking-wide text-muted-foreground uppercase', labelClassName)}>{label}</p>
      <p className={cn('mt-0.5 text-sm leading-relaxed', !text && 'text-muted-foreground italic')}>{text || m.notWritten}</p>
    </div>
  );
}

function LearnerRow({
  row,
  termId,
  termLabel,
  field,
  value,
  dirty,
  onChange,
  downloads,
  disabled,
}: {
  row: ReportCommentRow;
  termId: string;
  termLabel: string;
  field: CommentField | null;
  value: string;
  dirty: boolean;
  onChange: (text: string) => void;
  downloads: ReturnType<typeof useFileDownload>;
  disabled: boolean;
}) {
  const g = splitGrade(row.meanGradeLabel);
  const id = `comment-${row.studentId}`;
  const fileName = `Report card ${row.admissionNumber} ${termLabel}.pdf`.replace(/[/\\]/g, '-');
  const canSuggest = !!field && !!row.suggested && value.trim() !== row.suggested;
  const other = field === 'principalComment' ? { label: m.classTeacherComment, text: row.classTeacherComment } : null;
  return (
    <li className="grid min-w-0 gap-3 px-4 py-3.5 sm:px-5 @3xl:grid-cols-[minmax(12rem,15rem)_minmax(0,1fr)_auto] @3xl:items-start" data-testid="comment-row" data-student-id={row.studentId}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1.5 @3xl:flex-col @3xl:items-start @3xl:justify-start">
        <div className="min-w-[9rem] flex-1 @3xl:flex-none">
          <label htmlFor={field ? id : undefined} className="block truncate text-sm font-medium">
            {row.name}
          </label>
          <p className="truncate text-xs text-muted-foreground">{row.admissionNumber}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {row.mean === null ? (
            <span className="text-xs text-muted-foreground">{m.noResults}</span>
          ) : (
            <>
              <span className="text-sm font-semibold tabular-nums">{formatScore(row.mean)}%</span>
              {g && <GradeBadge code={g.code} descriptor={g.descriptor} {...gradeRank(g.code)} />}
            </>
          )}
          {row.mean !== null && (
            <ReportCardButton studentId={row.studentId} termId={termId} fileName={fileName} downloads={downloads} iconOnly variant="ghost" ariaLabel={m.downloadCard(row.name)} className="text-muted-foreground hover:text-primary @3xl:hidden" />
          )}
        </div>
      </div>

      <div className={cn('grid min-w-0 gap-2', other && '@4xl:grid-cols-2 @4xl:gap-4')}>
        {other && <CommentText label={other.label} text={other.text} labelClassName="@4xl:hidden" />}
        {field ? (
          <div className="flex min-w-0 flex-col gap-2">
            {other && <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase @4xl:hidden">{m.principalComment}</p>}
            <textarea
              id={id}
              rows={2}
              maxLength={600}
              value={value}
              placeholder={m.commentPlaceholder}
              disabled={disabled}
              onChange={(e) => onChange(e.target.value)}
              className={cn(textareaClass, dirty && 'border-amber-500/70 bg-amber-500/[0.03]')}
              aria-label={`${field === 'principalComment' ? m.principalComment : m.classTeacherComment} · ${row.name}`}
              data-testid="comment-input"
            />
            {canSuggest && (
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                <span className="min-w-0 text-muted-foreground">
                  <span className="font-medium">{m.suggested}:</span> {row.suggested}
                </span>
                <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => onChange(row.suggested)} disabled={disabled} data-testid="use-suggestion">
                  <Sparkles className="size-3.5" aria-hidden />
                  {m.useSuggestion}
                </Button>
              </div>
            )}
          </div>
        ) : (
          <div className="grid gap-2 @xl:grid-cols-2 @xl:gap-4">
            <CommentText label={m.classTeacherComment} text={row.classTeacherComment} labelClassName="@4xl:hidden" />
            <CommentText label={m.principalComment} text={row.principalComment} labelClassName="@4xl:hidden" />
          </div>
        )}
      </div>

      <div className="hidden @3xl:block">
        {row.mean !== null ? (
          <ReportCardButton studentId={row.studentId} termId={termId} fileName={fileName} downloads={downloads} iconOnly variant="outline" ariaLabel={m.downloadCard(row.name)} />
        ) : (
          <span className="block size-8" aria-hidden />
        )}
      </div>
    </li>
  );
}

/**
 * The comments of a stream (or every stream of a level) for a term: each learner with the mean and
 * grade, the comment the viewer writes (with the suggestion from the performance band and "Use
 * suggestion"), the other comment read-only, and the learner's report card. Changes are kept per term
 * and learner (also while another stream or term is shown) until "Save comments" (one PUT for every
 * changed learner shown); leaving the page with changes asks first.
 */
export function ReportCommentsTable({ termId, termLabel, scope, field }: { termId: string; termLabel: string; scope: ReportScope; field: CommentField | null }) {
  const queries = useLevelReportComments(termId, scope.streams.map((s) => s.id));
  const save = useSaveReportComments();
  const downloads = useFileDownload(m.downloadFailed);
  const [drafts, setDrafts] = React.useState<Drafts>(new Map());
  const draftKey = (studentId: string) => `${termId}:${studentId}`;

  const sections = scope.streams.map((s, i) => ({ stream: s, q: queries[i]! }));
  const rows = sections.flatMap((s) => s.q.data?.items ?? []);
  const stored = (r: ReportCommentRow) => (field ? (r[field] ?? '') : '');
  const valueOf = (r: ReportCommentRow) => drafts.get(draftKey(r.studentId)) ?? stored(r);
  const changed = rows.filter((r) => drafts.has(draftKey(r.studentId)) && drafts.get(draftKey(r.studentId))!.trim() !== stored(r).trim());
  const emptyWithSuggestion = field ? rows.filter((r) => !valueOf(r).trim() && r.suggested) : [];

  // Drafts of learners not shown (another stream or term picked since) are still unsaved.
  const shown = new Set(rows.map((r) => draftKey(r.studentId)));
  const unsaved = changed.length + [...drafts.keys()].filter((k) => !shown.has(k)).length;
  React.useEffect(() => {
    if (unsaved === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const setDraft = (studentId: string, text: string) => setDrafts((d) => new Map(d).set(draftKey(studentId), text));
  const applySuggestions = () =>
    setDrafts((d) => {
      const next = new Map(d);
      for (const r of emptyWithSuggestion) next.set(draftKey(r.studentId), r.suggested);
      return next;
    });
  const discard = () =>
    setDrafts((d) => {
      const next = new Map(d);
      for (const r of rows) next.delete(draftKey(r.studentId));
      return next;
    });

  const onSave = async () => {
    if (!field || changed.length === 0) return;
    const comments = changed.map((r) => ({ studentId: r.studentId, [field]: valueOf(r).trim() || null }));
    try {
      const res = await save.mutateAsync({ termId, comments });
      setDrafts((d) => {
        const next = new Map(d);
        for (const r of changed) next.delete(draftKey(r.studentId));
        return next;
      });
      toast.success(m.saved(res.saved));
    } catch (err) {
      toast.error(m.saveFailed, { description: err instanceof Error ? err.message : undefined });
    }
  };

  const pending = sections.some((s) => s.q.isPending);
  const failed = sections.find((s) => s.q.isError);
  const withResults = rows.filter((r) => r.mean !== null).length;

  let body: React.ReactNode;
  if (pending && rows.length === 0)
    body = <SkeletonStack className="flex flex-col gap-3 p-4 sm:p-5" cells={['h-16 rounded-lg', 'h-16 rounded-lg', 'h-16 rounded-lg', 'h-16 rounded-lg']} />;
  else if (failed)
    body = <QueryErrorCard query={failed.q} title={m.commentsLoadFailed} text={m.loadFailedText} retryLabel={m.tryAgain} testId="comments-error" />;
  else if (rows.length === 0)
    body = (
      <div className="p-4 sm:p-5">
        <EmptyListState icon={UsersRound} title={m.noLearners} testId="comments-empty" />
      </div>
    );
  else
    body = sections.map(({ stream, q }) => (
      <div key={stream.id} className="min-w-0">
        {sections.length > 1 && (
          <h3 className="border-b bg-muted/70 px-4 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:px-5" data-testid="stream-heading">
            {m.streamHeading(stream.name, q.data?.items.length ?? 0)}
          </h3>
        )}
        <ul className="divide-y">
          {(q.data?.items ?? []).map((r) => {
            const key = draftKey(r.studentId);
            return (
              <LearnerRow
                key={r.studentId}
                row={r}
                termId={termId}
                termLabel={termLabel}
                field={field}
                value={valueOf(r)}
                dirty={drafts.has(key) && drafts.get(key)!.trim() !== stored(r).trim()}
                onChange={(text) => setDraft(r.studentId, text)}
                downloads={downloads}
                disabled={save.isPending}
              />
            );
          })}
        </ul>
      </div>
    ));

  return (
    <section className="@container flex min-w-0 flex-col overflow-clip rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="report-comments">
      <header className="flex flex-col gap-3 border-b p-4 sm:p-5 @xl:flex-row @xl:items-center @xl:justify-between">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold">
            {scope.name} · {termLabel}
          </h2>
          <p className="text-xs text-muted-foreground">
            {m.learnersCount(rows.length)} · {m.withResults(withResults)}
          </p>
        </div>
        {field ? (
          <Button variant="outline" size="sm" onClick={applySuggestions} disabled={emptyWithSuggestion.length === 0 || save.isPending} data-testid="use-suggestions">
            <Sparkles aria-hidden />
            {m.useSuggestions}
          </Button>
        ) : (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="comments-read-only">
            <Lock className="size-3.5" aria-hidden />
            {m.readOnly}
          </p>
        )}
      </header>
      <div className="hidden border-b bg-muted/40 px-5 py-2 text-xs font-medium text-muted-foreground @3xl:grid @3xl:grid-cols-[minmax(12rem,15rem)_minmax(0,1fr)_auto] @3xl:gap-3">
        <span>
          {m.learner} · {m.mean}
        </span>
        {field !== 'classTeacherComment' ? (
          <span className="grid @4xl:grid-cols-2 @4xl:gap-4">
            <span className="@4xl:hidden">
              {m.classTeacherComment} / {m.principalComment}
            </span>
            <span className="hidden @4xl:block">{m.classTeacherComment}</span>
            <span className="hidden @4xl:block">{m.principalComment}</span>
          </span>
        ) : (
          <span>{m.classTeacherComment}</span>
        )}
        <span className="w-8" aria-hidden />
      </div>
      {body}
      {field && rows.length > 0 && (
        <footer
          className={cn(
            'flex flex-col gap-2 border-t bg-card/95 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5',
            changed.length > 0 && 'sticky bottom-0 z-10 shadow-[0_-6px_16px_-12px_rgb(0_0_0/0.35)] backdrop-blur',
          )}
          data-testid="comments-save-bar"
        >
          <p className={cn('text-sm', changed.length > 0 ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-muted-foreground')} aria-live="polite" data-testid="comments-status">
            {changed.length > 0 ? m.unsaved(changed.length) : m.allSaved}
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={discard} disabled={changed.length === 0 || save.isPending} className="flex-1 sm:flex-none">
              <Undo2 aria-hidden />
              {m.discard}
            </Button>
            <PendingButton pending={save.isPending} icon={Save} onClick={() => void onSave()} disabled={changed.length === 0 || save.isPending} className="flex-1 sm:flex-none" data-testid="comments-save">
              {save.isPending ? m.saving : m.save}
            </PendingButton>
          </div>
        </footer>
      )}
    </section>
  );
}
