import * as React from 'react';
import { Crown, Mail, Phone, UsersRound } from 'lucide-react';
import type { TeacherListItem } from '@shared/contracts/people';
import { messages } from '@shared/messages';
import { isAdminRole } from '@shared/roles';
import { useAuth } from '@/lib/auth';
import { useSchoolContext } from '@/lib/school-context';
import { useActiveSectionTitle } from '@/lib/use-active-section';
import { DataTable, ExportMenu, ListToolbar, useListParams, type ColumnDef, pagedTableProps, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useTeachers } from './api/people';
import { InitialsAvatar, LoadBar, displayPhone } from './components/parts';
import { PageHeader } from '@/components/page-header';
import { TeacherSheet } from './components/teacher-sheet';

const m = messages.people.teachers;
const PAGE_SIZE = 25;
const FILTERS = { search: '', departmentId: '', subjectId: '' };

function NameCell({ t }: { t: TeacherListItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <InitialsAvatar name={t.name} className="size-9" textClassName="text-[11px]" />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-1.5 font-medium">
          <span className="truncate" title={t.name}>
            {t.name}
          </span>
          {t.role === 'principal' && <Badge className="shrink-0 px-1.5 py-0 text-[10px]">{m.principalBadge}</Badge>}
          {t.status !== 'active' && (
            <Badge variant="outline" className="shrink-0 px-1.5 py-0 text-[10px] text-muted-foreground">
              {m.statuses[t.status] ?? t.status}
            </Badge>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={t.email}>
          {t.email}
        </p>
      </div>
    </div>
  );
}

/** Up to `max` chips, then "+n". */
function Chips({ items, max = 3, head }: { items: { id: string; name: string; isHead?: boolean }[]; max?: number; head?: boolean }) {
  if (items.length === 0) return <span className="text-muted-foreground">{m.none}</span>;
  const shown = items.slice(0, max);
  return (
    <div className="flex min-w-0 flex-wrap gap-1">
      {shown.map((x) => (
        <span key={x.id} className="inline-flex max-w-full items-center gap-1 truncate rounded-md border bg-muted/40 px-1.5 py-0.5 text-xs" title={x.name}>
          {head && x.isHead && <Crown className="size-3 shrink-0 text-amber-600" aria-label={m.head} />}
          <span className="truncate">{x.name}</span>
        </span>
      ))}
      {items.length > max && (
        <span className="rounded-md px-1 py-0.5 text-xs text-muted-foreground" title={items.slice(max).map((x) => x.name).join(', ')}>
          +{items.length - max}
        </span>
      )}
    </div>
  );
}

function Contacts({ t }: { t: TeacherListItem }) {
  return (
    <div className="flex items-center gap-1">
      {t.phone && (
        <Button asChild variant="ghost" size="icon" className="size-8">
          <a href={`tel:+${t.phone}`} aria-label={m.call(t.name)} title={displayPhone(t.phone)}>
            <Phone aria-hidden />
          </a>
        </Button>
      )}
      <Button asChild variant="ghost" size="icon" className="size-8">
        <a href={`mailto:${t.email}`} aria-label={m.mail(t.name)} title={t.email}>
          <Mail aria-hidden />
        </a>
      </Button>
    </div>
  );
}

/**
 * Teachers (issue 10 §3 "/teachers"; director, principal, platform staff): the teaching staff with
 * departments, the stream they lead, the learning areas they teach, their weekly load (lessons per
 * week, with a bar against the busiest teacher) and contacts; search, department and learning-area
 * filters and sorting in the URL; CSV/Excel export of the filtered list; a detail sheet per teacher.
 */
export function TeachersSection() {
  const { sectionId, title } = useActiveSectionTitle();
  const { state } = useAuth();
  const platform = isAdminRole(state.user?.role);
  const school = useSchoolContext();
  const list = useListParams(FILTERS, { sort: 'name' });
  const query = useTeachers(school.scopedPath(`/api/teachers?${list.query({ page: list.page, pageSize: PAGE_SIZE })}`));
  const data = query.data;
  const [openId, setOpenId] = React.useState<string | null>(null);
  const maxLoad = data?.maxLoad ?? 0;

  const columns = React.useMemo<ColumnDef<TeacherListItem, unknown>[]>(
    () => [
      { id: 'name', header: m.columns.teacher, cell: ({ row }) => <NameCell t={row.original} />, meta: { sortKey: 'name', alwaysVisible: true, className: 'w-[28%]' } },
      { id: 'departments', header: m.columns.departments, cell: ({ row }) => <Chips items={row.original.departments} max={2} head />, meta: { className: 'w-[18%]' } },
      {
        id: 'classTeacher',
        header: m.columns.classTeacher,
        cell: ({ row }) =>
          row.original.classTeacherOf.length ? (
            <span className="font-medium">{row.original.classTeacherOf.map((c) => c.name).join(', ')}</span>
          ) : (
            <span className="text-muted-foreground">{m.none}</span>
          ),
        meta: { className: 'w-[13%] whitespace-nowrap' },
      },
      { id: 'subjects', header: m.columns.subjects, cell: ({ row }) => <Chips items={row.original.subjects} max={2} />, meta: { className: 'w-[20%]' } },
      {
        id: 'load',
        header: m.columns.load,
        cell: ({ row }) => <LoadBar value={row.original.lessonsPerWeek} max={maxLoad} />,
        meta: { sortKey: 'load', className: 'w-[13%]', label: m.columns.load },
      },
      { id: 'contacts', header: m.columns.contacts, cell: ({ row }) => <Contacts t={row.original} />, meta: { className: 'w-24' } },
    ],
    [maxLoad],
  );

  const exportHref = (format: 'csv' | 'xlsx') => school.scopedPath(`/api/teachers/export?${list.query({ format })}`);

  return (
    <section className="flex min-w-0 flex-col gap-4 sm:gap-6" data-testid="teachers-section">
      <PageHeader
        sectionId={sectionId}
        title={title || m.title}
        subtitle={platform && !school.currentSchoolId ? m.subtitleAll : m.subtitle}
        actions={data?.academicYear ? <Badge variant="outline">{m.year(data.academicYear)}</Badge> : undefined}
        testId="teachers-header"
      />
      <DataTable
        id="teachers"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items })}
        getRowId={(t) => t.id}
        errorTitle={m.loadError}
        empty={{ icon: UsersRound, title: m.empty, hint: list.filtered ? m.emptyHint : undefined }}
        onRowClick={(t) => setOpenId(t.id)}
        rowTestId="teacher-row"
        minWidth={960}
        renderCard={(t) => (
          <div className="flex flex-col gap-2.5">
            <div className="flex items-start justify-between gap-2">
              <NameCell t={t} />
              <Contacts t={t} />
            </div>
            <div className="grid gap-1.5 pl-12 text-xs">
              {t.classTeacherOf.length > 0 && (
                <p>
                  <span className="text-muted-foreground">{m.columns.classTeacher}: </span>
                  <span className="font-medium">{t.classTeacherOf.map((c) => c.name).join(', ')}</span>
                </p>
              )}
              <Chips items={t.subjects} max={3} />
              <LoadBar value={t.lessonsPerWeek} max={maxLoad} className="max-w-56" />
            </div>
          </div>
        )}
        toolbar={
          <ListToolbar
            testId="teachers-toolbar"
            {...listSearchProps(list, m.searchPlaceholder)}
            filters={
              <>
                <FilterSelect
                  value={list.values.departmentId}
                  onChange={(departmentId) => list.set({ departmentId })}
                  all={m.allDepartments}
                  label={m.department}
                  options={(data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
                  testId="teachers-department"
                />
                <FilterSelect
                  value={list.values.subjectId}
                  onChange={(subjectId) => list.set({ subjectId })}
                  all={m.allSubjects}
                  label={m.subject}
                  options={(data?.subjects ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  testId="teachers-subject"
                />
              </>
            }
            actions={<ExportMenu href={exportHref} testId="teachers-export" />}
          />
        }
      />
      <TeacherSheet teacherId={openId} maxLoad={maxLoad} onClose={() => setOpenId(null)} />
    </section>
  );
}
