import * as React from 'react';
import type { Exam } from '@shared/contracts/assessment';
import type { ClassItem } from '@shared/contracts/classes';
import { messages } from '@shared/messages';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { useExams } from '../api/assessment';
import { useAllStreams, useTeacherAssignments } from '../api/exams';

const r = messages.examsScreens.results;

export interface ExamScope {
  classId: string | null;
  levelId: string | null;
}

export interface ScopeLevel {
  id: string;
  name: string;
  streams: { id: string; name: string }[];
}

/** The series a results screen opens on: the newest released one, else the newest. */
export function defaultExam(exams: readonly Exam[]): Exam | null {
  return exams.find((e) => e.status === 'released') ?? exams[0] ?? null;
}

/** The streams that sit an exam: its levels' streams in its term's academic year, by level. */
function streamsOf(exam: Exam, streams: readonly ClassItem[], only: Set<string> | null): ScopeLevel[] {
  return exam.levels
    .map((l) => ({
      id: l.id,
      name: l.name,
      streams: streams
        .filter((s) => s.levelId === l.id && s.academicYear === exam.academicYear && (!only || only.has(s.id)))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => ({ id: s.id, name: s.name })),
    }))
    .filter((l) => l.streams.length > 0);
}


/**
 * The exam and the stream or level a results screen shows, kept in the address (`?exam=`, `?class=`,
 * `?level=`) so a reload or a shared link opens the same broadsheet. Teachers (`teacherOnly`) are offered
 * only the streams they teach or lead (the API answers 403 for any other, and for a whole level).
 */
export function useExamScope({ teacherOnly }: { teacherOnly: boolean }) {
  const [params, update] = usePatchedSearchParams(true);
  const { state } = useAuth();
  const exams = useExams();
  const streams = useAllStreams();
  const assignments = useTeacherAssignments(teacherOnly ? (state.user?.id ?? null) : null);

  const mine = React.useMemo(() => {
    if (!teacherOnly) return null;
    const ids = new Set<string>((assignments.data?.items ?? []).map((a) => a.classId));
    for (const s of streams.data ?? []) if (s.classTeacherId && s.classTeacherId === state.user?.id) ids.add(s.id);
    return ids;
  }, [teacherOnly, assignments.data, streams.data, state.user?.id]);

  const allExams = React.useMemo(() => exams.data?.items ?? [], [exams.data]);
  // A teacher's exams are those one of their streams sits.
  const offered = React.useMemo(
    () => (mine && streams.data ? allExams.filter((e) => streamsOf(e, streams.data, mine).length > 0) : allExams),
    [allExams, mine, streams.data],
  );
  const requestedExam = params.get('exam');
  const exam = offered.find((e) => e.id === requestedExam) ?? defaultExam(offered);
  const levels = React.useMemo(() => (exam && streams.data ? streamsOf(exam, streams.data, mine) : []), [exam, streams.data, mine]);

  const requestedClass = params.get('class');
  const requestedLevel = params.get('level');
  let scope: ExamScope = { classId: null, levelId: null };
  if (requestedClass && levels.some((l) => l.streams.some((s) => s.id === requestedClass))) scope = { classId: requestedClass, levelId: null };
  else if (!teacherOnly && requestedLevel && levels.some((l) => l.id === requestedLevel)) scope = { classId: null, levelId: requestedLevel };
  else if (teacherOnly) {
    // A class teacher opens on their own stream; otherwise on the first stream they teach.
    const offeredIds = levels.flatMap((l) => l.streams.map((st) => st.id));
    const led = (streams.data ?? []).find((st) => st.classTeacherId === state.user?.id && offeredIds.includes(st.id));
    scope = { classId: led?.id ?? offeredIds[0] ?? null, levelId: null };
  }
  else scope = { classId: null, levelId: levels[0]?.id ?? null };

  const setExam = React.useCallback((id: string) => update({ exam: id }), [update]);
  const setScope = React.useCallback((next: ExamScope) => update({ class: next.classId, level: next.classId ? null : next.levelId }), [update]);

  const scopeName = scope.classId
    ? (levels.flatMap((l) => l.streams).find((s) => s.id === scope.classId)?.name ?? '')
    : (levels.find((l) => l.id === scope.levelId)?.name ?? '');

  return {
    exams: offered,
    exam,
    levels,
    scope,
    scopeName,
    setExam,
    setScope,
    isLoading: exams.isPending || streams.isPending || (teacherOnly && assignments.isPending),
    error: exams.error ?? streams.error ?? null,
    refetch: () => void Promise.all([exams.refetch(), streams.refetch(), assignments.refetch()]),
    teacherOnly,
  };
}
export type ExamScopeState = ReturnType<typeof useExamScope>;

/** The exam picker: every series, newest term first, with its term and state. */
export function ExamPicker({ exams, value, onChange, className, testId = 'exam-picker' }: { exams: readonly Exam[]; value: string | null; onChange: (id: string) => void; className?: string; testId?: string }) {
  const terms = [...new Set(exams.map((e) => `${e.termName} · ${e.academicYear}`))];
  return (
    <Select value={value ?? undefined} onValueChange={onChange} disabled={exams.length === 0}>
      <SelectTrigger aria-label={r.exam} className={cn('w-full bg-card sm:w-72', className)} data-testid={testId}>
        <SelectValue placeholder={r.exam} />
      </SelectTrigger>
      <SelectContent>
        {terms.map((t) => (
          <SelectGroup key={t}>
            <p className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{t}</p>
            {exams
              .filter((e) => `${e.termName} · ${e.academicYear}` === t)
              .map((e) => (
                <SelectItem key={e.id} value={e.id} data-testid="exam-option">
                  {e.name}
                  {e.status !== 'released' && <span className="ml-1.5 text-xs text-muted-foreground">({r.open})</span>}
                </SelectItem>
              ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The stream or whole-level picker (`level:<id>` / `class:<id>`); teachers get streams only. */
export function ScopePicker({ levels, scope, onChange, allowLevels, className }: { levels: ScopeLevel[]; scope: ExamScope; onChange: (s: ExamScope) => void; allowLevels: boolean; className?: string }) {
  const value = scope.classId ? `class:${scope.classId}` : scope.levelId ? `level:${scope.levelId}` : undefined;
  return (
    <Select
      value={value}
      onValueChange={(v) => {
        const [kind, id] = v.split(':') as ['class' | 'level', string];
        onChange(kind === 'class' ? { classId: id, levelId: null } : { classId: null, levelId: id });
      }}
      disabled={levels.length === 0}
    >
      <SelectTrigger aria-label={r.scope} className={cn('w-full bg-card sm:w-60', className)} data-testid="scope-picker">
        <SelectValue placeholder={r.scope} />
      </SelectTrigger>
      <SelectContent>
        {levels.map((l) => (
          <SelectGroup key={l.id}>
            {allowLevels ? (
              <SelectItem value={`level:${l.id}`} className="font-medium" data-testid="scope-option">
                {r.wholeLevel(l.name)}
              </SelectItem>
            ) : (
              <p className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{l.name}</p>
            )}
            {l.streams.map((s) => (
              <SelectItem key={s.id} value={`class:${s.id}`} className={allowLevels ? 'pl-10' : undefined} data-testid="scope-option">
                {s.name}
              </SelectItem>
            ))}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The two pickers side by side (stacked on phones). */
export function ExamScopeBar({ state, extra }: { state: ExamScopeState; extra?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center" data-testid="exam-scope-bar">
      <ExamPicker exams={state.exams} value={state.exam?.id ?? null} onChange={state.setExam} />
      <ScopePicker levels={state.levels} scope={state.scope} onChange={state.setScope} allowLevels={!state.teacherOnly} />
      {extra}
    </div>
  );
}
