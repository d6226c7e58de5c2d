import type * as React from 'react';
import { Popover } from 'radix-ui';
import { cn } from '@/lib/utils';

/**
 * A popover's panel, in a portal above the page: 8 px from its trigger and kept 12 px inside the window,
 * with the popover colours and a border. `className` gives its width, rounding and shadow; the other
 * props are Radix `Popover.Content`'s (align, test id, key handlers).
 */
export function PopoverPanel({ className, ...props }: React.ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content sideOffset={8} collisionPadding={12} {...props} className={cn('z-50 overflow-hidden border bg-popover text-popover-foreground', className)} />
    </Popover.Portal>
  );
}
