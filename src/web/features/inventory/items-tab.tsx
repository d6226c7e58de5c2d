import * as React from 'react';
import { toast } from 'sonner';
import { ArrowDownToLine, ArrowUpFromLine, MoreHorizontal, Package, Pencil, Plus, ShoppingBag, SlidersHorizontal } from 'lucide-react';
import type { InventoryItem, ItemInput } from '@shared/contracts/inventory';
import { SUGGESTED_CATEGORIES } from '@shared/contracts/inventory';
import { inventoryMessages } from '@shared/messages/inventory';
import { unitWord } from '@shared/plural-unit';
import { cn } from '@/lib/utils';
import { DataTable, pagedTableProps, ListToolbar, useListParams, type ColumnDef, listSearchProps } from '@/components/data-table';
import { FilterSelect } from '@/components/filter-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Money } from '@/components/money';
import { useItems, useMovements, useSaveItem, useSuppliers } from './inventory-api';
import { Field } from '@/components/field';
import { InventoryFormDialog, MovementDialog, fieldErrorsOf, type MovementKind } from './movement-dialog';
import { MovementList } from './movements-tab';

const m = inventoryMessages.ui;
export const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** On hand with the unit, red with a "Low" badge at or below the reorder level. */
function OnHand({ item }: { item: InventoryItem }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums', item.lowStock && 'font-medium text-destructive')}>
      {item.quantity.toLocaleString('en-KE')} <span className="text-xs text-muted-foreground">{unitWord(item.quantity, item.unit)}</span>
      {item.lowStock && (
        <Badge variant="outline" className="border-destructive/40 text-destructive">
          {m.lowBadge}
        </Badge>
      )}
    </span>
  );
}

/**
 * The Items tab: the store's items with search, category and low-stock filters (in the URL), row
 * actions Stock in / Issue / Sell to learner / Adjust (finance officer), and an item sheet with its
 * movement history. Cards below 768 px.
 */
export function ItemsTab({ canManage }: { canManage: boolean }) {
  const list = useListParams({ q: '', category: '', lowStock: '' }, { sort: 'name' });
  const params = list.query({ page: list.page, pageSize: 25 });
  const query = useItems(params);
  const [action, setAction] = React.useState<{ item: InventoryItem; kind: MovementKind } | null>(null);
  const [sheet, setSheet] = React.useState<InventoryItem | null>(null);
  const [editing, setEditing] = React.useState<InventoryItem | 'new' | null>(null);
  const categories = query.data?.categories ?? [];

  const actions = (item: InventoryItem) =>
    canManage ? (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={m.rowActions} data-testid="item-actions" onClick={(e) => e.stopPropagation()}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" onClick={(e) => e.stopPropagation()}>
          <DropdownMenuItem onSelect={() => setAction({ item, kind: 'stock_in' })} data-testid="act-stock-in">
            <ArrowDownToLine aria-hidden /> {m.actStockIn}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setAction({ item, kind: 'issue' })} data-testid="act-issue">
            <ArrowUpFromLine aria-hidden /> {m.actIssue}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setAction({ item, kind: 'sale' })} data-testid="act-sell">
            <ShoppingBag aria-hidden /> {m.actSell}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setAction({ item, kind: 'adjustment' })} data-testid="act-adjust">
            <SlidersHorizontal aria-hidden /> {m.actAdjust}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setEditing(item)}>
            <Pencil aria-hidden /> {m.actEdit}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    ) : null;

  const columns = React.useMemo<ColumnDef<InventoryItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: m.colItem,
        meta: { sortKey: 'name', alwaysVisible: true },
        cell: ({ row }) => (
          <div className="min-w-0">
            <div className="truncate font-medium">{row.original.name}</div>
            <div className="text-xs text-muted-foreground">{row.original.code}</div>
          </div>
        ),
      },
      { id: 'category', header: m.colCategory, meta: { sortKey: 'category' }, cell: ({ row }) => <Badge variant="secondary">{categoryLabel(row.original.category)}</Badge> },
      { id: 'quantity', header: m.colOnHand, meta: { sortKey: 'quantity', className: 'text-right' }, cell: ({ row }) => <OnHand item={row.original} /> },
      { id: 'reorder', header: m.colReorder, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.reorderLevel}</span> },
      { id: 'average', header: m.colAverage, meta: { className: 'text-right' }, cell: ({ row }) => <Money value={row.original.averageCost} prefix={false} /> },
      { id: 'value', header: m.colValue, meta: { sortKey: 'value', className: 'text-right' }, cell: ({ row }) => <Money value={row.original.value} /> },
      { id: 'salePrice', header: m.colSalePrice, meta: { className: 'text-right' }, cell: ({ row }) => (row.original.salePrice === null ? <span className="text-muted-foreground">—</span> : <Money value={row.original.salePrice} prefix={false} />) },
      { id: 'supplier', header: m.colSupplier, meta: { defaultHidden: true }, cell: ({ row }) => row.original.supplierName ?? '—' },
      { id: 'actions', header: '', meta: { alwaysVisible: true, className: 'w-10 text-right' }, cell: ({ row }) => actions(row.original) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canManage],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DataTable
        id="inventory-items"
        columns={columns}
        {...pagedTableProps(list, query, { pageSize: 25, rows: (d) => d.items })}
        getRowId={(r) => r.id}
        onRowClick={(r) => setSheet(r)}
        rowTestId="inventory-item"
        empty={{ icon: Package, title: m.noItems, hint: m.noItemsHint }}
        toolbar={
          <ListToolbar
            {...listSearchProps(list, m.searchItems, 'q')}
            testId="inventory-items-toolbar"
            filters={
              <>
                <FilterSelect value={list.values.category} onChange={(category) => list.set({ category })} all={m.allCategories} label={m.colCategory} options={categories.map((c) => ({ value: c, label: categoryLabel(c) }))} testId="filter-category" />
                <FilterSelect value={list.values.lowStock as 'true' | ''} onChange={(lowStock) => list.set({ lowStock })} all={m.allStock} label={m.lowStockOnly} options={[{ value: 'true', label: m.lowStockOnly }]} testId="filter-low" />
              </>
            }
            actions={
              canManage ? (
                <Button size="sm" onClick={() => setEditing('new')} data-testid="add-item">
                  <Plus aria-hidden />
                  {m.addItem}
                </Button>
              ) : undefined
            }
          />
        }
        renderCard={(item) => (
          <div className="flex items-start justify-between gap-3 rounded-xl border bg-card p-3.5 shadow-sm">
            <div className="min-w-0 flex-1">
              <div className="font-medium break-words">{item.name}</div>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <span>{item.code}</span>
                <span>·</span>
                <span>{categoryLabel(item.category)}</span>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <OnHand item={item} />
                <Money value={item.value} />
              </div>
            </div>
            {actions(item)}
          </div>
        )}
      />
      <MovementDialog item={action?.item ?? null} kind={action?.kind ?? 'stock_in'} onClose={() => setAction(null)} />
      <ItemSheet item={sheet} onClose={() => setSheet(null)} />
      <ItemDialog item={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** The item's details and movement history. */
function ItemSheet({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const params = React.useMemo(() => new URLSearchParams({ pageSize: '50' }), []);
  const history = useMovements(params, item?.id);
  return (
    <Sheet open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <SheetContent side="right" className="w-full max-w-full overflow-y-auto bg-background p-5 sm:max-w-xl" data-testid="item-sheet">
        {item && (
          <div className="flex flex-col gap-4">
            <div>
              <SheetTitle className="text-lg font-semibold">{item.name}</SheetTitle>
              <SheetDescription className="text-sm text-muted-foreground">
                {item.code} · {categoryLabel(item.category)}
                {item.supplierName ? ` · ${item.supplierName}` : ''}
              </SheetDescription>
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {[
                [m.colOnHand, <OnHand key="q" item={item} />],
                [m.colReorder, item.reorderLevel],
                [m.colAverage, <Money key="a" value={item.averageCost} />],
                [m.colValue, <Money key="v" value={item.value} />],
                [m.colSalePrice, item.salePrice === null ? '—' : <Money key="s" value={item.salePrice} />],
              ].map(([label, value], i) => (
                <div key={i} className="rounded-lg border bg-card p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="mt-1 font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="font-semibold">{m.history}</h3>
            <MovementList items={history.data?.items} loading={history.isLoading} compact />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** Add or edit an item's details (stock changes go through movements). */
function ItemDialog({ item, onClose }: { item: InventoryItem | 'new' | null; onClose: () => void }) {
  const save = useSaveItem();
  const suppliers = useSuppliers();
  const existing = item && item !== 'new' ? item : null;
  const [form, setForm] = React.useState({ code: '', name: '', category: 'uniform', unit: 'piece', reorderLevel: '0', salePrice: '', supplierId: '' });
  React.useEffect(() => {
    if (!item) return;
    setForm(
      existing
        ? { code: existing.code, name: existing.name, category: existing.category, unit: existing.unit, reorderLevel: String(existing.reorderLevel), salePrice: existing.salePrice === null ? '' : String(existing.salePrice), supplierId: existing.supplierId ?? '' }
        : { code: '', name: '', category: 'uniform', unit: 'piece', reorderLevel: '0', salePrice: '', supplierId: '' },
    );
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item]);
  const fields = fieldErrorsOf(save.error);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Partial<ItemInput> = {
      code: form.code,
      name: form.name,
      category: form.category,
      unit: form.unit,
      reorderLevel: Number(form.reorderLevel),
      salePrice: form.salePrice === '' ? null : form.salePrice,
      supplierId: form.supplierId || null,
    };
    save.mutate({ id: existing?.id, body }, { onSuccess: () => (toast.success(m.doneItem), onClose()) });
  };
  return (
    <InventoryFormDialog open={item !== null} onClose={onClose} title={existing ? m.actEdit : m.addItem} testId="item-dialog" mutation={save} errorTestId="item-error" onSubmit={submit} submitLabel={m.save}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="it-code" label={m.fieldCode} error={fields.code}>
          <Input id="it-code" value={form.code} onChange={set('code')} maxLength={30} />
        </Field>
        <Field id="it-unit" label={m.fieldUnit} error={fields.unit}>
          <Input id="it-unit" value={form.unit} onChange={set('unit')} maxLength={20} />
        </Field>
      </div>
      <Field id="it-name" label={m.fieldName} error={fields.name}>
        <Input id="it-name" value={form.name} onChange={set('name')} maxLength={120} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="it-category" label={m.fieldCategory} error={fields.category}>
          <Input id="it-category" value={form.category} onChange={set('category')} list="inventory-categories" maxLength={40} />
          <datalist id="inventory-categories">
            {SUGGESTED_CATEGORIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
        <Field id="it-reorder" label={m.fieldReorder} error={fields.reorderLevel}>
          <Input id="it-reorder" inputMode="numeric" value={form.reorderLevel} onChange={set('reorderLevel')} />
        </Field>
        <Field id="it-sale" label={m.fieldSalePrice} error={fields.salePrice}>
          <Input id="it-sale" inputMode="decimal" value={form.salePrice} onChange={set('salePrice')} />
        </Field>
        <Field id="it-supplier" label={m.fieldSupplier} error={fields.supplierId}>
          <FilterSelect id="it-supplier" value={form.supplierId} onChange={(supplierId) => setForm((f) => ({ ...f, supplierId }))} all={m.fieldNoSupplier} options={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Field>
      </div>
    </InventoryFormDialog>
  );
}
