import * as React from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { commonActions } from '@shared/messages/common-actions';

/** A panel sliding in from a screen edge (Radix Dialog): Escape, overlay click and focus trap included. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

export function SheetContent({
  className,
  children,
  side = 'left',
  hideClose,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right'; hideClose?: boolean }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay
        data-testid="sheet-overlay"
        className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px] transition-opacity duration-150 starting:opacity-0"
      />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-full flex-col bg-sidebar text-sidebar-foreground shadow-2xl outline-none',
          side === 'left'
            ? 'left-0 border-r border-sidebar-border transition-transform duration-200 ease-out starting:-translate-x-full'
            : 'right-0 border-l border-sidebar-border transition-transform duration-200 ease-out starting:translate-x-full',
          className,
        )}
        {...props}
      >
        {children}
        {!hideClose && (
          <SheetPrimitive.Close
            className="absolute right-3 top-3 rounded-md p-1 text-muted-foreground opacity-80 transition hover:bg-sidebar-accent hover:opacity-100"
            aria-label={commonActions.close}
          >
            <X className="size-4" />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-base font-semibold', className)} {...props} />;
}
export function SheetDescription({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
