import * as React from 'react';
import { messages } from '@shared/messages';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { useAllStreams } from '../api/exams';
import { useReportTerms, type ReportTerm } from '../api/reports';

const m = messages.reportsScreens;

export interface ReportLevel {
  id: string;
  name: string;
  streams: { id: string; name: string; learners: number }[];
}

/** A stream, or a whole level (principal and director only). */
export type ReportScope = { kind: 'stream'; id: string; name: string; streams: ReportLevel['streams'] } | { kind: 'level'; id: string; name: string; streams: ReportLevel['streams'] };

/**
 * The term and the stream or level a report-card screen shows, kept in the address (`?term=`,
 * `?class=`, `?level=`). Terms are those with released results; the streams are the term's year's
 * streams of the levels that sat them. `classTeacherOnly`: the teacher's own streams (class teacher),
 * and no whole levels.
 */
export function useReportScope({ classTeacherOnly }: { classTeacherOnly: boolean }) {
  const [params, update] = usePatchedSearchParams(true);
  const { state } = useAuth();
  const me = state.user?.id ?? null;
  const terms = useReportTerms();
  const streams = useAllStreams();

  const term: ReportTerm | null = terms.terms.find((t) => t.termId === params.get('term')) ?? terms.terms[0] ?? null;

  const levels = React.useMemo<ReportLevel[]>(() => {
    if (!term) return [];
    const byLevel = new Map<string, ReportLevel & { order: number }>();
    for (const s of streams.data ?? []) {
      if (!s.levelId || s.academicYear !== term.academicYear || !term.levelIds.includes(s.levelId)) continue;
      if (classTeacherOnly && (!me || s.classTeacherId !== me)) continue;
      const level = byLevel.get(s.levelId) ?? { id: s.levelId, name: s.level, order: s.levelOrder, streams: [] };
      level.streams.push({ id: s.id, name: s.name, learners: s.learnerCount });
      byLevel.set(s.levelId, level);
    }
    return [...byLevel.values()]
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map(({ order: _order, ...l }) => ({ ...l, streams: l.streams.sort((a, b) => a.name.localeCompare(b.name)) }));
  }, [term, streams.data, classTeacherOnly, me]);

  const requestedClass = params.get('class');
  const requestedLevel = params.get('level');
  let scope: ReportScope | null = null;
  const stream = levels.flatMap((l) => l.streams).find((s) => s.id === requestedClass);
  const level = !classTeacherOnly ? levels.find((l) => l.id === requestedLevel) : undefined;
  if (stream) scope = { kind: 'stream', id: stream.id, name: stream.name, streams: [stream] };
  else if (level) scope = { kind: 'level', id: level.id, name: level.name, streams: level.streams };
  else if (levels[0]?.streams[0]) scope = { kind: 'stream', id: levels[0].streams[0].id, name: levels[0].streams[0].name, streams: [levels[0].streams[0]] };

  return {
    terms: terms.terms,
    term,
    levels,
    scope,
    classTeacherOnly,
    setTerm: (termId: string) => update({ term: termId }),
    setScope: (kind: 'stream' | 'level', id: string) => update(kind === 'stream' ? { class: id, level: null } : { class: null, level: id }),
    isPending: terms.isPending || streams.isPending,
    error: terms.error ?? streams.error ?? null,
    refetch: () => void Promise.all([terms.refetch(), streams.refetch()]),
  };
}
export type ReportScopeState = ReturnType<typeof useReportScope>;

/** The term picker and the stream (or whole level) picker, side by side; stacked on phones. */
export function ReportScopeBar({ state, className }: { state: ReportScopeState; className?: string }) {
  const value = state.scope ? `${state.scope.kind}:${state.scope.id}` : undefined;
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center', className)} data-testid="report-scope-bar">
      <Select value={state.term?.termId} onValueChange={state.setTerm} disabled={state.terms.length === 0}>
        <SelectTrigger aria-label={m.term} className="w-full bg-card sm:w-52" data-testid="report-term-picker">
          <SelectValue placeholder={m.term} />
        </SelectTrigger>
        <SelectContent>
          {state.terms.map((t) => (
            <SelectItem key={t.termId} value={t.termId} data-testid="report-term-option">
              {t.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={value}
        onValueChange={(v) => {
          const [kind, id] = v.split(':') as ['stream' | 'level', string];
          state.setScope(kind, id);
        }}
        disabled={state.levels.length === 0}
      >
        <SelectTrigger aria-label={state.classTeacherOnly ? m.stream : m.scope} className="w-full bg-card sm:w-64" data-testid="report-scope-picker">
          <SelectValue placeholder={state.classTeacherOnly ? m.stream : m.scope} />
        </SelectTrigger>
        <SelectContent>
          {state.levels.map((l) => (
            <SelectGroup key={l.id}>
              {state.classTeacherOnly ? (
                state.levels.length > 1 && <p className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{l.name}</p>
              ) : (
                <SelectItem value={`level:${l.id}`} className="font-medium" data-testid="report-scope-option">
                  {m.wholeLevel(l.name)}
                </SelectItem>
              )}
              {l.streams.map((s) => (
                <SelectItem key={s.id} value={`stream:${s.id}`} className={state.classTeacherOnly ? undefined : 'pl-10'} data-testid="report-scope-option">
                  {s.name}
                </SelectItem>
              ))}
            </SelectGroup>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
