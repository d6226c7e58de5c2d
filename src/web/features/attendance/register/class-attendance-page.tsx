import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ChevronLeft, ChevronRight, ClipboardList } from 'lucide-react';
import { dayLabel, notSchoolDay } from '@shared/attendance-calendar';
import type { StreamDay } from '@shared/contracts/attendance';
import type { ClassDetails } from '@shared/contracts/people';
import { attendanceRegisterScreens as m } from '@shared/messages/attendance-register-screens';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { EmptyStateCard } from '@/components/page-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SkeletonStack } from '@/components/skeleton-stack';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { usePatchedSearchParams } from '@/lib/search-params';
import { retry, useAttendanceCalendar, useAttendanceStreams } from '../api/registers';
import { RegisterEditor } from './register-editor';
import { sessionLabel } from './outbox-banner';
import { calendarOf, calendarRange, nextSchoolDay, previousSchoolDay } from './school-days';
import { STATUS_TONE } from './status-tone';
import { IconBadge } from '@/components/icon-badge';
import { DateField } from '@/components/date-field';

const p = m.page;
const PERIODS = Array.from({ length: 10 }, (_, i) => `period-${i + 1}`);

/** Class-teacher streams first, then by level and name. */
const byOwnFirst = (a: StreamDay, b: StreamDay) => Number(b.isClassTeacher) - Number(a.isClassTeacher) || a.levelOrder - b.levelOrder || a.name.localeCompare(b.name);

/**
 * The teacher's "Class Attendance" (issue 13 §1; spec §2): choose a stream (their class-teacher stream
 * first), a school day (the latest one up to today by default, with previous / next school-day buttons and
 * why today has no register when it has none) and, when the school takes two registers a day or per
 * lesson, the session; then mark the register (./register-editor.tsx), which works offline. The choice
 * lives in the address (`?stream=&date=&session=&subject=`) so a reload keeps it.
 */
export function ClassAttendancePage() {
  const { sectionId, title } = useActiveSectionTitle();
  const [params, set] = usePatchedSearchParams(true);
  const urlDate = params.get('date');
  const streams = useAttendanceStreams(urlDate);
  const data = streams.data;
  const day = urlDate ?? data?.date ?? null;
  const today = data?.today ?? null;
  const range = day && today ? calendarRange(day, today) : null;
  const calendar = useAttendanceCalendar(range?.from ?? null, range?.to ?? null);
  const cal = calendar.data ? calendarOf(calendar.data) : null;


  const items = React.useMemo(() => [...(data?.items ?? [])].sort(byOwnFirst), [data?.items]);
  const stream = items.find((s) => s.classId === params.get('stream')) ?? items[0] ?? null;
  const daily = data?.sessions ?? ['day'];
  const requested = params.get('session');
  const session = requested && (daily.includes(requested) || (data?.perLessonRegisters && PERIODS.includes(requested))) ? requested : (daily[0] ?? 'day');
  const subjectId = session.startsWith('period-') ? params.get('subject') : null;

  const header = <PageHeader sectionId={sectionId} title={title} subtitle={p.subtitle} testId="class-attendance-header" />;

  if (streams.isPending) {
    return (
      <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="class-attendance">
        {header}
        <SkeletonStack className="flex flex-col gap-3" cells={['h-28 w-full rounded-xl', 'h-96 w-full rounded-xl']} />
      </section>
    );
  }
  if (streams.isError) {
    return (
      <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="class-attendance">
        {header}
        <QueryErrorCard query={streams} title={p.loadFailed} retryLabel={m.common.tryAgain} testId="streams-error" />
      </section>
    );
  }

  // Why today has no register (the page then shows the latest school day).
  const todayClosed = !urlDate && today && cal && day !== today ? notSchoolDay(cal, today) : null;
  const prev = cal && day ? previousSchoolDay(cal, day) : null;
  const next = cal && day && today ? nextSchoolDay(cal, day, today) : null;

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="class-attendance">
      {header}
      {items.length === 0 ? (
        <EmptyStateCard icon={ClipboardList} title={p.noStreams} hint={p.noStreamsHint} testId="class-attendance-empty" />
      ) : (
        <>
          <div className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid="register-picker">
            <StreamChips items={items} selected={stream?.classId ?? null} onSelect={(id) => set({ stream: id })} />
            <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
              <div className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor="register-date" className="text-xs font-medium text-muted-foreground">
                  {p.date}
                </label>
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="icon" className="size-11 shrink-0 md:size-10" disabled={!prev} onClick={() => prev && set({ date: prev })} aria-label={p.previousDay} title={p.previousDay} data-testid="previous-day">
                    <ChevronLeft aria-hidden />
                  </Button>
                  <div className="relative min-w-0 flex-1 md:w-56 md:flex-none">
                    <DateField
                      id="register-date"
                      value={day ?? ''}
                      max={today ?? undefined}
                      onValueChange={(value) => value && set({ date: value })}
                      className="h-11 pr-3 md:h-10"
                      data-testid="register-date"
                    />
                  </div>
                  <Button variant="outline" size="icon" className="size-11 shrink-0 md:size-10" disabled={!next} onClick={() => next && set({ date: next })} aria-label={p.nextDay} title={p.nextDay} data-testid="next-day">
                    <ChevronRight aria-hidden />
                  </Button>
                </div>
                {day && (
                  <p className="text-xs text-muted-foreground" data-testid="register-day-label">
                    {dayLabel(day)}
                  </p>
                )}
              </div>
              {(daily.length > 1 || data?.perLessonRegisters) && stream && (
                <SessionPicker
                  sessions={daily}
                  perLesson={!!data?.perLessonRegisters}
                  session={session}
                  subjectId={subjectId}
                  classId={stream.classId}
                  markedSessions={stream.markedSessions}
                  onChange={(s, subject) => set({ session: s, subject })}
                />
              )}
            </div>
          </div>

          {todayClosed && day && (
            <div className="flex items-start gap-3 rounded-xl border border-sky-500/25 bg-sky-500/[0.06] p-3.5 text-sm sm:p-4" role="status" data-testid="today-closed">
              <IconBadge icon={CalendarClock} className="size-8 rounded-lg bg-sky-500/15 text-sky-700 dark:text-sky-300" />
              <div className="min-w-0">
                <p className="font-semibold">{p.todayClosedTitle}</p>
                <p className="mt-0.5 text-muted-foreground" data-testid="today-closed-reason">
                  {p.todayClosed(todayClosed.reason, dayLabel(day))}
                </p>
              </div>
            </div>
          )}

          {stream && day && (!session.startsWith('period-') || subjectId) ? (
            <RegisterEditor classId={stream.classId} date={day} session={session} subjectId={subjectId} />
          ) : (
            stream && <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{m.sessions.chooseSubject}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The streams as large tappable chips with that day's state (marked or not). */
function StreamChips({ items, selected, onSelect }: { items: StreamDay[]; selected: string | null; onSelect: (classId: string) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="text-xs font-medium text-muted-foreground" id="register-stream-label">
        {p.stream}
      </p>
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:-mx-5 sm:px-5" role="group" aria-labelledby="register-stream-label" data-testid="stream-picker">
        {items.map((s) => {
          const active = s.classId === selected;
          return (
            <button
              key={s.classId}
              type="button"
              onClick={() => onSelect(s.classId)}
              aria-pressed={active}
              className={cn(
                'flex min-h-14 shrink-0 cursor-pointer flex-col items-start justify-center gap-0.5 rounded-lg border px-3.5 py-2 text-left transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                active ? 'border-primary bg-primary/[0.07] ring-1 ring-primary/30' : 'bg-card hover:bg-muted/50',
              )}
              data-testid="stream-chip"
              data-class-name={s.name}
              data-marked={s.marked}
            >
              <span className="flex items-center gap-2 text-sm font-semibold whitespace-nowrap">
                {s.name}
                {s.isClassTeacher && <span className="rounded-full bg-primary/10 px-1.5 py-px text-[10px] font-medium text-primary">{p.classTeacher}</span>}
              </span>
              <span className="flex items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground">
                <span className={cn('size-1.5 rounded-full', s.marked ? STATUS_TONE.present.dot : STATUS_TONE.late.dot)} aria-hidden />
                {s.marked ? p.marked : p.notMarked}
                <span aria-hidden>·</span>
                {p.learners(s.learners)}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Morning / afternoon (two registers a day), and the lessons when per-lesson registers are on. */
function SessionPicker({
  sessions,
  perLesson,
  session,
  subjectId,
  classId,
  markedSessions,
  onChange,
}: {
  sessions: string[];
  perLesson: boolean;
  session: string;
  subjectId: string | null;
  classId: string;
  markedSessions: string[];
  onChange: (session: string, subjectId: string | null) => void;
}) {
  const lesson = session.startsWith('period-');
  const details = useQuery({
    queryKey: ['attendance', 'class-subjects', classId],
    queryFn: () => api<ClassDetails>(`/api/classes/${classId}/details`),
    enabled: perLesson && lesson,
    staleTime: 5 * 60_000,
    retry,
  });
  const choices = perLesson ? [...sessions, 'lesson'] : sessions;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="text-xs font-medium text-muted-foreground" id="register-session-label">
        {m.page.session}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted/60 p-1" role="group" aria-labelledby="register-session-label" data-testid="session-picker">
          {choices.map((s) => {
            const active = s === 'lesson' ? lesson : s === session;
            return (
              <button
                key={s}
                type="button"
                aria-pressed={active}
                onClick={() => onChange(s === 'lesson' ? 'period-1' : s, s === 'lesson' ? subjectId : null)}
                className={cn(
                  'flex h-10 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
                data-testid="session-option"
                data-session={s}
              >
                {s === 'lesson' ? m.sessions.lessons : sessionLabel(s)}
                {s !== 'lesson' && markedSessions.includes(s) && <span className={cn('size-1.5 rounded-full', STATUS_TONE.present.dot)} aria-hidden />}
              </button>
            );
          })}
        </div>
        {lesson && (
          <div className="flex gap-2">
            <Select value={session} onValueChange={(v) => onChange(v, subjectId)}>
              <SelectTrigger className="h-10 w-32" aria-label={m.page.session}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PERIODS.map((s) => (
                  <SelectItem key={s} value={s}>
                    {sessionLabel(s)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Select value={subjectId ?? undefined} onValueChange={(v) => onChange(session, v)}>
              <SelectTrigger className="h-10 w-48" aria-label={m.sessions.subject}>
                <SelectValue placeholder={m.sessions.subjectPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {(details.data?.subjects ?? []).map((s) => (
                  <SelectItem key={s.subjectId} value={s.subjectId}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
    </div>
  );
}
