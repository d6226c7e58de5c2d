import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Field, describedBy } from '@/components/field';
import { PendingButton } from '@/components/pending-button';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

/**
 * A labelled text input of the transfer forms: `id` is also its test id, its error (if any) is shown
 * under it and described to screen readers; the other props go to the input.
 */
export function TextField({
  id,
  label,
  optional,
  error,
  className,
  ...input
}: { id: string; label: string; optional?: boolean; error?: string; className?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <Field id={id} label={label} optional={optional} error={error} className={className}>
      <Input id={id} {...input} {...describedBy(id, error)} data-testid={id} />
    </Field>
  );
}

/** A row of radio choices, each a small label beside its dot (`testId` on the dot). */
export function InlineRadio<V extends string>({
  value,
  onValueChange,
  choices,
  className,
  label,
  id,
}: {
  value: string;
  onValueChange: (value: V) => void;
  choices: readonly { value: V; label: string; testId: string }[];
  className: string;
  /** The group's accessible name. */
  label: string;
  id?: string;
}) {
  return (
    <RadioGroup value={value} onValueChange={(next) => onValueChange(next as V)} className={className} aria-label={label} id={id}>
      {choices.map((c) => (
        <label key={c.value} className="flex cursor-pointer items-center gap-2 text-sm">
          <RadioGroupItem value={c.value} data-testid={c.testId} />
          {c.label}
        </label>
      ))}
    </RadioGroup>
  );
}

/** A transfer form's submit button, right-aligned (full width on phones): a spinner while `pending`, else `icon`. */
export function SubmitRow({ pending, icon, label, testId }: { pending: boolean; icon: LucideIcon; label: string; testId: string }) {
  return (
    <div className="flex justify-end">
      <PendingButton type="submit" pending={pending} icon={icon} className="w-full sm:w-auto" data-testid={testId}>
        {label}
      </PendingButton>
    </div>
  );
}
