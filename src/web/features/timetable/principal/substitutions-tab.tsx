import * as React from 'react';
import { BookOpen, CalendarOff, UserCheck, UserRoundSearch } from 'lucide-react';
import type { TimetableView } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { LabelledField, SelectField } from '@/components/field';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { idOptions } from '@/lib/id-options';
import { cn } from '@/lib/utils';
import { DateField } from '@/components/date-field';
import { buildRows, namesOf } from '../grid-model';
import { useSubstitutes, type SubstituteLesson } from '../timetable-api';
import { entitiesOf } from '../view-controls';
import { TabIntro } from './tab-intro';
import { schoolToday } from '@shared/dates';

const s = tm.subs;


/**
 * The substitution helper (issue 16 §4): for an absent teacher on a date, each of their lessons in the
 * published timetable with the teachers free then, those who teach the subject first.
 */
export function SubstitutionsTab({ view }: { view: TimetableView | null }) {
  const [teacherId, setTeacherId] = React.useState('');
  const [date, setDate] = React.useState(() => schoolToday());
  const subs = useSubstitutes(view?.id ?? null, teacherId, date);
  if (!view) return <EmptyListState icon={UserRoundSearch} title={s.needsPublished} testId="timetable-subs-unpublished" />;
  const names = namesOf(view);
  const rows = buildRows(view, null);
  const timeOf = (p: number) => rows.find((r) => r.kind === 'lesson' && r.period === p);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="rounded-xl border bg-card p-5 shadow-xs">
        <TabIntro icon={UserRoundSearch} title={s.title} text={s.text} />
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <SelectField
            id="tt-subs-teacher"
            label={s.teacher}
            className="flex min-w-[14rem] flex-1 flex-col gap-1.5 sm:max-w-72 sm:flex-none"
            value={teacherId}
            onValueChange={setTeacherId}
            {...idOptions(entitiesOf(view, 'teacher'), (t) => t.name)}
            placeholder={s.chooseTeacher}
            testId="timetable-subs-teacher"
          />
          <LabelledField id="tt-subs-date" label={s.date} className="flex flex-col gap-1.5">
            <DateField id="tt-subs-date" value={date} onValueChange={(value) => setDate(value)} className="w-44" data-testid="timetable-subs-date" />
          </LabelledField>
        </div>
      </div>
      {!teacherId ? null : subs.error instanceof ApiError && subs.error.status === 400 ? (
        // Not a school day (weekend, holiday, outside the terms): the server's sentence, not a load failure.
        <p className="flex items-center gap-2 rounded-xl border border-dashed px-4 py-6 text-sm text-muted-foreground" data-testid="timetable-subs-not-school-day">
          <CalendarOff className="size-4 shrink-0" aria-hidden />
          {subs.error.message}
        </p>
      ) : subs.isError ? (
        <QueryErrorCard query={subs} title={tm.loadError} retryLabel={tm.tryAgain} testId="timetable-subs-error" />
      ) : !subs.data ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : subs.data.lessons.length === 0 ? (
        <EmptyListState icon={BookOpen} title={s.none} testId="timetable-subs-none" />
      ) : (
        <ul className="grid min-w-0 gap-3 md:grid-cols-2" data-testid="timetable-subs">
          {subs.data.lessons.map((l) => (
            <SubLesson key={`${l.activityId}-${l.period}`} lesson={l} subject={l.subjectName ?? names.subject(l.subjectId)} streams={l.classNames?.join(', ') ?? l.className ?? (l.classIds ?? []).map(names.cls).join(', ')} time={timeOf(l.period)} label={l.periodLabel ?? view.periods[l.period] ?? ''} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SubLesson({ lesson, subject, streams, time, label }: { lesson: SubstituteLesson; subject: string; streams: string; time: ReturnType<typeof buildRows>[number] | undefined; label: string }) {
  const start = lesson.start ?? (time?.kind === 'lesson' ? time.start : null);
  const end = lesson.end ?? (time?.kind === 'lesson' ? time.end : null);
  const candidates = [...lesson.candidates].sort((a, b) => Number(b.teachesSubject) - Number(a.teachesSubject) || a.lessonsThatDay - b.lessonsThatDay);
  return (
    <li className="min-w-0 rounded-xl border bg-card p-4 shadow-xs" data-testid="timetable-subs-lesson">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <p className="min-w-0 truncate font-semibold">
          {subject} <span className="font-normal text-muted-foreground">· {streams}</span>
        </p>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{start ? `${label} · ${start}–${end}` : label}</span>
      </div>
      {candidates.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{s.noCandidates}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-1.5">
          {candidates.map((c) => (
            <li key={c.teacherId} className={cn('flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm', c.teachesSubject ? 'bg-emerald-500/8' : 'bg-muted/50')} data-testid="timetable-subs-candidate">
              {c.teachesSubject ? <UserCheck className="size-4 shrink-0 text-emerald-600" aria-hidden /> : <span className="size-4 shrink-0" aria-hidden />}
              <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
              {c.teachesSubject && <span className="hidden shrink-0 text-xs text-emerald-700 min-[420px]:inline dark:text-emerald-300">{s.teaches}</span>}
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{s.load(c.lessonsThatDay)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
