import type * as React from 'react';

/** One choice of a `ChoiceButtons` group: the value it picks, and whether it can be picked now. */
export type Choice<V extends string> = { value: V; disabled?: boolean };

/**
 * One-of-a-few choices as a row of buttons, the chosen one marked: a radio group (`role="radiogroup"`,
 * each button `role="radio"` with `aria-checked`), or with `tabs` a tab list whose tabs control the
 * panel `tabs.controls`, if given (`aria-selected`). The screen draws the buttons: `buttonClassName(option, on)`,
 * the content `children(option, on)`, the test id `buttonTestId(option)`, any further `data-*` attributes
 * `buttonData(option)` and, for buttons whose content is short, an accessible name and tooltip
 * `buttonLabel(option)`. `disabled` disables every button; an option's own `disabled` only it.
 */
export function ChoiceButtons<V extends string, O extends Choice<V>>({
  options,
  value,
  onChange,
  label,
  className,
  testId,
  tabs,
  disabled,
  buttonClassName,
  buttonTestId,
  buttonLabel,
  buttonData,
  children,
}: {
  options: readonly O[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  label: string;
  className?: string;
  testId?: string;
  tabs?: { controls?: string };
  disabled?: boolean;
  buttonClassName: (option: O, on: boolean) => string;
  buttonTestId: (option: O) => string;
  buttonLabel?: (option: O) => string;
  buttonData?: (option: O) => { [attribute: `data-${string}`]: string };
  children: (option: O, on: boolean) => React.ReactNode;
}) {
  return (
    <div role={tabs ? 'tablist' : 'radiogroup'} aria-label={label} className={className} data-testid={testId}>
      {options.map((option) => {
        const on = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role={tabs ? 'tab' : 'radio'}
            aria-checked={tabs ? undefined : on}
            aria-selected={tabs ? on : undefined}
            aria-controls={tabs?.controls}
            aria-label={buttonLabel?.(option)}
            title={buttonLabel?.(option)}
            disabled={disabled || option.disabled}
            onClick={() => onChange(option.value)}
            className={buttonClassName(option, on)}
            data-testid={buttonTestId(option)}
            {...buttonData?.(option)}
          >
            {children(option, on)}
          </button>
        );
      })}
    </div>
  );
}
