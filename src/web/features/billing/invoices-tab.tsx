import * as React from 'react';
import { FileText, Sparkles } from 'lucide-react';
import { PLATFORM_INVOICE_STATUSES, type PlatformInvoice } from '@shared/contracts/billing';
import { billingScreens as s } from '@shared/messages/billing-screens';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { PdfIconLink } from '@/components/new-tab-link';
import { CodeText } from '@/components/code-text';
import { RecordCard } from '@/components/record-card';
import { formatDate } from '@/lib/format';
import { InvoiceTotalsTiles } from '@/features/fees';
import { BillingInvoiceStatus, Kes, kes } from './billing-bits';
import { invoicePdfUrl, useBillingDashboard, useBillingInvoices, useSubscriptions } from './billing-api';
import { GenerateInvoicesDialog } from './generate-dialog';
import { BillingInvoiceSheet } from './invoice-sheet';

const t = s.invoices;
const PAGE_SIZE = 25;
const FILTERS = { schoolId: '', status: '', termLabel: '', q: '' };

function pdfLink(inv: PlatformInvoice) {
  return (
    <PdfIconLink href={invoicePdfUrl(inv.id)} label={`${s.invoice.pdf} ${inv.number}`} />
  );
}

/** Columns of an invoice list; `withSchool` false on the director's own list. */
export function invoiceColumns(withSchool: boolean): ColumnDef<PlatformInvoice, unknown>[] {
  const cols: (ColumnDef<PlatformInvoice, unknown> | false)[] = [
    {
      id: 'number',
      header: t.colNumber,
      meta: { alwaysVisible: true, className: 'w-36' },
      cell: ({ row }) => <CodeText testId="billing-invoice-number">{row.original.number}</CodeText>,
    },
    withSchool && {
      id: 'school',
      header: t.colSchool,
      meta: { alwaysVisible: true, className: 'min-w-48' },
      cell: ({ row }) => <span className="block truncate font-medium">{row.original.schoolName}</span>,
    },
    { id: 'term', header: t.colTerm, meta: { label: t.colTerm }, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.termLabel}</span> },
    { id: 'learners', header: t.colLearners, meta: { label: t.colLearners, className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.learnerCount.toLocaleString('en-KE')}</span> },
    { id: 'total', header: t.colTotal, meta: { label: t.colTotal, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.totalCents} prefix={false} /> },
    { id: 'paid', header: t.colPaid, meta: { label: t.colPaid, className: 'text-right' }, cell: ({ row }) => <Kes cents={row.original.paidCents} prefix={false} /> },
    {
      id: 'balance',
      header: t.colBalance,
      meta: { label: t.colBalance, className: 'text-right' },
      cell: ({ row }) => <Kes cents={row.original.status === 'void' ? 0 : row.original.balanceCents} prefix={false} tone className="font-medium" />,
    },
    { id: 'status', header: t.colStatus, meta: { label: t.colStatus }, cell: ({ row }) => <BillingInvoiceStatus status={row.original.status} overdue={row.original.overdue} /> },
    { id: 'due', header: t.colDue, meta: { label: t.colDue }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.dueOn ? formatDate(row.original.dueOn) : s.common.none}</span> },
    { id: 'pdf', header: () => <span className="sr-only">{s.invoice.pdf}</span>, meta: { alwaysVisible: true, className: 'w-10 text-right' }, cell: ({ row }) => pdfLink(row.original) },
  ];
  return cols.filter((c): c is ColumnDef<PlatformInvoice, unknown> => !!c);
}

/** An invoice as a card below 768 px. */
export function InvoiceCard({ inv, withSchool }: { inv: PlatformInvoice; withSchool: boolean }) {
  return (
    <RecordCard
      title={withSchool ? inv.schoolName : inv.termLabel}
      subtitle={
        <>
          <span className="font-mono">{inv.number}</span>
          {withSchool && ` · ${inv.termLabel}`} · {t.learners(inv.learnerCount)}
        </>
      }
      badge={<BillingInvoiceStatus status={inv.status} overdue={inv.overdue} className="shrink-0" />}
      details={
        <>
          <p className="truncate">{t.paidOf(kes(inv.paidCents), kes(inv.totalCents))}</p>
          {inv.dueOn && <p className="truncate">{t.due(formatDate(inv.dueOn))}</p>}
        </>
      }
      amount={<Kes cents={inv.status === 'void' ? 0 : inv.balanceCents} tone className="shrink-0 font-semibold" />}
    />
  );
}

/**
 * The term labels to filter by, newest first: this year's and last year's from the billing dashboard
 * (manageBilling), else those of the invoices on screen; the chosen one always.
 */
function useTermLabels(year: number, selected: string, canManage: boolean, shown: PlatformInvoice[] | undefined): string[] {
  const now = useBillingDashboard(year, canManage).data;
  const before = useBillingDashboard(year - 1, canManage).data;
  return React.useMemo(() => {
    const fromDashboard = [...(now?.terms ?? []), ...(before?.terms ?? [])].map((x) => x.termLabel).reverse();
    const labels = canManage ? fromDashboard : (shown ?? []).map((x) => x.termLabel);
    if (selected) labels.unshift(selected);
    return [...new Set(labels)];
  }, [now, before, selected, canManage, shown]);
}

/**
 * Billing Management › Invoices (issue 18 §1): every school's platform invoices on the list-page kit
 * with school, status, term and search in the URL, totals of the filtered list, and "Generate term
 * invoices"; a row opens the invoice sheet (payments, credit notes, void).
 */
export function InvoicesTab({ canManage, year }: { canManage: boolean; year: number }) {
  const list = useListParams(FILTERS);
  const [openId, setOpenId] = React.useState<string | null>(null);
  const [generating, setGenerating] = React.useState(false);
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE });
  qs.delete('sort');
  const invoices = useBillingInvoices(qs.toString());
  const data = invoices.data;
  const schools = useSubscriptions().data?.items ?? [];
  const terms = useTermLabels(year, list.values.termLabel, canManage, data?.items);
  const columns = React.useMemo(() => invoiceColumns(true), []);

  const generateButton = canManage && (
    <Button size="sm" onClick={() => setGenerating(true)} data-testid="billing-generate">
      <Sparkles aria-hidden />
      {t.generate}
    </Button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="billing-invoices-tab">
      <InvoiceTotalsTiles
        sums={data && { total: data.totals.totalCents, paid: data.totals.paidCents, balance: data.totals.balanceCents }}
        count={data ? t.count(data.total) : undefined}
        money={(cents, tone) => <Kes cents={cents} tone={tone} />}
        labels={{ total: t.colTotal, paid: t.colPaid, balance: t.colBalance, rate: s.overview.collectionRate }}
        rateHint={list.values.termLabel || s.common.allTerms}
        busy={invoices.isPlaceholderData}
        testId="billing-invoice-totals"
        idPrefix="billing-totals"
      />
      <DataTable
        id="billing-invoices"
        columns={columns}
        {...pagedTableProps(list, invoices, { pageSize: PAGE_SIZE, rows: (d) => d.items, sortable: false })}
        getRowId={(i) => i.id}
        errorTitle={t.loadFailed}
        empty={{ icon: FileText, title: t.empty, hint: list.filtered ? t.emptyHint : t.emptyAll, action: (!list.filtered && generateButton) || undefined }}
        renderCard={(inv) => <InvoiceCard inv={inv} withSchool />}
        onRowClick={(inv) => setOpenId(inv.id)}
        rowTestId="billing-invoice-row"
        minWidth={980}
        toolbar={
          <div className="flex min-w-0 flex-col gap-3">
            <ListToolbar
              {...listSearchProps(list, s.invoices.searchPlaceholder, 'q')}
              actions={generateButton}
              testId="billing-invoices-toolbar"
            />
            <div className="grid min-w-0 gap-2 sm:grid-cols-3">
              <FilterSelect value={list.values.schoolId} onChange={(schoolId) => list.set({ schoolId })} all={s.common.allSchools} options={schools.map((x) => ({ value: x.schoolId, label: x.schoolName }))} label={s.common.school} testId="billing-filter-school" />
              <FilterSelect
                value={list.values.status}
                onChange={(status) => list.set({ status })}
                all={s.common.allStatuses}
                options={PLATFORM_INVOICE_STATUSES.map((x) => ({ value: x, label: s.invoiceStatus[x] ?? x }))}
                label={s.common.status}
                testId="billing-filter-status"
              />
              <FilterSelect value={list.values.termLabel} onChange={(termLabel) => list.set({ termLabel })} all={s.common.allTerms} options={terms.map((x) => ({ value: x, label: x }))} label={s.common.term} testId="billing-filter-term" />
            </div>
          </div>
        }
      />
      <BillingInvoiceSheet invoiceId={openId} onClose={() => setOpenId(null)} canManage={canManage} canPay={false} />
      {canManage && <GenerateInvoicesDialog open={generating} onClose={() => setGenerating(false)} onShowTerm={(termLabel) => list.set({ termLabel, schoolId: '', status: '', q: '' })} />}
    </div>
  );
}
