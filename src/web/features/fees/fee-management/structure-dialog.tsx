import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { FEE_CATEGORIES, STRUCTURE_BOARDING, createFeeStructureBody, updateFeeStructureBody, type FeeCategory, type FeeStructure } from '@shared/contracts/fees';
import { messages } from '@shared/messages';
import { kesToCents } from '@shared/money';
import { cn } from '@/lib/utils';
import { FieldError, FormErrorAlert } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, describedBy } from '@/components/field';
import { Textarea } from '@/components/ui/textarea';
import { issuesToFields } from '@/lib/form-errors';
import { textValues } from '@/lib/form-values';
import { useCreateStructure, useUpdateStructure } from '../api/fees';
import { Money, formatMoney } from '@/components/money';
import { amountValue, apiFields, hasFieldErrors } from './form';
import { AmountInput } from './inputs';
import { useLevelOptions, useStreamOptions, type TermOption } from '../components/terms';
import { voteHeadsMessages } from '@shared/messages/vote-heads';
import { useVoteHeads } from '../settings/vote-heads-api';

const m = messages.feeManagement;
const DEFAULT_VOTE_HEAD = '__default';
const t = m.structureForm;

interface ItemRow {
  key: string;
  name: string;
  category: FeeCategory;
  /** Issue 35 §3: '' = the category's default vote head. */
  voteHeadId: string;
  amount: string;
  optional: boolean;
}

let rowSeq = 0;
const newRow = (init: Partial<ItemRow> = {}): ItemRow => ({ key: `row-${++rowSeq}`, name: '', category: 'tuition', voteHeadId: '', amount: '', optional: false, ...init });

/** What the user has typed, as the form holds it. */
interface Draft {
  levelId: string;
  classId: string;
  boarding: (typeof STRUCTURE_BOARDING)[number];
  name: string;
  notes: string;
  items: ItemRow[];
}

function draftOf(structure: FeeStructure | null): Draft {
  if (!structure) return { levelId: '', classId: '', boarding: 'all', name: '', notes: '', items: [newRow({ name: 'Tuition', category: 'tuition' })] };
  return {
    ...textValues(structure, ['levelId', 'classId', 'name', 'notes']),
    boarding: structure.boarding,
    items: structure.items.map((i) => newRow({ name: i.name, category: i.category, voteHeadId: i.voteHeadId ?? '', amount: formatMoney(i.amount), optional: i.optional })),
  };
}

/**
 * Create or edit a fee structure (issue 11 §1): level, optional stream (of the level, in the term's
 * year), day/boarding, and a repeatable list of items (name, category, KES amount, optional) with live
 * totals. Level, stream and boarding are fixed once created (the API edits name, notes and items).
 * Issue 35 §3: each item's vote head (default: its category's).
 */
export function StructureDialog({ open, onClose, term, structure }: { open: boolean; onClose: () => void; term: TermOption; structure: FeeStructure | null }) {
  const editing = !!structure;
  const [draft, setDraft] = React.useState<Draft>(() => draftOf(structure));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const create = useCreateStructure();
  const update = useUpdateStructure();
  const save = editing ? update : create;
  const levels = useLevelOptions();
  const streams = useStreamOptions(term.yearId, draft.levelId);
  const voteHeadOptions = useVoteHeads(open).data?.items ?? [];

  React.useEffect(() => {
    if (!open) return;
    setDraft(draftOf(structure));
    setErrors({});
    create.reset();
    update.reset();
    // Only when the dialog opens: a refetch of the structure must not wipe what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setItem = (key: string, patch: Partial<ItemRow>) => setDraft((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) }));
  const removeItem = (key: string) => setDraft((d) => ({ ...d, items: d.items.filter((i) => i.key !== key) }));
  const addItem = () => setDraft((d) => ({ ...d, items: [...d.items, newRow({ category: 'other' })] }));

  const totals = React.useMemo(() => {
    let required = 0;
    let full = 0;
    for (const i of draft.items) {
      const cents = kesToCents(amountValue(i.amount));
      if (cents === null || cents <= 0) continue;
      full += cents;
      if (!i.optional) required += cents;
    }
    return { required: required / 100, full: full / 100 };
  }, [draft.items]);

  const levelName = levels.find((l) => l.value === draft.levelId)?.label;
  const autoName = levelName ? `${levelName}: ${term.name} ${term.yearName}` : '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const items = draft.items.map((i) => ({ name: i.name, category: i.category, amount: amountValue(i.amount), optional: i.optional, ...(i.voteHeadId ? { voteHeadId: i.voteHeadId } : {}) }));
    const notes = draft.notes.trim() || null;
    const name = draft.name.trim() || undefined;
    if (editing) {
      const parsed = updateFeeStructureBody.safeParse({ name, notes, items });
      const fields = parsed.success ? {} : issuesToFields(parsed.error);
      setErrors(fields);
      if (!parsed.success) return;
      update.mutate(
        { id: structure.id, body: { name, notes, items } },
        { onSuccess: () => (toast.success(t.saved), onClose()), onError: (err) => setErrors(apiFields(err)) },
      );
    } else {
      const body = { termId: term.id, levelId: draft.levelId, classId: draft.classId || null, boarding: draft.boarding, name, notes, items };
      const parsed = createFeeStructureBody.safeParse(body);
      const fields = parsed.success ? {} : issuesToFields(parsed.error);
      setErrors(fields);
      if (!parsed.success) return;
      create.mutate(body, { onSuccess: () => (toast.success(t.created), onClose()), onError: (err) => setErrors(apiFields(err)) });
    }
  };

  const pending = save.isPending;
  const itemsError = errors.items;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="max-h-[calc(100dvh-2rem)] max-w-3xl gap-0 p-0"
      testId="structure-dialog"
      form={{ onSubmit: submit, noValidate: true, className: 'flex min-h-0 flex-col [&_[aria-invalid=true]]:border-destructive' }}
      headerClassName="border-b px-5 py-4 pr-12 sm:px-6"
      title={editing ? t.editTitle : t.createTitle}
      description={editing ? t.editText : t.createText(term.label)}
    >

      <div className="grid gap-5 px-5 py-5 sm:px-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="structure-level" label={t.level} error={errors.levelId}>
            <Select value={draft.levelId} onValueChange={(levelId) => set({ levelId, classId: '' })} disabled={editing}>
              <SelectTrigger id="structure-level" {...describedBy('structure-level', errors.levelId)} data-testid="structure-level">
                <SelectValue placeholder={t.levelPlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {levels.map((l) => (
                  <SelectItem key={l.value} value={l.value}>
                    {l.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="structure-stream" label={t.stream} optional error={errors.classId}>
            <Select value={draft.classId || 'all'} onValueChange={(v) => set({ classId: v === 'all' ? '' : v })} disabled={editing || !draft.levelId}>
              <SelectTrigger id="structure-stream" {...describedBy('structure-stream', errors.classId)} data-testid="structure-stream">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t.streamAll}</SelectItem>
                {streams.map((s) => (
                  <SelectItem key={s.value} value={s.value}>
                    {s.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="structure-boarding" label={t.boarding}>
            <Select value={draft.boarding} onValueChange={(v) => set({ boarding: v as Draft['boarding'] })} disabled={editing}>
              <SelectTrigger id="structure-boarding" data-testid="structure-boarding">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STRUCTURE_BOARDING.map((b) => (
                  <SelectItem key={b} value={b}>
                    {m.boarding[b]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <p className="-mt-2 text-xs text-muted-foreground sm:col-span-3">{editing ? t.fixedHint : t.streamHint}</p>
        </div>

        <fieldset className="grid min-w-0 gap-3" data-testid="structure-items">
          <legend className="mb-2 text-sm font-medium">{t.items}</legend>
          <div className="hidden grid-cols-[minmax(0,1fr)_9.5rem_10rem_5.5rem_2.25rem] gap-2 px-1 text-xs font-medium text-muted-foreground md:grid" aria-hidden>
            <span>{t.itemName}</span>
            <span>{t.category}</span>
            <span className="text-right">{t.amount}</span>
            <span>{t.optional}</span>
            <span />
          </div>
          <ul className="grid gap-3 md:gap-2">
            {draft.items.map((item, i) => {
              const nameErr = errors[`items.${i}.name`];
              const amountErr = errors[`items.${i}.amount`];
              return (
                <li
                  key={item.key}
                  className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/20 p-3 md:grid-cols-[minmax(0,1fr)_9.5rem_10rem_5.5rem_2.25rem] md:items-start md:rounded-none md:border-0 md:bg-transparent md:p-0"
                  data-testid="structure-item"
                >
                  <div className="col-span-2 grid gap-1 md:col-span-1">
                    <label htmlFor={`${item.key}-name`} className="text-xs font-medium text-muted-foreground md:sr-only">
                      {t.itemName}
                    </label>
                    <Input
                      id={`${item.key}-name`}
                      value={item.name}
                      onChange={(e) => setItem(item.key, { name: e.target.value })}
                      placeholder={t.itemNamePlaceholder}
                      maxLength={80}
                      {...describedBy(`${item.key}-name`, nameErr)}
                      data-testid="structure-item-name"
                    />
                    <FieldError id={`${item.key}-name-error`} message={nameErr} />
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={`${item.key}-category`} className="text-xs font-medium text-muted-foreground md:sr-only">
                      {t.category}
                    </label>
                    <Select value={item.category} onValueChange={(v) => setItem(item.key, { category: v as FeeCategory })}>
                      <SelectTrigger id={`${item.key}-category`} data-testid="structure-item-category">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {FEE_CATEGORIES.map((cat) => (
                          <SelectItem key={cat} value={cat}>
                            {m.categories[cat]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <label htmlFor={`${item.key}-vote-head`} className="text-xs font-medium text-muted-foreground md:sr-only">
                      {voteHeadsMessages.ui.voteHead}
                    </label>
                    <Select value={item.voteHeadId || DEFAULT_VOTE_HEAD} onValueChange={(v) => setItem(item.key, { voteHeadId: v === DEFAULT_VOTE_HEAD ? '' : v })}>
                      <SelectTrigger id={`${item.key}-vote-head`} aria-label={voteHeadsMessages.ui.voteHead} data-testid="structure-item-vote-head">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={DEFAULT_VOTE_HEAD}>{voteHeadsMessages.ui.defaultForCategory}</SelectItem>
                        {voteHeadOptions
                          .filter((v) => v.active || v.id === item.voteHeadId)
                          .map((v) => (
                            <SelectItem key={v.id} value={v.id}>
                              {v.name}
                            </SelectItem>
                          ))}
                      </SelectContent>
                    </Select>
                    {errors[`items.${i}.voteHeadId`] && <FieldError id={`${item.key}-vote-head-error`} message={errors[`items.${i}.voteHeadId`]} />}
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={`${item.key}-amount`} className="text-xs font-medium text-muted-foreground md:sr-only">
                      {t.amount}
                    </label>
                    <AmountInput
                      id={`${item.key}-amount`}
                      value={item.amount}
                      onChange={(e) => setItem(item.key, { amount: e.target.value })}
                      {...describedBy(`${item.key}-amount`, amountErr)}
                      data-testid="structure-item-amount"
                    />
                    <FieldError id={`${item.key}-amount-error`} message={amountErr} />
                  </div>
                  <label className="flex h-10 items-center gap-2 text-sm md:justify-start">
                    <Checkbox checked={item.optional} onCheckedChange={(v) => setItem(item.key, { optional: !!v })} data-testid="structure-item-optional" />
                    <span>{t.optional}</span>
                  </label>
                  <div className="flex justify-end">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-10 text-muted-foreground hover:text-destructive"
                      onClick={() => removeItem(item.key)}
                      disabled={draft.items.length <= 1}
                      aria-label={t.removeItem(item.name)}
                      data-testid="structure-item-remove"
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {itemsError && <FieldError id="structure-items-error" message={itemsError} />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="button" variant="outline" size="sm" onClick={addItem} disabled={draft.items.length >= 40} data-testid="structure-add-item">
              <Plus aria-hidden />
              {t.addItem}
            </Button>
            <p className="text-xs text-muted-foreground">{t.optionalHint}</p>
          </div>
        </fieldset>

        <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2 sm:p-4" data-testid="structure-totals">
          <div>
            <p className="text-xs text-muted-foreground">{t.compulsory}</p>
            <Money value={totals.required} className="text-lg font-semibold" />
          </div>
          <div className={cn('sm:text-right', totals.full === totals.required && 'opacity-60')}>
            <p className="text-xs text-muted-foreground">{t.full}</p>
            <Money value={totals.full} className="text-lg font-semibold" />
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="structure-name" label={t.name} optional error={errors.name}>
            <Input id="structure-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} placeholder={autoName} maxLength={120} {...describedBy('structure-name', errors.name)} data-testid="structure-name" />
          </Field>
          <Field id="structure-notes" label={t.notes} optional error={errors.notes} className="sm:col-span-2">
            <Textarea id="structure-notes" value={draft.notes} onChange={(e) => set({ notes: e.target.value })} placeholder={t.notesPlaceholder} rows={2} maxLength={500} className="min-h-16" data-testid="structure-notes" />
          </Field>
        </div>

        {save.isError && !hasFieldErrors(save.error, ['levelId', 'classId', 'name', 'notes', 'items']) && <FormErrorAlert title={t.failed} detail={save.error.message} testId="structure-error" />}
      </div>

      <FormDialogFooter className="border-t px-5 py-4 sm:px-6" cancelLabel={m.common.cancel} onCancel={onClose} label={pending ? m.common.saving : editing ? t.save : t.create} pending={pending} submitTestId="structure-submit" />
    </FormDialog>
  );
}
