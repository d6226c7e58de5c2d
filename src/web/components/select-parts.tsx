import type * as React from 'react';
import { Select as SelectPrimitive } from 'radix-ui';
import { Check } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A group's heading inside a `SelectContent` (a level above its streams): small, upper case, muted. */
export function SelectGroupHeading({ children }: { children: React.ReactNode }) {
  return <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{children}</SelectPrimitive.Label>;
}

/**
 * A select choice with a note on the right (a stream's learners, "34/45"): the check mark of the
 * chosen one, `text` (what the closed select shows) and the note in a span of `noteClassName`.
 */
export function SelectItemWithNote({ value, text, note, noteClassName, testId }: { value: string; text: string; note: React.ReactNode; noteClassName: string; testId?: string }) {
  return (
    <SelectPrimitive.Item
      value={value}
      className="relative flex w-full cursor-pointer items-center gap-3 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
      data-testid={testId}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{text}</SelectPrimitive.ItemText>
      <span className={noteClassName}>{note}</span>
    </SelectPrimitive.Item>
  );
}

/** The `SelectItem`s of rows with an id and a name: each row's id is the value and its name the text. */
export function NameSelectItems({ items }: { items: readonly { id: string; name: string }[] }) {
  return (
    <>
      {items.map((x) => (
        <SelectItem key={x.id} value={x.id}>
          {x.name}
        </SelectItem>
      ))}
    </>
  );
}

/** The `SelectItem`s of value/label choices (a `FormSelect`'s options, a filter's or picker's list). */
export function OptionSelectItems({ options }: { options: readonly { value: string; label: React.ReactNode }[] }) {
  return (
    <>
      {options.map((o) => (
        <SelectItem key={o.value} value={o.value}>
          {o.label}
        </SelectItem>
      ))}
    </>
  );
}

/**
 * A one-of-a-list select over value/label `options`: `value` ('' for none: `placeholder` shows),
 * `onValueChange` with the picked value; `trigger` goes to the trigger button (id, ref, aria
 * attributes, classes, test id).
 */
export function OptionSelect({
  value,
  onValueChange,
  disabled,
  options,
  placeholder,
  trigger,
}: {
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  options: readonly { value: string; label: React.ReactNode }[];
  placeholder?: string;
  trigger: React.ComponentProps<typeof SelectTrigger> & { 'data-testid'?: string };
}) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        <OptionSelectItems options={options} />
      </SelectContent>
    </Select>
  );
}
