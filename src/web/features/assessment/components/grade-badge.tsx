import { cn } from '@/lib/utils';

/**
 * A grade with its descriptor beside the code (issue 12 §1: "ME1 Good", "B+"), coloured by how high it
 * is on its scale: `rank` 0 = top band, `of` = number of bands.
 */
export function GradeBadge({ code, descriptor, rank, of, className }: { code: string; descriptor?: string | null; rank?: number; of?: number; className?: string }) {
  const share = rank !== undefined && of ? rank / Math.max(1, of - 1) : null;
  const tone =
    share === null
      ? 'bg-muted text-foreground'
      : share <= 0.25
        ? 'bg-emerald-500/12 text-emerald-800 dark:text-emerald-300'
        : share <= 0.5
          ? 'bg-sky-500/12 text-sky-800 dark:text-sky-300'
          : share <= 0.75
            ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300'
            : 'bg-rose-500/12 text-rose-800 dark:text-rose-300';
  return (
    <span className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium', tone, className)} data-testid="grade-badge">
      <span className="font-semibold">{code}</span>
      {descriptor ? (
        <>
          {' '}
          <span className="font-normal opacity-90">{descriptor}</span>
        </>
      ) : null}
    </span>
  );
}
