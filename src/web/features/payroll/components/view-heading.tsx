import { cn } from '@/lib/utils';

/**
 * The heading of a payroll tab's card: its title over a one-line description (`spaced` puts 2 px
 * between them).
 */
export function ViewHeading({ title, description, spaced = false }: { title: string; description: string; spaced?: boolean }) {
  return (
    <div className="min-w-0">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className={cn('text-sm text-muted-foreground', spaced && 'mt-0.5')}>{description}</p>
    </div>
  );
}
