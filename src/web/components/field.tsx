import * as React from 'react';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { FieldError } from '@/components/form-feedback';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** "(optional)" after a label. */
export function Optional() {
  return <span className="font-normal text-muted-foreground">({messages.learners.common.optional})</span>;
}

/**
 * One labelled form field: the label, the control, then its error (or a hint). `id` is the control's
 * id; the error's id is `${id}-error`, the hint's `${id}-hint` (use `describedBy` on the control).
 */
export function Field({
  id,
  label,
  optional,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label} {optional && <Optional />}
      </Label>
      {children}
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** aria-invalid / aria-describedby for a control with `error`, else its hint when it has one. */
export function describedBy(id: string, error: unknown, hint = false): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  if (error) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hint ? { 'aria-describedby': `${id}-hint` } : {};
}

/** A titled block of a long form (Learner, Guardians, ...). */
export function FormSection({
  title,
  description,
  icon,
  actions,
  children,
  testId,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  icon?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={cn('min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm', className)} data-testid={testId}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-3.5 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          {icon && <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">{icon}</span>}
          <div className="min-w-0">
            <h2 className="text-[15px] leading-tight font-semibold">{title}</h2>
            {description && <p className="mt-0.5 text-xs text-muted-foreground sm:text-[13px]">{description}</p>}
          </div>
        </div>
        {actions}
      </header>
      <div className="px-4 py-4 sm:px-6 sm:py-5">{children}</div>
    </section>
  );
}

/**
 * A label over a one-of-a-list picker: `options` (the values, in order) shown by `labelOf`, the trigger
 * carrying `id` and `testId`; the block's classes are `className` (`grid min-w-0 gap-1.5` by default).
 * `children` (e.g. a note or the field's error) follow the picker.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onValueChange,
  options,
  labelOf,
  testId,
  placeholder,
  disabled,
  className = 'grid min-w-0 gap-1.5',
  children,
}: {
  id: string;
  label: React.ReactNode;
  value: V;
  onValueChange: (value: V) => void;
  options: readonly V[];
  labelOf: (value: V) => React.ReactNode;
  testId?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onValueChange(v as V)} disabled={disabled}>
        <SelectTrigger id={id} data-testid={testId}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {labelOf(o)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {children}
    </div>
  );
}

/**
 * A label over its control (`children`), then the control's error (id `${id}-error`, under it,
 * announced): the plain field of the dialog forms. `optional` adds "(optional)" to the label;
 * `className` replaces the block's classes (`grid content-start gap-2`).
 */
export function LabelledField({
  id,
  label,
  optional,
  error,
  className = 'grid content-start gap-2',
  children,
}: {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {optional && (
          <>
            {' '}
            <Optional />
          </>
        )}
      </Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
