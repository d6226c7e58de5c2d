import * as React from 'react';
import { Building2, GraduationCap, Mail, MapPin, MoreHorizontal, Pencil, Phone, Power, PowerOff, UserRound, Users } from 'lucide-react';
import type { School } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { DataTable, type ColumnDef, type DataTableProps, type PagedTableProps } from '@/components/data-table';
import { formatNumber, formatPhone } from '@/lib/format';
import { SchoolStatusBadge } from './school-status';
import { IconDetail } from '@/components/icon-detail';

const m = messages.schoolsManagement;
const c = m.columns;

type RowActionProps = { onEdit: (s: School) => void; onToggle: (s: School) => void; busyId: string | null };

function SchoolLogo({ school, className }: { school: School; className?: string }) {
  return (
    <Avatar className={cn('size-9 rounded-lg ring-1 ring-border', className)}>
      {school.logoUrl && <AvatarImage src={school.logoUrl} alt="" />}
      <AvatarFallback className="rounded-lg text-[11px]">{initialsOf(school.name)}</AvatarFallback>
    </Avatar>
  );
}

function CurriculumLabel({ school }: { school: School }) {
  return (
    <span className="inline-flex shrink-0 rounded-md border bg-muted/40 px-1.5 py-px text-[11px] leading-4 font-medium whitespace-nowrap text-foreground" data-testid="school-curriculum">
      {school.curriculum}
    </span>
  );
}

function NameCell({ school, withCurriculum = false }: { school: School; withCurriculum?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <SchoolLogo school={school} />
      <div className="min-w-0">
        <p className="truncate font-medium" title={school.name} data-testid="school-row-name">
          {school.name}
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate font-mono">{school.code}</span>
          {withCurriculum && <CurriculumLabel school={school} />}
        </p>
      </div>
    </div>
  );
}

function RowActions({ school, actions }: { school: School; actions: RowActionProps }) {
  const active = school.status === 'active';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 text-muted-foreground" aria-label={m.actionsFor(school.name)} data-testid="school-actions" disabled={actions.busyId === school.id}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem onSelect={() => actions.onEdit(school)} data-testid="school-edit">
          <Pencil aria-hidden /> {m.edit}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => actions.onToggle(school)}
          data-testid="school-toggle"
          className={cn(active && 'text-destructive data-[highlighted]:bg-destructive/10 data-[highlighted]:text-destructive')}
        >
          {active ? <PowerOff aria-hidden /> : <Power aria-hidden />} {active ? m.deactivate : m.activate}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Contact({ school }: { school: School }) {
  const lines = [
    school.county && { icon: MapPin, text: school.county },
    school.phone && { icon: Phone, text: formatPhone(school.phone) },
    school.email && { icon: Mail, text: school.email },
  ].filter(Boolean) as { icon: typeof MapPin; text: string }[];
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid gap-0.5 text-xs text-muted-foreground">
      {lines.slice(0, 2).map(({ icon: Icon, text }) => (
        <span key={text} className="flex min-w-0 items-center gap-1.5">
          <Icon className="size-3.5 shrink-0" aria-hidden />
          <span className={cn(Icon === Phone ? 'whitespace-nowrap' : 'truncate')} title={text}>
            {text}
          </span>
        </span>
      ))}
    </div>
  );
}

/** Below 768 px: one card per school. */
function SchoolCard({ school: s, actions }: { school: School; actions: RowActionProps | null }) {
  return (
    <div className="min-w-0" data-testid="school-card" data-code={s.code} data-status={s.status}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <NameCell school={s} />
        </div>
        {actions && <RowActions school={s} actions={actions} />}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
        <IconDetail icon={UserRound} label={c.principal}>{s.principalName ?? m.noPrincipal}</IconDetail>
        <IconDetail icon={MapPin} label={c.contact}>{s.county ?? '—'}</IconDetail>
        <IconDetail icon={Users} label={c.users} kind="figure">{m.users(s.userCount)}</IconDetail>
        <IconDetail icon={GraduationCap} label={c.students} kind="figure">{m.students(s.studentCount)}</IconDetail>
      </dl>
      <div className="mt-3 flex items-center gap-1.5 border-t pt-3">
        <CurriculumLabel school={s} />
        <SchoolStatusBadge status={s.status} />
      </div>
    </div>
  );
}

export interface SchoolsTableProps {
  /** Rows, paging, dimming and error of the schools query (pagedTableProps). */
  table: PagedTableProps<School>;
  /** The sentence under "Error Loading Schools" for a failure (timed out, or failed with the reason). */
  errorDetail: (err: Error) => string;
  toolbar: React.ReactNode;
  empty: Omit<DataTableProps<School>['empty'], 'icon' | 'title'>;
  /** null: read-only (no actions column). */
  actions: RowActionProps | null;
}

/**
 * The schools list on the DataTable kit: school (logo, name, code, curriculum), contact, principal,
 * users and students, status and the row menu (Edit, Activate / Deactivate) for managers; server
 * paging, cards on phones, and the kit's loading, empty and error states.
 */
export function SchoolsTable({ table, errorDetail, toolbar, empty, actions }: SchoolsTableProps) {
  const columns = React.useMemo<ColumnDef<School, unknown>[]>(() => {
    const cols: ColumnDef<School, unknown>[] = [
      {
        id: 'school',
        header: c.school,
        cell: ({ row }) => <NameCell school={row.original} withCurriculum />,
        meta: { alwaysVisible: true, className: 'max-w-72' },
      },
      { id: 'contact', header: c.contact, cell: ({ row }) => <Contact school={row.original} />, meta: { className: 'max-w-56' } },
      {
        id: 'principal',
        header: c.principal,
        cell: ({ row }) => (
          <span className={cn('block max-w-48 truncate', !row.original.principalName && 'text-muted-foreground')} title={row.original.principalName ?? undefined} data-testid="school-principal">
            {row.original.principalName ?? m.noPrincipal}
          </span>
        ),
      },
      {
        id: 'users',
        header: c.users,
        cell: ({ row }) => <span data-testid="school-users">{formatNumber(row.original.userCount)}</span>,
        meta: { className: 'text-right tabular-nums' },
      },
      {
        id: 'students',
        header: c.students,
        cell: ({ row }) => <span data-testid="school-students">{formatNumber(row.original.studentCount)}</span>,
        meta: { className: 'text-right tabular-nums' },
      },
      { id: 'status', header: c.status, cell: ({ row }) => <SchoolStatusBadge status={row.original.status} /> },
    ];
    if (actions) {
      cols.push({
        id: 'actions',
        header: () => <span className="sr-only">{c.actions}</span>,
        cell: ({ row }) => <RowActions school={row.original} actions={actions} />,
        meta: { alwaysVisible: true, label: c.actions, className: 'w-12 text-right' },
      });
    }
    return cols;
  }, [actions]);

  const { error } = table;
  const shownError = React.useMemo(() => (error ? new Error(errorDetail(error)) : error), [error, errorDetail]);

  return (
    <DataTable
      id="schools"
      columns={columns}
      getRowId={(s) => s.id}
      rowTestId="school-row"
      rowAttributes={(s) => ({ 'data-code': s.code, 'data-status': s.status })}
      minWidth={actions ? 820 : 760}
      {...table}
      error={shownError}
      errorTitle={m.errorTitle}
      empty={{ icon: Building2, title: m.emptyTitle, ...empty }}
      toolbar={toolbar}
      renderCard={(s) => <SchoolCard school={s} actions={actions} />}
    />
  );
}
