import * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Switch } from '@/components/ui/switch';

/**
 * A setting turned on and off: a bordered row with the icon and label (a label for the switch), the
 * explanation under it (`textId`, the switch's description; `textClassName` its classes), anything
 * more (`children`: a sample, the current state) and the switch on the right.
 */
export function SwitchRow({
  id,
  icon: Icon,
  label,
  text,
  textId,
  textClassName,
  checked,
  onCheckedChange,
  disabled,
  testId,
  children,
}: {
  id: string;
  icon: LucideIcon;
  label: React.ReactNode;
  text: React.ReactNode;
  textId: string;
  textClassName: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="flex cursor-pointer items-center gap-1.5 text-sm font-medium">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {label}
        </label>
        <p id={textId} className={textClassName}>
          {text}
        </p>
        {children}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={textId} data-testid={testId} />
    </div>
  );
}
