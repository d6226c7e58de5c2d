import * as React from 'react';
import { FileText, Sparkles } from 'lucide-react';
import { INVOICE_STATUSES, type Invoice } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { formatDate } from '@/lib/format';
import { DataTable, pagedTableProps, ExportMenu, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { invoicePdfUrl, useInvoices, withSchool } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { InvoiceStatusBadge } from '@/components/status-pill';
import { PdfIconLink } from '@/components/new-tab-link';
import { CodeText } from '@/components/code-text';
import { RecordCard } from '@/components/record-card';
import type { FeesScope } from './fees-scope';
import { GenerateInvoicesDialog } from './generate-invoices-dialog';
import { TermSelect, useFoldedFilters } from './inputs';
import { InvoiceSheet } from './invoice-sheet';
import { InvoiceTotalsTiles } from './summary-tiles';
import { useLevelOptions, useStreamOptions, type TermOption } from '../components/terms';

const m = messages.feeManagement;
const t = m.invoices;
const PAGE_SIZE = 25;
const FILTERS = { term: '', levelId: '', classId: '', status: '', search: '' };

function pdfLink(inv: Invoice, schoolId: string | null) {
  return (
    <PdfIconLink href={invoicePdfUrl(inv.id, schoolId)} label={t.pdfFor(inv.invoiceNumber)} testId="invoice-pdf" />
  );
}

function invoiceColumns(schoolId: string | null): ColumnDef<Invoice, unknown>[] {
  return [
    {
      id: 'invoice',
      header: t.colInvoice,
      meta: { alwaysVisible: true, className: 'w-32' },
      cell: ({ row }) => <CodeText testId="invoice-number">{row.original.invoiceNumber}</CodeText>,
    },
    {
      id: 'learner',
      header: t.colLearner,
      meta: { alwaysVisible: true, className: 'min-w-52' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <p className="truncate font-medium">{row.original.studentName}</p>
          <p className="truncate font-mono text-xs text-muted-foreground">{row.original.admissionNumber}</p>
        </div>
      ),
    },
    { id: 'class', header: t.colClass, meta: { label: t.colClass }, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.className ?? '—'}</span> },
    { id: 'term', header: t.colTerm, meta: { label: t.colTerm, defaultHidden: true }, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.termName}</span> },
    { id: 'issued', header: t.colIssued, meta: { label: t.colIssued, defaultHidden: true }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.issuedOn)}</span> },
    { id: 'due', header: t.colDue, meta: { label: t.colDue }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.dueOn)}</span> },
    { id: 'total', header: t.colTotal, meta: { label: t.colTotal, className: 'text-right' }, cell: ({ row }) => <Money value={row.original.total} prefix={false} /> },
    {
      id: 'adjusted',
      header: t.colAdjusted,
      meta: { label: t.colAdjusted, className: 'text-right', defaultHidden: true },
      cell: ({ row }) => <Money value={row.original.adjusted} prefix={false} className={row.original.adjusted ? '' : 'text-muted-foreground'} />,
    },
    { id: 'paid', header: t.colPaid, meta: { label: t.colPaid, className: 'text-right' }, cell: ({ row }) => <Money value={row.original.paid} prefix={false} /> },
    {
      id: 'balance',
      header: t.colBalance,
      meta: { label: t.colBalance, className: 'text-right' },
      cell: ({ row }) => <Money value={row.original.status === 'cancelled' ? 0 : row.original.balance} prefix={false} tone className="font-medium" />,
    },
    { id: 'status', header: t.colStatus, meta: { label: t.colStatus }, cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} /> },
    { id: 'pdf', header: () => <span className="sr-only">{t.colPdf}</span>, meta: { alwaysVisible: true, className: 'w-10 text-right' }, cell: ({ row }) => pdfLink(row.original, schoolId) },
  ];
}

function InvoiceCard({ inv }: { inv: Invoice }) {
  return (
    <RecordCard
      title={inv.studentName}
      subtitle={
        <>
          <span className="font-mono">{inv.invoiceNumber}</span> · {inv.className ?? inv.admissionNumber}
        </>
      }
      badge={<InvoiceStatusBadge status={inv.status} className="shrink-0" />}
      details={
        <>
          <p className="truncate">{t.paidOf(formatMoney(inv.paid), formatMoney(inv.total))}</p>
          <p className="truncate">{t.due(formatDate(inv.dueOn))}</p>
        </>
      }
      amount={<Money value={inv.status === 'cancelled' ? 0 : inv.balance} tone className="shrink-0 font-semibold" />}
    />
  );
}

/**
 * The term's invoices (issue 11 §1) on the list-page kit: term (the current one by default), level,
 * stream, status and search in the URL, paging, totals of the whole filtered list, CSV/Excel export
 * with the same filters; a row opens the invoice. The finance officer generates the term's invoices here.
 */
export function InvoicesTab({ scope, terms, current }: { scope: FeesScope; terms: TermOption[]; current: TermOption }) {
  const list = useListParams(FILTERS);
  const [openId, setOpenId] = React.useState<string | null>(null);
  const [generating, setGenerating] = React.useState(false);
  const termId = list.values.term === 'all' ? '' : terms.some((x) => x.id === list.values.term) ? list.values.term : current.id;
  const term = terms.find((x) => x.id === termId) ?? null;
  const levels = useLevelOptions();
  const streams = useStreamOptions(term?.yearId ?? current.yearId, list.values.levelId);

  const filters = new URLSearchParams();
  if (termId) filters.set('termId', termId);
  for (const k of ['levelId', 'classId', 'status', 'search'] as const) if (list.values[k]) filters.set(k, list.values[k]);
  const qs = new URLSearchParams(filters);
  qs.set('page', String(list.page));
  qs.set('pageSize', String(PAGE_SIZE));
  const invoices = useInvoices(qs.toString(), scope.schoolId);
  const data = invoices.data;
  const columns = React.useMemo(() => invoiceColumns(scope.schoolId), [scope.schoolId]);

  const active = (['levelId', 'classId', 'status'] as const).filter((k) => list.values[k]).length + (list.values.term ? 1 : 0);
  const folded = useFoldedFilters(active, { filters: m.common.filters, filtersCount: m.common.filtersCount }, 'invoices');
  const exportHref = (format: 'csv' | 'xlsx') => {
    const q = new URLSearchParams(filters);
    q.set('format', format);
    return withSchool(`/api/fees/invoices/export?${q}`, scope.schoolId);
  };

  const generateButton = scope.canManage && (
    <Button size="sm" onClick={() => setGenerating(true)} data-testid="invoices-generate">
      <Sparkles aria-hidden />
      {t.generate}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="invoices-tab" data-term-id={termId}>
      <InvoiceTotalsTiles
        sums={data?.totals}
        count={data ? t.count(data.total) : undefined}
        money={(value, tone) => <Money value={value} tone={tone} />}
        labels={{ total: t.totalInvoiced, paid: t.totalPaid, balance: t.totalBalance, rate: t.rate }}
        rateHint={term?.label ?? m.common.allTerms}
        busy={invoices.isPlaceholderData}
        testId="invoices-totals"
        idPrefix="invoices"
      />
      <DataTable
        id="invoices"
        columns={columns}
        {...pagedTableProps(list, invoices, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(i) => i.id}
        errorTitle={t.loadFailed}
        empty={{
          icon: FileText,
          title: t.empty,
          hint: list.values.search || list.values.levelId || list.values.classId || list.values.status ? t.emptyHint : t.emptyTerm,
          action: generateButton || undefined,
        }}
        renderCard={(inv) => <InvoiceCard inv={inv} />}
        onRowClick={(inv) => setOpenId(inv.id)}
        rowTestId="invoice-row"
        minWidth={940}
        toolbar={
          <div className="flex min-w-0 flex-col gap-3">
            <ListToolbar
              {...listSearchProps(list, t.searchPlaceholder)}
              actions={
                <>
                  {folded.toggle}
                  <ExportMenu href={exportHref} testId="invoices-export" />
                  {generateButton}
                </>
              }
              testId="invoices-toolbar"
            />
            {folded.grid(
              <>
                <TermSelect terms={terms} value={termId || 'all'} onChange={(v) => list.set({ term: v === current.id ? '' : v, classId: '' })} allLabel={m.common.allTerms} testId="invoices-filter-term" />
                <FilterSelect value={list.values.levelId} onChange={(levelId) => list.set({ levelId, classId: '' })} all={m.common.allLevels} options={levels} label={m.common.level} testId="invoices-filter-level" />
                <FilterSelect value={list.values.classId} onChange={(classId) => list.set({ classId })} all={m.common.allStreams} options={streams} label={m.common.stream} testId="invoices-filter-stream" />
                <FilterSelect
                  value={list.values.status}
                  onChange={(status) => list.set({ status })}
                  all={t.allStatuses}
                  options={INVOICE_STATUSES.map((s) => ({ value: s, label: messages.feesScreens.invoiceStatus[s] }))}
                  label={t.status}
                  testId="invoices-filter-status"
                />
              </>,
              'lg:grid-cols-4',
            )}
          </div>
        }
      />
      <InvoiceSheet invoiceId={openId} onClose={() => setOpenId(null)} scope={scope} />
      {scope.canManage && (
        <GenerateInvoicesDialog
          open={generating}
          onClose={() => setGenerating(false)}
          terms={terms}
          defaultTermId={termId || current.id}
          onShowTerm={(id) => list.set({ term: id === current.id ? '' : id, levelId: '', classId: '', status: '', search: '' })}
        />
      )}
    </div>
  );
}
