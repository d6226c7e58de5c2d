import * as React from 'react';
import { Link } from 'react-router';
import { DoorOpen, UserCheck, UserMinus } from 'lucide-react';
import { pathForSection } from '@shared/access';
import { EXIT_TYPES, type ExitItem, type ExitType } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { useAuth } from '@/lib/auth';
import { DataTable, pagedTableProps, useListParams, type ColumnDef } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { LearnerStatusBadge } from '@/features/learners';
import { useExits } from './api/movements';
import { ExitDialog, ReadmitDialog } from './components/exit-dialogs';
import { formatDate } from './components/format';
import { MovementLearnerCell, MovementListToolbar, MovementPage } from './components/movement-page';

const m = messages.movements;
const x = m.exits;
const PAGE_SIZE = 25;

function ExitTypeBadge({ type }: { type: ExitType }) {
  return <span className="inline-flex rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground/80">{m.exitTypes[type]}</span>;
}

/**
 * Exit Management (issue 10 §2 Exit; principal, section `exit-management`): "Exit a learner" (learner
 * picker, type, reason, date), and the exits list with filters (type, out or readmitted, dates), search
 * and export; learners out of school can be readmitted into a class of an open year.
 */
export function ExitsSection() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const list = useListParams({ type: '', state: '', from: '', to: '', search: '' });
  const query = useExits(list.query({ page: list.page, pageSize: PAGE_SIZE }));
  const [exiting, setExiting] = React.useState(false);
  const [readmitting, setReadmitting] = React.useState<ExitItem | null>(null);
  const v = list.values;
  const profile = (id: string) => `${pathForSection(role, 'student-information')}?student=${encodeURIComponent(id)}`;

  const readmitButton = (e: ExitItem) =>
    e.canReadmit ? (
      <Button size="sm" variant="outline" onClick={() => setReadmitting(e)} data-testid="exit-readmit">
        <UserCheck aria-hidden />
        {x.readmit}
      </Button>
    ) : null;

  const columns: ColumnDef<ExitItem, unknown>[] = [
    { id: 'date', header: x.columns.date, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.exitDate)}</span>, meta: { alwaysVisible: true } },
    {
      id: 'learner',
      header: x.columns.learner,
      cell: ({ row }) => <MovementLearnerCell learner={row.original.learner} href={profile(row.original.learner.id)} />,
      meta: { alwaysVisible: true },
    },
    { id: 'type', header: x.columns.type, cell: ({ row }) => <ExitTypeBadge type={row.original.exitType} /> },
    { id: 'reason', header: x.columns.reason, cell: ({ row }) => <span className="line-clamp-2 max-w-72 text-muted-foreground">{row.original.reason}</span> },
    { id: 'status', header: x.columns.status, cell: ({ row }) => <LearnerStatusBadge status={row.original.learner.status} /> },
    {
      id: 'readmitted',
      header: x.columns.readmitted,
      cell: ({ row }) =>
        row.original.readmittedOn ? (
          <span className="text-xs text-muted-foreground">{x.readmittedInto(formatDate(row.original.readmittedOn), row.original.readmittedClassName)}</span>
        ) : (
          readmitButton(row.original)
        ),
      meta: { alwaysVisible: true, className: 'text-right' },
    },
  ];

  return (
    <MovementPage
      testId="exits-section"
      subtitle={x.subtitle}
      actions={
        <Button onClick={() => setExiting(true)} data-testid="exit-open">
          <UserMinus aria-hidden />
          {x.exitLearner}
        </Button>
      }
    >
      <DataTable
        id="exits-list"
        columns={columns}
        getRowId={(r) => r.id}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        rowTestId="exit-row"
        minWidth={860}
        empty={{ icon: DoorOpen, title: list.filtered ? x.listEmptyFiltered : x.listEmpty }}
        toolbar={
          <MovementListToolbar
            list={list}
            name="exits"
            searchPlaceholder={x.searchPlaceholder}
            filters={
              <>
                <FilterSelect
                  value={v.type as ExitType | ''}
                  onChange={(type) => list.set({ type })}
                  all={x.allTypes}
                  options={EXIT_TYPES.map((t) => ({ value: t, label: m.exitTypes[t] }))}
                  label={x.columns.type}
                  testId="exits-type"
                />
                <FilterSelect
                  value={v.state as 'out' | 'readmitted' | ''}
                  onChange={(s) => list.set({ state: s })}
                  all={x.allStates}
                  options={[
                    { value: 'out', label: x.states.out },
                    { value: 'readmitted', label: x.states.readmitted },
                  ]}
                  label={x.columns.status}
                  testId="exits-state"
                />
              </>
            }
          />
        }
        renderCard={(e) => (
          <div className="grid gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Link to={profile(e.learner.id)} className="block truncate font-medium">
                  {e.learner.name}
                </Link>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {e.learner.admissionNumber}
                  {e.learner.className && ` · ${e.learner.className}`}
                </p>
              </div>
              <LearnerStatusBadge status={e.learner.status} />
            </div>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <ExitTypeBadge type={e.exitType} />
              <span className="tabular-nums">{formatDate(e.exitDate)}</span>
            </div>
            <p className="line-clamp-2 text-sm text-muted-foreground">{e.reason}</p>
            {e.readmittedOn ? (
              <p className="text-xs text-muted-foreground">{x.readmittedInto(formatDate(e.readmittedOn), e.readmittedClassName)}</p>
            ) : (
              e.canReadmit && <div className="pt-1">{readmitButton(e)}</div>
            )}
          </div>
        )}
      />
      {exiting && <ExitDialog open onClose={() => setExiting(false)} />}
      {readmitting && <ReadmitDialog key={readmitting.id} exit={readmitting} onClose={() => setReadmitting(null)} />}
    </MovementPage>
  );
}
