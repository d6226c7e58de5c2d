import { Link } from 'react-router';
import { ArrowRight, CalendarDays, Hash, Mail, Phone, School, UserRound, UsersRound, Wallet } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { ParentChild, ParentDashboard as Data } from '@shared/contracts/dashboard';
import { relationshipText } from '@shared/contracts/learners';
import type { MyChildrenFees } from '@shared/contracts/fees';
import { useFeesLiveRefresh, useMyChildrenFees } from '@/features/fees';
import type { ChildTransport } from '@shared/contracts/transport';
import { ChildTransportCard } from '@/features/transport';
import { ChildPrivacyConsent } from '@/features/data-protection';
import { useMyChildrenTransport } from '@/features/transport';
import { Money } from '@/components/money';
import { BalanceBadge } from '@/features/fees';
import { cn } from '@/lib/utils';
import { TermCalendarChart } from '@/components/charts';
import { useDensity } from '@/lib/density';
import { dayMs, formatDate, formatNumber, formatPhone, initials, termSummary } from '@/lib/format';
import { DashboardPage, EmptyNote, Panel, StatGrid } from '@/components/page-layout';
import { StatCard } from '@/components/stat-card';
import { FactTile } from '@/components/fact-tile';
import { EmailText } from '@/components/email-text';
import { TermStatusBadge } from '../components/school-widgets';

const m = messages.dashboard;
const f = messages.financeOverview.dashboard;
const FEES_PATH = pathForSection('parent', 'finance');

type ChildFees = MyChildrenFees['children'][number];

/** A child's fee balance with a link to School Fees (issue 11 §2). */
function ChildFeeStrip({ fees }: { fees: ChildFees | undefined }) {
  if (!fees) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border px-3 py-2.5" data-testid="child-fee-balance" data-balance={fees.balance}>
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Wallet className="size-3.5" aria-hidden />
          {f.childBalance}
          <BalanceBadge balance={fees.balance} />
        </p>
        <Money value={Math.abs(fees.balance)} className={cn('text-lg font-semibold', fees.balance > 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')} />
      </div>
      <Link
        to={FEES_PATH}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border bg-card px-3 text-xs font-medium shadow-xs hover:bg-accent hover:text-accent-foreground"
        data-testid="child-fees-link"
      >
        {f.schoolFees}
        <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </div>
  );
}

function fullName(c: ParentChild) {
  return [c.firstName, c.middleName, c.lastName].filter(Boolean).join(' ');
}

function ChildCard({ child, fees, transport }: { child: ParentChild; fees: ChildFees | undefined; transport: ChildTransport['transport'] | undefined }) {
  const { compact } = useDensity();
  const name = fullName(child);
  /** The child's class and class teacher. */
  const facts: { label: string; value: string; testId?: string }[] = [
    { label: m.childClass, value: child.class?.name ?? m.noClassYet, testId: 'child-class' },
    { label: m.childClassTeacher, value: child.classTeacher?.name ?? m.noClassTeacher },
  ];
  return (
    <li className={cn('flex min-w-0 flex-col rounded-xl border bg-card shadow-sm', compact ? 'gap-3 p-3' : 'gap-4 p-4 sm:p-5')} data-testid="child-card">
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'flex size-12 shrink-0 items-center justify-center rounded-full text-base font-semibold ring-1 ring-inset',
            child.gender === 'female'
              ? 'bg-[color-mix(in_oklab,var(--color-chart-5)_14%,transparent)] text-[var(--color-chart-5)] ring-[color-mix(in_oklab,var(--color-chart-5)_25%,transparent)]'
              : 'bg-[color-mix(in_oklab,var(--color-chart-1)_14%,transparent)] text-[var(--color-chart-1)] ring-[color-mix(in_oklab,var(--color-chart-1)_25%,transparent)]',
          )}
          aria-hidden
        >
          {initials(`${child.firstName} ${child.lastName}`)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-base font-semibold" data-testid="child-name">
            {name}
          </p>
          <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
            <Hash className="size-3" aria-hidden />
            {m.admissionNo} {child.admissionNumber}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="child-relationship">
            {m.linkedAs(relationshipText(child.relationship, child.relationshipLabel))}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
        {facts.map((f) => (
          <FactTile key={f.label} label={f.label} testId={f.testId}>
            {f.value}
          </FactTile>
        ))}
      </dl>
      {child.classTeacher && (
        <div className="flex flex-wrap gap-2">
          {child.classTeacher.phone && (
            <a
              href={`tel:+${child.classTeacher.phone}`}
              aria-label={m.callTeacher(child.classTeacher.name)}
              className="inline-flex h-9 items-center gap-2 rounded-md border bg-card px-3 text-sm font-medium shadow-xs hover:bg-accent hover:text-accent-foreground"
            >
              <Phone className="size-4 text-primary" aria-hidden />
              <span className="tabular-nums">{formatPhone(child.classTeacher.phone)}</span>
            </a>
          )}
          <a
            href={`mailto:${child.classTeacher.email}`}
            aria-label={m.emailTeacher(child.classTeacher.name)}
            className="inline-flex min-h-9 max-w-full min-w-0 items-center gap-2 rounded-md border bg-card px-3 py-1.5 text-sm font-medium shadow-xs hover:bg-accent hover:text-accent-foreground"
          >
            <Mail className="size-4 shrink-0 text-primary" aria-hidden />
            {/* On a phone a long address wraps rather than being cut (issue 34). */}
            <span className="min-w-0 break-words">
              <EmailText email={child.classTeacher.email} />
            </span>
          </a>
        </div>
      )}
      <ChildFeeStrip fees={fees} />
      <ChildTransportCard transport={transport} />
      <ChildPrivacyConsent studentId={child.studentId} childName={name} />
    </li>
  );
}

/** Parent: their children with class, class-teacher contact and fee balance, and the school calendar. */
export function ParentDashboard({ data }: { data: Data }) {
  const { gap } = useDensity();
  useFeesLiveRefresh();
  const fees = useMyChildrenFees();
  const feesById = new Map((fees.data?.children ?? []).map((c) => [c.studentId, c]));
  const transport = useMyChildrenTransport();
  const transportById = new Map((transport.data?.children ?? []).map((c) => [c.studentId, c.transport]));
  const owed = (fees.data?.children ?? []).reduce((sum, c) => sum + Math.max(0, c.balance), 0);
  const term = data.term ? termSummary(data.term, data.asOf) : null;
  const year = data.calendar[0]?.academicYear ?? data.term?.academicYear;
  const calendar = data.calendar.map((t) => ({
    label: t.name,
    range: [dayMs(t.startsOn), dayMs(t.endsOn)] as [number, number],
    detail: m.termDates(formatDate(t.startsOn), formatDate(t.endsOn)),
    current: !!data.term && data.term.number === t.number && data.term.academicYear === t.academicYear,
  }));
  const first = data.calendar[0];
  const yearStart = first ? Date.UTC(Number(first.startsOn.slice(0, 4)), 0, 1) : 0;
  const yearEnd = first ? Date.UTC(Number(first.startsOn.slice(0, 4)), 11, 31) : 0;
  return (
    <DashboardPage kind="parent" icon={UsersRound} title={m.parentTitle} subtitle={data.school.name}>
      <StatGrid>
        <StatCard testId="stat-children" label={m.children} value={formatNumber(data.children.length)} hint={data.children.map((c) => c.firstName).join(' · ')} icon={UserRound} accent={1} />
        <StatCard
          testId="stat-term"
          label={m.term}
          value={<span className="text-lg sm:text-xl">{term?.title ?? m.noTerm}</span>}
          hint={data.term ? (data.term.status === 'ended' && term ? term.hint : m.termDates(formatDate(data.term.startsOn), formatDate(data.term.endsOn))) : undefined}
          badge={term && <TermStatusBadge term={data.term!} label={term.status} />}
          icon={CalendarDays}
          accent={3}
        />
        <StatCard
          testId="stat-fees"
          label={f.feeBalance}
          value={
            fees.data ? (
              <Link to={FEES_PATH} className="hover:text-primary" data-testid="stat-fees-link">
                <Money value={owed} className={cn('text-[0.8em]', owed > 0 && 'text-destructive')} />
              </Link>
            ) : (
              '—'
            )
          }
          hint={fees.data ? (owed > 0 ? f.feeBalanceHint(fees.data.children.filter((c) => c.balance > 0).length) : f.feeBalanceCleared) : undefined}
          icon={Wallet}
          accent={4}
          className="col-span-2 sm:col-span-1"
        />
        <StatCard
          testId="stat-school"
          label={m.schoolContact}
          value={<span className="text-base sm:text-lg">{data.school.phone ? formatPhone(data.school.phone) : data.school.name}</span>}
          hint={data.school.email ?? data.school.name}
          icon={School}
          accent={2}
          className="col-span-2 sm:col-span-1"
        />
      </StatGrid>

      {data.children.length === 0 ? (
        <EmptyNote>{m.noChildren}</EmptyNote>
      ) : (
        <ul className={cn('grid grid-cols-1 lg:grid-cols-2', gap)} data-testid="children">
          {data.children.map((c) => (
            <ChildCard key={c.studentId} child={c} fees={feesById.get(c.studentId)} transport={transportById.get(c.studentId)} />
          ))}
        </ul>
      )}

      {calendar.length > 0 && year && (
        <Panel title={m.schoolCalendar} description={m.schoolCalendarHint(year)} testId="school-calendar">
          <TermCalendarChart terms={calendar} yearStart={yearStart} yearEnd={yearEnd} today={dayMs(data.asOf)} />
        </Panel>
      )}
    </DashboardPage>
  );
}
