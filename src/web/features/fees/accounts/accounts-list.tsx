import { ArrowDownUp, Scale, TrendingDown, UserRoundSearch, Users } from 'lucide-react';
import { ACCOUNT_SORTS, BALANCE_FILTERS, type AccountListItem } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { DataTable, pagedTableProps, ExportMenu, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAccounts, withSchool } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import type { FeesScope } from '../fee-management/fees-scope';
import { useFoldedFilters } from '../fee-management/inputs';
import { SummaryTiles } from '../fee-management/summary-tiles';
import { useLevelOptions, useStreamOptions } from '../components/terms';
import { perLocale } from '@shared/i18n/localized';

const m = messages.feeManagement;
const t = m.accounts;
const PAGE_SIZE = 25;
const FILTERS = { search: '', levelId: '', classId: '', balance: '' };

function BalanceCell({ balance }: { balance: number }) {
  return (
    <div className="text-right">
      <Money value={Math.abs(balance)} prefix={false} tone={false} className={cn('font-semibold', balance > 0 ? 'text-destructive' : balance < 0 ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted-foreground')} />
      {balance < 0 && <p className="text-[11px] text-emerald-700 dark:text-emerald-400">{t.balanceOptions.credit}</p>}
    </div>
  );
}

const columns = perLocale((): ColumnDef<AccountListItem, unknown>[] => ([
  {
    id: 'learner',
    header: t.colLearner,
    meta: { alwaysVisible: true, className: 'min-w-56' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="account-row-name">
          {row.original.name}
        </p>
        <p className="truncate font-mono text-xs text-muted-foreground">{row.original.admissionNumber}</p>
      </div>
    ),
  },
  { id: 'class', header: t.colClass, meta: { label: t.colClass }, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.className ?? '—'}</span> },
  { id: 'invoiced', header: t.colInvoiced, meta: { label: t.colInvoiced, className: 'text-right' }, cell: ({ row }) => <Money value={row.original.invoiced} prefix={false} /> },
  {
    id: 'adjusted',
    header: t.colAdjusted,
    meta: { label: t.colAdjusted, className: 'text-right', defaultHidden: true },
    cell: ({ row }) => <Money value={row.original.adjusted} prefix={false} className={row.original.adjusted ? '' : 'text-muted-foreground'} />,
  },
  { id: 'paid', header: t.colPaid, meta: { label: t.colPaid, className: 'text-right' }, cell: ({ row }) => <Money value={row.original.paid} prefix={false} /> },
  { id: 'balance', header: t.colBalance, meta: { label: t.colBalance, className: 'text-right' }, cell: ({ row }) => <BalanceCell balance={row.original.balance} /> },
  {
    id: 'lastPayment',
    header: t.colLastPayment,
    meta: { label: t.colLastPayment, className: 'text-right' },
    cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground tabular-nums">{row.original.lastPaymentOn ? formatDate(row.original.lastPaymentOn) : t.never}</span>,
  },
]));

function AccountCard({ a }: { a: AccountListItem }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate font-medium" data-testid="account-row-name">
          {a.name}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          <span className="font-mono">{a.admissionNumber}</span> · {a.className ?? '—'}
        </p>
        <p className="truncate text-xs text-muted-foreground">{a.lastPaymentOn ? t.lastPayment(formatDate(a.lastPaymentOn)) : `${t.colLastPayment}: ${t.never}`}</p>
      </div>
      <div className="shrink-0">
        <BalanceCell balance={a.balance} />
      </div>
    </div>
  );
}

/**
 * Learners' fee balances (GET /api/fees/accounts) on the list-page kit: search, level, stream,
 * balance owing/cleared/credit and sort in the URL, paging, "N learners owe KES X", export with the
 * same filters, cards below 768 px. A row opens the learner's account.
 */
export function AccountsList({ scope, onOpen }: { scope: FeesScope; onOpen: (id: string) => void }) {
  const list = useListParams(FILTERS, { sort: 'name' });
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE });
  const accounts = useAccounts(qs.toString(), scope.schoolId);
  const data = accounts.data;
  const levels = useLevelOptions();
  const streams = useStreamOptions('', list.values.levelId);
  const active = (['levelId', 'classId', 'balance'] as const).filter((k) => list.values[k]).length + (list.sort !== 'name' ? 1 : 0);
  const folded = useFoldedFilters(active, { filters: m.common.filters, filtersCount: m.common.filtersCount }, 'accounts');
  const exportHref = (format: 'csv' | 'xlsx') => withSchool(`/api/fees/accounts/export?${list.query({ format })}`, scope.schoolId);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="accounts-list" data-search={list.values.search}>
      <SummaryTiles
        busy={accounts.isPlaceholderData}
        testId="accounts-totals"
        tiles={[
          {
            label: t.owingLabel,
            value: data ? <Money value={data.totals.owed} className="text-destructive" /> : '—',
            hint: data ? t.owingHint(data.totals.owing) : undefined,
            icon: TrendingDown,
            tone: 'red',
            testId: 'accounts-owed',
          },
          { label: t.netLabel, value: data ? <Money value={data.totals.balance} tone /> : '—', hint: t.netHint, icon: Scale, tone: 'amber', testId: 'accounts-net' },
          { label: t.shownLabel, value: data ? data.total.toLocaleString('en-KE') : '—', hint: t.shownHint, icon: Users, tone: 'primary', testId: 'accounts-count' },
        ]}
      />
      <DataTable
        id="accounts"
        columns={columns}
        {...pagedTableProps(list, accounts, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(a) => a.studentId}
        errorTitle={t.loadFailed}
        empty={{
          icon: UserRoundSearch,
          title: t.empty,
          hint: t.emptyHint,
          action: list.filtered ? (
            <Button variant="outline" size="sm" onClick={list.reset}>
              {messages.dataTable.clearFilters}
            </Button>
          ) : undefined,
        }}
        renderCard={(a) => <AccountCard a={a} />}
        onRowClick={(a) => onOpen(a.studentId)}
        rowTestId="account-row"
        minWidth={820}
        toolbar={
          <div className="flex min-w-0 flex-col gap-3">
            <ListToolbar
              {...listSearchProps(list, t.searchPlaceholder)}
              filtered={list.filtered || list.sort !== 'name'}
              actions={
                <>
                  {data && (
                    <span className={cn('mr-1 hidden text-sm whitespace-nowrap text-muted-foreground tabular-nums xl:inline', accounts.isPlaceholderData && 'opacity-60')} data-testid="accounts-owing-sentence">
                      {t.owing(data.totals.owing, formatMoney(data.totals.owed))}
                    </span>
                  )}
                  {folded.toggle}
                  <ExportMenu href={exportHref} testId="accounts-export" />
                </>
              }
              testId="accounts-toolbar"
            />
            {folded.grid(
              <>
                <FilterSelect value={list.values.levelId} onChange={(levelId) => list.set({ levelId, classId: '' })} all={m.common.allLevels} options={levels} label={m.common.level} testId="accounts-filter-level" />
                <FilterSelect value={list.values.classId} onChange={(classId) => list.set({ classId })} all={m.common.allStreams} options={streams} label={m.common.stream} testId="accounts-filter-stream" />
                <FilterSelect
                  value={list.values.balance}
                  onChange={(balance) => list.set({ balance })}
                  all={t.allBalances}
                  options={BALANCE_FILTERS.map((b) => ({ value: b, label: t.balanceOptions[b] }))}
                  label={t.balance}
                  testId="accounts-filter-balance"
                />
                <Select value={list.sort} onValueChange={list.setSort}>
                  <SelectTrigger aria-label={t.sort} className="w-full" data-testid="accounts-sort">
                    <span className="flex min-w-0 items-center gap-2">
                      <ArrowDownUp className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                      <SelectValue />
                    </span>
                  </SelectTrigger>
                  <SelectContent>
                    {ACCOUNT_SORTS.map((x) => (
                      <SelectItem key={x} value={x}>
                        {t.sorts[x]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </>,
              'lg:grid-cols-4',
            )}
          </div>
        }
      />
    </div>
  );
}
