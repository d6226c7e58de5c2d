import * as React from 'react';
import { toast } from 'sonner';
import { ArrowDown, ArrowUp, ListOrdered, Loader2, MoveRight, Pencil, PiggyBank, Plus, Power, Scale, Trash2 } from 'lucide-react';
import { VOTE_HEAD_ACCOUNTS, VOTE_HEAD_RULES, type VoteHead, type VoteHeadAccount, type VoteHeadRule } from '@shared/contracts/vote-heads';
import { VOTE_HEAD_ACCOUNT_LABELS, VOTE_HEAD_RULE_LABELS, voteHeadsMessages } from '@shared/messages/vote-heads';
import { FormErrorAlert } from '@/components/form-feedback';
import { formatMoney } from '@/components/money';
import { QueryErrorCard } from '@/components/query-error-card';
import { Field, FormSection } from '@/components/field';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useOnOpen } from '@/lib/use-on-open';
import { cn } from '@/lib/utils';
import { useSaveFinanceSettings } from '../api/fees';
import { ChoiceCards, type Choice } from './form-bits';
import { useApplyPrepayments, useCreateVoteHead, useDeleteVoteHead, usePrepayments, useUpdateVoteHead, useVoteHeads } from './vote-heads-api';

const u = voteHeadsMessages.ui;

export const voteHeadInputClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

const RULE_CHOICES: Choice<VoteHeadRule>[] = VOTE_HEAD_RULES.map((r) => ({ value: r, label: r === 'priority' ? u.rulePriority : u.ruleProportional, text: VOTE_HEAD_RULE_LABELS[r]!, icon: r === 'priority' ? ListOrdered : Scale }));

function errorOf(err: unknown): { message: string | null; fields: Record<string, string> } {
  if (!err) return { message: null, fields: {} };
  if (err instanceof ApiError) return { message: err.message, fields: err.fields ?? {} };
  return { message: err instanceof Error ? err.message : String(err), fields: {} };
}

/**
 * Finance Settings → Vote heads (issue 35 §3): the school's vote heads in priority order (the order a
 * payment settles them under the priority rule) with their account; the finance officer adds, edits,
 * moves up or down, deactivates and deletes unused ones, and picks the rule (priority or proportional).
 * Principal and director read it.
 */
export function VoteHeadsTab({ canManage }: { canManage: boolean }) {
  const q = useVoteHeads();
  const update = useUpdateVoteHead();
  const remove = useDeleteVoteHead();
  const saveRule = useSaveFinanceSettings();
  const [editing, setEditing] = React.useState<VoteHead | 'new' | null>(null);
  if (q.error) return <QueryErrorCard title={u.loadFailed} retryLabel={u.retry} query={q} />;
  if (!q.data) return <Skeleton className="h-72 rounded-xl" />;
  const items = q.data.items;
  const busy = update.isPending || remove.isPending;

  /** Swaps the priorities of two neighbours (equal priorities: the moved one goes just past the other). */
  const move = async (i: number, dir: -1 | 1) => {
    const a = items[i]!;
    const b = items[i + dir]!;
    const [pa, pb] = a.priority === b.priority ? [b.priority + dir, a.priority] : [b.priority, a.priority];
    try {
      await update.mutateAsync({ id: a.id, body: { priority: pa } });
      await update.mutateAsync({ id: b.id, body: { priority: pb } });
    } catch (e) {
      toast.error(errorOf(e).message ?? u.failed);
    }
  };

  return (
    <div className="grid gap-5" data-testid="vote-heads-tab">
      <FormSection icon={<Scale />} title={u.rule} description={u.description} testId="vote-head-rule-section">
        <ChoiceCards
          value={q.data.rule}
          onChange={(rule) => saveRule.mutate({ voteHeadRule: rule }, { onSuccess: () => toast.success(u.ruleSaved), onError: (e) => toast.error(errorOf(e).message ?? u.failed) })}
          choices={RULE_CHOICES}
          label={u.rule}
          disabled={!canManage || saveRule.isPending}
          testId="vote-head-rule"
        />
      </FormSection>
      <PrepaymentsPanel canManage={canManage} />
      <section className="rounded-xl border bg-card shadow-xs">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b px-4 py-3">
          <h3 className="font-semibold">{u.title}</h3>
          {canManage && (
            <Button size="sm" onClick={() => setEditing('new')} data-testid="vote-head-add">
              <Plus className="size-4" aria-hidden /> {u.add}
            </Button>
          )}
        </header>
        <ul className="divide-y" data-testid="vote-head-list">
          {items.map((v, i) => (
            <li key={v.id} className={cn('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', !v.active && 'opacity-60')} data-testid={`vote-head-${v.code}`}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium" data-testid="vote-head-name">
                    {v.name}
                  </span>
                  <Badge variant="outline" className="font-mono text-[11px]">
                    {v.code}
                  </Badge>
                  {!v.active && <Badge variant="secondary">{u.inactive}</Badge>}
                </div>
                <p className="text-xs text-muted-foreground">
                  {VOTE_HEAD_ACCOUNT_LABELS[v.account]} · {u.priority} {v.priority}
                </p>
              </div>
              {canManage && (
                <div className="flex items-center gap-1">
                  <Button size="icon" variant="ghost" className="size-8" disabled={busy || i === 0} onClick={() => void move(i, -1)} aria-label={`${u.moveUp}: ${v.name}`}>
                    <ArrowUp className="size-4" aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" className="size-8" disabled={busy || i === items.length - 1} onClick={() => void move(i, 1)} aria-label={`${u.moveDown}: ${v.name}`}>
                    <ArrowDown className="size-4" aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" className="size-8" onClick={() => setEditing(v)} aria-label={`${u.edit}: ${v.name}`} data-testid="vote-head-edit">
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-8"
                    disabled={busy}
                    onClick={() => update.mutate({ id: v.id, body: { active: !v.active } }, { onSuccess: () => toast.success(u.saved), onError: (e) => toast.error(errorOf(e).message ?? u.failed) })}
                    aria-label={`${v.active ? u.deactivate : u.activate}: ${v.name}`}
                  >
                    <Power className="size-4" aria-hidden />
                  </Button>
                  {!v.inUse && (
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-8 text-destructive"
                      disabled={busy}
                      onClick={() => remove.mutate(v.id, { onSuccess: () => toast.success(u.deleted), onError: (e) => toast.error(errorOf(e).message ?? u.failed) })}
                      aria-label={`${u.delete}: ${v.name}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <VoteHeadDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

const SHOWN_LEARNERS = 5;

/**
 * "Fees paid in advance": what is held there and what can move now to the vote heads the learners owe
 * on; the finance officer applies it (decision 0028). The others read the figures.
 */
function PrepaymentsPanel({ canManage }: { canManage: boolean }) {
  const q = usePrepayments();
  const apply = useApplyPrepayments();
  const d = q.data;
  return (
    <FormSection
      icon={<PiggyBank />}
      title={u.prepaymentsTitle}
      description={u.prepaymentsIntro}
      testId="prepayments-panel"
      actions={
        canManage && d && d.amount > 0 ? (
          <Button
            size="sm"
            disabled={apply.isPending}
            onClick={() => apply.mutate(undefined, { onSuccess: (r) => toast.success(u.prepaymentsApplied(formatMoney(r.amount), r.learners)), onError: (e) => toast.error(errorOf(e).message ?? u.failed) })}
            data-testid="prepayments-apply"
          >
            {apply.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <MoveRight className="size-4" aria-hidden />}
            {u.prepaymentsApply}
          </Button>
        ) : undefined
      }
    >
      {q.error ? (
        <QueryErrorCard title={u.loadFailed} retryLabel={u.retry} query={q} />
      ) : !d ? (
        <Skeleton className="h-10 rounded-md" />
      ) : (
        <div className="grid gap-2 text-sm">
          <p data-testid="prepayments-held">{u.prepaymentsHeld(formatMoney(d.held), d.heldLearners)}</p>
          <p className={cn('font-medium', d.amount > 0 ? 'text-primary' : 'text-muted-foreground')} data-testid="prepayments-ready">
            {d.amount > 0 ? u.prepaymentsReady(formatMoney(d.amount), d.learners) : u.prepaymentsNone}
          </p>
          {d.items.length > 0 && (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" data-testid="prepayments-learners">
              {d.items.slice(0, SHOWN_LEARNERS).map((i) => (
                <li key={i.studentId} className="tabular-nums">
                  {i.name} ({i.admissionNumber}) KES {formatMoney(i.amount)}
                </li>
              ))}
              {d.items.length > SHOWN_LEARNERS && <li>{u.prepaymentsMore(d.items.length - SHOWN_LEARNERS)}</li>}
            </ul>
          )}
        </div>
      )}
    </FormSection>
  );
}

function VoteHeadDialog({ editing, onClose }: { editing: VoteHead | 'new' | null; onClose: () => void }) {
  const create = useCreateVoteHead();
  const update = useUpdateVoteHead();
  const existing = editing && editing !== 'new' ? editing : null;
  const [code, setCode] = React.useState('');
  const [name, setName] = React.useState('');
  const [account, setAccount] = React.useState<VoteHeadAccount>('school_fund');
  useOnOpen(!!editing, () => {
    setCode(existing?.code ?? '');
    setName(existing?.name ?? '');
    setAccount(existing?.account ?? 'school_fund');
    create.reset();
    update.reset();
  });
  const pending = create.isPending || update.isPending;
  const err = errorOf(create.error ?? update.error);
  const done = () => {
    toast.success(u.saved);
    onClose();
  };
  return (
    <FormDialog open={!!editing} onClose={onClose} pending={pending} className="max-w-md gap-5" testId="vote-head-dialog" title={existing ? u.edit : u.add} description={u.description} descriptionClassName="sr-only">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (existing) update.mutate({ id: existing.id, body: { name, account } }, { onSuccess: done });
          else create.mutate({ code, name, account }, { onSuccess: done });
        }}
      >
        {!existing && (
          <Field id="vh-code" label={u.code} error={err.fields.code}>
            <input id="vh-code" className={voteHeadInputClass} value={code} maxLength={20} onChange={(e) => setCode(e.target.value.toUpperCase())} data-testid="vote-head-code" />
          </Field>
        )}
        <Field id="vh-name" label={u.name} error={err.fields.name}>
          <input id="vh-name" className={voteHeadInputClass} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} data-testid="vote-head-name-input" />
        </Field>
        <Field id="vh-account" label={u.account} error={err.fields.account}>
          <select id="vh-account" className={voteHeadInputClass} value={account} onChange={(e) => setAccount(e.target.value as VoteHeadAccount)} data-testid="vote-head-account">
            {VOTE_HEAD_ACCOUNTS.map((a) => (
              <option key={a} value={a}>
                {VOTE_HEAD_ACCOUNT_LABELS[a]}
              </option>
            ))}
          </select>
        </Field>
        {err.message && <FormErrorAlert title={u.failed} detail={err.message} testId="vote-head-error" />}
        <FormDialogFooter cancelLabel={u.cancel} onCancel={onClose} label={u.save} pending={pending} submitTestId="vote-head-save" />
      </form>
    </FormDialog>
  );
}
