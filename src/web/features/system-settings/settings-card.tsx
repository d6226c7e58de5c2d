import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { IconBadge } from '@/components/icon-badge';

/** A titled card of the System Settings forms: icon, title, optional description, then the fields. */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  actions,
  children,
  className,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={cn('flex min-w-0 flex-col rounded-xl border bg-card shadow-sm', className)} data-testid={testId}>
      <header className="flex items-start justify-between gap-3 border-b px-4 py-4 sm:px-5">
        <div className="flex min-w-0 items-start gap-3">
          <IconBadge icon={Icon} className="mt-0.5 size-8 rounded-lg bg-primary/10 text-primary" />
          <div className="min-w-0">
            <h2 className="text-sm font-semibold">{title}</h2>
            {description && <p className="mt-0.5 text-xs leading-relaxed text-muted-foreground">{description}</p>}
          </div>
        </div>
        {actions}
      </header>
      <div className="min-w-0 flex-1 p-4 sm:p-5">{children}</div>
    </section>
  );
}
