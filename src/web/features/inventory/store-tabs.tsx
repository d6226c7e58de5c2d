import * as React from 'react';
import { toast } from 'sonner';
import { Building2, FileSpreadsheet, FileText, Pencil, Plus, Upload } from 'lucide-react';
import type { ImportResult, Supplier, SupplierInput } from '@shared/contracts/inventory';
import { inventoryMessages } from '@shared/messages/inventory';
import { schoolToday } from '@shared/dates';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api';
import { EmptyListState, LoadErrorCard } from '@/components/list-states';
import { FilterSelect } from '@/components/filter-select';
import { FormErrorAlert } from '@/components/form-feedback';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Money } from '@/components/money';
import { useImportStock, useItems, useSaveSupplier, useStockTake, useSuppliers, useValuation } from './inventory-api';
import { categoryLabel } from './items-tab';
import { InventoryFormDialog, fieldErrorsOf } from './movement-dialog';
import { Field } from '@/components/field';
import { HeadCells } from '@/components/head-cells';
import { DateField } from '@/components/date-field';

const m = inventoryMessages.ui;

// ---- Stock take ---------------------------------------------------------------------------------

/** Count sheet for one category: counted quantities, differences, a reason where they differ. */
export function StockTakeTab() {
  const all = useItems(React.useMemo(() => new URLSearchParams({ pageSize: '1' }), []));
  const categories = all.data?.categories ?? [];
  const [category, setCategory] = React.useState('');
  const cat = category || categories[0] || '';
  const items = useItems(React.useMemo(() => new URLSearchParams({ category: cat, pageSize: '200', sort: 'name' }), [cat]));
  const [counts, setCounts] = React.useState<Record<string, { counted: string; reason: string }>>({});
  const [countedOn, setCountedOn] = React.useState(schoolToday());
  const [note, setNote] = React.useState('');
  const take = useStockTake();
  const fields = take.error instanceof ApiError ? (take.error.fields ?? {}) : {};
  const rows = items.data?.items ?? [];
  const lines = rows.filter((i) => (counts[i.id]?.counted ?? '') !== '').map((i) => ({ item: i, counted: Number(counts[i.id]!.counted), reason: counts[i.id]!.reason }));
  const differences = lines.filter((l) => l.counted !== l.item.quantity);
  const submit = () =>
    take.mutate(
      { countedOn, note: note || null, lines: lines.map((l) => ({ itemId: l.item.id, counted: l.counted, reason: l.reason || null })) },
      {
        onSuccess: (r) => {
          toast.success(m.doneStockTake(r.adjustments));
          setCounts({});
          setNote('');
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.tabStockTake}</CardTitle>
        <CardDescription>{m.stockTakeIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Field id="st-category" label={m.chooseCategory}>
            <FilterSelect id="st-category" value={cat} onChange={(v) => (setCategory(v), setCounts({}))} all={m.allCategories} options={categories.map((c) => ({ value: c, label: categoryLabel(c) }))} testId="st-category" />
          </Field>
          <Field id="st-date" label={m.countedOn} error={fields.countedOn}>
            <DateField id="st-date" value={countedOn} max={schoolToday()} onValueChange={(value) => setCountedOn(value)} />
          </Field>
          <Field id="st-note" label={m.note}>
            <Input id="st-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </Field>
        </div>
        {take.error && <FormErrorAlert title={take.error.message} testId="st-error" />}
        {items.isLoading ? (
          <Skeleton className="h-48 rounded-lg" />
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="count-sheet">
            {rows.map((i, idx) => {
              const c = counts[i.id] ?? { counted: '', reason: '' };
              const diff = c.counted === '' ? null : Number(c.counted) - i.quantity;
              const lineIdx = lines.findIndex((l) => l.item.id === i.id);
              return (
                <li key={i.id} className="grid grid-cols-1 gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_7rem_5rem_minmax(0,1fr)] sm:items-center" data-testid="count-line">
                  <div className="min-w-0">
                    <div className="truncate font-medium">{i.name}</div>
                    <div className="text-xs text-muted-foreground">{m.onHandNow(i.quantity, i.unit)}</div>
                  </div>
                  <Input aria-label={`${m.counted}: ${i.name}`} inputMode="numeric" placeholder={m.counted} value={c.counted} onChange={(e) => setCounts((s) => ({ ...s, [i.id]: { ...c, counted: e.target.value } }))} data-testid={`count-${idx}`} />
                  <span className={cn('text-sm tabular-nums', diff === null ? 'text-muted-foreground' : diff === 0 ? 'text-emerald-600' : 'font-medium text-destructive')}>{diff === null ? '—' : diff > 0 ? `+${diff}` : diff}</span>
                  {diff !== null && diff !== 0 ? (
                    <div>
                      <Input aria-label={`${m.fieldReason}: ${i.name}`} placeholder={m.reasonPlaceholder} value={c.reason} onChange={(e) => setCounts((s) => ({ ...s, [i.id]: { ...c, reason: e.target.value } }))} aria-invalid={!!fields[`lines.${lineIdx}.reason`]} />
                      {fields[`lines.${lineIdx}.reason`] && <p className="mt-1 text-xs text-destructive">{fields[`lines.${lineIdx}.reason`]}</p>}
                    </div>
                  ) : (
                    <span className="hidden sm:block" />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{differences.length ? `${m.difference}: ${differences.length}` : m.noDifferences}</p>
          <Button onClick={submit} disabled={!lines.length || take.isPending} data-testid="st-submit">
            {take.isPending ? m.saving : m.recordStockTake}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

// ---- Valuation ----------------------------------------------------------------------------------

export function ValuationTab() {
  const q = useValuation();
  if (q.isError) return <LoadErrorCard title={q.error.message} retryLabel="Try again" onRetry={() => void q.refetch()} testId="valuation-error" />;
  const v = q.data;
  const max = Math.max(1, ...(v?.categories.map((c) => c.value) ?? [1]));
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{m.valuationTitle}</CardTitle>
          <CardDescription>{m.valuationHint}</CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href="/api/inventory/valuation?format=xlsx" data-testid="valuation-xlsx">
              <FileSpreadsheet aria-hidden /> {m.exportExcel}
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href="/api/inventory/valuation?format=pdf" target="_blank" rel="noreferrer" data-testid="valuation-pdf">
              <FileText aria-hidden /> {m.exportPdf}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {!v ? (
          <Skeleton className="h-48 rounded-lg" />
        ) : (
          <div className="flex flex-col gap-3" data-testid="valuation">
            {v.categories.map((c) => (
              <div key={c.category} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1">
                <div className="flex min-w-0 items-baseline gap-2">
                  <span className="font-medium">{categoryLabel(c.category)}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {c.items} · {c.quantity.toLocaleString('en-KE')}
                  </span>
                </div>
                <Money value={c.value} className="text-right font-medium" />
                <div className="col-span-2 h-2 overflow-hidden rounded-full bg-muted">
                  <div className="h-full rounded-full bg-primary/70" style={{ width: `${(c.value / max) * 100}%` }} />
                </div>
              </div>
            ))}
            <div className="mt-2 flex items-center justify-between border-t pt-3 font-semibold">
              <span>{m.total}</span>
              <Money value={v.total.value} />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

// ---- Suppliers ----------------------------------------------------------------------------------

export function SuppliersTab({ canManage }: { canManage: boolean }) {
  const q = useSuppliers('all');
  const [editing, setEditing] = React.useState<Supplier | 'new' | null>(null);
  return (
    <div className="flex flex-col gap-4">
      {canManage && (
        <div className="flex justify-end">
          <Button size="sm" onClick={() => setEditing('new')} data-testid="add-supplier">
            <Plus aria-hidden /> {m.addSupplier}
          </Button>
        </div>
      )}
      {q.isLoading ? (
        <Skeleton className="h-40 rounded-lg" />
      ) : !q.data?.items.length ? (
        <EmptyListState icon={Building2} title={m.noSuppliers} testId="suppliers-empty" />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="suppliers">
          {q.data.items.map((s) => (
            <div key={s.id} className={cn('flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm', !s.active && 'opacity-60')}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <div className="truncate font-medium">{s.name}</div>
                  {s.contactName && <div className="text-sm text-muted-foreground">{s.contactName}</div>}
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  {!s.active && <Badge variant="outline">{m.inactive}</Badge>}
                  {canManage && (
                    <Button variant="ghost" size="icon" aria-label={m.editSupplier} onClick={() => setEditing(s)}>
                      <Pencil aria-hidden />
                    </Button>
                  )}
                </div>
              </div>
              <div className="mt-1 grid gap-0.5 text-sm text-muted-foreground">
                {s.phone && <span>+{s.phone}</span>}
                {s.email && <span className="truncate">{s.email}</span>}
                {s.kraPin && (
                  <span>
                    {m.colKraPin}: {s.kraPin}
                  </span>
                )}
              </div>
            </div>
          ))}
        </div>
      )}
      <SupplierDialog supplier={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function SupplierDialog({ supplier, onClose }: { supplier: Supplier | 'new' | null; onClose: () => void }) {
  const save = useSaveSupplier();
  const existing = supplier && supplier !== 'new' ? supplier : null;
  const blank = { name: '', contactName: '', phone: '', email: '', kraPin: '', notes: '' };
  const [form, setForm] = React.useState(blank);
  const [active, setActive] = React.useState(true);
  React.useEffect(() => {
    if (!supplier) return;
    setForm(existing ? { name: existing.name, contactName: existing.contactName ?? '', phone: existing.phone ? `0${existing.phone.slice(3)}` : '', email: existing.email ?? '', kraPin: existing.kraPin ?? '', notes: existing.notes ?? '' } : blank);
    setActive(existing?.active ?? true);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supplier]);
  const fields = fieldErrorsOf(save.error);
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Partial<SupplierInput> = { ...form, active };
    save.mutate({ id: existing?.id, body }, { onSuccess: () => (toast.success(m.doneSupplier), onClose()) });
  };
  const input = (k: keyof typeof blank, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field id={`sup-${k}`} label={label} error={fields[k]}>
      <Input id={`sup-${k}`} value={form[k]} onChange={set(k)} aria-invalid={!!fields[k]} {...extra} />
    </Field>
  );
  return (
    <InventoryFormDialog open={supplier !== null} onClose={onClose} title={existing ? m.editSupplier : m.addSupplier} testId="supplier-dialog" mutation={save} errorTestId="supplier-error" onSubmit={submit} submitLabel={m.save}>
      {input('name', m.fieldName, { maxLength: 120 })}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {input('contactName', m.fieldContact, { maxLength: 120 })}
        {input('phone', m.fieldPhone, { inputMode: 'tel' })}
        {input('email', m.fieldEmail, { type: 'email' })}
        {input('kraPin', m.fieldKraPin, { maxLength: 13 })}
      </div>
      {input('notes', m.fieldNotes, { maxLength: 1000 })}
      {existing && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-4" />
          {m.fieldActive}
        </label>
      )}
    </InventoryFormDialog>
  );
}

// ---- Import -------------------------------------------------------------------------------------

export function ImportTab() {
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<ImportResult | null>(null);
  const upload = useImportStock();
  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
    upload.reset();
    if (f) upload.mutate({ file: f, commit: false }, { onSuccess: setPreview });
  };
  const commit = () =>
    file &&
    upload.mutate(
      { file, commit: true },
      {
        onSuccess: (r) => {
          toast.success(m.doneImport(r.created));
          setPreview(null);
          setFile(null);
        },
      },
    );
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{m.tabImport}</CardTitle>
          <CardDescription>{m.importIntro}</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <a href="/api/inventory/import/template.xlsx" data-testid="import-template">
            <FileSpreadsheet aria-hidden /> {m.downloadTemplate}
          </a>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center hover:bg-muted/40">
          <Upload className="size-6 text-muted-foreground" aria-hidden />
          <span className="font-medium">{file ? file.name : m.chooseFile}</span>
          <span className="text-xs text-muted-foreground">.xlsx, .csv</span>
          <input type="file" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="sr-only" onChange={(e) => choose(e.target.files?.[0] ?? null)} data-testid="import-file" />
        </label>
        {upload.error && <FormErrorAlert title={upload.error.message} testId="import-error" />}
        {preview && (
          <div className="flex flex-col gap-3" data-testid="import-preview">
            <p className="text-sm font-medium">{m.importRows(preview.valid, preview.invalid)}</p>
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full min-w-[36rem] text-sm">
                <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                  <tr>
                    <HeadCells th="p-2" cols={[{ label: m.colRow }, { label: m.colCode }, { label: m.colItem }, { label: m.colQty, className: 'text-right' }, { label: m.colUnitCost, className: 'text-right' }, { label: m.colErrors }]} />
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {preview.rows.map((r) => {
                    const errs = Object.values(r.errors);
                    return (
                      <tr key={r.row} className={cn(errs.length && 'bg-destructive/5')}>
                        <td className="p-2 tabular-nums">{r.row}</td>
                        <td className="p-2">{r.code}</td>
                        <td className="p-2">{r.name}</td>
                        <td className="p-2 text-right tabular-nums">{r.quantity ?? '—'}</td>
                        <td className="p-2 text-right">{r.unitCost === null ? '—' : <Money value={r.unitCost} prefix={false} />}</td>
                        <td className={cn('p-2', errs.length ? 'text-destructive' : 'text-emerald-600')}>{errs.length ? errs.join(' ') : m.ok}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="flex justify-end">
              <Button onClick={commit} disabled={preview.invalid > 0 || preview.valid === 0 || upload.isPending} data-testid="import-commit">
                {m.commitImport(preview.valid)}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
