import * as React from 'react';
import { Field } from '@/components/field';
import { toast } from 'sonner';
import type { InventoryItem, MovementInput } from '@shared/contracts/inventory';
import { inventoryMessages } from '@shared/messages/inventory';
import { schoolToday } from '@shared/dates';
import { ApiError } from '@/lib/api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormErrorAlert } from '@/components/form-feedback';
import { FilterSelect } from '@/components/filter-select';
import { formatMoney } from '@/components/money';
import { FormDialog, FormDialogFooter } from '@/components/form-dialog';
import { DateField } from '@/components/date-field';
import { useLearnerSearch, usePostMovement, useSuppliers } from './inventory-api';
import { perLocale } from '@shared/i18n/localized';

const m = inventoryMessages.ui;
export type MovementKind = 'stock_in' | 'issue' | 'sale' | 'adjustment';

const TITLES = perLocale((): Record<MovementKind, string> => ({ stock_in: m.actStockIn, issue: m.actIssue, sale: m.actSell, adjustment: m.actAdjust }));
const SUBMIT = perLocale((): Record<MovementKind, string> => ({ stock_in: m.recordStockIn, issue: m.recordIssue, sale: m.recordSale, adjustment: m.recordAdjust }));

/**
 * Stock in, issue, sell to a learner, or adjust one item (issue 15 §5). A sale charges the learner's
 * account at once; the dialog says how much. Server errors (e.g. "Only 12 in stock") show on the field.
 */
export function MovementDialog({ item, kind, onClose }: { item: InventoryItem | null; kind: MovementKind; onClose: () => void }) {
  const open = item !== null;
  const [quantity, setQuantity] = React.useState('');
  const [unitCost, setUnitCost] = React.useState('');
  const [unitPrice, setUnitPrice] = React.useState('');
  const [supplierId, setSupplierId] = React.useState('');
  const [department, setDepartment] = React.useState('');
  const [issueTo, setIssueTo] = React.useState<'department' | 'learner'>('department');
  const [learner, setLearner] = React.useState<{ id: string; label: string } | null>(null);
  const [reason, setReason] = React.useState('');
  const [reference, setReference] = React.useState('');
  const [movedOn, setMovedOn] = React.useState(schoolToday());
  const [key, setKey] = React.useState(() => crypto.randomUUID());
  const post = usePostMovement();
  const suppliers = useSuppliers();

  React.useEffect(() => {
    if (!open) return;
    setQuantity('');
    setUnitCost(item?.averageCost ? String(item.averageCost) : '');
    setUnitPrice(item?.salePrice !== null && item?.salePrice !== undefined ? String(item.salePrice) : '');
    setSupplierId(item?.supplierId ?? '');
    setDepartment('');
    setIssueTo('department');
    setLearner(null);
    setReason('');
    setReference('');
    setMovedOn(schoolToday());
    setKey(crypto.randomUUID());
    post.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, item?.id, kind]);

  const fields = fieldErrorsOf(post.error);
  const qty = Number(quantity);
  const price = Number(unitPrice);
  const needsLearner = kind === 'sale' || (kind === 'issue' && issueTo === 'learner');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!item) return;
    const body: MovementInput = { itemId: item.id, type: kind, quantity: Number(quantity), movedOn };
    if (kind === 'stock_in') Object.assign(body, { unitCost: unitCost === '' ? undefined : unitCost, supplierId: supplierId || null, reference: reference || null });
    if (kind === 'issue') Object.assign(body, issueTo === 'learner' ? { studentId: learner?.id ?? null } : { department: department || null });
    if (kind === 'sale') Object.assign(body, { studentId: learner?.id ?? null, unitPrice: unitPrice === '' ? undefined : unitPrice });
    if (kind === 'adjustment') Object.assign(body, { reason: reason || null });
    post.mutate(
      { body, key },
      {
        onSuccess: (r) => {
          toast.success(kind === 'sale' ? m.doneSale(r.charge?.invoiceNumber ?? null) : kind === 'stock_in' ? m.doneStockIn : kind === 'issue' ? m.doneIssue : m.doneAdjust);
          onClose();
        },
        onError: () => setKey(crypto.randomUUID()),
      },
    );
  };

  return (
    <InventoryFormDialog
      open={open}
      onClose={onClose}
      title={TITLES[kind]}
      description={
        item ? (
          <>
            <span className="font-medium text-foreground">{item.name}</span> · {m.onHandNow(item.quantity, item.unit)}
          </>
        ) : null
      }
      testId="movement-dialog"
      mutation={post}
      errorTestId="movement-error"
      onSubmit={submit}
      submitLabel={SUBMIT[kind]}
      submitDisabled={!quantity}
      submitTestId="mv-submit"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="mv-quantity" label={kind === 'adjustment' ? m.fieldAdjustQuantity : m.fieldQuantity} error={fields.quantity}>
          <Input id="mv-quantity" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} aria-invalid={!!fields.quantity} data-testid="mv-quantity" autoFocus />
        </Field>
        <Field id="mv-date" label={m.fieldDate} error={fields.movedOn}>
          <DateField id="mv-date" value={movedOn} max={schoolToday()} onValueChange={(value) => setMovedOn(value)} />
        </Field>
      </div>
      {kind === 'stock_in' && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id="mv-cost" label={m.fieldUnitCost} error={fields.unitCost}>
              <Input id="mv-cost" inputMode="decimal" value={unitCost} onChange={(e) => setUnitCost(e.target.value)} data-testid="mv-cost" />
            </Field>
            <Field id="mv-supplier" label={m.fieldSupplier} error={fields.supplierId}>
              <FilterSelect id="mv-supplier" value={supplierId} onChange={setSupplierId} all={m.fieldNoSupplier} options={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))} />
            </Field>
          </div>
          <Field id="mv-ref" label={m.fieldReference} error={fields.reference}>
            <Input id="mv-ref" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={80} />
          </Field>
        </>
      )}
      {kind === 'issue' && (
        <div className="grid gap-2">
          <Label>{m.issueTo}</Label>
          <div className="grid grid-cols-2 gap-2" role="radiogroup">
            {(['department', 'learner'] as const).map((v) => (
              <Button key={v} type="button" variant={issueTo === v ? 'default' : 'outline'} size="sm" role="radio" aria-checked={issueTo === v} onClick={() => setIssueTo(v)}>
                {v === 'department' ? m.issueToDepartment : m.issueToLearner}
              </Button>
            ))}
          </div>
          {issueTo === 'department' && (
            <Field id="mv-dept" label={m.fieldDepartment} error={fields.department}>
              <Input id="mv-dept" value={department} onChange={(e) => setDepartment(e.target.value)} maxLength={80} placeholder={m.departmentPlaceholder} data-testid="mv-department" />
            </Field>
          )}
        </div>
      )}
      {needsLearner && <LearnerPicker value={learner} onChange={setLearner} error={fields.studentId} />}
      {kind === 'sale' && (
        <Field id="mv-price" label={m.fieldUnitPrice} error={fields.unitPrice}>
          <Input id="mv-price" inputMode="decimal" value={unitPrice} onChange={(e) => setUnitPrice(e.target.value)} data-testid="mv-price" />
        </Field>
      )}
      {kind === 'sale' && qty > 0 && price > 0 && (
        <p className="rounded-lg bg-primary/5 px-3 py-2 text-sm text-primary" data-testid="mv-sale-total">
          {m.saleTotal(formatMoney(qty * price))}
        </p>
      )}
      {kind === 'adjustment' && (
        <Field id="mv-reason" label={m.fieldReason} error={fields.reason}>
          <Input id="mv-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder={m.reasonPlaceholder} data-testid="mv-reason" />
        </Field>
      )}
    </InventoryFormDialog>
  );
}

/** Type two letters of a name or an admission number; pick from the matches. */
function LearnerPicker({ value, onChange, error }: { value: { id: string; label: string } | null; onChange: (v: { id: string; label: string } | null) => void; error?: string }) {
  const [text, setText] = React.useState('');
  const search = useDebouncedValue(text, 250);
  const q = useLearnerSearch(search);
  if (value) {
    return (
      <Field id="mv-learner" label={m.fieldLearner} error={error}>
        <div className="flex items-center justify-between gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid="mv-learner-chosen">
          <span className="min-w-0 truncate font-medium">{value.label}</span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            {m.cancel}
          </Button>
        </div>
      </Field>
    );
  }
  const items = search.trim().length >= 2 ? (q.data?.items ?? []) : [];
  return (
    <Field id="mv-learner" label={m.fieldLearner} error={error}>
      <Input id="mv-learner" value={text} onChange={(e) => setText(e.target.value)} placeholder={m.fieldLearnerSearch} autoComplete="off" data-testid="mv-learner-search" />
      {search.trim().length >= 2 && (
        <ul className="max-h-52 overflow-y-auto rounded-lg border bg-popover text-sm shadow-sm" role="listbox" data-testid="mv-learner-results">
          {items.length === 0 && !q.isFetching && <li className="px-3 py-2 text-muted-foreground">{m.noLearners}</li>}
          {items.map((s) => {
            const label = `${s.firstName} ${s.lastName} · ${s.admissionNumber}`;
            return (
              <li key={s.id}>
                <button type="button" role="option" aria-selected={false} className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none" onClick={() => onChange({ id: s.id, label })}>
                  <span className="min-w-0 truncate">
                    {s.firstName} {s.lastName}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {s.admissionNumber}
                    {s.className ? ` · ${s.className}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Field>
  );
}

/** The server's per-field messages of a failed save (`{}` when it failed otherwise or did not fail). */
export function fieldErrorsOf(error: Error | null): Record<string, string> {
  return error instanceof ApiError ? (error.fields ?? {}) : {};
}

/**
 * The form dialog of the store screens (an item, a supplier, a stock movement): the title and optional
 * description, then a form with the server's refusal on top when no field shows it (`errorTestId`),
 * `children`, and Cancel and the submit button (`submitLabel`, "Saving…" while `mutation` runs; also
 * disabled by `submitDisabled`).
 */
export function InventoryFormDialog({
  open,
  onClose,
  title,
  description,
  testId,
  mutation,
  errorTestId,
  onSubmit,
  submitLabel,
  submitDisabled = false,
  submitTestId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  testId: string;
  mutation: { error: Error | null; isPending: boolean };
  errorTestId: string;
  onSubmit: (e: React.FormEvent) => void;
  submitLabel: string;
  submitDisabled?: boolean;
  submitTestId?: string;
  children: React.ReactNode;
}) {
  const { error, isPending } = mutation;
  return (
    <FormDialog open={open} onClose={onClose} className="max-h-[92dvh] overflow-y-auto sm:max-w-lg" testId={testId} title={title} description={description}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        {error && !Object.keys(fieldErrorsOf(error)).length && <FormErrorAlert title={error.message} testId={errorTestId} />}
        {children}
        {/* The save never blocks Cancel: `pending` stays off and the submit button is disabled instead. */}
        <FormDialogFooter className="gap-2" cancelLabel={m.cancel} onCancel={onClose} label={isPending ? m.saving : submitLabel} pending={false} disabled={isPending || submitDisabled} submitTestId={submitTestId} />
      </form>
    </FormDialog>
  );
}
