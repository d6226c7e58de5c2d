import * as React from 'react';
import { Ban, HandCoins, Landmark, Loader2, SearchX } from 'lucide-react';
import { toast } from 'sonner';
import type { BankLine } from '@shared/contracts/bank-statements';
import { formatDay } from '@shared/dates';
import { bankStatementMessages } from '@shared/messages/bank-statements';
import { formatKes } from '@shared/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListToolbar, listSearchProps, useListParams } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { Field } from '@/components/field';
import { FormErrorAlert } from '@/components/form-feedback';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Money } from '@/components/money';
import { TextReasonDialog } from '@/components/text-reason-dialog';
import { Textarea } from '@/components/ui/textarea';
import { LearnerPicker, type PickedLearner } from '@/features/movements';
import { useAllocateBankLine, useBankUnmatched, useIgnoreBankLine, useUnmatchedSummary } from './api';

const s = bankStatementMessages.screens;
const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
/** Bank deposits per page: the block sits above the M-Pesa table, so a short page keeps that in reach. */
const PAGE_SIZE = 10;
/** Its own address keys, so the M-Pesa list's `search` and `page` below stay independent. */
const FILTERS = { bankSearch: '' };

/**
 * The bank deposits of the unmatched queue (issue 35 §4), shown in M-Pesa Payments' Unmatched tab
 * beside the M-Pesa payments, each with a "Bank" badge: the finance officer allocates one to a learner
 * (a bank payment with a receipt) or ignores it with a reason. Paged (oldest deposit first) with a
 * search over narration, bank reference and account name, kept in the address (`bankSearch`, `bankPage`)
 * like the M-Pesa list's. Nothing shows while the queue has no bank deposit.
 */
export function BankUnmatched({ schoolId, canManage }: { schoolId: string | null; canManage: boolean }) {
  const list = useListParams(FILTERS, { pageKey: 'bankPage' });
  const qs = new URLSearchParams({ page: String(list.page), pageSize: String(PAGE_SIZE), ...(list.values.bankSearch ? { search: list.values.bankSearch } : {}) }).toString();
  const q = useBankUnmatched(qs, schoolId);
  const summary = useUnmatchedSummary(schoolId);
  const [allocating, setAllocating] = React.useState<BankLine | null>(null);
  const [ignoring, setIgnoring] = React.useState<BankLine | null>(null);
  const ignore = useIgnoreBankLine();
  const items = q.data?.items ?? [];
  const total = q.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const { page, setPage } = list;
  // The last line of the last page allocated or ignored: step back to the page that still has lines.
  React.useEffect(() => {
    if (q.data && !q.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [q.data, q.isPlaceholderData, page, lastPage, setPage]);
  const waiting = summary.data?.bank.total ?? total;
  if (!waiting && !list.filtered) return null;
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border p-3 sm:p-4" data-testid="bank-unmatched">
      <div>
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <Landmark className="size-4 text-muted-foreground" aria-hidden />
          {s.queueTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{s.queueIntro}</p>
        {summary.data && (
          <p className="mt-1 text-sm font-medium text-amber-700 tabular-nums dark:text-amber-300" data-testid="bank-unmatched-summary">
            {s.queueSummary(summary.data.bank.total, `KES ${formatKes(Math.round(summary.data.bank.sum * 100))}`)}
          </p>
        )}
      </div>
      <ListToolbar testId="bank-unmatched-toolbar" {...listSearchProps(list, s.queueSearch, 'bankSearch')} />
      {q.error && !q.data && <FormErrorAlert title={s.queueLoadFailed} detail={errorText(q.error, s.queueLoadFailed)} testId="bank-unmatched-error" />}
      {q.data && !items.length && (
        <p className="flex items-center gap-2 py-3 text-sm text-muted-foreground" data-testid="bank-unmatched-empty">
          <SearchX className="size-4" aria-hidden />
          {s.queueEmptyFiltered}
        </p>
      )}
      <ul className="flex flex-col divide-y" aria-busy={q.isPlaceholderData || undefined}>
        {items.map((l) => (
          <li key={l.id} className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:gap-4" data-testid="bank-unmatched-row">
            <div className="flex min-w-0 flex-1 items-start gap-2.5">
              <Badge variant="outline" className="shrink-0 border-sky-500/40 bg-sky-500/10 text-sky-800 dark:text-sky-200">
                {s.bankBadge}
              </Badge>
              <div className="min-w-0">
                <p className="text-sm font-medium break-words">{l.narration || '—'}</p>
                <p className="flex flex-wrap gap-x-1 text-xs text-muted-foreground tabular-nums">
                  <span>{formatDay(l.txnDate)} ·</span>
                  <span className="font-mono break-all">{l.bankReference}</span>
                  <span>· {l.bankAccountName}</span>
                </p>
              </div>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end sm:gap-3">
              <Money value={l.amount} className="font-semibold" />
              {canManage && (
                <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-1.5">
                  <Button size="sm" onClick={() => setAllocating(l)} data-testid="bank-unmatched-allocate">
                    <HandCoins aria-hidden />
                    {s.allocateShort}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setIgnoring(l)} data-testid="bank-unmatched-ignore">
                    <Ban aria-hidden />
                    {s.ignore}
                  </Button>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && <Pagination page={list.page} pageSize={PAGE_SIZE} total={total} shown={items.length} busy={q.isPlaceholderData} onPage={list.setPage} testId="bank-unmatched" />}
      {canManage && (
        <>
          <AllocateBankDialog line={allocating} onClose={() => setAllocating(null)} />
          <TextReasonDialog
            open={!!ignoring}
            pending={ignore.isPending}
            copy={{
              icon: Ban,
              tone: 'warning',
              title: s.ignoreTitle,
              text: s.ignoreDescription,
              label: s.reason,
              placeholder: s.reasonPlaceholder,
              confirmLabel: ignore.isPending ? s.ignoring : s.confirmIgnore,
              cancelLabel: s.cancel,
              max: 500,
              tooLong: bankStatementMessages.api.reasonRequired,
              required: bankStatementMessages.api.reasonRequired,
              rows: 3,
              fieldId: 'bank-ignore-reason',
              name: 'bank-ignore',
              inputTestId: 'bank-ignore-reason',
              clearOnOpen: true,
            }}
            failure={{ message: ignore.error ? errorText(ignore.error, s.failed) : null, title: s.failed, testId: 'bank-ignore-error' }}
            onCancel={() => {
              ignore.reset();
              setIgnoring(null);
            }}
            onConfirm={async (reason) => {
              if (!ignoring) return;
              try {
                await ignore.mutateAsync({ id: ignoring.id, reason });
                toast.success(s.ignoredToast);
                setIgnoring(null);
              } catch {
                // Shown in the dialog.
              }
            }}
          />
        </>
      )}
    </section>
  );
}

function AllocateBankDialog({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const [learner, setLearner] = React.useState<PickedLearner | null>(null);
  const [note, setNote] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const allocate = useAllocateBankLine();
  React.useEffect(() => {
    if (!line) return;
    setLearner(null);
    setNote('');
    setError(undefined);
    allocate.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [line?.id]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!line) return;
    if (!learner) {
      setError(bankStatementMessages.api.learnerRequired);
      return;
    }
    try {
      const done = await allocate.mutateAsync({ id: line.id, studentId: learner.id, note: note.trim() || undefined });
      toast.success(s.allocatedToast(done.receiptNumber ?? ''));
      onClose();
    } catch {
      // Shown in the alert.
    }
  };
  return (
    <FormDialog open={!!line} onClose={onClose} pending={allocate.isPending} className="max-w-lg grid-cols-[minmax(0,1fr)] gap-5" keepOnOutsideClick testId="bank-allocate-dialog" icon={HandCoins} title={s.allocateTitle} description={s.allocateDescription}>
      {line && (
        <div className="rounded-lg border bg-muted/30 p-3.5">
          <Money value={line.amount} className="text-xl font-semibold" />
          <p className="text-sm break-words">{line.narration}</p>
          <p className="text-xs text-muted-foreground tabular-nums">
            {formatDay(line.txnDate)} · <span className="font-mono">{line.bankReference}</span>
          </p>
        </div>
      )}
      <form className="grid grid-cols-[minmax(0,1fr)] gap-4" onSubmit={submit} noValidate>
        <Field id="bank-allocate-learner" label={s.learner} error={error}>
          <LearnerPicker
            id="bank-allocate-learner"
            value={learner}
            onChange={(l) => {
              setLearner(l);
              if (l) setError(undefined);
            }}
            invalid={!!error}
            testId="bank-allocate-picker"
          />
        </Field>
        <Field id="bank-allocate-note" label={s.note} optional>
          <Textarea id="bank-allocate-note" value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} data-testid="bank-allocate-note" />
        </Field>
        {allocate.error && <FormErrorAlert title={s.failed} detail={errorText(allocate.error, s.failed)} testId="bank-allocate-error" />}
        <FormDialogFooter
          cancelLabel={s.cancel}
          onCancel={onClose}
          label={allocate.isPending ? s.allocating : s.confirmAllocate}
          pending={allocate.isPending}
          icon={allocate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : undefined}
          spinner={false}
          submitTestId="bank-allocate-confirm"
        />
      </form>
    </FormDialog>
  );
}
