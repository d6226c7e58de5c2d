import * as React from 'react';
import { toast } from 'sonner';
import { AlertTriangle, Banknote, CheckCircle2, CircleDollarSign, FileText, Hourglass, Loader2, Paperclip, Plus, Receipt, XCircle } from 'lucide-react';
import { EXPENSE_STATUSES, type Expense, type ExpenseMethod, type ExpenseStatus } from '@shared/contracts/expenses';
import { schoolToday } from '@shared/dates';
import { expensesScreens as s } from '@shared/messages/expenses';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDate, formatDateTime } from '@/lib/format';
import { Money, formatMoney } from '@/components/money';
import { Field } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { ExpenseMethodSelect, ExpenseStatusBadge, apiErrorOf, inputClass } from './expense-bits';
import { useAttach, useCategories, useExpense, useExpenses, usePayExpense } from './expenses-api';
import { RecordExpenseDialog } from './record-expense-dialog';
import { useOnOpen } from '@/lib/use-on-open';
import { DateField } from '@/components/date-field';

const l = s.list;
const PAGE_SIZE = 25;
const FILTERS = { q: '', status: '', categoryId: '', from: '', to: '' };
const STATUS_OPTIONS = EXPENSE_STATUSES.map((v) => ({ value: v, label: s.status[v]! }));
const SORTS: Record<string, string> = { spentOn: 'spentOn_asc', '-spentOn': 'spentOn_desc', amount: 'amount_asc', '-amount': 'amount_desc' };

/** The Expenses tab: filters in the URL, the table (cards on phones), "Record expense", and the detail sheet. */
export function ExpensesTab() {
  const list = useListParams(FILTERS, { sort: '-spentOn' });
  const qs = list.query({ page: list.page, pageSize: PAGE_SIZE, sort: SORTS[list.sort] ?? 'spentOn_desc' });
  qs.delete('sort');
  qs.set('sort', SORTS[list.sort] ?? 'spentOn_desc');
  if (!list.values.status) qs.delete('status');
  const query = useExpenses(qs.toString());
  const cats = useCategories();
  const [recording, setRecording] = React.useState(false);
  const [openId, setOpenId] = React.useState<string | null>(null);
  const catOptions = React.useMemo(() => (cats.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })), [cats.data]);

  const columns = React.useMemo<ColumnDef<Expense, unknown>[]>(
    () => [
      {
        id: 'number',
        header: l.columns.number,
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium">{row.original.description}</p>
            <p className="truncate text-xs text-muted-foreground">
              <span className="font-mono">{row.original.number}</span> · {row.original.payee}
              {row.original.attachment && <Paperclip className="ml-1 inline size-3" aria-label={s.detail.attachment} />}
            </p>
          </div>
        ),
        meta: { alwaysVisible: true, className: 'min-w-56 max-w-72' },
      },
      { id: 'spentOn', header: l.columns.date, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.spentOn)}</span>, meta: { sortKey: 'spentOn' } },
      { id: 'category', header: l.columns.category, cell: ({ row }) => <span className="block max-w-56 min-w-28 break-words" data-testid="expense-category">{row.original.category}</span> },
      { id: 'payee', header: l.columns.payee, cell: ({ row }) => <span className="block max-w-56 min-w-28 break-words">{row.original.payee}</span>, meta: { defaultHidden: true } },
      { id: 'method', header: l.columns.method, cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground">{s.methods[row.original.method]}</span>, meta: { defaultHidden: true } },
      {
        id: 'amount',
        header: l.columns.amount,
        cell: ({ row }) => <Money value={row.original.amount} className="font-medium" />,
        meta: { sortKey: 'amount', className: 'text-right' },
      },
      {
        id: 'status',
        header: l.columns.status,
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-1.5">
            <ExpenseStatusBadge status={row.original.status} />
            {row.original.budgetWarning && <AlertTriangle className="size-3.5 text-amber-600" aria-label={s.detail.overBudget} />}
          </span>
        ),
      },
    ],
    [],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DataTable
        id="expenses"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: PAGE_SIZE, rows: (d) => d.items })}
        getRowId={(r) => r.id}
        errorTitle={l.loadFailed}
        minWidth={680}
        rowTestId="expense-row"
        onRowClick={(r) => setOpenId(r.id)}
        empty={{ icon: Receipt, title: l.empty, hint: l.emptyHint }}
        renderCard={(e) => (
          <div className="flex min-w-0 flex-col gap-1.5">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{e.description}</p>
              <Money value={e.amount} className="shrink-0 font-semibold" />
            </div>
            <p className="text-xs break-words text-muted-foreground">
              {e.number} · {formatDate(e.spentOn)} · {e.category}
            </p>
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 text-xs break-words text-muted-foreground">{e.payee}</span>
              <ExpenseStatusBadge status={e.status} />
            </div>
          </div>
        )}
        toolbar={
          <div className="flex flex-col gap-3">
            <ListToolbar
              testId="expenses-toolbar"
              {...listSearchProps(list, l.search, 'q')}
              filters={
                <>
                  <FilterSelect value={list.values.status as ExpenseStatus | ''} onChange={(status) => list.set({ status })} all={l.allStatuses} options={STATUS_OPTIONS} label={l.columns.status} testId="expenses-status-filter" />
                  <FilterSelect value={list.values.categoryId} onChange={(categoryId) => list.set({ categoryId })} all={l.allCategories} options={catOptions} label={l.columns.category} />
                  <DateField aria-label={l.from} title={l.from} value={list.values.from} onValueChange={(value) => list.set({ from: value })} />
                  <DateField aria-label={l.to} title={l.to} value={list.values.to} onValueChange={(value) => list.set({ to: value })} />
                </>
              }
              actions={
                <Button onClick={() => setRecording(true)} data-testid="record-expense">
                  <Plus aria-hidden />
                  {s.record}
                </Button>
              }
            />
            {query.data && (
              <p className="text-xs text-muted-foreground" data-testid="expenses-totals">
                {l.totals(query.data.total, `KES ${formatMoney(query.data.totals.amount)}`)}
              </p>
            )}
          </div>
        }
      />
      <RecordExpenseDialog open={recording} onClose={() => setRecording(false)} />
      <ExpenseSheet id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2 text-sm">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

/** One expense: amounts, who asked and who decided, the receipt, and "Mark as paid" once approved. */
export function ExpenseSheet({ id, onClose, canManage = true }: { id: string | null; onClose: () => void; canManage?: boolean }) {
  const q = useExpense(id);
  const e = q.data;
  const [paying, setPaying] = React.useState(false);
  const attach = useAttach();
  const d = s.detail;
  const steps: { icon: typeof CheckCircle2; label: string; who: string | null; when: string | null; tone: string }[] = e
    ? [
        { icon: FileText, label: d.timeline.recorded, who: e.requestedBy, when: formatDateTime(e.createdAt), tone: 'text-muted-foreground' },
        ...(e.decidedAt
          ? [
              {
                icon: e.status === 'rejected' ? XCircle : CheckCircle2,
                label: e.status === 'rejected' ? d.timeline.rejected : d.timeline.approved,
                who: e.decidedBy,
                when: formatDateTime(e.decidedAt),
                tone: e.status === 'rejected' ? 'text-destructive' : 'text-sky-600',
              },
            ]
          : []),
        ...(e.paidOn ? [{ icon: Banknote, label: d.timeline.paid, who: e.paidBy, when: formatDate(e.paidOn), tone: 'text-emerald-600' }] : []),
      ]
    : [];
  return (
    <Sheet open={!!id} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full max-w-md overflow-y-auto bg-background p-0" data-testid="expense-sheet">
        <div className="flex flex-col gap-5 p-5">
          <div className="pr-8">
            <SheetTitle className="text-lg font-semibold">{e ? e.number : d.title}</SheetTitle>
            <SheetDescription className="text-sm text-muted-foreground">{e?.description ?? ''}</SheetDescription>
          </div>
          {!e ? (
            <SkeletonStack className="grid gap-3" cells={['h-16', 'h-40']} />
          ) : (
            <>
              <div className="flex items-center justify-between gap-3 rounded-xl border bg-card p-4">
                <Money value={e.amount} className="text-2xl font-semibold" />
                <ExpenseStatusBadge status={e.status} />
              </div>
              {e.status === 'pending' && (
                <p className="flex items-center gap-2 rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-100">
                  <Hourglass className="size-4 shrink-0" aria-hidden />
                  {d.waiting}
                </p>
              )}
              {(e.budgetWarning || e.overBudgetReason) && (
                <div className="rounded-lg border border-amber-500/40 bg-amber-500/8 px-3 py-2 text-sm text-amber-900 dark:text-amber-100">
                  <p className="flex items-start gap-2">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>{e.budgetWarning ?? d.overBudget}</span>
                  </p>
                  {e.overBudgetReason && <p className="mt-1 pl-6 text-xs">“{e.overBudgetReason}”</p>}
                </div>
              )}
              <dl className="divide-y rounded-xl border bg-card px-4">
                <Row label={l.columns.date}>{formatDate(e.spentOn)}</Row>
                <Row label={l.columns.category}>{e.category}</Row>
                <Row label={l.columns.payee}>{e.payee}</Row>
                <Row label={l.columns.method}>{s.methods[e.method]}</Row>
                {e.reference && <Row label={d.reference}>{e.reference}</Row>}
                {e.term && <Row label={d.term}>{e.term}</Row>}
                {e.notes && <Row label={d.notes}>{e.notes}</Row>}
              </dl>
              <ol className="grid gap-3" data-testid="expense-timeline">
                {steps.map((st) => (
                  <li key={st.label} className="flex items-start gap-3 text-sm">
                    <st.icon className={`mt-0.5 size-4 shrink-0 ${st.tone}`} aria-hidden />
                    <div className="min-w-0">
                      <p className="font-medium">{st.label}</p>
                      <p className="text-xs text-muted-foreground">{[st.who, st.when].filter(Boolean).join(' · ')}</p>
                      {st.label !== d.timeline.recorded && st.label !== d.timeline.paid && e.decisionNote && <p className="mt-0.5 text-xs">“{e.decisionNote}”</p>}
                    </div>
                  </li>
                ))}
              </ol>
              <div className="rounded-xl border bg-card p-4">
                <p className="text-sm font-medium">{d.attachment}</p>
                {e.attachment ? (
                  <a href={e.attachment.url} target="_blank" rel="noreferrer" className="mt-2 flex items-center gap-2 text-sm text-primary hover:underline" data-testid="expense-attachment">
                    <Paperclip className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{e.attachment.fileName}</span>
                  </a>
                ) : (
                  <p className="mt-1 text-sm text-muted-foreground">{d.noAttachment}</p>
                )}
                {canManage && (
                  <label className="mt-3 inline-flex cursor-pointer items-center gap-2 text-sm text-primary hover:underline">
                    {attach.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Paperclip className="size-4" aria-hidden />}
                    {d.upload}
                    <input
                      type="file"
                      accept="application/pdf,image/jpeg,image/png"
                      className="sr-only"
                      onChange={(ev) => {
                        const file = ev.target.files?.[0];
                        if (file) attach.mutate({ id: e.id, file }, { onSuccess: (r) => toast.success(r.message), onError: (err) => toast.error(err.message) });
                      }}
                    />
                  </label>
                )}
              </div>
              {canManage && e.status === 'approved' && (
                <Button onClick={() => setPaying(true)} className="w-full" data-testid="expense-mark-paid">
                  <CircleDollarSign aria-hidden />
                  {d.markPaid}
                </Button>
              )}
            </>
          )}
        </div>
        {e && <PayDialog expense={paying ? e : null} onClose={() => setPaying(false)} />}
      </SheetContent>
    </Sheet>
  );
}

function PayDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const pay = usePayExpense();
  const [paidOn, setPaidOn] = React.useState('');
  const [method, setMethod] = React.useState<ExpenseMethod>('bank_transfer');
  const [reference, setReference] = React.useState('');
  useOnOpen(!!expense, () => {
    setPaidOn(schoolToday());
    if (expense) setMethod(expense.method);
    setReference(expense?.reference ?? '');
    pay.reset();
  });
  const err = apiErrorOf(pay.error);
  const d = s.detail;
  return (
    <FormDialog open={!!expense} onClose={onClose} pending={pay.isPending} className="max-w-md gap-5" testId="pay-expense-dialog" title={d.pay} description={d.payDescription}>
      <form
        className="grid gap-4"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (expense) pay.mutate({ id: expense.id, paidOn, method, reference }, { onSuccess: (r) => (toast.success(r.message), onClose()) });
        }}
      >
        <Field id="pay-date" label={d.paidOn} error={err.fields.paidOn}>
          <DateField id="pay-date" value={paidOn} onValueChange={(value) => setPaidOn(value)} />
        </Field>
        <Field id="pay-method" label={s.form.method} error={err.fields.method}>
          <ExpenseMethodSelect id="pay-method" value={method} onChange={setMethod} />
        </Field>
        <Field id="pay-reference" label={d.reference} error={err.fields.reference}>
          <input id="pay-reference" className={inputClass} value={reference} maxLength={100} onChange={(ev) => setReference(ev.target.value)} data-testid="pay-reference" />
        </Field>
        {err.message && <FormErrorAlert title={d.payFailed} detail={err.message} testId="pay-error" />}
        <FormDialogFooter cancelLabel={s.form.cancel} onCancel={onClose} label={d.markPaid} pending={pay.isPending} submitTestId="pay-submit" />
      </form>
    </FormDialog>
  );
}
