import * as React from 'react';
import { toast } from 'sonner';
import { Loader2, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type ColumnDef, type DataTableProps } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** What the form render prop gets: the row (null when adding), `submit` that saves it, and `close`. */
export interface CrudFormProps<T, B> {
  row: T | null;
  /** Creates or updates through `save`; on success shows the saved message and closes the dialog. Rejects with the server's error (field errors are the form's). */
  submit: (body: B) => Promise<void>;
  /** True while `submit` runs. */
  pending: boolean;
  close: () => void;
}

export interface CrudListProps<T, B, S = unknown> {
  /** DataTable id: test ids `${id}` (the list), `${id}-empty`, `${id}-error`, `${id}-loading`. */
  id: string;
  /** The list query (an unpaged list). */
  query: { data: T[] | undefined; error: Error | null; refetch: () => unknown };
  columns: ColumnDef<T, unknown>[];
  getRowId: (row: T) => string;
  /** The row's name, for the edit/delete buttons' labels and the delete confirmation. */
  rowName: (row: T) => string;
  /** data-testid of each row, on the table row (≥ 768 px) and on the card (below). */
  rowTestId?: string;
  /** The card below 768 px; `actions` are the row's edit and delete buttons (null when read-only). */
  renderCard?: (row: T, actions: React.ReactNode) => React.ReactNode;
  empty: DataTableProps<T>['empty'];
  errorTitle?: string;
  minWidth?: number;
  /** Show the add button and the rows' edit/delete buttons. */
  canEdit: boolean;
  /** Create (row null) or update (row) with the form's body. */
  save: (row: T | null, body: B) => Promise<S>;
  /** After a save (e.g. a warning toast the answer carries). */
  onSaved?: (row: T | null, saved: S) => void;
  /** Delete the row; absent: no delete button. */
  remove?: (row: T) => Promise<unknown>;
  /** The form in the edit dialog. */
  renderForm: (props: CrudFormProps<T, B>) => React.ReactNode;
  /** Rows without an edit button (e.g. closed ones). */
  canEditRow?: (row: T) => boolean;
  /** Rows without the remove button (e.g. already retired). */
  canRemoveRow?: (row: T) => boolean;
  /** More buttons of a row, before the remove button (e.g. Restore). */
  rowActions?: (row: T) => React.ReactNode;
  dialog: { icon?: LucideIcon; title: (row: T | null) => string; description?: string; testId: string; wide?: boolean };
  /** The remove confirmation; `icon` is also the rows' remove button (default a bin), `tone` warning for a reversible removal (retire). */
  confirm: { icon?: LucideIcon; tone?: 'danger' | 'warning'; title: (row: T) => string; text: string | ((row: T) => string); testId: string; confirmTestId: string };
  /** User-visible strings (from the message catalogue). */
  messages: {
    add: string;
    edit: (name: string) => string;
    delete: (name: string) => string;
    cancel: string;
    confirmDelete: string;
    /** The success toast after a save; null: none (e.g. `onSaved` shows a warning instead). */
    saved: (row: T | null, saved: S) => string | null;
    deleted: (row: T) => string;
    /** Title of the toast when the delete fails (the server's message as its description); absent: the server's message as the title. */
    deleteFailed?: string;
  };
  /** Test ids of the add button and the rows' edit/delete buttons. */
  testIds?: { add?: string; edit?: string; delete?: string };
  addVariant?: React.ComponentProps<typeof Button>['variant'];
  /**
   * Where the add button and the list go. Default: the add button in the table's toolbar. A screen with
   * its own panel puts them there: `frame={({ add, list }) => <Panel actions={add}>{list}</Panel>}`.
   */
  frame?: (parts: { add: React.ReactNode; list: React.ReactNode }) => React.ReactNode;
  /** The table's toolbar around the add button (title, filters, more actions); default: the add button on the right. */
  toolbar?: (add: React.ReactNode) => React.ReactNode;
  /** Paging of a longer list (the rows of `query.data` are the page shown). */
  paging?: Pick<DataTableProps<T>, 'total' | 'page' | 'pageSize' | 'onPageChange' | 'fetching'>;
  /** Classes of the DataTable box (e.g. no border inside a panel). */
  className?: string;
}

const NARROW = '(max-width: 767.98px)';
function subscribe(cb: () => void) {
  const mq = window.matchMedia(NARROW);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
/** Below DataTable's card breakpoint (md). */
function useNarrow() {
  return React.useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches, () => false);
}

/**
 * The CRUD-list pattern (issue 33): a short list on the DataTable kit with an add button, edit and
 * delete buttons per row, the edit dialog around a form render prop, and the delete confirmation with
 * the row's name. Toasts say what was saved or deleted; a failed delete shows the server's message.
 *
 *   <CrudList id="vehicles" query={useVehicles(scope)} columns={columns} getRowId={(v) => v.id} rowName={(v) => v.registration}
 *     canEdit={scope.canManage} save={(v, body) => save.mutateAsync({ id: v?.id, body })} remove={(v) => del.mutateAsync(v.id)}
 *     renderForm={(form) => <VehicleForm {...form} />}   // form: { row, submit(body), pending, close }
 *     dialog={{ title: (v) => (v ? t.edit : t.add), testId: 'vehicle-form' }} confirm={{ ... }} messages={{ ... }} empty={{ ... }} />
 */
export function CrudList<T, B, S = unknown>(props: CrudListProps<T, B, S>) {
  const { id, query, columns, getRowId, rowName, rowTestId, renderCard, canEdit, save, remove, renderForm, canEditRow, canRemoveRow, rowActions, dialog, confirm, testIds, frame } = props;
  const msg = props.messages;
  const [editing, setEditing] = React.useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = React.useState<T | null>(null);
  const [removing, setRemoving] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  const narrow = useNarrow();
  const tone = confirm.tone ?? 'danger';
  const RemoveIcon = confirm.icon ?? Trash2;

  const actions = React.useCallback(
    (row: T) => {
      if (!canEdit) return null;
      const name = rowName(row);
      const editable = canEditRow?.(row) ?? true;
      return (
        <div className="-my-1 flex shrink-0 justify-end gap-0.5">
          {editable && (
            <Button size="icon" variant="ghost" className="size-8" onClick={() => setEditing({ row })} aria-label={msg.edit(name)} data-testid={testIds?.edit}>
              <Pencil aria-hidden />
            </Button>
          )}
          {rowActions?.(row)}
          {remove && (canRemoveRow?.(row) ?? true) && (
            <Button
              size="icon"
              variant="ghost"
              className={cn('size-8', tone === 'danger' && 'text-destructive hover:text-destructive')}
              onClick={() => setDeleting(row)}
              aria-label={msg.delete(name)}
              data-testid={testIds?.delete}
            >
              <RemoveIcon aria-hidden />
            </Button>
          )}
        </div>
      );
    },
    [canEdit, canEditRow, canRemoveRow, rowActions, msg, remove, rowName, testIds, tone, RemoveIcon],
  );

  const allColumns = React.useMemo<ColumnDef<T, unknown>[]>(
    () => (canEdit ? [...columns, { id: 'actions', header: '', cell: ({ row }) => actions(row.original), meta: { alwaysVisible: true, className: 'w-px text-right' } }] : columns),
    [canEdit, columns, actions],
  );

  // DataTable names the cards `${rowTestId}-card`: below 768 px the card itself carries the row's test id.
  const card = renderCard
    ? (row: T) => (
        <div className="min-w-0" data-testid={narrow ? rowTestId : undefined}>
          {renderCard(row, actions(row))}
        </div>
      )
    : undefined;

  const close = () => !saving && setEditing(null);
  const submit = async (body: B) => {
    const row = editing?.row ?? null;
    setSaving(true);
    try {
      const saved = await save(row, body);
      const text = msg.saved(row, saved);
      if (text) toast.success(text);
      props.onSaved?.(row, saved);
      setEditing(null);
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting || !remove) return;
    const row = deleting;
    setRemoving(true);
    try {
      await remove(row);
      toast.success(msg.deleted(row));
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      if (msg.deleteFailed) toast.error(msg.deleteFailed, { description: detail });
      else toast.error(detail);
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const add = canEdit ? (
    <Button size="sm" variant={props.addVariant} onClick={() => setEditing({ row: null })} data-testid={testIds?.add}>
      <Plus aria-hidden />
      {msg.add}
    </Button>
  ) : null;

  const list = (
    <DataTable
      id={id}
      columns={allColumns}
      data={query.data}
      getRowId={getRowId}
      error={query.error}
      errorTitle={props.errorTitle}
      onRetry={() => void query.refetch()}
      empty={props.empty}
      renderCard={card}
      rowTestId={narrow && renderCard ? undefined : rowTestId}
      minWidth={props.minWidth}
      className={props.className}
      toolbar={props.toolbar ? props.toolbar(add) : frame || !add ? undefined : <div className="flex justify-end">{add}</div>}
      {...props.paging}
    />
  );
  const Icon = dialog.icon;

  return (
    <>
      {frame ? frame({ add, list }) : list}
      <Dialog open={!!editing} onOpenChange={(o) => !o && close()}>
        <DialogContent
          className={cn('max-h-[92dvh] gap-5 overflow-y-auto sm:p-7', dialog.wide ? 'max-w-3xl' : 'max-w-lg')}
          onInteractOutside={(e) => e.preventDefault()}
          data-testid={dialog.testId}
        >
          <DialogHeader className="gap-2">
            {Icon && (
              <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
            )}
            <DialogTitle>{editing ? dialog.title(editing.row) : ''}</DialogTitle>
            {dialog.description && <DialogDescription className="leading-relaxed">{dialog.description}</DialogDescription>}
          </DialogHeader>
          {editing && renderForm({ row: editing.row, submit, pending: saving, close: () => setEditing(null) })}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        tone={tone}
        icon={RemoveIcon}
        title={deleting ? confirm.title(deleting) : ''}
        text={deleting ? (typeof confirm.text === 'function' ? confirm.text(deleting) : confirm.text) : ''}
        cancelLabel={msg.cancel}
        confirmLabel={msg.confirmDelete}
        pending={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        testId={confirm.testId}
        confirmTestId={confirm.confirmTestId}
      />
    </>
  );
}

/** Cancel and Save at the bottom of a CRUD form (the spinner while it saves). */
export function CrudFormButtons({
  pending,
  disabled,
  onCancel,
  cancelLabel,
  saveLabel,
  testId,
}: {
  pending: boolean;
  /** Save disabled (the form is not complete yet). */
  disabled?: boolean;
  onCancel: () => void;
  cancelLabel: string;
  saveLabel: string;
  testId?: string;
}) {
  return (
    <DialogFooter className="pt-1">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending || disabled} data-testid={testId}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {saveLabel}
      </Button>
    </DialogFooter>
  );
}
