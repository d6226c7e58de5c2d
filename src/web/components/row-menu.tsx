import type * as React from 'react';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/**
 * A card's or row's "⋯" actions menu: a ghost icon button (`label` its accessible name, `testId` its
 * test id, `triggerClassName` its classes, `size-8` by default) opening `children` (menu items, e.g.
 * `IconMenuItem`s) aligned to its end.
 */
export function RowMenu({ label, testId, triggerClassName = 'size-8', children }: { label: string; testId: string; triggerClassName?: string; children: React.ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={triggerClassName} aria-label={label} data-testid={testId}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * One menu item: its icon then `label`. `danger` paints it in the destructive colour and `separated`
 * draws a line above it (the usual Delete at a menu's foot); `className` adds classes.
 */
export function IconMenuItem({
  icon: Icon,
  label,
  onSelect,
  testId,
  danger,
  separated,
  className,
}: {
  icon: LucideIcon;
  label: React.ReactNode;
  onSelect: () => void;
  testId: string;
  danger?: boolean;
  separated?: boolean;
  className?: string;
}) {
  return (
    <>
      {separated && <DropdownMenuSeparator />}
      <DropdownMenuItem onSelect={onSelect} className={cn(danger && 'text-destructive focus:text-destructive', className) || undefined} data-testid={testId}>
        <Icon aria-hidden />
        {label}
      </DropdownMenuItem>
    </>
  );
}
