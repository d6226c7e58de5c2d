import { cn } from '@/lib/utils';

/** The EduFam mark: a mortarboard on a rounded teal tile (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M8 11l8-4 8 4-8 4-8-4zm3 3.5v4.5c0 1.7 2.2 3 5 3s5-1.3 5-3v-4.5l-5 2.5-5-2.5z" fill="#fff" />
    </svg>
  );
}

/** Mark plus the product name. */
export function Wordmark({ className, tone = 'default' }: { className?: string; tone?: 'default' | 'inverted' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={tone === 'inverted' ? 'ring-1 ring-white/25 rounded-lg' : undefined} />
      <span className={cn('text-lg font-semibold tracking-tight', tone === 'inverted' ? 'text-white' : 'text-foreground')}>EduFam</span>
    </span>
  );
}
