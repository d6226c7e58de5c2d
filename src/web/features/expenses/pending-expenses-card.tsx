import * as React from 'react';
import { toast } from 'sonner';
import { AlertTriangle, Paperclip, Receipt } from 'lucide-react';
import type { Expense } from '@shared/contracts/expenses';
import { expensesScreens as s } from '@shared/messages/expenses';
import { FormErrorAlert } from '@/components/form-feedback';
import { SkeletonStack } from '@/components/skeleton-stack';
import { formatDate } from '@/lib/format';
import { Money } from '@/components/money';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { Field } from '@/components/field';
import { DecisionButtons, DecisionDialog } from '@/components/decision-dialog';
import { apiErrorOf, textareaClass } from './expense-bits';
import { useDecideExpense, useExpenses } from './expenses-api';
import { useOnOpen } from '@/lib/use-on-open';
import { IconBadge } from '@/components/icon-badge';

const c = s.card;

/**
 * Expenses waiting for the principal or director (issue 15 §1), for their finance view: amount,
 * category, payee, who asked, the receipt, the budget warning, and Approve / Reject (a comment is
 * required to reject). Deciding refreshes the Approvals card and the expenses queries.
 */
export function PendingExpensesCard({ className }: { className?: string }) {
  const q = useExpenses('status=pending&pageSize=50&sort=spentOn_asc');
  const { state } = useAuth();
  const [deciding, setDeciding] = React.useState<{ expense: Expense; approve: boolean } | null>(null);
  const items = q.data?.items ?? [];
  return (
    <div className={cn('flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid="pending-expenses-card">
      <div className="flex items-start gap-3 p-4 pb-3 sm:p-5 sm:pb-3">
        <IconBadge icon={Receipt} className="size-9 rounded-lg bg-amber-500/12 text-amber-700 dark:text-amber-300" />
        <div className="min-w-0">
          <p className="font-semibold">
            {c.title}
            {items.length > 0 && <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-200">{items.length}</span>}
          </p>
          <p className="text-sm text-muted-foreground">{c.description}</p>
        </div>
      </div>
      <div className="px-4 pb-4 sm:px-5 sm:pb-5">
        {q.isLoading ? (
          <SkeletonStack className="grid gap-3" cells={['h-20', 'h-20']} />
        ) : q.error ? (
          <p className="text-sm text-destructive">{c.loadFailed}</p>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">{c.empty}</p>
        ) : (
          <ul className="divide-y">
            {items.map((e) => {
              const own = e.requestedById === state.user?.id;
              return (
                <li key={e.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4" data-testid="pending-expense" data-expense-id={e.id}>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <Money value={e.amount} className="text-sm font-semibold" />
                      <span className="rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium">{e.category}</span>
                      <span className="font-mono text-[11px] text-muted-foreground">{e.number}</span>
                    </div>
                    <p className="mt-1 truncate text-sm font-medium">
                      {e.payee} · {e.description}
                    </p>
                    <p className="mt-0.5 text-[11px] text-muted-foreground">{c.requestedBy(e.requestedBy ?? '—', formatDate(e.spentOn))}</p>
                    {e.attachment && (
                      <a href={e.attachment.url} target="_blank" rel="noreferrer" className="mt-1 inline-flex items-center gap-1 text-xs text-primary hover:underline" data-testid="pending-expense-attachment">
                        <Paperclip className="size-3" aria-hidden />
                        {c.receipt}
                      </a>
                    )}
                    {e.budgetWarning && (
                      <p className="mt-1.5 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-200" data-testid="pending-expense-warning">
                        <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
                        <span>
                          {e.budgetWarning}
                          {e.overBudgetReason && <span className="block italic">“{e.overBudgetReason}”</span>}
                        </span>
                      </p>
                    )}
                  </div>
                  {!own && (
                    <DecisionButtons labels={c} onDecide={(approve) => setDeciding({ expense: e, approve })} testIdPrefix="pending-expense" className="grid shrink-0 grid-cols-2 gap-2 sm:flex" />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <DecideExpenseDialog decision={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}

function DecideExpenseDialog({ decision, onClose }: { decision: { expense: Expense; approve: boolean } | null; onClose: () => void }) {
  const decide = useDecideExpense();
  const [note, setNote] = React.useState('');
  useOnOpen(!!decision, () => {
    setNote('');
    decide.reset();
  });
  const err = apiErrorOf(decide.error);
  const approve = decision?.approve ?? true;
  const needsNote = !approve && !note.trim();
  return (
    <DecisionDialog
      open={!!decision}
      approve={approve}
      pending={decide.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!decision || needsNote) return;
        decide.mutate(
          { id: decision.expense.id, approve, note: note.trim() },
          {
            onSuccess: (r) => {
              toast.success(r.message);
              onClose();
            },
          },
        );
      }}
      testId="decide-expense-dialog"
      title={approve ? c.approveTitle : c.rejectTitle}
      description={decision ? `${decision.expense.number} · ${decision.expense.payee} · KES ${decision.expense.amount.toLocaleString('en-KE', { minimumFractionDigits: 2 })}` : ''}
      cancelLabel={c.cancel}
      confirmLabel={approve ? c.approve : c.reject}
      submitDisabled={needsNote}
      submitTestId="expense-decision-confirm"
    >
      <Field
        id="expense-decision-note"
        label={
          <>
            {c.comment} <span className="font-normal text-muted-foreground">({approve ? c.commentOptional : c.commentRequired})</span>
          </>
        }
        error={err.fields.note}
      >
        <textarea
          id="expense-decision-note"
          rows={3}
          className={textareaClass}
          value={note}
          maxLength={500}
          placeholder={c.commentPlaceholder}
          onChange={(e) => setNote(e.target.value)}
          data-testid="expense-decision-note"
        />
      </Field>
      {err.message && !err.fields.note && <FormErrorAlert title={c.failed} detail={err.message} testId="expense-decision-error" />}
    </DecisionDialog>
  );
}
