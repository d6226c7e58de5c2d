import { SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A record sheet while its record loads: a heading and two blocks of grey bars, with `title` as the
 * sheet's (hidden) title and description so the dialog stays named.
 */
export function SheetLoading({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-4 p-6" aria-busy="true">
      <SheetTitle className="sr-only">{title}</SheetTitle>
      <SheetDescription className="sr-only">{title}</SheetDescription>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * A sheet's body while its record loads, for sheets without a description: `title` as the sheet's
 * hidden title, a heading bar, then one grey block per entry of `blocks` (each a Tailwind height class).
 */
export function SheetSkeleton({ title, blocks }: { title: string; blocks: readonly string[] }) {
  return (
    <div className="grid gap-3 p-5">
      <SheetTitle className="sr-only">{title}</SheetTitle>
      <Skeleton className="h-8 w-2/3" />
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}
