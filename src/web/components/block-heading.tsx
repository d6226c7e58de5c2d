import type * as React from 'react';

/**
 * The heading of a block inside a page (a staff list, a settings tab): its title as an h2 over a muted
 * description line, at most 42 rem wide.
 */
export function BlockHeading({ title, description }: { title: React.ReactNode; description: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
