import * as React from 'react';
import { cn } from '@/lib/utils';
import { Input } from '@/components/ui/input';

/** Keeps the digits of a typed or pasted code ("123 456" → "123456"), at most 6. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * The 6-digit authenticator code field (issue 18 §2): one input, so paste and the phone's one-time-code
 * autofill work; numeric keyboard on phones; large spaced digits. `onComplete` fires once when the
 * sixth digit arrives (auto-submit), again only after the code changes.
 */
export function OneTimeCodeInput({
  id,
  value,
  onChange,
  onComplete,
  disabled,
  invalid,
  describedBy,
  autoFocus,
  size = 'lg',
  testId,
  label,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  size?: 'lg' | 'md';
  testId?: string;
  /** aria-label when there is no visible <label htmlFor={id}>. */
  label?: string;
}) {
  const lastCompleted = React.useRef<string | null>(null);
  function change(raw: string) {
    const next = digitsOnly(raw);
    onChange(next);
    if (next.length === 6 && lastCompleted.current !== next) {
      lastCompleted.current = next;
      onComplete?.(next);
    }
    if (next.length < 6) lastCompleted.current = null;
  }
  return (
    <Input
      id={id}
      name="one-time-code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={7}
      placeholder="000000"
      value={value}
      onChange={(e) => change(e.target.value)}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-label={label}
      autoFocus={autoFocus}
      spellCheck={false}
      data-testid={testId}
      className={cn(
        'text-center font-mono font-semibold tabular-nums placeholder:text-muted-foreground/35',
        size === 'lg' ? 'h-14 text-2xl tracking-[0.5em] indent-[0.5em]' : 'h-11 text-lg tracking-[0.35em] indent-[0.35em]',
      )}
    />
  );
}
