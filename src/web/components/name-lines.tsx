import type * as React from 'react';

/**
 * A row's or a card's heading: the name in medium weight over a smaller muted detail line (stream and
 * teacher, term, admission number...), each cut with an ellipsis when it does not fit; `nameTestId`
 * marks the name.
 */
export function NameLines({ name, detail, nameTestId }: { name: React.ReactNode; detail: React.ReactNode; nameTestId?: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium" data-testid={nameTestId}>
        {name}
      </p>
      <p className="truncate text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}
