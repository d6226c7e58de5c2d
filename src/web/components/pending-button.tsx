import type * as React from 'react';
import { Loader2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * A Button whose icon turns into a spinner while `pending`. It is disabled while pending unless
 * `disabled` is given (then that alone decides). The other props go to the Button.
 */
export function PendingButton({
  pending,
  icon: Icon,
  disabled,
  children,
  ...props
}: React.ComponentProps<typeof Button> & { pending: boolean; icon: LucideIcon }) {
  return (
    <Button disabled={disabled ?? pending} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
      {children}
    </Button>
  );
}
