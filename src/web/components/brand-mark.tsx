import { GraduationCap } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The EduFam logo mark: a graduation cap on the primary colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-primary/75 text-primary-foreground shadow-sm ring-1 ring-inset ring-white/15',
        className,
      )}
    >
      <GraduationCap className="size-[1.15rem]" strokeWidth={2.2} />
    </span>
  );
}
