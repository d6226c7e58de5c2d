import * as React from 'react';
import { CalendarClock, CalendarPlus, Copy, Download, GraduationCap, Link2, MapPin } from 'lucide-react';
import { toast } from 'sonner';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TimetableSummary, TimetableView } from '@shared/contracts/timetable';
import { timetableScreenMessages as tm } from '@shared/messages/timetable-screens';
import { EmptyListState } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SkeletonStack } from '@/components/skeleton-stack';
import { buildRows, lessonsInView, levelForView, namesOf, todayIndex } from './grid-model';
import { groupSoft, softSummary } from './soft-summary';
import { TimetableGrid } from './timetable-grid';
import { useCurrentTimetable, useFeedToken, useTimetable, useVersions, type CurrentTimetable } from './timetable-api';
import { PdfButton, StatusBadge, VersionPicker, ViewPicker, defaultVersion, pdfHref, useViewChoice, type ViewChoice } from './view-controls';

/** A grid-shaped placeholder while a timetable loads. */
export function GridSkeleton() {
  return (
    <SkeletonStack className="flex flex-col gap-3" cells={['h-10 w-64 rounded-lg', 'h-[26rem] w-full rounded-xl']} testId="timetable-loading" />
  );
}

/** The "could not load the timetable" card of a failed timetable query, with Try Again. */
export function TimetableLoadError({ query }: { query: React.ComponentProps<typeof QueryErrorCard>['query'] }) {
  return <QueryErrorCard query={query} title={tm.loadError} retryLabel={tm.tryAgain} testId="timetable-error" />;
}

function NotPublished() {
  return <EmptyListState icon={CalendarClock} title={tm.notPublished} hint={tm.notPublishedHint} testId="timetable-not-published" />;
}

/**
 * A timetable version on screen: the version and view (class, teacher, room) pickers above, then the
 * loaded version through `children`, its load error with Try Again, or the grid's skeleton while it loads.
 */
export function VersionViewFrame({
  versions,
  versionId,
  onVersion,
  view,
  choice,
  children,
}: {
  versions: TimetableSummary[];
  versionId: string | null;
  onVersion: (id: string) => void;
  view: Pick<UseQueryResult<TimetableView, Error>, 'data' | 'isError' | 'error' | 'refetch'>;
  choice: ViewChoice;
  children: (view: TimetableView) => React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-wrap items-end gap-3">
        <VersionPicker versions={versions} value={versionId} onChange={onVersion} />
        {view.data && <ViewPicker view={view.data} choice={choice} />}
      </div>
      {view.isError && view.error ? (
        <TimetableLoadError query={view} />
      ) : !view.data ? (
        <GridSkeleton />
      ) : (
        children(view.data)
      )}
    </div>
  );
}

/**
 * The director's "School Timetables" (issue 16 §5): any version (the published one first), by stream,
 * teacher or room, read-only, with the PDF of the view and of the whole school.
 */
export function DirectorTimetables() {
  const versions = useVersions();
  const [picked, setPicked] = React.useState<string | null>(null);
  const list = versions.data ?? [];
  const id = picked && list.some((v) => v.id === picked) ? picked : defaultVersion(list);
  const view = useTimetable(id);
  const choice = useViewChoice(view.data);
  if (versions.isError) return <TimetableLoadError query={versions} />;
  if (!versions.data) return <GridSkeleton />;
  if (list.length === 0) return <EmptyListState icon={CalendarClock} title={tm.noVersions} hint={tm.noVersionsDirector} testId="timetable-empty" />;
  return (
    <VersionViewFrame versions={list} versionId={id} onVersion={setPicked} view={view} choice={choice}>
      {(data) => (
        <>
          <ViewToolbar view={data} kind={choice.kind} entityId={choice.entityId} />
          <TimetableGrid view={data} lessons={data.lessons} kind={choice.kind} entityId={choice.entityId} highlightToday showLocks />
        </>
      )}
    </VersionViewFrame>
  );
}

/** A view's summary line (status, lessons, unmet preferences in plain words) and its PDFs. */
export function ViewToolbar({ view, kind, entityId, extra }: { view: TimetableView; kind: 'class' | 'teacher' | 'room'; entityId: string; extra?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
      <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <StatusBadge status={view.status} />
        <span>{tm.picker.meta(view.lessons.length, view.unplaced.length)}</span>
        <span aria-hidden>·</span>
        <span title={tm.picker.softScore(view.softScore)} data-testid="timetable-soft-summary">
          {softSummary(groupSoft(view.violations))}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {extra}
        {entityId && <PdfButton href={pdfHref(view.id, kind, entityId)} label={tm.editor.pdfView} testId="timetable-pdf-view" />}
        <PdfButton href={pdfHref(view.id, 'school')} label={tm.editor.pdfSchool} testId="timetable-pdf-school" />
      </div>
    </div>
  );
}

/** Finance officer, HR and other school staff: the published school timetable by stream or teacher. */
export function StaffTimetable() {
  const current = useCurrentTimetable();
  const view = current.data?.timetable ?? null;
  const choice = useViewChoice(view);
  if (current.isError) return <TimetableLoadError query={current} />;
  if (!current.data) return <GridSkeleton />;
  if (!view) return <NotPublished />;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ViewPicker view={view} choice={choice} kinds={['class', 'teacher']} />
      <ViewToolbar view={view} kind={choice.kind} entityId={choice.entityId} />
      <TimetableGrid view={view} lessons={view.lessons} kind={choice.kind} entityId={choice.entityId} highlightToday />
    </div>
  );
}

/**
 * The teacher's "My Timetable" (issue 16 §5): their week from the published timetable with today
 * highlighted, today's lessons as a list (first on phones), the PDF, and "Add to calendar" (the .ics
 * file and a feed address calendars subscribe to).
 */
export function TeacherTimetable() {
  const current = useCurrentTimetable();
  if (current.isError) return <TimetableLoadError query={current} />;
  if (!current.data) return <GridSkeleton />;
  const view = current.data.timetable;
  const teacherId = current.data.me.teacherId;
  if (!view) return <NotPublished />;
  if (!teacherId || lessonsInView(view.lessons, 'teacher', teacherId).length === 0)
    return <EmptyListState icon={CalendarClock} title={tm.notTeaching} testId="timetable-not-teaching" />;
  const mine = lessonsInView(view.lessons, 'teacher', teacherId);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="my-timetable-count">
          {tm.teacher.lessonsCount(mine.reduce((n, l) => n + l.duration, 0))}
        </p>
        <div className="flex flex-wrap gap-2">
          <PdfButton href={pdfHref(view.id, 'teacher', teacherId)} label={tm.teacher.pdf} testId="timetable-pdf-view" />
          <CalendarMenu />
        </div>
      </div>
      <TodayList view={view} kind="teacher" entityId={teacherId} />
      <TimetableGrid view={view} lessons={view.lessons} kind="teacher" entityId={teacherId} highlightToday testId="my-timetable-grid" />
    </div>
  );
}

/** Today's lessons in order with their times (the phone's first view of the week). */
function TodayList({ view, kind, entityId }: { view: TimetableView; kind: 'teacher' | 'class'; entityId: string }) {
  const d = todayIndex(view);
  if (d < 0) return null;
  const names = namesOf(view);
  const rows = buildRows(view, levelForView(view, kind, entityId, view.lessons));
  const times = new Map(rows.flatMap((r) => (r.kind === 'lesson' ? [[r.period, r] as const] : [])));
  const today = lessonsInView(view.lessons, kind, entityId)
    .filter((l) => l.day === d)
    .sort((a, b) => a.period - b.period);
  return (
    <section className="rounded-xl border bg-card p-4 shadow-xs sm:hidden" data-testid="timetable-today">
      <h2 className="text-sm font-semibold">{tm.teacher.todayTitle}</h2>
      {today.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{tm.teacher.todayNone}</p>
      ) : (
        <ol className="mt-2 flex flex-col divide-y">
          {today.map((l) => {
            const r = times.get(l.period);
            const end = times.get(l.period + l.duration - 1);
            return (
              <li key={l.activityId} className="flex items-center gap-3 py-2" data-testid="timetable-today-lesson">
                <span className="w-20 shrink-0 text-xs text-muted-foreground tabular-nums">{r?.start ? `${r.start}–${end?.end ?? r.end}` : r?.label}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{names.subject(l.subjectId)}</span>
                  <span className="flex min-w-0 items-center gap-1 truncate text-xs text-muted-foreground">
                    {kind === 'teacher' ? l.classIds.map(names.cls).join(', ') : l.teacherIds.map(names.teacher).join(', ')}
                    {l.roomId && (
                      <>
                        <MapPin className="ml-1 size-3 shrink-0" aria-hidden />
                        {names.room(l.roomId)}
                      </>
                    )}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** "Add to calendar": the .ics download and the feed address (made on demand, copyable). */
function CalendarMenu() {
  const feed = useFeedToken();
  const [url, setUrl] = React.useState<string | null>(null);
  const getFeed = () =>
    feed.mutate(undefined, {
      onSuccess: (r) => setUrl(r.url),
      onError: (e) => toast.error(e.message),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(tm.teacher.copied);
    } catch {
      toast.error(tm.teacher.copyFailed);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" data-testid="timetable-calendar">
          <CalendarPlus aria-hidden />
          {tm.teacher.calendar}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-2rem))] p-3">
        <div className="flex flex-col gap-3">
          <Button variant="outline" size="sm" asChild>
            <a href="/api/timetables/my.ics" download data-testid="timetable-ics">
              <Download aria-hidden />
              {tm.teacher.ics}
            </a>
          </Button>
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium">{tm.teacher.feed}</p>
            <p className="text-xs text-muted-foreground">{tm.teacher.feedHint}</p>
            {url ? (
              <div className="flex gap-1.5">
                <Input readOnly value={url} className="h-8 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid="timetable-feed-url" />
                <Button size="sm" variant="outline" onClick={() => void copy()} aria-label={tm.teacher.copy}>
                  <Copy aria-hidden />
                </Button>
              </div>
            ) : (
              <Button size="sm" variant="secondary" onClick={getFeed} disabled={feed.isPending} data-testid="timetable-feed-get">
                <Link2 aria-hidden />
                {tm.teacher.getFeed}
              </Button>
            )}
          </div>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The parent's "Class Timetable" (issue 16 §5): one tab per child with their stream's week and its PDF. */
export function ParentTimetable() {
  const current = useCurrentTimetable();
  const [tab, setTab] = React.useState<string>('');
  if (current.isError) return <TimetableLoadError query={current} />;
  if (!current.data) return <GridSkeleton />;
  const { timetable: view, me } = current.data;
  if (me.children.length === 0) return <EmptyListState icon={GraduationCap} title={tm.noChildren} testId="timetable-no-children" />;
  if (!view) return <NotPublished />;
  const children = me.children;
  const active = children.some((c) => c.studentId === tab) ? tab : children[0]!.studentId;
  const card = (c: CurrentTimetable['me']['children'][number]) => <ChildCard key={c.studentId} view={view} child={c} />;
  if (children.length === 1) return card(children[0]!);
  return (
    <Tabs value={active} onValueChange={setTab} className="flex min-w-0 flex-col">
      <TabsList>
        {children.map((c) => (
          <TabsTrigger key={c.studentId} value={c.studentId} data-testid="timetable-child-tab">
            <GraduationCap aria-hidden />
            {c.name.split(' ')[0]}
          </TabsTrigger>
        ))}
      </TabsList>
      {children.map((c) => (
        <TabsContent key={c.studentId} value={c.studentId}>
          {card(c)}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function ChildCard({ view, child }: { view: TimetableView; child: CurrentTimetable['me']['children'][number] }) {
  return (
    <section className="flex min-w-0 flex-col gap-3" data-testid="timetable-child" data-child={child.name}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">{child.name.slice(0, 1)}</span>
          <div className="min-w-0">
            <p className="truncate font-semibold">{child.name}</p>
            <p className="text-sm text-muted-foreground" data-testid="timetable-child-stream">
              {child.className ? tm.parent.stream(child.className) : tm.parent.noStream}
            </p>
          </div>
        </div>
        {child.classId && <PdfButton href={pdfHref(view.id, 'class', child.classId)} label={tm.parent.pdf} testId="timetable-pdf-view" />}
      </div>
      {child.classId && (
        <>
          <TodayList view={view} kind="class" entityId={child.classId} />
          <TimetableGrid view={view} lessons={view.lessons} kind="class" entityId={child.classId} highlightToday testId="class-timetable-grid" />
        </>
      )}
    </section>
  );
}
