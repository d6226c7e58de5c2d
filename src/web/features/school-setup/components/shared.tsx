import * as React from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Loader2, type LucideIcon } from 'lucide-react';
import { messages } from '@shared/messages';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

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
          <h2 className="text-base font-semibold tracking-tight">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">{actions}</div>}
      </div>
      {children}
    </section>
  );
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

/** "12 Jan 2026" from YYYY-MM-DD (Africa/Nairobi calendar dates need no time zone). */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00Z`);
  return d.toLocaleDateString('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "12 Jan – 2 Apr" (year omitted) for a date range within one year. */
export function formatRange(from: string | null, to: string | null): string {
  if (!from || !to) return '';
  const f = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${f(from)} – ${f(to)}`;
}
