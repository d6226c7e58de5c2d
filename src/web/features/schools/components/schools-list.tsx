import { GraduationCap, Mail, MapPin, MoreHorizontal, Pencil, Phone, Power, PowerOff, UserRound, Users } from 'lucide-react';
import type { School } from '@shared/contracts/schools';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { formatNumber, formatPhone } from '@/lib/format';
import { SchoolStatusBadge } from './school-status';

const m = messages.schoolsManagement;
const c = m.columns;

interface ListProps {
  schools: School[];
  /** null: read-only (no actions). */
  actions: { onEdit: (s: School) => void; onToggle: (s: School) => void; busyId: string | null } | null;
}

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

function RowActions({ school, actions }: { school: School; actions: NonNullable<ListProps['actions']> }) {
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

/** md and up: the schools table. */
function Table({ schools, actions }: ListProps) {
  return (
    <PlainTable minWidth={actions ? 820 : 760} className="hidden md:block" testId="schools-table">
      <thead>
        <tr>
          <Th>{c.school}</Th>
          <Th>{c.contact}</Th>
          <Th>{c.principal}</Th>
          <Th className="text-right">{c.users}</Th>
          <Th className="text-right">{c.students}</Th>
          <Th>{c.status}</Th>
          {actions && (
            <Th className="w-12">
              <span className="sr-only">{c.actions}</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody>
        {schools.map((s) => (
          <tr key={s.id} className="transition-colors hover:bg-muted/40" data-testid="school-row" data-code={s.code} data-status={s.status}>
            <Td className="max-w-72">
              <NameCell school={s} withCurriculum />
            </Td>
            <Td className="max-w-56">
              <Contact school={s} />
            </Td>
            <Td className="max-w-48">
              <span className={cn('block truncate', !s.principalName && 'text-muted-foreground')} title={s.principalName ?? undefined} data-testid="school-principal">
                {s.principalName ?? m.noPrincipal}
              </span>
            </Td>
            <Td className="text-right tabular-nums">
              <span data-testid="school-users">{formatNumber(s.userCount)}</span>
            </Td>
            <Td className="text-right tabular-nums">
              <span data-testid="school-students">{formatNumber(s.studentCount)}</span>
            </Td>
            <Td>
              <SchoolStatusBadge status={s.status} />
            </Td>
            {actions && (
              <Td className="text-right">
                <RowActions school={s} actions={actions} />
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

/** Phones: one card per school. */
function Cards({ schools, actions }: ListProps) {
  return (
    <ul className="flex flex-col gap-2.5 md:hidden" data-testid="schools-cards">
      {schools.map((s) => (
        <li key={s.id} className="rounded-lg border bg-background/60 p-3.5" data-testid="school-card" data-code={s.code} data-status={s.status}>
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <NameCell school={s} />
            </div>
            {actions && <RowActions school={s} actions={actions} />}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
            <div className="flex min-w-0 items-center gap-1.5">
              <dt className="sr-only">{c.principal}</dt>
              <UserRound className="size-3.5 shrink-0" aria-hidden />
              <dd className="truncate">{s.principalName ?? m.noPrincipal}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-1.5">
              <dt className="sr-only">{c.contact}</dt>
              <MapPin className="size-3.5 shrink-0" aria-hidden />
              <dd className="truncate">{s.county ?? '—'}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{c.users}</dt>
              <Users className="size-3.5 shrink-0" aria-hidden />
              <dd className="tabular-nums">{m.users(s.userCount)}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{c.students}</dt>
              <GraduationCap className="size-3.5 shrink-0" aria-hidden />
              <dd className="tabular-nums">{m.students(s.studentCount)}</dd>
            </div>
          </dl>
          <div className="mt-3 flex items-center gap-1.5 border-t pt-3">
            <CurriculumLabel school={s} />
            <SchoolStatusBadge status={s.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SchoolsList(props: ListProps) {
  return (
    <>
      <Table {...props} />
      <Cards {...props} />
    </>
  );
}

/** Placeholder rows while the first page loads. */
export function SchoolsListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" data-testid="schools-loading">
      <Skeleton className="hidden h-9 w-full md:block" />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 py-2">
          <Skeleton className="size-9 rounded-lg" />
          <div className="grid gap-1.5">
            <Skeleton className="h-4 w-44" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="hidden h-4 w-40 md:block" />
          <Skeleton className="ml-auto h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}
