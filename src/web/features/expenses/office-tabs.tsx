import * as React from 'react';
import { toast } from 'sonner';
import { ArrowDownLeft, ArrowUpRight, Loader2, Pencil, Plus, Wallet } from 'lucide-react';
import type { ExpenseCategory } from '@shared/contracts/expenses';
import { schoolToday } from '@shared/dates';
import { expensesMessages as em, expensesScreens as s } from '@shared/messages/expenses';
import { FormErrorAlert } from '@/components/form-feedback';
import { EmptyListState } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { Money, formatMoney } from '@/components/money';
import { cn } from '@/lib/utils';
import { Field } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { apiErrorOf, inputClass, textareaClass } from './expense-bits';
import { useCategories, useExpenseSettings, usePettyCash, useSaveCategory, useSaveSettings, useTopUp, useVoteHeadOptions } from './expenses-api';
import { OptionSelect } from '@/components/select-parts';
import { useOnOpen } from '@/lib/use-on-open';
import { DateField } from '@/components/date-field';

const p = s.petty;

/** Petty cash: balance against the float, top-ups, and the book (newest first, running balance). */
export function PettyCashTab() {
  const q = usePettyCash();
  const [topping, setTopping] = React.useState(false);
  const data = q.data;
  if (!data) return <Skeleton className="h-72 rounded-xl" />;
  const pct = data.float > 0 ? Math.min(100, Math.round((data.balance / data.float) * 100)) : 0;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="petty-cash-tab">
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted-foreground">{p.balance}</p>
          <Money value={data.balance} className="text-2xl font-semibold" />
          <div className="mt-2 h-2 max-w-sm overflow-hidden rounded-full bg-muted">
            <div className={cn('h-full rounded-full', pct < 25 ? 'bg-amber-500' : 'bg-emerald-500')} style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-1 text-xs text-muted-foreground">
            {p.float}: <Money value={data.float} />
          </p>
        </div>
        <Button onClick={() => setTopping(true)} data-testid="petty-top-up">
          <Plus aria-hidden />
          {p.topUp}
        </Button>
      </div>
      <div className="rounded-xl border bg-card shadow-sm">
        <p className="border-b px-4 py-3 text-sm font-medium">{p.book}</p>
        {data.entries.length === 0 ? (
          <div className="p-4">
            <EmptyListState icon={Wallet} title={p.empty} testId="petty-empty" />
          </div>
        ) : (
          <ul className="divide-y" data-testid="petty-book">
            {data.entries.map((e) => (
              <li key={e.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full',
                    e.amount > 0 ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
                  )}
                >
                  {e.amount > 0 ? <ArrowDownLeft className="size-4" aria-hidden /> : <ArrowUpRight className="size-4" aria-hidden />}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">
                    {p.kinds[e.kind]}
                    {e.expenseNumber ? ` · ${e.expenseNumber}` : e.reference ? ` · ${e.reference}` : ''}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{[formatDate(e.entryOn), e.note, e.createdBy].filter(Boolean).join(' · ')}</p>
                </div>
                <div className="shrink-0 text-right">
                  <Money value={e.amount} className={cn('font-medium', e.amount > 0 && 'text-emerald-700 dark:text-emerald-400')} prefix={false} />
                  <p className="text-[11px] text-muted-foreground tabular-nums">{formatMoney(e.balanceAfter)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TopUpDialog open={topping} suggested={Math.max(0, data.float - data.balance)} onClose={() => setTopping(false)} />
    </div>
  );
}

function TopUpDialog({ open, suggested, onClose }: { open: boolean; suggested: number; onClose: () => void }) {
  const top = useTopUp();
  const [v, setV] = React.useState({ amount: '', entryOn: '', reference: '', note: '' });
  useOnOpen(open, () => {
    setV({ amount: suggested > 0 ? String(suggested) : '', entryOn: schoolToday(), reference: '', note: '' });
    top.reset();
  });
  const err = apiErrorOf(top.error);
  return (
    <FormDialog open={open} onClose={onClose} pending={top.isPending} className="max-w-md gap-5" testId="top-up-dialog" title={p.topUpTitle} description={p.topUpDescription}>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          top.mutate(
            { ...v, amount: v.amount.replace(/,/g, '') },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                if (r.warning) toast.warning(r.warning);
                onClose();
              },
            },
          );
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="top-amount" label={p.amount} error={err.fields.amount} hint={suggested > 0 ? p.suggested(`KES ${formatMoney(suggested)}`) : undefined}>
            <input id="top-amount" inputMode="decimal" className={inputClass} value={v.amount} onChange={(e) => setV({ ...v, amount: e.target.value })} data-testid="top-up-amount" />
          </Field>
          <Field id="top-date" label={p.date} error={err.fields.entryOn}>
            <DateField id="top-date" value={v.entryOn} onValueChange={(value) => setV({ ...v, entryOn: value })} />
          </Field>
        </div>
        <Field id="top-ref" label={p.reference} error={err.fields.reference}>
          <input id="top-ref" className={inputClass} value={v.reference} maxLength={100} onChange={(e) => setV({ ...v, reference: e.target.value })} />
        </Field>
        <Field id="top-note" label={p.note} error={err.fields.note}>
          <textarea id="top-note" rows={2} className={textareaClass} value={v.note} maxLength={300} onChange={(e) => setV({ ...v, note: e.target.value })} />
        </Field>
        {err.message && <FormErrorAlert title={p.failed} detail={err.message} testId="top-up-error" />}
        <FormDialogFooter cancelLabel={s.form.cancel} onCancel={onClose} label={p.save} pending={top.isPending} submitTestId="top-up-submit" />
      </form>
    </FormDialog>
  );
}

const c = s.categories;
/** The select's value for "Not charged to a vote head" (a select item cannot have an empty value). */
const NO_VOTE_HEAD = 'none';

/** Categories: add, rename, stop using (kept for past expenses). */
export function CategoriesTab() {
  const q = useCategories();
  const save = useSaveCategory();
  const [editing, setEditing] = React.useState<ExpenseCategory | 'new' | null>(null);
  if (!q.data) return <Skeleton className="h-72 rounded-xl" />;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="categories-tab">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')} data-testid="add-category">
          <Plus aria-hidden />
          {c.add}
        </Button>
      </div>
      <ul className="divide-y rounded-xl border bg-card shadow-sm">
        {q.data.items.map((cat) => (
          <li key={cat.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="category-row">
            <div className="min-w-0 flex-1">
              <p className={cn('truncate font-medium', !cat.active && 'text-muted-foreground line-through')}>{cat.name}</p>
              <p className="truncate text-xs text-muted-foreground">{[cat.description, cat.voteHead, c.expenses(cat.expenseCount)].filter(Boolean).join(' · ')}</p>
            </div>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', cat.active ? 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' : 'bg-muted text-muted-foreground')}>
              {cat.active ? c.active : c.inactive}
            </span>
            <div className="flex gap-1">
              <Button size="sm" variant="ghost" onClick={() => setEditing(cat)}>
                <Pencil aria-hidden />
                {c.rename}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={save.isPending}
                onClick={() => save.mutate({ id: cat.id, name: cat.name, description: cat.description ?? '', active: !cat.active }, { onError: (e) => toast.error(e.message) })}
              >
                {cat.active ? c.deactivate : c.activate}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <CategoryDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function CategoryDialog({ editing, onClose }: { editing: ExpenseCategory | 'new' | null; onClose: () => void }) {
  const save = useSaveCategory();
  const [name, setName] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [voteHeadId, setVoteHeadId] = React.useState<string>(NO_VOTE_HEAD);
  const existing = editing && editing !== 'new' ? editing : null;
  const heads = useVoteHeadOptions(!!editing);
  // Active vote heads, plus the category's current one when it was deactivated since (kept as it is).
  const headOptions = [
    { value: NO_VOTE_HEAD, label: c.noVoteHead },
    ...(heads.data?.items ?? []).filter((v) => v.active || v.id === existing?.voteHeadId).map((v) => ({ value: v.id, label: v.name })),
  ];
  useOnOpen(!!editing, () => {
    setName(existing?.name ?? '');
    setDescription(existing?.description ?? '');
    setVoteHeadId(existing?.voteHeadId ?? NO_VOTE_HEAD);
    save.reset();
  });
  const err = apiErrorOf(save.error);
  return (
    <FormDialog open={!!editing} onClose={onClose} pending={save.isPending} className="max-w-md gap-5" testId="category-dialog" title={existing ? existing.name : c.add} description={c.add} descriptionClassName="sr-only">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ id: existing?.id, name, description, voteHeadId: voteHeadId === NO_VOTE_HEAD ? null : voteHeadId }, { onSuccess: () => (toast.success(em.categorySaved), onClose()) });
        }}
      >
        <Field id="cat-name" label={c.name} error={err.fields.name}>
          <input id="cat-name" className={inputClass} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="category-name" />
        </Field>
        <Field id="cat-description" label={c.description} error={err.fields.description}>
          <input id="cat-description" className={inputClass} value={description} maxLength={300} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field id="cat-vote-head" label={c.voteHead} hint={c.voteHeadHint} error={err.fields.voteHeadId}>
          <OptionSelect
            value={voteHeadId}
            onValueChange={setVoteHeadId}
            options={headOptions}
            trigger={{ id: 'cat-vote-head', className: 'w-full', 'aria-invalid': !!err.fields.voteHeadId, 'data-testid': 'category-vote-head' }}
          />
        </Field>
        {err.message && <FormErrorAlert title={c.failed} detail={err.message} testId="category-error" />}
        <FormDialogFooter cancelLabel={s.form.cancel} onCancel={onClose} label={c.save} pending={save.isPending} submitTestId="category-save" />
      </form>
    </FormDialog>
  );
}

/** Settings: the approval limit and the petty-cash float. */
export function SettingsTab() {
  const q = useExpenseSettings();
  const save = useSaveSettings();
  const [v, setV] = React.useState<{ approvalLimit: string; pettyCashFloat: string } | null>(null);
  React.useEffect(() => {
    if (q.data && !v) setV({ approvalLimit: String(q.data.approvalLimit), pettyCashFloat: String(q.data.pettyCashFloat) });
  }, [q.data, v]);
  const err = apiErrorOf(save.error);
  if (!v) return <Skeleton className="h-56 rounded-xl" />;
  const st = s.settings;
  return (
    <form
      className="grid max-w-xl gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
      data-testid="expense-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ approvalLimit: v.approvalLimit.replace(/,/g, ''), pettyCashFloat: v.pettyCashFloat.replace(/,/g, '') }, { onSuccess: () => toast.success(em.settingsSaved) });
      }}
    >
      <div>
        <p className="font-medium">{st.title}</p>
        <p className="mt-0.5 text-sm text-muted-foreground">{st.description}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="set-limit" label={st.approvalLimit} error={err.fields.approvalLimit}>
          <input id="set-limit" inputMode="decimal" className={inputClass} value={v.approvalLimit} onChange={(e) => setV({ ...v, approvalLimit: e.target.value })} data-testid="settings-limit" />
        </Field>
        <Field id="set-float" label={st.pettyCashFloat} error={err.fields.pettyCashFloat}>
          <input id="set-float" inputMode="decimal" className={inputClass} value={v.pettyCashFloat} onChange={(e) => setV({ ...v, pettyCashFloat: e.target.value })} data-testid="settings-float" />
        </Field>
      </div>
      {err.message && <FormErrorAlert title={st.failed} detail={err.message} testId="settings-error" />}
      <div>
        <Button type="submit" disabled={save.isPending} data-testid="settings-save">
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {st.save}
        </Button>
      </div>
    </form>
  );
}
