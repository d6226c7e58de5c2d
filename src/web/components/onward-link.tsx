import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A small outline button that opens another screen of the app (`to`, a router path): `children` (its
 * wording) followed by a right arrow. `className` places the button (e.g. `mt-auto self-start` at a
 * card's foot); `testId` goes on the link.
 */
export function OnwardLink({ to, testId, className, children }: { to: string; testId?: string; className?: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <Link to={to} data-testid={testId}>
        {children}
        <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
}
