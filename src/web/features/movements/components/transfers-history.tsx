import { ArrowDownLeft, ArrowRightLeft, ArrowUpRight } from 'lucide-react';
import { TRANSFER_DIRECTIONS, type TransferItem } from '@shared/contracts/movements';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { DataTable, useListParams, type ColumnDef, pagedTableProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { useTransfers } from '../api/movements';
import { formatDate } from './format';
import { MovementLearnerCell, MovementListToolbar } from './movement-page';
import { RequestStatusBadge } from './transfer-requests';
import { perLocale } from '@shared/i18n/localized';

const m = messages.movements;
const t = m.transfers;
const PAGE_SIZE = 25;

export function DirectionBadge({ direction }: { direction: TransferItem['direction'] }) {
  const Icon = direction === 'in' ? ArrowDownLeft : ArrowUpRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        direction === 'in' ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300' : 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
      )}
      data-testid="transfer-direction"
    >
      <Icon className="size-3" aria-hidden />
      {m.directions[direction]}
    </span>
  );
}

function SchoolCell({ row }: { row: TransferItem }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className="truncate">{row.otherSchoolName}</span>
      {row.onEduFam && <span className="shrink-0 rounded bg-primary/10 px-1.5 py-px text-[10px] font-semibold tracking-wide text-primary uppercase">{t.eduFamBadge}</span>}
    </span>
  );
}

const columns = perLocale((): ColumnDef<TransferItem, unknown>[] => ([
  { id: 'date', header: t.columns.date, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.transferDate)}</span>, meta: { alwaysVisible: true } },
  {
    id: 'learner',
    header: t.columns.learner,
    cell: ({ row }) => <MovementLearnerCell learner={row.original.learner} />,
    meta: { alwaysVisible: true },
  },
  { id: 'direction', header: t.columns.direction, cell: ({ row }) => <DirectionBadge direction={row.original.direction} /> },
  { id: 'school', header: t.columns.otherSchool, cell: ({ row }) => <SchoolCell row={row.original} /> },
  { id: 'reason', header: t.columns.reason, cell: ({ row }) => <span className="line-clamp-2 max-w-72 text-muted-foreground">{row.original.reason}</span> },
  { id: 'certificate', header: t.columns.certificate, cell: ({ row }) => row.original.leavingCertificateNumber ?? '—', meta: { defaultHidden: true } },
  { id: 'request', header: t.columns.request, cell: ({ row }) => (row.original.requestStatus ? <RequestStatusBadge status={row.original.requestStatus} /> : '—') },
  { id: 'recordedBy', header: t.columns.recordedBy, cell: ({ row }) => row.original.createdBy ?? '—', meta: { defaultHidden: true } },
]));

/** Transfer history (issue 10 §2): every transfer in and out, filtered by direction, dates and search, exportable. */
export function TransfersHistory() {
  const list = useListParams({ direction: '', from: '', to: '', search: '' });
  const query = useTransfers(list.query({ page: list.page, pageSize: PAGE_SIZE }));
  const v = list.values;
  return (
    <DataTable
      id="transfers-history"
      columns={columns}
      {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
      getRowId={(r) => r.id}
      rowTestId="transfer-row"
      empty={{ icon: ArrowRightLeft, title: list.filtered ? t.historyEmptyFiltered : t.historyEmpty }}
      minWidth={820}
      toolbar={
        <MovementListToolbar
          list={list}
          name="transfers"
          searchPlaceholder={t.searchPlaceholder}
          filters={
            <FilterSelect
              value={v.direction as TransferItem['direction'] | ''}
              onChange={(direction) => list.set({ direction })}
              all={t.allDirections}
              options={TRANSFER_DIRECTIONS.map((d) => ({ value: d, label: m.directions[d] }))}
              label={t.columns.direction}
              testId="transfers-direction"
            />
          }
        />
      }
      renderCard={(r) => (
        <div className="grid gap-1.5">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{r.learner.name}</p>
              <p className="text-xs text-muted-foreground tabular-nums">{r.learner.admissionNumber}</p>
            </div>
            <DirectionBadge direction={r.direction} />
          </div>
          <p className="text-sm">
            <SchoolCell row={r} />
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">{formatDate(r.transferDate)}</span>
            {r.requestStatus && <RequestStatusBadge status={r.requestStatus} />}
          </div>
          {r.reason && <p className="line-clamp-2 text-xs text-muted-foreground">{r.reason}</p>}
        </div>
      )}
    />
  );
}
