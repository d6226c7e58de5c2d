import * as React from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { timeFieldMessages as m } from '@shared/messages/dates';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * What a time field's text means: its 24-hour "HH:MM", '' when it is empty, and `invalid` when it holds
 * text that is not a time of day. Read: H:MM or HH:MM (':' or '.', "7:30", "14.05"), HHMM ("1430"), and
 * HH:MM:SS as an API may send it (the seconds dropped); hours 00-23, minutes 00-59.
 */
export function readTimeText(text: string): { time: string; invalid: boolean } {
  const s = text.trim();
  if (s === '') return { time: '', invalid: false };
  const parts = /^(\d{1,2})[:.](\d{2})(?::\d{2})?$/.exec(s) ?? /^(\d{2})(\d{2})$/.exec(s);
  if (!parts) return { time: '', invalid: true };
  const hour = Number(parts[1]);
  const minute = Number(parts[2]);
  if (hour > 23 || minute > 59) return { time: '', invalid: true };
  return { time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, invalid: false };
}

/** The text box's pattern: H:MM / HH:MM (':' or '.'), optional seconds, or HHMM; valid in the browsers' `v` regex mode. */
const TIME_PATTERN = String.raw`\d{1,2}[:.]\d{2}(:\d{2})?|\d{4}`;

/** How the field shows a time the form holds: "07:30" ("07:30:00" loses its seconds); anything else as it is. */
const shown = (time: string) => readTimeText(time).time || time;

export interface TimeFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'pattern'> {
  /** The time, "HH:MM" (24-hour), or '' for none. */
  value: string | null | undefined;
  /** Called with "HH:MM" when the text is a time of day, '' when emptied or not (yet) a time. */
  onValueChange: (time: string) => void;
  /** Classes of the wrapper (width in a row); `className` styles the text box. */
  wrapperClassName?: string;
  /**
   * Text that is not a time of day reaches `onValueChange` as typed (trimmed) instead of '', so the form
   * knows a time is wrong and can refuse to save (readTimeText(value).invalid) rather than save no time.
   */
  keepInvalidText?: boolean;
  /** Show "Enter the time as HH:MM…" under the box itself (default); off where the form shows that message. */
  showFormatError?: boolean;
  /** The text box (react-hook-form focuses it on an error). */
  ref?: React.Ref<HTMLInputElement>;
}

/**
 * The one time field of EduFam (issue 34), DateField's twin: a text box that shows and accepts 24-hour
 * HH:MM ("07:30", "14:05") whatever the browser's locale (a type="time" input shows "02:30 PM" in an
 * en-US browser). The form gets "HH:MM" through `onValueChange`; text that is not a time of day (25:00,
 * 7:3, 2pm) gives '' (the text itself with `keepInvalidText`, so the form can refuse it) and, once the
 * box is left, "Enter the time as HH:MM, 24-hour" under it. `id`, `data-testid`, aria and other input
 * attributes go to the text box.
 */
export function TimeField({ value, onValueChange, wrapperClassName, className, disabled, onBlur, keepInvalidText, showFormatError = true, 'data-testid': testId, ...rest }: TimeFieldProps & { 'data-testid'?: string }) {
  const time = value ?? '';
  const [text, setText] = React.useState(() => shown(time));
  const [emitted, setEmitted] = React.useState(time);
  const [seen, setSeen] = React.useState(time);
  const [showInvalid, setShowInvalid] = React.useState(false);

  // The form changed the time itself (reset, prefill, "mark all"): show it. A time the field emitted
  // itself leaves the typed text alone ("7:30" stays as typed until the box is left).
  if (time !== seen) {
    setSeen(time);
    if (time !== emitted) {
      setEmitted(time);
      setText(shown(time));
      setShowInvalid(false);
    }
  }

  const read = readTimeText(text);
  // Text that is not a time, once the box is left: the box is invalid; its own line says why unless the form does.
  const wrong = showInvalid && read.invalid;
  const invalid = wrong && showFormatError;
  const errorId = rest.id ? `${rest.id}-format` : testId ? `${testId}-format` : undefined;

  return (
    <div className={cn('min-w-0', wrapperClassName)}>
      <Input
        {...rest}
        data-testid={testId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={rest.placeholder ?? m.placeholder}
        pattern={TIME_PATTERN}
        title={rest.title ?? m.placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value;
          const r = readTimeText(next);
          setText(next);
          if (!r.invalid) setShowInvalid(false);
          const out = r.invalid && keepInvalidText ? next.trim() : r.time;
          if (out !== emitted) {
            setEmitted(out);
            onValueChange(out);
          }
        }}
        onBlur={(e) => {
          if (read.invalid) setShowInvalid(true);
          else if (read.time) setText(read.time);
          onBlur?.(e);
        }}
        aria-invalid={wrong || rest['aria-invalid'] || undefined}
        aria-describedby={cn(rest['aria-describedby'], invalid && errorId) || undefined}
        className={cn('tabular-nums', className)}
      />
      {invalid && (
        <p id={errorId} role="alert" className="mt-1.5 text-xs text-destructive" data-testid={testId ? `${testId}-format` : undefined}>
          {m.invalid}
        </p>
      )}
    </div>
  );
}

/**
 * TimeField bound to a react-hook-form field `name`: "HH:MM", '' when empty, and the text as typed when
 * it is not a time, so the form's schema refuses it (isTimeText, with timeFieldMessages.invalid) and
 * nothing is saved without the time that was meant. While the form shows that same message for the
 * field, the field's own format line steps aside (one message under the box).
 */
export function FormTimeField<T extends FieldValues>({ control, name, ...props }: Omit<TimeFieldProps, 'value' | 'onValueChange' | 'keepInvalidText'> & { control: Control<T>; name: Path<T>; 'data-testid'?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TimeField
          {...props}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          keepInvalidText
          showFormatError={props.showFormatError !== false && fieldState.error?.message !== m.invalid}
          aria-invalid={props['aria-invalid'] || !!fieldState.error || undefined}
        />
      )}
    />
  );
}

/** A form value of a time field is a time: '' (when `optional`) or 24-hour "HH:MM"; anything else is text that is not a time. */
export function isTimeText(value: string | null | undefined, optional = false): boolean {
  const v = value ?? '';
  if (v === '') return optional;
  return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(v);
}
