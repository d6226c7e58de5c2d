import * as React from 'react';
import { CalendarDays } from 'lucide-react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { formatDay, parseDay } from '@shared/dates';
import { dateFieldMessages as m } from '@shared/messages/dates';
import { FieldError } from '@/components/form-feedback';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * What a date field's text means: its YYYY-MM-DD day, '' when it is empty, and `invalid` when it holds
 * text that is not a real day as dd/mm/yyyy (YYYY-MM-DD typed or pasted is read too).
 */
export function readDateText(text: string): { iso: string; invalid: boolean } {
  if (text.trim() === '') return { iso: '', invalid: false };
  const iso = parseDay(text);
  return iso ? { iso, invalid: false } : { iso: '', invalid: true };
}

/** The text box's pattern: dd/mm/yyyy (d/m, '.' or '-' too) or YYYY-MM-DD; valid in the browsers' `v` regex mode. */
const DATE_PATTERN = String.raw`\d{1,2}[\/.\-]\d{1,2}[\/.\-]\d{4}|\d{4}-\d{2}-\d{2}`;

export interface DateFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'pattern'> {
  /** The day, YYYY-MM-DD, or '' for none. */
  value: string | null | undefined;
  /** Called with the day (YYYY-MM-DD) when the text is a real day, '' when emptied or not (yet) a real day. */
  onValueChange: (iso: string) => void;
  /** Earliest and latest days the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** Classes of the wrapper (width in a row of filters); `className` styles the text box. */
  wrapperClassName?: string;
  /**
   * Text that is not a real day reaches `onValueChange` as typed (trimmed) instead of '', so the form
   * knows a date is wrong and can refuse to save (readDateText(value).invalid) rather than save no date.
   */
  keepInvalidText?: boolean;
  /** Show "Enter a real date as dd/mm/yyyy…" under the box itself (default); off where the form shows that message. */
  showFormatError?: boolean;
}

/**
 * The one date field of EduFam (issue 34): a text box that shows and accepts dd/mm/yyyy, as Kenya
 * writes dates, with a calendar button beside it (the browser's own date picker). The form gets the
 * YYYY-MM-DD day the API expects through `onValueChange`; text that is not a real day (31/04/2026,
 * 29/02/2027) gives '' (the text itself with `keepInvalidText`, so the form can refuse it) and, once
 * the box is left, "Enter a real date as dd/mm/yyyy" under it. `id`, `data-testid`, aria and other
 * input attributes go to the text box.
 */
export function DateField({ value, onValueChange, min, max, wrapperClassName, className, disabled, onBlur, keepInvalidText, showFormatError = true, 'data-testid': testId, ...rest }: DateFieldProps & { 'data-testid'?: string }) {
  const day = value ?? '';
  const [text, setText] = React.useState(() => formatDay(day));
  const [emitted, setEmitted] = React.useState(day);
  const [seen, setSeen] = React.useState(day);
  const [showInvalid, setShowInvalid] = React.useState(false);
  const picker = React.useRef<HTMLInputElement>(null);

  // The form changed the day itself (reset, prefill, picker of a sibling): show it. A day the field
  // emitted itself leaves the typed text alone (typing "1/3/2026" stays as typed until the box is left).
  if (day !== seen) {
    setSeen(day);
    if (day !== emitted) {
      setEmitted(day);
      setText(formatDay(day));
      setShowInvalid(false);
    }
  }

  const emit = (iso: string) => {
    if (iso === emitted) return;
    setEmitted(iso);
    onValueChange(iso);
  };

  const onText = (next: string) => {
    setText(next);
    const read = readDateText(next);
    if (!read.invalid) setShowInvalid(false);
    emit(read.invalid && keepInvalidText ? next.trim() : read.iso);
  };

  const openCalendar = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  };

  const read = readDateText(text);
  // Text that is not a day, once the box is left: the box is invalid; its own line says why unless the form does.
  const wrong = showInvalid && read.invalid;
  const invalid = wrong && showFormatError;
  const errorId = rest.id ? `${rest.id}-format` : undefined;

  return (
    <div className={cn('min-w-0', wrapperClassName)}>
      <div className="relative">
        <Input
          {...rest}
          data-testid={testId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={rest.placeholder ?? m.placeholder}
          pattern={DATE_PATTERN}
          title={rest.title ?? m.placeholder}
          value={text}
          disabled={disabled}
          onChange={(e) => onText(e.target.value)}
          onBlur={(e) => {
            if (read.invalid) setShowInvalid(true);
            else if (read.iso) setText(formatDay(read.iso));
            onBlur?.(e);
          }}
          aria-invalid={wrong || rest['aria-invalid'] || undefined}
          aria-describedby={cn(rest['aria-describedby'], invalid && errorId) || undefined}
          className={cn('pr-10 tabular-nums', className)}
        />
        <button
          type="button"
          onClick={openCalendar}
          disabled={disabled}
          aria-label={m.openCalendar}
          title={m.openCalendar}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60 [&_svg]:size-4"
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          <CalendarDays aria-hidden />
        </button>
        {/* The browser's calendar, opened by the button; never focused or read by assistive technology. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden
          className="pointer-events-none absolute right-0 bottom-0 h-px w-px opacity-0"
          value={read.iso || (read.invalid ? '' : day)}
          min={min}
          max={max}
          disabled={disabled}
          onChange={(e) => {
            const iso = e.target.value;
            setText(formatDay(iso));
            setShowInvalid(false);
            emit(iso);
          }}
        />
      </div>
      {invalid && (
        <p id={errorId} role="alert" className="mt-1.5 text-xs text-destructive">
          {m.invalid}
        </p>
      )}
    </div>
  );
}

/**
 * DateField bound to a react-hook-form field `name` (a YYYY-MM-DD string): '' when empty, or undefined
 * with `emptyAsUndefined` (optional dates the API wants left out), and the text as typed when it is not
 * a real day, so the form's schema (a calendar-date check) refuses it and nothing is saved without the
 * date that was meant (an optional date is not silently dropped). While the form shows that same
 * message for the field, the field's own format line steps aside (one message under the box).
 */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  emptyAsUndefined,
  ...props
}: Omit<DateFieldProps, 'value' | 'onValueChange' | 'keepInvalidText'> & { control: Control<T>; name: Path<T>; emptyAsUndefined?: boolean; 'data-testid'?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          value={typeof field.value === 'string' ? field.value : ''}
          onValueChange={(iso) => field.onChange(iso === '' && emptyAsUndefined ? undefined : iso)}
          onBlur={field.onBlur}
          keepInvalidText
          showFormatError={props.showFormatError !== false && fieldState.error?.message !== m.invalid}
          aria-invalid={props['aria-invalid'] || !!fieldState.error || undefined}
        />
      )}
    />
  );
}

/**
 * A labelled DateField with its server error under it (announced): the date twin of form-feedback's
 * InputField, same layout and ids (`${id}-error`).
 */
export function DateInputField({ id, label, error, className, ...field }: Omit<DateFieldProps, 'id'> & { id: string; label: string; error?: string; 'data-testid'?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <DateField id={id} aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} {...field} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
