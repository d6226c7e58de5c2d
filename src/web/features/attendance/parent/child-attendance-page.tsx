import * as React from 'react';
import { useSearchParams } from 'react-router';
import { CalendarOff, UsersRound } from 'lucide-react';
import type { CalendarResponse } from '@shared/contracts/attendance';
import { attendanceParentScreens as m } from '@shared/messages/attendance-parent-screens';
import { EmptyStateCard } from '@/components/page-states';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { QueryErrorCard } from '@/components/query-error-card';
import { PageHeader } from '@/components/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SkeletonStack } from '@/components/skeleton-stack';
import { ChildIdentity } from '@/components/child-identity';
import { ChildSwitcher } from '@/features/assessment';
import { useSchoolContext } from '@/lib/school-context';
import { LastSynced } from '@/pwa/last-synced';
import { MY_CHILDREN_PATH, studentAttendancePath, useAttendanceCalendar, useMyChildren, useStudentAttendance, type ChildItem } from '../api/student-attendance';
import { AttendanceCalendar } from './attendance-calendar';
import { AttendanceHeadline, AttendanceLists } from './attendance-summary';
import { defaultTermId, schoolCalendarOf, termDays, type Term } from './term-days';

const PANEL_ID = 'child-attendance-panel';

/** The term picker: the school's terms, newest first, the current one marked. */
function TermPicker({ terms, value, onChange }: { terms: Term[]; value: string; onChange: (id: string) => void }) {
  const newestFirst = [...terms].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={m.term} className="w-full @lg:w-auto @lg:min-w-56" data-testid="term-picker">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {newestFirst.map((t) => (
          <SelectItem key={t.id} value={t.id} data-testid="term-option">
            {m.termLabel(t.name, t.startsOn)}
            {t.isCurrent && <span className="ml-1.5 text-xs text-muted-foreground">· {m.currentTerm}</span>}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The chosen child's term: headline figures, the calendar and the lists, with their loading and error states. */
function TermAttendance({ child, term, calendar }: { child: ChildItem; term: Term; calendar: CalendarResponse }) {
  const q = useStudentAttendance(child.studentId, term.id);
  const cal = React.useMemo(() => schoolCalendarOf(calendar), [calendar]);
  const days = React.useMemo(() => termDays(term, q.data, cal, calendar.today), [term, q.data, cal, calendar.today]);
  if (q.isPending)
    return <SkeletonStack cells={['h-28 rounded-lg', 'h-80 rounded-lg']} />;
  if (q.isError) return <QueryErrorCard query={q} title={m.loadFailedTitle} text={m.loadFailedText} retryLabel={m.tryAgain} testId="attendance-error" />;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="child-attendance-term" data-term-id={term.id}>
      {/* Offline (issue 36 §4): when what is shown was last fetched. */}
      <LastSynced paths={[studentAttendancePath(child.studentId, term.id), MY_CHILDREN_PATH]} />
      <AttendanceHeadline data={q.data} />
      <AttendanceCalendar key={term.id} term={term} days={days} today={calendar.today} />
      <AttendanceLists data={q.data} />
    </div>
  );
}

function ChildAttendanceBody({ items, calendar }: { items: ChildItem[]; calendar: CalendarResponse }) {
  const [params, setParams] = useSearchParams();
  const selected = items.find((c) => c.studentId === params.get('child')) ?? items[0]!;
  const term = calendar.terms.find((t) => t.id === params.get('term')) ?? calendar.terms.find((t) => t.id === defaultTermId(calendar.terms, calendar.today)) ?? null;
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        q.set(key, value);
        return q;
      },
      { replace: true },
    );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {items.length > 1 && <ChildSwitcher items={items} value={selected.studentId} onChange={(id) => set('child', id)} controls={PANEL_ID} />}
      <article
        id={PANEL_ID}
        role={items.length > 1 ? 'tabpanel' : undefined}
        className="@container flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
        data-testid="child-attendance"
        data-student-id={selected.studentId}
      >
        <header className="flex flex-col gap-3 border-b p-4 sm:p-5 @lg:flex-row @lg:items-center @lg:gap-4">
          <ChildIdentity child={selected} />
          {term && <TermPicker terms={calendar.terms} value={term.id} onChange={(id) => set('term', id)} />}
        </header>
        <div className="p-3 sm:p-5">
          {term ? (
            <TermAttendance key={`${selected.studentId}-${term.id}`} child={selected} term={term} calendar={calendar} />
          ) : (
            <EmptyListState icon={CalendarOff} title={m.noTerms} hint={m.noTermsHint} testId="attendance-no-terms" />
          )}
        </div>
      </article>
    </div>
  );
}

/**
 * Parent "Child Attendance" (issue 13 §2): a tab per child; for the chosen child and term (default: the
 * current term, else the latest that has begun) the attendance rate with its tone, days open, present,
 * absent, late and excused, the term's calendar month by month with each school day's status and every
 * closed day greyed with why, and the absences and late arrivals listed. Reads GET /api/students (own
 * children), GET /api/attendance/calendar and GET /api/students/:id/attendance?termId=.
 */
export function ChildAttendancePage() {
  const { currentSchool } = useSchoolContext();
  const children = useMyChildren();
  const calendar = useAttendanceCalendar();
  let body: React.ReactNode;
  if (children.isPending || calendar.isPending)
    body = <SkeletonStack cells={['h-14 w-72 rounded-xl', 'h-[28rem] rounded-xl']} />;
  else if (children.isError || calendar.isError) {
    const error = children.error ?? calendar.error;
    body = (
      <LoadErrorCard
        title={m.loadFailedTitle}
        text={m.loadFailedText}
        detail={error?.message}
        retryLabel={m.tryAgain}
        onRetry={() => void Promise.all([children.refetch(), calendar.refetch()])}
        testId="attendance-error"
      />
    );
  } else if (children.data.length === 0)
    body = (
      <EmptyStateCard icon={UsersRound} title={m.noChildren} testId="attendance-no-children" />
    );
  else body = <ChildAttendanceBody items={children.data} calendar={calendar.data} />;
  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="parent-attendance">
      <PageHeader sectionId="attendance" title={m.title} subtitle={currentSchool?.name ? `${currentSchool.name} · ${m.subtitle}` : m.subtitle} />
      {body}
    </section>
  );
}
