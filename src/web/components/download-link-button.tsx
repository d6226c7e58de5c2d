import type * as React from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A plain link to a file the server makes (`href`, downloaded by the browser itself, cookies included),
 * shown as a button with a download icon: the KEMIS sheet, the consent register.
 */
export function DownloadLinkButton({ href, variant = 'default', testId, children }: { href: string; variant?: 'default' | 'outline'; testId: string; children: React.ReactNode }) {
  return (
    <Button asChild variant={variant}>
      <a href={href} download data-testid={testId}>
        <Download className="size-4" aria-hidden />
        {children}
      </a>
    </Button>
  );
}
