import * as React from 'react';
import { Link } from 'react-router';
import { Building2, SlidersHorizontal, UserPlus, UserRoundSearch } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { BOARDING, GENDERS, STUDENT_STATUSES, learnerName, type StudentListItem } from '@shared/contracts/learners';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { DataTable, ListToolbar, pagedTableProps, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { LearnerExportMenu } from '@/features/learner-import';
import { EmptyListState } from '@/components/list-states';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CodeText } from '@/components/code-text';
import { useClasses, useLearnerFigures, useStudents } from '../api/learners';
import { ageToday, formatDate } from './format';
import { ImportButton } from './import-slot';
import { LearnerPhoto } from '@/features/learner-photo';
import { LearnerStatusBadge } from './status-badge';
import type { RegisterMode } from './register-mode';
import { perLocale } from '@shared/i18n/localized';

const m = messages.learners;
const r = m.register;
const PAGE_SIZE = 25;

const FILTER_DEFAULTS = { search: '', levelId: '', classId: '', status: 'active', gender: '', boarding: '' };

const columns = perLocale((): ColumnDef<StudentListItem, unknown>[] => ([
  {
    id: 'name',
    header: r.colLearner,
    meta: { sortKey: 'name', alwaysVisible: true, className: 'min-w-56' },
    cell: ({ row }) => {
      const s = row.original;
      const name = learnerName(s);
      return (
        <div className="flex min-w-0 items-center gap-3">
          <LearnerPhoto studentId={s.id} name={name} gender={s.gender} hasPhoto={s.hasPhoto} size="sm" className="size-9" />
          <div className="min-w-0">
            <p className="truncate font-medium" data-testid="learner-name">
              {name}
            </p>
            {s.upi && <p className="truncate font-mono text-xs text-muted-foreground">{s.upi}</p>}
          </div>
        </div>
      );
    },
  },
  {
    id: 'admissionNumber',
    header: r.colAdmission,
    meta: { sortKey: 'admissionNumber', label: r.colAdmission },
    cell: ({ row }) => <CodeText testId="learner-admission">{row.original.admissionNumber}</CodeText>,
  },
  {
    id: 'class',
    header: r.colClass,
    meta: { sortKey: 'class', label: r.colClass },
    cell: ({ row }) => <span className="whitespace-nowrap">{row.original.className ?? <span className="text-muted-foreground">{m.common.noClass}</span>}</span>,
  },
  {
    id: 'gender',
    header: r.colGender,
    meta: { label: r.colGender },
    cell: ({ row }) => m.genders[row.original.gender],
  },
  {
    id: 'age',
    header: r.colAge,
    meta: { label: r.colAge, className: 'text-right' },
    cell: ({ row }) => {
      const age = ageToday(row.original.dateOfBirth);
      return <span className="tabular-nums">{age === null ? '—' : age}</span>;
    },
  },
  {
    id: 'boarding',
    header: r.colBoarding,
    meta: { label: r.colBoarding },
    cell: ({ row }) => m.boardingOptions[row.original.boarding],
  },
  {
    id: 'upi',
    header: r.colUpi,
    meta: { label: r.colUpi, defaultHidden: true },
    cell: ({ row }) => <span className="font-mono text-[13px]">{row.original.upi ?? '—'}</span>,
  },
  {
    id: 'admittedOn',
    header: r.colAdmitted,
    meta: { sortKey: 'admittedOn', label: r.colAdmitted, defaultHidden: true },
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.admittedOn ? formatDate(row.original.admittedOn) : '—'}</span>,
  },
  {
    id: 'status',
    header: r.colStatus,
    meta: { label: r.colStatus },
    cell: ({ row }) => <LearnerStatusBadge status={row.original.status} />,
  },
]));

function LearnerCard({ s }: { s: StudentListItem }) {
  const name = learnerName(s);
  const age = ageToday(s.dateOfBirth);
  return (
    <div className="flex min-w-0 items-start gap-3">
      <LearnerPhoto studentId={s.id} name={name} gender={s.gender} hasPhoto={s.hasPhoto} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" data-testid="learner-name">
          {name}
        </p>
        <p className="mt-0.5 truncate text-sm text-muted-foreground">
          <span className="font-mono text-[13px]">{s.admissionNumber}</span>
          {' · '}
          {s.className ?? m.common.noClass}
        </p>
        <div className="mt-1.5 flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-muted-foreground">
            {[m.genders[s.gender], age === null ? null : m.common.years(age), m.boardingOptions[s.boarding]].filter(Boolean).join(' · ')}
          </p>
          <LearnerStatusBadge status={s.status} className="shrink-0" />
        </div>
      </div>
    </div>
  );
}

/** The status filter: Active by default, the other statuses, or all (a value of its own, unlike "any"). */
function StatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={r.status} className="w-full" data-testid="learners-filter-status">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {STUDENT_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {m.statuses[s]}
          </SelectItem>
        ))}
        <SelectItem value="all">{r.allStatuses}</SelectItem>
      </SelectContent>
    </Select>
  );
}

/**
 * The learner register (issue 10 §2 Student information, §3 students for every role) on the list-page
 * kit: server-side search (names, admission number, UPI, guardian phone), filters in the URL (level,
 * stream, status, gender, boarding), sorting, paging, column choice, export with the current filters,
 * cards under 768 px. `mode` sets the powers: the principal gets Admit and Import; a teacher's stream
 * filter lists only the streams they teach; platform staff see the school picked in the header.
 * Clicking a learner calls `onOpen` (the section shows the profile).
 */
export function LearnerRegister({ mode, onOpen }: { mode: RegisterMode; onOpen: (id: string) => void }) {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const school = useSchoolContext();
  const platform = mode === 'platform';
  const schoolId = platform ? school.currentSchoolId : null;
  const needsSchool = platform && !schoolId;

  const list = useListParams(FILTER_DEFAULTS, { sort: 'name' });
  // Phones: the filters fold away behind a "Filters" button (they would push the list off the screen).
  const [showFilters, setShowFilters] = React.useState(false);
  const query = list.query({ page: list.page, pageSize: PAGE_SIZE, schoolId: schoolId ?? undefined });
  const students = useStudents(query, !needsSchool);
  const classes = useClasses(schoolId, !needsSchool);
  // A teacher's streams: those their learners are in (the API already limits the list to them).
  const figures = useLearnerFigures(schoolId, mode === 'teacher');

  const allClasses = React.useMemo(() => classes.data ?? [], [classes.data]);
  const levels = React.useMemo(() => {
    const seen = new Map<string, { id: string; name: string; order: number }>();
    for (const c of allClasses) if (c.levelId && !seen.has(c.levelId)) seen.set(c.levelId, { id: c.levelId, name: c.level, order: c.levelOrder });
    return [...seen.values()].sort((a, b) => a.order - b.order);
  }, [allClasses]);
  const streamOptions = React.useMemo(() => {
    // A teacher never gets the whole school's streams, not even while their own are loading.
    if (mode === 'teacher') return (figures.data?.streams ?? []).map((s) => ({ value: s.classId, label: s.name }));
    return allClasses.filter((c) => !list.values.levelId || c.levelId === list.values.levelId).map((c) => ({ value: c.id, label: c.name }));
  }, [mode, figures.data, allClasses, list.values.levelId]);

  if (needsSchool) {
    return (
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <EmptyListState icon={Building2} title={r.pickSchool} hint={r.pickSchoolHint} testId="learners-pick-school" />
      </div>
    );
  }


  const filters = (
    <>
      {mode !== 'teacher' && (
        <FilterSelect
          value={list.values.levelId}
          onChange={(levelId) => list.set({ levelId, classId: '' })}
          all={r.allLevels}
          options={levels.map((l) => ({ value: l.id, label: l.name }))}
          label={r.level}
          testId="learners-filter-level"
        />
      )}
      <FilterSelect value={list.values.classId} onChange={(classId) => list.set({ classId })} all={r.allStreams} options={streamOptions} label={r.stream} testId="learners-filter-stream" />
      <StatusFilter value={list.values.status} onChange={(status) => list.set({ status })} />
      <FilterSelect
        value={list.values.gender}
        onChange={(gender) => list.set({ gender })}
        all={r.allGenders}
        options={GENDERS.map((g) => ({ value: g, label: m.genders[g] }))}
        label={r.gender}
        testId="learners-filter-gender"
      />
      <FilterSelect
        value={list.values.boarding}
        onChange={(boarding) => list.set({ boarding })}
        all={r.allBoarding}
        options={BOARDING.map((b) => ({ value: b, label: m.boardingOptions[b] }))}
        label={r.boarding}
        testId="learners-filter-boarding"
      />
    </>
  );

  const data = students.data;
  const activeFilters = (['levelId', 'classId', 'gender', 'boarding'] as const).filter((k) => list.values[k]).length + (list.values.status !== 'active' ? 1 : 0);
  const emptyHint = list.filtered ? r.emptyFiltered : mode === 'teacher' ? r.emptyTeacher : r.emptySchool;
  const emptyAction = list.filtered ? (
    <Button variant="outline" size="sm" onClick={list.reset}>
      {messages.dataTable.clearFilters}
    </Button>
  ) : mode === 'principal' ? (
    <Button size="sm" asChild>
      <Link to={pathForSection(role, 'student-admission')}>
        <UserPlus aria-hidden />
        {r.admit}
      </Link>
    </Button>
  ) : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="learners-register" data-search={list.values.search} data-busy={students.isFetching || undefined}>
      <DataTable
        id="learners"
        columns={columns}
        getRowId={(s) => s.id}
        {...pagedTableProps(list, students, { pageSize: PAGE_SIZE, rows: (d) => d.items })}
        errorTitle={r.loadFailed}
        empty={{ icon: UserRoundSearch, title: r.empty, hint: emptyHint, action: emptyAction }}
        renderCard={(s) => <LearnerCard s={s} />}
        onRowClick={(s) => onOpen(s.id)}
        rowTestId="learner-row"
        minWidth={820}
        toolbar={
          // Search and export on the first row, the five filters on their own row below (they do not fit
          // beside the search on a laptop screen).
          <div className="flex min-w-0 flex-col gap-3">
            <ListToolbar
              {...listSearchProps(list, r.searchPlaceholder)}
              actions={
                <>
                  {data && (
                    <span className={cn('mr-1 text-sm whitespace-nowrap text-muted-foreground tabular-nums', students.isPlaceholderData && 'opacity-60')} data-testid="learners-total">
                      {r.shown(data.total)}
                    </span>
                  )}
                  <Button variant="outline" size="sm" className="sm:hidden" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters} data-testid="learners-filters-toggle">
                    <SlidersHorizontal aria-hidden />
                    {activeFilters ? r.filtersCount(activeFilters) : r.filters}
                  </Button>
                  <LearnerExportMenu filters={{ ...list.values, sort: list.sort, schoolId }} />
                </>
              }
              testId="learners-toolbar"
            />
            <div className={cn('min-w-0 grid-cols-2 gap-2 sm:grid', showFilters ? 'grid' : 'hidden', mode === 'teacher' ? 'lg:grid-cols-4' : 'lg:grid-cols-5', '[&>*:first-child]:col-span-2 sm:[&>*:first-child]:col-span-1')} data-testid="learners-filters">
              {filters}
            </div>
          </div>
        }
      />
    </div>
  );
}

/** The principal's header actions on the register: Admit learner and Import. */
export function RegisterActions() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  return (
    <>
      <ImportButton />
      <Button asChild data-testid="learners-admit">
        <Link to={pathForSection(role, 'student-admission')}>
          <UserPlus aria-hidden />
          {r.admit}
        </Link>
      </Button>
    </>
  );
}
