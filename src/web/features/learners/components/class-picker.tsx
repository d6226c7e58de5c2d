import * as React from 'react';
import { Select as SelectPrimitive } from 'radix-ui';
import { Check } from 'lucide-react';
import type { ClassItem } from '@shared/contracts/classes';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectGroup, SelectTrigger, SelectValue } from '@/components/ui/select';

import { groupByLevel } from '../learner-forms';

const m = messages.learners.admission;

/**
 * The class picker of the admission and edit forms: streams grouped by level, each with its learners
 * against capacity ("34/45"); a full stream is marked (the server warns and the principal may admit
 * anyway). `ownClassId`: the learner's current class, which their move does not fill further.
 */
export function ClassPicker({
  classes,
  value,
  onChange,
  onBlur,
  id,
  invalid,
  disabled,
  ownClassId,
  testId,
}: {
  classes: ClassItem[];
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  id: string;
  invalid?: Record<string, unknown>;
  disabled?: boolean;
  ownClassId?: string | null;
  testId?: string;
}) {
  const groups = React.useMemo(() => groupByLevel(classes), [classes]);
  return (
    <Select value={value || undefined} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} onBlur={onBlur} {...invalid} data-testid={testId}>
        <SelectValue placeholder={m.classPlaceholder} />
      </SelectTrigger>
      <SelectContent className="max-h-96">
        {groups.map((g) => (
          <SelectGroup key={g.level}>
            <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{g.level}</SelectPrimitive.Label>
            {g.classes.map((c) => {
              const full = c.learnerCount >= c.capacity && c.id !== ownClassId;
              return (
                <SelectPrimitive.Item
                  key={c.id}
                  value={c.id}
                  className="relative flex w-full cursor-pointer items-center gap-3 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
                  data-testid="class-option"
                >
                  <span className="absolute left-2 flex size-4 items-center justify-center">
                    <SelectPrimitive.ItemIndicator>
                      <Check className="size-4" />
                    </SelectPrimitive.ItemIndicator>
                  </span>
                  <SelectPrimitive.ItemText>{c.name}</SelectPrimitive.ItemText>
                  <span className={cn('ml-auto text-xs tabular-nums', full ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground')}>
                    {full && `${m.classFull} · `}
                    {m.classCapacity(c.learnerCount, c.capacity)}
                  </span>
                </SelectPrimitive.Item>
              );
            })}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
