import * as React from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { OptionSelect } from '@/components/select-parts';

/** One choice of a `FormSelect`: the value stored in the form and what the list shows. */
export type FormSelectOption = { value: string; label: React.ReactNode };

/**
 * A one-of-a-list picker bound to a react-hook-form field (`control`, `name`): the trigger carries
 * `id`, `testId` and the field's aria attributes (`invalid`, e.g. aria-invalid/aria-describedby), and
 * is focused by the form on an error. `onValueChange` runs after the field took the new value (e.g. to
 * clear a field that depends on it).
 */
export function FormSelect<T extends FieldValues, R = T>({
  control,
  name,
  id,
  options,
  placeholder,
  testId,
  invalid,
  disabled,
  onValueChange,
}: {
  control: Control<T, unknown, R>;
  name: Path<T>;
  id: string;
  options: readonly FormSelectOption[];
  placeholder?: string;
  testId?: string;
  invalid?: Record<string, unknown>;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}) {
  return (
    <Controller<T, Path<T>, R>
      control={control}
      name={name}
      render={({ field }) => (
        <OptionSelect
          value={field.value ?? ''}
          onValueChange={(v) => {
            field.onChange(v);
            onValueChange?.(v);
          }}
          disabled={disabled}
          options={options}
          placeholder={placeholder}
          trigger={{ id, ref: field.ref, onBlur: field.onBlur, ...invalid, 'data-testid': testId }}
        />
      )}
    />
  );
}
