import * as React from 'react';
import type { ClassItem } from '@shared/contracts/classes';
import { messages } from '@shared/messages';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectGroup, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectGroupHeading, SelectItemWithNote } from '@/components/select-parts';

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
            <SelectGroupHeading>{g.level}</SelectGroupHeading>
            {g.classes.map((c) => {
              const full = c.learnerCount >= c.capacity && c.id !== ownClassId;
              return (
                <SelectItemWithNote
                  key={c.id}
                  value={c.id}
                  text={c.name}
                  note={
                    <>
                      {full && `${m.classFull} · `}
                      {m.classCapacity(c.learnerCount, c.capacity)}
                    </>
                  }
                  noteClassName={cn('ml-auto text-xs tabular-nums', full ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-muted-foreground')}
                  testId="class-option"
                />
              );
            })}
          </SelectGroup>
        ))}
      </SelectContent>
    </Select>
  );
}
