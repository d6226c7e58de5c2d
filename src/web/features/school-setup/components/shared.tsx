import * as React from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Loader2, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { CrudList, type CrudListProps } from '@/components/crud-list';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDay as formatSchoolDay } from '@shared/dates';
import { perLocale } from '@shared/i18n/localized';

const m = messages.schoolSetup;

/** Whether the screens show edit controls (the principal's school-management section). */
export const CanEditContext = React.createContext(false);
export const useCanEdit = () => React.useContext(CanEditContext);

/** A titled card of the setup screen with actions on the right (stacked on phones). */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  testId,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={cn('flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5', className)} data-testid={testId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <PanelTitle title={title} description={description} />
        </div>
        {actions && <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A setup card's title, with its description under it when there is one. */
export function PanelTitle({ title, description }: { title: string; description?: React.ReactNode }) {
  return (
    <>
      <h2 className="text-base font-semibold tracking-tight">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
    </>
  );
}

/** A form's field ids: `f(name)` is `name` behind an id unique to this form (React's `useId`). */
export function useFieldIds(): (name: string) => string {
  const id = React.useId();
  return (name) => `${id}-${name}`;
}

/** aria props of an input whose field has an error. */
export function invalidProps(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/**
 * Puts the server's field errors (400 `fields`) on the form's fields it knows, and returns the message
 * for the whole form when none of them matched (or for a network failure).
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, known: readonly string[]): string {
  if (err instanceof ApiError && err.status > 0) {
    const fields = Object.entries(err.fields ?? {}).filter(([k]) => known.includes(k));
    for (const [k, message] of fields) setError(k as Path<T>, { type: 'server', message }, { shouldFocus: true });
    return fields.length ? '' : err.message || m.saveFailed;
  }
  return err instanceof Error && err.message ? err.message : m.saveFailed;
}

/** The server's message of a failed call, for a toast. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : m.saveFailed;
}

/**
 * What every CRUD list of the setup screen shares (CrudList from '@/components/crud-list'): the
 * load-error title, the Edit/Delete buttons' labels with the row's name, Cancel and Delete in the
 * delete confirmation, and the failed-delete toast's title. Spread `messages` and add `add`, `saved`, `deleted`.
 */
export const setupCrud = perLocale(() => ({
  errorTitle: m.loadErrorTitle,
  messages: {
    edit: (name: string) => `${m.edit} ${name}`,
    delete: (name: string) => `${m.delete} ${name}`,
    cancel: m.cancel,
    confirmDelete: m.delete,
    deleteFailed: m.saveFailed,
  },
}));

/** Classes of a setup CRUD list's table inside a setup `Panel` (no box of its own). */
export const IN_PANEL = 'border-0 bg-transparent p-0 shadow-none sm:p-0';

/** A CrudList `frame` that puts the list in a setup `Panel` with the add button as its action. */
export function panelFrame(panel: { title: string; description: string; testId: string }) {
  return function PanelFrame({ add, list }: { add: React.ReactNode; list: React.ReactNode }) {
    return (
      <Panel title={panel.title} description={panel.description} testId={panel.testId} actions={add}>
        {list}
      </Panel>
    );
  };
}

/**
 * A setup list of named rows (levels, departments) on the CRUD-list kit inside a setup `Panel`: rows
 * keyed by id and named by name, edit controls for the principal (`useCanEdit`), `saveRow` creates
 * (no id) or updates, `removeRow` deletes by id, and the toasts name the row (`names`).
 */
export function NamedSetupList<T extends { id: string; name: string }, B>({
  saveRow,
  removeRow,
  panel,
  names,
  ...props
}: Omit<CrudListProps<T, B, T>, 'getRowId' | 'rowName' | 'className' | 'errorTitle' | 'canEdit' | 'save' | 'remove' | 'frame' | 'messages'> & {
  saveRow: { mutateAsync: (vars: { id?: string; body: B }) => Promise<T> };
  removeRow: { mutateAsync: (id: string) => Promise<unknown> };
  panel: { title: string; description: string; testId: string };
  names: { add: string; saved: (name: string) => string; created: (name: string) => string; deleted: (name: string) => string };
}) {
  const canEdit = useCanEdit();
  return (
    <CrudList<T, B, T>
      {...props}
      getRowId={(x) => x.id}
      rowName={(x) => x.name}
      className={IN_PANEL}
      errorTitle={setupCrud.errorTitle}
      canEdit={canEdit}
      save={(x, body) => saveRow.mutateAsync({ id: x?.id, body })}
      remove={(x) => removeRow.mutateAsync(x.id)}
      messages={{
        ...setupCrud.messages,
        add: names.add,
        saved: (x, saved) => (x ? names.saved(saved.name) : names.created(saved.name)),
        deleted: (x) => names.deleted(x.name),
      }}
      frame={panelFrame(panel)}
    />
  );
}

/** A setup dialog: icon, title, description and the form (rendered fresh each time it opens). */
export function SetupDialog({
  open,
  onOpenChange,
  icon: Icon,
  title,
  description,
  wide,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  icon: LucideIcon;
  title: string;
  description?: string;
  wide?: boolean | 'xl';
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn('max-h-[92dvh] gap-5 overflow-y-auto sm:p-7', wide === 'xl' ? 'max-w-4xl' : wide ? 'max-w-3xl' : 'max-w-lg')}
        onInteractOutside={(e) => e.preventDefault()}
        data-testid={testId}
      >
        <DialogHeader className="gap-2">
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription className="leading-relaxed">{description}</DialogDescription>}
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and Save at the bottom of a setup form. */
export function FormButtons({ pending, onCancel, submitLabel, testId }: { pending: boolean; onCancel: () => void; submitLabel?: string; testId: string }) {
  return (
    <DialogFooter className="pt-1">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        {m.cancel}
      </Button>
      <Button type="submit" disabled={pending} data-testid={testId}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {pending ? m.saving : (submitLabel ?? m.save)}
      </Button>
    </DialogFooter>
  );
}

/** A native <select> styled like the inputs (long lists, forms that need a plain value). */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select
    ref={ref}
    className={cn(
      'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
      className,
    )}
    {...props}
  />
));
NativeSelect.displayName = 'NativeSelect';

/** A NativeSelect's <option>s for rows with an id and a name: first a blank choice labelled `empty` when given. */
export function NameOptions({ items, empty }: { items: readonly { id: string; name: string }[]; empty?: string }) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {items.map((x) => (
        <option key={x.id} value={x.id}>
          {x.name}
        </option>
      ))}
    </>
  );
}

/** "12/01/2026" from YYYY-MM-DD (shared formatDay; calendar dates need no time zone). */
export function formatDay(day: string | null): string {
  if (!day) return '';
  return formatSchoolDay(day);
}

/** "12/01/2026 – 02/04/2026" for a date range (each day as formatDay writes it). */
export function formatRange(from: string | null, to: string | null): string {
  if (!from || !to) return '';
  return `${formatSchoolDay(from)} – ${formatSchoolDay(to)}`;
}
