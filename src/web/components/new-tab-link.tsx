import * as React from 'react';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A button that opens `href` (a PDF: invoice, receipt, statement) in a new tab: `icon`, if any, then
 * `children`. `variant`, `size` and `className` style the button; `onClick` goes to the link.
 */
export function NewTabButton({
  href,
  testId,
  icon,
  variant,
  size,
  className,
  onClick,
  children,
}: {
  href: string;
  testId?: string;
  icon?: React.ReactNode;
  variant?: React.ComponentProps<typeof Button>['variant'];
  size?: React.ComponentProps<typeof Button>['size'];
  className?: string;
  onClick?: React.MouseEventHandler<HTMLAnchorElement>;
  children?: React.ReactNode;
}) {
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <a href={href} target="_blank" rel="noreferrer" onClick={onClick} data-testid={testId}>
        {icon}
        {children}
      </a>
    </Button>
  );
}

/**
 * The small download-icon button of a list row that opens a PDF in a new tab; `label` is its accessible
 * name and its tooltip (`title` when the tooltip says less). `className` replaces the default
 * `size-8 text-muted-foreground` (e.g. to add `shrink-0`).
 */
export function PdfIconLink({
  href,
  label,
  title = label,
  testId,
  className = 'size-8 text-muted-foreground',
  onClick,
}: {
  href: string;
  label: string;
  title?: string;
  testId?: string;
  className?: string;
  onClick?: React.MouseEventHandler<HTMLAnchorElement>;
}) {
  return (
    <Button variant="ghost" size="icon" className={className} asChild>
      <a href={href} target="_blank" rel="noreferrer" aria-label={label} title={title} onClick={onClick} data-testid={testId}>
        <FileDown aria-hidden />
      </a>
    </Button>
  );
}
